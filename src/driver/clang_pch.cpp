// OpenCL C's default header, precompiled once (clang_pch.h).
//
// Every compile parses clang's opencl-c-base.h (-finclude-default-header
// with -fdeclare-opencl-builtins) before the program: 3.5 million
// instructions of app_transpose's 47.8 million in clang-19 -cc1
// (callgrind, 2026-11-29), and the same bitcode with the header loaded
// from a PCH instead. Oclgrind does the same with its own header.
//
// The PCH is built with the program's own cc1 options (so clang's checks
// of language, target and macro options when loading it pass), from the
// header itself as the main file: the compile's implicit include of the
// header then finds its include guard defined by the PCH and reads
// nothing. It lives in the code-object cache's directory under pch/,
// named by a hash of the clang version, those options and the header's
// size and time: a different clang, option set or header is another
// file, never a stale one. clang writes it to a temporary file and
// renames it, so concurrent compiles never read a partial one.
//
// --no-cache / WAVECC_NO_CACHE do not turn it off: like the compiler
// itself, it depends only on the installed clang and the options, never on
// the program (the code-object cache is what those switches are about).
// WAVECC_NO_PCH=1 does. Any failure (no directory, a build error, a PCH
// clang refuses) means compiling without it: clang_frontend.cpp retries a
// failed compile without the PCH, so messages are those of a plain compile.
#include "driver/clang_pch.h"

#include <array>
#include <cstdlib>
#include <cstring>

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

void wavecc_key_add(SHA256 &h, StringRef s) {
  uint64_t n = s.size();
  h.update(ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(&n), sizeof n));
  h.update(s);
}

std::string wavecc_key_hex(SHA256 &h) {
  std::array<uint8_t, 32> digest = h.final();
  std::string name;
  for (uint8_t b : digest) {
    static const char hex[] = "0123456789abcdef";
    name += hex[b >> 4];
    name += hex[b & 15];
  }
  return name;
}

std::string wavecc_frontend_cache_dir() {
  const char *d = std::getenv("WAVECC_CACHE_DIR");
  if (d && *d) return d;
  const char *x = std::getenv("XDG_CACHE_HOME");
  if (x && *x == '/') return std::string(x) + "/wavecc";
  const char *h = std::getenv("HOME");
  if (h && *h == '/') return std::string(h) + "/.cache/wavecc";
  return "";
}

std::string wavecc_default_header_pch(const clang::CompilerInvocation &inv, ArrayRef<std::string> cc1_key) {
  const char *off = std::getenv("WAVECC_NO_PCH");
  if (off && *off && std::strcmp(off, "0") != 0) return "";
  const clang::LangOptions &lang = inv.getLangOpts();
  if (!lang.OpenCL || !lang.IncludeDefaultHeader || !lang.DeclareOpenCLBuiltins) return "";
  if (!inv.getPreprocessorOpts().ImplicitPCHInclude.empty()) return "";
  std::string dir = wavecc_frontend_cache_dir();
  if (dir.empty()) return "";
  std::string header = inv.getHeaderSearchOpts().ResourceDir + "/include/opencl-c-base.h";
  sys::fs::file_status st;
  if (sys::fs::status(header, st) || !sys::fs::is_regular_file(st)) return "";
  SHA256 h;
  wavecc_key_add(h, "wavecc default-header pch 1");
  wavecc_key_add(h, clang::getClangFullVersion());
  wavecc_key_add(h, header);
  wavecc_key_add(h, std::to_string(st.getSize()) + " " +
                 std::to_string(st.getLastModificationTime().time_since_epoch().count()));
  for (const std::string &a : cc1_key) wavecc_key_add(h, a);
  std::string name = wavecc_key_hex(h);
  std::string path = dir + "/pch/" + name + ".pch";
  if (sys::fs::exists(path)) return path;
  if (sys::fs::create_directories(dir + "/pch")) return "";

  // Build it: the program's invocation, the header as the main file.
  auto pinv = std::make_shared<clang::CompilerInvocation>(inv);
  clang::FrontendOptions &fe = pinv->getFrontendOpts();
  fe.ProgramAction = clang::frontend::GeneratePCH;
  fe.OutputFile = path;
  fe.Inputs.clear();
  fe.Inputs.emplace_back(header, clang::InputKind(clang::Language::OpenCL).getHeader());
  pinv->getPreprocessorOpts().clearRemappedFiles();
  pinv->getDependencyOutputOpts() = clang::DependencyOutputOptions();
  std::string sink;
  raw_string_ostream msgs(sink);
  clang::CompilerInstance ci;
  ci.setInvocation(std::move(pinv));
  ci.createDiagnostics(new clang::TextDiagnosticPrinter(msgs, &ci.getDiagnosticOpts()), true);
  clang::GeneratePCHAction action;
  if (!ci.ExecuteAction(action) || ci.getDiagnostics().hasErrorOccurred() || !sys::fs::exists(path)) return "";
  return path;
}
