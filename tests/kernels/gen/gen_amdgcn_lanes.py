#!/usr/bin/env python3
"""Generates tests/kernels/f_amdgcn_lanes.ll (issue 26): the intrinsics of
src/isel/isel_amdgcn_lanes.c, each against a host reference: alignbyte,
fmul.legacy (0 times inf is 0), frexp.mant/exp on f32 and f64,
rsq.clamp on f32 and f64 (infinities clamped to +-max), fdiv.fast (|b| >
2^96 takes the scaled path; denominators are powers of two, so the
approximate reciprocal is exact), ds.bpermute, ds.permute (a rotation),
ds.swizzle (quad mode: reverse; bit mode: xor 1), readlane of divergent,
uniform and 64-bit values, llvm.bitreverse on i16, i32, i64 (divergent
and uniform), llvm.convert.from.fp16 to f32/f64 and convert.to.fp16 from
f32. Restricted to the wave64 GPUs (lane numbers are wave64's).
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, write_ll, fbits, bitsf, f32  # noqa: E402

L = 64
OUT = ['%o_align', '%o_legacy', '%o_mant', '%o_exp', '%o_dmant', '%o_dexp', '%o_rsq', '%o_drsq', '%o_fdiv',
       '%o_bperm', '%o_perm', '%o_swq', '%o_swx', '%o_rl', '%o_rlu', '%o_rl64', '%o_br32', '%o_br16', '%o_br64l',
       '%o_br64h', '%o_bru', '%o_h2f', '%o_h2d', '%o_f2h', '%o_m1l', '%o_m1h', '%o_m2l', '%o_m2h', '%o_m3', '%o_m4']
NO = len(OUT)

IR = '''
define amdgpu_kernel void @k_lanes(ptr addrspace(1) %out, ptr addrspace(1) %A, ptr addrspace(1) %F, ptr addrspace(1) %D,
                                   i32 %u, i64 %u64) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %A, i32 %t
  %a = load i32, ptr addrspace(1) %pa
  %t64 = add i32 %t, 64
  %pb = getelementptr i32, ptr addrspace(1) %A, i32 %t64
  %b = load i32, ptr addrspace(1) %pb
  %px = getelementptr float, ptr addrspace(1) %F, i32 %t
  %x = load float, ptr addrspace(1) %px
  %py = getelementptr float, ptr addrspace(1) %F, i32 %t64
  %y = load float, ptr addrspace(1) %py
  %t128 = add i32 %t, 128
  %pr = getelementptr float, ptr addrspace(1) %F, i32 %t128
  %r = load float, ptr addrspace(1) %pr
  %pd = getelementptr double, ptr addrspace(1) %D, i32 %t
  %d = load double, ptr addrspace(1) %pd
  %pdr = getelementptr double, ptr addrspace(1) %D, i32 %t64
  %dr = load double, ptr addrspace(1) %pdr
  %o_align = call i32 @llvm.amdgcn.alignbyte(i32 %a, i32 %b, i32 %t)
  %lg = call float @llvm.amdgcn.fmul.legacy(float %x, float %y)
  %o_legacy = bitcast float %lg to i32
  %mt = call float @llvm.amdgcn.frexp.mant.f32(float %x)
  %o_mant = bitcast float %mt to i32
  %o_exp = call i32 @llvm.amdgcn.frexp.exp.i32.f32(float %x)
  %dm = call double @llvm.amdgcn.frexp.mant.f64(double %d)
  %dmi = bitcast double %dm to i64
  %dmh = lshr i64 %dmi, 32
  %o_dmant = trunc i64 %dmh to i32
  %o_dexp = call i32 @llvm.amdgcn.frexp.exp.i32.f64(double %d)
  %rq = call float @llvm.amdgcn.rsq.clamp.f32(float %r)
  %o_rsq = bitcast float %rq to i32
  %drq = call double @llvm.amdgcn.rsq.clamp.f64(double %dr)
  %drqi = bitcast double %drq to i64
  %drqh = lshr i64 %drqi, 32
  %o_drsq = trunc i64 %drqh to i32
  %t192 = add i32 %t, 192
  %pq = getelementptr float, ptr addrspace(1) %F, i32 %t192
  %q = load float, ptr addrspace(1) %pq
  %fd = call float @llvm.amdgcn.fdiv.fast(float %x, float %q)
  %o_fdiv = bitcast float %fd to i32
  %rev = sub i32 63, %t
  %rev4 = shl i32 %rev, 2
  %o_bperm = call i32 @llvm.amdgcn.ds.bpermute(i32 %rev4, i32 %a)
  %rot = add i32 %t, 5
  %rot63 = and i32 %rot, 63
  %rot4 = shl i32 %rot63, 2
  %o_perm = call i32 @llvm.amdgcn.ds.permute(i32 %rot4, i32 %a)
  %o_swq = call i32 @llvm.amdgcn.ds.swizzle(i32 %a, i32 32795)
  %o_swx = call i32 @llvm.amdgcn.ds.swizzle(i32 %a, i32 1055)
  %o_rl = call i32 @llvm.amdgcn.readlane.i32(i32 %a, i32 7)
  %o_rlu = call i32 @llvm.amdgcn.readlane.i32(i32 %u, i32 %t)
  %ab = zext i32 %a to i64
  %bb = zext i32 %b to i64
  %abh = shl i64 %bb, 32
  %a64 = or i64 %ab, %abh
  %rl64 = call i64 @llvm.amdgcn.readlane.i64(i64 %a64, i32 33)
  %rl64h = lshr i64 %rl64, 32
  %rl64s = trunc i64 %rl64h to i32
  %o_rl64 = xor i32 %rl64s, 1
  %o_br32 = call i32 @llvm.bitreverse.i32(i32 %a)
  %a16 = trunc i32 %b to i16
  %br16 = call i16 @llvm.bitreverse.i16(i16 %a16)
  %o_br16 = zext i16 %br16 to i32
  %br64 = call i64 @llvm.bitreverse.i64(i64 %a64)
  %o_br64l = trunc i64 %br64 to i32
  %br64s = lshr i64 %br64, 32
  %o_br64h = trunc i64 %br64s to i32
  %bru64 = call i64 @llvm.bitreverse.i64(i64 %u64)
  %bru32 = call i32 @llvm.bitreverse.i32(i32 %u)
  %bru64l = trunc i64 %bru64 to i32
  %o_bru = xor i32 %bru64l, %bru32
  %h = trunc i32 %a to i16
  %hf = call float @llvm.convert.from.fp16.f32(i16 %h)
  %o_h2f = bitcast float %hf to i32
  %hd = call double @llvm.convert.from.fp16.f64(i16 %h)
  %hdi = bitcast double %hd to i64
  %hdh = lshr i64 %hdi, 32
  %o_h2d = trunc i64 %hdh to i32
  %fh = call i16 @llvm.convert.to.fp16.f32(float %x)
  %o_f2h = zext i16 %fh to i32
  %m1 = call i64 @llvm.amdgcn.icmp.i64.i32(i32 %a, i32 %b, i32 36)
  %o_m1l = trunc i64 %m1 to i32
  %m1s = lshr i64 %m1, 32
  %o_m1h = trunc i64 %m1s to i32
  %m2 = call i64 @llvm.amdgcn.fcmp.i64.f32(float %x, float %y, i32 4)
  %o_m2l = trunc i64 %m2 to i32
  %m2s = lshr i64 %m2, 32
  %o_m2h = trunc i64 %m2s to i32
  %m3 = call i64 @llvm.amdgcn.icmp.i64.i16(i16 %h, i16 %a16, i32 40)
  %m3l = trunc i64 %m3 to i32
  %m3s = lshr i64 %m3, 32
  %m3h = trunc i64 %m3s to i32
  %o_m3 = xor i32 %m3l, %m3h
  %m4 = call i64 @llvm.amdgcn.icmp.i64.i64(i64 %a64, i64 %u64, i32 34)
  %m4l = trunc i64 %m4 to i32
  %m4s = lshr i64 %m4, 32
  %m4h = trunc i64 %m4s to i32
  %o_m4 = xor i32 %m4l, %m4h
  %o = mul i32 %t, NO
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
STORES  call void @llvm.amdgcn.unreachable()
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.alignbyte(i32, i32, i32)
declare float @llvm.amdgcn.fmul.legacy(float, float)
declare float @llvm.amdgcn.frexp.mant.f32(float)
declare i32 @llvm.amdgcn.frexp.exp.i32.f32(float)
declare double @llvm.amdgcn.frexp.mant.f64(double)
declare i32 @llvm.amdgcn.frexp.exp.i32.f64(double)
declare float @llvm.amdgcn.rsq.clamp.f32(float)
declare double @llvm.amdgcn.rsq.clamp.f64(double)
declare float @llvm.amdgcn.fdiv.fast(float, float)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.ds.permute(i32, i32)
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i64 @llvm.amdgcn.readlane.i64(i64, i32)
declare i32 @llvm.bitreverse.i32(i32)
declare i16 @llvm.bitreverse.i16(i16)
declare i64 @llvm.bitreverse.i64(i64)
declare float @llvm.convert.from.fp16.f32(i16)
declare double @llvm.convert.from.fp16.f64(i16)
declare i16 @llvm.convert.to.fp16.f32(float)
declare void @llvm.amdgcn.unreachable()
declare i64 @llvm.amdgcn.icmp.i64.i32(i32, i32, i32)
declare i64 @llvm.amdgcn.icmp.i64.i16(i16, i16, i32)
declare i64 @llvm.amdgcn.icmp.i64.i64(i64, i64, i32)
declare i64 @llvm.amdgcn.fcmp.i64.f32(float, float, i32)
'''

M32 = 0xffffffff


def d2b(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


def h2f(h):
    return struct.unpack('<e', struct.pack('<H', h & 0xffff))[0]


def f2h(x):
    try:
        return struct.unpack('<H', struct.pack('<e', x))[0]  # round to nearest even
    except OverflowError:
        return 0x7c00 if x > 0 else 0xfc00


def brev(v, w):
    return int(format(v, '0%db' % w)[::-1], 2)


def main():
    rng = Rng(2644)
    A = [rng.bits(32) for _ in range(2 * L)]
    for i in range(L):  # halves: finite and not NaN for the fp16 conversions
        if (A[i] >> 10) & 0x1f == 0x1f:
            A[i] ^= 0x400
    xs = [rng.f32(-1000, 1000) for _ in range(L)]
    xs[0], xs[1], xs[2], xs[3] = 0.0, 3.0, 1.0e30, -2.5
    ys = [rng.f32(-10, 10) for _ in range(L)]
    ys[0], ys[1], ys[2] = math.inf, 0.0, 0.0
    rs = [[0.0, 4.0, 0.25, 16.0, -0.0, 1.0, 2.0 ** 100, 2.0 ** -20][i % 8] for i in range(L)]
    rs = [r if i % 8 != 6 else 2.0 ** 100 for i, r in enumerate(rs)]
    ds = [rng.f32(-1e6, 1e6) * 2.0 ** rng.range(-300, 300) for _ in range(L)]
    drs = [[0.0, 4.0, 0.25, 2.0 ** 600][i % 4] for i in range(L)]
    u, u64 = rng.bits(32), rng.bits(64)
    qs = [(-1) ** (i % 3) * 2.0 ** [0, 3, -7, 100, 97, 120, -30, 1][i % 8] for i in range(L)]
    F = [fbits(v) for v in xs + ys + rs + qs]
    D = [d2b(v) for v in ds + drs]
    def mask(pred):
        return sum(1 << t for t in range(L) if pred(t))

    def s16(v):
        v &= 0xffff
        return v - 0x10000 if v & 0x8000 else v
    m1 = mask(lambda t: A[t] < A[L + t])
    m2 = mask(lambda t: xs[t] < ys[t])
    m3 = mask(lambda t: s16(A[t]) < s16(A[L + t]))
    m4 = mask(lambda t: (A[t] | A[L + t] << 32) > u64)
    out = []
    fmax = bitsf(0x7f7fffff)
    for t in range(L):
        a, b, x, y, r = A[t], A[L + t], xs[t], ys[t], rs[t]
        al = ((a << 32 | b) >> (8 * (t & 3))) & M32
        lg = 0.0 if x == 0 or y == 0 else f32(x * y)
        m, e = math.frexp(x)
        dm, de = math.frexp(ds[t])
        rq = fmax if r == 0 and math.copysign(1, r) > 0 else (-fmax if r == 0 else f32(1 / math.sqrt(r)))
        dr = drs[t]
        drq = bitsf(0) if False else (1.7976931348623157e308 if dr == 0 else 1 / math.sqrt(dr))
        fd = f32(x / qs[t])
        fd_bits = fbits(fd)
        swq = A[(t & ~3) + 3 - (t & 3)]
        swx = A[t ^ 1]
        h = a & 0xffff
        vals = [al, fbits(lg), fbits(f32(m)), e, d2b(dm) >> 32, de, fbits(rq), d2b(drq) >> 32, fd_bits,
                A[63 - t], A[(t - 5) % 64], swq, swx, A[7], u, (A[L + 33] ^ 1), brev(a, 32), brev(b & 0xffff, 16),
                brev(a | b << 32, 64) & M32, brev(a | b << 32, 64) >> 32, (brev(u64, 64) & M32) ^ brev(u, 32),
                fbits(h2f(h)), d2b(h2f(h)) >> 32, f2h(x), m1 & M32, m1 >> 32, m2 & M32, m2 >> 32,
                (m3 & M32) ^ (m3 >> 32), (m4 & M32) ^ (m4 >> 32)]
        out.append(vals)
    flat = []
    for t in range(L):
        v = out[t]
        flat += v
    stores = ''
    for k, v in enumerate(OUT):
        if k:
            stores += '  %%q%d = getelementptr i32, ptr addrspace(1) %%q0, i32 %d\n' % (k, k)
        stores += '  store i32 %s, ptr addrspace(1) %%q%d\n' % (v, k)
    ir = IR.replace('STORES', stores).replace('NO', str(NO))
    te = (Test('alignbyte, fmul.legacy, frexp, rsq.clamp, fdiv.fast, ds permute/swizzle, readlane, bitreverse, fp16, icmp/fcmp masks',
               kernel_name='k_lanes')
          .inp(0, 'uint', L * NO, [0] * (L * NO)).out(0, 'uint', L * NO, flat)
          .inp(1, 'uint', 2 * L, A).inp(2, 'uint', 4 * L, F).inp(3, 'ulong', 2 * L, D)
          .val(4, 'uint', u).val(5, 'ulong', u64))
    lines = ['[config]', 'name: more amdgcn intrinsics (issue 26)', 'device_regex: gfx900|gfx90a|gfx942',
             'dimensions: 1', 'global_size: %d 0 0' % L, 'local_size: %d 0 0' % L, ''] + te.text().split('\n')
    write_ll('f_amdgcn_lanes.ll', lines, ir)


if __name__ == '__main__':
    main()
