#!/usr/bin/python3
"""Control-flow tests: f_branch_*.cl, f_loop_*.cl (f_loop_structured.cl: shapes of
src/isel/isel_struct.c), f_switch.cl.

The reference functions below mirror each kernel statement by statement
(with C's truncating % and / via cdiv/crem, and 32-bit wraparound where the
kernel uses uint).
"""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

UNI_SRC = r'''
/* Branches whose conditions are uniform: on kernel arguments, on the
 * group id and on the local size. */
kernel void k_uniform(global const int *a, global int *out, int mode, int k)
{
    size_t i = get_global_id(0);
    int x = a[i];
    int r;
    if (mode == 0)
        r = x + k;
    else if (mode == 1)
        r = x * k;
    else if (mode < 5) {
        r = x ^ k;
        if (k > 3)
            r += 1;
        else
            r -= 1;
    } else
        r = -x;
    if (get_group_id(0) & 1)
        r += 1000;
    else
        r -= 1000;
    if (get_local_size(0) > 32)
        r *= 2;
    out[i] = r;
}
'''


def uni_ref(x, mode, k, grp, ls):
    if mode == 0:
        r = x + k
    elif mode == 1:
        r = x * k
    elif mode < 5:
        r = x ^ k
        r = r + 1 if k > 3 else r - 1
    else:
        r = -x
    r = r + 1000 if grp & 1 else r - 1000
    if ls > 32:
        r *= 2
    return r


DIV_SRC = r'''
/* Divergent branches: on lane parity, nested, data dependent, and early
 * returns from some lanes. */
kernel void k_div(global const int *a, global int *out)
{
    size_t i = get_global_id(0);
    int x = a[i];
    int r = 0;
    if (i & 1) {
        r = x * 3;
        if (x > 0) {
            r += 7;
            if (x & 4)
                r ^= 0x55;
        } else
            r -= 7;
    } else {
        r = x >> 1;
        if ((i & 6) == 2)
            r = -r;
        else if (x & 1)
            r += 100;
    }
    if (x % 5 == 0)
        r = 0;
    out[i] = r;
}
kernel void k_div_return(global const int *a, global int *out)
{
    size_t i = get_global_id(0);
    out[i] = -1;
    if (a[i] < 0)
        return;
    int x = a[i];
    if (x > 1000) {
        out[i] = 1;
        return;
    }
    out[i] = x * 2 + (int)(get_local_id(0) & 3);
}
/* if/else chain where each arm does a memory access of a different kind */
kernel void k_div_mem(global const int *a, global const int *tbl, global int *out, local int *lds)
{
    size_t i = get_global_id(0), l = get_local_id(0);
    lds[l] = a[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = a[i], r;
    if (x & 1)
        r = tbl[x & 15];
    else if (x & 2)
        r = lds[(l + 1) % get_local_size(0)];
    else
        r = x;
    out[i] = r;
}
'''


def div_ref(i, x):
    if i & 1:
        r = x * 3
        if x > 0:
            r += 7
            if x & 4:
                r ^= 0x55
        else:
            r -= 7
    else:
        r = x >> 1
        if (i & 6) == 2:
            r = -r
        elif x & 1:
            r += 100
    if crem(x, 5) == 0:
        r = 0
    return r


LOOP_SRC = r'''
/* Nested loops with divergent trip counts, break and continue. */
kernel void k_loops(global const int *a, global const int *b, global int *out)
{
    size_t i = get_global_id(0);
    int n = a[i], m = b[i];
    int acc = 0;
    for (int j = 0; j < n; j++) {
        if (j % 3 == 2)
            continue;
        for (int k = 0; k < m; k++) {
            if (k > j)
                break;
            acc += j * k + 1;
            if (acc > 5000)
                break;
        }
        if (acc > 20000)
            break;
        acc ^= j;
    }
    /* Collatz: a while loop with a wildly divergent trip count */
    int w = n, steps = 0;
    while (w != 1 && steps < 200) {
        w = (w & 1) ? 3 * w + 1 : w >> 1;
        steps++;
    }
    /* do-while with continue */
    int d = 0, c = 0;
    do {
        d++;
        if (d & 1)
            continue;
        c += d;
    } while (d < m);
    out[3 * i] = acc;
    out[3 * i + 1] = steps;
    out[3 * i + 2] = c;
}
'''


