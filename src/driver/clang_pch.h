// OpenCL C's default header (opencl-c-base.h) precompiled once per clang
// version and option set, for the in-process front end (clang_pch.cpp).
#ifndef WAVECC_DRIVER_CLANG_PCH_H
#define WAVECC_DRIVER_CLANG_PCH_H

#include <string>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SHA256.h"

namespace clang {
class CompilerInvocation;
}

// The path of the PCH of the default header for compiles with `inv`
// (built now when it does not exist yet), or "" when there is none to use
// (WAVECC_NO_PCH=1, not OpenCL with -finclude-default-header and
// -fdeclare-opencl-builtins, no cache directory, or building it failed).
// `cc1_key`: the cc1 arguments that may differ between compiles, less the
// ones naming the input (they go into the file's name with clang's
// version and the header's size and time).
std::string wavecc_default_header_pch(const clang::CompilerInvocation &inv, llvm::ArrayRef<std::string> cc1_key);

// The code-object cache's directory (src/driver/cache.c, cache_dir), where
// the front end's own program-independent files live too (the PCH above,
// libclc subsets: libclc_split.h): $WAVECC_CACHE_DIR, else
// $XDG_CACHE_HOME/wavecc, else ~/.cache/wavecc; "" when none can be named.
std::string wavecc_frontend_cache_dir();

// The naming of those files: `s` added to the hash `h` with its length (so
// that consecutive strings cannot run into each other), and the digest of
// `h` in lower-case hex (64 characters; `h` is spent).
void wavecc_key_add(llvm::SHA256 &h, llvm::StringRef s);
std::string wavecc_key_hex(llvm::SHA256 &h);

#endif
