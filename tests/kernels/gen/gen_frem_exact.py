#!/usr/bin/python3
"""Generates tests/kernels/f_frem_exact.ll: frem is C's fmod (LangRef), whose
result is exact, also when x / y is far beyond the mantissa (1e300 / 3,
1e38f / 7e-39f, 65504 / 0.001 in half), for subnormal operands, negative
values, exact multiples, quotients that round up to an integer
(x = pred(k * y)), y = inf (x) and the NaN cases (x inf or NaN, y 0 or
NaN). llc-19 lowers frem to fma(-trunc(x / y), y, x), which is not exact
there (llvm-stress seed 64526; tests/fuzz/README.md, sessions 19 fz19b and
fr19), so this file is in KNOWN-FAILURES.llc*. Host reference: Python's
math.fmod on doubles (exact; half and float operands are doubles exactly,
and their remainders are representable in their own type).
Kernels: scalar half/float/double, <2 x double>, a frem under a divergent
branch (odd lanes), a uniform frem (operands loaded at index 0), and
bfloat (computed in float; buffers of bit patterns, no NaN cases)."""
import math
import os
import struct
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kt  # noqa: E402
from gen_frem import KERNEL  # noqa: E402  (the one-frem kernel of f_frem.ll)

N = 64
INF, NAN = float('inf'), float('nan')
FMT = {'half': 'e', 'float': 'f', 'double': 'd'}
BITS = {'half': 16, 'float': 32, 'double': 64}


def rnd(t, v):
    """v rounded to type t (half/float through struct, which rounds to
    nearest even; inf when out of range)."""
    try:
        return struct.unpack(FMT[t], struct.pack(FMT[t], v))[0]
    except OverflowError:
        return math.copysign(INF, v)


