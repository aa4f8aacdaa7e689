#!/usr/bin/python3
"""Generates tests/kernels/q_*.cl: LDS-heavy kernels in the style of public
OpenCL suites (tiled SGEMM, 2D stencil with a halo, reduction and scan,
bitonic sort, local-atomic histogram, transpose, n-body tile, constant-index
LDS tables), written for issue 27 (merged LDS accesses, constant LDS
addresses in the DS offset field). Every input is a small integer (or a
dyadic fraction) so that float results are exact in any summation order;
expected values come from the host references below."""
import numpy as np
from app_common import Rng, F32, buf, buf_repeat, local, scalar, test, write, out_path

GEN = 'tests/kernels/gen/q_lds.py'


def i32(a):
    return np.array(a, dtype=np.int64).astype(np.int32)


# ---- tiled SGEMM, 16x16 tiles, k loop unrolled ----------------------------
SGEMM = r'''
/* C = A * B with 16x16 tiles in LDS (A MxK, B KxN, row-major, all
 * multiples of 16). The inner product over a tile is unrolled, as CLBlast
 * and the vendor samples write it: As[ty][k] walks a row (consecutive
 * dwords of a 64-byte aligned row), Bs[k][tx] a column. */
#define TS 16
kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void sgemm16(global const float *A, global const float *B, global float *C,
             int M, int N, int K)
{
    local float As[TS][TS];
    local float Bs[TS][TS];
    int tx = get_local_id(0), ty = get_local_id(1);
    int col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < K; t += TS) {
        As[ty][tx] = A[row * K + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
        for (int k = 0; k < TS; ++k)
            acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;
}
'''


def gen_sgemm():
    tests = []
    for seed, M, N, K in ((501, 32, 48, 64), (502, 16, 16, 16)):
        r = Rng(seed)
        A = r.ints(M * K, -6, 6).astype(np.int64)
        B = r.ints(K * N, -6, 6).astype(np.int64)
        C = (A.reshape(M, K) @ B.reshape(K, N)).reshape(-1)
        tests.append(test(f'{M}x{N}x{K} small integers (exact)', [
            buf('arg_in', 0, 'float', A.astype(F32)), buf('arg_in', 1, 'float', B.astype(F32)),
            buf_repeat('arg_in', 2, 'float', M * N, 0), buf('arg_out', 2, 'float', C.astype(F32)),
            scalar(3, 'int', M), scalar(4, 'int', N), scalar(5, 'int', K)],
            kernel='sgemm16', global_size=(N, M), local_size=(16, 16)))
    write(out_path('tests/kernels/q_sgemm16.cl'), 'q_sgemm16', SGEMM, tests,
          config_extra=['dimensions: 2'], generator=GEN)


# ---- 2D 5-point stencil with an LDS halo -----------------------------------
STENCIL = r'''
/* out = 4 * c - (n + s + e + w) on a W x H grid, edges clamped. Each
 * 16x16 workgroup stages an 18x18 tile (a one-cell halo) in LDS: the row
 * stride is 18 floats, so rows are 8-byte aligned; the corner work-items
 * load the halo. */
#define BX 16
#define BY 16
kernel __attribute__((reqd_work_group_size(BX, BY, 1)))
void stencil5(global const float *in, global float *out, int W, int H)
{
    local float tile[BY + 2][BX + 2];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_global_id(0), gy = get_global_id(1);
    int cx = min(gx, W - 1), cy = min(gy, H - 1);
    tile[ly + 1][lx + 1] = in[cy * W + cx];
    if (lx == 0) tile[ly + 1][0] = in[cy * W + max(cx - 1, 0)];
    if (lx == BX - 1) tile[ly + 1][BX + 1] = in[cy * W + min(cx + 1, W - 1)];
    if (ly == 0) tile[0][lx + 1] = in[max(cy - 1, 0) * W + cx];
    if (ly == BY - 1) tile[BY + 1][lx + 1] = in[min(cy + 1, H - 1) * W + cx];
    barrier(CLK_LOCAL_MEM_FENCE);
    float c = tile[ly + 1][lx + 1];
    float v = 4.0f * c - (tile[ly][lx + 1] + tile[ly + 2][lx + 1] + tile[ly + 1][lx] + tile[ly + 1][lx + 2]);
    if (gx < W && gy < H)
        out[gy * W + gx] = v;
}
'''


