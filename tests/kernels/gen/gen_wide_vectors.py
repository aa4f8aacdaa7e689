#!/usr/bin/env python3
"""Generates tests/kernels/f_wide_vectors.ll (issue 26): vectors of 32 and
64 elements, as LLVM's own tests use them: <16 x double> and <16 x i64>
kernel arguments (128 bytes, two s_load_dwordx16), <32 x i32> loads, adds,
compares (<32 x i1>), selects, shuffles (a concatenation of two <16 x i32>
and a reversal), sext to <32 x i64> (a 256-byte store), <64 x i16> and
<64 x i8> loads zero-extended to <64 x i32>, a <32 x float> fma, insert-
and extractelement, and <32 x i32> in LDS. Lane t works on its own slice.
k_wide256: vectors of 128 and 256 elements (idot4u.ll, vni8-across-blocks.ll):
<256 x i8> loads added, shuffled (a reversal) and stored, carried through a
phi across blocks; a <128 x i32> load xor'd with a constant and stored.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test  # noqa: E402
from gen_fatptr import write_ll  # noqa: E402

N = 16
M32 = 0xffffffff
M64 = (1 << 64) - 1

REV = ', '.join('i32 %d' % (31 - i) for i in range(32))
CAT = ', '.join('i32 %d' % i for i in range(32))

IR = '''
@lw = internal addrspace(3) global [16 x <32 x i32>] poison, align 128

define amdgpu_kernel void @k_args(ptr addrspace(1) %od, ptr addrspace(1) %ol, <16 x double> %d, <16 x i64> %l) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %dd = fadd <16 x double> %d, %d
  %pd = getelementptr <16 x double>, ptr addrspace(1) %od, i32 %t
  store <16 x double> %dd, ptr addrspace(1) %pd
  %t64 = zext i32 %t to i64
  %ti = insertelement <16 x i64> poison, i64 %t64, i32 0
  %ts = shufflevector <16 x i64> %ti, <16 x i64> poison, <16 x i32> zeroinitializer
  %ll = add <16 x i64> %l, %ts
  %pl = getelementptr <16 x i64>, ptr addrspace(1) %ol, i32 %t
  store <16 x i64> %ll, ptr addrspace(1) %pl
  ret void
}

define amdgpu_kernel void @k_wide(ptr addrspace(1) %out, ptr addrspace(1) %o64, ptr addrspace(1) %in,
                                  ptr addrspace(1) %in16, ptr addrspace(1) %inf) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t2 = shl i32 %t, 1
  %pa = getelementptr <32 x i32>, ptr addrspace(1) %in, i32 %t2
  %pb = getelementptr <32 x i32>, ptr addrspace(1) %pa, i32 1
  %a = load <32 x i32>, ptr addrspace(1) %pa, align 4
  %b = load <32 x i32>, ptr addrspace(1) %pb, align 4
  %s = add <32 x i32> %a, %b
  %m = icmp ult <32 x i32> %a, %b
  %mn = select <32 x i1> %m, <32 x i32> %a, <32 x i32> %b
  %ah = shufflevector <32 x i32> %a, <32 x i32> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %bh = shufflevector <32 x i32> %b, <32 x i32> poison, <16 x i32> <i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %cat = shufflevector <16 x i32> %ah, <16 x i32> %bh, <32 x i32> <CAT>
  %rev = shufflevector <32 x i32> %s, <32 x i32> poison, <32 x i32> <REV>
  %x5 = extractelement <32 x i32> %a, i32 29
  %ins = insertelement <32 x i32> %rev, i32 %x5, i32 30
  %lp = getelementptr [16 x <32 x i32>], ptr addrspace(3) @lw, i32 0, i32 %t
  store <32 x i32> %ins, ptr addrspace(3) %lp
  %lv = load <32 x i32>, ptr addrspace(3) %lp
  %o = mul i32 %t, 4
  %p0 = getelementptr <32 x i32>, ptr addrspace(1) %out, i32 %o
  %p1 = getelementptr <32 x i32>, ptr addrspace(1) %p0, i32 1
  %p2 = getelementptr <32 x i32>, ptr addrspace(1) %p0, i32 2
  %p3 = getelementptr <32 x i32>, ptr addrspace(1) %p0, i32 3
  store <32 x i32> %mn, ptr addrspace(1) %p0, align 4
  store <32 x i32> %cat, ptr addrspace(1) %p1, align 4
  store <32 x i32> %lv, ptr addrspace(1) %p2, align 4
  %ph = getelementptr <64 x i16>, ptr addrspace(1) %in16, i32 %t
  %h = load <64 x i16>, ptr addrspace(1) %ph, align 2
  %hz = zext <64 x i16> %h to <64 x i32>
  %pby = getelementptr <64 x i8>, ptr addrspace(1) %in16, i32 %t
  %by = load <64 x i8>, ptr addrspace(1) %pby, align 1
  %bz = zext <64 x i8> %by to <64 x i32>
  %hb = add <64 x i32> %hz, %bz
  %ph2 = getelementptr <64 x i32>, ptr addrspace(1) %o64, i32 %t
  store <64 x i32> %hb, ptr addrspace(1) %ph2, align 4
  %se = sext <32 x i32> %s to <32 x i64>
  %t3 = add i32 %t, 16
  %pse = getelementptr <32 x i64>, ptr addrspace(1) %o64, i32 %t3
  store <32 x i64> %se, ptr addrspace(1) %pse, align 8
  %pf = getelementptr <32 x float>, ptr addrspace(1) %inf, i32 %t
  %f = load <32 x float>, ptr addrspace(1) %pf, align 4
  %ff = call <32 x float> @llvm.fma.v32f32(<32 x float> %f, <32 x float> %f, <32 x float> <float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0>)
  %fb = bitcast <32 x float> %ff to <32 x i32>
  store <32 x i32> %fb, ptr addrspace(1) %p3, align 4
  ret void
}

define amdgpu_kernel void @k_wide256(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %flag) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t2 = shl i32 %t, 1
  %pa = getelementptr <256 x i8>, ptr addrspace(1) %in, i32 %t2
  %pb = getelementptr <256 x i8>, ptr addrspace(1) %pa, i32 1
  %a = load <256 x i8>, ptr addrspace(1) %pa, align 1
  %b = load <256 x i8>, ptr addrspace(1) %pb, align 1
  %s = add <256 x i8> %a, %b
  %c = icmp eq i32 %flag, 0
  br i1 %c, label %rev, label %join
rev:
  %r = shufflevector <256 x i8> %s, <256 x i8> poison, <256 x i32> <R256>
  br label %join
join:
  %v = phi <256 x i8> [ %s, %entry ], [ %r, %rev ]
  %t3 = mul i32 %t, 3
  %po = getelementptr <256 x i8>, ptr addrspace(1) %out, i32 %t3
  store <256 x i8> %v, ptr addrspace(1) %po, align 1
  %pw = getelementptr <128 x i32>, ptr addrspace(1) %in, i32 %t
  %w = load <128 x i32>, ptr addrspace(1) %pw, align 4
  %wx = xor <128 x i32> %w, <X128>
  %pwo = getelementptr <256 x i8>, ptr addrspace(1) %po, i32 1
  store <128 x i32> %wx, ptr addrspace(1) %pwo, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <32 x float> @llvm.fma.v32f32(<32 x float>, <32 x float>, <32 x float>)
'''.replace('<REV>', '<' + REV + '>').replace('<CAT>', '<' + CAT + '>')\
    .replace('<R256>', '<' + ', '.join('i32 %d' % (255 - i) for i in range(256)) + '>')\
    .replace('<X128>', '<' + ', '.join('i32 %d' % (i * 2654435761 % 2**31) for i in range(128)) + '>')


def f32b(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def main():
    rng = Rng(3232)
    tests = []
    d = [rng.range(-10000, 10000) / 8.0 for _ in range(16)]
    l = [rng.bits(64) for _ in range(16)]
    od = [2 * x for _ in range(N) for x in d]
    ol = [(x + t) & M64 for t in range(N) for x in l]
    tests.append(Test('<16 x double> and <16 x i64> arguments', kernel_name='k_args')
                 .inp(0, 'double', 16 * N, [0.0] * 16 * N).out(0, 'double', 16 * N, od)
                 .inp(1, 'ulong', 16 * N, [0] * 16 * N).out(1, 'ulong', 16 * N, ol)
                 .val(2, 'double16', *d).val(3, 'ulong16', *l))
    ins = [rng.bits(32) >> rng.range(0, 31) for _ in range(64 * N)]
    in16 = [rng.bits(16) for _ in range(64 * N)]
    inf = [rng.range(-4000, 4000) / 64.0 for _ in range(32 * N)]
    out, o64 = [], [0] * (64 * N + 64 * N)
    b16 = b''.join(struct.pack('<H', v) for v in in16)
    for t in range(N):
        a, b = ins[64 * t:64 * t + 32], ins[64 * t + 32:64 * t + 64]
        s = [(x + y) & M32 for x, y in zip(a, b)]
        mn = [x if x < y else y for x, y in zip(a, b)]
        cat = a[:16] + b[16:]
        rev = s[::-1]
        rev[30] = a[29]
        f = inf[32 * t:32 * t + 32]
        ff = [f32b(x * x + 1.0) for x in f]  # exact: x has at most 19 significant bits
        out += mn + cat + rev + ff
        h = in16[64 * t:64 * t + 64]
        by = list(b16[64 * t:64 * t + 64])
        o64[64 * t:64 * t + 64] = [(x + y) & M32 for x, y in zip(h, by)]
        se = [(x - (1 << 32) if x >> 31 else x) & M64 for x in s]
        base = 64 * N + 64 * t
        for i, v in enumerate(se):
            o64[base + 2 * i] = v & M32
            o64[base + 2 * i + 1] = v >> 32
    tests.append(Test('<32 x i32>, <64 x i16>, <64 x i8>, <32 x i64>, <32 x float>', kernel_name='k_wide')
                 .inp(0, 'uint', 128 * N, [0] * 128 * N).out(0, 'uint', 128 * N, out)
                 .inp(1, 'uint', 128 * N, [0] * 128 * N).out(1, 'uint', 128 * N, o64)
                 .inp(2, 'uint', 64 * N, ins).inp(3, 'ushort', 64 * N, in16).inp(4, 'float', 32 * N, inf))
    inb = [rng.bits(8) for _ in range(512 * N)]
    for flag in (0, 1):
        o = []
        for t in range(N):
            a, b = inb[512 * t:512 * t + 256], inb[512 * t + 256:512 * t + 512]
            sm = [(x + y) & 0xff for x, y in zip(a, b)]
            o += sm[::-1] if flag == 0 else sm
            w = [int.from_bytes(bytes(inb[512 * t + 4 * i:512 * t + 4 * i + 4]), 'little') for i in range(128)]
            o += list(b''.join(struct.pack('<I', x ^ (i * 2654435761 % 2**31)) for i, x in enumerate(w)))
        tests.append(Test('<256 x i8> and <128 x i32>, flag %d' % flag, kernel_name='k_wide256')
                     .inp(0, 'uchar', 768 * N, [0] * 768 * N).out(0, 'uchar', 768 * N, o)
                     .inp(1, 'uchar', 512 * N, inb).val(2, 'int', flag))
    lines = ['[config]', 'name: vectors of 32 to 256 elements (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N]
    write_ll('f_wide_vectors.ll', 'gen_wide_vectors.py', lines, tests, IR)


if __name__ == '__main__':
    main()
