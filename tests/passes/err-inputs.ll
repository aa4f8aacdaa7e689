; Bad input files: each gives one clear "file: message" error, exit status
; 1, and no output file.
; RUN: rm -f %t.o
; RUN: %not %wavecc %S/Inputs/empty.ll -o %t.o 2>&1 | FileCheck --check-prefix=EMPTY %s
; EMPTY: empty.ll: error: empty input (expected LLVM IR text or bitcode)
; RUN: %not %wavecc %S/Inputs/garbage.bin -o %t.o 2>&1 | FileCheck --check-prefix=GARBAGE %s
; GARBAGE: garbage.bin: error: input is neither LLVM bitcode nor LLVM IR text
; RUN: %not %wavecc %S/Inputs/not-ir.ll -o %t.o 2>&1 | FileCheck --check-prefix=NOTIR %s
; NOTIR: not-ir.ll: error: invalid LLVM IR: {{.*}}not-ir.ll:1:1: error: expected top-level entity
; RUN: %not %wavecc %S/Inputs/syntax-error.ll -o %t.o 2>&1 | FileCheck --check-prefix=SYNTAX %s
; SYNTAX: syntax-error.ll: error: invalid LLVM IR: {{.*}}syntax-error.ll:3:1: error: expected type
; RUN: %not %wavecc %S/Inputs/truncated.bc -o %t.o 2>&1 | FileCheck --check-prefix=TRUNC %s
; TRUNC: truncated.bc: error: invalid bitcode:
; RUN: %not %wavecc %S/Inputs/does-not-exist.ll -o %t.o 2>&1 | FileCheck --check-prefix=MISSING %s
; MISSING: does-not-exist.ll: error: cannot read input: No such file or directory
; RUN: %not test -e %t.o
