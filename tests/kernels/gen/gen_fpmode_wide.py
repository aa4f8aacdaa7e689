#!/usr/bin/env python3
"""Writes the f64 and f16 floating-point mode kernel tests:
f_fpmode_denorm_f16_f64.ll (f64 and f16 + - * / fma sqrt under
"denormal-fp-math" ieee and preserve-sign), f_fpmode_rounding_f16_f64.ll
and f_fpmode_rounding_f16_f64_more.ll (constrained f64 and f16 operations
and conversions in every direction, split by what llc-19 can select).
Expected values come from fpref.py (exact rationals rounded once in an
explicit direction, MODE-style flushing), never the host FPU; the IR and
file helpers are gen_fpmode.py's."""
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng  # noqa: E402
from fpref import F16, F32, F64, op, convert, float_to_int  # noqa: E402
from gen_fpmode import OUTDIR, PROLOGUE, EXC, FLT, MD, arith_ir, file_text, test_block, kernel_ir  # noqa: E402


def dw_loads(spec):
    """IR loading typed values from dword offsets of %pin: spec is a list
    of (name, type, dword offset)."""
    s = ''
    for nm, t, off in spec:
        s += '  %%p_%s = getelementptr i32, ptr addrspace(1) %%pin, i64 %d\n' % (nm, off)
        if t == 'half':
            s += ('  %%w_%s = load i32, ptr addrspace(1) %%p_%s, align 4\n  %%t_%s = trunc i32 %%w_%s to i16\n'
                  '  %%%s = bitcast i16 %%t_%s to half\n' % (nm, nm, nm, nm, nm, nm))
        else:
            s += '  %%%s = load %s, ptr addrspace(1) %%p_%s, align 4\n' % (nm, t, nm)
    return s


def dw_stores(vals):
    """IR storing results at consecutive dwords of %pout: (value, type);
    half as its zero-extended bits, double and i64 in two dwords.
    Returns (IR, dwords used)."""
    s, off = '', 0
    for k, (v, t) in enumerate(vals):
        s += '  %%q%d = getelementptr i32, ptr addrspace(1) %%pout, i64 %d\n' % (k, off)
        if t == 'half':
            s += ('  %%hb%d = bitcast half %s to i16\n  %%hz%d = zext i16 %%hb%d to i32\n'
                  '  store i32 %%hz%d, ptr addrspace(1) %%q%d, align 4\n' % (k, v, k, k, k, k))
        else:
            s += '  store %s %s, ptr addrspace(1) %%q%d, align 4\n' % (t, v, k)
        off += 2 if t in ('double', 'i64') else 1
    return s, off


def dwords(v, t):
    """A result's dwords in the output buffer."""
    return [v & 0xffffffff, v >> 32] if t in ('double', 'i64') else [v]


def f64_val(rng, lo, hi):
    """A random f64 with biased exponent in [lo, hi] and a random sign."""
    return rng.range(lo, hi) << 52 | rng.bits(52) | rng.range(0, 1) << 63


def f16_val(rng):
    """A random finite half: denormals, small normals, ordinary values."""
    k = rng.range(0, 4)
    if k == 0:
        m = rng.bits(10) or 1
        return m | rng.range(0, 1) << 15  # denormal
    if k == 1:
        return rng.range(1, 3) << 10 | rng.bits(10) | rng.range(0, 1) << 15  # near the denormal range
    return rng.range(8, 26) << 10 | rng.bits(10) | rng.range(0, 1) << 15


WIDE_OPS = ['add', 'sub', 'mul', 'div', 'fma', 'sqrt']
WIDE_IR = arith_ir('d', 'double', 'f64', '%a', '%b', '%c') + arith_ir('h', 'half', 'f16', '%ha', '%hb', '%hc')


def no_tiny_quotient(a, b):
    """b with exponent 0x3ff where a / b would fall below 2^-1000
    (v_div_fixup_f64 zeroes quotients below 2^-1075 in every mode)."""
    if ((a >> 52) & 0x7ff) - ((b >> 52) & 0x7ff) < -1000:
        return (b & 0x800fffffffffffff) | 0x3ff << 52
    return b


