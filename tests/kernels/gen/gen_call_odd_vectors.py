#!/usr/bin/env python3
"""Generates tests/kernels/f_call_odd_vectors.ll (issue 26): calls returning
vectors of odd-width integers, <2 x i24> and <3 x i18>, as llc-19 passes
them: one element per VGPR (v0, v1, ...), the bits above the width
unspecified (llc-19 any-extends: its callee's i24 add leaves a carry in
bit 24), so the caller zero-extends each element itself. The callees
wrap their sums at the element width; the kernel zero-extends the
elements to i32. Host reference: the same sums modulo 2^W.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, write_ll  # noqa: E402

L = 64

IR = '''
define <2 x i24> @mk24(i32 %a, i32 %b) #0 {
  %x = trunc i32 %a to i24
  %y = trunc i32 %b to i24
  %s = add i24 %x, %y
  %v0 = insertelement <2 x i24> poison, i24 %x, i32 0
  %v1 = insertelement <2 x i24> %v0, i24 %s, i32 1
  ret <2 x i24> %v1
}

define <3 x i18> @mk18(i32 %a, i32 %b) #0 {
  %x = trunc i32 %a to i18
  %y = trunc i32 %b to i18
  %s = add i18 %x, %y
  %d = sub i18 %x, %y
  %v0 = insertelement <3 x i18> poison, i18 %s, i32 0
  %v1 = insertelement <3 x i18> %v0, i18 %d, i32 1
  %v2 = insertelement <3 x i18> %v1, i18 %y, i32 2
  ret <3 x i18> %v2
}

define amdgpu_kernel void @k_odd(ptr addrspace(1) %out, ptr addrspace(1) %A) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %A, i32 %t
  %a = load i32, ptr addrspace(1) %pa
  %t64 = add i32 %t, 64
  %pb = getelementptr i32, ptr addrspace(1) %A, i32 %t64
  %b = load i32, ptr addrspace(1) %pb
  %v = call <2 x i24> @mk24(i32 %a, i32 %b)
  %w = call <3 x i18> @mk18(i32 %a, i32 %b)
  %e0 = extractelement <2 x i24> %v, i32 0
  %e1 = extractelement <2 x i24> %v, i32 1
  %f0 = extractelement <3 x i18> %w, i32 0
  %f1 = extractelement <3 x i18> %w, i32 1
  %f2 = extractelement <3 x i18> %w, i32 2
  %z0 = zext i24 %e0 to i32
  %z1 = zext i24 %e1 to i32
  %z2 = zext i18 %f0 to i32
  %z3 = zext i18 %f1 to i32
  %z4 = zext i18 %f2 to i32
  %base = mul i32 %t, 5
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %z0, ptr addrspace(1) %q0
  %q1 = getelementptr i32, ptr addrspace(1) %q0, i32 1
  store i32 %z1, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %q0, i32 2
  store i32 %z2, ptr addrspace(1) %q2
  %q3 = getelementptr i32, ptr addrspace(1) %q0, i32 3
  store i32 %z3, ptr addrspace(1) %q3
  %q4 = getelementptr i32, ptr addrspace(1) %q0, i32 4
  store i32 %z4, ptr addrspace(1) %q4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { noinline }
'''


def main():
    rng = Rng(0x0dd24)
    A = [rng.bits(32) for _ in range(2 * L)]
    A[0], A[L] = 0xffffff, 1  # the i24 sum carries into bit 24
    A[1], A[L + 1] = 0x3ffff, 0x3ffff
    out = []
    for t in range(L):
        a, b = A[t], A[L + t]
        m24, m18 = (1 << 24) - 1, (1 << 18) - 1
        out += [a & m24, (a + b) & m24, (a + b) & m18, (a - b) & m18, b & m18]
    te = (Test('<2 x i24> and <3 x i18> call results', kernel_name='k_odd')
          .inp(0, 'uint', 5 * L, [0] * (5 * L)).out(0, 'uint', 5 * L, out).inp(1, 'uint', 2 * L, A))
    lines = ['[config]', 'name: calls returning vectors of odd-width integers (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % L, 'local_size: %d 0 0' % L, ''] + te.text().split('\n')
    write_ll('f_call_odd_vectors.ll', lines, IR)


if __name__ == '__main__':
    main()
