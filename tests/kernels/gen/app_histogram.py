#!/usr/bin/python3
"""Generates tests/kernels/app_histogram.cl: histograms with local atomics
merged into global memory with global atomics."""
import numpy as np
from app_common import Rng, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* 256-bin byte histogram: each workgroup counts into an LDS histogram with
 * local atomics (grid-stride loop over the input), then merges its non-zero
 * bins into the global histogram with global atomics. hist must start at 0. */
#define NBINS 256

kernel void histogram256(global const uchar *data, uint n, global uint *hist)
{
    local uint lh[NBINS];
    uint lid = get_local_id(0);
    uint lsz = get_local_size(0);
    for (uint b = lid; b < NBINS; b += lsz)
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&lh[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < NBINS; b += lsz) {
        uint c = lh[b];
        if (c != 0)
            atomic_add(&hist[b], c);
    }
}

/* Radix-sort digit histogram: 16 bins of the 4-bit digit at `shift`, with
 * one row per workgroup (counts[digit * groups + group], as a radix sort's
 * scan wants them) and the global total in totals[digit]. */
kernel void digit_histogram(global const uint *keys, uint n, uint shift,
                            global uint *counts, global uint *totals)
{
    local uint lh[16];
    uint lid = get_local_id(0);
    if (lid < 16)
        lh[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint i = get_global_id(0);
    uint stride = get_global_size(0);
    for (; i < n; i += stride) {
        uint d = (keys[i] >> shift) & 15u;
        atomic_add(&lh[d], 1u);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 16) {
        uint c = lh[lid];
        counts[lid * get_num_groups(0) + get_group_id(0)] = c;
        atomic_add(&totals[lid], c);
    }
}
'''


def h256_case(name, data, G, L):
    n = len(data)
    hist = np.bincount(data, minlength=256)
    lines = [buf('arg_in', 0, 'uchar', data), scalar(1, 'uint', n),
             buf_repeat('arg_in', 2, 'uint', 256, 0), buf('arg_out', 2, 'uint', hist)]
    return test(name, lines, kernel='histogram256', global_size=(G * L,), local_size=(L,))


def digit_case(name, keys, shift, G, L):
    n = len(keys)
    counts = np.zeros((16, G), dtype=np.int64)
    stride = G * L
    for i, k in enumerate(keys):
        g = (i % stride) // L
        counts[(int(k) >> shift) & 15, g] += 1
    lines = [buf('arg_in', 0, 'uint', keys), scalar(1, 'uint', n), scalar(2, 'uint', shift),
             buf_repeat('arg_in', 3, 'uint', 16 * G, 0), buf('arg_out', 3, 'uint', counts),
             buf_repeat('arg_in', 4, 'uint', 16, 0),
             buf('arg_out', 4, 'uint', counts.sum(axis=1))]
    return test(name, lines, kernel='digit_histogram', global_size=(G * L,), local_size=(L,))


def main():
    tests = []
    r = Rng(401)
    d = r.ints(8192, 0, 255)
    tests.append(h256_case('uniform bytes 8192, 8 groups x 128', d, 8, 128))
    r = Rng(402)
    # skewed: AND of three uniform bytes piles counts into few bins, so the
    # local atomics contend hard
    a, b, c = r.ints(6000, 0, 255), r.ints(6000, 0, 255), r.ints(6000, 0, 255)
    tests.append(h256_case('skewed bytes 6000 (heavy contention), 6 groups x 64',
                           a & b & c, 6, 64))
    r = Rng(403)
    tests.append(h256_case('single value 2000, 3 groups x 256 (ragged)',
                           np.full(2000, 0xA5), 3, 256))
    r = Rng(404)
    keys = r.u32(4096)
    for shift, G, L in ((0, 16, 64), (12, 8, 128), (28, 4, 256)):
        tests.append(digit_case(f'radix digit shift {shift}, {G} groups x {L}', keys,
                                shift, G, L))
    write(out_path('tests/kernels/app_histogram.cl'), 'app_histogram', SRC, tests,
          config_extra=['dimensions: 1'], generator='tests/kernels/gen/app_histogram.py')


main()
