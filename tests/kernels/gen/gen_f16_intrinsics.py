#!/usr/bin/python3
"""Generates tests/kernels/f_f16_intrinsics.ll: the f16 forms of the
llvm.amdgcn intrinsics of LLVM's own AMDGPU tests (issue 26) and the
llvm.amdgcn.fcmp lane masks of f16 and f64 compares.

- k_trans: rcp, rsq, sqrt, log (log2), exp2 and sin/cos (input in turns:
  sin(2 pi x)) of llvm.amdgcn.*.f16, within 1 ulp of the correctly rounded
  value (the hardware's are approximations); llvm.sin.f16 / llvm.cos.f16
  within 0.004 (llc-19's sequence scales by 1/(2 pi) rounded to half
  first: |x| * 2^-11 of error at |x| <= 4).
- k_exact: fract, frexp.mant, frexp.exp.i16, fmed3, div.fixup (on the
  special cases it exists for), fmad.ftz.f16 and fmad.ftz.f32 (product
  rounded, then the sum; normal values only): exact.
- k_fcmp: llvm.amdgcn.fcmp.i64.f16 and .f64 with oeq, olt, une, uno, oge
  over 64 lanes with NaNs: the 64-bit lane mask every lane gets (wavecc
  gave 0 for every f64 predicate before, and refused f16); llvm.amdgcn.ballot
  of an f16 compare over all lanes and inside a divergent branch, and of true;
  llvm.amdgcn.sqrt.f64 of the lane number.
Host reference: Python's binary64 rounded to binary16 by struct 'e'
(round to nearest even); the f16 results are compared as halves."""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng  # noqa: E402

N = 64


