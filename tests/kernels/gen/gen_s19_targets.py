#!/usr/bin/env python3
"""Writes tests/kernels/f_s19_targets.cl (session 20, fz20b): hand-made
kernels aimed at session 19's new code, with host-computed expected values.

- sgpr_across: ten uniform arguments and eight uniform values derived from
  them live across a uniform loop holding divergent ifs and a divergent
  inner loop; some are updated every iteration (loop-header phis). Under a
  small SGPR budget (--max-sgprs=24) the allocator moves SGPR values across
  blocks with linear phis (ra/regalloc_global.c).
- vgpr_rot: eight divergent values rotated in a loop with a divergent trip
  count, a divergent if that rotates four of them and a divergent break:
  join phis whose operands sit in each other's registers (join-phi
  coalescing, swaps), VGPR moves under --max-vgprs=8.
- bool_masks: eight divergent bools (lane masks, SGPR pairs at wave64)
  and two uniform 64-bit values live across a uniform loop with divergent
  ifs and a divergent inner loop with a break: SGPR pairs and single
  SGPRs mixed under a small SGPR budget (fragmentation).
- phi_swap: pure swaps and three-way rotations of loop-carried values and a
  float4 rotated by swizzles (loop-header phis inheriting vector slots).
- switch_perm: a loop whose divergent five-way and uniform four-way
  switches permute four values and a float4 (join phis with many
  incoming edges whose operands are each other's registers).
- cse_dom: the same products computed in a dominating block, in both arms
  of a divergent if and in a loop (cse-dom merging and freeing operands).
- vol_order: volatile global and local loads right after stores to the
  same address, after atomics and across barriers, with ALU work around
  them (sched-loads moving volatile loads above ALU work).
- i64cmp: 64-bit compares of zero-extended 32-bit values, signed and
  unsigned, with constants between 2^31 and 2^32 (compares on low dwords).
- mad64: 64 x 32-bit products plus inline-constant addends (-16, -1, 5,
  64), narrow products plus constants, and a 24-bit factor (v_mad_u64_u32
  with an inline src2, v_mad_u32_u24 for the high half).

Expected values: the Python models below, which follow the C source
statement by statement with 32/64-bit wraparound."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, write  # noqa: E402

M32 = 0xffffffff
M64 = 0xffffffffffffffff
N = 128   # work-items
LOCAL = 64

SRC = r"""
kernel void sgpr_across(global const uint *in, global uint *out,
                        uint a0, uint a1, uint a2, uint a3, uint a4,
                        uint a5, uint a6, uint a7, uint a8, uint a9, uint n)
{
  uint i = get_global_id(0);
  uint x = in[i];
  uint u0 = a0 * 3u + a1, u1 = a2 ^ a3, u2 = a4 + a5 * a6, u3 = a7 - a8;
  uint u4 = a9 << 3, u5 = a0 ^ a9, u6 = a1 + a8, u7 = a2 * a7;
  uint acc = x;
  for (uint k = 0; k < n; k++) {
    uint s = u0 + k * u1;
    if ((x + k) & 1) {
      acc += s ^ u2;
      if (x & 4)
        acc ^= u3 + k;
      else
        acc += u4 ^ u5;
    } else {
      acc = acc * 3u + (u1 | k);
      for (uint j = 0; j < (x & 3); j++)
        acc += u6 ^ (j * u7);
    }
    u0 += u2 ^ k;
    u1 = (u1 << 1) | (u1 >> 31);
    u5 += u6;
  }
  out[i] = acc;
  out[i + 128] = u0 ^ u1 ^ u5 ^ u3 ^ u4 ^ u7;
}

kernel void vgpr_rot(global const uint *in, global uint *out)
{
  uint i = get_global_id(0);
  uint v0 = in[i], v1 = in[i + 128], v2 = in[i + 256];
  uint v3 = v0 ^ v1, v4 = v1 + v2, v5 = v2 * 7u, v6 = v0 >> 3, v7 = v1 << 2;
  uint n = v0 & 7;
  for (uint t = 0; t < n; t++) {
    uint a = v0;
    v0 = v1 + v3;
    v1 = v2 ^ a;
    v2 = v3 * 3u;
    v3 = a - v2;
    if (v4 & 1) {
      uint b = v4;
      v4 = v5;
      v5 = v6;
      v6 = v7;
      v7 = b;
    } else {
      v4 += t;
      v7 ^= v0;
    }
    if ((v5 & 3) == 0)
      break;
  }
  out[i * 8 + 0] = v0;
  out[i * 8 + 1] = v1;
  out[i * 8 + 2] = v2;
  out[i * 8 + 3] = v3;
  out[i * 8 + 4] = v4;
  out[i * 8 + 5] = v5;
  out[i * 8 + 6] = v6;
  out[i * 8 + 7] = v7;
}

