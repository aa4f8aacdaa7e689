#!/usr/bin/python3
"""Generates bench/kernels/fft_radix4.cl: one radix-4 Stockham FFT stage per
launch (the host calls it with Ns = 1, 4, 16, ... N/4)."""
import math
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'tests', 'kernels', 'gen'))
import numpy as np
from app_common import Rng, F32, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* Radix-4 Stockham autosort FFT stage (forward, e^{-2 pi i k n / N}).
 * N = 4^s complex points (float2 = re, im); work-item j < N/4 reads
 * in[j + r*N/4] for r = 0..3, multiplies by the twiddles w^(r*k) with
 * k = j mod Ns, does a 4-point DFT and writes out[(j/Ns)*4Ns + k + r*Ns].
 * After the stage with Ns = N/4, out holds the DFT in natural order.
 *
 * Tolerance (absolute, per stage): sincos is allowed 4 ulp, the angle
 * itself is rounded once or twice, and the butterfly rounds three times;
 * the generator bounds the error of each output by 200 * 2^-24 * M, with M
 * the largest input component of that stage, and writes that bound. */

inline float2 cmul(float2 a, float2 b)
{
    return (float2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

kernel void fft_radix4_stage(global const float2 *in, global float2 *out,
                             int N, int Ns)
{
    int j = get_global_id(0);
    int q = N / 4;
    if (j >= q)
        return;
    int k = j % Ns;
    float angle = -2.0f * M_PI_F * (float)k / (float)(4 * Ns);

    float2 v0 = in[j];
    float2 v1 = in[j + q];
    float2 v2 = in[j + 2 * q];
    float2 v3 = in[j + 3 * q];
    float c, s;
    s = sincos(angle, &c);
    v1 = cmul(v1, (float2)(c, s));
    s = sincos(2.0f * angle, &c);
    v2 = cmul(v2, (float2)(c, s));
    s = sincos(3.0f * angle, &c);
    v3 = cmul(v3, (float2)(c, s));

    float2 a0 = v0 + v2;
    float2 a1 = v0 - v2;
    float2 a2 = v1 + v3;
    float2 d = v1 - v3;
    float2 a3 = (float2)(d.y, -d.x);          /* -i * (v1 - v3) */

    int o = (j / Ns) * 4 * Ns + k;
    out[o] = a0 + a2;
    out[o + Ns] = a1 + a3;
    out[o + 2 * Ns] = a0 - a2;
    out[o + 3 * Ns] = a1 - a3;
}
'''


def stage(x, N, Ns):
    """Exact (float64) Stockham radix-4 stage on complex input."""
    q = N // 4
    j = np.arange(q)
    k = j % Ns
    ang = -2.0 * math.pi * k / (4 * Ns)
    v = [x[j + r * q] * np.exp(1j * r * ang) for r in range(4)]
    a0, a1, a2, a3 = v[0] + v[2], v[0] - v[2], v[1] + v[3], -1j * (v[1] - v[3])
    out = np.zeros(N, dtype=complex)
    o = (j // Ns) * 4 * Ns + k
    out[o] = a0 + a2
    out[o + Ns] = a1 + a3
    out[o + 2 * Ns] = a0 - a2
    out[o + 3 * Ns] = a1 - a3
    return out


def to_f32(z):
    a = np.zeros((len(z), 2), dtype=F32)
    a[:, 0] = z.real
    a[:, 1] = z.imag
    return a


def from_f32(a):
    return a[:, 0].astype(np.float64) + 1j * a[:, 1].astype(np.float64)


def nice_up(x):
    e = math.floor(math.log10(x))
    return math.ceil(x / 10 ** (e - 1)) * 10 ** (e - 1)


def main():
    tests = []
    for seed, N, L, keep in ((1101, 256, 16, None), (1102, 1024, 64, {1, 16, 256})):
        r = Rng(seed)
        x = r.floats(2 * N, -1.0, 1.0).reshape(N, 2)
        cur = x
        Ns = 1
        while Ns < N:
            exp = to_f32(stage(from_f32(cur), N, Ns))
            M = float(np.abs(cur).max())
            tol = nice_up(200 * 2.0 ** -24 * M)
            if keep is None or Ns in keep:
                tests.append(test(f'N={N} stage Ns={Ns}', [
                    buf('arg_in', 0, 'float2', cur),
                    buf_repeat('arg_in', 1, 'float2', N, 0, 0),
                    buf('arg_out', 1, 'float2', exp, tol=f'{tol:.2g}'),
                    scalar(2, 'int', N), scalar(3, 'int', Ns)],
                    global_size=(N // 4,), local_size=(L,),
                    comment='input = expected output of the previous stage' if Ns > 1 else None))
            cur = exp
            Ns *= 4
        ref = np.fft.fft(from_f32(x))
        err = np.abs(from_f32(cur) - ref).max()
        assert err < 1e-4 * math.sqrt(N), err
    write(out_path('bench/kernels/fft_radix4.cl'), 'bench_fft_radix4', SRC, tests,
          config_extra=['kernel_name: fft_radix4_stage', 'dimensions: 1'],
          generator='bench/kernels/gen/fft_radix4.py')


main()
