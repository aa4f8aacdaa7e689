#!/usr/bin/env python3
"""Writes tests/kernels/f_passes_fz18a.cl (session 18, fz18a): hand-made
kernels aimed at session 17's new passes, each with expected values from
a host model of the OpenCL C below (no compiler involved).

- tri: if-triangles whose join phis take the "else" value from before the
  if (exec-cleanup moves F's phi copies above the saveexec, isel_struct.c),
  the arm's value of one phi already in a register from before the if,
  nested ifs, a ushort2 built from two 16-bit loads in an arm.
- loopx: loops with divergent breaks and continues into joins with phis
  (exec-cleanup's s_and_saveexec + s_cbranch_execz latch rewrite), a
  do-while with a break under two ifs, a uniform loop with a divergent if
  and break.
- priv: a private union of uint[20] / ushort[40] / uchar[80] / ulong[10]
  written and read at mixed widths, at constant and run-time indices, in
  both arms of an if and in a loop (forward-private-stores: partial
  overlaps must not forward, a run-time store kills every fact).
- csed: the same address and mul_hi expressions in a dominating block, in
  both arms of a divergent if and in a loop with a divergent break
  (cse-dom).
- lits: 32-bit literals in v_cndmask, v_med3/min/max, fma, bfe, shifts,
  mad24, mul_hi, bitselect (VOP3 literal folding, GFX10+), floats chosen so
  every result is exact except the fma, which the model rounds once.
- masked: goto out of two nested loops, an early return and switch
  fallthrough inside a loop (masked linearisation, isel_cf.c)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, write, fma32, fbits, f32  # noqa: E402

M = 0xffffffff
N = 192          # work-items
LOCAL = 64

SRC = r'''
/* triangles: phis whose "else" value is a copy that may run before the saveexec */
kernel void tri(global const uint *in, global uint *out, global const ushort *hs, uint u)
{
  uint i = get_global_id(0);
  uint a = in[i & 255], b = in[(i * 7 + 3) & 255];
  uint x = a, y = b, z = u;
  ushort2 v = (ushort2)(0x1234, 0x5678);
  if (a & 1) {
    x = b;                       /* the arm's value sits in a register from before */
    y = in[(a >> 4) & 255];
    v = (ushort2)(hs[(a >> 8) & 511], hs[(b >> 8) & 511]);
  }
  if (b & 2) {
    z = x + y;
    if (a & 4) { x = z * 3u; }
    else { y = z ^ 0x55u; }
  }
  uint w = 0;
  if ((a ^ b) & 8) w = in[(x ^ y) & 255];
  if (u > 3) { if (i & 1) w += a; }
  out[4 * i + 0] = x;
  out[4 * i + 1] = y;
  out[4 * i + 2] = z + w;
  out[4 * i + 3] = as_uint(v);
}

/* loops with divergent exits into joins with phis */
kernel void loopx(global const uint *in, global uint *out, global const ushort *hs, uint u)
{
  uint i = get_global_id(0);
  uint a = in[i & 255];
  uint s = 0, t = 1, r = 7;
  for (uint k = 0; k < (a & 15); k++) {
    s += in[(k + i) & 255];
    if (s & 64) { t = s ^ k; break; }
    t += k;
    if (s & 128) { r = k; continue; }
    r ^= s;
  }
  uint q = 0;
  uint k2 = 0;
  do {
    q = q * 5u + hs[(q + i) & 511];
    k2++;
    if (q & 3) { if (q > 40000u) break; }
  } while (k2 < u + (a & 3));
  uint m = 0;
  for (uint k = 0; k < u; k++) {       /* uniform loop, divergent if inside */
    if ((a >> k) & 1) m += k * 3u;
    else if ((a >> (k + 8)) & 1) break;
  }
  out[4 * i + 0] = s;
  out[4 * i + 1] = t + r;
  out[4 * i + 2] = q ^ k2;
  out[4 * i + 3] = m;
}

/* private arrays: stores of several widths, forwarding */
typedef union { uint w[20]; ushort h[40]; uchar c[80]; ulong l[10]; } pun;
kernel void priv(global const uint *in, global uint *out, global const ushort *hs, uint u)
{
  uint i = get_global_id(0);
  uint a = in[i & 255];
  pun arr;
  for (int k = 0; k < 20; k++) arr.w[k] = in[(i + k) & 255];
  arr.c[5] = (uchar)a;
  arr.h[4] = (ushort)(a >> 16);
  uint r0 = arr.w[1];
  arr.w[2] = a * 3u;
  uint r1 = arr.h[4];
  if (a & 1) arr.w[3] = u; else arr.c[12] = 0x7f;
  uint r2 = arr.w[3];
  arr.w[(a >> 3) % 20] = 0xdeadu;
  uint r3 = arr.w[2] + arr.w[1];
  arr.l[3] = (ulong)a << 20;
  uint r4 = arr.w[7] ^ arr.w[6];
  for (uint k = 0; k < u; k++) arr.w[8 + k] = arr.w[k] + k;
  uint r5 = arr.w[8] + arr.w[10];
  arr.c[40] = 1; arr.c[41] = 2; arr.c[42] = 3; arr.c[43] = 4;
  uint r6 = arr.w[10];
  arr.h[23] = (ushort)r6;
  uint r7 = arr.w[11] + arr.h[22];
  out[4 * i + 0] = r0 ^ r1;
  out[4 * i + 1] = r2 + r3;
  out[4 * i + 2] = r4 + r5 + r7;
  out[4 * i + 3] = r6 + arr.w[(a >> 7) % 20];
}

/* dominator CSE: addresses and values shared across ifs and loops */
kernel void csed(global const uint *in, global uint *out, global const ushort *hs, uint u)
{
  uint i = get_global_id(0);
  uint a = in[i & 255];
  uint t = (a * 13u + i) >> 3;
  uint acc = in[t & 255];
  if (a & 1) {
    acc += in[((a * 13u + i) >> 3) & 255] * 2u;
    if (a & 2) acc ^= (a * 13u + i) >> 3;
  } else {
    acc -= ((a * 13u + i) >> 3) | 1u;
  }
  for (uint k = 0; k < (a & 7); k++) {
    uint tt = (a * 13u + i) >> 3;
    acc += in[(tt + k) & 255];
    if (acc & 16) break;
    acc += mul_hi(a, u + k);
    if (k & 1) acc ^= mul_hi(a, u + k);
  }
  uint z = mul_hi(a, u);
  if (i & 1) z += mul_hi(a, u) >> 1;
  out[4 * i + 0] = acc;
  out[4 * i + 1] = z;
  out[4 * i + 2] = ((a * 13u + i) >> 3) + t;
  out[4 * i + 3] = in[t & 255] + in[(i * 5) & 255];
}

/* 32-bit literals in VALU operations */
kernel void lits(global const uint *in, global uint *out, global const float *fin, uint u)
{
  uint i = get_global_id(0);
  uint a = in[i & 255];
  float f = fin[i & 255];
  uint r0 = (a & 1) ? 0x12345678u : 0x9abcdef0u;
  uint r1 = (a & 2) ? a : 0xfedcba98u;
  float g = fma(f, 1.75f, 0.375f);
  float h = fma(f, f, 123.25f);
  float m = fmin(fmax(f, -3.5f), 77.5f);
  uint r2 = (a >> 5) & 0x3ffu;
  uint r3 = (a << 25) | (0xcafebabeu >> 7);
  uint r4 = (a << 3) + 0x10000u;
  uint r5 = mad24(a & 0xffffu, 0x1234u, 0x777777u);
  uint r6 = mul_hi(a, 0x9e3779b9u);
  int r7 = max(min((int)a, 100000), -100000);
  uint r8 = (a & 4) ? as_uint(g) : as_uint(h);
  uint r9 = bitselect(a, 0x0f0f0f0fu, 0x33333333u);
  if (a & 8) {
    r0 += 0x11111111u;
    g = g * 2.5f + 0.125f;
  }
  out[8 * i + 0] = r0 ^ r1;
  out[8 * i + 1] = as_uint(g) + as_uint(m);
  out[8 * i + 2] = r2 + r3;
  out[8 * i + 3] = r4 ^ r5;
  out[8 * i + 4] = r6 + (uint)r7;
  out[8 * i + 5] = r8;
  out[8 * i + 6] = r9;
  out[8 * i + 7] = as_uint(h) ^ (uint)(int)(f * 3.0f);
}

/* goto out of nested loops, early returns, switch fallthrough: masked linearisation */
kernel void masked(global const uint *in, global uint *out, global const float *fin, uint u)
{
  uint i = get_global_id(0);
  uint a = in[i & 255];
  uint s = a & 0xff, t = 0, w = 3;
  out[4 * i + 3] = 0;
  for (uint k = 0; k < u; k++) {
    for (uint j = 0; j < (a & 7); j++) {
      s = s * 3u + in[(j + k + i) & 255];
      if ((s & 31) == 5) goto found;
      if ((s & 63) == 9) { w = 77; goto fail; }
      t += j;
    }
    if (s & 1024) break;
    switch ((s >> 4) & 7) {
    case 0: t += 3;
    case 1: t ^= s; break;
    case 2: w += k; continue;
    case 5: if (i & 2) { out[4 * i + 0] = s; out[4 * i + 1] = t; out[4 * i + 2] = w; out[4 * i + 3] = 99; return; }
    default: t -= 1;
    }
    w += t & 3;
  }
  out[4 * i + 0] = s + 1;
  out[4 * i + 1] = t;
  out[4 * i + 2] = w;
  return;
found:
  out[4 * i + 0] = s ^ 0x5555u;
  out[4 * i + 1] = t + 1000;
  out[4 * i + 2] = w;
  return;
fail:
  out[4 * i + 0] = 0;
  out[4 * i + 1] = t;
  out[4 * i + 2] = w + s;
}
'''


def m_tri(inp, hs, u):
    out = []
    for i in range(N):
        a, b = inp[i & 255], inp[(i * 7 + 3) & 255]
        x, y, z = a, b, u
        v0, v1 = 0x1234, 0x5678
        if a & 1:
            x = b
            y = inp[(a >> 4) & 255]
            v0, v1 = hs[(a >> 8) & 511], hs[(b >> 8) & 511]
        if b & 2:
            z = (x + y) & M
            if a & 4:
                x = (z * 3) & M
            else:
                y = z ^ 0x55
        w = 0
        if (a ^ b) & 8:
            w = inp[(x ^ y) & 255]
        if u > 3 and i & 1:
            w = (w + a) & M
        out += [x, y, (z + w) & M, v0 | v1 << 16]
    return out


def m_loopx(inp, hs, u):
    out = []
    for i in range(N):
        a = inp[i & 255]
        s, t, r = 0, 1, 7
        for k in range(a & 15):
            s = (s + inp[(k + i) & 255]) & M
            if s & 64:
                t = s ^ k
                break
            t = (t + k) & M
            if s & 128:
                r = k
                continue
            r ^= s
        q = k2 = 0
        while True:
            q = (q * 5 + hs[(q + i) & 511]) & M
            k2 += 1
            if q & 3 and q > 40000:
                break
            if not k2 < u + (a & 3):
                break
        m = 0
        for k in range(u):
            if (a >> k) & 1:
                m = (m + k * 3) & M
            elif (a >> (k + 8)) & 1:
                break
        out += [s, (t + r) & M, q ^ k2, m]
    return out


def m_priv(inp, u):
    out = []
    for i in range(N):
        a = inp[i & 255]
        c = bytearray(80)

        def w(k, v):
            c[4 * k:4 * k + 4] = (v & M).to_bytes(4, 'little')

        def rw(k):
            return int.from_bytes(c[4 * k:4 * k + 4], 'little')

        def rh(k):
            return int.from_bytes(c[2 * k:2 * k + 2], 'little')
        for k in range(20):
            w(k, inp[(i + k) & 255])
        c[5] = a & 0xff
        c[8:10] = ((a >> 16) & 0xffff).to_bytes(2, 'little')
        r0 = rw(1)
        w(2, a * 3)
        r1 = rh(4)
        if a & 1:
            w(3, u)
        else:
            c[12] = 0x7f
        r2 = rw(3)
        w((a >> 3) % 20, 0xdead)
        r3 = (rw(2) + rw(1)) & M
        c[24:32] = ((a << 20) & 0xffffffffffffffff).to_bytes(8, 'little')
        r4 = rw(7) ^ rw(6)
        for k in range(u):
            w(8 + k, rw(k) + k)
        r5 = (rw(8) + rw(10)) & M
        c[40:44] = bytes([1, 2, 3, 4])
        r6 = rw(10)
        c[46:48] = (r6 & 0xffff).to_bytes(2, 'little')
        r7 = (rw(11) + rh(22)) & M
        out += [r0 ^ r1, (r2 + r3) & M, (r4 + r5 + r7) & M, (r6 + rw((a >> 7) % 20)) & M]
    return out


def mulhi(a, b):
    return (a * b) >> 32


def m_csed(inp, u):
    out = []
    for i in range(N):
        a = inp[i & 255]
        t = ((a * 13 + i) & M) >> 3
        acc = inp[t & 255]
        if a & 1:
            acc = (acc + inp[t & 255] * 2) & M
            if a & 2:
                acc ^= t
        else:
            acc = (acc - (t | 1)) & M
        for k in range(a & 7):
            acc = (acc + inp[(t + k) & 255]) & M
            if acc & 16:
                break
            acc = (acc + mulhi(a, (u + k) & M)) & M
            if k & 1:
                acc ^= mulhi(a, (u + k) & M)
        z = mulhi(a, u)
        if i & 1:
            z = (z + (mulhi(a, u) >> 1)) & M
        out += [acc, z, (t + t) & M, (inp[t & 255] + inp[(i * 5) & 255]) & M]
    return out


def sx(v):
    return v - (1 << 32) if v & 0x80000000 else v


def m_lits(inp, fin):
    out = []
    for i in range(N):
        a = inp[i & 255]
        f = fin[i & 255]
        r0 = 0x12345678 if a & 1 else 0x9abcdef0
        r1 = a if a & 2 else 0xfedcba98
        g = f32(f * 1.75 + 0.375)            # exact
        h = fma32(f, f, 123.25)              # one rounding
        m = min(max(f, -3.5), 77.5)
        r2 = (a >> 5) & 0x3ff
        r3 = ((a << 25) & M) | (0xcafebabe >> 7)
        r4 = ((a << 3) + 0x10000) & M
        r5 = ((a & 0xffff) * 0x1234 + 0x777777) & M
        r6 = mulhi(a, 0x9e3779b9)
        r7 = max(min(sx(a), 100000), -100000) & M
        r8 = fbits(g) if a & 4 else fbits(h)
        r9 = (a & ~0x33333333 & M) | (0x0f0f0f0f & 0x33333333)
        if a & 8:
            r0 = (r0 + 0x11111111) & M
            g = f32(g * 2.5 + 0.125)         # exact
        out += [r0 ^ r1, (fbits(g) + fbits(m + 0.0)) & M, (r2 + r3) & M, r4 ^ r5,
                (r6 + r7) & M, r8, r9, fbits(h) ^ (int(f * 3.0) & M)]
    return out


def m_masked(inp, u):
    out = []
    for i in range(N):
        a = inp[i & 255]
        s, t, w = a & 0xff, 0, 3
        res = None
        for k in range(u):
            for j in range(a & 7):
                s = (s * 3 + inp[(j + k + i) & 255]) & M
                if (s & 31) == 5:
                    res = [s ^ 0x5555, (t + 1000) & M, w, 0]
                    break
                if (s & 63) == 9:
                    w = 77
                    res = [0, t, (w + s) & M, 0]
                    break
                t = (t + j) & M
            if res:
                break
            if s & 1024:
                break
            sel = (s >> 4) & 7
            if sel == 0:
                t = (t + 3) & M
                t ^= s
            elif sel == 1:
                t ^= s
            elif sel == 2:
                w = (w + k) & M
                continue
            elif sel == 5 and i & 2:
                res = [s, t, w, 99]
                break
            else:
                t = (t - 1) & M
            w = (w + (t & 3)) & M
        if res is None:
            res = [(s + 1) & M, t, w, 0]
        out += res
    return out


def main():
    rng = Rng(0x5e18a)
    tests = []
    for n, u in enumerate((7, 2)):
        inp = [rng.bits(32) for _ in range(256)]
        hs = [rng.bits(16) for _ in range(512)]
        fin = [rng.range(-16000, 16000) / 16.0 for _ in range(256)]
        tests.append(Test('tri u=%d' % u, kernel_name='tri').inp(0, 'uint', 256, inp)
                     .out(1, 'uint', 4 * N, m_tri(inp, hs, u)).inp(2, 'ushort', 512, hs).val(3, 'uint', u))
        tests.append(Test('loopx u=%d' % u, kernel_name='loopx').inp(0, 'uint', 256, inp)
                     .out(1, 'uint', 4 * N, m_loopx(inp, hs, u)).inp(2, 'ushort', 512, hs).val(3, 'uint', u))
        tests.append(Test('priv u=%d' % u, kernel_name='priv').inp(0, 'uint', 256, inp)
                     .out(1, 'uint', 4 * N, m_priv(inp, u)).inp(2, 'ushort', 512, hs).val(3, 'uint', u))
        tests.append(Test('csed u=%d' % u, kernel_name='csed').inp(0, 'uint', 256, inp)
                     .out(1, 'uint', 4 * N, m_csed(inp, u)).inp(2, 'ushort', 512, hs).val(3, 'uint', u))
        tests.append(Test('lits %d' % n, kernel_name='lits').inp(0, 'uint', 256, inp)
                     .out(1, 'uint', 8 * N, m_lits(inp, fin)).inp(2, 'float', 256, fin).val(3, 'uint', u))
        tests.append(Test('masked u=%d' % u, kernel_name='masked').inp(0, 'uint', 256, inp)
                     .out(1, 'uint', 4 * N, m_masked(inp, u)).inp(2, 'float', 256, fin).val(3, 'uint', u))
    write('f_passes_fz18a.cl', 'session 17 passes: exec-cleanup triangles and loop exits, private forwarding, '
          'cse-dom, VOP3 literals, masked linearisation', SRC, tests, global_size=(N,), local_size=(LOCAL,),
          comment=__doc__.split('\n\n', 1)[1])


if __name__ == '__main__':
    main()
