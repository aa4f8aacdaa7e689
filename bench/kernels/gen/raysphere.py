#!/usr/bin/python3
"""Generates bench/kernels/raysphere.cl: primary rays against a list of
spheres; nearest hit index, distance and Lambert shade per pixel."""
import math
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'tests', 'kernels', 'gen'))
import numpy as np
from app_common import Rng, F32, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* One primary ray per pixel from a pinhole camera at the origin looking down
 * -z (image plane z = -1, pixel pitch `pix`), tested against ns spheres
 * (float4: centre xyz, radius w). Per pixel: index of the nearest sphere hit
 * (-1 for none), its distance t (0 for none), and the shade
 * 0.1 + 0.9 * max(dot(normal, light), 0) (0 for none).
 *
 * Exactness of the hit index: the generator only emits scenes where, for
 * every pixel and sphere, the discriminant is at least 2e-5 of b^2 + |c|
 * away from zero and the two nearest hits are at least 1e-4 apart
 * (relative), far beyond float32 rounding, so hit/miss and the winner can't
 * change. t and shade carry absolute tolerances bounded by the generator
 * from per-operation errors (normalize and sqrt a few ulp each); they are
 * largest for near-grazing rays, where sqrt(disc) amplifies the error of
 * disc. */
kernel void trace(global int *hit, global float *dist, global float *shade,
                  global const float4 *spheres, int ns, int width, int height,
                  float pix, float4 light)
{
    int px = get_global_id(0);
    int py = get_global_id(1);
    if (px >= width || py >= height)
        return;
    float3 dir = normalize((float3)(((float)px + 0.5f - 0.5f * (float)width) * pix,
                                    ((float)py + 0.5f - 0.5f * (float)height) * pix,
                                    -1.0f));
    float tmin = INFINITY;
    int best = -1;
    for (int i = 0; i < ns; ++i) {
        float4 s = spheres[i];
        float3 oc = -s.xyz;                       /* origin - centre */
        float b = dot(oc, dir);
        float c = dot(oc, oc) - s.w * s.w;
        float disc = b * b - c;
        if (disc > 0.0f) {
            float t = -b - sqrt(disc);
            if (t > 1e-3f && t < tmin) {
                tmin = t;
                best = i;
            }
        }
    }
    int o = py * width + px;
    hit[o] = best;
    if (best < 0) {
        dist[o] = 0.0f;
        shade[o] = 0.0f;
        return;
    }
    float4 s = spheres[best];
    float3 p = tmin * dir;
    float3 nrm = (p - s.xyz) / s.w;
    dist[o] = tmin;
    shade[o] = 0.1f + 0.9f * fmax(dot(nrm, light.xyz), 0.0f);
}
'''


def scene(seed, ns):
    r = Rng(seed)
    sp = np.zeros((ns, 4), dtype=F32)
    sp[:, 0] = r.floats(ns, -3.0, 3.0)
    sp[:, 1] = r.floats(ns, -2.0, 2.0)
    sp[:, 2] = r.floats(ns, -12.0, -5.0)
    sp[:, 3] = r.floats(ns, 0.5, 1.75)
    return sp


def render(sp, W, H, pix, light):
    """float64 reference plus robustness margins and error bounds."""
    u = 2.0 ** -24
    px, py = np.meshgrid(np.arange(W), np.arange(H))
    d = np.stack([(px + 0.5 - 0.5 * W) * pix, (py + 0.5 - 0.5 * H) * pix, -np.ones_like(px, dtype=float)], -1)
    d /= np.linalg.norm(d, axis=-1, keepdims=True)
    c = sp[:, 0:3].astype(np.float64)
    rad = sp[:, 3].astype(np.float64)
    oc = -c                                               # (ns, 3)
    b = d @ oc.T                                          # (H, W, ns)
    cc = (oc * oc).sum(1) - rad * rad
    disc = b * b - cc
    scale = b * b + np.abs(cc)
    if (np.abs(disc) < 2e-5 * scale).any():
        return None
    t = np.where(disc > 0, -b - np.sqrt(np.maximum(disc, 0)), np.inf)
    t = np.where(t > 1e-3, t, np.inf)
    order = np.sort(t, axis=-1)
    both = np.isfinite(order[..., 1])
    if ((order[..., 1] - order[..., 0] < 1e-4 * order[..., 0]) & both).any():
        return None
    best = np.where(np.isfinite(order[..., 0]), np.argmin(t, axis=-1), -1)
    tmin = np.where(best >= 0, order[..., 0], 0.0)
    bi = np.maximum(best, 0)
    p = tmin[..., None] * d
    nrm = (p - c[bi]) / rad[bi][..., None]
    sh = np.where(best >= 0, 0.1 + 0.9 * np.maximum((nrm * light[0:3]).sum(-1), 0), 0.0)
    # error bounds for t and shade (generous constants: normalize 8u per
    # component, dot 4u, sqrt 6u, each rounding 2u)
    bsel = np.take_along_axis(b, bi[..., None], -1)[..., 0]
    csel = cc[bi]
    dsel = np.take_along_axis(disc, bi[..., None], -1)[..., 0]
    lenoc = np.linalg.norm(oc[bi], axis=-1)
    eb = lenoc * 16 * u
    edisc = 2 * np.abs(bsel) * eb + (bsel ** 2 + np.abs(csel) + lenoc ** 2) * 8 * u
    et = eb + edisc / (2 * np.sqrt(np.maximum(dsel, 1e-30))) + (np.abs(bsel) + np.sqrt(np.maximum(dsel, 0))) * 8 * u
    ep = et + tmin * 16 * u
    esh = 0.9 * ((ep + (tmin + lenoc) * 4 * u) / rad[bi] * 2 + 8 * u) + 4 * u
    et = np.where(best >= 0, et, 0).max()
    esh = np.where(best >= 0, esh, 0).max()
    return best, tmin, sh, et, esh


def nice_up(x):
    e = math.floor(math.log10(x))
    return f'{math.ceil(x / 10 ** (e - 1)) * 10 ** (e - 1):.2g}'


def main():
    tests = []
    L = np.array([0.48, 0.6, 0.64, 0.0])
    L[:3] /= np.linalg.norm(L[:3])
    light = L.astype(F32)
    for seed, ns, W, H, ls in ((1401, 8, 64, 48, (16, 16)), (1411, 16, 80, 40, (16, 8)),
                               (1421, 5, 48, 48, (8, 8))):
        pix = 1.0 / 32
        for attempt in range(100):
            sp = scene(seed + attempt, ns)
            with np.errstate(invalid='ignore'):
                res = render(sp, W, H, pix, light.astype(np.float64))
            if res is not None:
                break
        best, tmin, sh, et, esh = res
        print(f'  scene {seed}+{attempt}: {int((best >= 0).sum())}/{W * H} pixels hit, '
              f't tol {et:.2g}, shade tol {esh:.2g}')
        gx, gy = (W + ls[0] - 1) // ls[0] * ls[0], (H + ls[1] - 1) // ls[1] * ls[1]
        tests.append(test(f'{ns} spheres, {W}x{H} image, local {ls[0]}x{ls[1]}', [
            buf_repeat('arg_in', 0, 'int', W * H, -7), buf('arg_out', 0, 'int', best),
            buf_repeat('arg_in', 1, 'float', W * H, -7),
            buf('arg_out', 1, 'float', tmin.astype(F32), tol=nice_up(et)),
            buf_repeat('arg_in', 2, 'float', W * H, -7),
            buf('arg_out', 2, 'float', sh.astype(F32), tol=nice_up(esh)),
            buf('arg_in', 3, 'float4', sp), scalar(4, 'int', ns), scalar(5, 'int', W),
            scalar(6, 'int', H), scalar(7, 'float', pix), scalar(8, 'float4', *light)],
            global_size=(gx, gy), local_size=ls))
    write(out_path('bench/kernels/raysphere.cl'), 'bench_raysphere', SRC, tests,
          config_extra=['kernel_name: trace', 'dimensions: 2'],
          generator='bench/kernels/gen/raysphere.py')


main()