def gen_denorm_wide():
    """f_fpmode_denorm_f16_f64.ll: f64 and f16 + - * / fma sqrt under
    "denormal-fp-math"="ieee,ieee" and "preserve-sign,preserve-sign"
    (FLOAT_DENORM_MODE_16_64 3 and 0), with denormal inputs and results.
    f64 division never flushes its inputs (v_div_scale reads them raw and
    scales them out of the denormal range): its reference keeps input
    denormals and flushes the result."""
    ir, attrs, tests = '', '', []
    spec = [('a', 'double', 0), ('b', 'double', 2), ('c', 'double', 4), ('ha', 'half', 6), ('hb', 'half', 7),
            ('hc', 'half', 8)]
    nin = 10
    for idx, (sfx, den, val) in enumerate([('ieee', 3, 'ieee,ieee'), ('ftz', 0, 'preserve-sign,preserve-sign')]):
        attrs += 'attributes #%d = { "denormal-fp-math"="%s" }\n' % (idx, val)
        st, nout = dw_stores([('%d' + o, 'double') for o in WIDE_OPS] + [('%h' + o, 'half') for o in WIDE_OPS])
        body = PROLOGUE.format(nout=nout, nin=nin) + dw_loads(spec) + WIDE_IR + st
        ir += ('define amdgpu_kernel void @k_%s(ptr addrspace(1) %%in, ptr addrspace(1) %%out) #%d {\n%s  ret void\n}\n\n'
               % (sfx, idx, body))
        rng = Rng(0xd64 + idx)
        n = 128
        inputs, out = [], []
        for k in range(n):
            kind = k % 4
            a = f64_val(rng, 0, 3) if kind < 2 else f64_val(rng, 0x3c0, 0x440)
            if kind == 0:
                b = f64_val(rng, 0x3ff, 0x43f)  # |b| >= 1: a/b, a*b underflow
            elif kind == 1:
                b = ((a & 0x7fffffffffffffff) + rng.range(0, 6) - 3) | rng.range(0, 1) << 63  # a - b cancels
                if not (b >> 52) & 0x7ff:
                    b |= 1 << 52
            elif kind == 2:
                b = f64_val(rng, 1, 0x30)  # tiny b: a*b underflows, a/b large
            else:
                b = f64_val(rng, 0x3c0, 0x440)
            b = no_tiny_quotient(a, b)
            c = f64_val(rng, 0, 2) if rng.range(0, 1) else f64_val(rng, 0x3c0, 0x440)
            ha, hb, hc = f16_val(rng), f16_val(rng), f16_val(rng)
            if not hb & 0x7c00 and not ha & 0x7c00:
                hb |= 0x3c00  # no 0 / 0 once flushed (the sign of its NaN is not specified)
            inputs += [a & 0xffffffff, a >> 32, b & 0xffffffff, b >> 32, c & 0xffffffff, c >> 32, ha, hb, hc, 0]
            res = [op(F64, 'add', [a, b], den=den), op(F64, 'sub', [a, b], den=den), op(F64, 'mul', [a, b], den=den),
                   op(F64, 'div', [a, b], den=den | 1), op(F64, 'fma', [a, b, c], den=den),
                   op(F64, 'sqrt', [a & 0x7fffffffffffffff], den=den)]
            for v in res:
                out += dwords(v, 'double')
            out += [op(F16, 'add', [ha, hb], den=den), op(F16, 'sub', [ha, hb], den=den),
                    op(F16, 'mul', [ha, hb], den=den), op(F16, 'div', [ha, hb], den=den),
                    op(F16, 'fma', [ha, hb, hc], den=den), op(F16, 'sqrt', [ha & 0x7fff], den=den)]
        tests.append(test_block('k_' + sfx, 'f64 and f16 arithmetic, f16/f64 denormal mode %d' % den, n, inputs, out,
                                nout))
    decls = ('declare double @llvm.fma.f64(double, double, double)\ndeclare double @llvm.fabs.f64(double)\n'
             'declare double @llvm.sqrt.f64(double)\ndeclare half @llvm.fma.f16(half, half, half)\n'
             'declare half @llvm.fabs.f16(half)\ndeclare half @llvm.sqrt.f16(half)\n\n')
    return file_text('gen_fpmode_wide.py', 'f64 and f16 arithmetic under denormal-fp-math ieee and preserve-sign',
                     ir, tests, decls + attrs)


# --------------------------------------- constrained f64 and f16 operations
W_SPEC = [('a', 'double', 0), ('b', 'double', 2), ('c', 'double', 4), ('i', 'i64', 6), ('d', 'double', 8),
          ('e', 'double', 10), ('ha', 'half', 12), ('hb', 'half', 13), ('hc', 'half', 14), ('j', 'i32', 15),
          ('f', 'float', 16)]
