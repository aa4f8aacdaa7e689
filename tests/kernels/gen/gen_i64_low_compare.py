#!/usr/bin/env python3
"""Writes tests/kernels/f_i64_low_compare.ll (session 20, fz20b): i64
compares of two values below 2^32 (isel_alu.c sel_icmp64_low compares their
low dwords, signed predicates made unsigned) in LLVM IR, so no instcombine
of clang's narrows them first: each predicate on distinct operands (the
low path needs the compare to be its operands' only reader) built by
`and` with 0xffffffff / 0x7fffffff, `lshr 32`, `urem`, zext, with low
dwords at and above 2^31 (a signed 32-bit compare would be wrong), against
constants between 2^31 and 2^32; divergent (v_cmp) and uniform (s_cmp, the
values from kernel arguments) forms, results used by select, zext and a
branch. Expected values: the Python model below."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

M32 = 0xffffffff
M64 = (1 << 64) - 1
N = 64
PREDS = ['slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge', 'eq', 'ne']


def s64(v):
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def cmp(p, a, b):
    if p[0] == 's':
        a, b = s64(a), s64(b)
    return {'lt': a < b, 'le': a <= b, 'gt': a > b, 'ge': a >= b, 'eq': a == b, 'ne': a != b}[p[-2:]]


# operand makers: (IR text producing %name from %v (i64), model)
def opnds(k):
    """Two operand forms for the k-th compare."""
    forms = [
        (lambda d, s: '  %s = and i64 %s, 4294967295' % (d, s), lambda v: v & M32),
        (lambda d, s: '  %s = lshr i64 %s, 32' % (d, s), lambda v: v >> 32),
        (lambda d, s: '  %s = and i64 %s, 2147483647' % (d, s), lambda v: v & 0x7fffffff),
        (lambda d, s: '  %s = urem i64 %s, 3000000000' % (d, s), lambda v: v % 3000000000),
    ]
    return forms[k % 4], forms[(k + 1 + k // 4) % 4]


CONSTS = [0x80000000, 0xfffffffe, 2147483647, 3000000000, 0, 1]


def body(pfx, x, y, out_ptr, idx, nc):
    """IR of the compares on i64 %x, %y; stores bits to out[idx]; returns (ir, model)."""
    lines = []
    models = []
    bit = 0
    for k, p in enumerate(PREDS):
        (fa, ma), (fb, mb) = opnds(k)
        lines.append('  %%%sx%d = xor i64 %s, %d' % (pfx, k, x, k * 0x10001))
        lines.append('  %%%sy%d = add i64 %s, %d' % (pfx, k, y, k * 0x3000000001))
        lines.append(fa('%%%sa%d' % (pfx, k), '%%%sx%d' % (pfx, k)))
        lines.append(fb('%%%sb%d' % (pfx, k), '%%%sy%d' % (pfx, k)))
        lines.append('  %%%sc%d = icmp %s i64 %%%sa%d, %%%sb%d' % (pfx, k, p, pfx, k, pfx, k))
        models.append((lambda x, y, k=k, p=p, ma=ma, mb=mb:
                       cmp(p, ma(x ^ (k * 0x10001)), mb((y + k * 0x3000000001) & M64))))
        bit += 1
    for j, c in enumerate(CONSTS):
        p = PREDS[(j * 3) % len(PREDS)]
        (fa, ma), _ = opnds(j + 1)
        k = len(PREDS) + j
        lines.append('  %%%sx%d = add i64 %s, %d' % (pfx, k, x, j * 0x7fffffff))
        lines.append(fa('%%%sa%d' % (pfx, k), '%%%sx%d' % (pfx, k)))
        lines.append('  %%%sc%d = icmp %s i64 %%%sa%d, %d' % (pfx, k, p, pfx, k, c))
        models.append((lambda x, y, j=j, p=p, ma=ma, c=c: cmp(p, ma((x + j * 0x7fffffff) & M64), c)))
    # fold the bits: select for even k, zext+shl for odd
    acc = '0'
    for k in range(len(models)):
        if k % 2 == 0:
            lines.append('  %%%ss%d = select i1 %%%sc%d, i32 %d, i32 0' % (pfx, k, pfx, k, 1 << k))
        else:
            lines.append('  %%%sz%d = zext i1 %%%sc%d to i32' % (pfx, k, pfx, k))
            lines.append('  %%%ss%d = shl i32 %%%sz%d, %d' % (pfx, k, pfx, k, k))
        lines.append('  %%%sacc%d = or i32 %s, %%%ss%d' % (pfx, k, acc, pfx, k))
        acc = '%%%sacc%d' % (pfx, k)
    lines.append('  %%%sp = getelementptr i32, ptr addrspace(1) %s, i64 %s' % (pfx, out_ptr, idx))
    lines.append('  store i32 %s, ptr addrspace(1) %%%sp' % (acc, pfx))

    def model(x, y):
        return sum(int(m(x, y)) << k for k, m in enumerate(models))
    return '\n'.join(lines), model


def main():
    dv, dmodel = body('d', '%x', '%y', '%out', '%i', 0)
    uv, umodel = body('u', '%s', '%t', '%out', '64', 0)
    ir = """define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %s, i64 %t) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %i = zext i32 %id to i64
  %px = getelementptr i64, ptr addrspace(1) %in, i64 %i
  %x = load i64, ptr addrspace(1) %px
  %i64 = add i64 %i, 64
  %py = getelementptr i64, ptr addrspace(1) %in, i64 %i64
  %y = load i64, ptr addrspace(1) %py