kernel void phi_swap(global const uint *in, global uint *out, global float4 *fo, uint n)
{
  uint i = get_global_id(0);
  uint a = in[i], b = in[i + 128], c = a ^ b;
  float4 v = (float4)((float)(a & 255u), (float)(b & 255u), (float)i, 1.0f);
  for (uint k = 0; k < n; k++) {
    uint t = a;
    a = b;
    b = t;
    if (k & 1) {
      t = c;
      c = a;
      a = t;
    }
    v = v.yzwx + (float4)(1.0f, 0.0f, 2.0f, 0.0f);
  }
  uint m = a & 15u;
  for (uint k = 0; k < m; k++) {
    uint t = a;
    a = b + 1u;
    b = c;
    c = t;
    v = v.wxyz;
  }
  out[i * 3 + 0] = a;
  out[i * 3 + 1] = b;
  out[i * 3 + 2] = c;
  fo[i] = v;
}

kernel void cse_dom(global const uint *in, global uint *out, uint u)
{
  uint i = get_global_id(0);
  uint x = in[i], y = in[i + 128];
  uint p = x * y + u;
  uint r = p;
  if (x & 1) {
    uint q = x * y + u;
    r = q ^ (x * 5u);
    if (y & 2)
      r += (x * 5u) >> 1;
  } else {
    r = (x * y) ^ (y * 9u);
  }
  uint z = 0;
  for (uint k = 0; k < (y & 7); k++) {
    z += x * y + u;
    if (k & 1)
      z ^= y * 9u;
  }
  out[i * 2] = r + p;
  out[i * 2 + 1] = z + (y * 9u);
}

