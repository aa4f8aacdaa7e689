#!/usr/bin/python3
"""Generates tests/kernels/f_temporal_uniform.cl: loops whose exit is
divergent and whose uniform values (counters, running sums, a pointer
chased through a constant table, 64-bit and float values) are used after
the loop (temporal divergence, issue 27). Inside the loop those values may
stay uniform (scalar registers, scalar loads of the constant tables); each
lane must see the value of the iteration it left in: lanes leave in the
first iteration, in later ones and never (the loop runs out), in nested
loops, through several exits, inside a divergent if, and the values are
then used in lane stores, per-lane loads and divergent branches; a
private array of lane values indexed by the uniform counter."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np
from app_common import Rng, buf, buf_repeat, scalar, test, write, out_path

M64 = (1 << 64) - 1

SRC = r'''
/* the first i with table[i] == key; i used after the loop in a store, a
 * per-lane load and a divergent branch */
kernel void t_find(global const int *keys, constant int *table, int n, global int *out)
{
    int g = get_global_id(0);
    int key = keys[g];
    int i = 0;
    for (; i < n; ++i)
        if (table[i] == key)
            break;
    out[3 * g] = i;
    out[3 * g + 1] = i < n ? table[i] * 2 + i : -7;
    int r;
    if (i > n / 2)
        r = i * i;
    else
        r = -i;
    out[3 * g + 2] = r;
}

/* a divergent-exit loop inside a divergent-exit loop: the inner counter is
 * used in the outer body, the outer counter and sums after both */
kernel void t_nested(global const int *keys, constant int *table, int rows, int cols, global int *out)
{
    int g = get_global_id(0);
    int key = keys[g];
    int r = 0, acc = 0, last = -1;
    for (; r < rows; ++r) {
        int j = 0;
        for (; j < cols; ++j)
            if (table[r * cols + j] > key)
                break;
        acc += j;
        last = table[r * cols + (j < cols ? j : 0)];
        if (acc > key / 4)
            break;
    }
    out[3 * g] = r;
    out[3 * g + 1] = acc;
    out[3 * g + 2] = last;
}

/* two divergent exits and the uniform one, each with its own code after */
kernel void t_two_exits(global const int *lohi, constant int *table, int n, global int *out)
{
    int g = get_global_id(0);
    int lo = lohi[2 * g], hi = lohi[2 * g + 1];
    int i = 0, s = 0, how = 0;
    while (i < n) {
        int t = table[i];
        s += t;
        if (t < lo) {
            how = 1;
            break;
        }
        ++i;
        if (s > hi) {
            how = 2;
            break;
        }
    }
    out[4 * g] = i;
    out[4 * g + 1] = s;
    out[4 * g + 2] = how;
    out[4 * g + 3] = how == 1 ? table[i] + i : s - i;
}

/* a uniform index chased through a constant list until a lane's key */
kernel void t_chase(global const int *keys, constant int2 *nodes, int start, global int *out)
{
    int g = get_global_id(0);
    int key = keys[g];
    int p = start, steps = 0;
    while (p >= 0) {
        int2 nd = nodes[p];
        if (nd.x == key)
            break;
        p = nd.y;
        ++steps;
    }
    out[2 * g] = p;
    out[2 * g + 1] = steps * 10 + (p >= 0 ? nodes[p].y : 99);
}

/* 64-bit hash and float values carried out of the loop */
kernel void t_wide(global const int *keys, constant long *tab, constant float *ft, int n,
                   global long *lout, global float *fout)
{
    int g = get_global_id(0);
    int key = keys[g];
    long h = 1469598103934665603L;
    float f = 0.0f;
    int i = 0;
    for (; i < n; ++i) {
        h = (h ^ tab[i]) * 1099511628211L;
        f = f * 0.5f + ft[i];
        if ((int)(h & 63) == (key & 63))
            break;
    }
    lout[g] = h + i;
    fout[g] = f;
}

/* the loop inside a divergent if, its counter used in the if and after */
kernel void t_in_if(global const int *keys, constant int *table, int n, global int *out)
{
    int g = get_global_id(0);
    int key = keys[g];
    int i = -1;
    if (key & 1) {
        i = 0;
        while (i < n && table[i] != key)
            ++i;
        i = i * 2 + 1;
    }
    out[g] = i;
}

/* a do-while: values of the iteration a lane leaves in (cur) and of the
 * one before (prev) */
kernel void t_do(global const int *keys, constant int *table, int n, global int *out)
{
    int g = get_global_id(0);
    int key = keys[g];
    int i = 0, prev = -1, cur;
    do {
        cur = table[i];
        if (cur >= key)
            break;
        prev = cur;
        ++i;
    } while (i < n);
    out[3 * g] = i;
    out[3 * g + 1] = prev;
    out[3 * g + 2] = cur;
}

/* a private array of lane values read at the uniform counter */
kernel void t_vec_index(global const int *keys, int n, global int *out)
{
    int g = get_global_id(0);
    int key = keys[g];
    int v[8];
    for (int k = 0; k < 8; ++k)
        v[k] = k * 7 + (key & 3);
    int i = 0, s = 0;
    for (; i < n; ++i) {
        s += v[i & 7];
        if (s > key)
            break;
    }
    out[2 * g] = i;
    out[2 * g + 1] = s;
}
'''


def ref_vec_index(keys, n):
    out = []
    for k in keys:
        k = int(k)
        v = [j * 7 + (k & 3) for j in range(8)]
        i = s = 0
        while i < n:
            s += v[i & 7]
            if s > k:
                break
            i += 1
        out += [i, s]
    return out


def i32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >> 31 else x


def i64(x):
    x &= M64
    return x - (1 << 64) if x >> 63 else x


def ref_find(keys, table, n):
    out = []
    for k in keys:
        i = 0
        while i < n and table[i] != k:
            i += 1
        out += [i, int(table[i]) * 2 + i if i < n else -7, i * i if i > n // 2 else -i]
    return out


def ref_nested(keys, table, rows, cols):
    out = []
    for k in keys:
        r = acc = 0
        last = -1
        while r < rows:
            j = 0
            while j < cols and not table[r * cols + j] > k:
                j += 1
            acc += j
            last = int(table[r * cols + (j if j < cols else 0)])
            if acc > int(np.trunc(k / 4)):
                break
            r += 1
        out += [r, acc, last]
    return out


def ref_two_exits(lohi, table, n):
    out = []
    for g in range(len(lohi) // 2):
        lo, hi = int(lohi[2 * g]), int(lohi[2 * g + 1])
        i = s = how = 0
        while i < n:
            t = int(table[i])
            s += t
            if t < lo:
                how = 1
                break
            i += 1
            if s > hi:
                how = 2
                break
        out += [i, s, how, int(table[i]) + i if how == 1 else s - i]
    return out


def ref_chase(keys, nodes, start):
    out = []
    for k in keys:
        p, steps = start, 0
        while p >= 0:
            if nodes[p][0] == k:
                break
            p = int(nodes[p][1])
            steps += 1
        out += [p, steps * 10 + (int(nodes[p][1]) if p >= 0 else 99)]
    return out


def ref_wide(keys, tab, ft, n):
    lo, fo = [], []
    for k in keys:
        h, f, i = 1469598103934665603, np.float32(0), 0
        while i < n:
            h = ((h ^ (int(tab[i]) & M64)) * 1099511628211) & M64
            f = np.float32(f * np.float32(0.5) + ft[i])
            if i32(h & 63) == (int(k) & 63):
                break
            i += 1
        lo.append(i64(h + i))
        fo.append(f)
    return lo, fo


def ref_in_if(keys, table, n):
    out = []
    for k in keys:
        i = -1
        if int(k) & 1:
            i = 0
            while i < n and table[i] != k:
                i += 1
            i = i * 2 + 1
        out.append(i)
    return out


def ref_do(keys, table, n):
    out = []
    for k in keys:
        i, prev = 0, -1
        while True:
            cur = int(table[i])
            if cur >= k:
                break
            prev = cur
            i += 1
            if not i < n:
                break
        out += [i, prev, cur]
    return out


def arr(v, t=np.int32):
    return np.array(v, dtype=t)


def main():
    tests = []
    n = 40
    table = Rng(1).ints(n, 0, 60).astype(np.int32)
    rows, cols = 5, 12
    tab2 = np.sort(Rng(2).ints(rows * cols, 0, 400).reshape(rows, cols), axis=1).reshape(-1).astype(np.int32)
    # a list through 24 nodes: node p holds (value, next); the last next is -1
    order = [int(x) for x in np.argsort(Rng(3).ints(24, 0, 1 << 30))]
    nodes = np.zeros((24, 2), np.int32)
    vals = Rng(4).ints(24, 0, 90).astype(np.int32)
    for a, b in zip(order, order[1:] + [-1]):
        nodes[a] = (vals[a], b)
    start = order[0]
    tabl = np.array([i64(int(x) * 0x9E3779B97F4A7C15 + 12345) for x in Rng(5).u32(n)], np.int64)
    ft = Rng(6).floats(n, -4.0, 4.0, bits=8)
    for name, gs, ls, seed in (('one wave', 64, 64, 10), ('two groups, partial', 100, 50, 20)):
        # keys: in the table (lanes leave early or late, also in the first
        # iteration), and not in it (they run the loop out)
        keys = Rng(seed).ints(gs, 0, 70).astype(np.int32)
        keys[0] = table[0]
        keys[1] = 1000
        tests.append(test('t_find ' + name, [
            buf('arg_in', 0, 'int', keys), buf('arg_in', 1, 'int', table), scalar(2, 'int', n),
            buf_repeat('arg_in', 3, 'int', 3 * gs, 0), buf('arg_out', 3, 'int', arr(ref_find(keys, table, n)))],
            kernel='t_find', global_size=(gs,), local_size=(ls,)))
        keys2 = Rng(seed + 1).ints(gs, -5, 420).astype(np.int32)
        tests.append(test('t_nested ' + name, [
            buf('arg_in', 0, 'int', keys2), buf('arg_in', 1, 'int', tab2), scalar(2, 'int', rows),
            scalar(3, 'int', cols), buf_repeat('arg_in', 4, 'int', 3 * gs, 0),
            buf('arg_out', 4, 'int', arr(ref_nested(keys2, tab2, rows, cols)))],
            kernel='t_nested', global_size=(gs,), local_size=(ls,)))
        lohi = np.stack([Rng(seed + 2).ints(gs, -3, 8), Rng(seed + 3).ints(gs, 0, 900)], axis=1).reshape(-1).astype(np.int32)
        tests.append(test('t_two_exits ' + name, [
            buf('arg_in', 0, 'int', lohi), buf('arg_in', 1, 'int', table), scalar(2, 'int', n),
            buf_repeat('arg_in', 3, 'int', 4 * gs, 0),
            buf('arg_out', 3, 'int', arr(ref_two_exits(lohi, table, n)))],
            kernel='t_two_exits', global_size=(gs,), local_size=(ls,)))
        keys3 = Rng(seed + 4).ints(gs, 0, 95).astype(np.int32)
        keys3[0] = nodes[start][0]
        tests.append(test('t_chase ' + name, [
            buf('arg_in', 0, 'int', keys3), buf('arg_in', 1, 'int2', nodes), scalar(2, 'int', start),
            buf_repeat('arg_in', 3, 'int', 2 * gs, 0),
            buf('arg_out', 3, 'int', arr(ref_chase(keys3, nodes, start)))],
            kernel='t_chase', global_size=(gs,), local_size=(ls,)))
        keys4 = Rng(seed + 5).ints(gs, 0, 1 << 20).astype(np.int32)
        lo, fo = ref_wide(keys4, tabl, ft, n)
        tests.append(test('t_wide ' + name, [
            buf('arg_in', 0, 'int', keys4), buf('arg_in', 1, 'long', tabl), buf('arg_in', 2, 'float', ft),
            scalar(3, 'int', n), buf_repeat('arg_in', 4, 'long', gs, 0), buf('arg_out', 4, 'long', arr(lo, np.int64)),
            buf_repeat('arg_in', 5, 'float', gs, 0), buf('arg_out', 5, 'float', arr(fo, np.float32))],
            kernel='t_wide', global_size=(gs,), local_size=(ls,)))
        keys5 = Rng(seed + 6).ints(gs, 0, 70).astype(np.int32)
        tests.append(test('t_in_if ' + name, [
            buf('arg_in', 0, 'int', keys5), buf('arg_in', 1, 'int', table), scalar(2, 'int', n),
            buf_repeat('arg_in', 3, 'int', gs, 0), buf('arg_out', 3, 'int', arr(ref_in_if(keys5, table, n)))],
            kernel='t_in_if', global_size=(gs,), local_size=(ls,)))
        keys6 = Rng(seed + 7).ints(gs, -2, 420).astype(np.int32)
        tests.append(test('t_do ' + name, [
            buf('arg_in', 0, 'int', keys6), buf('arg_in', 1, 'int', tab2), scalar(2, 'int', rows * cols),
            buf_repeat('arg_in', 3, 'int', 3 * gs, 0),
            buf('arg_out', 3, 'int', arr(ref_do(keys6, tab2, rows * cols)))],
            kernel='t_do', global_size=(gs,), local_size=(ls,)))
        keys7 = Rng(seed + 8).ints(gs, -3, 500).astype(np.int32)
        tests.append(test('t_vec_index ' + name, [
            buf('arg_in', 0, 'int', keys7), scalar(1, 'int', 30),
            buf_repeat('arg_in', 2, 'int', 2 * gs, 0), buf('arg_out', 2, 'int', arr(ref_vec_index(keys7, 30)))],
            kernel='t_vec_index', global_size=(gs,), local_size=(ls,)))
    write(out_path('tests/kernels/f_temporal_uniform.cl'),
          'uniform values carried out of loops with divergent exits', SRC, tests,
          config_extra=['dimensions: 1'], generator='tests/kernels/gen/gen_temporal_uniform.py')


if __name__ == '__main__':
    main()
