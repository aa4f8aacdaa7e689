#!/usr/bin/python3
"""Generates tests/kernels/f_frem_more.ll (fz20a, session 20): more shapes
of the exact frem expansion (src/llvm/expand_frem.cpp, session 19) than
f_frem_exact.ll: a frem in a loop with a divergent trip count whose value
feeds the next iteration (lanes mix the fast path and the long division);
`nnan ninf nsz` flags (the y = inf test dropped); <3 x half> and
<4 x float> frems by a uniform divisor; a uniform dividend over divergent
double divisors. Host reference: math.fmod (exact) on doubles, the loop's
multiply and add rounded once each by fpref.py."""
import math
import os
import struct
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kt  # noqa: E402
from fpref import F32, op  # noqa: E402

N = 64


def fb(v):
    return struct.unpack('<I', struct.pack('<f', v))[0]


def bf(b):
    return struct.unpack('<f', struct.pack('<I', b))[0]


def rnd(fmtc, v):
    try:
        return struct.unpack(fmtc, struct.pack(fmtc, v))[0]
    except OverflowError:
        return math.copysign(float('inf'), v)


def fmod(x, y):
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or y == 0:
        return float('nan')
    return math.fmod(x, y)


def fv(v):
    if math.isnan(v):
        return 'nan'
    if math.isinf(v):
        return '-inf' if v < 0 else 'inf'
    if v == 0:
        return '-0x0p+0' if math.copysign(1, v) < 0 else '0x0.0p+0'
    return v.hex()


IR = '''
define amdgpu_kernel void @loop(ptr addrspace(1) %out, ptr addrspace(1) %px, ptr addrspace(1) %py, float %big) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gx = getelementptr float, ptr addrspace(1) %px, i32 %tid
  %gy = getelementptr float, ptr addrspace(1) %py, i32 %tid
  %x = load float, ptr addrspace(1) %gx
  %y = load float, ptr addrspace(1) %gy
  %n0 = and i32 %tid, 7
  %n = add i32 %n0, 1
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %acc = phi float [ %x, %entry ], [ %r, %body ]
  %m = fmul float %acc, %big
  %s = fadd float %m, %x
  %r = frem float %s, %y
  %i1 = add i32 %i, 1
  %d = icmp eq i32 %i1, %n
  br i1 %d, label %exit, label %body
exit:
  %go = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %go
  ret void
}

define amdgpu_kernel void @flags(ptr addrspace(1) %out, ptr addrspace(1) %px, ptr addrspace(1) %py) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gx = getelementptr float, ptr addrspace(1) %px, i32 %tid
  %gy = getelementptr float, ptr addrspace(1) %py, i32 %tid
  %x = load float, ptr addrspace(1) %gx
  %y = load float, ptr addrspace(1) %gy
  %r = frem nnan ninf nsz float %x, %y
  %go = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %go
  ret void
}

define amdgpu_kernel void @vec(ptr addrspace(1) %out, ptr addrspace(1) %outh, ptr addrspace(1) %px, ptr addrspace(1) %pxh, <4 x float> %y, <3 x half> %yh) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gx = getelementptr <4 x float>, ptr addrspace(1) %px, i32 %tid
  %x = load <4 x float>, ptr addrspace(1) %gx
  %r = frem <4 x float> %x, %y
  %go = getelementptr <4 x float>, ptr addrspace(1) %out, i32 %tid
  store <4 x float> %r, ptr addrspace(1) %go
  %i3 = mul i32 %tid, 3
  %gxh = getelementptr half, ptr addrspace(1) %pxh, i32 %i3
  %xh = load <3 x half>, ptr addrspace(1) %gxh, align 2
  %rh = frem <3 x half> %xh, %yh
  %goh = getelementptr half, ptr addrspace(1) %outh, i32 %i3
  store <3 x half> %rh, ptr addrspace(1) %goh, align 2
  ret void
}

define amdgpu_kernel void @uniform_x(ptr addrspace(1) %out, double %x, ptr addrspace(1) %py) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gy = getelementptr double, ptr addrspace(1) %py, i32 %tid
  %y = load double, ptr addrspace(1) %gy
  %r = frem double %x, %y
  %go = getelementptr double, ptr addrspace(1) %out, i32 %tid
  store double %r, ptr addrspace(1) %go
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
'''


