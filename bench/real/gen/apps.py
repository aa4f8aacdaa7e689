#!/usr/bin/python3
"""Generates bench/real's application-style programs: option pricing
(Black-Scholes with a polynomial normal CDF), all-pairs shortest paths
(Floyd-Warshall on LDS, one matrix per work-group), a Sobel edge filter,
work-group stream compaction (LDS scan), Collatz step counts (64-bit,
divergent trip counts), tridiagonal solves (Thomas algorithm in private
arrays), S-box substitution rounds (a __constant byte table) and
pattern counting in a byte text. Written for this bench in the style of
public suites' samples; none is copied. Integer results are exact; the
float ones carry tolerances from a float64 reference (stated per file)."""
import numpy as np
from real_common import (emit, ints, fints, buf, buf_repeat, scalar, local, test, rel_tol,
                         F32, I32, U32, Rng)

G = 'apps.py'
M32 = 0xFFFFFFFF


def black_scholes():
    src = r'''
/* European call and put prices (Black-Scholes), one option per work-item.
 * The normal CDF is the 5-term polynomial of Abramowitz and Stegun 26.2.17. */
float cnd(float d)
{
    const float a1 = 0.319381530f, a2 = -0.356563782f, a3 = 1.781477937f,
                a4 = -1.821255978f, a5 = 1.330274429f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float poly = k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5))));
    float c = 0.39894228040143267f * exp(-0.5f * d * d) * poly;
    return d > 0.0f ? 1.0f - c : c;
}

kernel void black_scholes(global const float *s, global const float *x, global const float *t,
                          global float *call, global float *put, float r, float v, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float S = s[i], X = x[i], T = t[i];
    float sq = sqrt(T);
    float d1 = (log(S / X) + (r + 0.5f * v * v) * T) / (v * sq);
    float d2 = d1 - v * sq;
    float e = exp(-r * T);
    call[i] = S * cnd(d1) - X * e * cnd(d2);
    put[i] = X * e * cnd(-d2) - S * cnd(-d1);
}
'''
    n = 480
    rg = Rng(501)
    S = rg.floats(n, 10.0, 50.0, 12); X = rg.floats(n, 10.0, 50.0, 12); T = rg.floats(n, 0.25, 4.0, 10)
    r, v = 0.02, 0.30

    def cnd(d):
        k = 1.0 / (1.0 + 0.2316419 * np.abs(d))
        poly = k * (0.319381530 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))))
        c = 0.39894228040143267 * np.exp(-0.5 * d * d) * poly
        return np.where(d > 0, 1.0 - c, c)
    S64, X64, T64 = (a.astype(np.float64) for a in (S, X, T))
    sq = np.sqrt(T64)
    d1 = (np.log(S64 / X64) + (r + 0.5 * v * v) * T64) / (v * sq)
    d2 = d1 - v * sq
    e = np.exp(-r * T64)
    call = S64 * cnd(d1) - X64 * e * cnd(d2)
    put = X64 * e * cnd(-d2) - S64 * cnd(-d1)
    # float32 evaluation of ~40 operations on values up to 50, with
    # cancellation in S*N(d1) - X*e*N(d2): 2e-5 of the largest price.
    t = test('480 options', [buf('arg_in', 0, 'float', S), buf('arg_in', 1, 'float', X),
                             buf('arg_in', 2, 'float', T), buf_repeat('arg_in', 3, 'float', n, 0),
                             buf('arg_out', 3, 'float', call.astype(F32), rel_tol(call, 2e-5)),
                             buf_repeat('arg_in', 4, 'float', n, 0),
                             buf('arg_out', 4, 'float', put.astype(F32), rel_tol(put, 2e-5)),
                             scalar(5, 'float', r), scalar(6, 'float', v), scalar(7, 'int', n)],
             global_size=(512,), local_size=(64,))
    emit('black_scholes', 'black_scholes', 1, src, [t],
         'Black-Scholes option pricing (float math through libclc: log, exp, sqrt)', G)