def loop_ref(n, m):
    acc = 0
    for j in range(n):
        if j % 3 == 2:
            continue
        for k in range(m):
            if k > j:
                break
            acc += j * k + 1
            if acc > 5000:
                break
        if acc > 20000:
            break
        acc ^= j
    w, steps = n, 0
    while w != 1 and steps < 200:
        w = 3 * w + 1 if w & 1 else w >> 1
        steps += 1
    d = c = 0
    while True:
        d += 1
        if not d & 1:
            c += d
        if not d < m:
            break
    return [acc, steps, c]


ULOOP_SRC = r'''
/* Loops whose trip counts are uniform: from a kernel argument, a constant,
 * and a uniform early exit. */
kernel void k_uloop(global const uint *a, global uint *out, int n, int stop)
{
    size_t i = get_global_id(0);
    uint x = a[i];
    uint acc = 0;
    for (int j = 0; j < n; j++)
        acc = acc * 3u + (x ^ (uint)j);
    uint h = x;
    for (int j = 0; j < 8; j++)
        h = (h << 5) ^ (h >> 3) ^ (uint)j;
    uint s = 0;
    for (int j = 0; j < n * 2; j++) {
        if (j == stop)
            break;
        s += x >> (j & 31);
    }
    out[3 * i] = acc;
    out[3 * i + 1] = h;
    out[3 * i + 2] = s;
}
'''


def uloop_ref(x, n, stop):
    M = 0xffffffff
    acc = 0
    for j in range(n):
        acc = (acc * 3 + (x ^ j)) & M
    h = x
    for j in range(8):
        h = ((h << 5) ^ (h >> 3) ^ j) & M
    s = 0
    for j in range(n * 2):
        if j == stop:
            break
        s = (s + (x >> (j & 31))) & M
    return [acc, h, s]


SW_SRC = r'''
/* Dense (jump-table sized) and sparse switches with divergent selectors,
 * fallthrough and default. */
kernel void k_dense(global const int *a, global int *out)
{
    size_t i = get_global_id(0);
    int x = a[i], r = 0;
    switch (x & 15) {
    case 0: r = 10; break;
    case 1: r = x * 2; break;
    case 2:
    case 3: r = x - 5; break;
    case 4: r = -x;          /* fall through */
    case 5: r += 1000; break;
    case 6: r = x >> 2; break;
    case 7: r = x ^ 0xff; break;
    case 8: r = 8; break;
    case 9: r = x % 7; break;
    case 10: r = (int)i; break;
    case 11: r = 11 * x; break;
    default: r = -1; break;
    }
    out[i] = r;
}
kernel void k_sparse(global const int *a, global int *out)
{
    size_t i = get_global_id(0);
    int x = a[i], r;
    switch (x) {
    case -1000: r = 1; break;
    case 3: r = 2; break;
    case 17: r = 3;          /* fall through */
    case 100: r = 4; break;
    case 1 << 20: r = 5; break;
    case 0x7fffffff: r = 6; break;
    case -2147483647 - 1: r = 7; break;
    default: r = x & 0xff; break;
    }
    out[i] = r;
}
'''


def dense_ref(i, x):
    s = x & 15
    r = 0
    if s == 0:
        r = 10
    elif s == 1:
        r = x * 2
    elif s in (2, 3):
        r = x - 5
    elif s in (4, 5):
        if s == 4:
            r = -x
        r += 1000
    elif s == 6:
        r = x >> 2
    elif s == 7:
        r = x ^ 0xff
    elif s == 8:
        r = 8
    elif s == 9:
        r = crem(x, 7)
    elif s == 10:
        r = i
    elif s == 11:
        r = 11 * x
    else:
        r = -1
    return r


def sparse_ref(x):
    return {-1000: 1, 3: 2, 17: 4, 100: 4, 1 << 20: 5, 0x7fffffff: 6, -2 ** 31: 7}.get(x, x & 0xff)


