#!/usr/bin/python3
"""Generates the second batch of bench/real's algebra programs, written for
issue 27 ("measure on programs you did not tune for") in the style of
PolyBench/GPU, SHOC, Parboil and the AMD APP SDK samples: syrk, gesummv,
bicg, mvt (double), covariance, a 3-D convolution, FDTD-2D, SpMV in JDS
format, a double reduction, a uint4 scan, a fast Walsh transform in LDS
and an LU factorisation of diagonal blocks. None is copied from a suite.
Inputs are small integers (float32 or float64), so sums and products are
exact; the LU file divides and carries a tolerance."""
import numpy as np
from real_common import (emit, ints, fints, buf, buf_repeat, scalar, local, test, rel_tol,
                         F32, I32, U32, Rng)

G = 'suite_algebra.py'
F64 = np.float64
FP64 = ['require_device_extensions: cl_khr_fp64']


def syrk():
    src = r'''
/* Symmetric rank-k update C = alpha*A*A^T + beta*C (A is N x M), one
 * work-item per element of C, PolyBench style. */
kernel void syrk(global const float *A, global float *C, float alpha, float beta, int N, int M)
{
    int j = get_global_id(0), i = get_global_id(1);
    if (i >= N || j >= N)
        return;
    float acc = C[i * N + j] * beta;
    for (int k = 0; k < M; k++)
        acc += alpha * A[i * M + k] * A[j * M + k];
    C[i * N + j] = acc;
}
'''
    N, M = 40, 24
    a = fints(2701, N * M, -4, 4); c0 = fints(2702, N * N, -9, 9)
    A = a.reshape(N, M).astype(F64)
    c = (2.0 * (A @ A.T) + 3.0 * c0.reshape(N, N)).astype(F32)
    t = test('40x40, k 24', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', c0),
                             buf('arg_out', 1, 'float', c), scalar(2, 'float', 2), scalar(3, 'float', 3),
                             scalar(4, 'int', N), scalar(5, 'int', M)],
             global_size=(48, 40), local_size=(16, 8))
    emit('syrk', 'syrk', 2, src, [t], 'PolyBench-style SYRK', G)


def gesummv():
    src = r'''
/* y = alpha*A*x + beta*B*x (and tmp = A*x), one work-item per row. */
kernel void gesummv(global const float *A, global const float *B, global const float *x,
                    global float *y, global float *tmp, float alpha, float beta, int n)
{
    int i = get_global_id(0);
    if (i < n) {
        float t = 0.0f, s = 0.0f;
        for (int j = 0; j < n; j++) {
            t += A[i * n + j] * x[j];
            s += B[i * n + j] * x[j];
        }
        tmp[i] = t;
        y[i] = alpha * t + beta * s;
    }
}
'''
    n = 72
    a = fints(2711, n * n, -5, 5); b = fints(2712, n * n, -5, 5); x = fints(2713, n, -6, 6)
    At = a.reshape(n, n).astype(F64) @ x; Bt = b.reshape(n, n).astype(F64) @ x
    y = (2.0 * At - 1.0 * Bt).astype(F32)
    t = test('72x72', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', b), buf('arg_in', 2, 'float', x),
                       buf_repeat('arg_in', 3, 'float', n, 0), buf('arg_out', 3, 'float', y),
                       buf_repeat('arg_in', 4, 'float', n, 0), buf('arg_out', 4, 'float', At.astype(F32)),
                       scalar(5, 'float', 2), scalar(6, 'float', -1), scalar(7, 'int', n)],
             global_size=(128,), local_size=(64,))
    emit('gesummv', 'gesummv', 1, src, [t], 'PolyBench-style GESUMMV', G)


