#!/usr/bin/python3
"""`inreg` (SGPR) arguments of functions that are not inlined
(src/isel/isel_calls.c, AMDGPUUsage's convention as llc-19's callees read
them: s6, s7, s16..s29): f_call_inreg.ll. LLVM IR, since OpenCL C has no
inreg; host reference only (PoCL does not run LLVM IR test files)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff
W = 0x0123456789ABCDEF

IR = r'''; @g takes three uniform values in SGPRs (one of them 64-bit) beside a
; per-lane one in v0; @h passes its own inreg argument on to @g.
define internal i32 @g(i32 inreg %s, i32 %v, i64 inreg %w, i32 inreg %t) noinline {
  %a = mul i32 %v, %s
  %wl = trunc i64 %w to i32
  %wh64 = lshr i64 %w, 32
  %wh = trunc i64 %wh64 to i32
  %b = add i32 %a, %wl
  %c = xor i32 %b, %wh
  %d = sub i32 %c, %t
  ret i32 %d
}

define internal i32 @h(i32 inreg %s, i32 %v) noinline {
  %r = call i32 @g(i32 inreg %s, i32 %v, i64 inreg 81985529216486895, i32 inreg 7)
  %q = add i32 %r, %s
  ret i32 %q
}

define amdgpu_kernel void @k_inreg(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %u, i64 %w) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %id
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %r1 = call i32 @g(i32 inreg %u, i32 %x, i64 inreg %w, i32 inreg %gid)
  %r2 = call i32 @h(i32 inreg %gid, i32 %x)
  %i2 = mul i32 %i, 2
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i2
  store i32 %r1, ptr addrspace(1) %po
  %po1 = getelementptr i32, ptr addrspace(1) %po, i32 1
  store i32 %r2, ptr addrspace(1) %po1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
'''


def g(s, v, w, t):
    return ((((v * s) + (w & M32)) & M32) ^ (w >> 32)) - t & M32


def main():
    rng = Rng(7171)
    lines = ['[config]', 'name: call_inreg', 'dimensions: 1', '']
    n = 192
    X = [rng.of('uint') for _ in range(n)]
    for name, u, w in (('inreg_a', 12345, 0xfedcba9876543210), ('inreg_b', 0xffffffff, 77)):
        o = []
        for i, x in enumerate(X):
            grp = i // 64
            o += [g(u, x, w, grp), (g(grp, x, W, 7) + grp) & M32]
        te = Test(name, kernel_name='k_inreg', global_size=sizes(n), local_size=sizes(64))
        te.inp(0, 'uint', n, X).out(1, 'uint', 2 * n, o).val(2, 'uint', u).val(3, 'ulong', w)
        lines += te.text().split('\n') + ['']
    lines = ['# inreg (SGPR) arguments (LLVM IR: OpenCL C has none); host reference only.'] + lines
    write_ll('f_call_inreg.ll', lines, IR)


main()