def from_bits(t, b):
    return struct.unpack(FMT[t], b.to_bytes(BITS[t] // 8, 'little'))[0]


def to_bits(t, v):
    return int.from_bytes(struct.pack(FMT[t], v), 'little')


def pred(t, v):
    """The next value of type t toward 0 (v finite, not 0)."""
    return from_bits(t, to_bits(t, v) - 1)


def fmod(x, y):
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or y == 0:
        return NAN
    return math.fmod(x, y)  # exact; y = inf gives x


TINY = {'half': 2.0 ** -24, 'float': 2.0 ** -149, 'double': 5e-324}
MAX = {'half': 65504.0, 'float': 3.4028234663852886e38, 'double': 1.7976931348623157e308}


def special(t):
    """Hand-picked (x, y) pairs of type t."""
    tiny, mx = TINY[t], MAX[t]
    c = [(0.0, 1.0), (-0.0, 5.0), (1.0, 0.0), (INF, 1.0), (-INF, 3.0), (1.0, INF), (-2.5, -INF),
         (NAN, 1.0), (1.0, NAN), (6.0, 3.0), (-6.0, 3.0), (7.0, -7.0), (2.5, 1e4 if t != 'half' else 1000.0),
         (mx, tiny), (-mx, tiny * 3), (mx, 1.5), (mx, -3.0), (tiny * 7, tiny * 2), (tiny * 5, -tiny)]
    # quotients that round up to an integer: x = pred(k * y)
    for k, y in [(5, 3.0), (3, 0.1), (1000, 1.1), (7, -0.3)]:
        c.append((pred(t, rnd(t, k * rnd(t, y))), y))
    if t == 'half':
        c += [(65504.0, 0.001), (-65504.0, 0.001), (65504.0, 3.0), (1000.0, 0.1), (65504.0, 6e-5),
              (2048.0, 3.0), (-1.5, 2.0 ** -24), (60000.0, 2.0 ** -20)]
    elif t == 'float':
        c += [(1e38, 7e-39), (-1e38, 7e-39), (3.4e38, 1e-45), (1e30, 3.0), (1e20, 0.1), (16777216.0 * 1.5, 0.1),
              (16777215.0, 2.0), (16777217.0 * 2, 3.0), (1e-40, 3e-44), (-1e10, 1e-30), (8388607.5, 0.5)]
    else:
        c += [(1e300, 3.0), (-1e300, 3.0), (1.13e97, -2.2e-55), (1e20, 3.3), (-1e30, 7.1), (3e15, 0.7),
              (from_bits('double', 0x54153AB464134032), from_bits('double', 0xB4953B34049380B2)),
              (1e-310, 3e-320), (2.0 ** 53, 3.0), (2.0 ** 53 - 1, 2.0), (1e308, 1e-308), (-1e200, 1e-100),
              (4503599627370495.5, 0.5)]
    return [(rnd(t, x), rnd(t, y)) for x, y in c]


def randoms(t, r, n):
    """Wide-range random pairs: exponents of x and y far apart, both signs."""
    e = {'half': (-24, 15), 'float': (-149, 127), 'double': (-1074, 1023)}[t]
    out = []
    while len(out) < n:
        def one():
            m = 1 + r.bits(30) / 2.0 ** 30
            v = rnd(t, m * 2.0 ** r.range(e[0], e[1]))
            return -v if r.bits(1) else v
        x, y = one(), one()
        if math.isinf(x) or math.isinf(y) or y == 0:
            continue
        if abs(x) < abs(y):
            x, y = y, x
        out.append((x, y))
    return out


def bf16(bits):
    """The bfloat with these 16 bits, as a Python float."""
    return from_bits('float', bits << 16)


def bf16_bits(v):
    b = to_bits('float', v)
    assert b & 0xffff == 0, v  # fmod of bfloat values is a bfloat
    return b >> 16


def bf16_pairs(r):
    """bfloat (x, y) bit pairs: huge over tiny (subnormal) quotients,
    exact multiples (-6 / 3: -0), y = inf, quotients rounding up to an
    integer, then random wide-range pairs; none gives NaN."""
    c = [(0x7f7f, 0x0001), (0xff7f, 0x0003), (0x7e96, 0x3f80 | 0x40), (0x5f00, 0x3dcd), (0xc0c0, 0x4040),
         (0x40c0, 0x4040), (0x3f80, 0x7f80), (0xbf80, 0xff80), (0x0005, 0x0002), (0x0000, 0x3f80), (0x8000, 0x3f80)]
    for k, y in [(5, 0x4040), (3, 0x3dcd), (1000, 0x3f8d)]:
        yv = bf16(y)
        xb = bf16_bits(from_bits('float', to_bits('float', k * yv) & 0xffff0000)) - 1
        c.append((xb, y))
    while len(c) < N:
        x, y = r.bits(15), r.bits(15)
        if (x >> 7) == 0xff or (y >> 7) == 0xff or y == 0:
            continue
        if abs(bf16(x)) < abs(bf16(y)):
            x, y = y, x
        c.append((x | r.bits(1) << 15, y | r.bits(1) << 15))
    return c


def fmt_val(v):
    if math.isnan(v):
        return 'nan'
    if math.isinf(v):
        return '-inf' if v < 0 else 'inf'
    if v == 0:
        return '-0x0p+0' if math.copysign(1, v) < 0 else '0x0.0p+0'
    return v.hex()


COND = """
; frem under a divergent branch: odd lanes only, even lanes store x
define amdgpu_kernel void @frem_f32_odd(ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %out) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %px = getelementptr float, ptr addrspace(1) %x, i32 %i
  %py = getelementptr float, ptr addrspace(1) %y, i32 %i
  %a = load float, ptr addrspace(1) %px
  %odd = and i32 %i, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %join
then:
  %b = load float, ptr addrspace(1) %py
  %r = frem float %a, %b
  br label %join
join:
  %v = phi float [ %r, %then ], [ %a, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float %v, ptr addrspace(1) %po
  ret void
}

; a uniform frem (scalar branch and loop): every lane stores x[0] frem y[0]
define amdgpu_kernel void @frem_f64_uniform(ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %a = load double, ptr addrspace(1) %x
  %b = load double, ptr addrspace(1) %y
  %r = frem double %a, %b
  %po = getelementptr double, ptr addrspace(1) %out, i32 %i
  store double %r, ptr addrspace(1) %po
  ret void
}
"""


def test(lines, name, kernel, ct, xs, ys, res):
    n = len(xs)
    lines += ['[test]', 'name: %s' % name, 'kernel_name: %s' % kernel,
              'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N,
              'arg_in: 0 buffer %s[%d] %s' % (ct, n, ' '.join(map(fmt_val, xs))),
              'arg_in: 1 buffer %s[%d] %s' % (ct, n, ' '.join(map(fmt_val, ys))),
              'arg_in: 2 buffer %s[%d] repeat 0' % (ct, n),
              'arg_out: 2 buffer %s[%d] %s' % (ct, n, ' '.join(map(fmt_val, res))), '']


def main():
    r = kt.Rng(6452)
    lines = ['[config]', 'name: frem exact (C fmod) for large quotients, subnormals and special values',
             'dimensions: 1', '']
    ir = 'declare i32 @llvm.amdgcn.workitem.id.x()\n'
    for t, name in [('half', 'f16'), ('float', 'f32'), ('double', 'f64')]:
        pairs = special(t)
        pairs += randoms(t, r, N - len(pairs))
        xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
        res = [rnd(t, fmod(x, y)) for x, y in pairs]
        test(lines, 'frem exact %s' % t, 'frem_' + name, t, xs, ys, res)
        ir += KERNEL.format(n=name, t=t)
    # <2 x double>: special pairs of double, then random ones
    pairs = special('double') + randoms('double', r, 2 * N - len(special('double')))
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    test(lines, 'frem exact <2 x double>', 'frem_v2f64', 'double', xs, ys, [fmod(x, y) for x, y in pairs])
    ir += KERNEL.format(n='v2f64', t='<2 x double>')
    # divergent: odd lanes frem, even lanes x
    pairs = special('float') + randoms('float', r, N - len(special('float')))
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    res = [rnd('float', fmod(x, y)) if i & 1 else x for i, (x, y) in enumerate(pairs)]
    test(lines, 'frem exact float, odd lanes', 'frem_f32_odd', 'float', xs, ys, res)
    # uniform: llvm-stress seed 64526's operands (fmod 2.1e-55; llc-19's form gives 3.9e80)
    xs = [from_bits('double', 0x54153AB464134032)] + [float(i) for i in range(1, N)]
    ys = [from_bits('double', 0xB4953B34049380B2)] + [1.0] * (N - 1)
    test(lines, 'frem exact double, uniform', 'frem_f64_uniform', 'double', xs, ys, [fmod(xs[0], ys[0])] * N)
    # bfloat, bit patterns
    pairs = bf16_pairs(r)
    res = [bf16_bits(fmod(bf16(x), bf16(y))) for x, y in pairs]
    lines += ['[test]', 'name: frem exact bfloat (bits)', 'kernel_name: frem_bf16',
              'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N,
              'arg_in: 0 buffer ushort[%d] %s' % (N, ' '.join(str(x) for x, _ in pairs)),
              'arg_in: 1 buffer ushort[%d] %s' % (N, ' '.join(str(y) for _, y in pairs)),
              'arg_in: 2 buffer ushort[%d] repeat 0' % N,
              'arg_out: 2 buffer ushort[%d] %s' % (N, ' '.join(map(str, res))), '']
    ir += KERNEL.format(n='bf16', t='bfloat')
    ir += COND
    kt.write_ll('f_frem_exact.ll', lines, ir)


if __name__ == '__main__':
    main()
