#!/usr/bin/python3
"""Generates bench/kernels/blackscholes.cl: European option pricing with
exp, log, sqrt and the Abramowitz-Stegun polynomial for the normal CDF."""
import math
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'tests', 'kernels', 'gen'))
import numpy as np
from app_common import Rng, F32, buf, buf_repeat, scalar, test, write, out_path

A = [0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429]
RSQRT2PI = 0.39894228040143267794

SRC = r'''
/* Black-Scholes call and put prices for n options (spot S, strike X,
 * expiry T in years; riskless rate R and volatility V shared).
 * CND is the cumulative normal distribution by the 5-term polynomial of
 * Abramowitz and Stegun 26.2.17 (|error| < 7.5e-8).
 *
 * Tolerance (absolute): the host reference evaluates the same formulas in
 * float64. OpenCL 1.2 allows log and exp 3 ulp, sqrt 3 ulp, divide 2.5 ulp;
 * the generator propagates those errors through d1, d2, CND (slope at most
 * 1/sqrt(2 pi)) and the final products, per option, takes the largest
 * bound (S, X <= 100: about 1e-3 at worst, for short expiries where
 * V*sqrt(T) is smallest) and checks that a float32 evaluation on the host
 * lands well inside it. */
#define A1 0.31938153f
#define A2 -0.356563782f
#define A3 1.781477937f
#define A4 -1.821255978f
#define A5 1.330274429f
#define RSQRT2PI 0.39894228040143267794f

inline float cnd(float d)
{
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float poly = k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5))));
    float c = RSQRT2PI * exp(-0.5f * d * d) * poly;
    if (d > 0.0f)
        c = 1.0f - c;
    return c;
}

kernel void black_scholes(global float *call, global float *put,
                          global const float *S, global const float *X,
                          global const float *T, float R, float V, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float s = S[i], x = X[i], t = T[i];
    float sqrtT = sqrt(t);
    float d1 = (log(s / x) + (R + 0.5f * V * V) * t) / (V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float n1 = cnd(d1);
    float n2 = cnd(d2);
    float ert = exp(-R * t);
    call[i] = s * n1 - x * ert * n2;
    put[i] = x * ert * (1.0f - n2) - s * (1.0f - n1);
}
'''


def price(S, X, T, R, V, dt):
    """The kernel's formulas in dtype dt (float64: reference; float32:
    a perturbation check)."""
    S, X, T = S.astype(dt), X.astype(dt), T.astype(dt)
    R, V = dt(R), dt(V)

    def cnd(d):
        k = dt(1) / (dt(1) + dt(0.2316419) * np.abs(d))
        poly = k * (dt(A[0]) + k * (dt(A[1]) + k * (dt(A[2]) + k * (dt(A[3]) + k * dt(A[4])))))
        c = dt(RSQRT2PI) * np.exp(dt(-0.5) * d * d) * poly
        return np.where(d > 0, dt(1) - c, c), d
    sq = np.sqrt(T)
    d1 = (np.log(S / X) + (R + dt(0.5) * V * V) * T) / (V * sq)
    d2 = d1 - V * sq
    n1, _ = cnd(d1)
    n2, _ = cnd(d2)
    ert = np.exp(-R * T)
    call = S * n1 - X * ert * n2
    put = X * ert * (dt(1) - n2) - S * (dt(1) - n1)
    return call, put, d1, d2, n1, n2, ert, sq


def bound(S, X, T, R, V):
    u = 2.0 ** -24
    S, X, T = (a.astype(np.float64) for a in (S, X, T))
    call, put, d1, d2, n1, n2, ert, sq = price(S, X, T, R, V, np.float64)
    L = np.log(S / X)
    drift = (R + 0.5 * V * V) * T
    den = V * sq
    dnum = 5 * u + 6 * u * np.abs(L) + 8 * u * np.abs(drift) + 2 * u * (np.abs(L) + np.abs(drift))
    dd1 = dnum / den + np.abs(d1) * 14 * u
    dd2 = dd1 + den * 8 * u + np.abs(d2) * 2 * u
    phi = lambda d: RSQRT2PI * np.exp(-0.5 * d * d)
    dn1 = phi(d1) * dd1 + 64 * u
    dn2 = phi(d2) * dd2 + 64 * u
    dert = 8 * u * ert
    e = S * (dn1 + 2 * u) + X * (ert * (dn2 + 4 * u) + dert) + 2 * u * (S + X * ert)
    return e.max()


def nice_up(x):
    e = math.floor(math.log10(x))
    return f'{math.ceil(x / 10 ** (e - 1)) * 10 ** (e - 1):.2g}'


def main():
    tests = []
    for seed, n, L, R, V in ((1301, 4096, 128, 0.02, 0.30), (1302, 1000, 64, 0.05, 0.45)):
        r = Rng(seed)
        S = r.floats(n, 5.0, 30.0)
        X = r.floats(n, 1.0, 100.0)
        T = r.floats(n, 0.25, 10.0)
        call, put = (a.astype(F32) for a in price(S, X, T, R, V, np.float64)[:2])
        c32, p32 = price(S, X, T, R, V, F32)[:2]
        b = bound(S, X, T, R, V)
        seen = max(np.abs(c32.astype(np.float64) - call).max(), np.abs(p32.astype(np.float64) - put).max())
        assert seen < b / 4, (seen, b)
        tol = nice_up(b)
        print(f'  n={n}: bound {b:.3g} -> tolerance {tol}; float32 host evaluation off by {seen:.3g}')
        G = (n + L - 1) // L
        tests.append(test(f'{n} options, R={R} V={V}, {G} groups of {L}', [
            buf_repeat('arg_in', 0, 'float', n, 0), buf('arg_out', 0, 'float', call, tol=tol),
            buf_repeat('arg_in', 1, 'float', n, 0), buf('arg_out', 1, 'float', put, tol=tol),
            buf('arg_in', 2, 'float', S), buf('arg_in', 3, 'float', X), buf('arg_in', 4, 'float', T),
            scalar(5, 'float', R), scalar(6, 'float', V), scalar(7, 'int', n)],
            global_size=(G * L,), local_size=(L,),
            comment=f'propagated error bound {b:.3g}; a float32 evaluation on the host is off by {seen:.2g}'))
    write(out_path('bench/kernels/blackscholes.cl'), 'bench_blackscholes', SRC, tests,
          config_extra=['kernel_name: black_scholes', 'dimensions: 1'],
          generator='bench/kernels/gen/blackscholes.py')


main()