def bicg():
    src = r'''
/* BiCG sub-kernels: q = A p (a row per work-item) and s = A^T r (a column
 * per work-item, coalesced across the work-group). A is nx x ny. */
kernel void bicg_q(global const float *A, global const float *p, global float *q, int nx, int ny)
{
    int i = get_global_id(0);
    if (i < nx) {
        float acc = 0.0f;
        for (int j = 0; j < ny; j++)
            acc += A[i * ny + j] * p[j];
        q[i] = acc;
    }
}

kernel void bicg_s(global const float *A, global const float *r, global float *s, int nx, int ny)
{
    int j = get_global_id(0);
    if (j < ny) {
        float acc = 0.0f;
        for (int i = 0; i < nx; i++)
            acc += r[i] * A[i * ny + j];
        s[j] = acc;
    }
}
'''
    nx, ny = 60, 88
    a = fints(2721, nx * ny, -5, 5); p = fints(2722, ny, -6, 6); r = fints(2723, nx, -6, 6)
    A = a.reshape(nx, ny).astype(F64)
    q = (A @ p).astype(F32); s = (r.astype(F64) @ A).astype(F32)
    t1 = test('q = A p', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', p),
                          buf_repeat('arg_in', 2, 'float', nx, 0), buf('arg_out', 2, 'float', q),
                          scalar(3, 'int', nx), scalar(4, 'int', ny)],
              kernel='bicg_q', global_size=(64,), local_size=(32,))
    t2 = test('s = A^T r', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', r),
                            buf_repeat('arg_in', 2, 'float', ny, 0), buf('arg_out', 2, 'float', s),
                            scalar(3, 'int', nx), scalar(4, 'int', ny)],
              kernel='bicg_s', global_size=(96,), local_size=(32,))
    emit('bicg', 'bicg_q', 1, src, [t1, t2], 'PolyBench-style BiCG (two kernels)', G)


def mvt():
    src = r'''
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* Matrix-vector product and transpose in double: x1 += A y1, x2 += A^T y2,
 * one work-item per row/column. */
kernel void mvt(global const double *A, global double *x1, global double *x2,
                global const double *y1, global const double *y2, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    double a1 = x1[i], a2 = x2[i];
    for (int j = 0; j < n; j++) {
        a1 += A[i * n + j] * y1[j];
        a2 += A[j * n + i] * y2[j];
    }
    x1[i] = a1;
    x2[i] = a2;
}
'''
    n = 56
    rg = Rng(2731)
    a = rg.ints(n * n, -7, 7).astype(F64); y1 = rg.ints(n, -9, 9).astype(F64); y2 = rg.ints(n, -9, 9).astype(F64)
    x1 = rg.ints(n, -20, 20).astype(F64); x2 = rg.ints(n, -20, 20).astype(F64)
    A = a.reshape(n, n)
    o1 = x1 + A @ y1; o2 = x2 + A.T @ y2
    t = test('56x56 double', [buf('arg_in', 0, 'double', a), buf('arg_in', 1, 'double', x1),
                              buf('arg_out', 1, 'double', o1), buf('arg_in', 2, 'double', x2),
                              buf('arg_out', 2, 'double', o2), buf('arg_in', 3, 'double', y1),
                              buf('arg_in', 4, 'double', y2), scalar(5, 'int', n)],
             global_size=(64,), local_size=(32,))
    emit('mvt', 'mvt', 1, src, [t], 'PolyBench-style MVT in double', G, FP64)


