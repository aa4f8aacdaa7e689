#!/usr/bin/python3
"""Generates the sorting and histogram programs of bench/real: bitonic sort
in LDS, one global bitonic step, radix-sort digit histogram and local 1-bit
split passes, merge by rank (binary search in the other run), global and
LDS-privatised histograms. All integer, exact."""
import numpy as np
from real_common import emit, ints, buf, buf_repeat, scalar, test, I32, U32

G = 'sort_hist.py'


def bitonic():
    src = r'''
/* Sorts each 256-element block ascending with a bitonic network in LDS,
 * 128 work-items doing one compare-exchange each per step. */
#define N 256
kernel __attribute__((reqd_work_group_size(N / 2, 1, 1)))
void bitonic_local(global int *data)
{
    local int s[N];
    int l = get_local_id(0), base = get_group_id(0) * N;
    s[l] = data[base + l];
    s[l + N / 2] = data[base + l + N / 2];
    for (int k = 2; k <= N; k <<= 1)
        for (int j = k >> 1; j > 0; j >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            int i = 2 * l - (l & (j - 1));
            int p = i + j;
            bool up = (i & k) == 0;
            int a = s[i], b = s[p];
            if ((a > b) == up) { s[i] = b; s[p] = a; }
        }
    barrier(CLK_LOCAL_MEM_FENCE);
    data[base + l] = s[l];
    data[base + l + N / 2] = s[l + N / 2];
}
'''
    a = ints(101, 512, -100000, 100000)
    t = test('2 blocks of 256', [buf('arg_in', 0, 'int', a),
                                 buf('arg_out', 0, 'int', np.sort(a.reshape(2, 256), axis=1))],
             global_size=(256,), local_size=(128,))
    emit('bitonic_local', 'bitonic_local', 1, src, [t], 'bitonic sort of LDS blocks', G)
    src_g = r'''
/* One global bitonic merge step (k, j) over uint keys with uint payloads,
 * the step launched log^2 n times by a host loop. */
kernel void bitonic_step(global uint *key, global uint *val, int j, int k)
{
    int i = get_global_id(0);
    int p = i ^ j;
    if (p <= i)
        return;
    uint a = key[i], b = key[p];
    bool up = (i & k) == 0;
    if ((a > b) == up) {
        key[i] = b; key[p] = a;
        uint t = val[i]; val[i] = val[p]; val[p] = t;
    }
}
'''
    n = 1024
    k = np.array(ints(102, n, 0, 1 << 30), U32); v = np.arange(n, dtype=U32)
    kk, vv = k.copy(), v.copy()
    K, J = 256, 64
    for i in range(n):
        p = i ^ J
        if p > i and ((kk[i] > kk[p]) == ((i & K) == 0)):
            kk[i], kk[p] = kk[p], kk[i]; vv[i], vv[p] = vv[p], vv[i]
    t = test('1024 keys, k=256 j=64', [buf('arg_in', 0, 'uint', k), buf('arg_out', 0, 'uint', kk),
                                       buf('arg_in', 1, 'uint', v), buf('arg_out', 1, 'uint', vv),
                                       scalar(2, 'int', J), scalar(3, 'int', K)],
             global_size=(n,), local_size=(64,))
    emit('bitonic_step', 'bitonic_step', 1, src_g, [t], 'one global bitonic step', G)


