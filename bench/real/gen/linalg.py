#!/usr/bin/python3
"""Generates the dense and sparse linear-algebra programs of bench/real:
tiled and naive GEMM, GEMV (row, LDS-reduced, transposed), SpMV (CSR
scalar, CSR vector, ELL), LDS transpose, integer matmul. Inputs are small
integers held in float32, so every sum is exact and no tolerance is needed."""
import numpy as np
from real_common import (emit, ints, fints, buf, buf_repeat, scalar, local, test,
                         F32, I32)

G = 'linalg.py'


def gemm_lds():
    src = r'''
/* C = A * B, A MxK, B KxN row-major, 16x16 work-groups, 16x16 tiles of A
 * and B staged in LDS per k-step (the textbook shared-memory GEMM). M, N, K
 * multiples of 16. */
#define TS 16
kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void gemm_tiled(global const float *A, global const float *B, global float *C,
                int M, int N, int K)
{
    local float As[TS][TS];
    local float Bs[TS][TS];
    int lx = get_local_id(0), ly = get_local_id(1);
    int col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < K; t += TS) {
        As[ly][lx] = A[row * K + t + lx];
        Bs[ly][lx] = B[(t + ly) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; ++k)
            acc += As[ly][k] * Bs[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;
}
'''
    M, N, K = 32, 32, 48
    a = fints(11, M * K, -4, 4); b = fints(12, K * N, -4, 4)
    c = (a.reshape(M, K).astype(np.float64) @ b.reshape(K, N)).astype(F32)
    t = test('32x32x48', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', b),
                          buf_repeat('arg_in', 2, 'float', M * N, 0),
                          buf('arg_out', 2, 'float', c),
                          scalar(3, 'int', M), scalar(4, 'int', N), scalar(5, 'int', K)],
             global_size=(N, M), local_size=(16, 16))
    emit('gemm_tiled', 'gemm_tiled', 2, src, [t], 'tiled GEMM with LDS', G)


def gemm_naive():
    src = r'''
/* C = alpha*A*B + beta*C, one work-item per element, k loop from global
 * memory (the baseline kernel of GEMM tutorials). */
kernel void gemm_naive(global const float *A, global const float *B, global float *C,
                       int M, int N, int K, float alpha, float beta)
{
    int col = get_global_id(0), row = get_global_id(1);
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
        acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = alpha * acc + beta * C[row * N + col];
}
'''
    M, N, K = 24, 40, 20
    a = fints(21, M * K, -5, 5); b = fints(22, K * N, -5, 5); c0 = fints(23, M * N, -9, 9)
    c = (2.0 * (a.reshape(M, K).astype(np.float64) @ b.reshape(K, N)) - c0.reshape(M, N)).astype(F32)
    t = test('24x40x20 alpha 2 beta -1', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', b),
                                          buf('arg_in', 2, 'float', c0), buf('arg_out', 2, 'float', c),
                                          scalar(3, 'int', M), scalar(4, 'int', N), scalar(5, 'int', K),
                                          scalar(6, 'float', 2), scalar(7, 'float', -1)],
             global_size=(40, 24), local_size=(8, 8))
    emit('gemm_naive', 'gemm_naive', 2, src, [t], 'naive GEMM, alpha/beta', G)


