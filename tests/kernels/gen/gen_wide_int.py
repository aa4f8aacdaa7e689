#!/usr/bin/python3
"""Generates tests/kernels/f_wide_int.ll: integers of 65..128 bits (issue
26: add_i128.ll, mul.ll, shift-i128.ll, setcc64.ll, ctpop64.ll,
store-weird-sizes.ll, kernel-args.ll ...), which expand-wide-integers
splits into two i64 halves: i128, i96 and i65 loaded and stored (i96 and
i65 write only their 12 and 9 bytes), i128 and i65 kernel arguments, add,
sub, mul, and/or/xor, shl/lshr/ashr by per-lane amounts (0, 1, 63, 64, 65,
127 among them), every icmp predicate, ctpop, sext/zext from i64, trunc,
bitcast from/to <4 x i32> and <3 x i32>, select (umin) and a phi.
Host reference: Python integers wrapped to the width."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng  # noqa: E402

N = 64
M64 = (1 << 64) - 1


def wrap(v, w):
    return v & ((1 << w) - 1)


def sx(v, w):
    v = wrap(v, w)
    return v - (1 << w) if v >> (w - 1) else v


OPS128 = ['add', 'sub', 'mul', 'and', 'or', 'xor', 'shl', 'lshr', 'ashr', 'ctpop', 'sext', 'karg', 'vec', 'phi']
PREDS = ['eq', 'ne', 'ugt', 'uge', 'ult', 'ule', 'sgt', 'sge', 'slt', 'sle']


def cmp(p, a, b, w):
    if p[0] == 's':
        a, b = sx(a, w), sx(b, w)
    return {'eq': a == b, 'ne': a != b, 'ugt': a > b, 'uge': a >= b, 'ult': a < b, 'ule': a <= b,
            'sgt': a > b, 'sge': a >= b, 'slt': a < b, 'sle': a <= b}[p]


def op(o, a, b, s, w, k):
    if o == 'add':
        return wrap(a + b, w)
    if o == 'sub':
        return wrap(a - b, w)
    if o == 'mul':
        return wrap(a * b, w)
    if o == 'and':
        return a & b
    if o == 'or':
        return a | b
    if o == 'xor':
        return a ^ b
    if o == 'shl':
        return wrap(a << s, w)
    if o == 'lshr':
        return a >> s
    if o == 'ashr':
        return wrap(sx(a, w) >> s, w)
    if o == 'ctpop':
        return bin(a).count('1')
    if o == 'sext':
        return wrap(sx(a & M64, 64), w)
    if o == 'karg':
        return wrap(a + k, w)
    if o == 'vec':  # bitcast to <4 x i32>, swap dwords 0 and 3, back
        d = [(a >> (32 * i)) & 0xffffffff for i in range(4)]
        d[0], d[3] = d[3], d[0]
        return sum(x << (32 * i) for i, x in enumerate(d))
    if o == 'phi':  # a + b for odd s, a - b for even s, through a phi and private memory
        return wrap(a + b if s & 1 else a - b, w)
    raise ValueError(o)


def body128():
    lines = []
    exprs = {'add': 'add i128 %a, %b', 'sub': 'sub i128 %a, %b', 'mul': 'mul i128 %a, %b', 'and': 'and i128 %a, %b',
             'or': 'or i128 %a, %b', 'xor': 'xor i128 %a, %b', 'shl': 'shl i128 %a, %s', 'lshr': 'lshr i128 %a, %s',
             'ashr': 'ashr i128 %a, %s', 'ctpop': 'call i128 @llvm.ctpop.i128(i128 %a)', 'sext': 'sext i64 %alo to i128',
             'karg': 'add i128 %a, %K'}
    for k, o in enumerate(OPS128):
        if o == 'vec':
            lines += ['  %v4 = bitcast i128 %a to <4 x i32>',
                      '  %v4s = shufflevector <4 x i32> %v4, <4 x i32> poison, <4 x i32> <i32 3, i32 1, i32 2, i32 0>',
                      f'  %r{k} = bitcast <4 x i32> %v4s to i128']
        elif o == 'phi':
            lines += [f'  %r{k} = load i128, ptr addrspace(5) %acc']
        else:
            lines.append(f'  %r{k} = {exprs[o]}')
        lines += [f'  %j{k} = add i32 %i, {k * N}', f'  %p{k} = getelementptr i128, ptr addrspace(1) %out, i32 %j{k}',
                  f'  store i128 %r{k}, ptr addrspace(1) %p{k}']
    cm = []
    for k, p in enumerate(PREDS):
        cm += [f'  %c{k} = icmp {p} i128 %a, %b', f'  %cz{k} = zext i1 %c{k} to i32', f'  %cs{k} = shl i32 %cz{k}, {k}']
        cm.append(f'  %cm{k} = or i32 %cm{k - 1}, %cs{k}' if k else '  %cm0 = or i32 0, %cs0')
    k96 = len(PREDS)
    for k, p in enumerate(['slt', 'ult', 'sgt']):
        cm += [f'  %d{k} = icmp {p} i96 %x, %y', f'  %dz{k} = zext i1 %d{k} to i32', f'  %ds{k} = shl i32 %dz{k}, {k96 + k}',
               f'  %cm{k96 + k} = or i32 %cm{k96 + k - 1}, %ds{k}']
    last = k96 + 2
    cm += [f'  %e0 = icmp sgt i65 %u, %K65', '  %ez0 = zext i1 %e0 to i32', f'  %es0 = shl i32 %ez0, {last + 1}',
           f'  %cm{last + 1} = or i32 %cm{last}, %es0',
           '  %pc = getelementptr i32, ptr addrspace(1) %cmpout, i32 %i', f'  store i32 %cm{last + 1}, ptr addrspace(1) %pc']
    return '\n'.join(lines), '\n'.join(cm)


IR = '''
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i128 @llvm.ctpop.i128(i128)

define amdgpu_kernel void @k_wide(i128 %K, i65 %K65, ptr addrspace(1) %A, ptr addrspace(1) %B, ptr addrspace(1) %S,
                                  ptr addrspace(1) %out, ptr addrspace(1) %out96, ptr addrspace(1) %out65,
                                  ptr addrspace(1) %cmpout) {
entry:
  %acc = alloca i128, addrspace(5)
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i128, ptr addrspace(1) %A, i32 %i
  %a = load i128, ptr addrspace(1) %pa
  %pb = getelementptr i128, ptr addrspace(1) %B, i32 %i
  %b = load i128, ptr addrspace(1) %pb
  %ps = getelementptr i32, ptr addrspace(1) %S, i32 %i
  %s32 = load i32, ptr addrspace(1) %ps
  %s = zext i32 %s32 to i128
  %alo = trunc i128 %a to i64
  %odd = trunc i32 %s32 to i1
  br i1 %odd, label %then, label %else
then:
  %v1 = add i128 %a, %b
  br label %exit
else:
  %v2 = sub i128 %a, %b
  br label %exit
exit:
  %v = phi i128 [ %v1, %then ], [ %v2, %else ]
  store i128 %v, ptr addrspace(5) %acc
@BODY128@
  ; i96: from the low 12 bytes of A and B's elements, shifts by s % 96
  %x = load i96, ptr addrspace(1) %pa
  %y = load i96, ptr addrspace(1) %pb
  %s96a = urem i32 %s32, 96
  %s96 = zext i32 %s96a to i96
  %x0 = add i96 %x, %y
  %x1 = mul i96 %x, %y
  %x2 = ashr i96 %x, %s96
  %x3 = lshr i96 %y, %s96
  %x4 = shl i96 %x, %s96
  %xv = bitcast i96 %x to <3 x i32>
  %xv2 = shufflevector <3 x i32> %xv, <3 x i32> poison, <3 x i32> <i32 2, i32 0, i32 1>
  %x5 = bitcast <3 x i32> %xv2 to i96
  %xc = icmp ult i96 %x, %y
  %x6 = select i1 %xc, i96 %x, i96 %y
  %i6 = mul i32 %i, 7
@STORE96@
  ; i65: from the low 9 bytes of A's elements, with the i65 argument
  %u = load i65, ptr addrspace(1) %pa
  %u0 = add i65 %u, %K65
  %u1 = mul i65 %u, %K65
  %s65a = urem i32 %s32, 65
  %s65 = zext i32 %s65a to i65
  %u2 = ashr i65 %u, %s65
  %utr = trunc i65 %u to i64
  %u3 = sext i64 %utr to i65
  %i4 = mul i32 %i, 4
@STORE65@
@CMPS@
  ret void
}
'''


def stores(name, ty, n, base):
    lines = []
    for k in range(n):
        lines += [f'  %{name}j{k} = add i32 %{base}, {k}', f'  %{name}p{k} = getelementptr {ty}, ptr addrspace(1) %out{ty[1:]}, i32 %{name}j{k}',
                  f'  store {ty} %{name}{k}, ptr addrspace(1) %{name}p{k}']
    return '\n'.join(lines)


def main():
    r = Rng(2640)
    A = [r.bits(64) | (r.bits(64) << 64) for _ in range(N)]
    B = [r.bits(64) | (r.bits(64) << 64) for _ in range(N)]
    A[0], B[0] = (1 << 128) - 1, 1
    A[1], B[1] = 1 << 127, 1 << 127
    A[2], B[2] = M64, M64
    A[3], B[3] = 5, 5
    A[4], B[4] = (1 << 64) | 7, 1 << 64
    A[5] = B[5] | (1 << 100)
    for i in range(6, N, 3):  # equal high halves: the low halves decide
        B[i] = (A[i] >> 64 << 64) | r.bits(64)
    S = [r.bits(7) for _ in range(N)]
    S[:8] = [0, 1, 63, 64, 65, 127, 32, 96]
    K = r.bits(64) | (r.bits(64) << 64)
    K65 = r.bits(64) | (r.bits(1) << 64)
    out = []
    for o in OPS128:
        out += [op(o, a, b, s, 128, K) for a, b, s in zip(A, B, S)]
    w96, w65 = (1 << 96) - 1, (1 << 65) - 1
    o96 = []
    for a, b, s in zip(A, B, S):
        x, y, s96 = a & w96, b & w96, s % 96
        d = [(x >> (32 * i)) & 0xffffffff for i in range(3)]
        d = [d[2], d[0], d[1]]
        o96 += [wrap(x + y, 96), wrap(x * y, 96), wrap(sx(x, 96) >> s96, 96), y >> s96, wrap(x << s96, 96),
                sum(v << (32 * i) for i, v in enumerate(d)), min(x, y)]
    o65 = []
    for a, s in zip(A, S):
        u = a & w65
        o65 += [wrap(u + K65, 65), wrap(u * K65, 65), wrap(sx(u, 65) >> (s % 65), 65), wrap(sx(u & M64, 64), 65)]
    cmpo = []
    for a, b, u in zip(A, B, A):
        m = 0
        for k, p in enumerate(PREDS):
            m |= cmp(p, a, b, 128) << k
        for k, p in enumerate(['slt', 'ult', 'sgt']):
            m |= cmp(p, a & w96, b & w96, 96) << (len(PREDS) + k)
        m |= cmp('sgt', u & w65, K65, 65) << (len(PREDS) + 3)
        cmpo.append(m)

    def u64s(vals, nbytes, stride):  # little-endian bytes of each value in a stride, as ulongs
        bs = bytearray(stride * len(vals))
        for i, v in enumerate(vals):
            bs[stride * i:stride * i + nbytes] = v.to_bytes(nbytes, 'little')
        return [int.from_bytes(bs[j:j + 8], 'little') for j in range(0, len(bs), 8)]
    lines = ['; # GENERATED by tests/kernels/gen/gen_wide_int.py -- do not edit.',
             '; [config]', '; name: i128, i96 and i65 as two i64 halves (issue 26)',
             '; dimensions: 1', '; global_size: 64 0 0', '; local_size: 64 0 0', ';',
             '; [test]', '; name: i128 i96 i65 arithmetic, shifts, compares, memory, arguments', '; kernel_name: k_wide',
             f'; arg_in: 0 ulong2 {K & M64} {K >> 64}',
             f'; arg_in: 1 ulong2 {K65 & M64} {K65 >> 64}',
             '; arg_in: 2 buffer ulong[128] ' + ' '.join(map(str, u64s(A, 16, 16))),
             '; arg_in: 3 buffer ulong[128] ' + ' '.join(map(str, u64s(B, 16, 16))),
             '; arg_in: 4 buffer uint[64] ' + ' '.join(map(str, S)),
             f'; arg_in: 5 buffer ulong[{2 * len(out)}] repeat 0',
             f'; arg_out: 5 buffer ulong[{2 * len(out)}] ' + ' '.join(map(str, u64s(out, 16, 16))),
             f'; arg_in: 6 buffer ulong[{2 * len(o96)}] repeat 0',
             f'; arg_out: 6 buffer ulong[{2 * len(o96)}] ' + ' '.join(map(str, u64s(o96, 12, 16))),
             f'; arg_in: 7 buffer ulong[{2 * len(o65)}] repeat 0',
             f'; arg_out: 7 buffer ulong[{2 * len(o65)}] ' + ' '.join(map(str, u64s(o65, 9, 16))),
             '; arg_in: 8 buffer uint[64] repeat 0',
             '; arg_out: 8 buffer uint[64] ' + ' '.join(map(str, cmpo))]
    b128, cmps = body128()
    ir = IR.replace('@BODY128@', b128).replace('@STORE96@', stores('x', 'i96', 7, 'i6')) \
        .replace('@STORE65@', stores('u', 'i65', 4, 'i4')).replace('@CMPS@', cmps)
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, '..', 'f_wide_int.ll'), 'w') as f:
        f.write('\n'.join(lines) + '\n' + ir)


if __name__ == '__main__':
    main()
