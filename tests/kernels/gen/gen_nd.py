#!/usr/bin/python3
"""NDRange tests: f_ndrange_*.cl and f_partial_waves.cl.

Every work-item builtin (global/local/group id, sizes, number of groups,
global offset, work_dim) is written to a buffer indexed by the item's
position relative to the global offset, for 1-, 2- and 3-D ranges with
several workgroups and non-zero offsets.
"""
import sys
sys.dont_write_bytecode = True
import os
import itertools
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

ND_SRC = r'''
/* Per item and per dimension: global id, local id, group id, local size,
 * number of groups, global offset, global size; then work_dim. */
kernel void k_ids(global uint *out)
{
    uint dims = get_work_dim();
    size_t lin = 0, stride = 1;
    for (uint d = 0; d < dims; d++) {
        lin += (get_global_id(d) - get_global_offset(d)) * stride;
        stride *= get_global_size(d);
    }
    global uint *o = out + lin * (7 * DIMS + 1);
    for (uint d = 0; d < DIMS; d++) {
        o[7 * d + 0] = get_global_id(d);
        o[7 * d + 1] = get_local_id(d);
        o[7 * d + 2] = get_group_id(d);
        o[7 * d + 3] = get_local_size(d);
        o[7 * d + 4] = get_num_groups(d);
        o[7 * d + 5] = get_global_offset(d);
        o[7 * d + 6] = get_global_size(d);
    }
    o[7 * DIMS] = dims;
}
'''


def nd_expect(gs, ls, off):
    dims = len(gs)
    out = []
    # linear index: dimension 0 fastest
    for idx in itertools.product(*[range(g) for g in reversed(gs)]):
        idx = list(reversed(idx))
        for d in range(dims):
            gid = idx[d] + off[d]
            out += [gid, idx[d] % ls[d], idx[d] // ls[d], ls[d], gs[d] // ls[d], off[d], gs[d]]
        out.append(dims)
    return out


def nd_file(dims, cases):
    tests = []
    for name, gs, ls, off in cases:
        total = 1
        for g in gs:
            total *= g
        te = Test(name, kernel_name='k_ids', dimensions=dims, global_size=sizes(*gs), local_size=sizes(*ls))
        if any(off):
            te.keys['global_offset'] = sizes(*off)
        te.out(0, 'uint', total * (7 * dims + 1), nd_expect(gs, ls, off))
        # arg_out only: the runner allocates the buffer (contents undefined)
        tests.append(te)
    write('f_ndrange_%dd.cl' % dims, 'ndrange_%dd' % dims, ND_SRC, tests,
          build_options='-D DIMS=%d' % dims, dimensions=dims)


PW_SRC = r'''
/* Work-groups whose size is not a multiple of the 64-lane wave: the last
 * wave of each group is partial.  Each item stores into LDS, the group
 * synchronises, then item l reads item (n-1-l)'s value and the group sum
 * computed by item 0. */
kernel void k_partial(global const int *in, global int *out, local int *lds, local int *sum)
{
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    lds[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        int s = 0;
        for (size_t k = 0; k < n; k++)
            s += lds[k];
        *sum = s;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[3 * g] = lds[n - 1 - l];
    out[3 * g + 1] = *sum;
    out[3 * g + 2] = (int)(get_group_id(0) * 1000 + l);
}
'''


def pw_file():
    rng = Rng(4101)
    tests = []
    for ls, groups in ((1, 17), (7, 9), (33, 5), (65, 4), (100, 3), (256, 3), (63, 2), (129, 2)):
        n = ls * groups
        A = [rng.range(-10000, 10000) for _ in range(n)]
        o = []
        for gi in range(n):
            grp, l = divmod(gi, ls)
            base = grp * ls
            o += [A[base + ls - 1 - l], sum(A[base:base + ls]), grp * 1000 + l]
        te = Test('local_size_%d' % ls, kernel_name='k_partial', global_size=sizes(n), local_size=sizes(ls))
        te.inp(0, 'int', n, A).out(1, 'int', 3 * n, o).local(2, 'int', ls).local(3, 'int', 1)
        tests.append(te)
    write('f_partial_waves.cl', 'partial_waves', PW_SRC, tests)


def main():
    nd_file(1, [('1d_256_64', (256,), (64,), (0,)),
                ('1d_300_100_off17', (300,), (100,), (17,)),
                ('1d_1024_256_off5', (1024,), (256,), (5,)),
                ('1d_195_65_off1000', (195,), (65,), (1000,)),
                ('1d_63_7_off3', (63,), (7,), (3,)),
                ('1d_64_1', (64,), (1,), (0,))])
    nd_file(2, [('2d_64x16_16x4', (64, 16), (16, 4), (0, 0)),
                ('2d_30x10_5x5_off', (30, 10), (5, 5), (3, 7)),
                ('2d_128x4_64x1', (128, 4), (64, 1), (0, 0)),
                ('2d_33x6_33x2_off', (33, 6), (33, 2), (100, 1)),
                ('2d_8x32_1x32', (8, 32), (1, 32), (0, 9))])
    nd_file(3, [('3d_8x8x8_4x2x8', (8, 8, 8), (4, 2, 8), (0, 0, 0)),
                ('3d_12x6x5_3x3x5_off', (12, 6, 5), (3, 3, 5), (1, 2, 3)),
                ('3d_64x2x2_64x1x1', (64, 2, 2), (64, 1, 1), (0, 0, 0)),
                ('3d_7x3x9_7x3x3_off', (7, 3, 9), (7, 3, 3), (5, 0, 11)),
                ('3d_4x4x4_1x1x1', (4, 4, 4), (1, 1, 1), (2, 2, 2))])
    pw_file()


if __name__ == '__main__':
    main()
