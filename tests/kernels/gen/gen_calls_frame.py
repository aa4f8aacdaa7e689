#!/usr/bin/python3
"""Frames and argument lists of functions that are not inlined
(src/isel/isel_calls.c, src/passes/frame.c, src/ra/regalloc.c):

- f_call_stack_align.cl: stack objects aligned more than the 16 bytes a
  function's stack pointer has at entry (int8: 32, int16: 64, an array
  aligned to 128), reached through frames of different sizes, with
  arguments on the stack, nested under another realigned frame, under a
  divergent branch; over-aligned objects of kernels that call and that do
  not. Every address ANDed with align - 1 (a kernel argument, so that
  LLVM cannot fold it away) must be 0, and each object must read back
  what was stored. wavecc gave a function's objects its 16-byte aligned
  stack pointer plus their offset (misaligned 32-, 64- and 128-byte
  objects); AMDGPUUsage and llc-19 realign a frame pointer.
- f_call_many_args.cl: calls with more argument dwords than v0..v30 hold
  to functions that read the work-item ids (v31), from kernels that keep
  get_global_id(0..2) and get_global_size(0..1) live across the call
  (as piglit's calls-workitem-id.cl); one with a struct passed by
  reference, one with 40 arguments used. wavecc stopped with "internal:
  fixed register of %N is occupied by live %M": a value living across
  the call sat in v31.
- f_call_wide_args.cl: 63 to 150 i32 arguments (above 31 in VGPRs, the
  rest on the stack) to functions that use all of them.
Expected values from the host references below."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff

ALIGN_SRC = r'''
/* Over-aligned stack objects in real functions (noinline). Each returns
 * (address & m) + (sum of the object's elements read back) * 256: the
 * mask m = align - 1 comes from a kernel argument, so the test is not
 * folded away, and must give 0. */
#define NI __attribute__((noinline))
#define ADDR(p, m) ((uint)(uintptr_t)(p) & (m))

NI uint al16(uint v, uint m)
{
    volatile int4 x;
    x = (int4)(v) + (int4)(0, 1, 2, 3);
    int4 y = x;
    return ADDR(&x, m) + (uint)(y.s0 + y.s1 + y.s2 + y.s3) * 256u;
}
NI uint al32(uint v, uint m)
{
    volatile int8 x;
    x = (int8)(v) + (int8)(0, 1, 2, 3, 4, 5, 6, 7);
    int8 y = x;
    return ADDR(&x, m) + (uint)(y.s0 + y.s1 + y.s2 + y.s3 + y.s4 + y.s5 + y.s6 + y.s7) * 256u;
}
NI uint al64(uint v, uint m)
{
    volatile int16 x;
    x = (int16)(v) + (int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    int16 y = x;
    int8 s = y.lo + y.hi;
    return ADDR(&x, m) + (uint)(s.s0 + s.s1 + s.s2 + s.s3 + s.s4 + s.s5 + s.s6 + s.s7) * 256u;
}
NI uint al128(uint v, uint m)
{
    volatile int x[8] __attribute__((aligned(128)));
    for (int i = 0; i < 8; i++)
        x[i] = (int)v + i;
    uint s = 0;
    for (int i = 0; i < 8; i++)
        s += (uint)x[i];
    return ADDR(&x[0], m) + s * 256u;
}

/* Frames of 12 and 36 bytes (16 and 48 rounded) between the kernel and
 * the realigned ones: their stack pointers sit at other residues. Each
 * checks its own object after the calls (the callees' frames must lie
 * past it). */
NI uint mid12(uint v, uint m32, uint m64, uint m128)
{
    volatile int y[3];
    y[0] = (int)v; y[1] = 7; y[2] = -(int)v;
    uint r = al32(v + 1u, m32) ^ al64(v + 2u, m64) ^ al128(v + 3u, m128);
    return r + (uint)(y[0] + y[1] + y[2]) - 7u;
}
NI uint mid36(uint v, uint m32, uint m64, uint m128)
{
    volatile int y[9];
    for (int i = 0; i < 9; i++)
        y[i] = (int)v * i;
    uint r = al128(v, m128) + al64(v ^ 5u, m64) * 3u + al32(v ^ 9u, m32) * 5u;
    uint s = 0;
    for (int i = 0; i < 9; i++)
        s += (uint)y[i];
    return r + s - v * 36u;
}

/* A realigned frame that calls realigned functions: its object must
 * survive their frames. */
NI uint outer128(uint v, uint m32, uint m64, uint m128)
{
    volatile int x[4] __attribute__((aligned(128)));
    for (int i = 0; i < 4; i++)
        x[i] = (int)(v * 3u) + i;
    uint r = al64(v, m64) + al32(v * 7u, m32) * 11u + mid12(v, m32, m64, m128);
    uint s = 0;
    for (int i = 0; i < 4; i++)
        s += (uint)x[i];
    return r + ADDR(&x[0], m128) * 1000u + s;
}

/* 40 arguments: 9 on the stack, read with a realigned frame. */
NI uint stack_args(uint a0, uint a1, uint a2, uint a3, uint a4, uint a5, uint a6, uint a7,
                   uint a8, uint a9, uint a10, uint a11, uint a12, uint a13, uint a14, uint a15,
                   uint a16, uint a17, uint a18, uint a19, uint a20, uint a21, uint a22, uint a23,
                   uint a24, uint a25, uint a26, uint a27, uint a28, uint a29, uint a30, uint a31,
                   uint a32, uint a33, uint a34, uint a35, uint a36, uint a37, uint a38, uint m64)
{
    volatile int16 x;
    x = (int16)(a0, a1, a2, a3, a4, a5, a6, a7, a32, a33, a34, a35, a36, a37, a38, a31);
    int16 y = x;
    int8 s = y.lo + y.hi;
    uint t = (uint)(s.s0 + s.s1 + s.s2 + s.s3 + s.s4 + s.s5 + s.s6 + s.s7);
    uint u = a8 ^ a9 ^ a10 ^ a11 ^ a12 ^ a13 ^ a14 ^ a15 ^ a16 ^ a17 ^ a18 ^ a19 ^ a20 ^ a21 ^ a22 ^ a23;
    uint w = a24 + a25 * 2u + a26 * 3u + a27 * 4u + a28 * 5u + a29 * 6u + a30 * 7u;
    return ADDR(&x, m64) * 100000u + t + u * 3u + w;
}

kernel void k_align(global uint *out, uint m16, uint m32, uint m64, uint m128)
{
    uint g = get_global_id(0);
    uint v = g * 13u + 5u;
    global uint *o = out + 10u * g;
    o[0] = al16(v, m16);
    o[1] = al32(v, m32);
    o[2] = al64(v, m64);
    o[3] = al128(v, m128);
    o[4] = mid12(v, m32, m64, m128);
    o[5] = mid36(v, m32, m64, m128);
    o[6] = outer128(v, m32, m64, m128);
    o[7] = stack_args(v, v + 1u, v + 2u, v + 3u, v + 4u, v + 5u, v + 6u, v + 7u,
                      v * 2u, v * 3u, v * 5u, v * 7u, v * 11u, v * 13u, v * 17u, v * 19u,
                      v ^ 1u, v ^ 2u, v ^ 4u, v ^ 8u, v ^ 16u, v ^ 32u, v ^ 64u, v ^ 128u,
                      v + 100u, v + 200u, v + 300u, v + 400u, v + 500u, v + 600u, v + 700u, v + 800u,
                      v * 9u, v * 10u, v * 12u, v * 14u, v * 15u, v * 16u, v * 18u, m64);
    /* a divergent call */
    uint d = 0;
    if (g & 1u)
        d = al128(v + 1u, m128) + al32(v, m32);
    o[8] = d;
    o[9] = 0;
}

/* A kernel's own over-aligned objects, with and without calls. */
kernel void k_kernel_align(global uint *out, uint m32, uint m64, uint m128)
{
    uint g = get_global_id(0);
    volatile int a[3];
    volatile int16 b;
    volatile int c[8] __attribute__((aligned(128)));
    a[0] = (int)g; a[1] = 1; a[2] = 2;
    b = (int16)((int)g);
    for (int i = 0; i < 8; i++)
        c[i] = (int)g + i;
    uint s = 0;
    for (int i = 0; i < 8; i++)
        s += (uint)c[i];
    out[3u * g] = ADDR(&b, m64) + ADDR(&c[0], m128) * 1000u;
    out[3u * g + 1u] = s + (uint)(a[0] + a[1] + a[2]) + (uint)b.s7;
    out[3u * g + 2u] = 0;
}
kernel void k_kernel_align_call(global uint *out, uint m32, uint m64, uint m128)
{
    uint g = get_global_id(0);
    volatile int a[5];
    volatile int8 b;
    volatile int c[8] __attribute__((aligned(128)));
    for (int i = 0; i < 5; i++)
        a[i] = (int)g - i;
    b = (int8)((int)g * 2);
    for (int i = 0; i < 8; i++)
        c[i] = (int)g * i;
    uint r = al128(g, m128) + al64(g + 1u, m64);
    uint s = 0;
    for (int i = 0; i < 8; i++)
        s += (uint)c[i];
    for (int i = 0; i < 5; i++)
        s += (uint)a[i];
    out[3u * g] = ADDR(&b, m32) + ADDR(&c[0], m128) * 1000u;
    out[3u * g + 1u] = s + (uint)b.s5;
    out[3u * g + 2u] = r;
}
'''


def sumn(v, n):
    """sum of v + i for i < n (32-bit)"""
    return (n * v + n * (n - 1) // 2) & M32


def al(v, n):
    return (sumn(v, n) * 256) & M32


def mid12(v):
    r = al((v + 1) & M32, 8) ^ al((v + 2) & M32, 16) ^ al((v + 3) & M32, 8)
    return (r + v + 7 - v - 7) & M32


def mid36(v):
    r = al(v, 8) + al(v ^ 5, 16) * 3 + al(v ^ 9, 8) * 5
    s = sum(v * i for i in range(9))
    return (r + s - v * 36) & M32


def outer128(v):
    r = al(v, 16) + al((v * 7) & M32, 8) * 11 + mid12(v)
    s = sum((v * 3 + i) for i in range(4))
    return (r + s) & M32


def stack_args(v):
    a = [v + i for i in range(8)]
    a += [v * k for k in (2, 3, 5, 7, 11, 13, 17, 19)]
    a += [v ^ (1 << k) for k in range(8)]
    a += [v + 100 * k for k in range(1, 9)]
    a += [v * k for k in (9, 10, 12, 14, 15, 16, 18)]
    a = [x & M32 for x in a]
    t = sum(a[0:8]) + sum(a[32:39]) + a[31]
    u = 0
    for x in a[8:24]:
        u ^= x
    w = sum(a[24 + k] * (k + 1) for k in range(7))
    return (t + u * 3 + w) & M32


def align_ref(g):
    v = (g * 13 + 5) & M32
    d = (al((v + 1) & M32, 8) + al(v, 8)) & M32 if g & 1 else 0
    return [al(v, 4), al(v, 8), al(v, 16), al(v, 8), mid12(v), mid36(v), outer128(v), stack_args(v), d, 0]


def kernel_align_ref(g):
    s = sum(g + i for i in range(8)) + g + 3 + g
    return [0, s & M32, 0]


def kernel_align_call_ref(g):
    s = sum(g * i for i in range(8)) + sum(g - i for i in range(5)) + g * 2
    r = (al(g, 8) + al(g + 1, 16)) & M32
    return [0, s & M32, r]


MANY_SRC = r'''
/* More argument dwords than v0..v30 hold, to functions that read the
 * work-item ids (v31), from kernels that keep their global ids and sizes
 * live across the call. */
#define NI __attribute__((noinline))

/* The arguments unused (clang passes poison), as piglit's
 * calls-workitem-id.cl. */
NI uint3 ids32(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7,
               int a8, int a9, int a10, int a11, int a12, int a13, int a14, int a15,
               int a16, int a17, int a18, int a19, int a20, int a21, int a22, int a23,
               int a24, int a25, int a26, int a27, int a28, int a29, int a30, int a31)
{
    return (uint3)(get_local_id(0), get_local_id(1), get_local_id(2));
}

/* Every argument used. */
NI uint3 use32(uint a0, uint a1, uint a2, uint a3, uint a4, uint a5, uint a6, uint a7,
               uint a8, uint a9, uint a10, uint a11, uint a12, uint a13, uint a14, uint a15,
               uint a16, uint a17, uint a18, uint a19, uint a20, uint a21, uint a22, uint a23,
               uint a24, uint a25, uint a26, uint a27, uint a28, uint a29, uint a30, uint a31)
{
    uint s = a0 + a1 * 3u + a2 * 5u + a3 * 7u + a4 * 9u + a5 * 11u + a6 * 13u + a7 * 15u;
    uint t = a8 ^ a9 ^ a10 ^ a11 ^ a12 ^ a13 ^ a14 ^ a15 ^ a16 ^ a17 ^ a18 ^ a19 ^ a20 ^ a21 ^ a22 ^ a23;
    uint u = a24 * a25 + a26 * a27 + a28 * a29 + a30 * a31;
    return (uint3)(get_local_id(0) + s, get_local_id(1) * 1000u + t, get_local_id(2) + u);
}

typedef struct { long array[9]; } ByVal;

/* A struct passed by reference first, as clang passes it. */
NI uint3 byval32(ByVal b, int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7,
                 int a8, int a9, int a10, int a11, int a12, int a13, int a14, int a15,
                 int a16, int a17, int a18, int a19, int a20, int a21, int a22, int a23,
                 int a24, int a25, int a26, int a27, int a28, int a29, int a30, int a31)
{
    return (uint3)(get_local_id(0) + (uint)b.array[3], get_local_id(1) + (uint)b.array[5],
                   get_local_id(2) + (uint)b.array[8] + (uint)a31);
}

/* 40 arguments used, 9 on the stack, and the ids. */
NI uint use40(uint a0, uint a1, uint a2, uint a3, uint a4, uint a5, uint a6, uint a7,
              uint a8, uint a9, uint a10, uint a11, uint a12, uint a13, uint a14, uint a15,
              uint a16, uint a17, uint a18, uint a19, uint a20, uint a21, uint a22, uint a23,
              uint a24, uint a25, uint a26, uint a27, uint a28, uint a29, uint a30, uint a31,
              uint a32, uint a33, uint a34, uint a35, uint a36, uint a37, uint a38, uint a39)
{
    uint s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15;
    uint t = a16 ^ a17 ^ a18 ^ a19 ^ a20 ^ a21 ^ a22 ^ a23 ^ a24 ^ a25 ^ a26 ^ a27 ^ a28 ^ a29 ^ a30 ^ a31;
    uint u = a32 * 1u + a33 * 2u + a34 * 3u + a35 * 4u + a36 * 5u + a37 * 6u + a38 * 7u + a39 * 8u;
    return s + t * 7u + u * 13u + (uint)get_local_id(0) * 100u + (uint)get_local_id(1) * 10000u +
           (uint)get_local_id(2) * 1000000u;
}

kernel void k_ids(global uint *out0, global uint *out1, global uint *out2)
{
    uint id0 = get_global_id(0), id1 = get_global_id(1), id2 = get_global_id(2);
    uint flat_id = (id2 * get_global_size(1) + id1) * get_global_size(0) + id0;
    uint3 r = ids32(1234, 999, 42, 5555, 8888, 9009, 777, 4242,
                    202020, 6359, 8344, 1443, 552323, 33424, 666, 98765,
                    2222, 232556, 57777, 934121, 94991, 1337, 0xdead, 0xbeef,
                    0x5555, 0x3333, 0x666, 0x4141, 0x1234, 0x8888, 0xaaaa, 0xbbbb);
    out0[flat_id] = r.x;
    out1[flat_id] = r.y;
    out2[flat_id] = r.z;
}

kernel void k_byval(global uint *out0, global uint *out1, global uint *out2)
{
    uint id0 = get_global_id(0), id1 = get_global_id(1), id2 = get_global_id(2);
    uint flat_id = (id2 * get_global_size(1) + id1) * get_global_size(0) + id0;
    ByVal b;
    for (int i = 0; i < 9; ++i)
        b.array[i] = 42 + i + (int)id0;
    uint3 r = byval32(b, 1234, 999, 42, 5555, 8888, 9009, 777, 4242,
                      202020, 6359, 8344, 1443, 552323, 33424, 666, 98765,
                      2222, 232556, 57777, 934121, 94991, 1337, 0xdead, 0xbeef,
                      0x5555, 0x3333, 0x666, 0x4141, 0x1234, 0x8888, 0xaaaa, (int)id2);
    out0[flat_id] = r.x;
    out1[flat_id] = r.y;
    out2[flat_id] = r.z;
}

kernel void k_use(global const uint *in, global uint *out0, global uint *out1, global uint *out2)
{
    uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    uint sx = get_global_size(0), sy = get_global_size(1);
    uint g = (z * sy + y) * sx + x;
    uint v = in[g];
    uint3 r = use32(v, x, y, z, sx, sy, g, v + 1u, v ^ x, v ^ y, v ^ z, v * 3u, v * 5u, v * 7u, v * 9u, v * 11u,
                    v + x, v + y, v + z, v * sx, v * sy, v - g, v >> 1, v >> 2, v >> 3, v >> 4, v >> 5, v >> 6,
                    v + 1000u, v + 2000u, v + 3000u, v + 4000u);
    uint w = use40(v, v + 1u, v + 2u, v + 3u, v + 4u, v + 5u, v + 6u, v + 7u, v + 8u, v + 9u, v + 10u, v + 11u,
                   v + 12u, v + 13u, v + 14u, v + 15u, v * 2u, v * 3u, v * 4u, v * 5u, v * 6u, v * 7u, v * 8u,
                   v * 9u, v * 10u, v * 11u, v * 12u, v * 13u, v * 14u, v * 15u, v * 16u, v * 17u,
                   x, y, z, sx, sy, g, v ^ 0x55u, v ^ 0xaau);
    out0[g] = r.x + x * 7u + sx;
    out1[g] = r.y + y * 11u + sy;
    out2[g] = r.z + z * 13u + w;
}
'''

IDS_ARGS = [1234, 999, 42, 5555, 8888, 9009, 777, 4242, 202020, 6359, 8344, 1443, 552323, 33424, 666, 98765,
            2222, 232556, 57777, 934121, 94991, 1337, 0xdead, 0xbeef, 0x5555, 0x3333, 0x666, 0x4141, 0x1234,
            0x8888, 0xaaaa, 0xbbbb]


def items(gs, ls):
    """(x, y, z, lx, ly, lz, flat) of every work-item of a 3-D range"""
    for z in range(gs[2]):
        for y in range(gs[1]):
            for x in range(gs[0]):
                yield x, y, z, x % ls[0], y % ls[1], z % ls[2], (z * gs[1] + y) * gs[0] + x


def use32(a, l):
    s = a[0] + a[1] * 3 + a[2] * 5 + a[3] * 7 + a[4] * 9 + a[5] * 11 + a[6] * 13 + a[7] * 15
    t = 0
    for v in a[8:24]:
        t ^= v
    u = a[24] * a[25] + a[26] * a[27] + a[28] * a[29] + a[30] * a[31]
    return [(l[0] + s) & M32, (l[1] * 1000 + t) & M32, (l[2] + u) & M32]


def use40(a, l):
    s = sum(a[0:16])
    t = 0
    for v in a[16:32]:
        t ^= v
    u = sum(a[32 + k] * (k + 1) for k in range(8))
    return (s + t * 7 + u * 13 + l[0] * 100 + l[1] * 10000 + l[2] * 1000000) & M32


def many_tests():
    tests = []
    for gs, ls in (((8, 4, 2), (8, 4, 2)), ((8, 4, 2), (4, 2, 1)), ((16, 3, 2), (8, 1, 2))):
        n = gs[0] * gs[1] * gs[2]
        tag = '%dx%dx%d_%dx%dx%d' % (gs + ls)
        o = [[0] * n for _ in range(3)]
        ob = [[0] * n for _ in range(3)]
        for x, y, z, lx, ly, lz, f in items(gs, ls):
            o[0][f], o[1][f], o[2][f] = lx, ly, lz
            ob[0][f], ob[1][f], ob[2][f] = lx + 45 + x, ly + 47 + x, lz + 50 + x + z
        te = Test('ids_' + tag, kernel_name='k_ids', dimensions=3, global_size=sizes(*gs), local_size=sizes(*ls))
        te.out(0, 'uint', n, o[0]).out(1, 'uint', n, o[1]).out(2, 'uint', n, o[2])
        tests.append(te)
        te = Test('byval_' + tag, kernel_name='k_byval', dimensions=3, global_size=sizes(*gs), local_size=sizes(*ls))
        te.out(0, 'uint', n, ob[0]).out(1, 'uint', n, ob[1]).out(2, 'uint', n, ob[2])
        tests.append(te)
        rng = Rng(n * 7 + ls[0])
        inp = [rng.u64() & M32 for _ in range(n)]
        ou = [[0] * n for _ in range(3)]
        for x, y, z, lx, ly, lz, f in items(gs, ls):
            v, sx, sy, g = inp[f], gs[0], gs[1], f
            a = [v, x, y, z, sx, sy, g, v + 1, v ^ x, v ^ y, v ^ z, v * 3, v * 5, v * 7, v * 9, v * 11,
                 v + x, v + y, v + z, v * sx, v * sy, v - g, v >> 1, v >> 2, v >> 3, v >> 4, v >> 5, v >> 6,
                 v + 1000, v + 2000, v + 3000, v + 4000]
            r = use32([e & M32 for e in a], (lx, ly, lz))
            b = [v + k for k in range(16)] + [v * k for k in range(2, 18)] + [x, y, z, sx, sy, g, v ^ 0x55, v ^ 0xaa]
            w = use40([e & M32 for e in b], (lx, ly, lz))
            ou[0][f] = (r[0] + x * 7 + sx) & M32
            ou[1][f] = (r[1] + y * 11 + sy) & M32
            ou[2][f] = (r[2] + z * 13 + w) & M32
        te = Test('use_' + tag, kernel_name='k_use', dimensions=3, global_size=sizes(*gs), local_size=sizes(*ls))
        te.inp(0, 'uint', n, inp).out(1, 'uint', n, ou[0]).out(2, 'uint', n, ou[1]).out(3, 'uint', n, ou[2])
        tests.append(te)
    return tests


def align_tests():
    tests = []
    for n, loc in ((64, 64), (96, 32)):
        o = []
        for g in range(n):
            o += align_ref(g)
        te = Test('align_%d_%d' % (n, loc), kernel_name='k_align', global_size=sizes(n), local_size=sizes(loc))
        te.out(0, 'uint', 10 * n, o).val(1, 'uint', 15).val(2, 'uint', 31).val(3, 'uint', 63).val(4, 'uint', 127)
        tests.append(te)
        for k, ref in (('k_kernel_align', kernel_align_ref), ('k_kernel_align_call', kernel_align_call_ref)):
            o = []
            for g in range(n):
                o += ref(g)
            te = Test('%s_%d_%d' % (k[2:], n, loc), kernel_name=k, global_size=sizes(n), local_size=sizes(loc))
            te.out(0, 'uint', 3 * n, o).val(1, 'uint', 31).val(2, 'uint', 63).val(3, 'uint', 127)
            tests.append(te)
    return tests


WIDE = (63, 64, 100, 150)


def wide_ir():
    """f<n>: n i32 parameters, sum of a_i * (i + 1) xor-ed with a_(n-1);
    k<n>: loads its n arguments first (in[(lane * 7 + i) & 255]), so all
    are live at the call, and keeps its global id across it. No
    "amdgpu-flat-work-group-size": 1024 work-items, so 64 VGPRs, and the
    kernel spills (wavecc: "internal: %9 was never assigned a register":
    the spiller's soffset 0 was gone, dce had dropped it)."""
    ir = []
    for n in WIDE:
        ps = ', '.join('i32 %%a%d' % i for i in range(n))
        ir.append('define i32 @f%d(%s) #0 {' % (n, ps))
        ir.append('  %s0 = add i32 %a0, 0')
        for i in range(1, n):
            ir.append('  %%m%d = mul i32 %%a%d, %d' % (i, i, i + 1))
            ir.append('  %%s%d = add i32 %%s%d, %%m%d' % (i, i - 1, i))
        ir.append('  %%x = xor i32 %%s%d, %%a%d' % (n - 1, n - 1))
        ir.append('  ret i32 %x')
        ir.append('}')
        ir.append('')
        ir.append('define amdgpu_kernel void @k%d(ptr addrspace(1) %%in, ptr addrspace(1) %%out) {' % n)
        ir.append('  %id = call i32 @llvm.amdgcn.workitem.id.x()')
        ir.append('  %grp = call i32 @llvm.amdgcn.workgroup.id.x()')
        ir.append('  %base = mul i32 %grp, 64')
        ir.append('  %gid = add i32 %base, %id')
        ir.append('  %l7 = mul i32 %id, 7')
        for i in range(n):
            ir.append('  %%o%d = add i32 %%l7, %d' % (i, i))
            ir.append('  %%j%d = and i32 %%o%d, 255' % (i, i))
            ir.append('  %%p%d = getelementptr i32, ptr addrspace(1) %%in, i32 %%j%d' % (i, i))
            ir.append('  %%v%d = load i32, ptr addrspace(1) %%p%d' % (i, i))
        ir.append('  %%r = call i32 @f%d(%s)' % (n, ', '.join('i32 %%v%d' % i for i in range(n))))
        ir.append('  %t = add i32 %r, %gid')
        ir.append('  %po = getelementptr i32, ptr addrspace(1) %out, i32 %gid')
        ir.append('  store i32 %t, ptr addrspace(1) %po')
        ir.append('  ret void')
        ir.append('}')
        ir.append('')
    ir += ['declare i32 @llvm.amdgcn.workitem.id.x()', 'declare i32 @llvm.amdgcn.workgroup.id.x()', '',
           'attributes #0 = { noinline }', '']
    return '\n'.join(ir)


def wide_ref(inp, n, gid):
    lane = gid % 64
    a = [inp[(lane * 7 + i) & 255] for i in range(n)]
    s = sum(a[i] * (i + 1) for i in range(n)) & M32
    return ((s ^ a[n - 1]) + gid) & M32


BYVAL_IR = r'''%S = type { [9 x i32] }
%T = type { i64, i32, i32 }

; byval first, then 32 i32 arguments: the object at stack byte 0, the
; 32nd dword after it (36). It changes its copy.
define i32 @f_first(ptr addrspace(5) byval(%S) align 4 %s, ARGS32) #0 {
  %p0 = getelementptr i32, ptr addrspace(5) %s, i32 0
  %p8 = getelementptr i32, ptr addrspace(5) %s, i32 8
  %v0 = load i32, ptr addrspace(5) %p0
  %w0 = add i32 %v0, %a0
  store i32 %w0, ptr addrspace(5) %p0
  %v8 = load i32, ptr addrspace(5) %p8
  %u0 = load i32, ptr addrspace(5) %p0
  %m8 = mul i32 %v8, 3
  %m31 = mul i32 %a31, 5
  %r0 = add i32 %u0, %m8
  %r1 = add i32 %r0, %m31
  %r2 = add i32 %r1, %a30
  ret i32 %r2
}

; 32 i32 arguments (the last on the stack at byte 0), then an 8-aligned
; byval object (at byte 8), then an i32 (at byte 24). It changes its copy.
define i32 @f_after(ARGS32, ptr addrspace(5) byval(%T) align 8 %t, i32 %b) #0 {
  %q = load i64, ptr addrspace(5) %t
  %p1 = getelementptr i8, ptr addrspace(5) %t, i32 8
  %p2 = getelementptr i8, ptr addrspace(5) %t, i32 12
  %x1 = load i32, ptr addrspace(5) %p1
  %x2 = load i32, ptr addrspace(5) %p2
  %ql = trunc i64 %q to i32
  %qs = lshr i64 %q, 32
  %qh = trunc i64 %qs to i32
  store i32 %b, ptr addrspace(5) %p1
  store i64 0, ptr addrspace(5) %t
  %b7 = mul i32 %b, 7
  %s0 = add i32 %ql, %qh
  %s1 = xor i32 %s0, %x1
  %s2 = add i32 %s1, %x2
  %s3 = add i32 %s2, %a31
  %s4 = add i32 %s3, %b7
  %s5 = add i32 %s4, %a0
  ret i32 %s5
}

; Its own byval object passed on by value: f_first changes only its copy.
define i32 @f_nested(ptr addrspace(5) byval(%S) align 4 %s, i32 %x) #0 {
  %p1 = getelementptr i32, ptr addrspace(5) %s, i32 1
  %p0 = getelementptr i32, ptr addrspace(5) %s, i32 0
  store i32 %x, ptr addrspace(5) %p1
  %r = call i32 @f_first(ptr addrspace(5) byval(%S) align 4 %s, NESTED32)
  %v1 = load i32, ptr addrspace(5) %p1
  %v0 = load i32, ptr addrspace(5) %p0
  %t = add i32 %r, %v1
  %u = add i32 %t, %v0
  ret i32 %u
}

define amdgpu_kernel void @k_byval(ptr addrspace(1) %in, ptr addrspace(1) %out) #1 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %grp = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %grp, 64
  %gid = add i32 %base, %id
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %v = load i32, ptr addrspace(1) %pi
  %s1 = alloca %S, align 4, addrspace(5)
  %s2 = alloca %S, align 4, addrspace(5)
  %t = alloca %T, align 8, addrspace(5)
FILL
  %odd = and i32 %id, 1
  %c = icmp ne i32 %odd, 0
  %sp = select i1 %c, ptr addrspace(5) %s1, ptr addrspace(5) %s2
  %r1 = call i32 @f_first(ptr addrspace(5) byval(%S) align 4 %sp, CALL32)
  %r2 = call i32 @f_after(CALL32, ptr addrspace(5) byval(%T) align 8 %t, i32 9)
  %r3 = call i32 @f_nested(ptr addrspace(5) byval(%S) align 4 %s1, i32 %gid)
SUM
  %o = mul i32 %gid, 4
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r1, ptr addrspace(1) %o0
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 1
  store i32 %r2, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o0, i32 2
  store i32 %r3, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %o0, i32 3
  store i32 %chk, ptr addrspace(1) %o3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

attributes #0 = { noinline }
attributes #1 = { "amdgpu-flat-work-group-size"="1,256" }
'''


def byval_ir():
    """k_byval: byval objects (as llc-19 passes them: copied by the caller
    onto the stack in argument order with the dwords past the argument
    VGPRs) from uniform and divergent private pointers, before and after
    32 i32 arguments, 8-aligned, changed by the callee (the caller's object
    must not change), and passed on by value from a callee's own."""
    fill = []
    for i in range(9):
        fill.append('  %%f1_%d = getelementptr i32, ptr addrspace(5) %%s1, i32 %d' % (i, i))
        fill.append('  %%m1_%d = mul i32 %%v, %d' % (i, i + 1))
        fill.append('  %%e1_%d = add i32 %%m1_%d, %d' % (i, i, i))
        fill.append('  store i32 %%e1_%d, ptr addrspace(5) %%f1_%d' % (i, i))
        fill.append('  %%f2_%d = getelementptr i32, ptr addrspace(5) %%s2, i32 %d' % (i, i))
        fill.append('  %%e2_%d = xor i32 %%v, %d' % (i, 1 << i))
        fill.append('  store i32 %%e2_%d, ptr addrspace(5) %%f2_%d' % (i, i))
    fill.append('  %tq0 = zext i32 %v to i64')
    fill.append('  %tq1 = shl i64 %tq0, 32')
    fill.append('  %tq2 = zext i32 %gid to i64')
    fill.append('  %tq = or i64 %tq1, %tq2')
    fill.append('  store i64 %tq, ptr addrspace(5) %t')
    fill.append('  %tp1 = getelementptr i8, ptr addrspace(5) %t, i32 8')
    fill.append('  %tv1 = add i32 %v, 77')
    fill.append('  store i32 %tv1, ptr addrspace(5) %tp1')
    fill.append('  %tp2 = getelementptr i8, ptr addrspace(5) %t, i32 12')
    fill.append('  %tv2 = mul i32 %v, 3')
    fill.append('  store i32 %tv2, ptr addrspace(5) %tp2')
    for i in range(32):
        fill.append('  %%c%d = add i32 %%v, %d' % (i, i * 1000 + 1))
    # the objects after the calls: all of them, and t's fields
    sm = []
    prev = '0'
    for o in ('s1', 's2'):
        for i in range(9):
            sm.append('  %%g%s_%d = getelementptr i32, ptr addrspace(5) %%%s, i32 %d' % (o, i, o, i))
            sm.append('  %%l%s_%d = load i32, ptr addrspace(5) %%g%s_%d' % (o, i, o, i))
            sm.append('  %%x%s_%d = mul i32 %%l%s_%d, %d' % (o, i, o, i, 2 * i + 1))
            sm.append('  %%a%s_%d = add i32 %s, %%x%s_%d' % (o, i, prev, o, i))
            prev = '%%a%s_%d' % (o, i)
    sm.append('  %tl = load i64, ptr addrspace(5) %t')
    sm.append('  %tlo = trunc i64 %tl to i32')
    sm.append('  %tl1 = load i32, ptr addrspace(5) %tp1')
    sm.append('  %tl2 = load i32, ptr addrspace(5) %tp2')
    sm.append('  %%z0 = xor i32 %s, %%tlo' % prev)
    sm.append('  %z1 = add i32 %z0, %tl1')
    sm.append('  %chk = add i32 %z1, %tl2')
    args32 = ', '.join('i32 %%a%d' % i for i in range(32))
    call32 = ', '.join('i32 %%c%d' % i for i in range(32))
    nested = ', '.join('i32 %x' if i % 2 else 'i32 %d' % i for i in range(32))
    return (BYVAL_IR.replace('ARGS32', args32).replace('CALL32', call32).replace('NESTED32', nested)
            .replace('FILL', '\n'.join(fill)).replace('SUM', '\n'.join(sm)))


def byval_ref(v, gid, lane):
    """k_byval's four results for input v (host model of the IR above)"""
    s1 = [(v * (i + 1) + i) & M32 for i in range(9)]
    s2 = [(v ^ (1 << i)) & M32 for i in range(9)]
    c = [(v + i * 1000 + 1) & M32 for i in range(32)]

    def f_first(s, a):
        s = list(s)
        s[0] = (s[0] + a[0]) & M32
        return (s[0] + s[8] * 3 + a[31] * 5 + a[30]) & M32

    src = s1 if lane & 1 else s2
    r1 = f_first(src, c)
    q = (v << 32) | gid
    ql, qh = q & M32, q >> 32
    x1, x2 = (v + 77) & M32, (v * 3) & M32
    r2 = ((((ql + qh) & M32) ^ x1) + x2 + c[31] + 9 * 7 + c[0]) & M32
    own = list(s1)
    own[1] = gid
    nested = [gid if i % 2 else i for i in range(32)]
    r3 = (f_first(own, nested) + own[1] + own[0]) & M32
    acc = 0
    for o in (s1, s2):
        for i in range(9):
            acc = (acc + o[i] * (2 * i + 1)) & M32
    chk = ((acc ^ gid) + x1 + x2) & M32
    return [r1, r2, r3, chk]


def main():
    write('f_call_stack_align.cl', 'call_stack_align', ALIGN_SRC, align_tests())
    write('f_call_many_args.cl', 'call_many_args', MANY_SRC, many_tests())
    rng = Rng(6315)
    inp = [rng.u64() & M32 for _ in range(256)]
    lines = ['# 63 to 150 i32 arguments (31 in VGPRs, the rest on the stack), all live at the call;',
             '# LLVM IR: a kernel with 64 VGPRs that spills. Host reference only.',
             '[config]', 'name: call_wide_args', 'dimensions: 1', '']
    for n in WIDE:
        for g in (128, 192):
            te = Test('wide%d_%d' % (n, g), kernel_name='k%d' % n, global_size=sizes(g), local_size=sizes(64))
            te.inp(0, 'uint', 256, inp).out(1, 'uint', g, [wide_ref(inp, n, i) for i in range(g)])
            lines += te.text().split('\n') + ['']
    write_ll('f_call_wide_args.ll', lines, wide_ir())
    rng = Rng(5150)
    n = 128
    inp = [rng.u64() & M32 for _ in range(n)]
    o = []
    for g in range(n):
        o += byval_ref(inp[g], g, g % 64)
    te = Test('byval_128_64', kernel_name='k_byval', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'uint', n, inp).out(1, 'uint', 4 * n, o)
    lines = ['# byval arguments (LLVM IR; clang passes structs byref): copied by the caller onto',
             '# the stack in argument order, as llc-19 does. Host reference only.',
             '[config]', 'name: call_byval', 'dimensions: 1', ''] + te.text().split('\n') + ['']
    write_ll('f_call_byval.ll', lines, byval_ir())


main()