def gen_stencil():
    tests = []
    for seed, W, H in ((511, 32, 32), (512, 48, 16)):
        r = Rng(seed)
        g = r.ints(W * H, -50, 50).astype(np.int64).reshape(H, W)
        o = np.zeros_like(g)
        for y in range(H):
            for x in range(W):
                n = g[max(y - 1, 0), x]
                s = g[min(y + 1, H - 1), x]
                w = g[y, max(x - 1, 0)]
                e = g[y, min(x + 1, W - 1)]
                o[y, x] = 4 * g[y, x] - (n + s + w + e)
        tests.append(test(f'{W}x{H} grid, clamped edges', [
            buf('arg_in', 0, 'float', g.reshape(-1).astype(F32)), buf_repeat('arg_in', 1, 'float', W * H, 0),
            buf('arg_out', 1, 'float', o.reshape(-1).astype(F32)), scalar(2, 'int', W), scalar(3, 'int', H)],
            kernel='stencil5', global_size=(W, H), local_size=(16, 16)))
    write(out_path('tests/kernels/q_stencil_halo.cl'), 'q_stencil_halo', STENCIL, tests,
          config_extra=['dimensions: 2'], generator=GEN)


# ---- reduction and scan ----------------------------------------------------
SCAN = r'''
/* Per workgroup of 128: an inclusive Hillis-Steele scan through two LDS
 * buffers (ping-pong), and the workgroup's sum by an unrolled
 * eight-accumulator read of the finished buffer's stripes. */
#define L 128
kernel __attribute__((reqd_work_group_size(L, 1, 1)))
void scan_sum(global const int *in, global int *scan, global int *sums)
{
    local int buf[2][L];
    local int part[16];
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    buf[0][lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    int src = 0;
    for (int off = 1; off < L; off <<= 1) {
        int v = buf[src][lid];
        if (lid >= off) v += buf[src][lid - off];
        buf[1 - src][lid] = v;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    scan[gid] = buf[src][lid];
    if (lid < 16) {
        int s = 0;
#pragma unroll
        for (int k = 0; k < 8; ++k)
            s += in[get_group_id(0) * L + lid * 8 + k];
        part[lid] = s;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        int t = 0;
#pragma unroll
        for (int k = 0; k < 16; ++k)
            t += part[k];
        sums[get_group_id(0)] = t;
    }
}
'''


def gen_scan():
    tests = []
    for seed, G in ((521, 4), (522, 1)):
        r = Rng(seed)
        a = r.ints(G * 128, -1000, 1000).astype(np.int64)
        sc = np.concatenate([np.cumsum(a[g * 128:(g + 1) * 128]) for g in range(G)])
        sm = np.array([a[g * 128:(g + 1) * 128].sum() for g in range(G)])
        tests.append(test(f'{G} groups of 128', [
            buf('arg_in', 0, 'int', i32(a)), buf_repeat('arg_in', 1, 'int', G * 128, 0),
            buf('arg_out', 1, 'int', i32(sc)), buf_repeat('arg_in', 2, 'int', G, 0),
            buf('arg_out', 2, 'int', i32(sm))],
            kernel='scan_sum', global_size=(G * 128,), local_size=(128,)))
    write(out_path('tests/kernels/q_scan_sum.cl'), 'q_scan_sum', SCAN, tests,
          config_extra=['dimensions: 1'], generator=GEN)


