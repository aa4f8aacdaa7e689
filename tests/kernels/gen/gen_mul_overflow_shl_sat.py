#!/usr/bin/python3
"""Generates tests/kernels/f_mul_overflow_shl_sat.ll: llvm.{s,u}mul.with.overflow
on i8, i16, i32 and i64 and llvm.{s,u}shl.sat on i8, i16, i32 and i64, plus
vectors of them (<2 x i16> sshl.sat, <4 x i8> ushl.sat, <2 x i64>
smul.with.overflow). wavecc refused all but i32 mul.with.overflow before
src/isel/isel_overflow.c (session 19).

Each lane computes op(x[i], y[i]) (divergent operands) and op(u, y[i]) with
u a kernel argument (a uniform first operand); results go to res[i] and
res[N + i], overflow bits to ov[i] and ov[N + i].

Host reference (LLVM LangRef, "Arithmetic with Overflow Intrinsics",
"Saturation Arithmetic Intrinsics"): the exact product, then overflow =
it does not fit the type (signed or unsigned range), result = the product
mod 2^w; shl.sat = x * 2^s when that fits the type, else the type's
maximum (ushl), or its minimum / maximum by the sign of x (sshl). Shift
amounts are below the width (larger ones are poison)."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kt  # noqa: E402

N = 64
UT = {8: 'uchar', 16: 'ushort', 32: 'uint', 64: 'ulong'}

HEAD = """
define amdgpu_kernel void @{name}(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %res, ptr addrspace(1) %ov, {t} %u) {{
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %j = add i32 %i, {n}
  %pa = getelementptr {t}, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr {t}, ptr addrspace(1) %b, i32 %i
  %x = load {t}, ptr addrspace(1) %pa
  %y = load {t}, ptr addrspace(1) %pb
  %r0 = getelementptr {t}, ptr addrspace(1) %res, i32 %i
  %r1 = getelementptr {t}, ptr addrspace(1) %res, i32 %j
  %o0 = getelementptr i32, ptr addrspace(1) %ov, i32 %i
  %o1 = getelementptr i32, ptr addrspace(1) %ov, i32 %j
"""

MUL = """  %m{k} = call {{ {t}, i1 }} @llvm.{op}.with.overflow.{t}({t} {a}, {t} %y)
  %v{k} = extractvalue {{ {t}, i1 }} %m{k}, 0
  %f{k} = extractvalue {{ {t}, i1 }} %m{k}, 1
  %z{k} = zext i1 %f{k} to i32
  store {t} %v{k}, ptr addrspace(1) %r{k}
  store i32 %z{k}, ptr addrspace(1) %o{k}
"""

SHL = """  %v{k} = call {t} @llvm.{op}.{t}({t} {a}, {t} %y)
  store {t} %v{k}, ptr addrspace(1) %r{k}
  store i32 0, ptr addrspace(1) %o{k}
"""

# vectors: two elements of <2 x tN> (or four of <4 x i8>) per lane from the
# same buffers, element e of lane i at index i * L + e
VEC = """
define amdgpu_kernel void @{name}(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %res, ptr addrspace(1) %ov) {{
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr {vt}, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr {vt}, ptr addrspace(1) %b, i32 %i
  %x = load {vt}, ptr addrspace(1) %pa
  %y = load {vt}, ptr addrspace(1) %pb
  %pr = getelementptr {vt}, ptr addrspace(1) %res, i32 %i
{body}  ret void
}}
"""


def sv(v, w):
    return v - (1 << w) if v >> (w - 1) else v


def mul_ref(x, y, w, signed):
    m = (1 << w) - 1
    e = sv(x, w) * sv(y, w) if signed else x * y
    lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if signed else (0, m)
    return e & m, int(not lo <= e <= hi)


def shl_ref(x, s, w, signed):
    m = (1 << w) - 1
    assert 0 <= s < w
    e = (sv(x, w) if signed else x) << s
    if signed:
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
        if not lo <= e <= hi:
            e = lo if sv(x, w) < 0 else hi
    elif e > m:
        e = m
    return e & m, 0


def edges(w):
    m = (1 << w) - 1
    h = 1 << (w // 2)
    return [0, 1, m, 1 << (w - 1), (1 << (w - 1)) - 1, h, h - 1, (-h) & m]


def operands(r, w, shift):
    """x, y lists of N unsigned values: a grid of edge cases, then random
    values of random magnitude (near the overflow boundary more often)"""
    m = (1 << w) - 1
    ex = edges(w)
    ey = [0, 1, w - 1, w - 2, w // 2, w // 2 + 1, 2, 3] if shift else edges(w)
    xs = [a for a in ex for _ in ey]
    ys = [b for _ in ex for b in ey]
    while len(xs) < N:
        nb = r.range(1, w)
        x = r.bits(64) & ((1 << nb) - 1)
        if r.range(0, 1):
            x = (-x) & m
        if shift:
            y = r.range(0, w - 1)
        else:
            nb2 = r.range(1, w)
            y = r.bits(64) & ((1 << nb2) - 1)
            if r.range(0, 1):
                y = (-y) & m
        xs.append(x)
        ys.append(y)
    return xs[:N], ys[:N]


def vals(v):
    return ' '.join(map(str, v))


def main():
    r = kt.Rng(1919)
    lines = ['[config]', 'name: mul.with.overflow and shl.sat on i8, i16, i32, i64 and vectors',
             'dimensions: 1', 'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N, '']
    ir = 'declare i32 @llvm.amdgcn.workitem.id.x()\n'
    decls = []
    for op, signed, shift in (('umul', False, False), ('smul', True, False), ('ushl.sat', False, True),
                              ('sshl.sat', True, True)):
        for w in (8, 16, 32, 64):
            t = 'i%d' % w
            ct = UT[w]
            xs, ys = operands(r, w, shift)
            u = edges(w)[r.range(0, 7)] if not shift else [1, (1 << (w - 1)), (1 << (w - 2)) + 3][r.range(0, 2)]
            ref = shl_ref if shift else mul_ref
            res0 = [ref(x, y, w, signed) for x, y in zip(xs, ys)]
            res1 = [ref(u, y, w, signed) for y in ys]
            res = [v for v, _ in res0] + [v for v, _ in res1]
            ovf = [o for _, o in res0] + [o for _, o in res1]
            name = '%s_%s' % (op.replace('.', '_'), t)
            body = HEAD.format(name=name, t=t, n=N)
            tmpl = SHL if shift else MUL
            body += tmpl.format(k=0, t=t, op=op, a='%x') + tmpl.format(k=1, t=t, op=op, a='%u')
            ir += body + '  ret void\n}\n'
            if shift:
                decls.append('declare %s @llvm.%s.%s(%s, %s)' % (t, op, t, t, t))
            else:
                decls.append('declare { %s, i1 } @llvm.%s.with.overflow.%s(%s, %s)' % (t, op, t, t, t))
            lines += ['[test]', 'name: %s %s' % (op if shift else op + '.with.overflow', t),
                      'kernel_name: %s' % name,
                      'arg_in: 0 buffer %s[%d] %s' % (ct, N, vals(xs)),
                      'arg_in: 1 buffer %s[%d] %s' % (ct, N, vals(ys)),
                      'arg_in: 2 buffer %s[%d] repeat 0' % (ct, 2 * N),
                      'arg_in: 3 buffer uint[%d] repeat 7' % (2 * N),
                      'arg_in: 4 %s %d' % (ct, u),
                      'arg_out: 2 buffer %s[%d] %s' % (ct, 2 * N, vals(res)),
                      'arg_out: 3 buffer uint[%d] %s' % (2 * N, vals(ovf)), '']
    # vectors
    for op, signed, shift, w, L in (('sshl.sat', True, True, 16, 2), ('ushl.sat', False, True, 8, 4),
                                     ('smul', True, False, 64, 2), ('umul', False, False, 16, 2)):
        t = 'i%d' % w
        vt = '<%d x %s>' % (L, t)
        ct = UT[w]
        xs, ys = [], []
        while len(xs) < N * L:
            more = operands(r, w, shift)
            xs, ys = xs + more[0], ys + more[1]
        xs, ys = xs[:N * L], ys[:N * L]
        ref = shl_ref if shift else mul_ref
        out = [ref(x, y, w, signed) for x, y in zip(xs, ys)]
        name = 'v%d_%s_%s' % (L, op.replace('.', '_'), t)
        if shift:
            vbody = '  %%v = call %s @llvm.%s.v%d%s(%s %%x, %s %%y)\n  store %s %%v, ptr addrspace(1) %%pr\n' % (
                vt, op, L, t, vt, vt, vt)
            decls.append('declare %s @llvm.%s.v%d%s(%s, %s)' % (vt, op, L, t, vt, vt))
        else:
            st = '{ %s, <%d x i1> }' % (vt, L)
            vbody = ('  %%m = call %s @llvm.%s.with.overflow.v%d%s(%s %%x, %s %%y)\n'
                     '  %%v = extractvalue %s %%m, 0\n  %%f = extractvalue %s %%m, 1\n'
                     '  store %s %%v, ptr addrspace(1) %%pr\n'
                     '  %%fz = zext <%d x i1> %%f to <%d x i32>\n'
                     '  %%po = getelementptr <%d x i32>, ptr addrspace(1) %%ov, i32 %%i\n'
                     '  store <%d x i32> %%fz, ptr addrspace(1) %%po\n') % (
                st, op, L, t, vt, vt, st, st, vt, L, L, L, L)
            decls.append('declare %s @llvm.%s.with.overflow.v%d%s(%s, %s)' % (st, op, L, t, vt, vt))
        ir += VEC.format(name=name, vt=vt, body=vbody)
        ovs = ['arg_out: 3 buffer uint[%d] %s' % (N * L, vals([o for _, o in out]))] if not shift else []
        lines += ['[test]', 'name: %s %s' % (op if shift else op + '.with.overflow', vt),
                  'kernel_name: %s' % name,
                  'arg_in: 0 buffer %s[%d] %s' % (ct, N * L, vals(xs)),
                  'arg_in: 1 buffer %s[%d] %s' % (ct, N * L, vals(ys)),
                  'arg_in: 2 buffer %s[%d] repeat 0' % (ct, N * L),
                  'arg_in: 3 buffer uint[%d] repeat 7' % (N * L),
                  'arg_out: 2 buffer %s[%d] %s' % (ct, N * L, vals([v for v, _ in out]))] + ovs + ['']
    ir += '\n'.join(decls) + '\n'
    kt.write_ll('f_mul_overflow_shl_sat.ll', lines, ir)


if __name__ == '__main__':
    main()
