// libclc pre-split (issue 28): libclc's bitcode cut once, at build time,
// into one small module per definition, so that a compile reads only the
// builtins its program reaches instead of the whole 10 MB library.
// Part of libwavecc-clang.so (C++, LLVM's libraries); the C entry point
// that writes a split file is wavecc_clang_split_libclc (clang_frontend.h).
//
// Fidelity: the compile still links the way `llvm-link --only-needed
// --internalize` did (clang_frontend.cpp, link_libclc). The split only
// builds, from the pieces, a smaller library module holding every
// definition the program can reach, in libclc's own order, with the
// same bodies; linking the program against that module gives the module
// that linking against all of libclc gave (tests/libclc-split checks the
// optimised bitcode is byte-identical over the corpus).
#ifndef WAVECC_DRIVER_LIBCLC_SPLIT_H
#define WAVECC_DRIVER_LIBCLC_SPLIT_H

#include <memory>
#include <string>

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

// Reads `libclc` (a bitcode library) and writes its split form to `out`
// (format: libclc_split.cpp). 0, or -1 with the reason in `msgs`.
int libclc_split_write(const char *libclc, const char *out, std::string &msgs);

// The part of libclc that `program` can reach (the definitions of the
// names it declares and everything they reference), built in `ctx` from
// the split file `split` made from `libclc`. Returns null when the split
// file is missing, damaged or was made from another libclc (its size and
// modification time differ), or when a piece does not read or link: the
// caller then reads libclc whole (the linker may have reported errors to
// ctx's diagnostic handler meanwhile).
std::unique_ptr<llvm::Module> libclc_split_subset(llvm::LLVMContext &ctx, const llvm::Module &program,
                                                  const char *split, const char *libclc);

#endif
