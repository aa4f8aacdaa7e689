#!/usr/bin/python3
"""Generates tests/kernels/mq_*.cl: kernels in the style of public OpenCL
suites for issue 27 part B (machine-level code quality): a 3x3 stencil of
nine global loads (loads issued back to back, waits counting down), an LDS
tree reduction, an LDS-tiled matrix multiply with two outputs per
work-item (ds_read2/b128 merging, constant LDS offsets) and a private array
indexed by a kernel argument (uniform index). Inputs are small integers,
so float results are exact in any order; expected values come from the
host references below."""
import numpy as np
from app_common import Rng, F32, buf, buf_repeat, scalar, test, write, out_path

GEN = 'tests/kernels/gen/mq_kernels.py'


def i32(a):
    return np.array(a, dtype=np.int64).astype(np.int32)


# ---- 3x3 stencil from global memory ----------------------------------------
STENCIL9 = r'''
/* A 3x3 weighted blur (1 2 1 / 2 4 2 / 1 2 1, / 16) of the interior of a
 * W x H image, as the Rodinia/AMD SDK filters write it: nine loads from
 * global memory per work-item, border pixels copied. */
kernel void blur3x3(global const float *in, global float *out, int W, int H)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= W || y >= H) return;
    int i = y * W + x;
    if (x == 0 || y == 0 || x == W - 1 || y == H - 1) {
        out[i] = in[i];
        return;
    }
    float s = in[i - W - 1] + 2.0f * in[i - W] + in[i - W + 1]
            + 2.0f * in[i - 1] + 4.0f * in[i] + 2.0f * in[i + 1]
            + in[i + W - 1] + 2.0f * in[i + W] + in[i + W + 1];
    out[i] = s * 0.0625f;
}
'''


def gen_stencil9():
    tests = []
    for seed, W, H in ((601, 32, 16), (602, 40, 24)):
        r = Rng(seed)
        g = r.ints(W * H, -64, 64).astype(np.float64).reshape(H, W)
        o = g.copy()
        k = np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], dtype=np.float64)
        for y in range(1, H - 1):
            for x in range(1, W - 1):
                o[y, x] = (g[y - 1:y + 2, x - 1:x + 2] * k).sum() / 16.0
        tests.append(test(f'{W}x{H} image', [
            buf('arg_in', 0, 'float', g.reshape(-1).astype(F32)), buf_repeat('arg_in', 1, 'float', W * H, 0),
            buf('arg_out', 1, 'float', o.reshape(-1).astype(F32)), scalar(2, 'int', W), scalar(3, 'int', H)],
            kernel='blur3x3', global_size=(W, H), local_size=(8, 8)))
    write(out_path('tests/kernels/mq_stencil9.cl'), 'mq_stencil9', STENCIL9, tests,
          config_extra=['dimensions: 2'], generator=GEN)


# ---- LDS tree reduction ------------------------------------------------------
REDUCE = r'''
/* Sum of n ints per workgroup of 256, two elements per work-item on the
 * way in (the "reduce6" shape of the CUDA/OpenCL samples, with barriers
 * all the way down instead of warp-synchronous steps). */
#define L 256
kernel __attribute__((reqd_work_group_size(L, 1, 1)))
void reduce_sum(global const int *in, global int *sums, int n)
{
    local int s[L];
    int lid = get_local_id(0);
    int i = get_group_id(0) * (2 * L) + lid;
    int v = 0;
    if (i < n) v = in[i];
    if (i + L < n) v += in[i + L];
    s[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int st = L / 2; st > 0; st >>= 1) {
        if (lid < st) s[lid] += s[lid + st];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) sums[get_group_id(0)] = s[0];
}
'''


def gen_reduce():
    tests = []
    for seed, G, n in ((611, 3, 1500), (612, 1, 512)):
        r = Rng(seed)
        a = r.ints(n, -100000, 100000).astype(np.int64)
        sm = [a[g * 512:(g + 1) * 512].sum() for g in range(G)]
        tests.append(test(f'{G} groups, n = {n}', [
            buf('arg_in', 0, 'int', i32(a)), buf_repeat('arg_in', 1, 'int', G, 0),
            buf('arg_out', 1, 'int', i32(sm)), scalar(2, 'int', n)],
            kernel='reduce_sum', global_size=(G * 256,), local_size=(256,)))
    write(out_path('tests/kernels/mq_reduce_lds.cl'), 'mq_reduce_lds', REDUCE, tests,
          config_extra=['dimensions: 1'], generator=GEN)