W_NIN = 18
CP = '@llvm.experimental.constrained.'
# (name, result type, intrinsic and operands before the metadata, rounds?)
W_OPS = [
    ('dadd', 'double', 'fadd.f64(double %a, double %b', True),
    ('dsub', 'double', 'fsub.f64(double %a, double %b', True),
    ('dmul', 'double', 'fmul.f64(double %a, double %b', True),
    ('ddiv', 'double', 'fdiv.f64(double %a, double %b', True),
    ('dfma', 'double', 'fma.f64(double %a, double %b, double %c', True),
    ('dfmuladd', 'double', 'fmuladd.f64(double %a, double %c, double %b', True),
    ('dsqrt', 'double', 'sqrt.f64(double %aa', True),
    ('dtof', 'float', 'fptrunc.f32.f64(double %a', True),
    ('dtoh', 'half', 'fptrunc.f16.f64(double %e', True),
    ('ftod', 'double', 'fpext.f64.f32(float %f', False),
    ('htod', 'double', 'fpext.f64.f16(half %ha', False),
    ('i64tod', 'double', 'sitofp.f64.i64(i64 %i', True),
    ('u64tod', 'double', 'uitofp.f64.i64(i64 %i', True),
    ('i32tod', 'double', 'sitofp.f64.i32(i32 %j', True),
    ('u32tod', 'double', 'uitofp.f64.i32(i32 %j', True),
    ('dtoi64', 'i64', 'fptosi.i64.f64(double %d', False),
    ('dtou64', 'i64', 'fptoui.i64.f64(double %ad', False),
    ('dtoi32', 'i32', 'fptosi.i32.f64(double %e', False),
    ('dtou32', 'i32', 'fptoui.i32.f64(double %ae', False),
    ('hadd', 'half', 'fadd.f16(half %ha, half %hb', True),
    ('hsub', 'half', 'fsub.f16(half %ha, half %hb', True),
    ('hmul', 'half', 'fmul.f16(half %ha, half %hb', True),
    ('hdiv', 'half', 'fdiv.f16(half %ha, half %hb', True),
    ('hfma', 'half', 'fma.f16(half %ha, half %hb, half %hc', True),
    ('hfmuladd', 'half', 'fmuladd.f16(half %ha, half %hc, half %hb', True),
    ('hsqrt', 'half', 'sqrt.f16(half %aha', True),
    ('i32toh', 'half', 'sitofp.f16.i32(i32 %j', True),
    ('u32toh', 'half', 'uitofp.f16.i32(i32 %aj', True),
    ('htoi32', 'i32', 'fptosi.i32.f16(half %ha', False),
    ('htou32', 'i32', 'fptoui.i32.f16(half %aha', False),
]

# llc-19 selects these (the others stop it: "unsupported libcall
# legalization", "Cannot select: strict_fp_round" to f16)
W_LLC_OPS = ['dadd', 'dsub', 'dmul', 'dfma', 'dfmuladd', 'dtof', 'ftod', 'htod', 'i32tod', 'u32tod', 'hadd', 'hsub',
             'hmul', 'hfma', 'hfmuladd', 'hsqrt']


def wops(tag, md, names):
    """(name, result type, IR) of the constrained f64/f16 operations
    `names` with rounding metadata md (operations that do not round take
    none)."""
    out = []
    for nm, t, call, rounds in W_OPS:
        if nm not in names:
            continue
        meta = ('metadata !"%s", ' % md if rounds else '') + EXC
        out.append((nm, t, '%%%s%s = call %s %s%s, %s) #0' % (nm, tag, t, CP, call, meta)))
    return out


def wdecls(names):
    out = ''
    for nm, t, call, rounds in W_OPS:
        if nm not in names:
            continue
        name, args = call.split('(')
        types = [x.split(' ')[0] for x in args.split(', ')] + ['metadata'] * (2 if rounds else 1)
        out += 'declare %s %s%s(%s)\n' % (t, CP, name, ', '.join(types))
    return out