def radix():
    src_h = r'''
/* Radix sort pass 1: 16-bin histogram of digit (key >> shift) & 15 per
 * work-group in LDS, written digit-major (hist[d * groups + g]) for a scan. */
#define WG 128
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void radix_hist(global const uint *key, global uint *hist, int n, int shift, int per_group)
{
    local uint h[16];
    int l = get_local_id(0), g = get_group_id(0);
    if (l < 16) h[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int end = min((g + 1) * per_group, n);
    for (int i = g * per_group + l; i < end; i += WG)
        atomic_inc(&h[(key[i] >> shift) & 15]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16)
        hist[l * get_num_groups(0) + g] = h[l];
}
'''
    n, per, groups = 3000, 1024, 3
    k = np.array(ints(111, n, 0, 1 << 30), U32)
    h = np.zeros((16, groups), U32)
    for i in range(n):
        h[(int(k[i]) >> 8) & 15, i // per] += 1
    t = test('3000 keys, shift 8', [buf('arg_in', 0, 'uint', k), buf_repeat('arg_in', 1, 'uint', 48, 0),
                                    buf('arg_out', 1, 'uint', h), scalar(2, 'int', n), scalar(3, 'int', 8),
                                    scalar(4, 'int', per)], global_size=(groups * 128,), local_size=(128,))
    emit('radix_hist', 'radix_hist', 1, src_h, [t], 'radix-sort digit histogram', G)
    src_s = r'''
/* Local radix sort of 128 keys per work-group, 1 bit per pass over `bits`
 * bits: count of zeros by an LDS scan, stable split (the split primitive of
 * GPU radix sorts). */
#define N 128
kernel __attribute__((reqd_work_group_size(N, 1, 1)))
void radix_split(global uint *key, int bits)
{
    local uint k[N];
    local uint sc[N];
    int l = get_local_id(0), base = get_group_id(0) * N;
    k[l] = key[base + l];
    for (int b = 0; b < bits; ++b) {
        barrier(CLK_LOCAL_MEM_FENCE);
        uint my = k[l];
        uint z = ((my >> b) & 1) ^ 1;
        sc[l] = z;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int off = 1; off < N; off <<= 1) {
            uint v = l >= off ? sc[l - off] : 0;
            barrier(CLK_LOCAL_MEM_FENCE);
            sc[l] += v;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        uint zeros = sc[N - 1];
        uint before = sc[l] - z;
        int dst = z ? before : zeros + (l - before);
        barrier(CLK_LOCAL_MEM_FENCE);
        k[dst] = my;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    key[base + l] = k[l];
}
'''
    k = np.array(ints(112, 384, 0, 4095), U32)
    out = np.concatenate([np.sort(k[i:i + 128], kind='stable') for i in range(0, 384, 128)])
    t = test('3 blocks, 12 bits', [buf('arg_in', 0, 'uint', k), buf('arg_out', 0, 'uint', out),
                                   scalar(1, 'int', 12)], global_size=(384,), local_size=(128,))
    emit('radix_split', 'radix_split', 1, src_s, [t], 'local radix sort by 1-bit splits', G)


def merge():
    src = r'''
/* Merges two sorted runs a (na) and b (nb) into out: every element finds
 * its rank in the other run by binary search (ties: a before b). */
kernel void merge_rank(global const int *a, global const int *b, global int *out, int na, int nb)
{
    int i = get_global_id(0);
    if (i < na) {
        int v = a[i], lo = 0, hi = nb;          /* first b >= v */
        while (lo < hi) { int m = (lo + hi) >> 1; if (b[m] < v) lo = m + 1; else hi = m; }
        out[i + lo] = v;
    } else if (i < na + nb) {
        int j = i - na, v = b[j], lo = 0, hi = na;  /* first a > v */
        while (lo < hi) { int m = (lo + hi) >> 1; if (a[m] <= v) lo = m + 1; else hi = m; }
        out[j + lo] = v;
    }
}
'''
    a = np.sort(ints(121, 700, -500, 500)); b = np.sort(ints(122, 500, -500, 500))
    out = np.sort(np.concatenate([a, b]), kind='stable')
    t = test('700 + 500', [buf('arg_in', 0, 'int', a), buf('arg_in', 1, 'int', b),
                           buf_repeat('arg_in', 2, 'int', 1200, 0), buf('arg_out', 2, 'int', out),
                           scalar(3, 'int', 700), scalar(4, 'int', 500)], global_size=(1216,), local_size=(64,))
    emit('merge_rank', 'merge_rank', 1, src, [t], 'merge by rank (binary search)', G)


def histograms():
    src_g = r'''
/* 64-bin histogram of bytes (4 per uint word) with global atomics. */
kernel void hist_global(global const uint *words, global uint *hist, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    uint w = words[i];
    for (int s = 0; s < 32; s += 8)
        atomic_inc(&hist[(w >> s) & 63]);
}
'''
    src_l = r'''
/* 256-bin byte histogram privatised per work-group in LDS, merged with one
 * global atomic_add per bin; grid-stride over the words. */
#define WG 128
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void hist_local(global const uint *words, global uint *hist, int n)
{
    local uint h[256];
    int l = get_local_id(0);
    h[l] = 0; h[l + WG] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        uint w = words[i];
        atomic_inc(&h[w & 255]);
        atomic_inc(&h[(w >> 8) & 255]);
        atomic_inc(&h[(w >> 16) & 255]);
        atomic_inc(&h[w >> 24]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&hist[l], h[l]);
    atomic_add(&hist[l + WG], h[l + WG]);
}
'''
    n = 2000
    w = np.array(ints(131, n, 0, 0x7fffffff), U32)
    b = np.concatenate([(w >> s) & 0xff for s in (0, 8, 16, 24)])
    h64 = np.bincount(b & 63, minlength=64).astype(U32)
    h256 = np.bincount(b, minlength=256).astype(U32)
    t = test('2000 words', [buf('arg_in', 0, 'uint', w), buf_repeat('arg_in', 1, 'uint', 64, 0),
                            buf('arg_out', 1, 'uint', h64), scalar(2, 'int', n)],
             global_size=(2048,), local_size=(64,))
    emit('hist_global', 'hist_global', 1, src_g, [t], 'histogram with global atomics', G)
    t = test('2000 words', [buf('arg_in', 0, 'uint', w), buf_repeat('arg_in', 1, 'uint', 256, 0),
                            buf('arg_out', 1, 'uint', h256), scalar(2, 'int', n)],
             global_size=(512,), local_size=(128,))
    emit('hist_local', 'hist_local', 1, src_l, [t], 'histogram privatised in LDS', G)


if __name__ == '__main__':
    bitonic(); radix(); merge(); histograms()
