// Test-only faithful subset of libtorch 1.13.1: c10/core/Device.h
// NB: there is no `Device(const char*)` constructor in the real header either:
// `Device("cuda:0")` goes through the implicit std::string constructor.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header
// COPY c10/core/Device.h 2-12

using DeviceIndex = int8_t;

// COPY c10/core/Device.h 30-31

  /* implicit */ Device(DeviceType type, DeviceIndex index = -1)
      : type_(type), index_(index) {}

  /* implicit */ Device(const std::string& device_string);

// COPY c10/core/Device.h 49-51

// COPY c10/core/Device.h 55-57

// COPY c10/core/Device.h 60-62

  DeviceType type() const noexcept {
    return type_;
  }

// COPY c10/core/Device.h 70-72

// COPY c10/core/Device.h 75-77

// COPY c10/core/Device.h 80-82

// COPY c10/core/Device.h 85-87

// COPY c10/core/Device.h 90-92

// COPY c10/core/Device.h 95-97

// COPY c10/core/Device.h 100-102

// COPY c10/core/Device.h 105-107

// COPY c10/core/Device.h 110-112

// COPY c10/core/Device.h 115-117

// COPY c10/core/Device.h 120-122

// COPY c10/core/Device.h 125-127

// COPY c10/core/Device.h 130-132

// COPY c10/core/Device.h 135-137

// COPY c10/core/Device.h 140-142

// COPY c10/core/Device.h 145-147

// COPY c10/core/Device.h 150-153

// COPY c10/core/Device.h 156-160
// COPY c10/core/Device.h 175-184
// COPY c10/core/Device.h 199-205
