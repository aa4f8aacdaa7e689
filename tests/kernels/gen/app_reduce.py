#!/usr/bin/python3
"""Generates tests/kernels/app_reduce.cl: LDS tree reductions (sum, min/max)."""
import numpy as np
from app_common import Rng, F32, buf, buf_repeat, local, scalar, test, write, out_path

SRC = r'''
/* Tree reductions in LDS, one partial result per workgroup. Each work-item
 * first folds two elements (one from each half of its workgroup's 2*L
 * window), then the workgroup halves the active range each step. The local
 * size must be a power of two. Calling the kernel again on the partials
 * with one workgroup finishes the job. */

kernel void reduce_sum_int(global const int *in, global int *partial, uint n,
                           local int *scratch)
{
    uint lid = get_local_id(0);
    uint lsz = get_local_size(0);
    uint i = get_group_id(0) * lsz * 2 + lid;
    int s = 0;
    if (i < n)
        s = in[i];
    if (i + lsz < n)
        s += in[i + lsz];
    scratch[lid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = lsz / 2; off > 0; off >>= 1) {
        if (lid < off)
            scratch[lid] += scratch[lid + off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

/* Same tree for float: the order of the additions is fixed by the tree, so
 * the result is deterministic and the host reference replays it exactly. */
kernel void reduce_sum_float(global const float *in, global float *partial,
                             uint n, local float *scratch)
{
    uint lid = get_local_id(0);
    uint lsz = get_local_size(0);
    uint i = get_group_id(0) * lsz * 2 + lid;
    float s = 0.0f;
    if (i < n)
        s = in[i];
    if (i + lsz < n)
        s += in[i + lsz];
    scratch[lid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = lsz / 2; off > 0; off >>= 1) {
        if (lid < off)
            scratch[lid] = scratch[lid] + scratch[lid + off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

/* Minimum and maximum together; partial[2*g] = min, partial[2*g+1] = max. */
kernel void reduce_minmax(global const int *in, global int *partial, uint n)
{
    local int lmin[256];
    local int lmax[256];
    uint lid = get_local_id(0);
    uint lsz = get_local_size(0);
    uint i = get_group_id(0) * lsz * 2 + lid;
    int mn = INT_MAX, mx = INT_MIN;
    if (i < n) {
        mn = in[i];
        mx = mn;
    }
    if (i + lsz < n) {
        int v = in[i + lsz];
        mn = min(mn, v);
        mx = max(mx, v);
    }
    lmin[lid] = mn;
    lmax[lid] = mx;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = lsz / 2; off > 0; off >>= 1) {
        if (lid < off) {
            lmin[lid] = min(lmin[lid], lmin[lid + off]);
            lmax[lid] = max(lmax[lid], lmax[lid + off]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partial[2 * get_group_id(0)] = lmin[0];
        partial[2 * get_group_id(0) + 1] = lmax[0];
    }
}
'''


def groups(n, L):
    return (n + 2 * L - 1) // (2 * L)


def tree(vals, n, L, op, ident, dt):
    """Replays the kernel's tree exactly (dt arithmetic, same order)."""
    G = groups(n, L)
    out = []
    for g in range(G):
        s = []
        for lid in range(L):
            i = g * L * 2 + lid
            a = vals[i] if i < n else ident
            if i + L < n:
                a = op(a, vals[i + L])
            s.append(dt(a))
        off = L // 2
        while off > 0:
            for lid in range(off):
                s[lid] = dt(op(s[lid], s[lid + off]))
            off //= 2
        out.append(s[0])
    return out


def sum_int_case(name, vals, L, comment=None):
    n = len(vals)
    G = groups(n, L)
    part = tree([int(v) for v in vals], n, L, lambda a, b: a + b, 0, int)
    assert all(-2**31 <= p < 2**31 for p in part)
    lines = [buf('arg_in', 0, 'int', vals), buf_repeat('arg_in', 1, 'int', G, 0),
             buf('arg_out', 1, 'int', part), scalar(2, 'uint', n), local(3, 'int', L)]
    return test(name, lines, kernel='reduce_sum_int', global_size=(G * L,),
                local_size=(L,), comment=comment), part


def main():
    tests = []
    r = Rng(201)
    a = r.ints(4096, -100000, 100000)
    t, part = sum_int_case('sum int 4096 / L=128 (16 groups)', a, 128)
    tests.append(t)
    t, _ = sum_int_case('sum int second pass over the 16 partials', np.array(part), 8,
                        comment='the partials of the previous test, one workgroup')
    tests.append(t)
    assert sum(part) == int(a.sum())
    r = Rng(202)
    a = r.ints(4000, -(2**20), 2**20)
    t, _ = sum_int_case('sum int 4000 (ragged tail) / L=64 (32 groups)', a, 64)
    tests.append(t)

    # float: inputs are multiples of 2^-20 in [-1,1); the tree is replayed in
    # float32 with the same association, so the expected values are exact
    r = Rng(203)
    n, L = 4096, 256
    x = r.floats(n, -1.0, 1.0) * F32(1000.0)
    x = x.astype(F32)
    part = tree(list(x), n, L, lambda p, q: F32(p) + F32(q), F32(0.0), F32)
    G = groups(n, L)
    tests.append(test('sum float 4096 / L=256 (8 groups), tree order replayed', [
        buf('arg_in', 0, 'float', x), buf_repeat('arg_in', 1, 'float', G, 0),
        buf('arg_out', 1, 'float', np.array(part, dtype=F32)), scalar(2, 'uint', n),
        local(3, 'float', L)], kernel='reduce_sum_float', global_size=(G * L,),
        local_size=(L,), comment='float additions in the kernel\'s tree order, replayed in float32:\n'
                                 'exact match expected, no tolerance'))
    r = Rng(204)
    n, L = 3000, 32
    x = (r.floats(n, -1.0, 1.0) * F32(3.0)).astype(F32)
    part = tree(list(x), n, L, lambda p, q: F32(p) + F32(q), F32(0.0), F32)
    G = groups(n, L)
    tests.append(test('sum float 3000 / L=32 (47 groups)', [
        buf('arg_in', 0, 'float', x), buf_repeat('arg_in', 1, 'float', G, 0),
        buf('arg_out', 1, 'float', np.array(part, dtype=F32)), scalar(2, 'uint', n),
        local(3, 'float', L)], kernel='reduce_sum_float', global_size=(G * L,),
        local_size=(L,)))

    for seed, n, L, lo, hi in ((205, 4096, 128, -(2**31), 2**31 - 1),
                              (206, 3001, 256, -5000, 5000),
                              (207, 1000, 64, 7, 9)):
        r = Rng(seed)
        a = r.ints(n, lo, hi)
        G = groups(n, L)
        mins = tree([int(v) for v in a], n, L, min, 2**31 - 1, int)
        maxs = tree([int(v) for v in a], n, L, max, -2**31, int)
        exp = np.array([v for pair in zip(mins, maxs) for v in pair])
        tests.append(test(f'minmax int {n} / L={L} ({G} groups)', [
            buf('arg_in', 0, 'int', a), buf_repeat('arg_in', 1, 'int', 2 * G, 0),
            buf('arg_out', 1, 'int', exp), scalar(2, 'uint', n)],
            kernel='reduce_minmax', global_size=(G * L,), local_size=(L,)))
    write(out_path('tests/kernels/app_reduce.cl'), 'app_reduce', SRC, tests,
          config_extra=['dimensions: 1'], generator='tests/kernels/gen/app_reduce.py')


main()