NEST_SRC = r"""
/* Exits that leave several loops at once, on conditions that differ per
 * work-item: a return from inside two loops (k_ret2), a goto out of three
 * loops to code after them (k_out3), and a goto out of the two inner of
 * three loops that stays in the outermost (k_skip2), a break out of two
 * loops to the code after them, where both exits join (k_brk2). Values
 * computed in every loop level are used after the exits. */
kernel void k_ret2(global const int *a, global int *out, int n)
{
    int g = get_global_id(0);
    int acc = g;
    for (int i = 0; i < n; i++) {
        acc += a[(g + i) & 63];
        for (int j = 0; j < n; j++) {
            acc += a[(i * 7 + j + g) & 63] ^ j;
            if ((acc & 15) == (g & 15) && i + j >= (g & 3)) {
                out[g] = acc * 100 + i * 10 + j;
                return;
            }
        }
        acc ^= i;
    }
    out[g] = -acc;
}
kernel void k_out3(global const int *a, global int *out, int n)
{
    int g = get_global_id(0);
    int s = 0, i, j, k;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++) {
                s += a[(i + 3 * j + 5 * k + g) & 63];
                if ((s & 31) == (g & 31))
                    goto found;
            }
    out[2 * g] = -1;
    out[2 * g + 1] = s;
    return;
found:
    out[2 * g] = i * 100 + j * 10 + k;
    out[2 * g + 1] = s;
}
kernel void k_skip2(global const int *a, global int *out, int n)
{
    int g = get_global_id(0);
    int s = 0, t = 0;
    for (int m = 0; m < n; m++) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                s += a[(m + i * 5 + j + g) & 63];
                if ((s & 7) == ((g + m) & 7))
                    goto next;
            }
        t += 1000;
    next:
        t += s & 255;
    }
    out[g] = t;
}
kernel void k_brk2(global const int *a, global int *out, int n)
{
    int g = get_global_id(0);
    int s = g, r = -1;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            s += a[(i * 3 + j + g) & 63];
            if ((s & 15) == (g & 15)) {
                r = i * 10 + j;
                goto done;
            }
        }
        s ^= i;
    }
done:
    out[2 * g] = r;
    out[2 * g + 1] = s;
}
"""


def brk2_ref(A, n, g):
    s, r = g, -1
    for i in range(n):
        for j in range(n):
            s = wrap(s + A[(i * 3 + j + g) & 63], 'int')
            if (s & 15) == (g & 15):
                return [i * 10 + j, s]
        s ^= i
    return [r, s]


def nest_ref(A, n, g):
    # k_ret2
    acc, r2 = g, None
    for i in range(n):
        acc = wrap(acc + A[(g + i) & 63], 'int')
        for j in range(n):
            acc = wrap(acc + (A[(i * 7 + j + g) & 63] ^ j), 'int')
            if (acc & 15) == (g & 15) and i + j >= (g & 3):
                r2 = wrap(acc * 100 + i * 10 + j, 'int')
                break
        if r2 is not None:
            break
        acc ^= i
    if r2 is None:
        r2 = wrap(-acc, 'int')
    # k_out3
    s, found = 0, None
    for i in range(n):
        for j in range(n):
            for k in range(n):
                s = wrap(s + A[(i + 3 * j + 5 * k + g) & 63], 'int')
                if (s & 31) == (g & 31):
                    found = (i, j, k)
                    break
            if found:
                break
        if found:
            break
    o3 = [found[0] * 100 + found[1] * 10 + found[2], s] if found else [-1, s]
    # k_skip2
    s, t = 0, 0
    for m in range(n):
        hit = False
        for i in range(n):
            for j in range(n):
                s = wrap(s + A[(m + i * 5 + j + g) & 63], 'int')
                if (s & 7) == ((g + m) & 7):
                    hit = True
                    break
            if hit:
                break
        if not hit:
            t = wrap(t + 1000, 'int')
        t = wrap(t + (s & 255), 'int')
    return r2, o3, t


def nested_exits():
    rng = Rng(5101)
    tests = []
    for n_items, loc, n in ((64, 64, 5), (128, 64, 9), (96, 32, 3)):
        A = [rng.range(-1000, 1000) for _ in range(64)]
        o2, o3, os_, ob = [], [], [], []
        for g in range(n_items):
            r2, r3, t = nest_ref(A, n, g)
            o2.append(r2)
            o3 += r3
            os_.append(t)
            ob += brk2_ref(A, n, g)
        for kern, outs, cnt in (('k_ret2', o2, n_items), ('k_out3', o3, 2 * n_items), ('k_skip2', os_, n_items),
                                ('k_brk2', ob, 2 * n_items)):
            te = Test('%s_%d_n%d' % (kern[2:], n_items, n), kernel_name=kern, global_size=sizes(n_items),
                      local_size=sizes(loc))
            te.inp(0, 'int', 64, A).inp(1, 'int', cnt, [0] * cnt).out(1, 'int', cnt, outs).val(2, 'int', n)
            tests.append(te)
    write('f_loop_nested_exits.cl', 'loop_nested_exits', NEST_SRC, tests)


