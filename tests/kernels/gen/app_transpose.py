#!/usr/bin/python3
"""Generates tests/kernels/app_transpose.cl: matrix transpose through an LDS
tile padded to [16][17] against bank conflicts, and the naive version."""
import numpy as np
from app_common import Rng, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* out (w rows x h columns) = transpose of in (h rows x w columns), both
 * row-major. A 16x16 workgroup reads a tile row by row (coalesced), and
 * writes the transposed tile row by row too, reading the LDS tile down a
 * column: the extra column ([16][17]) puts the 16 elements of a column in 16
 * different LDS banks. Edges: the NDRange is rounded up to 16; work-items
 * outside the matrix only take part in the barrier. */
#define TD 16

kernel void transpose_lds(global const uint *in, global uint *out, int w, int h)
{
    local uint tile[TD][TD + 1];
    int lx = get_local_id(0);
    int ly = get_local_id(1);
    int x = get_group_id(0) * TD + lx;
    int y = get_group_id(1) * TD + ly;
    if (x < w && y < h)
        tile[ly][lx] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TD + lx;   /* column in out = row in in */
    y = get_group_id(0) * TD + ly;   /* row in out = column in in */
    if (x < h && y < w)
        out[y * h + x] = tile[lx][ly];
}

/* Float2 variant (8-byte elements) with the same padded tile. */
kernel void transpose_lds_f2(global const float2 *in, global float2 *out, int w, int h)
{
    local float2 tile[TD][TD + 1];
    int lx = get_local_id(0);
    int ly = get_local_id(1);
    int x = get_group_id(0) * TD + lx;
    int y = get_group_id(1) * TD + ly;
    if (x < w && y < h)
        tile[ly][lx] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TD + lx;
    y = get_group_id(0) * TD + ly;
    if (x < h && y < w)
        out[y * h + x] = tile[lx][ly];
}

/* Reference version without LDS: strided writes. */
kernel void transpose_naive(global const uint *in, global uint *out, int w, int h)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x < w && y < h)
        out[x * h + y] = in[y * w + x];
}
'''


def main():
    tests = []
    for seed, w, h, k in ((901, 64, 64, 'transpose_lds'), (902, 80, 48, 'transpose_lds'),
                          (903, 128, 16, 'transpose_lds'), (904, 40, 24, 'transpose_lds'),
                          (905, 37, 53, 'transpose_naive'), (906, 48, 32, 'transpose_lds_f2')):
        r = Rng(seed)
        if k.endswith('f2'):
            a = (r.floats(w * h * 2, -100.0, 100.0)).reshape(h, w, 2)
            ty = 'float2'
        else:
            a = r.u32(w * h).reshape(h, w)
            ty = 'uint'
        t = a.swapaxes(0, 1).copy()
        gx, gy = (w + 15) // 16 * 16, (h + 15) // 16 * 16
        tests.append(test(f'{k} {h} rows x {w} cols ({gx // 16}x{gy // 16} groups)', [
            buf('arg_in', 0, ty, a), buf_repeat('arg_in', 1, ty, w * h, 0),
            buf('arg_out', 1, ty, t), scalar(2, 'int', w), scalar(3, 'int', h)],
            kernel=k, global_size=(gx, gy), local_size=(16, 16)))
    write(out_path('tests/kernels/app_transpose.cl'), 'app_transpose', SRC, tests,
          config_extra=['dimensions: 2'], generator='tests/kernels/gen/app_transpose.py')


main()
