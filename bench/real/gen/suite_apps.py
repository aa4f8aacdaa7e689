#!/usr/bin/python3
"""Generates the second batch of bench/real's application programs, written
for issue 27 in the style of Rodinia, Parboil, SHOC and the AMD APP SDK
samples: hotspot (LDS pyramid), pathfinder (LDS pyramid), Needleman-Wunsch
blocks (anti-diagonal wavefront), backprop (layer forward and weight
update), nearest neighbour (float2, LDS argmin), n-queens (bitmask
backtracking), Lennard-Jones forces (float4, neighbour list), 4x4 SAD
motion search (uchar/ushort), binary search of long keys, Horspool
string search (uchar, LDS skip table, atomics), odd-even transposition
sort of shorts and MRI-Q (sin/cos, __constant float4). None is copied.
Integer results are exact; float ones state their tolerance."""
import math
import numpy as np
from real_common import (emit, ints, fints, buf, buf_repeat, scalar, local, test, rel_tol,
                         F32, I32, U32, Rng)

G = 'suite_apps.py'
F64 = np.float64


def hotspot():
    src = r'''
/* Thermal simulation (Rodinia's hotspot shape): each 16x16 work-group loads
 * a tile with a halo of IT cells, runs IT explicit steps in LDS (grid
 * borders reuse the cell itself), and writes the 12x12 interior. */
#define BS 16
#define IT 2
kernel __attribute__((reqd_work_group_size(BS, BS, 1)))
void hotspot(global const float *power, global const float *tin, global float *tout,
             int cols, int rows, float cap, float rx, float ry, float rz, float amb)
{
    local float t[BS][BS], p[BS][BS], tn[BS][BS];
    int tx = get_local_id(0), ty = get_local_id(1);
    int small = BS - 2 * IT;
    int gx = get_group_id(0) * small + tx - IT, gy = get_group_id(1) * small + ty - IT;
    int cx = clamp(gx, 0, cols - 1), cy = clamp(gy, 0, rows - 1);
    t[ty][tx] = tin[cy * cols + cx];
    p[ty][tx] = power[cy * cols + cx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int w = (tx == 0 || gx <= 0) ? tx : tx - 1;
    int e = (tx == BS - 1 || gx >= cols - 1) ? tx : tx + 1;
    int n = (ty == 0 || gy <= 0) ? ty : ty - 1;
    int s = (ty == BS - 1 || gy >= rows - 1) ? ty : ty + 1;
    for (int i = 0; i < IT; i++) {
        float c = t[ty][tx];
        tn[ty][tx] = c + cap * (p[ty][tx] + (t[s][tx] + t[n][tx] - 2.0f * c) * ry +
                                (t[ty][e] + t[ty][w] - 2.0f * c) * rx + (amb - c) * rz);
        barrier(CLK_LOCAL_MEM_FENCE);
        t[ty][tx] = tn[ty][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tx >= IT && tx < BS - IT && ty >= IT && ty < BS - IT && gx < cols && gy < rows)
        tout[gy * cols + gx] = t[ty][tx];
}
'''
    cols, rows = 36, 24
    rg = Rng(2901)
    tin = rg.floats(cols * rows, 320.0, 340.0, 8)
    pw = rg.floats(cols * rows, 0.0, 1.0, 8)
    cap, rx, ry, rz, amb = 0.5, 0.1, 0.125, 0.01, 300.0
    T = tin.reshape(rows, cols).astype(F64); P = pw.reshape(rows, cols).astype(F64)
    for _ in range(2):
        Q = np.pad(T, 1, mode='edge')
        T = T + cap * (P + (Q[2:, 1:-1] + Q[:-2, 1:-1] - 2 * T) * ry +
                       (Q[1:-1, 2:] + Q[1:-1, :-2] - 2 * T) * rx + (amb - T) * rz)
    t = test('36x24 grid, 2 steps', [buf('arg_in', 0, 'float', pw), buf('arg_in', 1, 'float', tin),
                                     buf_repeat('arg_in', 2, 'float', cols * rows, 0),
                                     buf('arg_out', 2, 'float', T.reshape(-1).astype(F32), rel_tol(T, 2e-6)),
                                     scalar(3, 'int', cols), scalar(4, 'int', rows), scalar(5, 'float', cap),
                                     scalar(6, 'float', rx), scalar(7, 'float', ry), scalar(8, 'float', rz),
                                     scalar(9, 'float', amb)],
             global_size=(48, 32), local_size=(16, 16))
    emit('hotspot', 'hotspot', 2, src, [t], 'hotspot: 2 time steps per launch in an LDS pyramid (2e-6 of the largest value)', G)


