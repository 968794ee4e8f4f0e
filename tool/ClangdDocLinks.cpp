//===--- ClangdDocLinks.cpp - torch-* links in clangd's LSP output --------===//
#include "ClangdDocLinks.h"

#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

namespace torchlint {

namespace {

constexpr llvm::StringLiteral ClangTidyPages =
    "https://clang.llvm.org/extra/clang-tidy/checks/torch/";

bool writeAll(int Fd, llvm::StringRef Data) {
  while (!Data.empty()) {
    const ssize_t Written = ::write(Fd, Data.data(), Data.size());
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0)
      return false;
    Data = Data.drop_front(static_cast<size_t>(Written));
  }
  return true;
}

} // namespace

std::string ClangdDocLinks::rewrite(llvm::StringRef Body,
                                    llvm::StringRef DocsUrl) {
  std::string Out;
  Out.reserve(Body.size());
  while (true) {
    const size_t At = Body.find(ClangTidyPages);
    if (At == llvm::StringRef::npos)
      break;
    // "…/checks/torch/factory-without-device.html" ->
    // "<docs>/torch-factory-without-device.md"
    llvm::StringRef Rest = Body.substr(At + ClangTidyPages.size());
    const size_t End = Rest.find(".html");
    if (End == llvm::StringRef::npos || Rest.take_front(End).contains('"'))
      break;
    Out += Body.take_front(At);
    Out += DocsUrl;
    Out += "/torch-";
    Out += Rest.take_front(End);
    Out += ".md";
    Body = Rest.drop_front(End + 5);
  }
  Out += Body;
  return Out;
}

ClangdDocLinks::ClangdDocLinks(std::string DocsUrl)
    : DocsUrl(std::move(DocsUrl)) {
  int Pipe[2];
  llvm::outs().flush();
  if (::pipe(Pipe) != 0)
    return;
  RealOutput = ::dup(STDOUT_FILENO);
  if (RealOutput < 0 || ::dup2(Pipe[1], STDOUT_FILENO) < 0) {
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return;
  }
  ::close(Pipe[1]);
  PipeRead = Pipe[0];
  Forwarder = std::thread([this] { forward(); });
}

ClangdDocLinks::~ClangdDocLinks() {
  if (!Forwarder.joinable())
    return;
  llvm::outs().flush();
  // The forwarder sees the end of the pipe once no one writes to it.
  const int Null = ::open("/dev/null", O_WRONLY);
  ::dup2(Null >= 0 ? Null : RealOutput, STDOUT_FILENO);
  if (Null >= 0)
    ::close(Null);
  Forwarder.join();
  ::dup2(RealOutput, STDOUT_FILENO);
  ::close(RealOutput);
}

void ClangdDocLinks::forward() {
  // LSP frames: "Content-Length: N\r\n...\r\n\r\n" then N bytes. Anything
  // else (a --check report) is passed on as it is.
  std::string Pending;
  char Buffer[65536];
  bool Open = true;
  while (Open || !Pending.empty()) {
    if (Open) {
      const ssize_t Read = ::read(PipeRead, Buffer, sizeof(Buffer));
      if (Read < 0 && errno == EINTR)
        continue;
      if (Read <= 0)
        Open = false;
      else
        Pending.append(Buffer, static_cast<size_t>(Read));
    }
    while (true) {
      llvm::StringRef Data(Pending);
      const size_t HeaderEnd = Data.find("\r\n\r\n");
      size_t Length = 0;
      const size_t LengthAt = Data.find("Content-Length:");
      if (HeaderEnd == llvm::StringRef::npos || LengthAt != 0 ||
          Data.substr(15, HeaderEnd - 15)
              .split("\r\n")
              .first.trim()
              .getAsInteger(10, Length)) {
        // Not a frame (or not yet a whole header): pass on what cannot
        // start one, keep the rest.
        if (LengthAt == llvm::StringRef::npos || !Open) {
          if (!Open || Data.size() > 64) {
            writeAll(RealOutput, Data);
            Pending.clear();
          }
        } else if (LengthAt > 0) {
          writeAll(RealOutput, Data.take_front(LengthAt));
          Pending.erase(0, LengthAt);
          continue;
        }
        break;
      }
      if (Data.size() < HeaderEnd + 4 + Length) {
        if (!Open) {
          writeAll(RealOutput, Data);
          Pending.clear();
        }
        break;
      }
      const std::string Body =
          rewrite(Data.substr(HeaderEnd + 4, Length), DocsUrl);
      writeAll(RealOutput, "Content-Length: " + std::to_string(Body.size()) +
                               "\r\n\r\n" + Body);
      Pending.erase(0, HeaderEnd + 4 + Length);
    }
  }
  ::close(PipeRead);
}

} // namespace torchlint