def covariance():
    src = r'''
/* Covariance of m variables over n samples: column means, then the upper
 * triangle of data^T data per work-item column, mirrored (PolyBench's
 * mean and covar kernels; the data given to covar are already centred). */
kernel void cov_mean(global float *mean, global const float *data, float float_n, int m, int n)
{
    int j = get_global_id(0);
    if (j < m) {
        float s = 0.0f;
        for (int i = 0; i < n; i++)
            s += data[i * m + j];
        mean[j] = s / float_n;
    }
}

kernel void cov_covar(global float *symmat, global const float *data, int m, int n)
{
    int j1 = get_global_id(0);
    if (j1 >= m)
        return;
    for (int j2 = j1; j2 < m; j2++) {
        float s = 0.0f;
        for (int i = 0; i < n; i++)
            s += data[i * m + j1] * data[i * m + j2];
        symmat[j1 * m + j2] = s;
        symmat[j2 * m + j1] = s;
    }
}
'''
    m, n = 40, 32
    d = fints(2741, n * m, -6, 6)
    D = d.reshape(n, m).astype(F64)
    mean = (D.sum(axis=0) / n).astype(F32)
    cov = (D.T @ D).astype(F32)
    t1 = test('means of 40 columns, 32 samples', [buf_repeat('arg_in', 0, 'float', m, 0), buf('arg_out', 0, 'float', mean),
                                                  buf('arg_in', 1, 'float', d), scalar(2, 'float', n),
                                                  scalar(3, 'int', m), scalar(4, 'int', n)],
              kernel='cov_mean', global_size=(64,), local_size=(32,))
    t2 = test('covariance 40x40', [buf_repeat('arg_in', 0, 'float', m * m, 0), buf('arg_out', 0, 'float', cov),
                                   buf('arg_in', 1, 'float', d), scalar(2, 'int', m), scalar(3, 'int', n)],
              kernel='cov_covar', global_size=(64,), local_size=(32,))
    emit('covariance', 'cov_covar', 1, src, [t1, t2], 'PolyBench-style covariance (mean, covar)', G)


def conv3d():
    src = r'''
/* 3-D convolution with constant weights over the interior of an
 * ni x nj x nk volume, one work-item per output point (PolyBench's
 * convolution-3d on a 3-D NDRange). Border points are left as they are. */
kernel void conv3d(global const float *A, global float *B, int ni, int nj, int nk)
{
    int k = get_global_id(0), j = get_global_id(1), i = get_global_id(2);
    if (i < 1 || j < 1 || k < 1 || i >= ni - 1 || j >= nj - 1 || k >= nk - 1)
        return;
    const float c11 = 2, c12 = -3, c13 = 4, c21 = 5, c22 = 6, c23 = 7, c31 = -8, c32 = -9, c33 = 10;
#define AT(a, b, c) A[((a) * nj + (b)) * nk + (c)]
    B[(i * nj + j) * nk + k] =
        c11 * AT(i - 1, j - 1, k - 1) + c13 * AT(i + 1, j - 1, k - 1) +
        c21 * AT(i - 1, j - 1, k - 1) + c23 * AT(i + 1, j - 1, k - 1) +
        c31 * AT(i - 1, j - 1, k - 1) + c33 * AT(i + 1, j - 1, k - 1) +
        c12 * AT(i, j - 1, k) + c22 * AT(i, j, k) + c32 * AT(i, j + 1, k) +
        c11 * AT(i - 1, j - 1, k + 1) + c13 * AT(i + 1, j - 1, k + 1) +
        c21 * AT(i - 1, j, k + 1) + c23 * AT(i + 1, j, k + 1) +
        c31 * AT(i - 1, j + 1, k + 1) + c33 * AT(i + 1, j + 1, k + 1);
#undef AT
}
'''
    ni, nj, nk = 10, 12, 16
    a = fints(2751, ni * nj * nk, -8, 8)
    A = a.reshape(ni, nj, nk).astype(F64)
    b0 = fints(2752, ni * nj * nk, -3, 3)
    B = b0.reshape(ni, nj, nk).astype(F64).copy()
    c11, c12, c13, c21, c22, c23, c31, c32, c33 = 2, -3, 4, 5, 6, 7, -8, -9, 10
    for i in range(1, ni - 1):
        for j in range(1, nj - 1):
            for k in range(1, nk - 1):
                B[i, j, k] = (c11 * A[i - 1, j - 1, k - 1] + c13 * A[i + 1, j - 1, k - 1] +
                              c21 * A[i - 1, j - 1, k - 1] + c23 * A[i + 1, j - 1, k - 1] +
                              c31 * A[i - 1, j - 1, k - 1] + c33 * A[i + 1, j - 1, k - 1] +
                              c12 * A[i, j - 1, k] + c22 * A[i, j, k] + c32 * A[i, j + 1, k] +
                              c11 * A[i - 1, j - 1, k + 1] + c13 * A[i + 1, j - 1, k + 1] +
                              c21 * A[i - 1, j, k + 1] + c23 * A[i + 1, j, k + 1] +
                              c31 * A[i - 1, j + 1, k + 1] + c33 * A[i + 1, j + 1, k + 1])
    t = test('10x12x16', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', b0),
                          buf('arg_out', 1, 'float', B.reshape(-1).astype(F32)),
                          scalar(2, 'int', ni), scalar(3, 'int', nj), scalar(4, 'int', nk)],
             global_size=(16, 12, 10), local_size=(16, 4, 2), dims=3)
    emit('conv3d', 'conv3d', 3, src, [t], 'PolyBench-style 3-D convolution', G)