def pathfinder():
    src = r'''
/* Minimum-cost path down a grid (Rodinia's pathfinder shape): each row adds
 * the cheapest of the three cells above; a 64-wide work-group advances
 * `steps` rows in LDS and keeps the 64 - 2*steps columns that stay valid. */
#define BS 64
kernel __attribute__((reqd_work_group_size(BS, 1, 1)))
void pathfinder(global const int *wall, global const int *src, global int *dst,
                int cols, int start_row, int steps)
{
    local int prev[BS], res[BS];
    int tx = get_local_id(0);
    int small = BS - 2 * steps;
    int x = get_group_id(0) * small + tx - steps;
    int valid = x >= 0 && x < cols;
    prev[tx] = src[clamp(x, 0, cols - 1)];
    barrier(CLK_LOCAL_MEM_FENCE);
    int computed = 0;
    for (int i = 0; i < steps; i++) {
        computed = 0;
        if (tx >= i + 1 && tx <= BS - i - 2 && valid) {
            int l = x == 0 ? prev[tx] : prev[tx - 1];
            int r = x == cols - 1 ? prev[tx] : prev[tx + 1];
            res[tx] = min(min(l, prev[tx]), r) + wall[(start_row + i) * cols + x];
            computed = 1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (computed)
            prev[tx] = res[tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (computed && tx >= steps && tx < BS - steps)
        dst[x] = res[tx];
}
'''
    cols = 200
    rg = Rng(2911)
    tests = []
    for steps, seed in ((4, 1), (8, 2)):
        wall = Rng(2911 + seed).ints((steps + 1) * cols, 0, 9).reshape(steps + 1, cols)
        prev = wall[0].copy()
        for r in range(1, steps + 1):
            l = np.concatenate([prev[:1], prev[:-1]]); rr = np.concatenate([prev[1:], prev[-1:]])
            prev = np.minimum(np.minimum(l, prev), rr) + wall[r]
        ng = -(-cols // (64 - 2 * steps))
        tests.append(test(f'200 columns, {steps} rows', [buf('arg_in', 0, 'int', wall.reshape(-1).astype(I32)),
                                                         buf('arg_in', 1, 'int', wall[0].astype(I32)),
                                                         buf_repeat('arg_in', 2, 'int', cols, -1),
                                                         buf('arg_out', 2, 'int', prev.astype(I32)),
                                                         scalar(3, 'int', cols), scalar(4, 'int', 1),
                                                         scalar(5, 'int', steps)],
                          global_size=(64 * ng,), local_size=(64,)))
    emit('pathfinder', 'pathfinder', 1, src, tests, 'pathfinder: dynamic programming, LDS pyramid', G)


def nw():
    src = r'''
/* Needleman-Wunsch alignment scores (Rodinia's nw shape): the (n+1)^2 score
 * matrix is processed in 16x16 blocks, one anti-diagonal of blocks per
 * launch; within a block, 16 work-items sweep the cell anti-diagonals in
 * LDS. ref holds the substitution score of each cell. */
#define B 16
kernel __attribute__((reqd_work_group_size(B, 1, 1)))
void nw_block(global int *score, global const int *ref, int cols, int diag, int penalty)
{
    local int s[B + 1][B + 1];
    local int r[B][B];
    int tx = get_local_id(0);
    int nb = (cols - 1) / B;
    int bcol = get_group_id(0) + max(0, diag - (nb - 1));
    int brow = diag - bcol;
    int base = brow * B * cols + bcol * B;
    if (tx == 0)
        s[0][0] = score[base];
    s[tx + 1][0] = score[base + (tx + 1) * cols];
    s[0][tx + 1] = score[base + tx + 1];
    for (int y = 0; y < B; y++)
        r[y][tx] = ref[base + (y + 1) * cols + tx + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int m = 0; m < B; m++) {
        if (tx <= m) {
            int x = tx + 1, y = m - tx + 1;
            s[y][x] = max(max(s[y - 1][x - 1] + r[y - 1][x - 1], s[y - 1][x] - penalty),
                          s[y][x - 1] - penalty);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int m = B - 2; m >= 0; m--) {
        if (tx <= m) {
            int x = tx + B - m, y = B - tx;
            s[y][x] = max(max(s[y - 1][x - 1] + r[y - 1][x - 1], s[y - 1][x] - penalty),
                          s[y][x - 1] - penalty);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int y = 0; y < B; y++)
        score[base + (y + 1) * cols + tx + 1] = s[y + 1][tx + 1];
}
'''
    B, nb, pen = 16, 3, 10
    n = B * nb
    cols = n + 1
    rg = Rng(2921)
    ref = rg.ints(cols * cols, -4, 11).reshape(cols, cols)
    full = np.zeros((cols, cols), np.int64)
    full[0, :] = -pen * np.arange(cols); full[:, 0] = -pen * np.arange(cols)
    for i in range(1, cols):
        for j in range(1, cols):
            full[i, j] = max(full[i - 1, j - 1] + ref[i, j], full[i - 1, j] - pen, full[i, j - 1] - pen)

    def upto(d):
        m = np.zeros((cols, cols), np.int64)
        m[0, :] = full[0, :]; m[:, 0] = full[:, 0]
        for br in range(nb):
            for bc in range(nb):
                if br + bc <= d:
                    m[1 + br * B:1 + (br + 1) * B, 1 + bc * B:1 + (bc + 1) * B] = \
                        full[1 + br * B:1 + (br + 1) * B, 1 + bc * B:1 + (bc + 1) * B]
        return m.reshape(-1).astype(I32)
    tests = []
    for d in (0, 2, 3):
        nblk = min(d, nb - 1) - max(0, d - (nb - 1)) + 1
        tests.append(test(f'48x48, block diagonal {d}', [buf('arg_in', 0, 'int', upto(d - 1)),
                                                         buf('arg_out', 0, 'int', upto(d)),
                                                         buf('arg_in', 1, 'int', ref.reshape(-1).astype(I32)),
                                                         scalar(2, 'int', cols), scalar(3, 'int', d),
                                                         scalar(4, 'int', pen)],
                          global_size=(B * nblk,), local_size=(B,)))
    emit('nw', 'nw_block', 1, src, tests, 'Needleman-Wunsch, one block anti-diagonal per launch', G)


def backprop():
    src = r'''
/* Back-propagation layer (Rodinia's backprop shape), 16 hidden units:
 * layerforward multiplies a 16x16 slice of the weights by the inputs in LDS
 * and reduces over the inputs, one partial sum per work-group and hidden
 * unit; adjust_weights applies the delta rule with momentum. Row 0 of the
 * weights (and input 0) is the bias. */
#define H 16
#define ETA 0.3f
#define MOMENTUM 0.3f
kernel __attribute__((reqd_work_group_size(H, H, 1)))
void bpnn_layerforward(global const float *input, global const float *w, global float *partial, int hid)
{
    local float in_s[H];
    local float ws[H][H];
    int by = get_group_id(1), tx = get_local_id(0), ty = get_local_id(1);
    int row = by * H + ty + 1;
    if (tx == 0)
        in_s[ty] = input[row];
    barrier(CLK_LOCAL_MEM_FENCE);
    ws[ty][tx] = w[(hid + 1) * row + tx + 1] * in_s[ty];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 1; s < H; s <<= 1) {
        if (ty % (2 * s) == 0)
            ws[ty][tx] += ws[ty + s][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ty == 0)
        partial[by * hid + tx] = ws[0][tx];
}

kernel __attribute__((reqd_work_group_size(H, H, 1)))
void bpnn_adjust_weights(global const float *delta, int hid, global const float *ly,
                         global float *w, global float *oldw)
{
    int by = get_group_id(1), tx = get_local_id(0), ty = get_local_id(1);
    int row = by * H + ty + 1, col = tx + 1;
    int idx = (hid + 1) * row + col;
    float d = ETA * delta[col] * ly[row] + MOMENTUM * oldw[idx];
    w[idx] += d;
    oldw[idx] = d;
    if (ty == 0 && by == 0) {
        float d0 = ETA * delta[col] + MOMENTUM * oldw[col];
        w[col] += d0;
        oldw[col] = d0;
    }
}
'''
    H, nin = 16, 64
    rg = Rng(2931)
    inp = rg.ints(nin + 1, -4, 4).astype(F32)
    w = rg.ints((nin + 1) * (H + 1), -6, 6).astype(F32)
    W = w.reshape(nin + 1, H + 1).astype(F64)
    part = np.zeros((nin // H, H))
    for by in range(nin // H):
        rows = np.arange(by * H + 1, by * H + H + 1)
        part[by] = (W[rows, 1:] * inp[rows, None]).sum(axis=0)
    t1 = test('64 inputs, 16 hidden', [buf('arg_in', 0, 'float', inp), buf('arg_in', 1, 'float', w),
                                       buf_repeat('arg_in', 2, 'float', nin, 0),
                                       buf('arg_out', 2, 'float', part.reshape(-1).astype(F32)),
                                       scalar(3, 'int', H)],
              kernel='bpnn_layerforward', global_size=(H, nin), local_size=(H, H))
    delta = rg.floats(H + 1, -1.0, 1.0, 10); ly = rg.floats(nin + 1, 0.0, 1.0, 10)
    oldw = rg.floats((nin + 1) * (H + 1), -0.5, 0.5, 10)
    W2 = W.copy(); O2 = oldw.reshape(nin + 1, H + 1).astype(F64).copy()
    d = 0.3 * delta[None, 1:].astype(F64) * ly[1:, None].astype(F64) + 0.3 * O2[1:, 1:]
    W2[1:, 1:] += d; O2[1:, 1:] = d
    d0 = 0.3 * delta[1:].astype(F64) + 0.3 * O2[0, 1:]
    W2[0, 1:] += d0; O2[0, 1:] = d0
    t2 = test('adjust 65x17 weights', [buf('arg_in', 0, 'float', delta), scalar(1, 'int', H),
                                       buf('arg_in', 2, 'float', ly), buf('arg_in', 3, 'float', w),
                                       buf('arg_out', 3, 'float', W2.reshape(-1).astype(F32), rel_tol(W2, 1e-6)),
                                       buf('arg_in', 4, 'float', oldw),
                                       buf('arg_out', 4, 'float', O2.reshape(-1).astype(F32), rel_tol(O2, 1e-6))],
              kernel='bpnn_adjust_weights', global_size=(H, nin), local_size=(H, H))
    emit('backprop', 'bpnn_layerforward', 2, src, [t1, t2],
         'backprop: layer forward (exact) and weight update (1e-6 of the largest value)', G)


def nn():
    src = r'''
/* Nearest neighbour (Rodinia's nn shape): the distance of every record to a
 * query point, then per work-group the index of the nearest record (lowest
 * index on ties) through an LDS reduction. */
#define WG 64
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void nn(global const float2 *loc, global float *dist, global int *best, int n, float lat, float lng)
{
    local float bd[WG];
    local int bi[WG];
    int g = get_global_id(0), l = get_local_id(0);
    float d = INFINITY;
    if (g < n) {
        float2 p = loc[g];
        d = sqrt((lat - p.x) * (lat - p.x) + (lng - p.y) * (lng - p.y));
        dist[g] = d;
    }
    bd[l] = d;
    bi[l] = g;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = WG / 2; s > 0; s >>= 1) {
        if (l < s) {
            float o = bd[l + s];
            int oi = bi[l + s];
            if (o < bd[l] || (o == bd[l] && oi < bi[l])) {
                bd[l] = o;
                bi[l] = oi;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        best[get_group_id(0)] = bi[0];
}
'''
    n, ng = 300, 5
    rg = Rng(2941)
    pts = rg.ints(2 * n, -60, 60).astype(F32)
    lat, lng = 7.0, -3.0
    P = pts.reshape(n, 2).astype(F64)
    d2 = (lat - P[:, 0]) ** 2 + (lng - P[:, 1]) ** 2
    dist = np.sqrt(d2).astype(F32)
    best = []
    for g in range(ng):
        seg = [(d2[i], i) for i in range(g * 64, min(n, (g + 1) * 64))]
        best.append(min(seg)[1] if seg else g * 64)
    t = test('300 records', [buf('arg_in', 0, 'float2', pts), buf_repeat('arg_in', 1, 'float', n, -1),
                             buf('arg_out', 1, 'float', dist, '3 ulp'),
                             buf_repeat('arg_in', 2, 'int', ng, -1), buf('arg_out', 2, 'int', np.array(best, I32)),
                             scalar(3, 'int', n), scalar(4, 'float', lat), scalar(5, 'float', lng)],
             global_size=(64 * ng,), local_size=(64,))
    emit('nn', 'nn', 1, src, [t], 'nearest neighbour with a work-group argmin (sqrt: 3 ulp)', G)


def nqueens():
    src = r'''
/* N-queens solutions counted by bitmask backtracking with an explicit
 * stack; work-item id places the queens of rows 0 and 1 (id / n, id % n). */
#define MAXN 16
kernel void nqueens(global uint *counts, int n)
{
    int id = get_global_id(0);
    if (id >= n * n)
        return;
    uint all = (1u << n) - 1;
    uint b0 = 1u << (id / n), b1 = 1u << (id % n);
    uint cols = b0, ld = b0 << 1, rd = b0 >> 1;
    if (b1 & (cols | ld | rd)) {
        counts[id] = 0;
        return;
    }
    cols |= b1;
    ld = (ld | b1) << 1;
    rd = (rd | b1) >> 1;
    uint sfree[MAXN], scols[MAXN], sld[MAXN], srd[MAXN];
    uint cnt = 0;
    int sp = 0;
    uint avail = all & ~(cols | ld | rd);
    for (;;) {
        if (avail) {
            uint bit = avail & (0u - avail);
            avail ^= bit;
            if (sp + 3 == n) {
                cnt++;
                continue;
            }
            sfree[sp] = avail; scols[sp] = cols; sld[sp] = ld; srd[sp] = rd;
            sp++;
            cols |= bit;
            ld = (ld | bit) << 1;
            rd = (rd | bit) >> 1;
            avail = all & ~(cols | ld | rd);
        } else {
            if (sp == 0)
                break;
            sp--;
            avail = sfree[sp]; cols = scols[sp]; ld = sld[sp]; rd = srd[sp];
        }
    }
    counts[id] = cnt;
}
'''
    n = 9

    def count(cols, ld, rd, row):
        if row == n:
            return 1
        all_ = (1 << n) - 1
        avail = all_ & ~(cols | ld | rd)
        c = 0
        while avail:
            bit = avail & -avail
            avail ^= bit
            c += count(cols | bit, ((ld | bit) << 1) & 0xFFFFFFFF, (rd | bit) >> 1, row + 1)
        return c
    counts = []
    for i in range(n * n):
        b0, b1 = 1 << (i // n), 1 << (i % n)
        cols, ld, rd = b0, b0 << 1, b0 >> 1
        if b1 & (cols | ld | rd):
            counts.append(0)
            continue
        counts.append(count(cols | b1, (ld | b1) << 1, (rd | b1) >> 1, 2))
    assert sum(counts) == 352
    t = test('9 queens (352 solutions)', [buf_repeat('arg_in', 0, 'uint', n * n, 7),
                                          buf('arg_out', 0, 'uint', np.array(counts, U32)), scalar(1, 'int', n)],
             global_size=(128,), local_size=(64,))
    emit('nqueens', 'nqueens', 1, src, [t], 'n-queens by bitmask backtracking', G)


def md_lj():
    src = r'''
/* Lennard-Jones forces over a neighbour list (SHOC's MD shape): float4
 * positions, the list stored neighbour-major (neigh[j * inum + i]); pairs
 * beyond the cutoff contribute nothing. */
kernel void md_lj(global float4 *force, global const float4 *pos, global const int *neigh,
                  float cutsq, float lj1, float lj2, int inum, int maxn)
{
    int i = get_global_id(0);
    if (i >= inum)
        return;
    float4 ip = pos[i];
    float4 f = (float4)(0.0f);
    for (int j = 0; j < maxn; j++) {
        int jidx = neigh[j * inum + i];
        float4 jp = pos[jidx];
        float dx = ip.x - jp.x, dy = ip.y - jp.y, dz = ip.z - jp.z;
        float r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < cutsq) {
            float r2inv = 1.0f / r2;
            float r6inv = r2inv * r2inv * r2inv;
            float fc = r2inv * r6inv * (lj1 * r6inv - lj2);
            f.x += dx * fc;
            f.y += dy * fc;
            f.z += dz * fc;
        }
    }
    force[i] = f;
}
'''
    inum, maxn = 200, 12
    rg = Rng(2951)
    # atoms on distinct cells of an 8x8x8 lattice of spacing 1, jittered by
    # quarters, so that no two coincide
    cells = []
    seen = set()
    while len(cells) < inum:
        c = tuple(rg.ints(3, 0, 7).tolist())
        if c not in seen:
            seen.add(c); cells.append(c)
    pos = np.zeros((inum, 4))
    jit = rg.ints(3 * inum, 0, 2).reshape(inum, 3) * 0.25
    pos[:, :3] = np.array(cells, F64) + jit
    neigh = np.zeros((maxn, inum), np.int64)
    for i in range(inum):
        d = ((pos[:, :3] - pos[i, :3]) ** 2).sum(axis=1)
        d[i] = 1e9
        order = np.argsort(d, kind='stable')
        neigh[:, i] = order[:maxn]
    cutsq, lj1, lj2 = 3.0, 1.5, 2.0
    f = np.zeros((inum, 4))
    for i in range(inum):
        for j in range(maxn):
            dd = pos[i, :3] - pos[neigh[j, i], :3]
            r2 = (dd ** 2).sum()
            if r2 < cutsq:
                r2i = 1.0 / r2; r6 = r2i ** 3
                f[i, :3] += dd * (r2i * r6 * (lj1 * r6 - lj2))
    t = test('200 atoms, 12 neighbours', [buf_repeat('arg_in', 0, 'float4', inum, 0),
                                          buf('arg_out', 0, 'float4', f.astype(F32), rel_tol(f, 2e-5)),
                                          buf('arg_in', 1, 'float4', pos.astype(F32)),
                                          buf('arg_in', 2, 'int', neigh.reshape(-1).astype(I32)),
                                          scalar(3, 'float', cutsq), scalar(4, 'float', lj1), scalar(5, 'float', lj2),
                                          scalar(6, 'int', inum), scalar(7, 'int', maxn)],
             global_size=(256,), local_size=(64,))
    emit('md_lj', 'md_lj', 1, src, [t], 'Lennard-Jones forces, float4, neighbour list (2e-5 of the largest force)', G)


def sad():
    src = r'''
/* Motion search (Parboil's sad shape): the sum of absolute differences of
 * every 4x4 block of the current 8-bit frame against the reference frame
 * at each offset in [-R, R]^2 (clamped at the frame edge), one work-item
 * per (offset, block). */
#define R 4
#define NOFF ((2 * R + 1) * (2 * R + 1))
kernel void sad4x4(global const uchar *cur, global const uchar *ref, global ushort *sad, int w, int h)
{
    int off = get_global_id(0), blk = get_global_id(1);
    int nbx = w / 4;
    int bx = blk % nbx, by = blk / nbx;
    if (off >= NOFF || by >= h / 4)
        return;
    int dx = off % (2 * R + 1) - R, dy = off / (2 * R + 1) - R;
    uint s = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            int cx = bx * 4 + x, cy = by * 4 + y;
            int rx = clamp(cx + dx, 0, w - 1), ry = clamp(cy + dy, 0, h - 1);
            s += abs((int)cur[cy * w + cx] - (int)ref[ry * w + rx]);
        }
    sad[blk * NOFF + off] = (ushort)s;
}
'''
    w, h, R = 32, 16, 4
    rg = Rng(2961)
    ref = rg.ints(w * h, 0, 255).reshape(h, w)
    cur = np.clip(np.roll(ref, (1, 2), axis=(0, 1)) + rg.ints(w * h, -6, 6).reshape(h, w), 0, 255)
    nb = (w // 4) * (h // 4)
    no = (2 * R + 1) ** 2
    out = np.zeros((nb, no), np.int64)
    for blk in range(nb):
        bx, by = blk % (w // 4), blk // (w // 4)
        for off in range(no):
            dx, dy = off % (2 * R + 1) - R, off // (2 * R + 1) - R
            s = 0
            for y in range(4):
                for x in range(4):
                    cx, cy = bx * 4 + x, by * 4 + y
                    s += abs(int(cur[cy, cx]) - int(ref[min(max(cy + dy, 0), h - 1), min(max(cx + dx, 0), w - 1)]))
            out[blk, off] = s
    t = test('32x16 frame, offsets -4..4', [buf('arg_in', 0, 'uchar', cur.reshape(-1)),
                                            buf('arg_in', 1, 'uchar', ref.reshape(-1)),
                                            buf_repeat('arg_in', 2, 'ushort', nb * no, 0),
                                            buf('arg_out', 2, 'ushort', out.reshape(-1)),
                                            scalar(3, 'int', w), scalar(4, 'int', h)],
             global_size=(96, nb), local_size=(32, 2), dims=2)
    emit('sad', 'sad4x4', 2, src, [t], '4x4 SAD motion search on 8-bit frames', G)


def bsearch_long():
    src = r'''
/* Binary search of 64-bit keys: the index of each query in a sorted array
 * of distinct longs, or -1. */
kernel void bsearch_long(global const long *keys, int n, global const long *queries,
                         global int *result, int nq)
{
    int q = get_global_id(0);
    if (q >= nq)
        return;
    long v = queries[q];
    int lo = 0, hi = n - 1, found = -1;
    while (lo <= hi) {
        int mid = lo + ((hi - lo) >> 1);
        long k = keys[mid];
        if (k == v) {
            found = mid;
            break;
        }
        if (k < v)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    result[q] = found;
}
'''
    n, nq = 700, 200
    rg = Rng(2971)
    ks = sorted(set((int(a) << 20) - (1 << 45) + int(b) for a, b in zip(rg.ints(n + 50, 0, 1 << 26), rg.ints(n + 50, 0, 999))))[:n]
    keys = np.array(ks, np.int64)
    qs = []
    for i in range(nq):
        if i % 2 == 0:
            qs.append(ks[int(rg.ints(1, 0, n - 1)[0])])
        else:
            qs.append(ks[int(rg.ints(1, 0, n - 1)[0])] + 1 + int(rg.ints(1, 0, 3)[0]) * (1 << 33))
    qs[1] = ks[0] - 5; qs[3] = ks[-1] + 5
    index = {k: i for i, k in enumerate(ks)}
    res = np.array([index.get(q, -1) for q in qs], I32)
    t = test('700 keys, 200 queries', [buf('arg_in', 0, 'long', keys), scalar(1, 'int', n),
                                       buf('arg_in', 2, 'long', np.array(qs, np.int64)),
                                       buf_repeat('arg_in', 3, 'int', nq, 9), buf('arg_out', 3, 'int', res),
                                       scalar(4, 'int', nq)],
             global_size=(256,), local_size=(64,))
    emit('bsearch_long', 'bsearch_long', 1, src, [t], 'binary search of 64-bit keys', G)


def horspool():
    src = r'''
/* Counts the occurrences of a pattern in a byte text with Boyer-Moore-
 * Horspool: the skip table is built in LDS per work-group, each work-item
 * scans the match positions of its chunk; per-item counts and a global
 * total (atomic). */
#define WG 64
#define CHUNK 32
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void horspool(global const uchar *text, int n, constant uchar *pat, int m,
              global uint *counts, global uint *total)
{
    local uchar skip[256];
    int l = get_local_id(0), g = get_global_id(0);
    for (int c = l; c < 256; c += WG)
        skip[c] = (uchar)m;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        for (int k = 0; k < m - 1; k++)
            skip[pat[k]] = (uchar)(m - 1 - k);
    barrier(CLK_LOCAL_MEM_FENCE);
    int pos = g * CHUNK;
    int end = min(pos + CHUNK, n - m + 1);
    uint c = 0;
    while (pos < end) {
        int k = m - 1;
        while (k >= 0 && text[pos + k] == pat[k])
            k--;
        if (k < 0)
            c++;
        pos += skip[text[pos + m - 1]];
    }
    counts[g] = c;
    if (c)
        atomic_add(total, c);
}
'''
    n, m, items = 4096, 5, 128
    rg = Rng(2981)
    text = rg.ints(n, 0, 3) + ord('a')
    pat = [ord(ch) for ch in 'abcab']
    for p in rg.ints(40, 0, n - m):
        text[p:p + m] = pat
    skip = [m] * 256
    for k in range(m - 1):
        skip[pat[k]] = m - 1 - k
    counts = []
    for g in range(items):
        pos, end, c = g * 32, min(g * 32 + 32, n - m + 1), 0
        while pos < end:
            if list(text[pos:pos + m]) == pat:
                c += 1
            pos += skip[text[pos + m - 1]]
        counts.append(c)
    t = test('4096 bytes, pattern abcab', [buf('arg_in', 0, 'uchar', text), scalar(1, 'int', n),
                                           buf('arg_in', 2, 'uchar', np.array(pat)), scalar(3, 'int', m),
                                           buf_repeat('arg_in', 4, 'uint', items, 9),
                                           buf('arg_out', 4, 'uint', np.array(counts, U32)),
                                           buf_repeat('arg_in', 5, 'uint', 1, 0),
                                           buf('arg_out', 5, 'uint', np.array([sum(counts)], U32))],
             global_size=(items,), local_size=(64,))
    emit('horspool', 'horspool', 1, src, [t], 'Boyer-Moore-Horspool string search', G)


def oddeven_short():
    src = r'''
/* Odd-even transposition sort of 256 shorts per work-group in LDS: 128
 * work-items, one compare-exchange each per phase, 256 phases. */
#define N 256
kernel __attribute__((reqd_work_group_size(N / 2, 1, 1)))
void oddeven_short(global short *data)
{
    local short s[N];
    int l = get_local_id(0);
    global short *d = data + get_group_id(0) * N;
    s[l] = d[l];
    s[l + N / 2] = d[l + N / 2];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int phase = 0; phase < N; phase++) {
        int i = 2 * l + (phase & 1);
        if (i + 1 < N) {
            short a = s[i], b = s[i + 1];
            if (a > b) {
                s[i] = b;
                s[i + 1] = a;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    d[l] = s[l];
    d[l + N / 2] = s[l + N / 2];
}
'''
    N, ng = 256, 2
    v = ints(2991, N * ng, -32768, 32767)
    out = np.concatenate([np.sort(v[g * N:(g + 1) * N]) for g in range(ng)])
    t = test('2 x 256 shorts', [buf('arg_in', 0, 'short', v), buf('arg_out', 0, 'short', out)],
             global_size=(128 * ng,), local_size=(128,))
    emit('oddeven_short', 'oddeven_short', 1, src, [t], 'odd-even transposition sort of shorts in LDS', G)


def mri_q():
    src = r'''
/* MRI Q matrix (Parboil's mri-q shape): for each voxel, the sum over the
 * k-space samples of phi * (cos, sin)(2 pi k.x); samples in __constant
 * float4 (kx, ky, kz, |phi|^2). */
kernel void mri_q(int numK, global const float *x, global const float *y, global const float *z,
                  global float *Qr, global float *Qi, constant float4 *kv, int numX)
{
    int t = get_global_id(0);
    if (t >= numX)
        return;
    float sx = x[t], sy = y[t], sz = z[t];
    float qr = Qr[t], qi = Qi[t];
    for (int k = 0; k < numK; k++) {
        float4 v = kv[k];
        float e = 2.0f * M_PI_F * (v.x * sx + v.y * sy + v.z * sz);
        qr += v.w * cos(e);
        qi += v.w * sin(e);
    }
    Qr[t] = qr;
    Qi[t] = qi;
}
'''
    nk, nx = 48, 200
    rg = Rng(3001)
    kv = np.zeros((nk, 4), F32)
    kv[:, 0] = rg.floats(nk, -1.0, 1.0, 8); kv[:, 1] = rg.floats(nk, -1.0, 1.0, 8)
    kv[:, 2] = rg.floats(nk, -1.0, 1.0, 8); kv[:, 3] = rg.floats(nk, 0.0, 1.0, 8)
    x = rg.floats(nx, -1.0, 1.0, 8); y = rg.floats(nx, -1.0, 1.0, 8); z = rg.floats(nx, -1.0, 1.0, 8)
    K = kv.astype(F64)
    e = 2 * math.pi * (np.outer(x, K[:, 0]) + np.outer(y, K[:, 1]) + np.outer(z, K[:, 2]))
    qr = (np.cos(e) * K[:, 3]).sum(axis=1); qi = (np.sin(e) * K[:, 3]).sum(axis=1)
    # float32 arguments up to 6*pi (argument error ~2e-6) and 48 terms
    t = test('200 voxels, 48 samples', [scalar(0, 'int', nk), buf('arg_in', 1, 'float', x),
                                        buf('arg_in', 2, 'float', y), buf('arg_in', 3, 'float', z),
                                        buf_repeat('arg_in', 4, 'float', nx, 0),
                                        buf('arg_out', 4, 'float', qr.astype(F32), '0.0005'),
                                        buf_repeat('arg_in', 5, 'float', nx, 0),
                                        buf('arg_out', 5, 'float', qi.astype(F32), '0.0005'),
                                        buf('arg_in', 6, 'float4', kv), scalar(7, 'int', nx)],
             global_size=(256,), local_size=(64,))
    emit('mri_q', 'mri_q', 1, src, [t], 'MRI-Q (libclc sin/cos, __constant float4; 5e-4 absolute)', G)


if __name__ == '__main__':
    for f in (hotspot, pathfinder, nw, backprop, nn, nqueens, md_lj, sad, bsearch_long, horspool,
              oddeven_short, mri_q):
        f()
