#!/usr/bin/python3
"""Memory tests: f_lds_*.cl, f_local_args.cl, f_private_array.cl,
f_constant_mem.cl, f_generic_ptr.cl, f_atomic_*.cl.

Atomic tests only check results that do not depend on the order in which
work-items run: final values of commutative updates, the set of values
returned by atomic_inc (each seen exactly once), a single winner of a
compare-and-swap, and per-item exchanges.
"""
import sys
sys.dont_write_bytecode = True
import os
from functools import reduce
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *


def groups(n, loc):
    return [(g, range(g * loc, (g + 1) * loc)) for g in range(n // loc)]


LDS_REV_SRC = r'''
/* Reverse the elements of each work-group through a statically sized LDS
 * array (two rounds, so the second reuses LDS after a barrier), for int,
 * float, short and long. */
#define K(T) \
kernel void k_##T(global const T *in, global T *out) \
{ \
    local T buf[256]; \
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0); \
    buf[l] = in[g]; \
    barrier(CLK_LOCAL_MEM_FENCE); \
    T v = buf[n - 1 - l]; \
    barrier(CLK_LOCAL_MEM_FENCE); \
    buf[(l + 1) % n] = v; \
    barrier(CLK_LOCAL_MEM_FENCE); \
    out[2 * g] = v; \
    out[2 * g + 1] = buf[l]; \
}
K(int)
K(float)
K(short)
K(long)
'''


def lds_reverse():
    rng = Rng(6001)
    tests = []
    for t, n, loc in (('int', 1024, 256), ('int', 256, 64), ('float', 300, 100), ('short', 231, 33),
                      ('long', 256, 128), ('int', 130, 65)):
        A = [rng.f32(-1000, 1000) for _ in range(n)] if t == 'float' else [rng.of(t) for _ in range(n)]
        o = [None] * (2 * n)
        for g, idx in groups(n, loc):
            base = g * loc
            v = [A[base + loc - 1 - l] for l in range(loc)]
            buf = [None] * loc
            for l in range(loc):
                buf[(l + 1) % loc] = v[l]
            for l in range(loc):
                o[2 * (base + l)] = v[l]
                o[2 * (base + l) + 1] = buf[l]
        te = Test('reverse_%s_%d_%d' % (t, n, loc), kernel_name='k_' + t, global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, t, n, A).out(1, t, 2 * n, o)
        tests.append(te)
    write('f_lds_reverse.cl', 'lds_reverse', LDS_REV_SRC, tests)


LDS_NB_SRC = r'''
/* Neighbour exchange in LDS across waves of a work-group, and an 8x8 tile
 * transpose in a 2-D work-group. */
kernel void k_neighbor(global const int *in, global int *out)
{
    local int buf[256];
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    buf[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    int left = buf[(l + n - 1) % n], right = buf[(l + 1) % n];
    int far = buf[(l + 64) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[l] = left + right;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[2 * g] = right - left + far;
    out[2 * g + 1] = buf[n - 1 - l] * 2 - buf[l];
}
kernel void k_transpose(global const float *in, global float *out)
{
    local float tile[8][9];
    size_t lx = get_local_id(0), ly = get_local_id(1);
    size_t gx = get_global_id(0), gy = get_global_id(1), w = get_global_size(0);
    tile[ly][lx] = in[gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gy * w + gx] = tile[lx][ly];
}
'''


def lds_neighbor():
    rng = Rng(6101)
    tests = []
    for n, loc in ((512, 256), (256, 128), (200, 100), (192, 64), (70, 7)):
        A = [rng.range(-10 ** 6, 10 ** 6) for _ in range(n)]
        o = [None] * (2 * n)
        for g, _ in groups(n, loc):
            b = A[g * loc:(g + 1) * loc]
            left = [b[(l + loc - 1) % loc] for l in range(loc)]
            right = [b[(l + 1) % loc] for l in range(loc)]
            far = [b[(l + 64) % loc] for l in range(loc)]
            nb = [left[l] + right[l] for l in range(loc)]
            for l in range(loc):
                o[2 * (g * loc + l)] = right[l] - left[l] + far[l]
                o[2 * (g * loc + l) + 1] = nb[loc - 1 - l] * 2 - nb[l]
        te = Test('neighbor_%d_%d' % (n, loc), kernel_name='k_neighbor', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).out(1, 'int', 2 * n, o)
        tests.append(te)
    for W, H in ((32, 16), (16, 24)):
        A = [rng.f32(-10, 10) for _ in range(W * H)]
        o = [None] * (W * H)
        for gy in range(H):
            for gx in range(W):
                lx, ly = gx % 8, gy % 8
                bx, by = gx - lx, gy - ly
                o[gy * W + gx] = A[(by + lx) * W + bx + ly]
        te = Test('transpose_%dx%d' % (W, H), kernel_name='k_transpose', dimensions=2, global_size=sizes(W, H),
                  local_size=sizes(8, 8))
        te.inp(0, 'float', W * H, A).out(1, 'float', W * H, o)
        tests.append(te)
    write('f_lds_neighbor.cl', 'lds_neighbor', LDS_NB_SRC, tests)


LARGS_SRC = r'''
/* __local kernel arguments whose sizes come from the host: an int array
 * and a float4 array, plus a tree reduction through a third local buffer. */
kernel void k_largs(global const int *in, global int *out, local int *li, local float4 *lf, local int *red)
{
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    li[l] = in[g];
    lf[l] = (float4)((float)in[g], 1.0f, (float)l, -2.0f);
    red[l] = in[g] & 0xffff;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = n / 2; s > 0; s >>= 1) {
        if (l < s)
            red[l] += red[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 f = lf[n - 1 - l];
    out[3 * g] = li[(l * 7) % n];
    out[3 * g + 1] = (int)(f.x + f.y * f.z + f.w);
    out[3 * g + 2] = red[0];
}
'''


def local_args():
    rng = Rng(6201)
    tests = []
    for n, loc in ((512, 256), (256, 64), (128, 32), (64, 1), (96, 8)):
        A = [rng.range(-100000, 100000) for _ in range(n)]
        o = [None] * (3 * n)
        for g, _ in groups(n, loc):
            b = A[g * loc:(g + 1) * loc]
            red = [v & 0xffff for v in b]
            s = loc // 2
            while s > 0:
                for l in range(s):
                    red[l] += red[l + s]
                s >>= 1
            for l in range(loc):
                src = loc - 1 - l
                o[3 * (g * loc + l)] = b[(l * 7) % loc]
                o[3 * (g * loc + l) + 1] = int(f32(f32(b[src] + f32(1.0 * src)) - 2.0))
                o[3 * (g * loc + l) + 2] = red[0]
        te = Test('local_args_%d_%d' % (n, loc), kernel_name='k_largs', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).out(1, 'int', 3 * n, o)
        te.local(2, 'int', loc).local(3, 'float4', loc).local(4, 'int', loc)
        tests.append(te)
    write('f_local_args.cl', 'local_args', LARGS_SRC, tests,
          comment='the float part is exact: |values| < 2^24, f.y is 1 and f.w is -2')


PRIV_SRC = r'''
/* Private arrays indexed with run-time values (they live in scratch
 * memory): a table filled from the input, a dynamic store, and an
 * insertion sort of 16 elements. */
kernel void k_priv(global const int *a, global const uint *idx, global int *out)
{
    size_t i = get_global_id(0);
    int p[32];
    int x = a[i];
    for (int k = 0; k < 32; k++)
        p[k] = x * k + k * k;
    int s = 0;
    for (int j = 0; j < 8; j++)
        s += p[idx[8 * i + j] & 31];
    p[idx[8 * i] & 31] = 12345;
    out[2 * i] = s;
    out[2 * i + 1] = p[idx[8 * i + 1] & 31];
}
kernel void k_sort(global const int *a, global int *out)
{
    size_t i = get_global_id(0);
    int v[16];
    for (int k = 0; k < 16; k++)
        v[k] = a[16 * i + k];
    for (int k = 1; k < 16; k++) {
        int key = v[k], j = k - 1;
        while (j >= 0 && v[j] > key) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = key;
    }
    for (int k = 0; k < 16; k++)
        out[16 * i + k] = v[k];
}
kernel void k_priv4(global const float4 *a, global const int *sel, global float4 *out)
{
    size_t i = get_global_id(0);
    float4 q[6];
    for (int k = 0; k < 6; k++)
        q[k] = a[i] * (float)(k + 1);
    int s = sel[i];
    q[s % 6] = (float4)(s);
    out[i] = q[(s + 1) % 6] + q[s % 6];
}
'''


def private_array():
    rng = Rng(6301)
    tests = []
    for n, loc in ((256, 64), (100, 100)):
        A = [rng.range(-10000, 10000) for _ in range(n)]
        I = [rng.of('uint') for _ in range(8 * n)]
        o = []
        for i, x in enumerate(A):
            p = [x * k + k * k for k in range(32)]
            s = sum(p[I[8 * i + j] & 31] for j in range(8))
            p[I[8 * i] & 31] = 12345
            o += [s, p[I[8 * i + 1] & 31]]
        te = Test('priv_table_%d' % n, kernel_name='k_priv', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).inp(1, 'uint', 8 * n, I).out(2, 'int', 2 * n, o)
        tests.append(te)
    for n, loc in ((128, 64), (65, 65)):
        A = [rng.range(-50, 50) if k % 2 else rng.of('int') for k in range(16 * n)]
        o = []
        for i in range(n):
            o += sorted(A[16 * i:16 * i + 16])
        te = Test('priv_sort_%d' % n, kernel_name='k_sort', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', 16 * n, A).out(1, 'int', 16 * n, o)
        tests.append(te)
    n = 96
    F = [rng.range(-1000, 1000) * 0.25 for _ in range(4 * n)]
    S = [rng.range(0, 100) for _ in range(n)]
    o = []
    for i in range(n):
        q = [[f32(v * (k + 1)) for v in F[4 * i:4 * i + 4]] for k in range(6)]
        s = S[i]
        q[s % 6] = [float(s)] * 4
        o += [f32(p + r) for p, r in zip(q[(s + 1) % 6], q[s % 6])]
    te = Test('priv_float4', kernel_name='k_priv4', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'float4', n, F).inp(1, 'int', n, S).out(2, 'float4', n, o)
    tests.append(te)
    write('f_private_array.cl', 'private_array', PRIV_SRC, tests)


PRIV_UNALIGNED_SRC = r"""
/* vloadN / vstoreN of char and short vectors at element offsets of a
 * private array, so that the accesses are not aligned to their size (the
 * IR says align 1 or 2). Private memory is interleaved per dword between
 * the lanes of a wave: a misaligned dword access there reads a neighbour
 * lane's bytes (issue 8: the upper elements read 0). The arrays are
 * volatile so that they stay in scratch. */
#define K(T, N) \
kernel void ld_##T##N(global const T *in, global T *out, global T *out2) \
{ \
    volatile private T loc[40]; \
    volatile private T st[24]; \
    size_t g = get_global_id(0); \
    for (int i = 0; i < 40; ++i) loc[i] = in[i]; \
    for (int i = 0; i < 24; ++i) st[i] = 0; \
    T##N v = vload##N(0, (private T *)loc + g % 5); \
    vstore##N(v, g, out); \
    vstore##N(v, 0, (private T *)st + g % 3 + 1); \
    for (int i = 0; i < 20; ++i) out2[20 * g + i] = st[i]; \
}
#define ALL(T) K(T, 2) K(T, 3) K(T, 4) K(T, 8) K(T, 16)
ALL(char)
ALL(uchar)
ALL(short)
ALL(ushort)
"""


def private_unaligned():
    rng = Rng(6351)
    tests = []
    n = 16
    for t in ('char', 'uchar', 'short', 'ushort'):
        for w in (2, 3, 4, 8, 16):
            A = [rng.of(t) for _ in range(40)]
            o, o2 = [], []
            for g in range(n):
                v = A[g % 5:g % 5 + w]
                o += v
                st = [0] * 24
                st[g % 3 + 1:g % 3 + 1 + w] = v
                o2 += st[:20]
            te = Test('%s%d' % (t, w), kernel_name='ld_%s%d' % (t, w), global_size=sizes(n), local_size=sizes(n))
            te.inp(0, t, 40, A).inp(1, t, n * w, [0] * (n * w)).out(1, t, n * w, o)
            te.inp(2, t, 20 * n, [0] * (20 * n)).out(2, t, 20 * n, o2)
            tests.append(te)
    write('f_private_unaligned.cl', 'private_unaligned', PRIV_UNALIGNED_SRC, tests)


MEMI_SRC = r"""
/* Memory intrinsics clang emits for ordinary OpenCL C: a zero-initialised
 * private array is a memset, a struct assignment a memcpy (private to
 * private, global to local, local to global). */
typedef struct { int v[24]; short s[5]; char c; } blob;

kernel void k_zero(global const int *idx, global int *out)
{
    int g = get_global_id(0);
    int a[40] = {0};
    for (int i = 0; i < 40; i++)
        a[idx[(g + i) & 63] % 40] += i + g;
    for (int i = 0; i < 40; i++)
        out[40 * g + i] = a[i];
}

kernel void k_copy(global const blob *in, global blob *out, local blob *tile)
{
    int g = get_global_id(0), l = get_local_id(0);
    blob p = in[g];              /* global -> private */
    p.v[g % 24] += 1000;
    p.s[g % 5] = (short)g;
    blob q = p;                  /* private -> private */
    q.c = (char)(g * 3);
    if (l == 0) *tile = q;       /* private -> local */
    barrier(CLK_LOCAL_MEM_FENCE);
    blob r = *tile;              /* local -> private */
    r.v[0] += q.v[1];
    out[g] = r;                  /* private -> global */
}
"""


def mem_intrinsics():
    rng = Rng(6901)
    tests = []
    n = 64
    idx = [rng.range(0, 10000) for _ in range(64)]
    out = []
    for g in range(n):
        a = [0] * 40
        for i in range(40):
            a[idx[(g + i) & 63] % 40] += i + g
        out += a
    te = Test('memset_private', kernel_name='k_zero', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'int', 64, idx).inp(1, 'int', 40 * n, [0] * (40 * n)).out(1, 'int', 40 * n, out)
    tests.append(te)
    # blob: 24 ints (96 bytes), 5 shorts (10), 1 char, padded to 108 bytes = 27 ints
    words = 27
    for n, loc in ((64, 16), (96, 32)):
        raw = [rng.of('int') for _ in range(words * n)]
        res = []
        for g in range(n):
            lead = (g // loc) * loc  # the work-item with l == 0 of g's group
            def private_copy(k):
                b = raw[words * k:words * (k + 1)]
                v = b[:24]
                sh = []
                for j in range(5):
                    w = b[24 + j // 2]
                    sh.append(wrap((w >> (16 * (j % 2))) & 0xffff, 'short'))
                c = wrap(b[26] & 0xff, 'char')
                v = v[:]
                v[k % 24] = wrap(v[k % 24] + 1000, 'int')
                sh[k % 5] = wrap(k, 'short')
                c = wrap(k * 3, 'char')
                return v, sh, c
            v, sh, c = private_copy(lead)
            qv_g = private_copy(g)[0]
            v = v[:]
            v[0] = wrap(v[0] + qv_g[1], 'int')
            b = v + [(sh[0] & 0xffff) | ((sh[1] & 0xffff) << 16), (sh[2] & 0xffff) | ((sh[3] & 0xffff) << 16),
                     (sh[4] & 0xffff) | ((c & 0xff) << 16) | (raw[words * lead + 26] & ~0xffffff)]
            res += [wrap(x, 'int') for x in b]
        te = Test('memcpy_struct_%d' % n, kernel_name='k_copy', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', words * n, raw).inp(1, 'int', words * n, [0] * (words * n)).out(1, 'int', words * n, res)
        te.local(2, 'int', words)
        tests.append(te)
    write('f_mem_intrinsics.cl', 'mem_intrinsics', MEMI_SRC, tests)


def constant_mem():
    rng = Rng(6401)
    table = [rng.of('int') for _ in range(64)]
    coef = [f32(rng.f32(-2, 2)) for _ in range(8)]
    pairs = [(rng.range(0, 255), rng.range(-100, 100)) for _ in range(16)]
    src = '/* Program-scope __constant arrays (int, float, struct) indexed with run-time\n' \
          ' * values, and a __constant kernel argument. */\n'
    src += 'constant int table[64] = {\n    ' + ',\n    '.join(
        ', '.join('%d' % v if v != -2 ** 31 else '(-2147483647 - 1)' for v in table[k:k + 8]) for k in range(0, 64, 8)) + '\n};\n'
    src += 'constant float coef[8] = { ' + ', '.join(float.hex(c) + 'f' for c in coef) + ' };\n'
    src += 'typedef struct { uchar key; short val; } pair_t;\n'
    src += 'constant pair_t pairs[16] = { ' + ', '.join('{ %d, %d }' % p for p in pairs) + ' };\n'
    src += r'''
kernel void k_const(global const uint *idx, constant int *carg, global int *out, global float *fout)
{
    size_t i = get_global_id(0);
    uint k = idx[i];
    out[3 * i] = table[k & 63] ^ carg[k % 32];
    out[3 * i + 1] = carg[(k >> 8) % 32] + pairs[k & 15].val * pairs[(k >> 4) & 15].key;
    out[3 * i + 2] = table[(i * 5) & 63];
    fout[i] = coef[k & 7] * 2.0f + coef[(k >> 3) & 7];
}
'''
    tests = []
    for n, loc in ((256, 64), (192, 96), (64, 1)):
        I = [rng.of('uint') for _ in range(n)]
        C = [rng.range(-10 ** 6, 10 ** 6) for _ in range(32)]
        o, fo = [], []
        for i, k in enumerate(I):
            o += [table[k & 63] ^ C[k % 32], wrap(C[(k >> 8) % 32] + pairs[k & 15][1] * pairs[(k >> 4) & 15][0], 'int'),
                  table[(i * 5) & 63]]
            fo.append(f32(f32(coef[k & 7] * 2.0) + coef[(k >> 3) & 7]))
        te = Test('constant_%d_%d' % (n, loc), kernel_name='k_const', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uint', n, I).inp(1, 'int', 32, C).out(2, 'int', 3 * n, o).out(3, 'float', n, fo)
        tests.append(te)
    write('f_constant_mem.cl', 'constant_memory', src, tests,
          comment='coef[k]*2 is exact, so fma contraction cannot change the float result')


GEN_SRC = r'''
/* OpenCL 2.0 generic address space: the same helpers are called with
 * pointers to global, local and private memory. */
int sum_range(const int *p, int n)
{
    int s = 0;
    for (int k = 0; k < n; k++)
        s += p[k] * (k + 1);
    return s;
}
void bump(int *p, int by)
{
    *p += by;
}
int *pick(int *a, int *b, int c)
{
    return c ? a : b;
}

kernel void k_generic(global int *g, global int *out, local int *lds)
{
    size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    int priv[4] = { (int)i, 2 * (int)i, 3, -1 };
    lds[l] = g[i] * 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    int sg = sum_range(g + i, 4);
    int sl = sum_range(lds + (l & ~3u), 4);
    int sp = sum_range(priv, 4);
    barrier(CLK_LOCAL_MEM_FENCE);
    bump(&lds[l], 5);
    bump(&priv[3], sg);
    int *q = pick(&lds[l], &priv[3], (int)(i & 1));
    bump(q, 100);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[5 * i + 0] = sg;
    out[5 * i + 1] = sl;
    out[5 * i + 2] = sp;
    out[5 * i + 3] = lds[n - 1 - l];
    out[5 * i + 4] = priv[3];
}
'''


def generic_ptr():
    rng = Rng(6501)
    tests = []
    for n, loc in ((256, 64), (128, 32), (64, 16)):
        G = [rng.range(-1000, 1000) for _ in range(n + 4)]
        o = [None] * (5 * n)
        for g, _ in groups(n, loc):
            lds = [G[g * loc + l] * 2 for l in range(loc)]
            sg = {}
            lds2 = list(lds)
            priv3 = {}
            for l in range(loc):
                i = g * loc + l
                sg[l] = sum(G[i + k] * (k + 1) for k in range(4))
                lds2[l] += 5
                priv3[l] = -1 + sg[l]
            for l in range(loc):
                i = g * loc + l
                if i & 1:
                    lds2[l] += 100
                else:
                    priv3[l] += 100
            for l in range(loc):
                i = g * loc + l
                base = l & ~3
                sl = sum(lds[base + k] * (k + 1) for k in range(4))
                sp = sum(v * (k + 1) for k, v in enumerate([i, 2 * i, 3, -1]))
                o[5 * i:5 * i + 5] = [sg[l], sl, sp, lds2[loc - 1 - l], priv3[l]]
        te = Test('generic_%d_%d' % (n, loc), kernel_name='k_generic', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n + 4, G).out(1, 'int', 5 * n, o).local(2, 'int', loc)
        tests.append(te)
    write('f_generic_ptr.cl', 'generic_pointers', GEN_SRC, tests, build_options='-cl-std=CL2.0', clc_version_min=20,
          comment='needs OpenCL C 2.0 (generic address space); skipped where unsupported')


AG_SRC = r'''
/* Global int/uint atomics.  c[] holds the counters, seen[] records the
 * value each atomic_inc returned (each must appear once), slot[] gets a
 * per-item atomic_xchg, and a compare-and-swap loop adds 2 per item. */
kernel void k_atomics(global int *c, global uint *u, global int *seen, global int *slot, global int *ret,
                      global const int *vals)
{
    size_t i = get_global_id(0);
    int v = vals[i];
    atomic_add(&c[0], v);
    atomic_sub(&c[1], v);
    int old = atomic_inc(&c[2]);
    atomic_add(&seen[old], 1);
    atomic_dec(&c[3]);
    atomic_min(&c[4], v);
    atomic_max(&c[5], v);
    atomic_and(&c[6], ~(int)(1u << (i & 31)) | v);
    atomic_or(&c[7], (int)(1u << (v & 31)));
    atomic_xor(&c[8], v);
    int cur = c[9], prev;
    while ((prev = atomic_cmpxchg(&c[9], cur, cur + 2)) != cur)
        cur = prev;
    if (atomic_cmpxchg(&c[10], 0, 77) == 0)
        atomic_inc(&c[11]);
    ret[i] = atomic_xchg(&slot[i], v);
    atomic_min(&u[0], (uint)v);
    atomic_max(&u[1], (uint)v);
    atomic_add(&u[2], (uint)v);
}
'''


def atomic_expect(vals, ids, init):
    M = 0xffffffff
    c = list(init)
    c[0] = wrap(c[0] + sum(vals), 'int')
    c[1] = wrap(c[1] - sum(vals), 'int')
    c[2] += len(vals)
    c[3] -= len(vals)
    c[4] = min([c[4]] + vals)
    c[5] = max([c[5]] + vals)
    for i, v in zip(ids, vals):
        c[6] &= wrap(~(1 << (i & 31)) | v, 'int')
        c[7] |= wrap(1 << (v & 31), 'int')
        c[8] ^= v
    c[6], c[7], c[8] = wrap(c[6], 'int'), wrap(c[7], 'int'), wrap(c[8], 'int')
    c[9] += 2 * len(vals)
    c[11] += 1
    c[10] = 77
    return c


def atomic_global():
    rng = Rng(6601)
    tests = []
    for n, loc, kind in ((256, 64, 'small'), (1024, 256, 'wide'), (200, 100, 'neg'), (65, 65, 'wide')):
        if kind == 'small':
            V = [rng.range(0, 100) for _ in range(n)]
        elif kind == 'neg':
            V = [rng.range(-1000, -1) for _ in range(n)]
        else:
            V = [rng.of('int') for _ in range(n)]
        init = [5, -7, 0, 1000, 0x7fffffff, -2 ** 31, -1, 0, 0x1234, 10, 0, 0]
        c = atomic_expect(V, range(n), init)
        uinit = [0xffffffff, 0, 3]
        ue = [min([uinit[0]] + [v & 0xffffffff for v in V]), max([uinit[1]] + [v & 0xffffffff for v in V]),
              (uinit[2] + sum(V)) & 0xffffffff]
        S = [rng.of('int') for _ in range(n)]
        te = Test('atomics_%s_%d' % (kind, n), kernel_name='k_atomics', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', 12, init).out(0, 'int', 12, c)
        te.inp(1, 'uint', 3, uinit).out(1, 'uint', 3, ue)
        te.inp(2, 'int', n, [0] * n).out(2, 'int', n, [1] * n)
        te.inp(3, 'int', n, S).out(3, 'int', n, V)
        te.out(4, 'int', n, S)
        te.inp(5, 'int', n, V)
        tests.append(te)
    write('f_atomic_global.cl', 'atomic_global', AG_SRC, tests)


AL_SRC = r'''
/* The same atomics on local memory: counters live in LDS, are initialised
 * by item 0, updated by the whole group and copied out per group. */
kernel void k_latomics(global const int *vals, global int *out, global int *seen_out, global int *ret,
                       local int *seen)
{
    local int c[12];
    local int slot[256];
    size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0), g = get_group_id(0);
    if (l == 0) {
        int init[12] = { 5, -7, 0, 1000, 0x7fffffff, -2147483647 - 1, -1, 0, 0x1234, 10, 0, 0 };
        for (int k = 0; k < 12; k++)
            c[k] = init[k];
    }
    seen[l] = 0;
    slot[l] = (int)l * 3;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = vals[i];
    atomic_add(&c[0], v);
    atomic_sub(&c[1], v);
    int old = atomic_inc(&c[2]);
    atomic_add(&seen[old], 1);
    atomic_dec(&c[3]);
    atomic_min(&c[4], v);
    atomic_max(&c[5], v);
    atomic_and(&c[6], ~(int)(1u << (i & 31)) | v);
    atomic_or(&c[7], (int)(1u << (v & 31)));
    atomic_xor(&c[8], v);
    int cur = c[9], prev;
    while ((prev = atomic_cmpxchg(&c[9], cur, cur + 2)) != cur)
        cur = prev;
    if (atomic_cmpxchg(&c[10], 0, 77) == 0)
        atomic_inc(&c[11]);
    ret[i] = atomic_xchg(&slot[n - 1 - l], v);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 12)
        out[12 * g + l] = c[l];
    seen_out[i] = seen[l] * 10 + (slot[l] == vals[g * n + (n - 1 - l)]);
}
'''


def atomic_local():
    rng = Rng(6701)
    tests = []
    for n, loc, kind in ((512, 256, 'wide'), (256, 64, 'small'), (99, 33, 'neg'), (64, 16, 'wide')):
        if kind == 'small':
            V = [rng.range(0, 100) for _ in range(n)]
        elif kind == 'neg':
            V = [rng.range(-1000, -1) for _ in range(n)]
        else:
            V = [rng.of('int') for _ in range(n)]
        init = [5, -7, 0, 1000, 0x7fffffff, -2 ** 31, -1, 0, 0x1234, 10, 0, 0]
        out, seen, ret = [], [], []
        for g, idx in groups(n, loc):
            vs = [V[i] for i in idx]
            out += atomic_expect(vs, list(idx), init)
            seen += [11] * loc
            ret += [(loc - 1 - l) * 3 for l in range(loc)]
        te = Test('latomics_%s_%d_%d' % (kind, n, loc), kernel_name='k_latomics', global_size=sizes(n),
                  local_size=sizes(loc))
        te.inp(0, 'int', n, V).out(1, 'int', 12 * (n // loc), out).out(2, 'int', n, seen).out(3, 'int', n, ret)
        te.local(4, 'int', loc)
        tests.append(te)
    write('f_atomic_local.cl', 'atomic_local', AL_SRC, tests)


def main():
    lds_reverse()
    lds_neighbor()
    local_args()
    private_array()
    private_unaligned()
    mem_intrinsics()
    constant_mem()
    generic_ptr()
    atomic_global()
    atomic_local()


if __name__ == '__main__':
    main()