# ---- bitonic sort in LDS ----------------------------------------------------
BITONIC = r'''
/* Sorts each block of 256 uints ascending with a bitonic network in LDS:
 * 128 work-items, each compares and swaps one pair per step. */
kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void bitonic256(global uint *data)
{
    local uint s[256];
    int lid = get_local_id(0);
    global uint *d = data + get_group_id(0) * 256;
    s[lid] = d[lid];
    s[lid + 128] = d[lid + 128];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int size = 2; size <= 256; size <<= 1) {
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            int i = 2 * lid - (lid & (stride - 1));
            uint a = s[i], b = s[i + stride];
            bool up = (i & size) == 0;
            if ((a > b) == up) {
                s[i] = b;
                s[i + stride] = a;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    d[lid] = s[lid];
    d[lid + 128] = s[lid + 128];
}
'''


def gen_bitonic():
    tests = []
    for seed, G in ((531, 3),):
        r = Rng(seed)
        a = np.array([r.u32(1)[0] if hasattr(r.u32(1), '__len__') else 0 for _ in range(0)])
        a = r.ints(G * 256, 0, 100000).astype(np.int64)
        out = np.concatenate([np.sort(a[g * 256:(g + 1) * 256]) for g in range(G)])
        tests.append(test(f'{G} blocks of 256', [
            buf('arg_in', 0, 'uint', a), buf('arg_out', 0, 'uint', out)],
            kernel='bitonic256', global_size=(G * 128,), local_size=(128,)))
    write(out_path('tests/kernels/q_bitonic_lds.cl'), 'q_bitonic_lds', BITONIC, tests,
          config_extra=['dimensions: 1'], generator=GEN)


# ---- histogram with local atomics -----------------------------------------
HIST = r'''
/* 64-bin histogram of bytes (value >> 2) with a per-workgroup LDS copy:
 * the bins are cleared four at a time (uint4 stores), counted with local
 * atomics, then added to the global histogram with global atomics. */
#define BINS 64
kernel void hist64(global const uchar *in, global uint *hist, int n)
{
    local uint bins[BINS];
    int lid = get_local_id(0), lsz = get_local_size(0);
    if (lid < BINS / 4)
        vstore4((uint4)(0), lid, bins);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&bins[in[i] >> 2]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = lid; b < BINS; b += lsz)
        atomic_add(&hist[b], bins[b]);
}
'''


def gen_hist():
    tests = []
    for seed, n, G, L in ((541, 5000, 4, 64), (542, 777, 2, 32)):
        r = Rng(seed)
        a = r.ints(n, 0, 255).astype(np.int64)
        h = np.bincount(a >> 2, minlength=64)
        tests.append(test(f'{n} bytes, {G} groups of {L}', [
            buf('arg_in', 0, 'uchar', a), buf_repeat('arg_in', 1, 'uint', 64, 0),
            buf('arg_out', 1, 'uint', h), scalar(2, 'int', n)],
            kernel='hist64', global_size=(G * L,), local_size=(L,)))
    write(out_path('tests/kernels/q_hist_local.cl'), 'q_hist_local', HIST, tests,
          config_extra=['dimensions: 1'], generator=GEN)


# ---- transpose through LDS -------------------------------------------------
TRANSPOSE = r'''
/* out = in^T (in is H x W) through a 16x17 padded LDS tile (no bank
 * conflicts); each work-item moves four elements (a 16x4 workgroup). */
#define TD 16
kernel __attribute__((reqd_work_group_size(TD, 4, 1)))
void transpose16(global const float *in, global float *out, int W, int H)
{
    local float tile[TD][TD + 1];
    int x = get_group_id(0) * TD + get_local_id(0);
    int y = get_group_id(1) * TD + get_local_id(1);
#pragma unroll
    for (int j = 0; j < TD; j += 4)
        tile[get_local_id(1) + j][get_local_id(0)] = in[(y + j) * W + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TD + get_local_id(0);
    y = get_group_id(0) * TD + get_local_id(1);
#pragma unroll
    for (int j = 0; j < TD; j += 4)
        out[(y + j) * H + x] = tile[get_local_id(0)][get_local_id(1) + j];
}
'''


