#!/usr/bin/python3
"""Generates tests/kernels/app_stencil.cl: one explicit step of the 2D heat
equation, 5-point stencil, 2D NDRange, fixed (Dirichlet) borders."""
import numpy as np
from app_common import Rng, F32, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* out = c + alpha * (n + s + w + e - 4c) inside, out = in on the border.
 * The grid may be smaller than the NDRange (work-items past it idle).
 *
 * Exactness: alpha is a power of two and 4c is exact, so whether the
 * compiler fuses the multiply-adds or not, only the three additions and the
 * subtraction round -- in the order the source fixes -- and the host
 * reference replays them in float32. No tolerance is needed. */

kernel void heat5(global const float *in, global float *out, int w, int h,
                  float alpha)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    int i = y * w + x;
    float c = in[i];
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = c;
        return;
    }
    float n = in[i - w];
    float s = in[i + w];
    float wv = in[i - 1];
    float e = in[i + 1];
    out[i] = c + alpha * (n + s + wv + e - 4.0f * c);
}

/* The same step with the workgroup's tile and its one-cell halo staged in
 * LDS first (corners are not needed by a 5-point stencil). Every work-item
 * reaches the barrier; out-of-grid reads are clamped. */
#define TX 16
#define TY 16

kernel void heat5_lds(global const float *in, global float *out, int w, int h,
                      float alpha)
{
    local float tile[TY + 2][TX + 2];
    int lx = get_local_id(0);
    int ly = get_local_id(1);
    int x = get_global_id(0);
    int y = get_global_id(1);
    int cx = min(x, w - 1);
    int cy = min(y, h - 1);

    tile[ly + 1][lx + 1] = in[cy * w + cx];
    if (lx == 0)
        tile[ly + 1][0] = in[cy * w + max(cx - 1, 0)];
    if (lx == TX - 1)
        tile[ly + 1][TX + 1] = in[cy * w + min(cx + 1, w - 1)];
    if (ly == 0)
        tile[0][lx + 1] = in[max(cy - 1, 0) * w + cx];
    if (ly == TY - 1)
        tile[TY + 1][lx + 1] = in[min(cy + 1, h - 1) * w + cx];
    barrier(CLK_LOCAL_MEM_FENCE);

    if (x >= w || y >= h)
        return;
    float c = tile[ly + 1][lx + 1];
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[y * w + x] = c;
        return;
    }
    float n = tile[ly][lx + 1];
    float s = tile[ly + 2][lx + 1];
    float wv = tile[ly + 1][lx];
    float e = tile[ly + 1][lx + 2];
    out[y * w + x] = c + alpha * (n + s + wv + e - 4.0f * c);
}
'''


def step(g, alpha):
    h, w = g.shape
    out = g.copy()
    a = F32(alpha)
    c = g[1:-1, 1:-1]
    t = (g[:-2, 1:-1] + g[2:, 1:-1]).astype(F32)
    t = (t + g[1:-1, :-2]).astype(F32)
    t = (t + g[1:-1, 2:]).astype(F32)
    t = (t - (F32(4.0) * c).astype(F32)).astype(F32)
    out[1:-1, 1:-1] = (c + (a * t).astype(F32)).astype(F32)
    return out


def main():
    tests = []
    cases = [(501, 64, 64, 0.125, (16, 16)),
             (502, 96, 40, 0.25, (16, 16)),
             (503, 48, 24, 0.0625, (16, 8))]
    for seed, w, h, alpha, ls in cases:
        r = Rng(seed)
        g = r.floats(w * h, 0.0, 1.0).reshape(h, w)
        # a hot square so the step visibly diffuses
        g[h // 3:h // 3 + 6, w // 4:w // 4 + 6] = F32(100.0)
        out = step(g, alpha)
        gx = (w + ls[0] - 1) // ls[0] * ls[0]
        gy = (h + ls[1] - 1) // ls[1] * ls[1]
        for k in ('heat5', 'heat5_lds'):
            if k == 'heat5_lds' and ls != (16, 16):
                continue
            tests.append(test(f'{k} {w}x{h} alpha={alpha}, local {ls[0]}x{ls[1]}', [
                buf('arg_in', 0, 'float', g), buf_repeat('arg_in', 1, 'float', w * h, -1),
                buf('arg_out', 1, 'float', out), scalar(2, 'int', w), scalar(3, 'int', h),
                scalar(4, 'float', alpha)], kernel=k, global_size=(gx, gy), local_size=ls))
    write(out_path('tests/kernels/app_stencil.cl'), 'app_stencil', SRC, tests,
          config_extra=['dimensions: 2'], generator='tests/kernels/gen/app_stencil.py')


main()