def floyd_warshall():
    src = r'''
/* All-pairs shortest paths of one 16-vertex graph per work-group: the
 * distance matrix lives in LDS, each work-item owns one entry, and the k
 * loop relaxes through vertex k between barriers. */
#define NV 16
#define INF 1000000
kernel void floyd_warshall(global int *dist)
{
    local int d[NV * NV];
    int j = get_local_id(0), i = get_local_id(1);
    global int *m = dist + get_group_id(0) * NV * NV;
    d[i * NV + j] = m[i * NV + j];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < NV; ++k) {
        int via = d[i * NV + k] + d[k * NV + j];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (via < d[i * NV + j])
            d[i * NV + j] = via;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    m[i * NV + j] = d[i * NV + j];
}
'''
    nv, ng, INF = 16, 6, 1000000
    rg = Rng(511)
    mats = []
    for gi in range(ng):
        w = rg.ints(nv * nv, 1, 40).reshape(nv, nv)
        keep = rg.ints(nv * nv, 0, 99).reshape(nv, nv) < 25
        d = np.where(keep, w, INF)
        np.fill_diagonal(d, 0)
        mats.append(d.astype(np.int64))
    ins = np.concatenate([m.reshape(-1) for m in mats]).astype(I32)
    outs = []
    for d in mats:
        d = d.copy()
        for k in range(nv):
            d = np.minimum(d, d[:, k:k + 1] + d[k:k + 1, :])
        outs.append(d.reshape(-1))
    out = np.concatenate(outs).astype(I32)
    t = test('6 graphs of 16 vertices, 25% edges', [buf('arg_in', 0, 'int', ins), buf('arg_out', 0, 'int', out)],
             global_size=(16 * ng, 16), local_size=(16, 16), dims=2)
    emit('floyd_warshall', 'floyd_warshall', 2, src, [t], 'Floyd-Warshall in LDS, one graph per work-group', G)


def sobel():
    src = r'''
/* Sobel edge magnitude |gx| + |gy| of an 8-bit image, clamped to 255;
 * edge pixels read their clamped neighbours. */
kernel void sobel(global const uchar *img, global uchar *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    int p[3][3];
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = clamp(x + dx, 0, w - 1), yy = clamp(y + dy, 0, h - 1);
            p[dy + 1][dx + 1] = img[yy * w + xx];
        }
    int gx = (p[0][2] + 2 * p[1][2] + p[2][2]) - (p[0][0] + 2 * p[1][0] + p[2][0]);
    int gy = (p[2][0] + 2 * p[2][1] + p[2][2]) - (p[0][0] + 2 * p[0][1] + p[0][2]);
    out[y * w + x] = (uchar)min(abs(gx) + abs(gy), 255u);
}
'''
    w, h = 40, 24
    img = Rng(521).ints(w * h, 0, 255).reshape(h, w)
    # a bright square so that some pixels have real edges, not only noise
    img[6:14, 10:22] = 200
    P = np.pad(img, 1, mode='edge').astype(np.int64)
    gx = (P[:-2, 2:] + 2 * P[1:-1, 2:] + P[2:, 2:]) - (P[:-2, :-2] + 2 * P[1:-1, :-2] + P[2:, :-2])
    gy = (P[2:, :-2] + 2 * P[2:, 1:-1] + P[2:, 2:]) - (P[:-2, :-2] + 2 * P[:-2, 1:-1] + P[:-2, 2:])
    out = np.minimum(np.abs(gx) + np.abs(gy), 255)
    t = test('40x24 image', [buf('arg_in', 0, 'uchar', img.reshape(-1)), buf_repeat('arg_in', 1, 'uchar', w * h, 0),
                             buf('arg_out', 1, 'uchar', out.reshape(-1)), scalar(2, 'int', w), scalar(3, 'int', h)],
             global_size=(48, 24), local_size=(16, 4), dims=2)
    emit('sobel', 'sobel', 2, src, [t], 'Sobel edge filter on an 8-bit image', G)


def stream_compact():
    src = r'''
/* Keeps the elements above a threshold, in order, within each work-group:
 * a Hillis-Steele scan of the keep flags in LDS gives each kept element
 * its slot in the group's segment of the output; the group's count goes
 * to counts[]. */
#define WG 128
kernel void stream_compact(global const int *in, global int *out, global int *counts, int thr)
{
    local int scan[2][WG];
    int l = get_local_id(0), g = get_group_id(0);
    int v = in[get_global_id(0)];
    int keep = v > thr;
    int cur = 0;
    scan[0][l] = keep;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < WG; off <<= 1) {
        int s = scan[cur][l];
        if (l >= off)
            s += scan[cur][l - off];
        scan[cur ^ 1][l] = s;
        cur ^= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    int incl = scan[cur][l];
    if (keep)
        out[g * WG + incl - 1] = v;
    if (l == WG - 1)
        counts[g] = incl;
}
'''
    wg, ng, thr = 128, 4, 20
    v = ints(531, wg * ng, -100, 100)
    out = np.full(wg * ng, -7, np.int64)
    counts = []
    for g in range(ng):
        seg = [x for x in v[g * wg:(g + 1) * wg] if x > thr]
        out[g * wg:g * wg + len(seg)] = seg
        counts.append(len(seg))
    t = test('4 groups of 128, threshold 20', [buf('arg_in', 0, 'int', v), buf_repeat('arg_in', 1, 'int', wg * ng, -7),
                                               buf('arg_out', 1, 'int', out.astype(I32)),
                                               buf_repeat('arg_in', 2, 'int', ng, 0),
                                               buf('arg_out', 2, 'int', np.array(counts, I32)), scalar(3, 'int', thr)],
             global_size=(wg * ng,), local_size=(wg,))
    emit('stream_compact', 'stream_compact', 1, src, [t], 'stream compaction with a work-group LDS scan', G)


