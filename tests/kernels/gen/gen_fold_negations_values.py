#!/usr/bin/python3
"""Generates tests/kernels/f_fold_negations_values.ll (fz20a, session 20):
the values of the products, fma/fmuladd and fabs that the fold-negations IR
pass (src/llvm/fold_negations.cpp, session 19) rewrites: fneg moved into a
constant factor (3.0, -0.0, 0.5, -1.5), into an fneg factor, into a product
read only there (nested), fneg * fneg, fabs(fneg x), fneg(fneg x), a
`fsub -0.0, x` negation, a shared negation, and a product with two readers
(not rewritten), for half, float, double and <2 x half>, over zeros of both
signs, infinities, NaN, subnormals, the largest finite values and random
values. Every result is stored as its bit pattern (a NaN as all ones), so the
sign of a zero counts. Host reference: tests/kernels/gen/fpref.py (exact
rational arithmetic, rounded once; no host FPU)."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kt  # noqa: E402
from fpref import F16, F32, F64, op  # noqa: E402

N = 64
TYPES = {'half': (F16, 'i16', 'ushort'), 'float': (F32, 'i32', 'uint'), 'double': (F64, 'i64', 'ulong')}


def convert64(fmt, b):
    from fpref import convert
    return convert(fmt, F64, b)


def ir_const(fmt, b):
    """LLVM IR spelling of the fmt constant with bits b (hex of the double
    value for float/double, 0xH for half)."""
    if fmt is F16:
        return '0xH%04X' % b
    return '0x%016X' % convert64(fmt, b)


def neg(fmt, b):
    return b ^ (1 << (fmt.bits - 1))


def fabs(fmt, b):
    return b & ((1 << (fmt.bits - 1)) - 1)


def inputs(fmt, r):
    """N values: specials then random (normal, subnormal, large)."""
    one = fmt.round(__import__('fractions').Fraction(1))
    big = ((1 << (fmt.bits - 1)) - 1) ^ (1 << fmt.m)  # largest finite
    sub = 1  # smallest subnormal
    sp = [fmt.zero(False), fmt.zero(True), one, neg(fmt, one), fmt.inf(False), fmt.inf(True), fmt.nan(), big,
          neg(fmt, big), sub, neg(fmt, sub), (1 << fmt.m) - 1, fmt.round(__import__('fractions').Fraction(3, 2))]
    out = list(sp)
    while len(out) < N:
        k = r.bits(2)
        if k == 0:  # subnormal
            b = r.bits(fmt.m) or 1
        elif k == 1:  # anything finite
            b = r.bits(fmt.bits - 1)
            if (b >> fmt.m) == (1 << fmt.e) - 1:
                continue
        else:  # moderate exponent: products stay finite and normal
            e = fmt.bias + r.range(-6, 6)
            b = e << fmt.m | r.bits(fmt.m)
        out.append(b | r.bits(1) << (fmt.bits - 1))
    return out


def results(fmt, a, b, c):
    """The 16 values the kernel computes, as the IR says (no folding)."""
    F = __import__('fractions').Fraction
    k = lambda v: fmt.round(F(v)) if v != 0 else fmt.zero(False)  # noqa: E731
    m0 = fmt.zero(True)
    mul = lambda x, y: op(fmt, 'mul', [x, y])  # noqa: E731
    fma = lambda x, y, z: op(fmt, 'fma', [x, y, z])  # noqa: E731
    add = lambda x, y: op(fmt, 'add', [x, y])  # noqa: E731
    na, nb = neg(fmt, a), neg(fmt, b)
    c4 = mul(c, k(4))
    r = [mul(na, k(3)),                        # r0  fneg a * 3.0
         mul(na, m0),                          # r1  fneg a * -0.0
         mul(na, nb),                          # r2  fneg a * fneg b
         mul(na, mul(b, k(F(1, 2)))),          # r3  fneg a * (b * 0.5), inner read once
         fma(na, nb, c),                       # r4  fma(fneg a, fneg b, c)
         fma(na, k(2), c),                     # r5  fma(fneg a, 2.0, c)
         fabs(fmt, na),                        # r6  fabs(fneg a)
         fma(na, mul(b, k(F(-3, 2))), c),      # r7  fma(fneg a, b * -1.5, c)
         mul(na, mul(nb, c)),                  # r8  fneg a * (fneg b * c)
         mul(nb, na),                          # r9  fneg b * fneg a (a's negation shared)
         mul(fabs(fmt, na), nb),               # r10 fabs(fneg a) * fneg b
         mul(a, b),                            # r11 fneg(fneg a) * b
         mul(na, c4),                          # r12 fneg a * (c * 4.0), c * 4.0 read twice
         add(c4, a),                           # r13 (c * 4.0) + a
         fma(na, mul(b, k(F(1, 4))), na),      # r14 fma(fneg a, b * 0.25, fneg a)
         mul(neg(fmt, a), k(5))]               # r15 (fsub -0.0, a) * 5.0
    return r


def canon(fmt, b):
    return (1 << fmt.bits) - 1 if fmt.is_nan(b) else b


KERNEL = '''
define amdgpu_kernel void @neg_{T}(ptr addrspace(1) %out, ptr addrspace(1) %pa, ptr addrspace(1) %pb, ptr addrspace(1) %pc) {{
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr {T}, ptr addrspace(1) %pa, i32 %tid
  %gb = getelementptr {T}, ptr addrspace(1) %pb, i32 %tid
  %gc = getelementptr {T}, ptr addrspace(1) %pc, i32 %tid
  %a = load {T}, ptr addrspace(1) %ga
  %b = load {T}, ptr addrspace(1) %gb
  %c = load {T}, ptr addrspace(1) %gc
  %na = fneg {T} %a
  %nb = fneg {T} %b
  %r0 = fmul {T} %na, {K3}
  %r1 = fmul {T} %na, {KM0}
  %r2 = fmul {T} %na, %nb
  %bh = fmul {T} %b, {KH}
  %r3 = fmul {T} %na, %bh
  %r4 = call {T} @llvm.fma.{S}({T} %na, {T} %nb, {T} %c)
  %r5 = call {T} @llvm.fma.{S}({T} %na, {T} {K2}, {T} %c)
  %r6 = call {T} @llvm.fabs.{S}({T} %na)
  %bm = fmul {T} %b, {KM15}
  %r7 = call {T} @llvm.fma.{S}({T} %na, {T} %bm, {T} %c)
  %nbc = fmul {T} %nb, %c
  %r8 = fmul {T} %na, %nbc
  %r9 = fmul {T} %nb, %na
  %fa = call {T} @llvm.fabs.{S}({T} %na)
  %r10 = fmul {T} %fa, %nb
  %nna = fneg {T} %na
  %r11 = fmul {T} %nna, %b
  %c4 = fmul {T} %c, {K4}
  %r12 = fmul {T} %na, %c4
  %r13 = fadd {T} %c4, %a
  %bq = fmul {T} %b, {KQ}
  %r14 = call {T} @llvm.fma.{S}({T} %na, {T} %bq, {T} %na)
  %sa = fsub {T} {KM0}, %a
  %r15 = fmul {T} %sa, {K5}
  %base = mul i32 %tid, 16
{STORES}  ret void
}}
'''


def kernel(t):
    fmt, it, _ = TYPES[t]
    F = __import__('fractions').Fraction
    k = lambda v: ir_const(fmt, fmt.round(F(v)))  # noqa: E731
    S = {'half': 'f16', 'float': 'f32', 'double': 'f64'}[t]
    st = ''
    for i in range(16):
        st += ('  %%u%d = fcmp uno %s %%r%d, 0.0\n  %%i%d = bitcast %s %%r%d to %s\n'
               '  %%s%d = select i1 %%u%d, %s -1, %s %%i%d\n  %%o%d = add i32 %%base, %d\n'
               '  %%p%d = getelementptr %s, ptr addrspace(1) %%out, i32 %%o%d\n  store %s %%s%d, ptr addrspace(1) %%p%d\n') % (
            i, t, i, i, t, i, it, i, i, it, it, i, i, i, i, it, i, it, i, i)
    return KERNEL.format(T=t, S=S, K3=k(3), KM0=ir_const(fmt, fmt.zero(True)), KH=k(F(1, 2)), K2=k(2),
                         KM15=k(F(-3, 2)), K4=k(4), KQ=k(F(1, 4)), K5=k(5), STORES=st)


VKERNEL = '''
define amdgpu_kernel void @neg_v2f16(ptr addrspace(1) %out, ptr addrspace(1) %pa, ptr addrspace(1) %pb, ptr addrspace(1) %pc) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr <2 x half>, ptr addrspace(1) %pa, i32 %tid
  %gb = getelementptr <2 x half>, ptr addrspace(1) %pb, i32 %tid
  %gc = getelementptr <2 x half>, ptr addrspace(1) %pc, i32 %tid
  %a = load <2 x half>, ptr addrspace(1) %ga
  %b = load <2 x half>, ptr addrspace(1) %gb
  %c = load <2 x half>, ptr addrspace(1) %gc
  %na = fneg <2 x half> %a
  %nb = fneg <2 x half> %b
  %r0 = fmul <2 x half> %na, %nb
  %r1 = call <2 x half> @llvm.fma.v2f16(<2 x half> %na, <2 x half> %nb, <2 x half> %c)
  %bk = fmul <2 x half> %b, <half 0xH3800, half 0xHBE00>
  %r2 = fmul <2 x half> %na, %bk
  %r3 = call <2 x half> @llvm.fabs.v2f16(<2 x half> %na)
  %base = mul i32 %tid, 4
  %f0 = bitcast <2 x half> %r0 to <2 x i16>
  %f1 = bitcast <2 x half> %r1 to <2 x i16>
  %f2 = bitcast <2 x half> %r2 to <2 x i16>
  %f3 = bitcast <2 x half> %r3 to <2 x i16>
  %n0 = fcmp uno <2 x half> %r0, zeroinitializer
  %n1 = fcmp uno <2 x half> %r1, zeroinitializer
  %n2 = fcmp uno <2 x half> %r2, zeroinitializer
  %n3 = fcmp uno <2 x half> %r3, zeroinitializer
  %s0 = select <2 x i1> %n0, <2 x i16> <i16 -1, i16 -1>, <2 x i16> %f0
  %s1 = select <2 x i1> %n1, <2 x i16> <i16 -1, i16 -1>, <2 x i16> %f1
  %s2 = select <2 x i1> %n2, <2 x i16> <i16 -1, i16 -1>, <2 x i16> %f2
  %s3 = select <2 x i1> %n3, <2 x i16> <i16 -1, i16 -1>, <2 x i16> %f3
  %p0 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %base
  store <2 x i16> %s0, ptr addrspace(1) %p0
  %o1 = add i32 %base, 1
  %p1 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %o1
  store <2 x i16> %s1, ptr addrspace(1) %p1
  %o2 = add i32 %base, 2
  %p2 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %o2
  store <2 x i16> %s2, ptr addrspace(1) %p2
  %o3 = add i32 %base, 3
  %p3 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %o3
  store <2 x i16> %s3, ptr addrspace(1) %p3
  ret void
}
'''


def main():
    r = kt.Rng(0xf20a)
    lines = ['[config]', 'name: fold-negations: products, fma and fabs with negated operands (bit patterns)',
             'dimensions: 1', '']
    ir = ''
    for t in ('half', 'float', 'double'):
        fmt, _, ut = TYPES[t]
        a, b, c = inputs(fmt, r), inputs(fmt, r), inputs(fmt, r)
        # the second and third inputs rotated so specials meet each other
        b = b[5:] + b[:5]
        c = c[9:] + c[:9]
        exp = []
        for i in range(N):
            exp += [canon(fmt, x) for x in results(fmt, a[i], b[i], c[i])]
        lines += ['[test]', 'name: fold negations %s' % t, 'kernel_name: neg_%s' % t, 'global_size: %d 0 0' % N,
                  'local_size: %d 0 0' % N,
                  'arg_in: 0 buffer %s[%d] repeat 0' % (ut, 16 * N),
                  'arg_out: 0 buffer %s[%d] %s' % (ut, 16 * N, ' '.join(str(x) for x in exp)),
                  'arg_in: 1 buffer %s[%d] %s' % (ut, N, ' '.join(str(x) for x in a)),
                  'arg_in: 2 buffer %s[%d] %s' % (ut, N, ' '.join(str(x) for x in b)),
                  'arg_in: 3 buffer %s[%d] %s' % (ut, N, ' '.join(str(x) for x in c)), '']
        ir += kernel(t)
    # <2 x half>
    fmt = F16
    a, b, c = inputs(fmt, r) + inputs(fmt, r), inputs(fmt, r) + inputs(fmt, r), inputs(fmt, r) + inputs(fmt, r)
    b = b[7:] + b[:7]
    c = c[3:] + c[:3]
    F = __import__('fractions').Fraction
    kk = [fmt.round(F(1, 2)), fmt.round(F(-3, 2))]
    exp = []
    for i in range(N):
        rows = [[], [], [], []]
        for j in range(2):
            x, y, z = a[2 * i + j], b[2 * i + j], c[2 * i + j]
            na, nb = neg(fmt, x), neg(fmt, y)
            rows[0].append(op(fmt, 'mul', [na, nb]))
            rows[1].append(op(fmt, 'fma', [na, nb, z]))
            rows[2].append(op(fmt, 'mul', [na, op(fmt, 'mul', [y, kk[j]])]))
            rows[3].append(fabs(fmt, na))
        for row in rows:
            exp += [canon(fmt, v) for v in row]
    lines += ['[test]', 'name: fold negations <2 x half>', 'kernel_name: neg_v2f16', 'global_size: %d 0 0' % N,
              'local_size: %d 0 0' % N,
              'arg_in: 0 buffer ushort[%d] repeat 0' % (8 * N),
              'arg_out: 0 buffer ushort[%d] %s' % (8 * N, ' '.join(str(x) for x in exp)),
              'arg_in: 1 buffer ushort[%d] %s' % (2 * N, ' '.join(str(x) for x in a)),
              'arg_in: 2 buffer ushort[%d] %s' % (2 * N, ' '.join(str(x) for x in b)),
              'arg_in: 3 buffer ushort[%d] %s' % (2 * N, ' '.join(str(x) for x in c))]
    ir += VKERNEL
    ir += '''
declare i32 @llvm.amdgcn.workitem.id.x()
declare half @llvm.fma.f16(half, half, half)
declare float @llvm.fma.f32(float, float, float)
declare double @llvm.fma.f64(double, double, double)
declare <2 x half> @llvm.fma.v2f16(<2 x half>, <2 x half>, <2 x half>)
declare half @llvm.fabs.f16(half)
declare float @llvm.fabs.f32(float)
declare double @llvm.fabs.f64(double)
declare <2 x half> @llvm.fabs.v2f16(<2 x half>)
'''
    kt.write_ll('f_fold_negations_values.ll', lines, ir)


main()