def h(x):
    """x rounded to the nearest half (ties to even), as a float."""
    try:
        return struct.unpack('<e', struct.pack('<e', x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def hbits(x):
    return struct.unpack('<H', struct.pack('<e', x))[0]


def fmt(x):
    if math.isnan(x):
        return 'nan'
    if math.isinf(x):
        return 'inf' if x > 0 else '-inf'
    return x.hex() if x != 0 else ('-0.0' if math.copysign(1, x) < 0 else '0.0')


def uniform(r, lo, hi, n):
    return [h(lo + (hi - lo) * (v / 2.0**32)) for v in [r.bits(32) for _ in range(n)]]


def trans_test(r):
    pos = uniform(r, 0.01, 60.0, N)
    turns = uniform(r, -1.0, 1.0, N)
    ex = uniform(r, -10.0, 10.0, N)
    rad = uniform(r, -4.0, 4.0, N)
    exact = []
    for x in pos:
        exact.append(h(1.0 / x))
    for x in pos:
        exact.append(h(1.0 / math.sqrt(x)))
    for x in pos:
        exact.append(h(math.sqrt(x)))
    for x in pos:
        exact.append(h(math.log2(x)))
    for x in ex:
        exact.append(h(2.0 ** x))
    for x in turns:
        exact.append(h(math.sin(2 * math.pi * x)))
    for x in turns:
        exact.append(h(math.cos(2 * math.pi * x)))
    llvm = [h(math.sin(x)) for x in rad] + [h(math.cos(x)) for x in rad]
    return pos, turns, ex, rad, exact, llvm


def fixup(q, b, a):
    """v_div_fixup: q the quotient estimate of a / b (Vega ISA guide)."""
    neg = (math.copysign(1, b) < 0) != (math.copysign(1, a) < 0)
    if math.isnan(a):
        return a
    if math.isnan(b):
        return b
    if (b == 0 and a == 0) or (math.isinf(b) and math.isinf(a)):
        return math.nan
    if b == 0 or math.isinf(a):
        return -math.inf if neg else math.inf
    if math.isinf(b) or a == 0:
        return -0.0 if neg else 0.0
    return -abs(q) if neg else abs(q)


def exact_test(r):
    a = uniform(r, -50.0, 50.0, N)
    b = uniform(r, -8.0, 8.0, N)
    c = uniform(r, -100.0, 100.0, N)
    # special operands for div.fixup: zeros and infinities in both places
    specials = [(0.0, 0.0), (1.0, 0.0), (-2.0, 0.0), (0.0, 3.0), (math.inf, 2.0), (2.0, math.inf),
                (math.inf, math.inf), (-0.0, -5.0), (-7.0, 0.5)]
    for i, (num, den) in enumerate(specials):
        c[i], b[i] = num, den
    a[10], a[11], a[12] = 3.0, -2.5, 0.5  # fract of integers and halves
    out = []
    out += [h(x - math.floor(x)) for x in a]                  # fract
    out += [h(math.frexp(x)[0]) for x in a]                   # frexp.mant
    ints = [math.frexp(x)[1] & 0xffff for x in a]             # frexp.exp.i16
    out += [sorted([x, y, z])[1] for x, y, z in zip(a, b, c)]  # fmed3 (no NaN)
    out += [h(fixup(x, y, z)) for x, y, z in zip(a, b, c)]    # div.fixup(q = a, den = b, num = c)
    out += [h(h(x * y) + z) for x, y, z in zip(a, b, c)]      # fmad.ftz.f16
    f32 = [struct.unpack('<f', struct.pack('<f', struct.unpack('<f', struct.pack('<f', x * y))[0] + z))[0]
           for x, y, z in zip(a, b, c)]                       # fmad.ftz.f32
    return a, b, c, out, ints, f32


PREDS = [('oeq', 1, lambda x, y: x == y), ('olt', 4, lambda x, y: x < y),
         ('une', 14, lambda x, y: not (x == y)), ('uno', 8, lambda x, y: math.isnan(x) or math.isnan(y)),
         ('oge', 3, lambda x, y: x >= y)]


def fcmp_test(r):
    a = [float(v % 5) - 2.0 for v in [r.bits(32) for _ in range(N)]]
    b = [float(v % 5) - 2.0 for v in [r.bits(32) for _ in range(N)]]
    a[3], b[7], a[20], b[20] = math.nan, math.nan, math.inf, math.inf
    masks = []
    for _, _, f in PREDS:
        m = 0
        for i in range(N):
            if f(a[i], b[i]):
                m |= 1 << i
        masks.append(m)
    return a, b, masks


def halfs(v):
    return ' '.join(fmt(x) for x in v)


IR = r'''
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare half @llvm.amdgcn.rcp.f16(half)
declare half @llvm.amdgcn.rsq.f16(half)
declare half @llvm.amdgcn.sqrt.f16(half)
declare half @llvm.amdgcn.log.f16(half)
declare half @llvm.amdgcn.exp2.f16(half)
declare half @llvm.amdgcn.sin.f16(half)
declare half @llvm.amdgcn.cos.f16(half)
declare half @llvm.sin.f16(half)
declare half @llvm.cos.f16(half)
declare half @llvm.amdgcn.fract.f16(half)
declare half @llvm.amdgcn.frexp.mant.f16(half)
declare i16 @llvm.amdgcn.frexp.exp.i16.f16(half)
declare half @llvm.amdgcn.fmed3.f16(half, half, half)
declare half @llvm.amdgcn.div.fixup.f16(half, half, half)
declare half @llvm.amdgcn.fmad.ftz.f16(half, half, half)
declare float @llvm.amdgcn.fmad.ftz.f32(float, float, float)
declare i64 @llvm.amdgcn.fcmp.i64.f16(half, half, i32)
declare i64 @llvm.amdgcn.fcmp.i64.f64(double, double, i32)
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare double @llvm.amdgcn.sqrt.f64(double)

define void @put(ptr addrspace(1) %o, i32 %k, i32 %i, half %v) {
  %j0 = mul i32 %k, 64
  %j = add i32 %j0, %i
  %p = getelementptr half, ptr addrspace(1) %o, i32 %j
  store half %v, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @k_trans(ptr addrspace(1) %pos, ptr addrspace(1) %turns, ptr addrspace(1) %ex,
                                   ptr addrspace(1) %rad, ptr addrspace(1) %out, ptr addrspace(1) %lout) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pp = getelementptr half, ptr addrspace(1) %pos, i32 %i
  %x = load half, ptr addrspace(1) %pp
  %pt = getelementptr half, ptr addrspace(1) %turns, i32 %i
  %t = load half, ptr addrspace(1) %pt
  %pe = getelementptr half, ptr addrspace(1) %ex, i32 %i
  %e = load half, ptr addrspace(1) %pe
  %pr = getelementptr half, ptr addrspace(1) %rad, i32 %i
  %ra = load half, ptr addrspace(1) %pr
  %v0 = call half @llvm.amdgcn.rcp.f16(half %x)
  call void @put(ptr addrspace(1) %out, i32 0, i32 %i, half %v0)
  %v1 = call half @llvm.amdgcn.rsq.f16(half %x)
  call void @put(ptr addrspace(1) %out, i32 1, i32 %i, half %v1)
  %v2 = call half @llvm.amdgcn.sqrt.f16(half %x)
  call void @put(ptr addrspace(1) %out, i32 2, i32 %i, half %v2)
  %v3 = call half @llvm.amdgcn.log.f16(half %x)
  call void @put(ptr addrspace(1) %out, i32 3, i32 %i, half %v3)
  %v4 = call half @llvm.amdgcn.exp2.f16(half %e)
  call void @put(ptr addrspace(1) %out, i32 4, i32 %i, half %v4)
  %v5 = call half @llvm.amdgcn.sin.f16(half %t)
  call void @put(ptr addrspace(1) %out, i32 5, i32 %i, half %v5)
  %v6 = call half @llvm.amdgcn.cos.f16(half %t)
  call void @put(ptr addrspace(1) %out, i32 6, i32 %i, half %v6)
  %w0 = call half @llvm.sin.f16(half %ra)
  call void @put(ptr addrspace(1) %lout, i32 0, i32 %i, half %w0)
  %w1 = call half @llvm.cos.f16(half %ra)
  call void @put(ptr addrspace(1) %lout, i32 1, i32 %i, half %w1)
  ret void
}

define amdgpu_kernel void @k_exact(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c,
                                   ptr addrspace(1) %out, ptr addrspace(1) %iout, ptr addrspace(1) %fout) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr half, ptr addrspace(1) %a, i32 %i
  %x = load half, ptr addrspace(1) %pa
  %pb = getelementptr half, ptr addrspace(1) %b, i32 %i
  %y = load half, ptr addrspace(1) %pb
  %pc = getelementptr half, ptr addrspace(1) %c, i32 %i
  %z = load half, ptr addrspace(1) %pc
  %v0 = call half @llvm.amdgcn.fract.f16(half %x)
  call void @put(ptr addrspace(1) %out, i32 0, i32 %i, half %v0)
  %v1 = call half @llvm.amdgcn.frexp.mant.f16(half %x)
  call void @put(ptr addrspace(1) %out, i32 1, i32 %i, half %v1)
  %v2 = call half @llvm.amdgcn.fmed3.f16(half %x, half %y, half %z)
  call void @put(ptr addrspace(1) %out, i32 2, i32 %i, half %v2)
  %v3 = call half @llvm.amdgcn.div.fixup.f16(half %x, half %y, half %z)
  call void @put(ptr addrspace(1) %out, i32 3, i32 %i, half %v3)
  %v4 = call half @llvm.amdgcn.fmad.ftz.f16(half %x, half %y, half %z)
  call void @put(ptr addrspace(1) %out, i32 4, i32 %i, half %v4)
  %ex = call i16 @llvm.amdgcn.frexp.exp.i16.f16(half %x)
  %pi = getelementptr i16, ptr addrspace(1) %iout, i32 %i
  store i16 %ex, ptr addrspace(1) %pi
  %fx = fpext half %x to float
  %fy = fpext half %y to float
  %fz = fpext half %z to float
  %m = call float @llvm.amdgcn.fmad.ftz.f32(float %fx, float %fy, float %fz)
  %pf = getelementptr float, ptr addrspace(1) %fout, i32 %i
  store float %m, ptr addrspace(1) %pf
  ret void
}

define amdgpu_kernel void @k_fcmp(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr half, ptr addrspace(1) %a, i32 %i
  %x = load half, ptr addrspace(1) %pa
  %pb = getelementptr half, ptr addrspace(1) %b, i32 %i
  %y = load half, ptr addrspace(1) %pb
  %dx = fpext half %x to double
  %dy = fpext half %y to double
@CMPS@
  %c = fcmp oeq half %x, %y
  %bl = call i64 @llvm.amdgcn.ballot.i64(i1 %c)
  %jb = add i32 %i, 640
  %pbl = getelementptr i64, ptr addrspace(1) %out, i32 %jb
  store i64 %bl, ptr addrspace(1) %pbl
  %fi = uitofp i32 %i to double
  %sq = call double @llvm.amdgcn.sqrt.f64(double %fi)
  %sqb = bitcast double %sq to i64
  %jq = add i32 %i, 832
  %psq = getelementptr i64, ptr addrspace(1) %out, i32 %jq
  store i64 %sqb, ptr addrspace(1) %psq
  %lt = icmp ult i32 %i, 40
  br i1 %lt, label %in, label %done
in:
  %bi = call i64 @llvm.amdgcn.ballot.i64(i1 %c)
  %ji = add i32 %i, 704
  %pbi = getelementptr i64, ptr addrspace(1) %out, i32 %ji
  store i64 %bi, ptr addrspace(1) %pbi
  %bt = call i64 @llvm.amdgcn.ballot.i64(i1 true)
  %jt = add i32 %i, 768
  %pbt = getelementptr i64, ptr addrspace(1) %out, i32 %jt
  store i64 %bt, ptr addrspace(1) %pbt
  br label %done
done:
  ret void
}
'''


def cmps():
    lines = []
    for n, (name, pr, _) in enumerate(PREDS):
        for q, (ty, a, b) in enumerate([('f16', 'half %x', 'half %y'), ('f64', 'double %dx', 'double %dy')]):
            slot = 2 * n + q
            lines += [f'  %m{slot} = call i64 @llvm.amdgcn.fcmp.i64.{ty}({a}, {b}, i32 {pr}) ; {name}',
                      f'  %j{slot} = add i32 %i, {slot * 64}',
                      f'  %p{slot} = getelementptr i64, ptr addrspace(1) %out, i32 %j{slot}',
                      f'  store i64 %m{slot}, ptr addrspace(1) %p{slot}']
    return '\n'.join(lines)


def main():
    r = Rng(2616)
    pos, turns, ex, rad, trans, llvm = trans_test(r)
    a, b, c, exact, ints, f32 = exact_test(r)
    fa, fb, masks = fcmp_test(r)
    m = []
    for mk in masks:
        m += [mk, mk]  # f16 then f64: the same compares (halves are exact in double)
    cmpout = [v for v in m for _ in range(N)]
    # ballot of the oeq compare: every lane, then inside a branch taken by
    # lanes 0..39 (the others keep 0), and ballot(true) there
    inside = (1 << 40) - 1
    cmpout += [masks[0]] * N
    cmpout += [masks[0] & inside if i < 40 else 0 for i in range(N)]
    cmpout += [inside if i < 40 else 0 for i in range(N)]
    # llvm.amdgcn.sqrt.f64 of the lane number (correctly rounded), as bits
    cmpout += [struct.unpack('<Q', struct.pack('<d', math.sqrt(i)))[0] for i in range(N)]
    lines = ['; # GENERATED by tests/kernels/gen/gen_f16_intrinsics.py -- do not edit.',
             '; [config]', '; name: f16 forms of llvm.amdgcn intrinsics and amdgcn.fcmp of f16/f64 (issue 26)',
             '; dimensions: 1', '; # not gfx942: it has no v_mad_f32 for fmad.ftz (llc-19 cannot select it there either)', '; device_regex: gfx900|gfx90a', '; global_size: 64 0 0', '; local_size: 64 0 0', ';',
             '; [test]', '; name: transcendental f16', '; kernel_name: k_trans',
             f'; arg_in: 0 buffer half[64] {halfs(pos)}',
             f'; arg_in: 1 buffer half[64] {halfs(turns)}',
             f'; arg_in: 2 buffer half[64] {halfs(ex)}',
             f'; arg_in: 3 buffer half[64] {halfs(rad)}',
             '; arg_in: 4 buffer half[448] repeat 0',
             f'; arg_out: 4 buffer half[448] {halfs(trans)} tolerance 1 ulp',
             '; arg_in: 5 buffer half[128] repeat 0',
             f'; arg_out: 5 buffer half[128] {halfs(llvm)} tolerance 0.004', ';',
             '; [test]', '; name: exact f16 and fmad.ftz', '; kernel_name: k_exact',
             f'; arg_in: 0 buffer half[64] {halfs(a)}',
             f'; arg_in: 1 buffer half[64] {halfs(b)}',
             f'; arg_in: 2 buffer half[64] {halfs(c)}',
             '; arg_in: 3 buffer half[320] repeat 0',
             f'; arg_out: 3 buffer half[320] {halfs(exact)}',
             '; arg_in: 4 buffer ushort[64] repeat 0',
             f'; arg_out: 4 buffer ushort[64] {" ".join(map(str, ints))}',
             '; arg_in: 5 buffer float[64] repeat 0',
             f'; arg_out: 5 buffer float[64] {" ".join(fmt(x) for x in f32)}', ';',
             '; [test]', '; name: amdgcn.fcmp f16 and f64 lane masks, ballot', '; kernel_name: k_fcmp',
             f'; arg_in: 0 buffer half[64] {halfs(fa)}',
             f'; arg_in: 1 buffer half[64] {halfs(fb)}',
             f'; arg_in: 2 buffer ulong[{len(cmpout)}] repeat 0',
             f'; arg_out: 2 buffer ulong[{len(cmpout)}] {" ".join(map(str, cmpout))}']
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, '..', 'f_f16_intrinsics.ll'), 'w') as f:
        f.write('\n'.join(lines) + '\n' + IR.replace('@CMPS@', cmps()))


if __name__ == '__main__':
    main()
