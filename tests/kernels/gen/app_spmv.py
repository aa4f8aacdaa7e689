#!/usr/bin/python3
"""Generates tests/kernels/app_spmv.cl: sparse matrix-vector product y = A x
in CSR format, one row per work-item and one row per 8-lane team."""
import math
import numpy as np
from app_common import Rng, F32, buf, buf_repeat, scalar, test, write, out_path

SRC = r'''
/* CSR sparse matrix times dense vector: row r holds the nonzeros
 * val[rowptr[r] .. rowptr[r+1]) in columns col[...].
 *
 * spmv_scalar: one work-item per row (divergent trip counts).
 * spmv_team: TEAM consecutive work-items share a row, stride over its
 * nonzeros, and combine their partial sums with a tree in LDS; a workgroup
 * of L work-items handles L/TEAM rows. */
kernel void spmv_scalar(global const int *rowptr, global const int *col,
                        global const float *val, global const float *x,
                        global float *y, int nrows)
{
    int r = get_global_id(0);
    if (r >= nrows)
        return;
    float sum = 0.0f;
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
        sum += val[k] * x[col[k]];
    y[r] = sum;
}

#define TEAM 8

kernel void spmv_team(global const int *rowptr, global const int *col,
                      global const float *val, global const float *x,
                      global float *y, int nrows)
{
    local float part[256];
    int lid = get_local_id(0);
    int lane = lid % TEAM;
    int r = get_global_id(0) / TEAM;
    float sum = 0.0f;
    if (r < nrows) {
        int end = rowptr[r + 1];
        for (int k = rowptr[r] + lane; k < end; k += TEAM)
            sum += val[k] * x[col[k]];
    }
    part[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = TEAM / 2; off > 0; off >>= 1) {
        if (lane < off)
            part[lid] += part[lid + off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lane == 0 && r < nrows)
        y[r] = part[lid];
}
'''


def matrix(r, nrows, ncols, maxnnz, exact):
    rowptr = [0]
    cols, vals = [], []
    for i in range(nrows):
        # a few long rows among many short ones (power-law-ish)
        k = int(r.ints(1, 0, maxnnz)[0])
        if i % 37 == 0:
            k = min(ncols, 4 * maxnnz)
        c = sorted(set(int(v) for v in r.ints(k, 0, ncols - 1)))
        cols += c
        if exact:
            vals += list(r.ints(len(c), -16, 16) / 8.0)
        else:
            vals += list(r.floats(len(c), -1.0, 1.0))
        rowptr.append(len(cols))
    return np.array(rowptr), np.array(cols), np.array(vals, dtype=F32)


def ref(rowptr, cols, vals, x):
    n = len(rowptr) - 1
    y = np.zeros(n)
    absy = np.zeros(n)
    for i in range(n):
        a, b = rowptr[i], rowptr[i + 1]
        t = vals[a:b].astype(np.float64) * x[cols[a:b]].astype(np.float64)
        y[i] = t.sum()
        absy[i] = np.abs(t).sum() * (b - a + 1)
    return y, absy


def main():
    tests = []
    for seed, nrows, ncols, maxnnz, exact in ((1801, 512, 512, 12, True),
                                              (1802, 400, 384, 16, False)):
        r = Rng(seed)
        rowptr, cols, vals = matrix(r, nrows, ncols, maxnnz, exact)
        if exact:
            x = (r.ints(ncols, -32, 32) / 4.0).astype(F32)
        else:
            x = r.floats(ncols, -2.0, 2.0)
        y, absy = ref(rowptr, cols, vals, x)
        if exact:
            tol = None
            assert np.array_equal(y.astype(F32).astype(np.float64), y)
            why = 'multiples of 1/8 times multiples of 1/4 with short sums: exact, no tolerance'
        else:
            b = (absy * 2.0 ** -24).max() + np.abs(y).max() * 2.0 ** -24
            e = math.floor(math.log10(b))
            tol = f'{math.ceil(b / 10 ** (e - 1)) * 10 ** (e - 1):.2g}'
            why = ('fractional: order-dependent rounding; absolute tolerance\n'
                   '(nnz+1) * 2^-24 * sum|a x| per row, largest row, plus half an ulp')
        common = [buf('arg_in', 0, 'int', rowptr), buf('arg_in', 1, 'int', cols),
                  buf('arg_in', 2, 'float', vals), buf('arg_in', 3, 'float', x),
                  buf_repeat('arg_in', 4, 'float', nrows, -1),
                  buf('arg_out', 4, 'float', y.astype(F32), tol=tol), scalar(5, 'int', nrows)]
        nnz = int(rowptr[-1])
        L = 64
        gs = (nrows + L - 1) // L * L
        tests.append(test(f'scalar: {nrows} rows, {nnz} nonzeros', common, kernel='spmv_scalar',
                          global_size=(gs,), local_size=(L,), comment=why))
        L = 128
        gt = (nrows * 8 + L - 1) // L * L
        tests.append(test(f'team of 8: {nrows} rows, {nnz} nonzeros', common, kernel='spmv_team',
                          global_size=(gt,), local_size=(L,), comment=why))
    write(out_path('tests/kernels/app_spmv.cl'), 'app_spmv', SRC, tests,
          config_extra=['dimensions: 1'], generator='tests/kernels/gen/app_spmv.py')


main()