STRUCT_SRC = r"""
/* Shapes the structured lowering of divergent control flow handles
 * (src/isel/isel_struct.c): a divergent loop holding an if-then and a
 * divergent inner loop with a break at its top level, a value of the inner
 * loop read after it (lanes leave in different iterations), a uniform
 * table read indexed by the uniform counter of a divergent loop (a scalar
 * load inside the loop), a uniform loop inside a divergent if/else, and a
 * boolean merged at a divergent join. */
kernel void k_struct(global const int *a, global const int *b, constant int *tbl, global int *out, int u)
{
    size_t i = get_global_id(0);
    int n = a[i], m = b[i];
    int acc = 0;
    for (int j = 0; j < n; j++) {
        if (j & 1)
            acc += tbl[j & 15];
        int k = 0;
        while (k < m) {
            acc += k ^ j;
            if (acc > 3000)
                break;
            k++;
        }
        acc += 3 * k;
        if (acc > 9000)
            break;
    }
    int s = 0;
    if (n & 1) {
        for (int j = 0; j < u; j++)
            s += j * n + tbl[j & 15];
    } else if (m > 3) {
        s = -m;
        out[4 * i + 3] = 7;
    }
    int p;
    if (n > m) {
        out[4 * i + 3] = 1;
        p = (acc & 1) != 0;
    } else {
        p = s < 0;
    }
    out[4 * i] = acc;
    out[4 * i + 1] = s;
    out[4 * i + 2] = p ? 11 : 22;
}

/* A uniform loop counter stored into a private array that stays a vector
 * (dynamic index after the loop): lanes leave the loop in different
 * iterations and must each read their own last store (found by
 * tests/fuzz/clsmith.py seed 53: the insertelement forwarded the SGPR). */
kernel void k_temporal(global const int *a, global int *out)
{
    size_t i = get_global_id(0);
    int n = a[i] & 15;
    int arr[8];
    for (int k = 0; k < 8; k++)
        arr[k] = (int)i + k;
    for (int j = 0; j < n; j++)
        arr[6] = j << 4;
    out[i] = arr[(a[i] >> 4) & 7];
}
"""


def struct_ref(n, m, tbl, u):
    acc = 0
    for j in range(n):
        if j & 1:
            acc += tbl[j & 15]
        k = 0
        while k < m:
            acc += k ^ j
            if acc > 3000:
                break
            k += 1
        acc += 3 * k
        if acc > 9000:
            break
    s = 0
    o3 = 0
    if n & 1:
        for j in range(u):
            s += j * n + tbl[j & 15]
    elif m > 3:
        s = -m
        o3 = 7
    if n > m:
        o3 = 1
        p = (acc & 1) != 0
    else:
        p = s < 0
    return [acc, s, 11 if p else 22, o3]


def structured():
    rng = Rng(5201)
    tests = []
    for name, n, loc, nmax, mmax, u in (('struct_small', 256, 64, 9, 9, 5), ('struct_big', 128, 128, 40, 30, 0),
                                        ('struct_mixed', 195, 65, 25, 4, 13)):
        A = [rng.range(0, nmax) for _ in range(n)]
        B = [rng.range(0, mmax) for _ in range(n)]
        T = [rng.range(-50, 50) for _ in range(16)]
        o = []
        for x, y in zip(A, B):
            o += struct_ref(x, y, T, u)
        te = Test(name, kernel_name='k_struct', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).inp(1, 'int', n, B).inp(2, 'int', 16, T)
        te.inp(3, 'int', 4 * n, [0] * (4 * n)).out(3, 'int', 4 * n, o).val(4, 'int', u)
        tests.append(te)
    for name, n, loc in (('temporal_128', 128, 64), ('temporal_100', 100, 50)):
        A = [rng.range(0, 127) for _ in range(n)]
        o = []
        for i, x in enumerate(A):
            arr = [i + k for k in range(8)]
            for j in range(x & 15):
                arr[6] = j << 4
            o.append(arr[(x >> 4) & 7])
        te = Test(name, kernel_name='k_temporal', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).out(1, 'int', n, o)
        tests.append(te)
    write('f_loop_structured.cl', 'loop_structured', STRUCT_SRC, tests)


