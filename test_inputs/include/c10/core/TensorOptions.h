// Test-only faithful subset of libtorch 1.13.1: c10/core/TensorOptions.h
//
// NB (mirrors the real header):
//  * there is NO TensorOptions(DeviceType) constructor: `TensorOptions(kCUDA)`
//    and `{kCUDA, 1}` go through the variadic template constructor that
//    forwards to Device(...);
//  * dtype() getter returns caffe2::TypeMeta, not ScalarType;
//  * builder methods are const and return a new TensorOptions, except the
//    template dtype<T>() which mutates and returns TensorOptions&.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

// COPY c10/core/TensorOptions.h 4-5
// COPY c10/core/TensorOptions.h 7-10
#include <c10/macros/Macros.h>
// COPY c10/core/TensorOptions.h 14-17
#include <string>
#include <type_traits>
#include <utility>

namespace c10 {
// COPY c10/core/TensorOptions.h 26-46
// COPY c10/core/TensorOptions.h 134-144

// COPY c10/core/TensorOptions.h 147-149

// COPY c10/core/TensorOptions.h 153-158

// COPY c10/core/TensorOptions.h 168-173

// COPY c10/core/TensorOptions.h 176-178

// COPY c10/core/TensorOptions.h 181-183

// COPY c10/core/TensorOptions.h 186-188

// COPY c10/core/TensorOptions.h 192-197

// COPY c10/core/TensorOptions.h 202-206

// COPY c10/core/TensorOptions.h 213-216

// COPY c10/core/TensorOptions.h 219-224

// COPY c10/core/TensorOptions.h 227-232

// COPY c10/core/TensorOptions.h 235-240

// COPY c10/core/TensorOptions.h 243-248

// COPY c10/core/TensorOptions.h 251-256

// COPY c10/core/TensorOptions.h 259-264

// COPY c10/core/TensorOptions.h 267-272

// COPY c10/core/TensorOptions.h 275-277

// COPY c10/core/TensorOptions.h 280-282

// COPY c10/core/TensorOptions.h 286-288

// COPY c10/core/TensorOptions.h 291-293

// COPY c10/core/TensorOptions.h 296-298

// COPY c10/core/TensorOptions.h 301-303

// COPY c10/core/TensorOptions.h 307-309

// COPY c10/core/TensorOptions.h 312-314

// COPY c10/core/TensorOptions.h 317-319

// COPY c10/core/TensorOptions.h 323-325

// COPY c10/core/TensorOptions.h 328-330

// COPY c10/core/TensorOptions.h 333-335

// COPY c10/core/TensorOptions.h 339-342

// COPY c10/core/TensorOptions.h 345-347

// COPY c10/core/TensorOptions.h 350-352

// COPY c10/core/TensorOptions.h 355-361

  bool type_equal(const TensorOptions& other) const;

// COPY c10/core/TensorOptions.h 371-374

// COPY c10/core/TensorOptions.h 377-379


// COPY c10/core/TensorOptions.h 386-389

// COPY c10/core/TensorOptions.h 407-414
// COPY c10/core/TensorOptions.h 416-423

// COPY c10/core/TensorOptions.h 426-433

 private:
  // to actually publish them.  They will become public once we figure out
  // how to actually do it.

// COPY c10/core/TensorOptions.h 458-465

// COPY c10/core/TensorOptions.h 468-475

// COPY c10/core/TensorOptions.h 478-485

// COPY c10/core/TensorOptions.h 488-495

// COPY c10/core/TensorOptions.h 498-505

// COPY c10/core/TensorOptions.h 508-515

// COPY c10/core/TensorOptions.h 518-525
// COPY c10/core/TensorOptions.h 538-542

// COPY c10/core/TensorOptions.h 545-556

// words is too much.  (We are making assumptions about word size here.)
// NB: This is checked at compile time for faithfulness with the real header.
// COPY c10/core/TensorOptions.h 561-563

// COPY c10/core/TensorOptions.h 567-569

// COPY c10/core/TensorOptions.h 572-574

// COPY c10/core/TensorOptions.h 578-580

// COPY c10/core/TensorOptions.h 584-586

// COPY c10/core/TensorOptions.h 590-593

// COPY c10/core/TensorOptions.h 597-599

// COPY c10/core/TensorOptions.h 603-614

std::string toString(const TensorOptions options);

} // namespace c10
