#!/usr/bin/python3
"""Generates tests/kernels/f_search_temporal.cl: search loops whose exit is
divergent (each lane leaves when it finds its key) and whose uniform
counter / running value is used after the loop (temporal divergence,
issue 27). The loads inside read a shared table at the uniform counter, so
they may stay scalar; each lane must still see the counter it left with."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np
from app_common import Rng, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* first index i with table[i] == key (or n), and a value computed from it */
kernel void first_match(global const int *keys, global const int *table, int n,
                        global int *where, global int *steps)
{
    int g = get_global_id(0);
    int key = keys[g];
    int i = 0;
    for (; i < n; ++i)
        if (table[i] == key)
            break;
    where[g] = i < n ? i : -1;
    steps[g] = i * 3 + 1;
}

/* running sum of a shared table until it passes the lane's limit: the sum
 * and the counter are uniform inside the loop, divergent after it */
kernel void prefix_until(global const int *limit, global const int *table, int n,
                         global int *sum_out, global int *count_out)
{
    int g = get_global_id(0);
    int lim = limit[g];
    int acc = 0, i = 0;
    while (i < n) {
        acc += table[i];
        ++i;
        if (acc > lim)
            break;
    }
    sum_out[g] = acc;
    count_out[g] = i;
}

/* a uniform outer loop around a divergent-exit search; the inner counter
 * is summed after each inner loop */
kernel void rows_search(global const int *keys, global const int *table, int rows, int cols,
                        global int *total)
{
    int g = get_global_id(0);
    int key = keys[g];
    int t = 0;
    for (int r = 0; r < rows; ++r) {
        int j = 0;
        for (; j < cols; ++j)
            if (table[r * cols + j] >= key)
                break;
        t += j * (r + 1);
    }
    total[g] = t;
}
'''


def main():
    n = 96
    table = Rng(1).ints(n, 0, 200).astype(np.int32)
    tests = []
    for name, gs, ls, seed in (('one wave', 64, 64, 2), ('two waves, partial', 100, 50, 3)):
        keys = Rng(seed).ints(gs, 0, 200).astype(np.int32)
        wh = [int(np.argmax(table == k)) if (table == k).any() else -1 for k in keys]
        st = [(w if w >= 0 else n) * 3 + 1 for w in wh]
        tests.append(test('first_match ' + name, [
            buf('arg_in', 0, 'int', keys), buf('arg_in', 1, 'int', table), scalar(2, 'int', n),
            buf_repeat('arg_in', 3, 'int', gs, 0), buf('arg_out', 3, 'int', np.array(wh, np.int32)),
            buf_repeat('arg_in', 4, 'int', gs, 0), buf('arg_out', 4, 'int', np.array(st, np.int32))],
            kernel='first_match', global_size=(gs,), local_size=(ls,)))
        lims = Rng(seed + 10).ints(gs, -5, 12000).astype(np.int32)
        sums, cnts = [], []
        for lim in lims:
            acc = i = 0
            while i < n:
                acc += int(table[i]); i += 1
                if acc > lim:
                    break
            sums.append(acc); cnts.append(i)
        tests.append(test('prefix_until ' + name, [
            buf('arg_in', 0, 'int', lims), buf('arg_in', 1, 'int', table), scalar(2, 'int', n),
            buf_repeat('arg_in', 3, 'int', gs, 0), buf('arg_out', 3, 'int', np.array(sums, np.int32)),
            buf_repeat('arg_in', 4, 'int', gs, 0), buf('arg_out', 4, 'int', np.array(cnts, np.int32))],
            kernel='prefix_until', global_size=(gs,), local_size=(ls,)))
        rows, cols = 6, 16
        tab2 = np.sort(Rng(seed + 20).ints(rows * cols, 0, 300).reshape(rows, cols), axis=1).astype(np.int32)
        keys2 = Rng(seed + 30).ints(gs, 0, 320).astype(np.int32)
        tot = []
        for k in keys2:
            t = 0
            for r in range(rows):
                j = 0
                while j < cols and tab2[r, j] < k:
                    j += 1
                t += j * (r + 1)
            tot.append(t)
        tests.append(test('rows_search ' + name, [
            buf('arg_in', 0, 'int', keys2), buf('arg_in', 1, 'int', tab2), scalar(2, 'int', rows),
            scalar(3, 'int', cols), buf_repeat('arg_in', 4, 'int', gs, 0),
            buf('arg_out', 4, 'int', np.array(tot, np.int32))],
            kernel='rows_search', global_size=(gs,), local_size=(ls,)))
    write(out_path('tests/kernels/f_search_temporal.cl'), 'search loops with a divergent exit, counter used after',
          SRC, tests, config_extra=['dimensions: 1'], generator='tests/kernels/gen/gen_search_temporal.py')


if __name__ == '__main__':
    main()
