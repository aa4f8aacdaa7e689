"""Writes tests/kernels/f_loop_nested_break.cl: loop exits from inside an
if of the loop body (a break two ifs deep, a return after a continue, two
returns from one if, a break inside an if of an inner loop), which
the IR pass loop-exit-flags (src/llvm/loop_exit_flags.c) moves to flow
blocks at the top level of the body so that the structured selector takes
them. Inputs are chosen per wave of 64 lanes: one wave where no lane
leaves early, one where every lane leaves in the first iteration, and
waves where lanes leave in different iterations or not at all, with arms
that whole waves skip."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, sizes, wrap, write  # noqa: E402

SRC = r"""
/* Loop exits from inside ifs of the loop body: llvm/loop_exit_flags.c
 * turns each into a flag tested at the next top-level block of the body.
 * lim[] decides per lane (and per wave) whether and when a lane leaves. */
kernel void k_brk_if(global const int *a, global const int *lim, global int *out, int n)
{
    int g = get_global_id(0);
    int s = a[g & 255], r = -1, last = 0;
    for (int i = 0; i < n; i++) {
        int v = a[(g + 7 * i) & 255];
        if (v & 1) {
            int w = a[(v + i) & 255] * 3 + i; /* a load: the if stays */
            if (w >= lim[g]) {
                r = w;
                break;
            }
            s += w;
        } else {
            s ^= v;
        }
        last = s & 255;
        s += i;
    }
    out[3 * g] = r;
    out[3 * g + 1] = s;
    out[3 * g + 2] = last;
}

kernel void k_ret_cont(global const int *a, global const int *lim, global int *out, int n)
{
    int g = get_global_id(0);
    int s = 0;
    out[2 * g + 1] = -7;
    for (int i = 0; i < n; i++) {
        int v = a[(g + 3 * i) & 255];
        if (v % 3 == 0)
            continue;
        s += v;
        if (s > lim[g]) {
            if (v & 1) {
                out[2 * g] = s;
                out[2 * g + 1] = i;
                return;
            }
            s -= 100;
        }
        s ^= i;
    }
    out[2 * g] = s;
}

kernel void k_two(global const int *a, global const int *lim, global int *out, int n)
{
    int g = get_global_id(0);
    int s = g;
    for (int i = 0; i < n; i++) {
        int v = a[(3 * g + i) & 255];
        if (v > 100) {
            int t = a[(v + s) & 255] + s;
            if (t > lim[g]) {
                out[2 * g] = t;
                out[2 * g + 1] = i + 1;
                return;
            }
            if ((t & 15) == 3) {
                out[2 * g] = -t;
                out[2 * g + 1] = -i - 1;
                return;
            }
            s -= v;
        }
        s += v ^ i;
    }
    out[2 * g] = s;
    out[2 * g + 1] = 0;
}

kernel void k_inner(global const int *a, global const int *lim, global int *out, int n)
{
    int g = get_global_id(0);
    int s = 0, hits = 0;
    for (int i = 0; i < n; i++) {
        int j;
        for (j = 0; j < n; j++) {
            int v = a[(g + 5 * i + j) & 255];
            if (v & 2) {
                s += a[(v + j) & 255];
                if (s > lim[g])
                    break;
            }
            s ^= j;
        }
        hits += j;
        s = s / 2;
    }
    out[2 * g] = s;
    out[2 * g + 1] = hits;
}
"""

INT_MAX, INT_MIN = 2 ** 31 - 1, -2 ** 31


def w(v):
    return wrap(v, 'int')


def cdiv2(x):
    return int(x / 2) if x >= 0 else -((-x) // 2)


def brk_if_ref(a, lim, n, g):
    s, r, last = a[g & 255], -1, 0
    for i in range(n):
        v = a[(g + 7 * i) & 255]
        if v & 1:
            x = w(a[(v + i) & 255] * 3 + i)
            if x >= lim[g]:
                r = x
                break
            s = w(s + x)
        else:
            s ^= v
        last = s & 255
        s = w(s + i)
    return [r, s, last]


def ret_cont_ref(a, lim, n, g):
    s = 0
    for i in range(n):
        v = a[(g + 3 * i) & 255]
        if v % 3 == 0:  # a[] >= 0 here: C and Python agree
            continue
        s = w(s + v)
        if s > lim[g]:
            if v & 1:
                return [s, i]
            s = w(s - 100)
        s ^= i
    return [s, -7]


def two_ref(a, lim, n, g):
    s = g
    for i in range(n):
        v = a[(3 * g + i) & 255]
        if v > 100:
            t = w(a[(v + s) & 255] + s)
            if t > lim[g]:
                return [t, i + 1]
            if (t & 15) == 3:
                return [w(-t), -i - 1]
            s = w(s - v)
        s = w(s + (v ^ i))
    return [s, 0]


def inner_ref(a, lim, n, g):
    s, hits = 0, 0
    for i in range(n):
        j = 0
        while j < n:
            v = a[(g + 5 * i + j) & 255]
            if v & 2:
                s = w(s + a[(v + j) & 255])
                if s > lim[g]:
                    break
            s ^= j
            j += 1
        hits += j
        s = cdiv2(s)
    return [s, hits]


def lims(rng, n_items, lo, hi):
    """Per lane: wave 0 never leaves early, wave 1 leaves at once, the
    other waves per lane (some never)."""
    out = []
    for g in range(n_items):
        wave = g // 64
        if wave == 0:
            out.append(INT_MAX)
        elif wave == 1:
            out.append(INT_MIN)
        else:
            out.append(INT_MAX if rng.range(0, 7) == 0 else rng.range(lo, hi))
    return out


def main():
    rng = Rng(91442)
    tests = []
    for n_items, loc, n in ((256, 64, 9), (256, 64, 1), (192, 64, 17), (320, 64, 4)):
        a = [rng.range(0, 1000) for _ in range(256)]
        # every lane of wave 1 meets an odd value first (k_brk_if leaves at once)
        for g in range(64, 128):
            a[g & 255] |= 1
        for kern, ref, width, lo, hi in (('k_brk_if', brk_if_ref, 3, 0, 3000), ('k_ret_cont', ret_cont_ref, 2, 0, 4000),
                                         ('k_two', two_ref, 2, 200, 2500), ('k_inner', inner_ref, 2, 0, 5000)):
            lim = lims(rng, n_items, lo, hi)
            o = []
            for g in range(n_items):
                o += ref(a, lim, n, g)
            te = Test('%s_%d_n%d' % (kern[2:], n_items, n), kernel_name=kern, global_size=sizes(n_items),
                      local_size=sizes(loc))
            te.inp(0, 'int', 256, a).inp(1, 'int', n_items, lim).inp(2, 'int', width * n_items, [0] * (width * n_items))
            te.out(2, 'int', width * n_items, o).val(3, 'int', n)
            tests.append(te)
    write('f_loop_nested_break.cl', 'loop_nested_break', SRC, tests)


if __name__ == '__main__':
    main()