def collatz():
    src = r'''
/* Collatz trajectory length of start + i in 64-bit arithmetic, capped at
 * 600 steps, and the trajectory's largest value (divergent trip counts). */
kernel void collatz(ulong start, global uint *steps, global ulong *peak)
{
    size_t i = get_global_id(0);
    ulong v = start + i, top = v;
    uint s = 0;
    while (v != 1 && s < 600) {
        v = (v & 1) ? 3 * v + 1 : v >> 1;
        top = max(top, v);
        ++s;
    }
    steps[i] = s;
    peak[i] = top;
}
'''
    start, n = 1000000007, 256
    st, pk = [], []
    for i in range(n):
        v = start + i; top = v; s = 0
        while v != 1 and s < 600:
            v = 3 * v + 1 if v & 1 else v >> 1
            top = max(top, v); s += 1
        st.append(s); pk.append(top)
    t = test('256 starts from 1000000007', [scalar(0, 'ulong', start), buf_repeat('arg_in', 1, 'uint', n, 0),
                                             buf('arg_out', 1, 'uint', np.array(st, np.uint64)),
                                             buf_repeat('arg_in', 2, 'ulong', n, 0),
                                             buf('arg_out', 2, 'ulong', np.array(pk, np.uint64))],
             global_size=(n,), local_size=(64,))
    emit('collatz', 'collatz', 1, src, [t], 'Collatz step counts (64-bit, divergent loop lengths)', G)


def thomas():
    src = r'''
/* One tridiagonal system per work-item (Thomas algorithm): the forward
 * sweep keeps the modified coefficients in private arrays, the backward
 * sweep reads them in reverse. Systems are stored interleaved (a[k*n+i]). */
#define N 16
kernel void thomas(global const float *a, global const float *b, global const float *c,
                   global const float *d, global float *x, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float cp[N], dp[N];
    cp[0] = c[i] / b[i];
    dp[0] = d[i] / b[i];
    for (int k = 1; k < N; ++k) {
        float m = b[k * n + i] - a[k * n + i] * cp[k - 1];
        cp[k] = c[k * n + i] / m;
        dp[k] = (d[k * n + i] - a[k * n + i] * dp[k - 1]) / m;
    }
    float xi = dp[N - 1];
    x[(N - 1) * n + i] = xi;
    for (int k = N - 2; k >= 0; --k) {
        xi = dp[k] - cp[k] * xi;
        x[k * n + i] = xi;
    }
}
'''
    N, n = 16, 200
    rg = Rng(541)
    a = rg.ints(N * n, -4, 4).astype(F32); c = rg.ints(N * n, -4, 4).astype(F32)
    b = (rg.ints(N * n, 10, 20)).astype(F32)   # diagonally dominant: |b| >= 10 > |a| + |c|
    d = rg.ints(N * n, -50, 50).astype(F32)
    A, B, C, D = (v.astype(np.float64).reshape(N, n) for v in (a, b, c, d))
    X = np.zeros((N, n))
    for i in range(n):
        cp, dp = [0.0] * N, [0.0] * N
        cp[0] = C[0, i] / B[0, i]; dp[0] = D[0, i] / B[0, i]
        for k in range(1, N):
            m = B[k, i] - A[k, i] * cp[k - 1]
            cp[k] = C[k, i] / m; dp[k] = (D[k, i] - A[k, i] * dp[k - 1]) / m
        xi = dp[N - 1]; X[N - 1, i] = xi
        for k in range(N - 2, -1, -1):
            xi = dp[k] - cp[k] * xi; X[k, i] = xi
    # float32 recurrences of 16 steps on a diagonally dominant system: 1e-5 of the largest |x|
    t = test('200 systems of 16', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', b),
                                   buf('arg_in', 2, 'float', c), buf('arg_in', 3, 'float', d),
                                   buf_repeat('arg_in', 4, 'float', N * n, 0),
                                   buf('arg_out', 4, 'float', X.reshape(-1).astype(F32), rel_tol(X, 1e-5)),
                                   scalar(5, 'int', n)],
             global_size=(256,), local_size=(64,))
    emit('thomas', 'thomas', 1, src, [t], 'tridiagonal solves in private arrays (Thomas algorithm)', G)


