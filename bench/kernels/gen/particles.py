#!/usr/bin/python3
"""Generates bench/kernels/particles.cl: a particle system step with many
live values (8 unrolled attractors, drag, wind, ground bounce, respawn,
colour ramp)."""
import math
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'tests', 'kernels', 'gen'))
import numpy as np
from app_common import Rng, F32, M32, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* One step of a particle system, in place. pos = (xyz, age), vel = (xyz,
 * drag coefficient), color = (rgb, alpha). Forces: gravity, wind, linear
 * drag and NATTR softened point attractors (attr = xyz, strength), all
 * unrolled. Particles that cross y = 0 bounce with damping; particles older
 * than `lifetime` respawn above the emitter at a hash-jittered position.
 * The colour fades from hot to cold with age and brightens with speed.
 *
 * Tolerances: the branch conditions are exact or robust -- `age + dt` is one
 * IEEE addition that the host replays in float32, and the generator moves
 * any particle whose new height is within 1e-3 of the ground up until none
 * is (the position error bound is below 1e-5). Positions, velocities and
 * colours get absolute tolerances from a per-operation error bound
 * (1/(r2*sqrt(r2)) within 16 ulp-units, every other operation within a few),
 * computed per particle by the generator; respawned particles are exact. */
#define NATTR 8