def gemv():
    src_row = r'''
/* y = A x + y, one work-item per row, k loop unrolled by the compiler. */
kernel void gemv_row(global const float *A, global const float *x, global float *y,
                     int rows, int cols)
{
    int r = get_global_id(0);
    if (r >= rows)
        return;
    float s = 0.0f;
    for (int c = 0; c < cols; ++c)
        s += A[r * cols + c] * x[c];
    y[r] += s;
}
'''
    src_lds = r'''
/* y = A x, one 64-wide work-group per row: strided partial sums then a tree
 * reduction in LDS (the "reduce per row" GEMV of BLAS-on-GPU papers). */
#define WG 64
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void gemv_wg(global const float *A, global const float *x, global float *y, int cols)
{
    local float part[WG];
    int r = get_group_id(0), l = get_local_id(0);
    float s = 0.0f;
    for (int c = l; c < cols; c += WG)
        s += A[r * cols + c] * x[c];
    part[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = WG / 2; w > 0; w >>= 1) {
        if (l < w)
            part[l] += part[l + w];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        y[r] = part[0];
}
'''
    src_t = r'''
/* y = A^T x for A rows x cols: work-item c walks column c, coalesced across
 * the wave. */
kernel void gemv_t(global const float *A, global const float *x, global float *y,
                   int rows, int cols)
{
    int c = get_global_id(0);
    if (c >= cols)
        return;
    float s = 0.0f;
    for (int r = 0; r < rows; ++r)
        s = fma(A[r * cols + c], x[r], s);
    y[c] = s;
}
'''
    R, C = 100, 64
    a = fints(31, R * C, -6, 6); x = fints(32, C, -6, 6); y0 = fints(33, R, -50, 50)
    y = (a.reshape(R, C).astype(np.float64) @ x + y0).astype(F32)
    t = test('100x64', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', x),
                        buf('arg_in', 2, 'float', y0), buf('arg_out', 2, 'float', y),
                        scalar(3, 'int', R), scalar(4, 'int', C)],
             global_size=(128,), local_size=(64,))
    emit('gemv_row', 'gemv_row', 1, src_row, [t], 'GEMV, a row per work-item', G)
    R, C = 24, 300
    a = fints(34, R * C, -6, 6); x = fints(35, C, -6, 6)
    y = (a.reshape(R, C).astype(np.float64) @ x).astype(F32)
    t = test('24x300', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', x),
                        buf_repeat('arg_in', 2, 'float', R, 0), buf('arg_out', 2, 'float', y),
                        scalar(3, 'int', C)], global_size=(R * 64,), local_size=(64,))
    emit('gemv_wg', 'gemv_wg', 1, src_lds, [t], 'GEMV, a work-group per row, LDS tree', G)
    R, C = 70, 128
    a = fints(36, R * C, -6, 6); x = fints(37, R, -6, 6)
    y = (a.reshape(R, C).astype(np.float64).T @ x).astype(F32)
    t = test('70x128 transposed', [buf('arg_in', 0, 'float', a), buf('arg_in', 1, 'float', x),
                                   buf_repeat('arg_in', 2, 'float', C, 0), buf('arg_out', 2, 'float', y),
                                   scalar(3, 'int', R), scalar(4, 'int', C)],
             global_size=(128,), local_size=(64,))
    emit('gemv_t', 'gemv_t', 1, src_t, [t], 'GEMV with the transpose, column walk', G)


def sparse(seed, n, m, maxnnz):
    r = np.random.RandomState(seed)
    rowptr = [0]; cols = []; vals = []
    for i in range(n):
        k = int(r.randint(0, maxnnz + 1))
        cs = sorted(r.choice(m, k, replace=False).tolist())
        cols += cs; vals += r.randint(-5, 6, size=k).tolist()
        rowptr.append(len(cols))
    return (np.array(rowptr, I32), np.array(cols, I32), np.array(vals, F32))


def spmv():
    src_csr = r'''
/* y = A x, A in CSR; one work-item per row (CSR-scalar). */
kernel void spmv_csr(global const int *rowptr, global const int *col,
                     global const float *val, global const float *x,
                     global float *y, int n)
{
    int r = get_global_id(0);
    if (r >= n)
        return;
    float s = 0.0f;
    for (int j = rowptr[r]; j < rowptr[r + 1]; ++j)
        s += val[j] * x[col[j]];
    y[r] = s;
}
'''
    src_vec = r'''
/* CSR-vector: 8 lanes per row, partial sums combined in LDS; rows per
 * work-group = 64 / 8. */
#define LPR 8
kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void spmv_csr_vec(global const int *rowptr, global const int *col,
                  global const float *val, global const float *x,
                  global float *y, int n)
{
    local float part[64];
    int l = get_local_id(0);
    int r = get_global_id(0) / LPR;
    int lane = l % LPR;
    float s = 0.0f;
    if (r < n)
        for (int j = rowptr[r] + lane; j < rowptr[r + 1]; j += LPR)
            s += val[j] * x[col[j]];
    part[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = LPR / 2; w > 0; w >>= 1) {
        if (lane < w)
            part[l] += part[l + w];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lane == 0 && r < n)
        y[r] = part[l];
}
'''
    src_ell = r'''
/* y = A x, A in ELLPACK, column-major slots (slot k of row r at k*n + r),
 * padding has col = -1. */
kernel void spmv_ell(global const int *col, global const float *val,
                     global const float *x, global float *y, int n, int width)
{
    int r = get_global_id(0);
    if (r >= n)
        return;
    float s = 0.0f;
    for (int k = 0; k < width; ++k) {
        int c = col[k * n + r];
        if (c >= 0)
            s += val[k * n + r] * x[c];
    }
    y[r] = s;
}
'''
    n, m = 200, 160
    rp, cl, vl = sparse(41, n, m, 12)
    x = np.random.RandomState(42).randint(-5, 6, size=m).astype(F32)
    y = np.array([sum(float(vl[j]) * float(x[cl[j]]) for j in range(rp[i], rp[i + 1]))
                  for i in range(n)], F32)
    common = [buf('arg_in', 0, 'int', rp), buf('arg_in', 1, 'int', cl), buf('arg_in', 2, 'float', vl),
              buf('arg_in', 3, 'float', x), buf_repeat('arg_in', 4, 'float', n, 0),
              buf('arg_out', 4, 'float', y), scalar(5, 'int', n)]
    emit('spmv_csr', 'spmv_csr', 1, src_csr,
         [test('200 rows, <=12 nnz', common, global_size=(256,), local_size=(64,))], 'SpMV CSR scalar', G)
    emit('spmv_csr_vec', 'spmv_csr_vec', 1, src_vec,
         [test('200 rows, <=12 nnz', common, global_size=(n * 8,), local_size=(64,))],
         'SpMV CSR vector (8 lanes per row)', G)
    width = int(max(rp[1:] - rp[:-1]))
    ec = np.full((width, n), -1, I32); ev = np.zeros((width, n), F32)
    for i in range(n):
        for k, j in enumerate(range(rp[i], rp[i + 1])):
            ec[k, i] = cl[j]; ev[k, i] = vl[j]
    t = test('200 rows ELL', [buf('arg_in', 0, 'int', ec), buf('arg_in', 1, 'float', ev),
                              buf('arg_in', 2, 'float', x), buf_repeat('arg_in', 3, 'float', n, 0),
                              buf('arg_out', 3, 'float', y), scalar(4, 'int', n), scalar(5, 'int', width)],
             global_size=(256,), local_size=(64,))
    emit('spmv_ell', 'spmv_ell', 1, src_ell, [t], 'SpMV ELLPACK', G)


