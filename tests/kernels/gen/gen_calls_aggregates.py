#!/usr/bin/python3
"""Aggregate arguments and results of functions that are not inlined, as
clang passes them for amdgcn (src/isel/isel_aggregate.c, isel_calls.c):
f_call_aggregates.cl. Small structs travel as their members ([2 x i32],
[3 x i32], a struct with an i64 member returned directly), large ones
through private pointers (byref arguments, sret results)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff
M64 = (1 << 64) - 1

SRC = r'''
/* Struct values passed to and returned from real functions (noinline):
 * clang passes small ones member by member and returns them directly,
 * large ones through private memory (byref, sret). */
typedef struct { uint a; float b; uint c[3]; } S;
typedef struct { uint x, y; } P;
typedef struct { ulong w; uint z; } W;
typedef struct { uint v[24]; } Big;

__attribute__((noinline)) S mk(uint i, P p)
{
    S s;
    s.a = i + p.x;
    s.b = (float)(p.y & 1023u);
    s.c[0] = i ^ 3u;
    s.c[1] = p.x * 5u;
    s.c[2] = p.y - i;
    return s;
}
__attribute__((noinline)) uint use(S s)
{
    return s.a + (uint)s.b + s.c[0] + s.c[1] * s.c[2];
}
__attribute__((noinline)) W wide(W w, uint k)
{
    W r;
    r.w = w.w * k + w.z;
    r.z = (uint)(w.w >> 3) ^ w.z;
    return r;
}
__attribute__((noinline)) uint big(Big b)
{
    uint t = 0;
    for (int i = 0; i < 24; i++)
        t += b.v[i] * (uint)(i + 1);
    return t;
}
__attribute__((noinline)) Big mkbig(uint i)
{
    Big b;
    for (uint k = 0; k < 24; k++)
        b.v[k] = i * k + (k ^ i);
    return b;
}

kernel void k_agg(global const uint *in, global uint *out, global ulong *ol)
{
    size_t g = get_global_id(0);
    uint x = in[g];
    P p = {x * 2u, x >> 3};
    S s = mk(x, p);
    W w = {(ulong)x * 100003ul, x};
    W r = wide(w, x & 15u);
    Big b = mkbig(x & 255u);
    out[3 * g] = use(s);
    out[3 * g + 1] = big(b);
    out[3 * g + 2] = r.z;
    ol[g] = r.w;
}
'''


def ref(x):
    px, py = (x * 2) & M32, x >> 3
    a = (x + px) & M32
    b = float(py & 1023)
    c = [x ^ 3, (px * 5) & M32, (py - x) & M32]
    use = (a + int(b) + c[0] + c[1] * c[2]) & M32
    w, z = (x * 100003) & M64, x
    k = x & 15
    rw = (w * k + z) & M64
    rz = ((w >> 3) & M32) ^ z
    i = x & 255
    big = sum(((i * kk + (kk ^ i)) & M32) * (kk + 1) for kk in range(24)) & M32
    return [use, big, rz], rw


def main():
    rng = Rng(4242)
    tests = []
    for n, loc in ((64, 64), (100, 50)):
        X = [rng.u64() & M32 for _ in range(n)]
        o, ol = [], []
        for x in X:
            ints, w = ref(x)
            o += ints
            ol.append(w)
        te = Test('agg_%d_%d' % (n, loc), kernel_name='k_agg', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uint', n, X).out(1, 'uint', 3 * n, o).out(2, 'ulong', n, ol)
        tests.append(te)
    write('f_call_aggregates.cl', 'call_aggregates', SRC, tests)


main()
