#!/usr/bin/python3
"""Generates tests/kernels/app_matmul_tiled.cl: C = A*B with 16x16 LDS tiles."""
import numpy as np
from app_common import Rng, F32, buf, scalar, test, write, out_path

SRC = r'''
/* Tiled matrix multiply: each 16x16 workgroup computes a 16x16 block of
 * C = A * B (A is MxK, B is KxN, all row-major). The K loop walks 16-wide
 * tiles of A and B that the workgroup stages in LDS; partial tiles at the
 * matrix edges are filled with zeros so any M, N, K work. */
#define TILE 16

kernel void matmul_tiled(global const float *A, global const float *B,
                         global float *C, int M, int N, int K)
{
    local float As[TILE][TILE];
    local float Bs[TILE][TILE];
    int tx = get_local_id(0);
    int ty = get_local_id(1);
    int col = get_global_id(0);
    int row = get_global_id(1);
    float acc = 0.0f;

    for (int t = 0; t < K; t += TILE) {
        int ak = t + tx;
        int bk = t + ty;
        As[ty][tx] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        Bs[ty][tx] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}
'''


def nice_up(x):
    """Round a positive tolerance up to two significant digits."""
    e = np.floor(np.log10(x))
    m = np.ceil(x / 10 ** (e - 1))
    return float(m * 10 ** (e - 1))


def case(name, M, N, K, A, B, exact, comment):
    ref64 = A.astype(np.float64) @ B.astype(np.float64)
    if exact:
        # every product and partial sum is a short binary fraction that a
        # float holds exactly, so any summation order and fused or unfused
        # multiply-add gives the exact result
        C = ref64.astype(F32)
        assert np.array_equal(C.astype(np.float64), ref64)
        tol = None
    else:
        C = ref64.astype(F32)
        # |fl(sum) - sum| <= gamma_K * sum|a||b| (Higham 3.1) for any order,
        # fused or not; plus half an ulp for rounding the reference itself.
        absdot = np.abs(A.astype(np.float64)) @ np.abs(B.astype(np.float64))
        bound = (K + 1) * 2.0 ** -24 * absdot.max() + np.abs(ref64).max() * 2.0 ** -24
        tol = nice_up(bound)
    gx = (N + 15) // 16 * 16
    gy = (M + 15) // 16 * 16
    lines = [buf('arg_in', 0, 'float', A), buf('arg_in', 1, 'float', B),
             buf('arg_out', 2, 'float', C, tol=tol),
             scalar(3, 'int', M), scalar(4, 'int', N), scalar(5, 'int', K)]
    return test(name, lines, global_size=(gx, gy), local_size=(16, 16), comment=comment)


def main():
    tests = []
    r = Rng(101)
    A = r.ints(64 * 64, -8, 8).astype(F32).reshape(64, 64)
    B = r.ints(64 * 64, -8, 8).astype(F32).reshape(64, 64)
    tests.append(case('64x64x64 small integers (exact)', 64, 64, 64, A, B, True,
                      'integer-valued inputs: every partial sum is exact, no tolerance'))
    r = Rng(102)
    A = (r.ints(32 * 128, 0, 15) / 16.0).astype(F32).reshape(32, 128)
    B = (r.ints(128 * 32, 0, 15) / 16.0).astype(F32).reshape(128, 32)
    tests.append(case('32x32x128 sixteenths (exact)', 32, 32, 128, A, B, True,
                      'multiples of 1/16 below 1: every partial sum is a multiple of 1/256 below\n'
                      '128, so it needs at most 15 significant bits: exact, no tolerance'))
    r = Rng(103)
    A = r.floats(48 * 40, -1.0, 1.0).reshape(48, 40)
    B = r.floats(40 * 80, -1.0, 1.0).reshape(40, 80)
    tests.append(case('48x80x40 ragged edges, fractional', 48, 80, 40, A, B, False,
                      'fractional inputs: rounding depends on summation order and on whether\n'
                      'a*b+c is fused; the absolute tolerance is the worst-case bound\n'
                      '(K+1)*2^-24*max(sum|a||b|) + half an ulp of the largest result'))
    write(out_path('tests/kernels/app_matmul_tiled.cl'), 'app_matmul_tiled', SRC, tests,
          config_extra=['kernel_name: matmul_tiled', 'dimensions: 2'],
          generator='tests/kernels/gen/app_matmul_tiled.py')


main()
