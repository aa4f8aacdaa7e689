#!/usr/bin/python3
"""Generates tests/kernels/app_mandelbrot.cl: escape-time iteration counts
per pixel over a 2D NDRange."""
import numpy as np
from app_common import F32, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* Escape-time Mandelbrot: pixel (px, py) is c = (x0 + px*step, y0 + py*step);
 * counts[py*width + px] = number of iterations z <- z^2 + c done before
 * |z|^2 > 4, at most max_iter.
 *
 * Why exact counts can be compared: step is a power of two, so px*step is
 * exact; each product is its own statement, so FP_CONTRACT (which only
 * fuses within one expression) cannot turn any of them into an fma, and the
 * sequence of IEEE float operations is fixed -- the host replays it in
 * float32. On top of that, the generator only uses regions where the count
 * of every pixel is the same when the iteration is done in float32, in
 * float32 with x*x-y*y and 2xy+c fused, and in float64, so a compiler that
 * contracts anyway still matches. */
kernel void mandelbrot(global int *counts, float x0, float y0, float step,
                       int width, int height, int max_iter)
{
    int px = get_global_id(0);
    int py = get_global_id(1);
    if (px >= width || py >= height)
        return;
    float ox = (float)px * step;
    float oy = (float)py * step;
    float cx = x0 + ox;
    float cy = y0 + oy;
    float zx = 0.0f;
    float zy = 0.0f;
    int it = 0;
    while (it < max_iter) {
        float x2 = zx * zx;
        float y2 = zy * zy;
        if (x2 + y2 > 4.0f)
            break;
        float xy = zx * zy;
        float nx = x2 - y2;
        zx = nx + cx;
        zy = xy + xy;
        zy = zy + cy;
        ++it;
    }
    counts[py * width + px] = it;
}
'''


def counts(x0, y0, step, w, h, max_iter, mode):
    px, py = np.meshgrid(np.arange(w), np.arange(h))
    if mode == 'f64':
        T = np.float64
    else:
        T = F32
    cx = (T(x0) + (px.astype(T) * T(step)).astype(T)).astype(T)
    cy = (T(y0) + (py.astype(T) * T(step)).astype(T)).astype(T)
    zx = np.zeros_like(cx)
    zy = np.zeros_like(cy)
    it = np.zeros(cx.shape, dtype=np.int64)
    alive = np.ones(cx.shape, dtype=bool)
    for _ in range(max_iter):
        if mode == 'fma':
            d = zx.astype(np.float64)
            e = zy.astype(np.float64)
            y2 = (zy * zy).astype(F32)
            mag = (d * d + y2.astype(np.float64)).astype(F32)
            nx = (d * d - y2.astype(np.float64)).astype(F32)
            xy = (zx * zy).astype(F32)
            nzx = (nx + cx).astype(F32)
            nzy = ((2.0 * d) * e + cy.astype(np.float64)).astype(F32)
        else:
            x2 = (zx * zx).astype(T)
            y2 = (zy * zy).astype(T)
            mag = (x2 + y2).astype(T)
            xy = (zx * zy).astype(T)
            nzx = ((x2 - y2).astype(T) + cx).astype(T)
            nzy = ((xy + xy).astype(T) + cy).astype(T)
        alive &= ~(mag > 4.0)
        it += alive
        zx = np.where(alive, nzx, zx)
        zy = np.where(alive, nzy, zy)
        if not alive.any():
            break
    return it


def robust_region(x0, y0, step, w, h, max_iter):
    """Shift the region down by quarter steps until all three models agree
    on every pixel (chaotic orbits near the set's boundary are the ones a
    rounding difference can change; the search steps around them)."""
    for shift in range(64):
        ys = y0 + shift * step / 4
        a = counts(x0, ys, step, w, h, max_iter, 'f32')
        b = counts(x0, ys, step, w, h, max_iter, 'fma')
        c = counts(x0, ys, step, w, h, max_iter, 'f64')
        if np.array_equal(a, b) and np.array_equal(a, c):
            return ys, a, shift
    raise SystemExit('no robust region found')


def main():
    tests = []
    cases = [('whole set', -2.0, -1.0, 1 / 32, 80, 64, 64, (16, 16)),
             ('seahorse valley', -0.8125, 0.046875, 1 / 512, 64, 48, 96, (16, 8)),
             ('east spike', -0.25, -0.5, 1 / 128, 128, 32, 64, (32, 4)),
             ('ragged 50x30', -1.5, -0.5, 1 / 64, 50, 30, 64, (16, 16))]
    for name, x0, y0, step, w, h, mi, ls in cases:
        ys, cnt, shift = robust_region(x0, y0, step, w, h, mi)
        gx = (w + ls[0] - 1) // ls[0] * ls[0]
        gy = (h + ls[1] - 1) // ls[1] * ls[1]
        tests.append(test(f'{name}: {w}x{h} from ({x0}, {ys}) step {step}, max_iter {mi}', [
            buf_repeat('arg_in', 0, 'int', w * h, -1), buf('arg_out', 0, 'int', cnt),
            scalar(1, 'float', x0), scalar(2, 'float', ys), scalar(3, 'float', step),
            scalar(4, 'int', w), scalar(5, 'int', h), scalar(6, 'int', mi)],
            global_size=(gx, gy), local_size=ls))
        print(f'  {name}: shift {shift}, {int(cnt.sum())} iterations, '
              f'{int((cnt == mi).sum())} of {w * h} pixels inside')
    write(out_path('tests/kernels/app_mandelbrot.cl'), 'app_mandelbrot', SRC, tests,
          config_extra=['kernel_name: mandelbrot', 'dimensions: 2'],
          generator='tests/kernels/gen/app_mandelbrot.py')


main()
