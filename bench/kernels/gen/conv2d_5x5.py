#!/usr/bin/python3
"""Generates bench/kernels/conv2d_5x5.cl: 5x5 convolution, unrolled taps."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'tests', 'kernels', 'gen'))
import numpy as np
from app_common import Rng, F32, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* 2D convolution with a 5x5 filter, clamp-to-edge borders. The filter sits in
 * __constant memory; both tap loops are fully unrolled, so each work-item
 * issues 25 independent loads and a chain of 25 multiply-adds. A second
 * kernel stages a (16+4)x(16+4) tile with its halo in LDS first.
 *
 * Tolerance: image and filter are non-negative, so there is no
 * cancellation: with or without fused multiply-adds and in any order, the
 * float32 sum of 25 products is within 25 * 2^-24 * result of the exact
 * value, i.e. under 25 ulp; 32 ulp also covers rounding the float64
 * reference once. */
#define R 2
#define FW (2 * R + 1)

kernel void conv5x5(global const float *img, global float *out,
                    constant float *filt, int w, int h)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    float acc = 0.0f;
#pragma unroll
    for (int dy = -R; dy <= R; ++dy) {
        int yy = clamp(y + dy, 0, h - 1);
#pragma unroll
        for (int dx = -R; dx <= R; ++dx) {
            int xx = clamp(x + dx, 0, w - 1);
            acc += filt[(dy + R) * FW + (dx + R)] * img[yy * w + xx];
        }
    }
    out[y * w + x] = acc;
}

#define T 16
#define TW (T + 2 * R)

kernel void conv5x5_lds(global const float *img, global float *out,
                        constant float *filt, int w, int h)
{
    local float tile[TW][TW];
    int lx = get_local_id(0);
    int ly = get_local_id(1);
    int bx = get_group_id(0) * T - R;
    int by = get_group_id(1) * T - R;
    for (int i = ly * T + lx; i < TW * TW; i += T * T) {
        int ty = i / TW;
        int tx = i - ty * TW;
        int yy = clamp(by + ty, 0, h - 1);
        int xx = clamp(bx + tx, 0, w - 1);
        tile[ty][tx] = img[yy * w + xx];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    float acc = 0.0f;
#pragma unroll
    for (int dy = 0; dy < FW; ++dy) {
#pragma unroll
        for (int dx = 0; dx < FW; ++dx)
            acc += filt[dy * FW + dx] * tile[ly + dy][lx + dx];
    }
    out[y * w + x] = acc;
}
'''


def conv(img, filt):
    h, w = img.shape
    p = np.pad(img.astype(np.float64), 2, mode='edge')
    out = np.zeros((h, w))
    for dy in range(5):
        for dx in range(5):
            out += filt[dy, dx] * p[dy:dy + h, dx:dx + w]
    return out.astype(F32)


def main():
    tests = []
    r = Rng(1001)
    g = np.exp(-((np.arange(5) - 2.0) ** 2) / 2.0)
    gauss = (np.outer(g, g) / np.outer(g, g).sum()).astype(F32)
    sharpish = (r.floats(25, 0.0, 1.0)).reshape(5, 5)
    for name, seed, w, h, filt in (('gaussian', 1002, 64, 64, gauss),
                                   ('random taps', 1003, 96, 48, sharpish),
                                   ('gaussian ragged', 1004, 72, 40, gauss)):
        r = Rng(seed)
        img = r.ints(w * h, 0, 255).astype(F32).reshape(h, w)  # 8-bit pixels
        out = conv(img, filt.astype(np.float64))
        gx, gy = (w + 15) // 16 * 16, (h + 15) // 16 * 16
        for k in ('conv5x5', 'conv5x5_lds'):
            tests.append(test(f'{k} {name} {w}x{h}', [
                buf('arg_in', 0, 'float', img), buf_repeat('arg_in', 1, 'float', w * h, 0),
                buf('arg_out', 1, 'float', out, tol='32 ulp'), buf('arg_in', 2, 'float', filt),
                scalar(3, 'int', w), scalar(4, 'int', h)],
                kernel=k, global_size=(gx, gy), local_size=(16, 16)))
    write(out_path('bench/kernels/conv2d_5x5.cl'), 'bench_conv2d_5x5', SRC, tests,
          config_extra=['dimensions: 2'], generator='bench/kernels/gen/conv2d_5x5.py')


main()