""" + dv + """
  %first = icmp eq i32 %id, 0
  %ua = and i64 %s, 4294967295
  %ub = lshr i64 %t, 32
  %ubr = icmp slt i64 %ua, %ub
  %both = and i1 %first, %ubr
  br i1 %both, label %mark, label %uni

mark:
  %pm = getelementptr i32, ptr addrspace(1) %out, i64 65
  store i32 1, ptr addrspace(1) %pm
  br label %uni

uni:
""" + uv + """
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
"""
    rng = Rng(4242)
    edge = [0, 0x80000000, 0xffffffff, 0x7fffffff, 0xffffffff00000000, 0x8000000080000000,
            0x7fffffff80000000, 0x00000000fffffffe, M64, 0xb2d05e00, 0x1b2d05e00, 3000000000]
    lines = ['[config]', 'name: i64 compares of values below 2^32 (low dwords), divergent and uniform',
             'kernel_name: k', 'dimensions: 1', 'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N, '']
    for tn in range(4):
        vals = [rng.u64() for _ in range(2 * N)]
        for k, e in enumerate(edge):
            vals[(k * 11 + tn) % (2 * N)] = e
            vals[(k * 13 + 5 + tn) % (2 * N)] = e ^ (1 << 31)
        s = edge[(tn * 5) % len(edge)] if tn < 2 else rng.u64()
        t = edge[(tn * 7 + 1) % len(edge)] if tn < 2 else rng.u64()
        exp = [dmodel(vals[i], vals[i + 64]) for i in range(N)]
        exp += [umodel(s, t), 1 if (s & M32) < (t >> 32) else 7]
        lines += ['[test]', 'name: values %d' % tn,
                  'arg_in: 0 buffer ulong[%d] %s' % (2 * N, ' '.join(str(v) for v in vals)),
                  'arg_in: 1 buffer uint[66] ' + ' '.join(['0'] * 65 + ['7']),
                  'arg_out: 1 buffer uint[66] ' + ' '.join(str(v) for v in exp),
                  'arg_in: 2 ulong %d' % s, 'arg_in: 3 ulong %d' % t, '']
    write_ll('f_i64_low_compare.ll', lines, ir)


if __name__ == '__main__':
    main()