def wref(nm, x, mode):
    """Reference of operation nm on input row x (dict) in direction mode."""
    a, b, c, i, d, e = x['a'], x['b'], x['c'], x['i'], x['d'], x['e']
    ha, hb, hc, j, f = x['ha'], x['hb'], x['hc'], x['j'], x['f']
    sj = j - (1 << 32) if j >> 31 else j
    si = i - (1 << 64) if i >> 63 else i
    M = 0x7fffffffffffffff
    table = {
        'dadd': lambda: op(F64, 'add', [a, b], mode), 'dsub': lambda: op(F64, 'sub', [a, b], mode),
        'dmul': lambda: op(F64, 'mul', [a, b], mode), 'ddiv': lambda: op(F64, 'div', [a, b], mode),
        'dfma': lambda: op(F64, 'fma', [a, b, c], mode), 'dfmuladd': lambda: op(F64, 'fma', [a, c, b], mode),
        'dsqrt': lambda: op(F64, 'sqrt', [a & M], mode), 'dtof': lambda: convert(F64, F32, a, mode),
        'dtoh': lambda: convert(F64, F16, e, mode), 'ftod': lambda: convert(F32, F64, f),
        'htod': lambda: convert(F16, F64, ha), 'i64tod': lambda: F64.round(Fraction(si), mode),
        'u64tod': lambda: F64.round(Fraction(i), mode), 'i32tod': lambda: F64.round(Fraction(sj)),
        'u32tod': lambda: F64.round(Fraction(j)),
        'dtoi64': lambda: float_to_int(F64, d, 64, True) & ((1 << 64) - 1),
        'dtou64': lambda: float_to_int(F64, d & M, 64, False),
        'dtoi32': lambda: float_to_int(F64, e, 32, True) & 0xffffffff,
        'dtou32': lambda: float_to_int(F64, e & M, 32, False),
        'hadd': lambda: op(F16, 'add', [ha, hb], mode), 'hsub': lambda: op(F16, 'sub', [ha, hb], mode),
        'hmul': lambda: op(F16, 'mul', [ha, hb], mode), 'hdiv': lambda: op(F16, 'div', [ha, hb], mode),
        'hfma': lambda: op(F16, 'fma', [ha, hb, hc], mode), 'hfmuladd': lambda: op(F16, 'fma', [ha, hc, hb], mode),
        'hsqrt': lambda: op(F16, 'sqrt', [ha & 0x7fff], mode), 'i32toh': lambda: F16.round(Fraction(sj), mode),
        'u32toh': lambda: F16.round(Fraction(abs(sj)), mode),
        'htoi32': lambda: float_to_int(F16, ha, 32, True) & 0xffffffff,
        'htou32': lambda: float_to_int(F16, ha & 0x7fff, 32, False),
    }
    return table[nm]()


def w_inputs(rng):
    """One row: a, b, c ordinary, near overflow, tiny or denormal f64 (so
    that each direction differs somewhere, overflow included); i any
    int64; d in the int64 range, e in the int32 range (both usable after
    fabs for the unsigned conversions; e also spans f16's range and
    denormals for fptrunc); halves; j an int32 below 2^17 in magnitude
    (f16 overflow); f any finite f32."""
    def f64():
        k = rng.range(0, 7)
        if k == 0:
            return f64_val(rng, 0x7f0, 0x7fe)  # near overflow
        if k == 1:
            return f64_val(rng, 0, 0x10)  # denormal and tiny
        return f64_val(rng, 0x3c0, 0x440)
    a, b, c = f64(), f64(), f64()
    if not (b >> 52) & 0x7ff:
        b |= 0x3ff << 52
    b = no_tiny_quotient(a, b)
    d = f64_val(rng, 0x3f0, 0x43d)
    e = f64_val(rng, 0x3c0, 0x41d) if rng.range(0, 1) else f64_val(rng, 0x3e0, 0x3f8)
    ha, hb, hc = f16_val(rng), f16_val(rng), f16_val(rng)
    if not hb & 0x7fff:
        hb |= 0x3c00
    if rng.range(0, 1):
        j = (rng.range(0, (1 << 18) - 1) - (1 << 17)) & 0xffffffff
    else:
        j = (rng.range(0, 2100) - 1050) & 0xffffffff
    f = rng.range(0x01, 0xfe) << 23 | rng.bits(23) | rng.range(0, 1) << 31
    return dict(a=a, b=b, c=c, i=rng.bits(64), d=d, e=e, ha=ha, hb=hb, hc=hc, j=j, f=f)


def w_row(x):
    r = []
    for nm, t, _ in W_SPEC:
        r += dwords(x[nm], t)
    return r + [0] * (W_NIN - len(r))