def gen_transpose():
    tests = []
    for seed, W, H in ((551, 48, 32),):
        r = Rng(seed)
        a = r.ints(W * H, -10000, 10000).astype(np.int64).reshape(H, W)
        tests.append(test(f'{H}x{W}', [
            buf('arg_in', 0, 'float', a.reshape(-1).astype(F32)), buf_repeat('arg_in', 1, 'float', W * H, 0),
            buf('arg_out', 1, 'float', a.T.reshape(-1).astype(F32)), scalar(2, 'int', W), scalar(3, 'int', H)],
            kernel='transpose16', global_size=(W, H // 4), local_size=(16, 4)))
    write(out_path('tests/kernels/q_transpose_lds.cl'), 'q_transpose_lds', TRANSPOSE, tests,
          config_extra=['dimensions: 2'], generator=GEN)


# ---- n-body tile -----------------------------------------------------------
NBODY = r'''
/* For each body i: sum over j of m_j * (p_j - p_i) * |p_j - p_i|^2 (a
 * polynomial force, exact on integer positions), the positions of 64
 * bodies at a time staged in LDS as float4 (x, y, z, mass) and read back
 * with an unrolled loop. */
#define TB 64
kernel __attribute__((reqd_work_group_size(TB, 1, 1)))
void nbody_poly(global const float4 *pos, global float4 *acc, int n)
{
    local float4 tile[TB];
    int i = get_global_id(0), lid = get_local_id(0);
    float4 p = pos[i];
    float3 a = (float3)(0.0f);
    for (int t = 0; t < n; t += TB) {
        tile[lid] = pos[t + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 8
        for (int j = 0; j < TB; ++j) {
            float4 q = tile[j];
            float3 d = q.xyz - p.xyz;
            float r2 = d.x * d.x + d.y * d.y + d.z * d.z;
            a += q.w * r2 * d;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    acc[i] = (float4)(a, 0.0f);
}
'''


def gen_nbody():
    tests = []
    for seed, n in ((561, 128),):
        r = Rng(seed)
        P = r.ints(n * 3, -4, 4).astype(np.int64).reshape(n, 3)
        m = r.ints(n, 1, 3).astype(np.int64)
        A = np.zeros((n, 3), dtype=np.int64)
        for i in range(n):
            d = P - P[i]
            r2 = (d * d).sum(axis=1)
            A[i] = ((m * r2)[:, None] * d).sum(axis=0)
        assert np.abs(A).max() < 2 ** 24
        pos = np.concatenate([P, m[:, None]], axis=1).reshape(-1)
        out = np.concatenate([A, np.zeros((n, 1), dtype=np.int64)], axis=1).reshape(-1)
        tests.append(test(f'{n} bodies, integer positions (exact)', [
            buf('arg_in', 0, 'float4', pos.astype(F32)), buf_repeat('arg_in', 1, 'float4', n, 0),
            buf('arg_out', 1, 'float4', out.astype(F32)), scalar(2, 'int', n)],
            kernel='nbody_poly', global_size=(n,), local_size=(64,)))
    write(out_path('tests/kernels/q_nbody_tile.cl'), 'q_nbody_tile', NBODY, tests,
          config_extra=['dimensions: 1'], generator=GEN)


# ---- constant-index LDS ----------------------------------------------------
CONSTIDX = r'''
/* A 17-tap FIR filter whose coefficients live in LDS (loaded by the first
 * work-items, read at constant indices by all), plus a volatile LDS
 * scoreboard cleared and summed at constant indices: every address is a
 * constant. */
#define TAPS 17
kernel void fir17(global const float *in, global const float *coef, global float *out,
                  global int *score)
{
    local float c[TAPS + 3];
    volatile local int sb[TAPS];
    int lid = get_local_id(0), gid = get_global_id(0);
    if (lid < TAPS) c[lid] = coef[lid];
    if (lid == 0)
        for (int i = 0; i < TAPS; i++) sb[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < TAPS; ++k)
        s += c[k] * in[gid + k];
    out[gid] = s;
    atomic_add((volatile local int *)&sb[lid % TAPS], 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        int t = 0;
        for (int i = 0; i < TAPS; i++) t += sb[i] * (i + 1);
        score[get_group_id(0)] = t;
    }
}
'''


def gen_constidx():
    tests = []
    for seed, G, L in ((571, 2, 64), (572, 3, 40)):
        r = Rng(seed)
        N = G * L
        x = r.ints(N + 17, -20, 20).astype(np.int64)
        c = r.ints(17, -8, 8).astype(np.int64)
        o = np.array([(c * x[i:i + 17]).sum() for i in range(N)])
        sc = [sum(sum(1 for l in range(L) if l % 17 == i) * (i + 1) for i in range(17))] * G
        tests.append(test(f'{G} groups of {L}', [
            buf('arg_in', 0, 'float', x.astype(F32)), buf('arg_in', 1, 'float', c.astype(F32)),
            buf_repeat('arg_in', 2, 'float', N, 0), buf('arg_out', 2, 'float', o.astype(F32)),
            buf_repeat('arg_in', 3, 'int', G, 0), buf('arg_out', 3, 'int', np.array(sc))],
            kernel='fir17', global_size=(N,), local_size=(L,)))
    write(out_path('tests/kernels/q_fir_const_lds.cl'), 'q_fir_const_lds', CONSTIDX, tests,
          config_extra=['dimensions: 1'], generator=GEN)



# ---- rows of 16 and 6 floats written and read whole ------------------------
ROWS = r'''
/* Each work-item (x, y) of a 4x16 workgroup writes four values it computes
 * to a[y][4x .. 4x+3] (rows of 16 floats: 16-byte aligned runs) and to
 * b[y][0..3] of rows of 6 floats (8-byte aligned) when x == 0, then
 * reads back a row run of a neighbour and the b row: the LDS accesses
 * wavecc widens into ds_write_b128/ds_read_b128 and b64 pairs. */
kernel __attribute__((reqd_work_group_size(4, 16, 1)))
void rows(global const int *in, global int *out)
{
    local int a[16][16];
    local int b[16][6];
    int x = get_local_id(0), y = get_local_id(1);
    int g = get_global_id(1) * 4 + x;
    int v = in[g];
    a[y][4 * x] = v;
    a[y][4 * x + 1] = v * 3;
    a[y][4 * x + 2] = v - 7;
    a[y][4 * x + 3] = v ^ 0x55;
    if (x == 0) {
        int w = in[g + 1];
        b[y][0] = w + 1;
        b[y][1] = w * 5;
        b[y][2] = w - 2;
        b[y][3] = w >> 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int r = (y + 5) & 15, c = (x + 1) & 3;
    int s = a[r][4 * c] * 1 + a[r][4 * c + 1] * 2 + a[r][4 * c + 2] * 3 + a[r][4 * c + 3] * 4;
    s += b[r][0] * 5 + b[r][1] * 6 + b[r][2] * 7 + b[r][3] * 8;
    out[g] = s;
}
'''


def gen_rows():
    tests = []
    for seed, G in ((581, 3),):
        r = Rng(seed)
        n = G * 64
        a = r.ints(n + 1, -1000, 1000).astype(np.int64)
        out = []
        for gy in range(G * 16):
            for x in range(4):
                y = gy % 16
                base = gy - y
                rr, c = (y + 5) & 15, (x + 1) & 3
                v = a[(base + rr) * 4 + c]
                A = [v, v * 3, v - 7, v ^ 0x55]
                w = a[(base + rr) * 4 + 1]
                B = [w + 1, w * 5, w - 2, w >> 1]
                out.append(sum(A[k] * (k + 1) for k in range(4)) + sum(B[k] * (k + 5) for k in range(4)))
        tests.append(test(f'{G} groups of 4x16', [
            buf('arg_in', 0, 'int', i32(a)), buf_repeat('arg_in', 1, 'int', n, 0),
            buf('arg_out', 1, 'int', i32(out))],
            kernel='rows', global_size=(4, G * 16), local_size=(4, 16)))
    write(out_path('tests/kernels/q_lds_rows.cl'), 'q_lds_rows', ROWS, tests,
          config_extra=['dimensions: 2'], generator=GEN)

gen_sgemm()
gen_stencil()
gen_scan()
gen_bitonic()
gen_hist()
gen_transpose()
gen_nbody()
gen_constidx()
gen_rows()
