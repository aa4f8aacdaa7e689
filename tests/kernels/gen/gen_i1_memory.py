#!/usr/bin/env python3
"""Writes tests/kernels/f_i1_memory.ll: loads and stores of i1, <4 x i1>,
<8 x i1> and <16 x i1> in global and private memory, and bitcasts between
<N x i1> and iN (issue 13: "unsupported load of i1" was wavecc's most common
error on llvm-stress kernels).

In memory an i1 is a byte holding 0 or 1 and <N x i1> packs element k into
bit k of ceil(N/8) bytes. The inputs keep the bits a type does not cover at
zero (LangRef leaves them unspecified on load), and stored booleans are
checked as the bytes 0/1, which is what both llc-19 and wavecc write.
Expected values come from the host reference below."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

IR = r'''define amdgpu_kernel void @k_i1(ptr addrspace(1) %in1, ptr addrspace(1) %in8, ptr addrspace(1) %in4,
                                 ptr addrspace(1) %out1, ptr addrspace(1) %out8, ptr addrspace(1) %out4,
                                 ptr addrspace(1) %out16, ptr addrspace(1) %outu,
                                 ptr addrspace(1) %outbc8, ptr addrspace(1) %outbc4) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %gid = add i32 %base, %tid
  %g = zext i32 %gid to i64
  ; per lane: an i1, an <8 x i1> and a <4 x i1> from global memory
  %p1 = getelementptr i8, ptr addrspace(1) %in1, i64 %g
  %b = load i1, ptr addrspace(1) %p1, align 1
  %p8 = getelementptr i8, ptr addrspace(1) %in8, i64 %g
  %v = load <8 x i1>, ptr addrspace(1) %p8, align 1
  %p4 = getelementptr i8, ptr addrspace(1) %in4, i64 %g
  %v4 = load <4 x i1>, ptr addrspace(1) %p4, align 1
  ; out1 = !b
  %nb = xor i1 %b, true
  %q1 = getelementptr i8, ptr addrspace(1) %out1, i64 %g
  store i1 %nb, ptr addrspace(1) %q1, align 1
  ; out8 = v ^ splat(b)
  %bs = insertelement <8 x i1> poison, i1 %b, i32 0
  %bv = shufflevector <8 x i1> %bs, <8 x i1> poison, <8 x i32> zeroinitializer
  %w = xor <8 x i1> %v, %bv
  %q8 = getelementptr i8, ptr addrspace(1) %out8, i64 %g
  store <8 x i1> %w, ptr addrspace(1) %q8, align 1
  ; <4 x i1> reversed, through a private slot (volatile: it stays in scratch),
  ; then its elements as bits 0..3 of a byte
  %r = shufflevector <4 x i1> %v4, <4 x i1> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %a = alloca [4 x i8], align 4, addrspace(5)
  store volatile <4 x i1> %r, ptr addrspace(5) %a, align 1
  %r2 = load volatile <4 x i1>, ptr addrspace(5) %a, align 1
  %e0 = extractelement <4 x i1> %r2, i32 0
  %e1 = extractelement <4 x i1> %r2, i32 1
  %e2 = extractelement <4 x i1> %r2, i32 2
  %e3 = extractelement <4 x i1> %r2, i32 3
  %z0 = zext i1 %e0 to i8
  %z1 = select i1 %e1, i8 2, i8 0
  %z2 = select i1 %e2, i8 4, i8 0
  %z3 = select i1 %e3, i8 8, i8 0
  %o01 = or i8 %z0, %z1
  %o23 = or i8 %z2, %z3
  %o = or i8 %o01, %o23
  %q4 = getelementptr i8, ptr addrspace(1) %out4, i64 %g
  store i8 %o, ptr addrspace(1) %q4, align 1
  ; <16 x i1> = v ++ w through private memory, read back as an i16
  %c = shufflevector <8 x i1> %v, <8 x i1> %w, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %a16 = getelementptr i8, ptr addrspace(5) %a, i32 2
  store volatile <16 x i1> %c, ptr addrspace(5) %a16, align 2
  %x = load volatile i16, ptr addrspace(5) %a16, align 2
  %q16 = getelementptr i16, ptr addrspace(1) %out16, i64 %g
  store i16 %x, ptr addrspace(1) %q16, align 2
  ; a uniform i1 load (every lane reads in1[0])
  %u = load i1, ptr addrspace(1) %in1, align 1
  %s = select i1 %u, i32 %gid, i32 -1
  %qu = getelementptr i32, ptr addrspace(1) %outu, i64 %g
  store i32 %s, ptr addrspace(1) %qu, align 4
  ; bitcasts: <8 x i1> -> i8 (the packed bits), i4 -> <4 x i1> (element g & 3)
  %m8 = bitcast <8 x i1> %w to i8
  %qb8 = getelementptr i8, ptr addrspace(1) %outbc8, i64 %g
  store i8 %m8, ptr addrspace(1) %qb8, align 1
  %raw4 = load i8, ptr addrspace(1) %p4, align 1
  %t4 = trunc i8 %raw4 to i4
  %bv4 = bitcast i4 %t4 to <4 x i1>
  %k = and i32 %gid, 3
  %bk = extractelement <4 x i1> %bv4, i32 %k
  %bz = zext i1 %bk to i8
  %qb4 = getelementptr i8, ptr addrspace(1) %outbc4, i64 %g
  store i8 %bz, ptr addrspace(1) %qb4, align 1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
'''


def rev4(x):
    return sum(((x >> k) & 1) << (3 - k) for k in range(4))


def main():
    lines = ['[config]', 'name: loads and stores of i1 and <N x i1> (global, private)',
             'kernel_name: k_i1', 'dimensions: 1', '']
    rng = Rng(9101)
    for n in (64, 192):
        in1 = [rng.u64() & 1 for _ in range(n)]
        in8 = [rng.u64() & 0xff for _ in range(n)]
        in4 = [rng.u64() & 0xf for _ in range(n)]
        out1 = [1 - b for b in in1]
        out8 = [v ^ (0xff if b else 0) for v, b in zip(in8, in1)]
        out4 = [rev4(x) for x in in4]
        out16 = [v | (w << 8) for v, w in zip(in8, out8)]
        outu = [g if in1[0] else -1 for g in range(n)]
        outbc8 = out8
        outbc4 = [(x >> (g & 3)) & 1 for g, x in enumerate(in4)]
        lines += ['[test]', 'name: %d work-items' % n, 'global_size: %d 0 0' % n, 'local_size: 64 0 0',
                  'arg_in: 0 buffer uchar[%d] %s' % (n, ' '.join(map(str, in1))),
                  'arg_in: 1 buffer uchar[%d] %s' % (n, ' '.join(map(str, in8))),
                  'arg_in: 2 buffer uchar[%d] %s' % (n, ' '.join(map(str, in4))),
                  'arg_out: 3 buffer uchar[%d] %s' % (n, ' '.join(map(str, out1))),
                  'arg_out: 4 buffer uchar[%d] %s' % (n, ' '.join(map(str, out8))),
                  'arg_out: 5 buffer uchar[%d] %s' % (n, ' '.join(map(str, out4))),
                  'arg_out: 6 buffer ushort[%d] %s' % (n, ' '.join(map(str, out16))),
                  'arg_out: 7 buffer int[%d] %s' % (n, ' '.join(map(str, outu))),
                  'arg_in: 8 buffer uchar[%d] repeat 0' % n,
                  'arg_out: 8 buffer uchar[%d] %s' % (n, ' '.join(map(str, outbc8))),
                  'arg_in: 9 buffer uchar[%d] repeat 0' % n,
                  'arg_out: 9 buffer uchar[%d] %s' % (n, ' '.join(map(str, outbc4))), '']
    write_ll('f_i1_memory.ll', lines, IR)


if __name__ == '__main__':
    main()
