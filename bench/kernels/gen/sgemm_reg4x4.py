#!/usr/bin/python3
"""Generates bench/kernels/sgemm_reg4x4.cl: SGEMM with LDS tiles and 4x4
register blocking per work-item."""
import math
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'tests', 'kernels', 'gen'))
import numpy as np
from app_common import Rng, F32, buf, scalar, test, write, out_path

SRC = r'''
/* C = alpha * A * B + beta * C; A is MxK, B is KxN, C is MxN, row-major.
 * M and N must be multiples of 32, K a multiple of 16.
 * An 8x8 workgroup computes a 32x32 block of C; work-item (tx, ty) owns the
 * 4x4 elements at rows ty + 8i and columns tx + 8j (i, j < 4), kept in 16
 * accumulators. Each step stages a 32x16 slice of A (stored k-major) and a
 * 16x32 slice of B in LDS, then does 16 rank-1 updates of the 4x4 block
 * from 4 + 4 values held in registers. */
#define BM 32
#define BN 32
#define BK 16

kernel __attribute__((reqd_work_group_size(8, 8, 1)))
void sgemm_4x4(global const float *A, global const float *B, global float *C,
               int M, int N, int K, float alpha, float beta)
{
    local float As[BK][BM];
    local float Bs[BK][BN];
    int tx = get_local_id(0);
    int ty = get_local_id(1);
    int tid = ty * 8 + tx;
    int row0 = get_group_id(1) * BM;
    int col0 = get_group_id(0) * BN;

    float acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            acc[i][j] = 0.0f;

    for (int k0 = 0; k0 < K; k0 += BK) {
        /* 512 elements of each slice, 8 per work-item */
#pragma unroll
        for (int l = 0; l < 8; ++l) {
            int e = tid + 64 * l;
            int ar = e / BK, ak = e % BK;          /* A slice: 32 rows x 16 */
            As[ak][ar] = A[(row0 + ar) * K + k0 + ak];
            int bk = e / BN, bc = e % BN;          /* B slice: 16 x 32 cols */
            Bs[bk][bc] = B[(k0 + bk) * N + col0 + bc];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 4
        for (int k = 0; k < BK; ++k) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i)
                a[i] = As[k][ty + 8 * i];
#pragma unroll
            for (int j = 0; j < 4; ++j)
                b[j] = Bs[k][tx + 8 * j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    acc[i][j] += a[i] * b[j];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int idx = (row0 + ty + 8 * i) * N + col0 + tx + 8 * j;
            C[idx] = alpha * acc[i][j] + beta * C[idx];
        }
}
'''


def case(name, M, N, K, A, B, C0, alpha, beta, exact, comment):
    A64, B64, C64 = (x.astype(np.float64) for x in (A, B, C0))
    ref = alpha * (A64 @ B64) + beta * C64
    if exact:
        assert np.array_equal(ref.astype(F32).astype(np.float64), ref)
        tol = None
    else:
        u = 2.0 ** -24
        bound = ((K + 3) * u * (abs(alpha) * (np.abs(A64) @ np.abs(B64)) + abs(beta) * np.abs(C64))).max() \
            + u * np.abs(ref).max()
        e = math.floor(math.log10(bound))
        tol = f'{math.ceil(bound / 10 ** (e - 1)) * 10 ** (e - 1):.2g}'
    lines = [buf('arg_in', 0, 'float', A), buf('arg_in', 1, 'float', B),
             buf('arg_in', 2, 'float', C0), buf('arg_out', 2, 'float', ref.astype(F32), tol=tol),
             scalar(3, 'int', M), scalar(4, 'int', N), scalar(5, 'int', K),
             scalar(6, 'float', alpha), scalar(7, 'float', beta)]
    return test(name, lines, global_size=(N // 4, M // 4), local_size=(8, 8), comment=comment)


def main():
    tests = []
    r = Rng(1201)
    M, N, K = 64, 64, 64
    A = r.ints(M * K, -8, 8).astype(F32).reshape(M, K)
    B = r.ints(K * N, -8, 8).astype(F32).reshape(K, N)
    C0 = r.ints(M * N, -100, 100).astype(F32).reshape(M, N)
    tests.append(case('64x64x64 integers, alpha=2 beta=-1 (exact)', M, N, K, A, B, C0,
                      2.0, -1.0, True, 'integer-valued: every rounding is exact, no tolerance'))
    r = Rng(1202)
    M, N, K = 64, 32, 48
    A = r.floats(M * K, -1.0, 1.0).reshape(M, K)
    B = r.floats(K * N, -1.0, 1.0).reshape(K, N)
    C0 = r.floats(M * N, -1.0, 1.0).reshape(M, N)
    tests.append(case('64x32x48 fractional, alpha=0.75 beta=0.5', M, N, K, A, B, C0,
                      0.75, 0.5, False,
                      'absolute tolerance = (K+3) * 2^-24 * max(|alpha| sum|a||b| + |beta c|)\n'
                      '+ half an ulp of the largest result: any order, fused or not'))
    r = Rng(1203)
    M, N, K = 32, 32, 96
    A = r.floats(M * K, 0.0, 1.0).reshape(M, K)
    B = r.floats(K * N, -2.0, 2.0).reshape(K, N)
    C0 = np.zeros((M, N), dtype=F32)
    tests.append(case('32x32x96 fractional, alpha=1 beta=0', M, N, K, A, B, C0,
                      1.0, 0.0, False, None))
    write(out_path('bench/kernels/sgemm_reg4x4.cl'), 'bench_sgemm_reg4x4', SRC, tests,
          config_extra=['kernel_name: sgemm_4x4', 'dimensions: 2'],
          generator='bench/kernels/gen/sgemm_reg4x4.py')


main()