def transpose():
    src = r'''
/* out = in^T through a 16x17 LDS tile (padding against bank conflicts). */
#define T 16
kernel __attribute__((reqd_work_group_size(T, T, 1)))
void transpose_lds(global const int *in, global int *out, int w, int h)
{
    local int tile[T][T + 1];
    int x = get_global_id(0), y = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    if (x < w && y < h)
        tile[ly][lx] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = get_group_id(1) * T + lx, oy = get_group_id(0) * T + ly;
    if (ox < h && oy < w)
        out[oy * h + ox] = tile[lx][ly];
}
'''
    W, H = 48, 32
    a = ints(51, W * H, -1000, 1000)
    t = test('48x32', [buf('arg_in', 0, 'int', a), buf_repeat('arg_in', 1, 'int', W * H, 0),
                       buf('arg_out', 1, 'int', a.reshape(H, W).T.copy()),
                       scalar(2, 'int', W), scalar(3, 'int', H)], global_size=(W, H), local_size=(16, 16))
    emit('transpose_lds', 'transpose_lds', 2, src, [t], 'matrix transpose via LDS tile', G)


def imatmul():
    src = r'''
/* Integer matrix product with a 4-wide k unroll and int4 loads of A rows
 * (an image-processing style fixed-point matmul). K multiple of 4. */
kernel void imatmul4(global const int4 *A, global const int *B, global int *C,
                     int N, int K)
{
    int col = get_global_id(0), row = get_global_id(1);
    int acc = 0;
    for (int k = 0; k < K / 4; ++k) {
        int4 a = A[row * (K / 4) + k];
        acc += a.x * B[(4 * k) * N + col] + a.y * B[(4 * k + 1) * N + col]
             + a.z * B[(4 * k + 2) * N + col] + a.w * B[(4 * k + 3) * N + col];
    }
    C[row * N + col] = acc;
}
'''
    M, N, K = 16, 64, 32
    a = ints(61, M * K, -100, 100); b = ints(62, K * N, -100, 100)
    c = (a.reshape(M, K).astype(np.int64) @ b.reshape(K, N)).astype(I32)
    t = test('16x64x32', [buf('arg_in', 0, 'int4', a), buf('arg_in', 1, 'int', b),
                          buf_repeat('arg_in', 2, 'int', M * N, 0), buf('arg_out', 2, 'int', c),
                          scalar(3, 'int', N), scalar(4, 'int', K)], global_size=(N, M), local_size=(64, 1))
    emit('imatmul4', 'imatmul4', 2, src, [t], 'integer matmul, int4 rows', G)


if __name__ == '__main__':
    gemm_lds(); gemm_naive(); gemv(); spmv(); transpose(); imatmul()