def sbox():
    perm = list(range(256))
    rg = Rng(551)
    for k in range(255, 0, -1):          # Fisher-Yates with the fixed generator
        j = int(rg.next64() % (k + 1))
        perm[k], perm[j] = perm[j], perm[k]
    table = ',\n    '.join(', '.join('0x%02x' % v for v in perm[r:r + 16]) for r in range(0, 256, 16))
    src = r'''
/* Eight substitution-permutation rounds over a 128-bit block per work-item:
 * every byte through a __constant S-box, the words rotated and mixed, then
 * the round key xored in (the shape of table-based block ciphers). */
constant uchar sbox[256] = {
    %s
};

uint sub_word(uint w)
{
    return (uint)sbox[w & 0xff] | ((uint)sbox[(w >> 8) & 0xff] << 8) |
           ((uint)sbox[(w >> 16) & 0xff] << 16) | ((uint)sbox[w >> 24] << 24);
}

kernel void sbox_rounds(global uint4 *blocks, global const uint4 *keys)
{
    size_t i = get_global_id(0);
    uint4 s = blocks[i];
    for (int r = 0; r < 8; ++r) {
        s = (uint4)(sub_word(s.x), sub_word(s.y), sub_word(s.z), sub_word(s.w));
        s = (uint4)(s.x ^ rotate(s.y, 8u), s.y ^ rotate(s.z, 16u), s.z ^ rotate(s.w, 24u), s.w ^ s.x);
        s ^= keys[r];
    }
    blocks[i] = s;
}
''' % table

    def rotl(x, r):
        return ((x << r) | (x >> (32 - r))) & M32

    def sub(w):
        return perm[w & 255] | perm[(w >> 8) & 255] << 8 | perm[(w >> 16) & 255] << 16 | perm[w >> 24] << 24
    n = 256
    blocks = [int(x) for x in Rng(552).u32(4 * n)]
    keys = [int(x) for x in Rng(553).u32(32)]
    out = []
    for b in range(n):
        s = blocks[4 * b:4 * b + 4]
        for r in range(8):
            s = [sub(w) for w in s]
            x, y, z, w = s
            s = [x ^ rotl(y, 8), y ^ rotl(z, 16), z ^ rotl(w, 24), w ^ x]
            s = [s[q] ^ keys[4 * r + q] for q in range(4)]
        out += s
    t = test('256 blocks, 8 rounds', [buf('arg_in', 0, 'uint4', np.array(blocks, np.uint64)),
                                      buf('arg_out', 0, 'uint4', np.array(out, np.uint64)),
                                      buf('arg_in', 1, 'uint4', np.array(keys, np.uint64))],
             global_size=(n,), local_size=(64,))
    emit('sbox_rounds', 'sbox_rounds', 1, src, [t], 'S-box substitution rounds through a __constant table', G)


def pattern_count():
    src = r'''
/* Marks each position of a byte text where a pattern starts (the inner
 * compare loop leaves at the first mismatch) and counts the matches of each
 * work-group with a local atomic. */
kernel void pattern_count(global const uchar *text, int n, global const uchar *pat, int m,
                          global uchar *hit, global int *counts)
{
    local int cnt;
    int i = get_global_id(0);
    if (get_local_id(0) == 0)
        cnt = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int ok = 0;
    if (i + m <= n) {
        int k = 0;
        while (k < m && text[i + k] == pat[k])
            ++k;
        ok = k == m;
    }
    if (i < n)
        hit[i] = ok;
    if (ok)
        atomic_inc(&cnt);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        counts[get_group_id(0)] = cnt;
}
'''
    n, gs, ls = 1000, 1024, 64
    text = Rng(561).ints(n, 0, 3)            # a 4-letter alphabet: partial matches are common
    pat = np.array([1, 2, 1, 3, 0, 1], np.int64)
    for p in (17, 300, 301, 620, 994):       # plant some matches (994 ends at the text's end)
        if p + len(pat) <= n:
            text[p:p + len(pat)] = pat
    m = len(pat)
    hit = np.array([1 if i + m <= n and (text[i:i + m] == pat).all() else 0 for i in range(n)], np.int64)
    counts = [int(hit[g * ls:(g + 1) * ls].sum()) for g in range(gs // ls)]
    t = test('1000 bytes, pattern of 6', [buf('arg_in', 0, 'uchar', text), scalar(1, 'int', n),
                                          buf('arg_in', 2, 'uchar', pat), scalar(3, 'int', m),
                                          buf_repeat('arg_in', 4, 'uchar', n, 9), buf('arg_out', 4, 'uchar', hit),
                                          buf_repeat('arg_in', 5, 'int', gs // ls, -1),
                                          buf('arg_out', 5, 'int', np.array(counts, I32))],
             global_size=(gs,), local_size=(ls,))
    emit('pattern_count', 'pattern_count', 1, src, [t], 'pattern search in a byte text, local atomic counts', G)


if __name__ == '__main__':
    black_scholes(); floyd_warshall(); sobel(); stream_compact(); collatz(); thomas(); sbox(); pattern_count()