inline uint hash(uint x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

kernel void particles_update(global float4 *pos, global float4 *vel,
                             global float4 *color, global const float4 *attr,
                             float4 wind, float dt, float lifetime, uint frame, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float4 p = pos[i];
    float4 v = vel[i];
    float age = p.w;
    float drag = v.w;

    float3 acc = (float3)(0.0f, -9.81f, 0.0f) + wind.xyz - drag * v.xyz;
#pragma unroll
    for (int k = 0; k < NATTR; ++k) {
        float4 at = attr[k];
        float3 d = at.xyz - p.xyz;
        float r2 = dot(d, d) + 0.25f;
        float inv = 1.0f / (r2 * sqrt(r2));
        acc += (at.w * inv) * d;
    }
    float3 nv = v.xyz + acc * dt;
    float3 np = p.xyz + nv * dt;
    if (np.y < 0.0f) {
        np.y = -0.5f * np.y;
        nv.y = -0.6f * nv.y;
        nv.x *= 0.9f;
        nv.z *= 0.9f;
    }
    age += dt;
    if (age > lifetime) {
        uint h = hash((uint)i * 0x9e3779b9u ^ frame);
        float jx = (float)(h & 1023u) * (1.0f / 1024.0f) - 0.5f;
        float jy = (float)((h >> 10) & 1023u) * (1.0f / 1024.0f);
        float jz = (float)((h >> 20) & 1023u) * (1.0f / 1024.0f) - 0.5f;
        np = (float3)(jx, 0.5f + jy, jz);
        nv = (float3)(4.0f * jx, 10.0f + 4.0f * jy, 4.0f * jz);
        age = 0.0f;
    }
    float f = age / lifetime;
    float speed = length(nv);
    float glow = clamp(speed * 0.05f, 0.0f, 1.0f);
    float3 hot = (float3)(1.0f, 0.9f, 0.3f);
    float3 cold = (float3)(0.6f, 0.1f, 0.05f);
    float3 rgb = mix(hot, cold, f) * (0.5f + 0.5f * glow);
    pos[i] = (float4)(np, age);
    vel[i] = (float4)(nv, drag);
    color[i] = (float4)(rgb, 1.0f - f);
}
'''

U = 2.0 ** -24


def hash32(x):
    x &= M32
    x ^= x >> 16
    x = (x * 0x7feb352d) & M32
    x ^= x >> 15
    x = (x * 0x846ca68b) & M32
    x ^= x >> 16
    return x


def step(P, V, A, wind, dt, lifetime, frame):
    """float64 reference (float32 where the kernel is exact) + error bounds."""
    n = len(P)
    p = P[:, 0:3].astype(np.float64)
    v = V[:, 0:3].astype(np.float64)
    drag = V[:, 3].astype(np.float64)
    acc = np.array([0.0, -9.81, 0.0]) + wind[0:3].astype(np.float64) - drag[:, None] * v
    absacc = np.abs(np.array([0.0, 9.81, 0.0])) + np.abs(wind[0:3]) + np.abs(drag[:, None] * v)
    for k in range(len(A)):
        d = A[k, 0:3].astype(np.float64) - p
        r2 = (d * d).sum(1) + 0.25
        t = (A[k, 3] / (r2 * np.sqrt(r2)))[:, None] * d
        acc += t
        absacc += np.abs(t)
    ea = 32 * U * absacc
    nv = v + acc * dt
    ev = dt * ea + 2 * U * (np.abs(v) + np.abs(acc * dt))
    npos = p + nv * dt
    ep = dt * ev + 2 * U * (np.abs(p) + np.abs(nv * dt))
    under = npos[:, 1] < 0
    npos[under, 1] *= -0.5
    nv[under, 1] *= -0.6
    nv[under, 0] *= 0.9
    nv[under, 2] *= 0.9
    ev[under] += 2 * U * np.abs(nv[under])
    ep[under] += 2 * U * np.abs(npos[under])
    age = (P[:, 3] + F32(dt)).astype(F32)                      # exact float32
    old = age > F32(lifetime)
    margin = np.abs(npos[:, 1])
    for i in np.nonzero(old)[0]:
        h = hash32((int(i) * 0x9e3779b9) ^ frame)
        jx = (h & 1023) / 1024.0 - 0.5
        jy = ((h >> 10) & 1023) / 1024.0
        jz = ((h >> 20) & 1023) / 1024.0 - 0.5
        npos[i] = (jx, 0.5 + jy, jz)
        nv[i] = (4 * jx, 10 + 4 * jy, 4 * jz)
        ev[i] = 0
        ep[i] = 0
        age[i] = 0
        margin[i] = 1.0
    f = age.astype(np.float64) / lifetime
    speed = np.linalg.norm(nv, axis=1)
    glow = np.clip(speed * 0.05, 0, 1)
    hot = np.array([1.0, 0.9, 0.3])
    cold = np.array([0.6, 0.1, 0.05])
    rgb = (hot + (cold - hot) * f[:, None]) * (0.5 + 0.5 * glow)[:, None]
    ec = 16 * U + 0.05 * 0.5 * (np.linalg.norm(ev, axis=1) + 8 * U * speed)
    Po = np.concatenate([npos, age[:, None].astype(np.float64)], 1).astype(F32)
    Vo = np.concatenate([nv, drag[:, None]], 1).astype(F32)
    Co = np.concatenate([rgb, (1 - f)[:, None]], 1).astype(F32)
    tol = (ep.max() + U * np.abs(npos).max(), ev.max() + U * np.abs(nv).max(), ec.max())
    return Po, Vo, Co, tol, margin, old


def nice_up(x):
    e = math.floor(math.log10(x))
    return f'{math.ceil(x / 10 ** (e - 1)) * 10 ** (e - 1):.2g}'


def main():
    tests = []
    for seed, n, L, dt, life, frame in ((1701, 1024, 128, 1 / 60, 4.0, 17),
                                        (1702, 500, 64, 1 / 30, 2.5, 123456),
                                        (1703, 512, 256, 0.05, 3.0, 0xdeadbeef)):
        r = Rng(seed)
        P = np.zeros((n, 4), dtype=F32)
        P[:, 0] = r.floats(n, -8.0, 8.0, bits=12)
        P[:, 1] = r.floats(n, 0.0, 12.0, bits=12)
        P[:, 2] = r.floats(n, -8.0, 8.0, bits=12)
        P[:, 3] = r.floats(n, 0.0, life, bits=12)
        V = np.zeros((n, 4), dtype=F32)
        V[:, 0:3] = r.floats(3 * n, -6.0, 6.0, bits=12).reshape(n, 3)
        V[:, 3] = r.floats(n, 0.0, 0.5, bits=12)
        A = np.zeros((8, 4), dtype=F32)
        A[:, 0:3] = r.floats(24, -6.0, 6.0, bits=12).reshape(8, 3)
        A[:, 1] = np.abs(A[:, 1]) + F32(1)
        A[:, 3] = r.floats(8, -20.0, 40.0, bits=12)
        wind = np.array([1.5, 0.0, -0.75, 0.0], dtype=F32)
        for _ in range(100):
            Po, Vo, Co, tol, margin, old = step(P, V, A, wind, dt, life, frame)
            bad = margin < 1e-3
            if not bad.any():
                break
            P[bad, 1] = (P[bad, 1] + F32(0.01)).astype(F32)
        assert not bad.any()
        assert tol[0] < 1e-5
        print(f'  n={n}: {int(old.sum())} respawn, tolerances {[f"{t:.2g}" for t in tol]}')
        G = (n + L - 1) // L
        tests.append(test(f'{n} particles, dt={dt:.4g}, {G} groups of {L}', [
            buf('arg_in', 0, 'float4', P), buf('arg_out', 0, 'float4', Po, tol=nice_up(tol[0])),
            buf('arg_in', 1, 'float4', V), buf('arg_out', 1, 'float4', Vo, tol=nice_up(tol[1])),
            buf_repeat('arg_in', 2, 'float4', n, 0, 0, 0, 0),
            buf('arg_out', 2, 'float4', Co, tol=nice_up(tol[2])),
            buf('arg_in', 3, 'float4', A), scalar(4, 'float4', *wind), scalar(5, 'float', dt),
            scalar(6, 'float', life), scalar(7, 'uint', frame), scalar(8, 'int', n)],
            global_size=(G * L,), local_size=(L,)))
    write(out_path('bench/kernels/particles.cl'), 'bench_particles', SRC, tests,
          config_extra=['kernel_name: particles_update', 'dimensions: 1'],
          generator='bench/kernels/gen/particles.py')


main()
