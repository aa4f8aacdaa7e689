#!/usr/bin/env python3
"""Generates tests/kernels/f_uniform_subdword_sext.ll (issue 26): i8 and
i16 values loaded from a uniform global address and then sign-extended on
the scalar unit (sdiv, srem, ashr, sext, icmp slt). gfx9 has no scalar
byte or short load, so the uniform value arrives in a VGPR; main fed that
VGPR to s_sext_i32_i8/i16, which cannot read VGPRs (LLVM 19's
sdivrem24.ll: wrong values with the builtin encoder, llvm-mc refused it).
One value pair per work-group, so every group runs the scalar code on
different data.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, write_ll, cdiv, crem  # noqa: E402

GROUPS = 8

IR = '''
define amdgpu_kernel void @k_sext(ptr addrspace(1) %out, ptr addrspace(1) %in8, ptr addrspace(1) %in16) {
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g2 = mul i32 %g, 2
  %pn = getelementptr i8, ptr addrspace(1) %in8, i32 %g2
  %pd = getelementptr i8, ptr addrspace(1) %pn, i32 1
  %n = load i8, ptr addrspace(1) %pn, align 1
  %d = load i8, ptr addrspace(1) %pd, align 1
  %hn = getelementptr i16, ptr addrspace(1) %in16, i32 %g2
  %hd = getelementptr i16, ptr addrspace(1) %hn, i32 1
  %n16 = load i16, ptr addrspace(1) %hn, align 2
  %d16 = load i16, ptr addrspace(1) %hd, align 2
  %q = sdiv i8 %n, %d
  %r = srem i8 %n, %d
  %s = ashr i8 %n, 3
  %q16 = sdiv i16 %n16, %d16
  %r16 = srem i16 %n16, %d16
  %c = icmp slt i8 %n, %d
  %v0 = sext i8 %q to i32
  %v1 = sext i8 %r to i32
  %v2 = sext i8 %s to i32
  %v3 = sext i16 %q16 to i32
  %v4 = sext i16 %r16 to i32
  %n32 = sext i8 %n to i32
  %v5 = select i1 %c, i32 %n32, i32 %t
  %gt = mul i32 %g, 64
  %l = add i32 %gt, %t
  %o = mul i32 %l, 6
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  %q1 = getelementptr i32, ptr addrspace(1) %q0, i32 1
  %q2 = getelementptr i32, ptr addrspace(1) %q0, i32 2
  %q3 = getelementptr i32, ptr addrspace(1) %q0, i32 3
  %q4 = getelementptr i32, ptr addrspace(1) %q0, i32 4
  %q5 = getelementptr i32, ptr addrspace(1) %q0, i32 5
  store i32 %v0, ptr addrspace(1) %q0
  store i32 %v1, ptr addrspace(1) %q1
  store i32 %v2, ptr addrspace(1) %q2
  store i32 %v3, ptr addrspace(1) %q3
  store i32 %v4, ptr addrspace(1) %q4
  store i32 %v5, ptr addrspace(1) %q5
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
'''


def s(v, w):
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def main():
    rng = Rng(2609)
    pairs8 = [(-100, 17), (127, -128 + 1), (-128, 3), (5, -2)]
    pairs16 = [(-30000, 7), (32767, -129), (-32768, 255), (1234, -1)]
    while len(pairs8) < GROUPS:
        d = s(rng.bits(8), 8)
        pairs8.append((s(rng.bits(8), 8), d or 1))
        d = s(rng.bits(16), 16)
        pairs16.append((s(rng.bits(16), 16), d or 1))
    in8 = [v & 0xff for p in pairs8 for v in p]
    in16 = [v & 0xffff for p in pairs16 for v in p]
    out = []
    for g in range(GROUPS):
        n, d = pairs8[g]
        n16, d16 = pairs16[g]
        for t in range(64):
            out += [s(cdiv(n, d), 8), s(crem(n, d), 8), n >> 3, s(cdiv(n16, d16), 16), s(crem(n16, d16), 16),
                    n if n < d else t]
    te = (Test('uniform i8/i16 loads sign-extended on the scalar unit', kernel_name='k_sext')
          .inp(0, 'int', 6 * 64 * GROUPS, [0] * 6 * 64 * GROUPS).out(0, 'int', 6 * 64 * GROUPS, out)
          .inp(1, 'char', 2 * GROUPS, in8).inp(2, 'short', 2 * GROUPS, in16))
    lines = ['[config]', 'name: uniform sub-dword loads sign-extended on the SALU (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % (64 * GROUPS), 'local_size: 64 0 0', ''] + te.text().split('\n')
    write_ll('f_uniform_subdword_sext.ll', lines, IR)


if __name__ == '__main__':
    main()