kernel void vol_order(global volatile uint *buf, global uint *out,
                      local volatile uint *lds, global volatile uint *cnt)
{
  uint i = get_global_id(0), l = get_local_id(0);
  buf[i] = i * 7u;
  uint r0 = buf[i];
  uint t = r0 * 13u + l;
  buf[i] = t;
  uint r1 = buf[i];
  uint w = r1 ^ (t >> 2);
  lds[l] = w;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint r2 = lds[(l + 1) & 63];
  uint r3 = lds[(l + 5) & 63];
  barrier(CLK_LOCAL_MEM_FENCE);
  lds[l] = r2 + r3 * 3u;
  uint r4 = lds[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint r5 = lds[(l + 63) & 63];
  atomic_add(&cnt[i], r4);
  uint r6 = cnt[i];
  atomic_xchg(&cnt[i + 128], r6 ^ r5);
  uint r7 = cnt[i + 128];
  buf[i] = r7 * 3u + r2;
  uint r8 = buf[i];
  out[i * 4 + 0] = r0 ^ r1;
  out[i * 4 + 1] = r4 + r5;
  out[i * 4 + 2] = r6 ^ r7;
  out[i * 4 + 3] = r8;
}

kernel void i64cmp(global const uint *in, global uint *out)
{
  uint i = get_global_id(0);
  uint x = in[i], y = in[i + 128];
  uint r = 0;
  r |= (uint)((long)(ulong)(x ^ 1u) < (long)(ulong)(y ^ 2u)) << 0;
  r |= (uint)((long)(ulong)(x + 3u) <= (long)(ulong)(y + 4u)) << 1;
  r |= (uint)((long)(ulong)(x | 5u) > (long)(ulong)(y | 6u)) << 2;
  r |= (uint)((long)(ulong)(x & 0xfffffff7u) >= (long)(ulong)(y & 0xfffffffbu)) << 3;
  r |= (uint)((ulong)(x >> 1) == (ulong)(y >> 1)) << 4;
  r |= (uint)((ulong)(x >> 2) != (ulong)(y >> 2)) << 5;
  r |= (uint)((long)((ulong)(x & 0xffffu) * 3u) < (long)0x80000000L) << 6;
  r |= (uint)((long)(ulong)(x - 9u) > 0x7fffffffL) << 7;
  r |= (uint)((ulong)(y - 11u) >= 0xC0000000UL) << 8;
  r |= (uint)((long)(ulong)(x * 3u) < (long)(ulong)(y * 5u)) << 9;
  r |= (uint)(((ulong)x % 1000u) < (ulong)(y >> 20)) << 10;
  r |= (uint)((long)(ulong)(x ^ y) <= 0xffffffffL) << 11;
  r |= (uint)((long)(ulong)(x + y) > (long)(ulong)(x - y)) << 12;
  out[i] = r;
}

kernel void mad64(global const ulong *in64, global const uint *in, global ulong *out)
{
  uint i = get_global_id(0);
  ulong X = in64[i];
  uint y = in[i];
  out[i * 8 + 0] = X * (ulong)y + 5;
  out[i * 8 + 1] = (in64[i + 128]) * (ulong)(y ^ 1u) - 1;
  out[i * 8 + 2] = (in64[i + 256]) * (ulong)(y + 3u) - 16;
  out[i * 8 + 3] = (ulong)(y >> 3) * (X ^ 0x1234) + 64;
  out[i * 8 + 4] = (ulong)(y & 0xffffu) * (ulong)(y >> 8) + 64;
  out[i * 8 + 5] = (X >> 10) * (ulong)(y & 0xffffffu) - 7;
  out[i * 8 + 6] = (ulong)(y | 1u) * (ulong)(y >> 1) - 1;
  out[i * 8 + 7] = (X + 77) * (ulong)(y & 0xfffu) + 0;
}

kernel void bool_masks(global const uint *in, global uint *out, ulong s0, ulong s1, uint n)
{
  uint i = get_global_id(0);
  uint x = in[i], y = in[i + 128];
  bool c0 = x > y, c1 = (x & 3u) == 1u, c2 = y < 0x40000000u, c3 = (x ^ y) & 16u;
  bool c4 = x < 0x80000000u, c5 = (y & 5u) != 0u, c6 = (x + y) > 0x10000000u, c7 = (x & y & 1u) != 0u;
  uint a = x ^ 0x55u, b = y;
  ulong q = s0, r = s1;
  for (uint k = 0; k < n; k++) {
    if (c0)
      a += k;
    if (c1 && (k & 1u))
      a ^= x;
    if (c2 || k == 2u)
      b += (uint)q;
    q = q * 3u + s1;
    r ^= q >> 7;
    if (c3)
      a += (uint)(q >> 32);
    else if (c4)
      b ^= (uint)r;
    uint t = 0;
    while (c5 && t < ((x >> k) & 7u)) {
      a = a * 5u + t;
      if (c6 && ((a & 3u) == 0u))
        break;
      t++;
    }
    if (c7 != c0)
      b += t;
  }
  out[i] = a;
  out[i + 128] = b ^ (uint)r ^ (uint)(q >> 16);
}

kernel void switch_perm(global const uint *in, global uint *out, global float4 *fo, uint n, uint u)
{
  uint i = get_global_id(0);
  uint a = in[i], b = in[i + 128], c = a + b, d = a ^ 0x5a5a5a5au;
  float4 v = (float4)((float)(a & 63u), (float)(b & 63u), (float)(i & 63u), 3.0f);
  for (uint k = 0; k < n; k++) {
    uint t;
    switch ((a + k) % 5u) {
    case 0: t = a; a = b; b = c; c = d; d = t; v = v.yxwz; break;
    case 1: t = a; a = d; d = t; v = v.wzyx; break;
    case 2: t = b; b = c; c = t; a += 1u; break;
    case 3: t = a; a = c; c = t; t = b; b = d; d = t; v = v.zwxy + 1.0f; break;
    default: d += k; v.x += 2.0f; break;
    }
    switch ((u >> k) & 3u) {
    case 0: t = a; a = b; b = t; break;
    case 1: c ^= d; break;
    case 2: t = c; c = d; d = t; v = v.xzyw; break;
    default: break;
    }
  }
  out[i * 4 + 0] = a;
  out[i * 4 + 1] = b;
  out[i * 4 + 2] = c;
  out[i * 4 + 3] = d;
  fo[i] = v;
}
"""


def u32(v):
    return v & M32


def sgpr_across(inp, a, n):
    out = [0] * (2 * N)
    for i in range(N):
        x = inp[i]
        u0 = u32(a[0] * 3 + a[1]); u1 = a[2] ^ a[3]; u2 = u32(a[4] + a[5] * a[6]); u3 = u32(a[7] - a[8])
        u4 = u32(a[9] << 3); u5 = a[0] ^ a[9]; u6 = u32(a[1] + a[8]); u7 = u32(a[2] * a[7])
        acc = x
        for k in range(n):
            s = u32(u0 + k * u1)
            if (x + k) & 1:
                acc = u32(acc + (s ^ u2))
                if x & 4:
                    acc ^= u32(u3 + k)
                else:
                    acc = u32(acc + (u4 ^ u5))
            else:
                acc = u32(acc * 3 + (u1 | k))
                for j in range(x & 3):
                    acc = u32(acc + (u6 ^ u32(j * u7)))
            u0 = u32(u0 + (u2 ^ k))
            u1 = u32((u1 << 1) | (u1 >> 31))
            u5 = u32(u5 + u6)
        out[i] = acc
        out[i + 128] = u0 ^ u1 ^ u5 ^ u3 ^ u4 ^ u7
    return out


def vgpr_rot(inp):
    out = []
    for i in range(N):
        v0, v1, v2 = inp[i], inp[i + 128], inp[i + 256]
        v3 = v0 ^ v1; v4 = u32(v1 + v2); v5 = u32(v2 * 7); v6 = v0 >> 3; v7 = u32(v1 << 2)
        n = v0 & 7
        for t in range(n):
            a = v0
            v0 = u32(v1 + v3)
            v1 = v2 ^ a
            v2 = u32(v3 * 3)
            v3 = u32(a - v2)
            if v4 & 1:
                b = v4
                v4, v5, v6, v7 = v5, v6, v7, b
            else:
                v4 = u32(v4 + t)
                v7 ^= v0
            if (v5 & 3) == 0:
                break
        out += [v0, v1, v2, v3, v4, v5, v6, v7]
    return out


def phi_swap(inp, n):
    out, fo = [], []
    for i in range(N):
        a, b = inp[i], inp[i + 128]
        c = a ^ b
        v = [float(a & 255), float(b & 255), float(i), 1.0]
        for k in range(n):
            a, b = b, a
            if k & 1:
                a, c = c, a
            v = [v[1] + 1.0, v[2], v[3] + 2.0, v[0]]
        for k in range(a & 15):
            t = a
            a = u32(b + 1)
            b = c
            c = t
            v = [v[3], v[0], v[1], v[2]]
        out += [a, b, c]
        fo += v
    return out, fo


def cse_dom(inp, u):
    out = []
    for i in range(N):
        x, y = inp[i], inp[i + 128]
        p = u32(x * y + u)
        if x & 1:
            r = p ^ u32(x * 5)
            if y & 2:
                r = u32(r + (u32(x * 5) >> 1))
        else:
            r = u32(x * y) ^ u32(y * 9)
        z = 0
        for k in range(y & 7):
            z = u32(z + p)
            if k & 1:
                z ^= u32(y * 9)
        out += [u32(r + p), u32(z + y * 9)]
    return out


def vol_order(cnt0):
    buf = [0] * N
    cnt = list(cnt0)
    out = [0] * (4 * N)
    for g in range(N // LOCAL):
        ids = range(g * LOCAL, (g + 1) * LOCAL)
        st = {}
        lds = [0] * LOCAL
        for i in ids:
            l = i - g * LOCAL
            r0 = u32(i * 7)
            t = u32(r0 * 13 + l)
            r1 = t
            w = r1 ^ (t >> 2)
            lds[l] = w
            st[i] = dict(r0=r0, r1=r1, t=t)
        for i in ids:
            l = i - g * LOCAL
            st[i]['r2'] = lds[(l + 1) & 63]
            st[i]['r3'] = lds[(l + 5) & 63]
        for i in ids:
            l = i - g * LOCAL
            lds[l] = u32(st[i]['r2'] + st[i]['r3'] * 3)
            st[i]['r4'] = lds[l]
        for i in ids:
            l = i - g * LOCAL
            s = st[i]
            r5 = lds[(l + 63) & 63]
            cnt[i] = u32(cnt[i] + s['r4'])
            r6 = cnt[i]
            cnt[i + 128] = r6 ^ r5
            r7 = cnt[i + 128]
            buf[i] = u32(r7 * 3 + s['r2'])
            r8 = buf[i]
            out[i * 4:i * 4 + 4] = [s['r0'] ^ s['r1'], u32(s['r4'] + r5), r6 ^ r7, r8]
    return buf, out, cnt


def i64cmp(inp):
    out = []
    for i in range(N):
        x, y = inp[i], inp[i + 128]
        c = [
            (x ^ 1) < (y ^ 2),
            u32(x + 3) <= u32(y + 4),
            (x | 5) > (y | 6),
            (x & 0xfffffff7) >= (y & 0xfffffffb),
            (x >> 1) == (y >> 1),
            (x >> 2) != (y >> 2),
            (x & 0xffff) * 3 < 0x80000000,
            u32(x - 9) > 0x7fffffff,
            u32(y - 11) >= 0xC0000000,
            u32(x * 3) < u32(y * 5),
            (x % 1000) < (y >> 20),
            (x ^ y) <= 0xffffffff,
            u32(x + y) > u32(x - y),
        ]
        out.append(sum(int(b) << k for k, b in enumerate(c)))
    return out


def mad64(in64, inp):
    out = []
    for i in range(N):
        X, y = in64[i], inp[i]
        out += [
            (X * y + 5) & M64,
            (in64[i + 128] * (y ^ 1) - 1) & M64,
            (in64[i + 256] * u32(y + 3) - 16) & M64,
            ((y >> 3) * (X ^ 0x1234) + 64) & M64,
            ((y & 0xffff) * (y >> 8) + 64) & M64,
            ((X >> 10) * (y & 0xffffff) - 7) & M64,
            ((y | 1) * (y >> 1) - 1) & M64,
            (((X + 77) & M64) * (y & 0xfff)) & M64,
        ]
    return out


def bool_masks(inp, s0, s1, n):
    out = [0] * (2 * N)
    for i in range(N):
        x, y = inp[i], inp[i + 128]
        c0 = x > y; c1 = (x & 3) == 1; c2 = y < 0x40000000; c3 = ((x ^ y) & 16) != 0
        c4 = x < 0x80000000; c5 = (y & 5) != 0; c6 = u32(x + y) > 0x10000000; c7 = (x & y & 1) != 0
        a, b = x ^ 0x55, y
        q, r = s0, s1
        for k in range(n):
            if c0:
                a = u32(a + k)
            if c1 and (k & 1):
                a ^= x
            if c2 or k == 2:
                b = u32(b + (q & M32))
            q = (q * 3 + s1) & M64
            r ^= q >> 7
            if c3:
                a = u32(a + (q >> 32))
            elif c4:
                b ^= r & M32
            t = 0
            while c5 and t < ((x >> k) & 7):
                a = u32(a * 5 + t)
                if c6 and (a & 3) == 0:
                    break
                t += 1
            if c7 != c0:
                b = u32(b + t)
        out[i] = a
        out[i + 128] = b ^ (r & M32) ^ ((q >> 16) & M32)
    return out


def switch_perm(inp, n, u):
    out, fo = [], []
    for i in range(N):
        a, b = inp[i], inp[i + 128]
        c = u32(a + b); d = a ^ 0x5a5a5a5a
        v = [float(a & 63), float(b & 63), float(i & 63), 3.0]
        for k in range(n):
            sel = u32(a + k) % 5
            if sel == 0:
                a, b, c, d = b, c, d, a
                v = [v[1], v[0], v[3], v[2]]
            elif sel == 1:
                a, d = d, a
                v = [v[3], v[2], v[1], v[0]]
            elif sel == 2:
                b, c = c, b
                a = u32(a + 1)
            elif sel == 3:
                a, c = c, a
                b, d = d, b
                v = [v[2] + 1, v[3] + 1, v[0] + 1, v[1] + 1]
            else:
                d = u32(d + k)
                v[0] += 2.0
            sel = (u >> k) & 3
            if sel == 0:
                a, b = b, a
            elif sel == 1:
                c ^= d
            elif sel == 2:
                c, d = d, c
                v = [v[0], v[2], v[1], v[3]]
        out += [a, b, c, d]
        fo += v
    return out, fo


EDGE32 = [0, 1, 2, 3, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0xfffffffe,
          0xC0000000, 0xBFFFFFFF, 0x10000, 0xffff, 9, 10, 11, 8, 0xfffffff7]
EDGE64 = [0, 1, M64, 0x8000000000000000, 0x7fffffffffffffff, 0xffffffff, 0x100000000,
          0xfffffffffffffff0, 0x123456789abcdef0]


def main():
    rng = Rng(20201129)
    tests = []

    def data(count, edges):
        v = [rng.bits(32) for _ in range(count)]
        for k, e in enumerate(edges):
            v[(k * 37) % count] = e
        return v

    for name, n in (('sgpr_across n=5', 5), ('sgpr_across n=0', 0), ('sgpr_across n=9', 9)):
        inp = data(N, EDGE32)
        a = [rng.bits(32) for _ in range(10)]
        t = Test(name, kernel_name='sgpr_across').inp(0, 'uint', N, inp).inp(1, 'uint', 2 * N, [0] * (2 * N))
        for k in range(10):
            t.val(2 + k, 'uint', a[k])
        t.val(12, 'uint', n)
        t.out(1, 'uint', 2 * N, sgpr_across(inp, a, n))
        tests.append(t)

    for s in range(2):
        inp = data(3 * N, EDGE32)
        tests.append(Test('vgpr_rot %d' % s, kernel_name='vgpr_rot').inp(0, 'uint', 3 * N, inp)
                     .inp(1, 'uint', 8 * N, [0] * (8 * N)).out(1, 'uint', 8 * N, vgpr_rot(inp)))

    for n in (0, 1, 6, 7):
        inp = data(2 * N, EDGE32)
        o, f = phi_swap(inp, n)
        tests.append(Test('phi_swap n=%d' % n, kernel_name='phi_swap').inp(0, 'uint', 2 * N, inp)
                     .inp(1, 'uint', 3 * N, [0] * (3 * N)).inp(2, 'float4', N, [0.0] * (4 * N))
                     .val(3, 'uint', n).out(1, 'uint', 3 * N, o).out(2, 'float4', N, f))

    for u in (0, 0x9e3779b9):
        inp = data(2 * N, EDGE32)
        tests.append(Test('cse_dom u=%#x' % u, kernel_name='cse_dom').inp(0, 'uint', 2 * N, inp)
                     .inp(1, 'uint', 2 * N, [0] * (2 * N)).val(2, 'uint', u)
                     .out(1, 'uint', 2 * N, cse_dom(inp, u)))

    cnt0 = data(2 * N, [])
    buf, out, cnt = vol_order(cnt0)
    tests.append(Test('vol_order', kernel_name='vol_order').inp(0, 'uint', N, [0] * N)
                 .inp(1, 'uint', 4 * N, [0] * (4 * N)).local(2, 'uint', LOCAL).inp(3, 'uint', 2 * N, cnt0)
                 .out(0, 'uint', N, buf).out(1, 'uint', 4 * N, out).out(3, 'uint', 2 * N, cnt))

    for s in range(2):
        inp = data(2 * N, EDGE32)
        tests.append(Test('i64cmp %d' % s, kernel_name='i64cmp').inp(0, 'uint', 2 * N, inp)
                     .inp(1, 'uint', N, [0] * N).out(1, 'uint', N, i64cmp(inp)))

    for s in range(2):
        in64 = [rng.u64() for _ in range(3 * N)]
        for k, e in enumerate(EDGE64):
            in64[(k * 41) % (3 * N)] = e
        inp = data(N, EDGE32)
        tests.append(Test('mad64 %d' % s, kernel_name='mad64').inp(0, 'ulong', 3 * N, in64)
                     .inp(1, 'uint', N, inp).inp(2, 'ulong', 8 * N, [0] * (8 * N))
                     .out(2, 'ulong', 8 * N, mad64(in64, inp)))

    for n in (3, 8):
        inp = data(2 * N, EDGE32)
        s0, s1 = rng.u64(), rng.u64()
        tests.append(Test('bool_masks n=%d' % n, kernel_name='bool_masks').inp(0, 'uint', 2 * N, inp)
                     .inp(1, 'uint', 2 * N, [0] * (2 * N)).val(2, 'ulong', s0).val(3, 'ulong', s1)
                     .val(4, 'uint', n).out(1, 'uint', 2 * N, bool_masks(inp, s0, s1, n)))

    for n, u in ((6, 0x9c), (13, 0x2d8e1b)):
        inp = data(2 * N, EDGE32)
        o, f = switch_perm(inp, n, u)
        tests.append(Test('switch_perm n=%d' % n, kernel_name='switch_perm').inp(0, 'uint', 2 * N, inp)
                     .inp(1, 'uint', 4 * N, [0] * (4 * N)).inp(2, 'float4', N, [0.0] * (4 * N))
                     .val(3, 'uint', n).val(4, 'uint', u).out(1, 'uint', 4 * N, o).out(2, 'float4', N, f))

    write('f_s19_targets.cl', 'session 19 targets: SGPR/VGPR moves, join phis, cse-dom, volatile loads, '
          'i64 low compares, mad64 inline addends', SRC, tests, dimensions=1,
          global_size=(N,), local_size=(LOCAL,), comment=__doc__.split('\n\n')[0])


if __name__ == '__main__':
    main()