def main():
    rng = Rng(5001)
    # uniform branches
    tests = []
    for mode, k, n, loc in ((0, 5, 256, 64), (1, -3, 256, 32), (3, 5, 192, 64), (3, 2, 100, 25), (7, 0, 256, 128),
                            (2, 9, 130, 65)):
        A = [rng.range(-100000, 100000) for _ in range(n)]
        te = Test('uniform_mode%d_k%d_l%d' % (mode, k, loc), kernel_name='k_uniform', global_size=sizes(n),
                  local_size=sizes(loc))
        te.inp(0, 'int', n, A).out(1, 'int', n, [uni_ref(x, mode, k, i // loc, loc) for i, x in enumerate(A)])
        te.val(2, 'int', mode).val(3, 'int', k)
        tests.append(te)
    write('f_branch_uniform.cl', 'branch_uniform', UNI_SRC, tests)

    # divergent branches
    tests = []
    for name, n, loc in (('parity_256', 256, 64), ('parity_300', 300, 100), ('parity_65', 130, 65)):
        A = [rng.range(-1000000, 1000000) for _ in range(n)]
        te = Test(name, kernel_name='k_div', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).out(1, 'int', n, [div_ref(i, x) for i, x in enumerate(A)])
        tests.append(te)
    for name, n, loc in (('early_return', 256, 64), ('early_return_33', 99, 33)):
        A = [rng.range(-500, 2000) for _ in range(n)]
        o = [-1 if x < 0 else (1 if x > 1000 else x * 2 + (i % loc & 3)) for i, x in enumerate(A)]
        te = Test(name, kernel_name='k_div_return', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).out(1, 'int', n, o)
        tests.append(te)
    for name, n, loc in (('mem_arms', 256, 128), ('mem_arms_7', 63, 7)):
        A = [rng.range(-5000, 5000) for _ in range(n)]
        T = [rng.range(-99, 99) for _ in range(16)]
        o = []
        for i, x in enumerate(A):
            g, l = divmod(i, loc)
            if x & 1:
                o.append(T[x & 15])
            elif x & 2:
                o.append(A[g * loc + (l + 1) % loc])
            else:
                o.append(x)
        te = Test(name, kernel_name='k_div_mem', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).inp(1, 'int', 16, T).out(2, 'int', n, o).local(3, 'int', loc)
        tests.append(te)
    write('f_branch_divergent.cl', 'branch_divergent', DIV_SRC, tests)

    # divergent loops
    tests = []
    for name, n, loc, nmax, mmax in (('loops_small', 256, 64, 12, 12), ('loops_big', 128, 128, 60, 40),
                                     ('loops_mixed', 195, 65, 100, 5)):
        A = [rng.range(0, nmax) for _ in range(n)]
        B = [rng.range(0, mmax) for _ in range(n)]
        o = []
        for x, y in zip(A, B):
            o += loop_ref(x, y)
        te = Test(name, kernel_name='k_loops', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).inp(1, 'int', n, B).out(2, 'int', 3 * n, o)
        tests.append(te)
    write('f_loop_divergent.cl', 'loop_divergent', LOOP_SRC, tests)

    # uniform loops
    tests = []
    for cnt, stop, n, loc in ((0, 0, 128, 64), (1, 5, 128, 32), (17, 100, 256, 64), (40, 33, 256, 256), (9, 0, 64, 1 * 64)):
        A = [rng.of('uint') for _ in range(n)]
        o = []
        for x in A:
            o += uloop_ref(x, cnt, stop)
        te = Test('uloop_n%d_stop%d' % (cnt, stop), kernel_name='k_uloop', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uint', n, A).out(1, 'uint', 3 * n, o).val(2, 'int', cnt).val(3, 'int', stop)
        tests.append(te)
    write('f_loop_uniform.cl', 'loop_uniform', ULOOP_SRC, tests)

    # switch
    tests = []
    for name, n, loc in (('dense_256', 256, 64), ('dense_100', 100, 100)):
        A = [rng.range(-100000, 100000) for _ in range(n)]
        te = Test(name, kernel_name='k_dense', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).out(1, 'int', n, [dense_ref(i, x) for i, x in enumerate(A)])
        tests.append(te)
    for name, n, loc in (('sparse_256', 256, 64), ('sparse_33', 66, 33)):
        keys = [-1000, 3, 17, 100, 1 << 20, 0x7fffffff, -2 ** 31]
        A = [rng.pick(keys) if rng.range(0, 1) else rng.pick([rng.of('int'), rng.range(-5, 200)]) for _ in range(n)]
        te = Test(name, kernel_name='k_sparse', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).out(1, 'int', n, [sparse_ref(x) for x in A])
        tests.append(te)
    write('f_switch.cl', 'switch', SW_SRC, tests)
    nested_exits()
    structured()


if __name__ == '__main__':
    main()
