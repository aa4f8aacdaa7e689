#!/usr/bin/env python3
"""Generates tests/kernels/f_odd_int_mem.ll (issue 26; widen-odd-integers):
loads and stores of odd-width integers (i24, i55, i48, i17) on global, LDS
and private memory, aligned and at odd byte addresses, and i24 / i48
kernel arguments, with arithmetic on them. A store writes exactly the
type's store size (ceil(W/8) bytes): the byte after each i24, i48 and i55
in the output keeps its 0xa5. f_odd_int_args.ll: i33..i63 kernel
arguments extended to i64 (main loaded one dword of them and extended 0:
wrong code, silently).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test  # noqa: E402
from gen_fatptr import write_ll  # noqa: E402

N = 64
SENT = 0xa5

IR = '''
@l17 = internal addrspace(3) global [192 x i8] poison, align 4

define amdgpu_kernel void @k_odd(ptr addrspace(1) %o24, ptr addrspace(1) %o55, ptr addrspace(1) %o48,
                                 ptr addrspace(1) %o32, ptr addrspace(1) %in, i24 %a, i48 %b) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = alloca [4 x i24], align 4, addrspace(5)
  %px = getelementptr i24, ptr addrspace(1) %in, i32 %t
  %x = load i24, ptr addrspace(1) %px, align 4
  %t8 = mul i32 %t, 8
  %b55 = getelementptr i8, ptr addrspace(1) %in, i32 256
  %py = getelementptr i8, ptr addrspace(1) %b55, i32 %t8
  %y = load i55, ptr addrspace(1) %py, align 8
  %t3 = mul i32 %t, 3
  %b17 = getelementptr i8, ptr addrspace(1) %in, i32 769
  %pz = getelementptr i8, ptr addrspace(1) %b17, i32 %t3
  %z = load i17, ptr addrspace(1) %pz, align 1
  %s = add i24 %x, %a
  %q24 = getelementptr i24, ptr addrspace(1) %o24, i32 %t
  store i24 %s, ptr addrspace(1) %q24, align 4
  %b55w = zext i48 %b to i55
  %m = mul i55 %y, %b55w
  %q55 = getelementptr i8, ptr addrspace(1) %o55, i32 %t8
  store i55 %m, ptr addrspace(1) %q55, align 8
  %x48 = zext i24 %x to i48
  %x1 = or i48 %x48, 1
  %d = udiv i48 %b, %x1
  %q48 = getelementptr i8, ptr addrspace(1) %o48, i32 %t8
  store i48 %d, ptr addrspace(1) %q48, align 2
  %lz = getelementptr i8, ptr addrspace(3) @l17, i32 %t3
  %z1 = xor i17 %z, 65537
  store i17 %z1, ptr addrspace(3) %lz, align 1
  %lr = load i17, ptr addrspace(3) %lz, align 1
  %j = and i32 %t, 3
  %pp = getelementptr [4 x i24], ptr addrspace(5) %p, i32 0, i32 %j
  %xs = sub i24 %x, %a
  store i24 %xs, ptr addrspace(5) %pp, align 4
  %pr = load i24, ptr addrspace(5) %pp, align 4
  %v0 = zext i17 %lr to i32
  %v1 = zext i24 %pr to i32
  %t2 = mul i32 %t, 2
  %r0 = getelementptr i32, ptr addrspace(1) %o32, i32 %t2
  %r1 = getelementptr i32, ptr addrspace(1) %r0, i32 1
  store i32 %v0, ptr addrspace(1) %r0
  store i32 %v1, ptr addrspace(1) %r1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
'''


ARGS_IR = '''
define amdgpu_kernel void @k_args(ptr addrspace(1) %out, i48 %b, i40 %c, i33 %d) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %bz = zext i48 %b to i64
  %cz = zext i40 %c to i64
  %cs = sext i40 %c to i64
  %ds = sext i33 %d to i64
  %t64 = zext i32 %t to i64
  %o = mul i32 %t, 4
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %o
  %p1 = getelementptr i64, ptr addrspace(1) %p0, i32 1
  %p2 = getelementptr i64, ptr addrspace(1) %p0, i32 2
  %p3 = getelementptr i64, ptr addrspace(1) %p0, i32 3
  %v0 = add i64 %bz, %t64
  store i64 %v0, ptr addrspace(1) %p0
  store i64 %cz, ptr addrspace(1) %p1
  store i64 %cs, ptr addrspace(1) %p2
  store i64 %ds, ptr addrspace(1) %p3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
'''


def sext(v, w):
    v &= (1 << w) - 1
    return (v - (1 << w) if v >> (w - 1) else v) & ((1 << 64) - 1)


def le(v, n):
    return [(v >> (8 * i)) & 0xff for i in range(n)]


def main():
    rng = Rng(2455)
    tests = []
    for a, b in [(0x123456, 0x8000_0000_1234), (rng.bits(24), rng.bits(48)), (0xffffff, 0xffff_ffff_ffff)]:
        xs = [rng.bits(24) for _ in range(N)]
        ys = [rng.bits(55) for _ in range(N)]
        zs = [rng.bits(17) for _ in range(N)]
        inb = [SENT] * (769 + 3 * N + 3)
        for t in range(N):
            inb[4 * t:4 * t + 3] = le(xs[t], 3)
            inb[256 + 8 * t:256 + 8 * t + 7] = le(ys[t], 7)
            inb[769 + 3 * t:769 + 3 * t + 3] = le(zs[t], 3)  # the 7 bits past i17 hold noise
            inb[769 + 3 * t + 2] |= rng.bits(7) << 1
        o24, o55, o48, o32 = [SENT] * 4 * N, [SENT] * 8 * N, [SENT] * 8 * N, []
        for t in range(N):
            x, y, z = xs[t], ys[t], zs[t]
            o24[4 * t:4 * t + 3] = le((x + a) & 0xffffff, 3)
            o55[8 * t:8 * t + 7] = le((y * b) & ((1 << 55) - 1), 7)
            o48[8 * t:8 * t + 6] = le(b // (x | 1), 6)
            o32 += [z ^ 65537, (x - a) & 0xffffff]
        tests.append(Test('odd widths, a %#x b %#x' % (a, b), kernel_name='k_odd')
                     .inp(0, 'uchar', 4 * N, [SENT] * 4 * N).out(0, 'uchar', 4 * N, o24)
                     .inp(1, 'uchar', 8 * N, [SENT] * 8 * N).out(1, 'uchar', 8 * N, o55)
                     .inp(2, 'uchar', 8 * N, [SENT] * 8 * N).out(2, 'uchar', 8 * N, o48)
                     .inp(3, 'uint', 2 * N, [0] * 2 * N).out(3, 'uint', 2 * N, o32)
                     .inp(4, 'uchar', len(inb), inb).val(5, 'uint', a).val(6, 'ulong', b))
    lines = ['[config]', 'name: odd-width integers in memory and arguments (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N]
    write_ll('f_odd_int_mem.ll', 'gen_odd_int_mem.py', lines, tests, IR)
    tests = []
    for b, c, d in [(0x8000_0000_1234, 0x80_1234_5678, 0x1_8000_0001), (rng.bits(48), rng.bits(40), rng.bits(33))]:
        pad = rng.bits(16) << 48  # the argument's padding bytes hold noise
        out = []
        for t in range(N):
            out += [(b & ((1 << 48) - 1)) + t, c & ((1 << 40) - 1), sext(c, 40), sext(d, 33)]
        tests.append(Test('i48, i40, i33 arguments %#x %#x %#x' % (b, c, d), kernel_name='k_args')
                     .inp(0, 'ulong', 4 * N, [0] * 4 * N).out(0, 'ulong', 4 * N, out)
                     .val(1, 'ulong', b | pad).val(2, 'ulong', c | pad).val(3, 'ulong', d | pad))
    lines[1] = 'name: i33..i63 kernel arguments (issue 26)'
    write_ll('f_odd_int_args.ll', 'gen_odd_int_mem.py', lines, tests, ARGS_IR)


if __name__ == '__main__':
    main()
