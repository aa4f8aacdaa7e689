#!/usr/bin/env python3
"""Writes tests/kernels/f_odd_width_int.ll: arithmetic on integers of odd
widths (i24, i48, i40, i12), which SROA and instcombine make from the bytes
of allocas (a <3 x half> read as i48) and which wavecc widens to register
widths (src/llvm/widen_odd_integers.c). Expected values come from the host
reference below (two's complement arithmetic modulo 2^W)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def u(x, w):
    return x & ((1 << w) - 1)


def s(x, w):
    x = u(x, w)
    return x - (1 << w) if x >> (w - 1) else x


def cdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


IR = r'''define amdgpu_kernel void @k_odd(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %outh) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %gid = add i32 %base, %tid
  %g = zext i32 %gid to i64
  %pa = getelementptr i64, ptr addrspace(1) %in, i64 %g
  %a64 = load i64, ptr addrspace(1) %pa, align 8
  %n = mul i64 %g, 2
  %n1 = add i64 %n, 1
  %pb = getelementptr i64, ptr addrspace(1) %in, i64 %n1
  %pb2 = getelementptr i64, ptr addrspace(1) %pb, i64 255
  %b64 = load i64, ptr addrspace(1) %pb2, align 8
  ; i48: from i64 by trunc, arithmetic wrapping modulo 2^48
  %a = trunc i64 %a64 to i48
  %b = trunc i64 %b64 to i48
  %b1 = or i48 %b, 1
  %add = add i48 %a, %b
  %sub = sub i48 %a, %b
  %mul = mul i48 %a, %b
  %sh = and i48 %b, 31
  %shl = shl i48 %a, %sh
  %ashr = ashr i48 %a, %sh
  %lshr = lshr i48 %a, %sh
  %sdiv = sdiv i48 %a, %b1
  %srem = srem i48 %a, %b1
  %udiv = udiv i48 %a, %b1
  %slt = icmp slt i48 %a, %b
  %ult = icmp ult i48 %a, %b
  %sel = select i1 %slt, i48 %add, i48 %sub
  %c = zext i1 %ult to i48
  %sel2 = add i48 %sel, %c
  ; back to i64: zext and sext of i48 results
  %o0 = zext i48 %add to i64
  %o1 = sext i48 %sub to i64
  %o2 = zext i48 %mul to i64
  %o3 = sext i48 %shl to i64
  %o4 = sext i48 %ashr to i64
  %o5 = zext i48 %lshr to i64
  %o6 = sext i48 %sdiv to i64
  %o7 = sext i48 %srem to i64
  %o8 = zext i48 %udiv to i64
  %o9 = sext i48 %sel2 to i64
  ; i24 <-> <3 x i8>, i12 from i24, i40 from a sext
  %t24 = trunc i64 %a64 to i24
  %v3 = bitcast i24 %t24 to <3 x i8>
  %e1 = extractelement <3 x i8> %v3, i32 1
  %r3 = insertelement <3 x i8> %v3, i8 %e1, i32 0
  %back = bitcast <3 x i8> %r3 to i24
  %t12 = trunc i24 %back to i12
  %m12 = mul i12 %t12, 7
  %o10 = zext i12 %m12 to i64
  %s40 = sext i24 %back to i40
  %x40 = xor i40 %s40, 1099511627775
  %o11 = zext i40 %x40 to i64
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %g
  %q = mul i64 %g, 12
  %p0 = getelementptr i64, ptr addrspace(1) %out, i64 %q
  store i64 %o0, ptr addrspace(1) %p0, align 8
  %p1 = getelementptr i64, ptr addrspace(1) %p0, i64 1
  store i64 %o1, ptr addrspace(1) %p1, align 8
  %p2 = getelementptr i64, ptr addrspace(1) %p0, i64 2
  store i64 %o2, ptr addrspace(1) %p2, align 8
  %p3 = getelementptr i64, ptr addrspace(1) %p0, i64 3
  store i64 %o3, ptr addrspace(1) %p3, align 8
  %p4 = getelementptr i64, ptr addrspace(1) %p0, i64 4
  store i64 %o4, ptr addrspace(1) %p4, align 8
  %p5 = getelementptr i64, ptr addrspace(1) %p0, i64 5
  store i64 %o5, ptr addrspace(1) %p5, align 8
  %p6 = getelementptr i64, ptr addrspace(1) %p0, i64 6
  store i64 %o6, ptr addrspace(1) %p6, align 8
  %p7 = getelementptr i64, ptr addrspace(1) %p0, i64 7
  store i64 %o7, ptr addrspace(1) %p7, align 8
  %p8 = getelementptr i64, ptr addrspace(1) %p0, i64 8
  store i64 %o8, ptr addrspace(1) %p8, align 8
  %p9 = getelementptr i64, ptr addrspace(1) %p0, i64 9
  store i64 %o9, ptr addrspace(1) %p9, align 8
  %p10 = getelementptr i64, ptr addrspace(1) %p0, i64 10
  store i64 %o10, ptr addrspace(1) %p10, align 8
  %p11 = getelementptr i64, ptr addrspace(1) %p0, i64 11
  store i64 %o11, ptr addrspace(1) %p11, align 8
  ; <3 x half> -> i48 -> two halves at bit 16: the piglit vload_half shape
  %h3 = bitcast i48 %a to <3 x half>
  %hb = bitcast <3 x half> %h3 to i48
  %hs = lshr i48 %hb, 16
  %h32 = trunc i48 %hs to i32
  %ph = getelementptr i32, ptr addrspace(1) %outh, i64 %g
  store i32 %h32, ptr addrspace(1) %ph, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
'''


def ref(a64, b64):
    W = 48
    a, b = u(a64, W), u(b64, W)
    b1 = b | 1
    sh = b & 31
    add, sub, mul = u(a + b, W), u(a - b, W), u(a * b, W)
    shl = u(a << sh, W)
    ashr = u(s(a, W) >> sh, W)
    lshr = a >> sh
    sdiv = u(cdiv(s(a, W), s(b1, W)), W)
    srem = u(s(a, W) - cdiv(s(a, W), s(b1, W)) * s(b1, W), W)
    udiv = a // b1
    slt, ult = s(a, W) < s(b, W), a < b
    sel2 = u((add if slt else sub) + (1 if ult else 0), W)
    o = [add, u(s(sub, W), 64), mul, u(s(shl, W), 64), u(s(ashr, W), 64), lshr, u(s(sdiv, W), 64),
         u(s(srem, W), 64), udiv, u(s(sel2, W), 64)]
    t24 = u(a64, 24)
    by = [(t24 >> (8 * i)) & 0xff for i in range(3)]
    by[0] = by[1]
    back = by[0] | by[1] << 8 | by[2] << 16
    m12 = u(u(back, 12) * 7, 12)
    x40 = u(u(s(back, 24), 40) ^ ((1 << 40) - 1), 40)
    o += [m12, x40]
    h32 = (a >> 16) & 0xffffffff
    return o, h32


def main():
    lines = ['[config]', 'name: odd-width integers (i12, i24, i40, i48)', 'kernel_name: k_odd', 'dimensions: 1', '']
    rng = Rng(9201)
    for n in (64, 128):
        edge = [0, 1, (1 << 47) - 1, 1 << 47, (1 << 48) - 1, (1 << 64) - 1, 0x800000, 0xffffff]
        A = [edge[i] if i < len(edge) else rng.u64() for i in range(256 + 2 * n + 1)]
        outs, hs = [], []
        for g in range(n):
            o, h = ref(A[g], A[2 * g + 1 + 255])
            outs += o
            hs.append(h)
        lines += ['[test]', 'name: %d work-items' % n, 'global_size: %d 0 0' % n, 'local_size: 64 0 0',
                  'arg_in: 0 buffer ulong[%d] %s' % (len(A), ' '.join(map(str, A))),
                  'arg_in: 1 buffer ulong[%d] repeat 0' % (12 * n),
                  'arg_out: 1 buffer ulong[%d] %s' % (12 * n, ' '.join(map(str, outs))),
                  'arg_in: 2 buffer uint[%d] repeat 0' % n,
                  'arg_out: 2 buffer uint[%d] %s' % (n, ' '.join(map(str, hs))), '']
    write_ll('f_odd_width_int.ll', lines, IR)


if __name__ == '__main__':
    main()
