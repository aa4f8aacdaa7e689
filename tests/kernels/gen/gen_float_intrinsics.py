#!/usr/bin/env python3
"""Generates tests/kernels/f_float_intrinsics.ll (issue 26;
llvm/expand_float_intrinsics.c): llvm.sin/cos/exp2/log2/exp/log/exp10/log10 and pow on f32 and
the hardware's llvm.amdgcn.sin/cos/exp2/log, against the host's libm in
double rounded to f32: within 4 ulp for the exponentials and logarithms
(denormal inputs and results, overflow to inf, 0, negative and inf inputs
included), within 3e-5 for sin/cos of |x| <= 150 (the 1/2pi scaling in f32).
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test  # noqa: E402
from gen_fatptr import write_ll  # noqa: E402

N = 64
FNS = ['sin', 'cos', 'exp2', 'log2', 'exp', 'log', 'exp10', 'log10']
HW = ['llvm.amdgcn.sin', 'llvm.amdgcn.cos', 'llvm.amdgcn.exp2', 'llvm.amdgcn.log']


def f32(x):
    try:
        return struct.unpack('<f', struct.pack('<f', x))[0]
    except OverflowError:
        return math.copysign(float('inf'), x)


def ir():
    args = ', '.join('ptr addrspace(1) %%o%d' % i for i in range(len(FNS) + len(HW)))
    s = '\ndefine amdgpu_kernel void @k_fn(ptr addrspace(1) %in, ptr addrspace(1) %inp, ' + args + ') {\n'
    s += '  %t = call i32 @llvm.amdgcn.workitem.id.x()\n'
    s += '  %p = getelementptr float, ptr addrspace(1) %in, i32 %t\n  %x = load float, ptr addrspace(1) %p\n'
    s += '  %pp = getelementptr float, ptr addrspace(1) %inp, i32 %t\n  %y = load float, ptr addrspace(1) %pp\n'
    for i, fn in enumerate(FNS + HW):
        name = fn if fn.startswith('llvm.') else 'llvm.%s.f32' % fn
        arg = '%y' if fn in ('log2', 'log', 'log10', 'llvm.amdgcn.log') else '%x'
        s += '  %%r%d = call float @%s(float %s)\n' % (i, name, arg)
        s += '  %%q%d = getelementptr float, ptr addrspace(1) %%o%d, i32 %%t\n' % (i, i)
        s += '  store float %%r%d, ptr addrspace(1) %%q%d\n' % (i, i)
    s += '  ret void\n}\n\ndeclare i32 @llvm.amdgcn.workitem.id.x()\n'
    for fn in FNS:
        s += 'declare float @llvm.%s.f32(float)\n' % fn
    for fn in HW:
        s += 'declare float @%s(float)\n' % fn
    s += '''
; pow as llc-19 lowers it (amdgcn.exp2(fmul.legacy(y, amdgcn.log(x))))
define amdgpu_kernel void @k_pow(ptr addrspace(1) %px, ptr addrspace(1) %py, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr float, ptr addrspace(1) %px, i32 %t
  %x = load float, ptr addrspace(1) %a
  %b = getelementptr float, ptr addrspace(1) %py, i32 %t
  %y = load float, ptr addrspace(1) %b
  %r = call float @llvm.pow.f32(float %x, float %y)
  %o = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %o
  ret void
}

declare float @llvm.pow.f32(float, float)
'''
    return s


def ref(fn, x):
    try:
        if fn == 'sin':
            return f32(math.sin(x))
        if fn == 'cos':
            return f32(math.cos(x))
        if fn == 'exp2':
            return f32(2.0 ** x)
        if fn == 'exp':
            return f32(math.exp(x)) if x < 89 else float('inf')
        if fn == 'exp10':
            return f32(10.0 ** x) if x < 39 else float('inf')
        if fn == 'llvm.amdgcn.sin':
            return f32(math.sin(2 * math.pi * x))
        if fn == 'llvm.amdgcn.cos':
            return f32(math.cos(2 * math.pi * x))
        if fn == 'llvm.amdgcn.exp2':
            return f32(2.0 ** x)
        # logarithms of the positive inputs
        if x == 0:
            return float('-inf')
        if x < 0:
            return float('nan')
        if x == float('inf'):
            return x
        if fn == 'log10':
            return f32(math.log10(x))
        return f32(math.log2(x) if fn in ('log2', 'llvm.amdgcn.log') else math.log(x))
    except OverflowError:
        return float('inf')


def main():
    rng = Rng(2019)
    xs = [f32(rng.range(-50000, 50000) / 1000.0) for _ in range(N - 8)] + [0.0, -0.0, 1.0, -1.0, 0.5, -87.5, -120.0, 88.0]
    ys = [f32(2.0 ** (rng.range(-14000, 12000) / 100.0)) for _ in range(N - 10)]
    ys += [0.0, 1.0, 2.0, -1.0, float('inf'), f32(1e-40), f32(3e-39), f32(1.5e-45), 3.4e38, 0.25]
    # exp2 of the [-140, -126) range gives denormals: for these lanes use exp2 inputs in it
    xe = list(xs)
    xe[:6] = [-130.5, -127.25, -140.0, -149.0, 127.5, 128.5]
    te = Test('f32 sin/cos/exp2/log2/exp/log/exp10/log10 and the amdgcn forms', kernel_name='k_fn')
    te.inp(0, 'float', N, xe).inp(1, 'float', N, ys)
    for i, fn in enumerate(FNS + HW):
        src = ys if fn in ('log2', 'log', 'log10', 'llvm.amdgcn.log') else xe
        vals = [ref(fn, x) for x in src]
        if fn in ('sin', 'cos', 'llvm.amdgcn.sin', 'llvm.amdgcn.cos'):
            assert all(abs(x) <= 150 for x in src), fn  # the f32 scaling's error stays below 1e-5
            te.inp(2 + i, 'float', N, [0.0] * N).out(2 + i, 'float', N, vals, tol='0.00003')
        else:
            te.inp(2 + i, 'float', N, [0.0] * N).out(2 + i, 'float', N, vals, tol='4 ulp')
    # pow: x in [1/4, 4], y in [-4, 4] (|y log2 x| <= 8: the f32 log's
    # rounding grows to at most 6 ulp of the result), and pow(x, 0) = 1
    # for x = 0 and inf (the legacy multiply)
    px = [f32(2.0 ** (rng.range(-2000, 2000) / 1000.0)) for _ in range(N - 4)] + [0.0, float('inf'), 2.0, 3.0]
    py = [f32(rng.range(-4000, 4000) / 1000.0) for _ in range(N - 4)] + [0.0, 0.0, 10.0, 0.5]
    tp = Test('f32 pow', kernel_name='k_pow').inp(0, 'float', N, px).inp(1, 'float', N, py)
    tp.inp(2, 'float', N, [0.0] * N).out(2, 'float', N, [f32(x ** y) for x, y in zip(px, py)], tol='8 ulp')
    lines = ['[config]', 'name: f32 transcendental intrinsics (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N]
    write_ll('f_float_intrinsics.ll', 'gen_float_intrinsics.py', lines, [te, tp], ir())


if __name__ == '__main__':
    main()