def gen_rounding_wide(names, static, title):
    """Constrained f64 and f16 operations `names` after a run-time
    llvm.set.rounding with round.dynamic (k_dynamic, one test per
    direction), and with `static` also after each constant
    llvm.set.rounding with the matching static rounding (k_static)."""
    def pre(nout):
        return (PROLOGUE.format(nout=nout, nin=W_NIN) + dw_loads(W_SPEC) +
                '  %aa = call double @llvm.fabs.f64(double %a)\n  %ad = call double @llvm.fabs.f64(double %d)\n'
                '  %ae = call double @llvm.fabs.f64(double %e)\n  %aha = call half @llvm.fabs.f16(half %ha)\n'
                '  %aj = call i32 @llvm.abs.i32(i32 %j, i1 false)\n')
    ops = wops('', 'round.dynamic', names)
    st, nout = dw_stores([('%' + nm, t) for nm, t, _ in ops] + [('%gr', 'i32')])
    body = pre(nout) + '  call void @llvm.set.rounding(i32 %m) #0\n' + ''.join('  %s\n' % o for _, _, o in ops)
    body += '  %gr = call i32 @llvm.get.rounding() #0\n' + st
    ir = kernel_ir('k_dynamic', ', i32 %m', body)
    tests = []
    n = 64
    for flt, mode in enumerate(FLT):
        rng = Rng(0xd5e7 + flt)
        rows = [w_inputs(rng) for _ in range(n)]
        inputs, out = [], []
        for x in rows:
            inputs += w_row(x)
            for nm, t, _ in ops:
                out += dwords(wref(nm, x, mode), t)
            out.append(flt)
        tests.append(test_block('k_dynamic', 'f64/f16, set.rounding(%d) at run time: %s' % (flt, mode), n, inputs,
                                out, nout, ['arg_in: 2 int %d' % flt]))
    decls = ('declare void @llvm.set.rounding(i32)\ndeclare i32 @llvm.get.rounding()\n' + wdecls(names) +
             'declare double @llvm.fabs.f64(double)\ndeclare half @llvm.fabs.f16(half)\n'
             'declare i32 @llvm.abs.i32(i32, i1)\n\nattributes #0 = { strictfp }\n')
    if not static:
        return file_text('gen_fpmode_wide.py', title, ir, tests, decls)
    body, outs = '', []
    for flt, mode in enumerate(FLT):
        tops = wops(mode, MD[mode], names)
        body += '  call void @llvm.set.rounding(i32 %d) #0\n' % flt + ''.join('  %s\n' % o for _, _, o in tops)
        outs += [('%' + nm + mode, t) for nm, t, _ in tops]
    st, nout = dw_stores(outs)
    ir += kernel_ir('k_static', '', pre(nout) + body + st)
    rng = Rng(0xd5e70)
    rows = [w_inputs(rng) for _ in range(n)]
    inputs, out = [], []
    for x in rows:
        inputs += w_row(x)
        for mode in FLT:
            for nm, t, _ in ops:
                out += dwords(wref(nm, x, mode), t)
    tests.append(test_block('k_static', 'f64/f16, constant set.rounding, matching static roundings', n, inputs, out,
                            nout))
    return file_text('gen_fpmode_wide.py', title, ir, tests, decls)


def main():
    with open(os.path.join(OUTDIR, 'f_fpmode_denorm_f16_f64.ll'), 'w') as f:
        f.write(gen_denorm_wide())
    with open(os.path.join(OUTDIR, 'f_fpmode_rounding_f16_f64.ll'), 'w') as f:
        f.write(gen_rounding_wide(W_LLC_OPS, False, 'constrained f64 and f16 arithmetic and conversions with'
                                  ' round.dynamic after a run-time llvm.set.rounding'))
    with open(os.path.join(OUTDIR, 'f_fpmode_rounding_f16_f64_more.ll'), 'w') as f:
        f.write(gen_rounding_wide([o[0] for o in W_OPS if o[0] not in W_LLC_OPS], True,
                                  'constrained f64 fdiv, sqrt, fptrunc to half, i64 conversions, fptosi/fptoui,'
                                  ' f16 fdiv and integer conversions after a run-time llvm.set.rounding; every'
                                  ' constrained f64/f16 operation with static roundings (llc-19 cannot select the'
                                  ' first: unsupported libcall legalization, strict_fp_round to f16)'))


if __name__ == '__main__':
    main()
