#!/usr/bin/python3
"""Generates tests/kernels/f_frem.ll: frem on half, float, double and
<2 x float>. frem is C's fmod (LangRef), exact: wavecc's expand-frem
(src/llvm/expand_frem.cpp) computes it. Until session 19 this file
expected llc-19's LowerFREM form, fma(-trunc(x / y), y, x), which differs
for y = inf (NaN, not x) and for quotients that round up to an integer;
llc-19 now fails it (KNOWN-FAILURES.llc*). Host reference: math.fmod on
the operands' exact double values (issue 26 chose the inputs: frem.ll and
dagcombine-select.ll of LLVM's tests). f_frem_exact.ll has the large
quotients."""
import math
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpref import F16, F32, F64  # noqa: E402
import kt  # noqa: E402

N = 64


def frem(fmt, x, y):
    """fmod of the bit patterns x, y as a Python float (NaN for the
    invalid cases); exact, and representable in fmt."""
    if fmt.is_nan(x) or fmt.is_nan(y) or fmt.is_inf(x) or (not fmt.is_inf(y) and fmt.value(y) == 0):
        return float('nan')
    xv = -float('inf') if fmt.is_inf(x) and fmt.sign(x) else float(fmt.value(x))
    if fmt.sign(x) and xv == 0:
        xv = -0.0
    if fmt.is_inf(y):
        return xv
    return math.fmod(xv, float(fmt.value(y)))


def inputs(fmt, r, lo_e, hi_e):
    """x, y bit patterns: random magnitudes 2^lo_e..2^hi_e, both signs,
    plus the special cases first."""
    one = fmt.encode(type(fmt.max)(1), False)
    sp = [(fmt.zero(False), one), (fmt.zero(True), one), (one, fmt.zero(False)),
          (fmt.inf(False), one), (one, fmt.inf(False)), (fmt.nan(), one)]
    xs, ys = [a for a, _ in sp], [b for _, b in sp]
    while len(xs) < N:
        x = r.bits(fmt.bits) & ((1 << fmt.m) - 1) | (fmt.bias + r.range(lo_e, hi_e)) << fmt.m
        y = r.bits(fmt.bits) & ((1 << fmt.m) - 1) | (fmt.bias + r.range(lo_e - 6, hi_e - 2)) << fmt.m
        xs.append(x | r.bits(1) << (fmt.bits - 1))
        ys.append(y | r.bits(1) << (fmt.bits - 1))
    return xs, ys


KERNEL = """
define amdgpu_kernel void @frem_{n}(ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %out) {{
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %px = getelementptr {t}, ptr addrspace(1) %x, i32 %i
  %py = getelementptr {t}, ptr addrspace(1) %y, i32 %i
  %a = load {t}, ptr addrspace(1) %px
  %b = load {t}, ptr addrspace(1) %py
  %r = frem {t} %a, %b
  %po = getelementptr {t}, ptr addrspace(1) %out, i32 %i
  store {t} %r, ptr addrspace(1) %po
  ret void
}}
"""


def fmt_val(fmt, b):
    if fmt.is_nan(b):
        return 'nan'
    if fmt.is_inf(b):
        return '-inf' if fmt.sign(b) else 'inf'
    v = float(fmt.value(b))
    if v == 0 and fmt.sign(b):
        return '-0x0p+0'
    return v.hex()


def res_val(v):
    if math.isnan(v):
        return 'nan'
    if v == 0 and math.copysign(1, v) < 0:
        return '-0x0p+0'
    return v.hex()


def main():
    r = kt.Rng(2611)
    lines = ['[config]', 'name: frem (C fmod, exact)', 'dimensions: 1', '']
    ir = 'declare i32 @llvm.amdgcn.workitem.id.x()\n'
    cases = [('f16', 'half', 'half', F16, 0, 9), ('f32', 'float', 'float', F32, -4, 20),
             ('f64', 'double', 'double', F64, -4, 40), ('v2f32', '<2 x float>', 'float', F32, -3, 12)]
    for name, ty, ct, fmt, lo, hi in cases:
        n = N * 2 if name == 'v2f32' else N
        xs, ys = inputs(fmt, r, lo, hi)
        if name == 'v2f32':
            x2, y2 = inputs(fmt, r, lo + 2, hi + 2)
            xs = [v for pair in zip(xs, x2) for v in pair]
            ys = [v for pair in zip(ys, y2) for v in pair]
        res = [frem(fmt, a, b) for a, b in zip(xs, ys)]
        ct1 = ct
        fv = [fmt_val(fmt, v) for v in xs], [fmt_val(fmt, v) for v in ys], [res_val(v) for v in res]
        lines += ['[test]', 'name: frem %s' % ty, 'kernel_name: frem_%s' % name,
                  'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N,
                  'arg_in: 0 buffer %s[%d] %s' % (ct1, n, ' '.join(fv[0])),
                  'arg_in: 1 buffer %s[%d] %s' % (ct1, n, ' '.join(fv[1])),
                  'arg_in: 2 buffer %s[%d] repeat 0' % (ct1, n),
                  'arg_out: 2 buffer %s[%d] %s' % (ct1, n, ' '.join(fv[2])), '']
        ir += KERNEL.format(n=name, t=ty)
    kt.write_ll('f_frem.ll', lines, ir)


if __name__ == '__main__':
    main()
