#!/usr/bin/python3
"""Generates tests/kernels/app_nbody.cl: one all-pairs N-body step with
softening, positions staged through LDS tiles."""
import math
import numpy as np
from app_common import Rng, F32, buf, local, scalar, test, write, out_path

SRC = r'''
/* All-pairs gravity (G = 1): body i feels sum_j m_j d_ij / (|d_ij|^2 + eps2)^1.5
 * with d_ij = p_j - p_i (the j = i term is zero). Positions are float4
 * (xyz, w = mass); each workgroup stages L positions at a time in LDS.
 * Then v += a*dt and p += v*dt (symplectic Euler). n is a multiple of L.
 *
 * Tolerance: rsqrt may be off by 2 ulp (OpenCL 1.2), dot() and the
 * multiply-adds may or may not be fused, and the accumulation order is the
 * kernel's. The generator bounds the velocity error by
 * dt * (n + 12) * 2^-24 * sum_j |m_j d_ij| / r^3 per component, and the
 * position error by that times dt plus a few roundings, converts the
 * largest bound to ulps of the result (velocities and positions are kept
 * away from zero), and writes that as `tolerance N ulp`. */
kernel void nbody_step(global const float4 *pos, global const float4 *vel,
                       global float4 *pos_out, global float4 *vel_out,
                       int n, float dt, float eps2, local float4 *tile)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float4 p = pos[gid];
    float3 acc = (float3)(0.0f, 0.0f, 0.0f);

    for (int base = 0; base < n; base += lsz) {
        tile[lid] = pos[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < lsz; ++j) {
            float4 q = tile[j];
            float3 d = q.xyz - p.xyz;
            float r2 = dot(d, d) + eps2;
            float inv = rsqrt(r2);
            float inv3 = inv * inv * inv;
            acc += (q.w * inv3) * d;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 v = vel[gid];
    v.xyz += acc * dt;
    p.xyz += v.xyz * dt;
    pos_out[gid] = p;
    vel_out[gid] = v;
}
'''


def away_from_zero(r, n, lo, hi):
    mag = r.floats(n, lo, hi)
    sign = np.where(r.ints(n, 0, 1) == 1, F32(1), F32(-1)).astype(F32)
    return (mag * sign).astype(F32)


def ulp(x):
    return np.spacing(np.abs(x.astype(F32))).astype(np.float64)


def case(seed, n, L, dt, eps2):
    r = Rng(seed)
    P = np.zeros((n, 4), dtype=F32)
    P[:, 0:3] = away_from_zero(r, 3 * n, 2.0, 6.0).reshape(n, 3)
    P[:, 3] = r.floats(n, 0.5, 1.5) / F32(n)          # total mass about 1
    V = np.zeros((n, 4), dtype=F32)
    V[:, 0:3] = away_from_zero(r, 3 * n, 0.5, 1.5).reshape(n, 3)
    p = P.astype(np.float64)
    d = p[None, :, 0:3] - p[:, None, 0:3]                # d[i, j] = p_j - p_i
    r2 = (d * d).sum(axis=2) + eps2
    w = p[None, :, 3] / r2 ** 1.5
    acc = (w[:, :, None] * d).sum(axis=1)
    absacc = (np.abs(w[:, :, None] * d)).sum(axis=1)
    v = V[:, 0:3].astype(np.float64) + acc * dt
    x = p[:, 0:3] + v * dt
    u = 2.0 ** -24
    verr = dt * (n + 12) * u * absacc + 2 * u * np.abs(v)
    xerr = dt * verr + 3 * u * np.abs(x)
    Vo = V.copy()
    Vo[:, 0:3] = v.astype(F32)
    Po = P.copy()
    Po[:, 0:3] = x.astype(F32)
    vt = (verr / ulp(Vo[:, 0:3])).max()
    xt = (xerr / ulp(Po[:, 0:3])).max()
    tol = int(math.ceil(max(vt, xt))) + 1
    dv = np.abs(acc * dt).max()
    return P, V, Po, Vo, tol, dv, (np.abs(acc * dt) / ulp(Vo[:, 0:3])).min()


def main():
    tests = []
    for seed, n, L, dt, eps2 in ((701, 256, 64, 0.0625, 0.01),
                                 (702, 384, 32, 0.03125, 0.05),
                                 (703, 512, 128, 0.125, 0.01)):
        P, V, Po, Vo, tol, dv, minsig = case(seed, n, L, dt, eps2)
        tests.append(test(f'{n} bodies, {n // L} groups of {L}, dt={dt}', [
            buf('arg_in', 0, 'float4', P), buf('arg_in', 1, 'float4', V),
            buf('arg_out', 2, 'float4', Po, tol=f'{tol} ulp'),
            buf('arg_out', 3, 'float4', Vo, tol=f'{tol} ulp'),
            scalar(4, 'int', n), scalar(5, 'float', dt), scalar(6, 'float', eps2),
            local(7, 'float4', L)], global_size=(n,), local_size=(L,),
            comment=f'error bound -> {tol} ulp; largest velocity change a*dt = {dv:.3g}'))
        print(f'  n={n}: tol {tol} ulp, max |a dt| {dv:.3g}, min |a dt|/ulp(v) {minsig:.1f}')
    write(out_path('tests/kernels/app_nbody.cl'), 'app_nbody', SRC, tests,
          config_extra=['kernel_name: nbody_step', 'dimensions: 1'],
          generator='tests/kernels/gen/app_nbody.py')


main()