def fdtd2d():
    src = r'''
/* One time step of 2-D FDTD (PolyBench's three kernels): ey and ex from hz,
 * then hz from the new ex and ey. ex is nx x (ny+1), ey (nx+1) x ny. */
kernel void fdtd_ey(global const float *fict, global float *ey, global const float *hz,
                    int t, int nx, int ny)
{
    int j = get_global_id(0), i = get_global_id(1);
    if (i < nx && j < ny) {
        if (i == 0)
            ey[j] = fict[t];
        else
            ey[i * ny + j] -= 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
    }
}

kernel void fdtd_ex(global float *ex, global const float *hz, int nx, int ny)
{
    int j = get_global_id(0), i = get_global_id(1);
    if (i < nx && j > 0 && j < ny)
        ex[i * (ny + 1) + j] -= 0.5f * (hz[i * ny + j] - hz[i * ny + j - 1]);
}

kernel void fdtd_hz(global const float *ex, global const float *ey, global float *hz, int nx, int ny)
{
    int j = get_global_id(0), i = get_global_id(1);
    if (i < nx && j < ny)
        hz[i * ny + j] -= 0.75f * (ex[i * (ny + 1) + j + 1] - ex[i * (ny + 1) + j] +
                                   ey[(i + 1) * ny + j] - ey[i * ny + j]);
}
'''
    nx, ny = 24, 40
    rg = Rng(2761)
    fict = rg.ints(8, -10, 10).astype(F32)
    ex = rg.ints(nx * (ny + 1), -16, 16).astype(F32); ey = rg.ints((nx + 1) * ny, -16, 16).astype(F32)
    hz = rg.ints(nx * ny, -16, 16).astype(F32)
    EY = ey.reshape(nx + 1, ny).astype(F64).copy(); HZ = hz.reshape(nx, ny).astype(F64)
    EY[0, :] = fict[3]
    EY[1:nx, :] -= 0.5 * (HZ[1:nx, :] - HZ[0:nx - 1, :])
    EX = ex.reshape(nx, ny + 1).astype(F64).copy()
    EX[:, 1:ny] -= 0.5 * (HZ[:, 1:ny] - HZ[:, 0:ny - 1])
    EX0 = ex.reshape(nx, ny + 1).astype(F64); EY0 = ey.reshape(nx + 1, ny).astype(F64)
    HZ2 = HZ - 0.75 * (EX0[:, 1:] - EX0[:, :-1] + EY0[1:, :] - EY0[:-1, :])
    gs, ls = (48, 32), (16, 4)
    t1 = test('ey step 3', [buf('arg_in', 0, 'float', fict), buf('arg_in', 1, 'float', ey),
                            buf('arg_out', 1, 'float', EY.reshape(-1).astype(F32)), buf('arg_in', 2, 'float', hz),
                            scalar(3, 'int', 3), scalar(4, 'int', nx), scalar(5, 'int', ny)],
              kernel='fdtd_ey', global_size=gs, local_size=ls)
    t2 = test('ex', [buf('arg_in', 0, 'float', ex), buf('arg_out', 0, 'float', EX.reshape(-1).astype(F32)),
                     buf('arg_in', 1, 'float', hz), scalar(2, 'int', nx), scalar(3, 'int', ny)],
              kernel='fdtd_ex', global_size=gs, local_size=ls)
    t3 = test('hz', [buf('arg_in', 0, 'float', ex), buf('arg_in', 1, 'float', ey), buf('arg_in', 2, 'float', hz),
                     buf('arg_out', 2, 'float', HZ2.reshape(-1).astype(F32)),
                     scalar(3, 'int', nx), scalar(4, 'int', ny)],
              kernel='fdtd_hz', global_size=gs, local_size=ls)
    emit('fdtd2d', 'fdtd_hz', 2, src, [t1, t2, t3], 'PolyBench-style FDTD-2D (ey, ex, hz kernels)', G)