def main():
    r = kt.Rng(0xf20c)

    def wide(lo, hi, fmtc):
        m = 1 + r.bits(30) / 2.0 ** 30
        v = rnd(fmtc, m * 2.0 ** r.range(lo, hi))
        return -v if r.bits(1) else v

    lines = ['[config]', 'name: frem exact: loops, flags, vectors, uniform operands', 'dimensions: 1', '']
    # loop
    for t, big in enumerate([1e7, 3.0e30, 0.75]):
        big = rnd('<f', big)
        xs = [wide(-30, 40, '<f') for _ in range(N)]
        ys = [wide(-40, 10, '<f') for _ in range(N)]
        ys[3] = float('inf')
        ys[4] = 0.0
        exp = []
        for i in range(N):
            acc = xs[i]
            for _ in range((i & 7) + 1):
                m = bf(op(F32, 'mul', [fb(acc), fb(big)]))
                s = bf(op(F32, 'add', [fb(m), fb(xs[i])]))
                acc = fmod(s, ys[i])
            exp.append(acc)
        lines += ['[test]', 'name: frem loop %d' % t, 'kernel_name: loop', 'global_size: %d 0 0' % N,
                  'local_size: %d 0 0' % N, 'arg_in: 0 buffer float[%d] repeat 0' % N,
                  'arg_out: 0 buffer float[%d] %s' % (N, ' '.join(fv(v) for v in exp)),
                  'arg_in: 1 buffer float[%d] %s' % (N, ' '.join(fv(v) for v in xs)),
                  'arg_in: 2 buffer float[%d] %s' % (N, ' '.join(fv(v) for v in ys)),
                  'arg_in: 3 float %s' % fv(big), '']
    # flags: finite operands, y != 0
    xs = [wide(-149, 127, '<f') for _ in range(N)]
    ys = [wide(-149, 127, '<f') for _ in range(N)]
    ys = [y if y != 0 and not math.isinf(y) else 1.0 for y in ys]
    xs = [x if not math.isinf(x) else 3.0 for x in xs]
    xs[0], ys[0] = 6.0, 3.0
    xs[1], ys[1] = -6.0, 3.0
    lines += ['[test]', 'name: frem nnan ninf nsz', 'kernel_name: flags', 'global_size: %d 0 0' % N,
              'local_size: %d 0 0' % N, 'arg_in: 0 buffer float[%d] repeat 0' % N,
              'arg_out: 0 buffer float[%d] %s' % (N, ' '.join(fv(fmod(x, y)) for x, y in zip(xs, ys))),
              'arg_in: 1 buffer float[%d] %s' % (N, ' '.join(fv(v) for v in xs)),
              'arg_in: 2 buffer float[%d] %s' % (N, ' '.join(fv(v) for v in ys)), '']
    # vectors, uniform divisors
    y4 = [rnd('<f', 3.0), rnd('<f', 1e-30), rnd('<f', -0.1), float('inf')]
    yh = [rnd('<e', 0.001), rnd('<e', -7.0), rnd('<e', 2.0 ** -24)]
    x4 = [wide(-60, 127, '<f') for _ in range(4 * N)]
    xh = [wide(-24, 15, '<e') for _ in range(3 * N)]
    x4 = [x if not math.isinf(x) else 1.0 for x in x4]
    xh = [x if not math.isinf(x) else 1.0 for x in xh]
    e4 = [fmod(x4[i], y4[i % 4]) for i in range(4 * N)]
    eh = [rnd('<e', fmod(xh[i], yh[i % 3])) for i in range(3 * N)]
    lines += ['[test]', 'name: frem <4 x float> and <3 x half> by uniform divisors', 'kernel_name: vec',
              'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N,
              'arg_in: 0 buffer float4[%d] repeat 0' % N,
              'arg_out: 0 buffer float4[%d] %s' % (N, ' '.join(fv(v) for v in e4)),
              'arg_in: 1 buffer half[%d] repeat 0' % (3 * N),
              'arg_out: 1 buffer half[%d] %s' % (3 * N, ' '.join(fv(v) for v in eh)),
              'arg_in: 2 buffer float4[%d] %s' % (N, ' '.join(fv(v) for v in x4)),
              'arg_in: 3 buffer half[%d] %s' % (3 * N, ' '.join(fv(v) for v in xh)),
              'arg_in: 4 float4 %s' % ' '.join(fv(v) for v in y4),
              'arg_in: 5 half3 %s' % ' '.join(fv(v) for v in yh), '']
    # uniform dividend
    for t, x in enumerate([1.7976931348623157e308, -3.0e-300, 1e22]):
        ys = [wide(-1074, 1023, '<d') for _ in range(N)]
        ys[0], ys[1], ys[2] = float('inf'), 0.0, 5e-324
        lines += ['[test]', 'name: frem uniform double dividend %d' % t, 'kernel_name: uniform_x',
                  'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N,
                  'arg_in: 0 buffer double[%d] repeat 0' % N,
                  'arg_out: 0 buffer double[%d] %s' % (N, ' '.join(fv(fmod(x, y)) for y in ys)),
                  'arg_in: 1 double %s' % fv(x),
                  'arg_in: 2 buffer double[%d] %s' % (N, ' '.join(fv(v) for v in ys)), '']
    kt.write_ll('f_frem_more.ll', lines[:-1], IR)


main()