# ---- LDS-tiled matrix multiply, two outputs per work-item ------------------
MATMUL = r'''
/* C = A * B (row-major, dimensions multiples of 16) with 16x16 tiles of A
 * and B in LDS and a 16x8 workgroup: each work-item computes rows ty and
 * ty + 8 of its column, so a Bs element read serves two products (the
 * register blocking of CLBlast/MAGMA kernels at its smallest). */
#define TS 16
kernel __attribute__((reqd_work_group_size(TS, TS / 2, 1)))
void matmul2(global const float *A, global const float *B, global float *C,
             int M, int N, int K)
{
    local float As[TS][TS];
    local float Bs[TS][TS];
    int tx = get_local_id(0), ty = get_local_id(1);
    int col = get_group_id(0) * TS + tx;
    int row = get_group_id(1) * TS + ty;
    float acc0 = 0.0f, acc1 = 0.0f;
    for (int t = 0; t < K; t += TS) {
        As[ty][tx] = A[row * K + t + tx];
        As[ty + 8][tx] = A[(row + 8) * K + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        Bs[ty + 8][tx] = B[(t + ty + 8) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; ++k) {
            float b = Bs[k][tx];
            acc0 += As[ty][k] * b;
            acc1 += As[ty + 8][k] * b;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc0;
    C[(row + 8) * N + col] = acc1;
}
'''


def gen_matmul():
    tests = []
    for seed, M, N, K in ((621, 32, 48, 64), (622, 16, 16, 32)):
        r = Rng(seed)
        A = r.ints(M * K, -6, 6).astype(np.int64)
        B = r.ints(K * N, -6, 6).astype(np.int64)
        C = (A.reshape(M, K) @ B.reshape(K, N)).reshape(-1)
        tests.append(test(f'{M}x{N}x{K} small integers (exact)', [
            buf('arg_in', 0, 'float', A.astype(F32)), buf('arg_in', 1, 'float', B.astype(F32)),
            buf_repeat('arg_in', 2, 'float', M * N, 0), buf('arg_out', 2, 'float', C.astype(F32)),
            scalar(3, 'int', M), scalar(4, 'int', N), scalar(5, 'int', K)],
            kernel='matmul2', global_size=(N, M // 2), local_size=(16, 8)))
    write(out_path('tests/kernels/mq_matmul2.cl'), 'mq_matmul2', MATMUL, tests,
          config_extra=['dimensions: 2'], generator=GEN)


# ---- private array, uniform index -------------------------------------------
PRIVIDX = r'''
/* Sixteen private accumulators per work-item, a histogram-like update at
 * an index that is the same for all work-items (a kernel argument), then
 * a read at another: the pattern of register-blocked kernels that pick a
 * sub-tile by a loop counter. */
kernel void private_pick(global const int *in, global int *out, int k)
{
    int gid = get_global_id(0);
    int v[16];
    for (int j = 0; j < 16; ++j) v[j] = in[gid * 16 + j];
    v[k & 15] += 7;
    v[(k >> 4) & 15] *= 3;
    out[gid] = v[(k + 3) & 15] + v[k & 15] - v[(k >> 4) & 15];
}
'''


def gen_prividx():
    tests = []
    for seed, n, k in ((631, 64, 5), (632, 128, 0x3c), (633, 64, 0x77)):
        r = Rng(seed)
        a = r.ints(n * 16, -1000, 1000).astype(np.int64).reshape(n, 16)
        v = a.copy()
        v[:, k & 15] += 7
        v[:, (k >> 4) & 15] *= 3
        o = v[:, (k + 3) & 15] + v[:, k & 15] - v[:, (k >> 4) & 15]
        tests.append(test(f'{n} items, k = {k}', [
            buf('arg_in', 0, 'int', i32(a.reshape(-1))), buf_repeat('arg_in', 1, 'int', n, 0),
            buf('arg_out', 1, 'int', i32(o)), scalar(2, 'int', k)],
            kernel='private_pick', global_size=(n,), local_size=(64,)))
    write(out_path('tests/kernels/mq_private_idx.cl'), 'mq_private_idx', PRIVIDX, tests,
          config_extra=['dimensions: 1'], generator=GEN)


if __name__ == '__main__':
    gen_stencil9()
    gen_reduce()
    gen_matmul()
    gen_prividx()