def spmv_jds():
    src = r'''
/* SpMV in jagged-diagonal storage (Parboil's layout): rows sorted by length,
 * the k-th jagged diagonal starts at jds_ptr[k]; each 32-row section pads
 * its diagonals to its longest row (zeros), whose length is sh_zcnt. */
kernel void spmv_jds(global float *dst, global const float *data, global const int *index,
                     global const int *perm, global const float *x, int dim,
                     global const int *jds_ptr, global const int *sh_zcnt)
{
    int ix = get_global_id(0);
    if (ix < dim) {
        float sum = 0.0f;
        int bound = sh_zcnt[ix / 32];
        for (int k = 0; k < bound; k++) {
            int j = jds_ptr[k] + ix;
            sum += data[j] * x[index[j]];
        }
        dst[perm[ix]] = sum;
    }
}
'''
    dim, ncol = 150, 120
    rg = Rng(2771)
    lens = rg.ints(dim, 0, 14)
    lens[rg.ints(6, 0, dim - 1)] = 28  # a few long rows
    rows = [sorted(set(rg.ints(int(l), 0, ncol - 1).tolist())) for l in lens]
    vals = [rg.ints(len(r), -5, 5).astype(F32) for r in rows]
    x = fints(2772, ncol, -6, 6)
    perm = sorted(range(dim), key=lambda r: (-len(rows[r]), r))
    slen = [len(rows[r]) for r in perm]
    nsec = (dim + 31) // 32
    zc = [max(slen[s * 32:(s + 1) * 32]) for s in range(nsec)]
    ptr, data, index = [], [], []
    for k in range(max(slen)):
        ptr.append(len(data))
        cnt = sum(1 for L in slen if L > k)
        padded = min(((cnt + 31) // 32) * 32, ((dim + 31) // 32) * 32)
        for p in range(padded):
            if p < dim and slen[p] > k:
                r = perm[p]
                data.append(vals[r][k]); index.append(rows[r][k])
            else:
                data.append(0.0); index.append(0)
    y = np.array([sum(float(v) * float(x[c]) for v, c in zip(vals[r], rows[r])) for r in range(dim)], F32)
    t = test('150 rows, 120 columns', [buf_repeat('arg_in', 0, 'float', dim, -1), buf('arg_out', 0, 'float', y),
                                       buf('arg_in', 1, 'float', np.array(data, F32)),
                                       buf('arg_in', 2, 'int', np.array(index, I32)),
                                       buf('arg_in', 3, 'int', np.array(perm, I32)), buf('arg_in', 4, 'float', x),
                                       scalar(5, 'int', dim), buf('arg_in', 6, 'int', np.array(ptr, I32)),
                                       buf('arg_in', 7, 'int', np.array(zc, I32))],
             global_size=(160,), local_size=(32,))
    emit('spmv_jds', 'spmv_jds', 1, src, [t], 'SpMV, JDS format (Parboil-style)', G)


def reduce_double():
    src = r'''
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* Sum of doubles: each work-item accumulates a grid-stride slice, then a
 * tree in LDS; one partial sum per work-group (SHOC's reduction shape). */
kernel void reduce_double(global const double *in, global double *out, local double *sdata, int n)
{
    int l = get_local_id(0), ls = get_local_size(0);
    double acc = 0.0;
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        acc += in[i];
    sdata[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = ls / 2; s > 0; s >>= 1) {
        if (l < s)
            sdata[l] += sdata[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = sdata[0];
}
'''
    n, wg, ng = 3000, 128, 4
    v = Rng(2781).ints(n, -1000, 1000).astype(F64) * 0.25
    gs = wg * ng
    acc = np.array([v[i::gs].sum() for i in range(gs)])
    out = acc.reshape(ng, wg).sum(axis=1)
    t = test('3000 doubles, 4 groups', [buf('arg_in', 0, 'double', v), buf_repeat('arg_in', 1, 'double', ng, 0),
                                        buf('arg_out', 1, 'double', out), local(2, 'double', wg),
                                        scalar(3, 'int', n)],
             global_size=(gs,), local_size=(wg,))
    emit('reduce_double', 'reduce_double', 1, src, [t], 'double reduction (grid stride, LDS tree)', G, FP64)


def scan_uint4():
    src = r'''
/* Inclusive prefix sum within a work-group of 64 work-items, four uints
 * each: a scan of the own uint4, a Hillis-Steele scan of the totals in
 * LDS, then the offset added back (AMD APP SDK's vector-load scan idea). */
#define WG 64
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void scan_uint4(global const uint4 *in, global uint4 *out)
{
    local uint tot[2][WG];
    int l = get_local_id(0), g = get_global_id(0);
    uint4 v = in[g];
    v.y += v.x;
    v.z += v.y;
    v.w += v.z;
    int cur = 0;
    tot[0][l] = v.w;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < WG; off <<= 1) {
        uint s = tot[cur][l];
        if (l >= off)
            s += tot[cur][l - off];
        tot[cur ^ 1][l] = s;
        cur ^= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    uint before = tot[cur][l] - v.w;
    out[g] = v + before;
}
'''
    wg, ng = 64, 3
    v = Rng(2791).u32(4 * wg * ng) & 0xFFFF
    out = np.zeros_like(v, dtype=np.uint64)
    seg = 4 * wg
    for g in range(ng):
        out[g * seg:(g + 1) * seg] = np.cumsum(v[g * seg:(g + 1) * seg].astype(np.uint64))
    t = test('3 groups of 256 uints', [buf('arg_in', 0, 'uint4', v), buf_repeat('arg_in', 1, 'uint4', wg * ng, 0),
                                       buf('arg_out', 1, 'uint4', (out & 0xFFFFFFFF).astype(U32))],
             global_size=(wg * ng,), local_size=(wg,))
    emit('scan_uint4', 'scan_uint4', 1, src, [t], 'work-group scan of uint4 vectors', G)


def fwt_lds():
    src = r'''
/* Fast Walsh-Hadamard transform of 256 floats per work-group in LDS: 128
 * work-items, one butterfly each per stage (AMD APP SDK's FWT, staged in
 * local memory instead of one launch per stage). */
#define N 256
kernel __attribute__((reqd_work_group_size(N / 2, 1, 1)))
void fwt_lds(global float *data)
{
    local float t[N];
    int l = get_local_id(0);
    global float *d = data + get_group_id(0) * N;
    t[l] = d[l];
    t[l + N / 2] = d[l + N / 2];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = 1; step < N; step <<= 1) {
        int grp = l % step;
        int pair = 2 * step * (l / step) + grp;
        int match = pair + step;
        float a = t[pair], b = t[match];
        t[pair] = a + b;
        t[match] = a - b;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    d[l] = t[l];
    d[l + N / 2] = t[l + N / 2];
}
'''
    N, ng = 256, 3
    v = fints(2801, N * ng, -9, 9).astype(F64)
    out = []
    for g in range(ng):
        t = v[g * N:(g + 1) * N].copy()
        step = 1
        while step < N:
            for l in range(N // 2):
                pair = 2 * step * (l // step) + l % step
                a, b = t[pair], t[pair + step]
                t[pair], t[pair + step] = a + b, a - b
            step <<= 1
        out.append(t)
    t = test('3 transforms of 256', [buf('arg_in', 0, 'float', v.astype(F32)),
                                     buf('arg_out', 0, 'float', np.concatenate(out).astype(F32))],
             global_size=(128 * ng,), local_size=(128,))
    emit('fwt_lds', 'fwt_lds', 1, src, [t], 'fast Walsh transform in LDS', G)


def lud_diag():
    src = r'''
/* In-place LU factorisation (no pivoting) of 16x16 diagonal blocks, one
 * per work-group of 16 work-items, in LDS: for each pivot i, work-item tx
 * finishes column i of row tx, then row i+1 of column tx (Rodinia's
 * lud_diagonal scheme). */
#define BS 16
kernel __attribute__((reqd_work_group_size(BS, 1, 1)))
void lud_diag(global float *m, int stride)
{
    local float s[BS][BS];
    int tx = get_local_id(0);
    global float *blk = m + get_group_id(0) * BS;
    blk += get_group_id(0) * BS * stride;
    for (int r = 0; r < BS; r++)
        s[r][tx] = blk[r * stride + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < BS - 1; i++) {
        if (tx > i) {
            float v = s[tx][i];
            for (int j = 0; j < i; j++)
                v -= s[tx][j] * s[j][i];
            s[tx][i] = v / s[i][i];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tx > i) {
            float v = s[i + 1][tx];
            for (int j = 0; j <= i; j++)
                v -= s[i + 1][j] * s[j][tx];
            s[i + 1][tx] = v;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int r = 1; r < BS; r++)
        blk[r * stride + tx] = s[r][tx];
}
'''
    BS, nb = 16, 3
    n = BS * nb
    rg = Rng(2811)
    M = rg.ints(n * n, -4, 4).astype(F64).reshape(n, n)
    for i in range(n):
        M[i, i] = 40 + rg.ints(1, 0, 8)[0]
    out = M.copy()
    for b in range(nb):
        s = M[b * BS:(b + 1) * BS, b * BS:(b + 1) * BS].copy()
        for i in range(BS - 1):
            for tx in range(i + 1, BS):
                v = s[tx, i]
                for j in range(i):
                    v -= s[tx, j] * s[j, i]
                s[tx, i] = v / s[i, i]
            for tx in range(i + 1, BS):
                v = s[i + 1, tx]
                for j in range(i + 1):
                    v -= s[i + 1, j] * s[j, tx]
                s[i + 1, tx] = v
        out[b * BS:(b + 1) * BS, b * BS:(b + 1) * BS] = s
    t = test('3 diagonal blocks of a 48x48 matrix',
             [buf('arg_in', 0, 'float', M.reshape(-1).astype(F32)),
              buf('arg_out', 0, 'float', out.reshape(-1).astype(F32), rel_tol(out, 2e-6)),
              scalar(1, 'int', n)],
             global_size=(BS * nb,), local_size=(BS,))
    emit('lud_diag', 'lud_diag', 1, src, [t], 'LU of diagonal blocks in LDS (float division; 2e-6 of the largest value)', G)


if __name__ == '__main__':
    for f in (syrk, gesummv, bicg, mvt, covariance, conv3d, fdtd2d, spmv_jds, reduce_double,
              scan_uint4, fwt_lds, lud_diag):
        f()
