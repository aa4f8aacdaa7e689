#!/usr/bin/python3
"""Extra feature tests: f_reg_pressure.cl, f_barrier_loop.cl,
f_uniform_scalar.cl, f_subdword_memory.cl, f_libclc_edges.cl."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff

PRESSURE_SRC = r'''
/* Many values live at once across a divergent loop: 32 uint accumulators
 * (kept in registers: all indices are constants after unrolling) plus
 * 8 ulong ones, updated for a per-item trip count. */
kernel void k_pressure(global const uint *in, global const int *trips, global uint *out, global ulong *out64)
{
    size_t i = get_global_id(0);
    uint a[32];
    ulong b[8];
    uint x = in[i];
#pragma unroll
    for (int k = 0; k < 32; k++)
        a[k] = x * (uint)(2 * k + 1) + (uint)k;
#pragma unroll
    for (int k = 0; k < 8; k++)
        b[k] = (ulong)x << k | (ulong)k << 40;
    int n = trips[i];
    for (int t = 0; t < n; t++) {
#pragma unroll
        for (int k = 0; k < 32; k++)
            a[k] = (a[k] ^ a[(k + 1) & 31]) + (a[(k + 7) & 31] >> 3) + (uint)t;
#pragma unroll
        for (int k = 0; k < 8; k++)
            b[k] = b[k] * 0x9E3779B97F4A7C15ul + a[k];
    }
#pragma unroll
    for (int k = 0; k < 32; k++)
        out[32 * i + k] = a[k];
#pragma unroll
    for (int k = 0; k < 8; k++)
        out64[8 * i + k] = b[k];
}
'''


def pressure_ref(x, n):
    a = [(x * (2 * k + 1) + k) & M32 for k in range(32)]
    b = [((x << k) | (k << 40)) & (2 ** 64 - 1) for k in range(8)]
    for t in range(n):
        # the k-loop reads already-updated a[k+1..] only for wrapped indices:
        # replay it in order, exactly as the C loop does
        for k in range(32):
            a[k] = ((a[k] ^ a[(k + 1) & 31]) + (a[(k + 7) & 31] >> 3) + t) & M32
        for k in range(8):
            b[k] = (b[k] * 0x9E3779B97F4A7C15 + a[k]) & (2 ** 64 - 1)
    return a, b


def pressure():
    rng = Rng(8001)
    tests = []
    for n, loc, tmax_ in ((128, 64, 6), (100, 100, 3), (65, 65, 9)):
        X = [rng.of('uint') for _ in range(n)]
        T = [rng.range(0, tmax_) for _ in range(n)]
        o, o64 = [], []
        for x, t in zip(X, T):
            a, b = pressure_ref(x, t)
            o += a
            o64 += b
        te = Test('pressure_%d_%d' % (n, loc), kernel_name='k_pressure', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uint', n, X).inp(1, 'int', n, T).out(2, 'uint', 32 * n, o).out(3, 'ulong', 8 * n, o64)
        tests.append(te)
    write('f_reg_pressure.cl', 'register_pressure', PRESSURE_SRC, tests)


BLOOP_SRC = r'''
/* Barriers inside a uniform loop: Hillis-Steele inclusive prefix sum in
 * LDS with two ping-pong buffers, for any work-group size. */
kernel void k_scan(global const int *in, global int *out, local int *b0, local int *b1)
{
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    local int *src = b0, *dst = b1;
    src[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t off = 1; off < n; off <<= 1) {
        dst[l] = l >= off ? src[l] + src[l - off] : src[l];
        barrier(CLK_LOCAL_MEM_FENCE);
        local int *t = src;
        src = dst;
        dst = t;
    }
    out[g] = src[l];
}
/* A barrier in a loop whose trip count is uniform but data dependent
 * (read from memory), with a divergent body. */
kernel void k_rounds(global const int *in, global const int *rounds, global int *out, local int *buf)
{
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    int v = in[g];
    int r = rounds[get_group_id(0)];
    for (int k = 0; k < r; k++) {
        buf[l] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l & 1)
            v = buf[(l + 1) % n] - v;
        else
            v = buf[(l + n - 1) % n] + (v >> 1);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[g] = v;
}
'''


def barrier_loop():
    rng = Rng(8101)
    tests = []
    for n, loc in ((512, 256), (300, 100), (128, 64), (99, 33), (14, 7), (8, 1)):
        A = [rng.range(-1000, 1000) for _ in range(n)]
        o = []
        for g in range(n // loc):
            s = 0
            for v in A[g * loc:(g + 1) * loc]:
                s += v
                o.append(s)
        te = Test('scan_%d_%d' % (n, loc), kernel_name='k_scan', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).out(1, 'int', n, o).local(2, 'int', loc).local(3, 'int', loc)
        tests.append(te)
    for n, loc in ((256, 64), (200, 100)):
        A = [rng.range(-1000, 1000) for _ in range(n)]
        R = [rng.range(0, 5) for _ in range(n // loc)]
        o = []
        for g in range(n // loc):
            v = A[g * loc:(g + 1) * loc]
            for k in range(R[g]):
                buf = list(v)
                v = [buf[(l + 1) % loc] - v[l] if l & 1 else buf[(l + loc - 1) % loc] + (v[l] >> 1) for l in range(loc)]
            o += v
        te = Test('rounds_%d_%d' % (n, loc), kernel_name='k_rounds', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, A).inp(1, 'int', n // loc, R).out(2, 'int', n, o).local(3, 'int', loc)
        tests.append(te)
    write('f_barrier_loop.cl', 'barrier_in_loop', BLOOP_SRC, tests)


UNI_SRC = r'''
/* Computations on wave-uniform values only (kernel arguments and the group
 * id), which a compiler can keep in scalar registers: 32- and 64-bit mul,
 * div, rem, shifts, compares and a uniform loop; each item stores the
 * result next to a divergent one. */
kernel void k_uniform(long a, long b, uint c, int d, global long *out)
{
    long grp = (long)get_group_id(0);
    long x = a + grp * 1000003;
    long y = b - grp;
    ulong ux = (ulong)x;
    long q = y != 0 ? x / y : -1;
    long r = y != 0 ? x % y : -1;
    uint cu = c * (uint)(grp + 1);
    int dd = d >> (grp & 7);
    ulong acc = 0;
    for (int k = 0; k < (int)(c & 15); k++)
        acc = acc * 31u + (ux >> k);
    size_t l = get_local_id(0);
    global long *o = out + 8 * get_global_id(0);
    o[0] = q;
    o[1] = r;
    o[2] = (long)(ux * (ulong)y);
    o[3] = (long)((ulong)cu << 20) ^ (long)dd;
    o[4] = (long)acc;
    o[5] = (x < y) | (ux < (ulong)y) << 1 | (cu > (uint)d) << 2;
    o[6] = (long)mul_hi(ux, (ulong)y);
    o[7] = (l & 1) ? q + (long)l : r - (long)l;
}
'''


def uniform_scalar():
    rng = Rng(8201)
    tests = []
    for k, (n, loc) in enumerate(((256, 64), (192, 32), (130, 65), (64, 1 * 8))):
        a = [rng.of('long') >> 2, -(1 << 40) - 12345, 987654321987, rng.of('long') >> 3][k]
        b = [rng.of('int'), 7, -(1 << 33) + 5, rng.of('long') >> 30][k]
        c = rng.of('uint')
        d = rng.of('int')
        o = []
        for gi in range(n):
            grp, l = divmod(gi, loc)
            x = a + grp * 1000003
            y = b - grp
            ux = x & (2 ** 64 - 1)
            uy = y & (2 ** 64 - 1)
            q = cdiv(x, y) if y else -1
            r = crem(x, y) if y else -1
            cu = (c * (grp + 1)) & M32
            dd = d >> (grp & 7)
            acc = 0
            for kk in range(c & 15):
                acc = (acc * 31 + (ux >> kk)) & (2 ** 64 - 1)
            o += [q, r, wrap(ux * uy, 'long'), wrap(wrap(cu << 20, 'long') ^ dd, 'long'), wrap(acc, 'long'),
                  int(x < y) | int(ux < uy) << 1 | int(cu > (d & M32)) << 2,
                  wrap(mul_hi(ux, uy, 'ulong'), 'long'), q + l if l & 1 else r - l]
        te = Test('uniform_%d' % k, kernel_name='k_uniform', global_size=sizes(n), local_size=sizes(loc))
        te.val(0, 'long', a).val(1, 'long', b).val(2, 'uint', c).val(3, 'int', d).out(4, 'long', 8 * n, o)
        tests.append(te)
    write('f_uniform_scalar.cl', 'uniform_scalar', UNI_SRC, tests)


SUB_SRC = r'''
/* Byte and short loads and stores at odd addresses in global, local and
 * private memory, with sign and zero extension. */
kernel void k_sub(global const char *src, global char *dst, global short *hs, global int *ext, local char *lb)
{
    size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    char c = src[3 * i + 1];
    uchar u = ((global const uchar *)src)[3 * i + 2];
    short s = *(global const short *)(src + 4 * i);
    dst[3 * i] = c;
    dst[3 * i + 1] = (char)(u + 1);
    dst[3 * i + 2] = (char)(c ^ u);
    lb[l] = c;
    barrier(CLK_LOCAL_MEM_FENCE);
    char nb = lb[(l + 1) % n];
    char p[5];
    for (int k = 0; k < 5; k++)
        p[k] = (char)(c + k * u);
    hs[2 * i] = s;
    hs[2 * i + 1] = (short)(nb * 300);
    ext[3 * i] = c;
    ext[3 * i + 1] = u;
    ext[3 * i + 2] = p[u % 5] + s;
}
'''


def subdword():
    rng = Rng(8301)
    tests = []
    for n, loc in ((256, 64), (100, 100), (66, 33)):
        size = 4 * n + 4
        S = [rng.of('char') for _ in range(size)]
        dst, hs, ext = [], [], []
        for i in range(n):
            c = S[3 * i + 1]
            u = S[3 * i + 2] & 0xff
            s = wrap((S[4 * i] & 0xff) | (S[4 * i + 1] & 0xff) << 8, 'short')
            dst += [c, wrap(u + 1, 'char'), wrap(c ^ u, 'char')]
            g, l = divmod(i, loc)
            nb = S[3 * (g * loc + (l + 1) % loc) + 1]
            p = [wrap(c + k * u, 'char') for k in range(5)]
            hs += [s, wrap(nb * 300, 'short')]
            ext += [c, u, p[u % 5] + s]
        te = Test('subdword_%d_%d' % (n, loc), kernel_name='k_sub', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'char', size, S).out(1, 'char', 3 * n, dst).out(2, 'short', 2 * n, hs).out(3, 'int', 3 * n, ext)
        te.local(4, 'char', loc)
        tests.append(te)
    write('f_subdword_memory.cl', 'subdword_memory', SUB_SRC, tests)


LIBCLC_SRC = r'''
/* Inputs where libclc 19 (amdgcn--amdhsa.bc) disagrees with the OpenCL
 * specification; the expected values are the specification's.  The other
 * feature files leave these inputs out, so this file alone shows the libclc
 * problems: it passes on PoCL and fails when libclc 19 is linked (llc and
 * wavecc runs) until the project brings its own versions of these built-ins.
 *  - sub_sat(int/long): 0 - MIN must saturate to MAX;
 *  - mad_sat(long): a zero product of operands of different signs;
 *  - convert_float_rtz/_rtn(int/uint/long) of values that round to nearest
 *    to 2^31 / 2^32 / 2^63;
 *  - convert_long_sat(2^63) must give LONG_MAX, convert_ulong_sat(2^64)
 *    ULONG_MAX. */
kernel void k_sub_sat(global const int *a, global const int *b, global const long *c, global const long *d,
                      global int *oi, global long *ol)
{
    size_t i = get_global_id(0);
    oi[i] = sub_sat(a[i], b[i]);
    ol[i] = sub_sat(c[i], d[i]);
}
kernel void k_mad_sat(global const long *a, global const long *b, global const long *c, global long *out)
{
    size_t i = get_global_id(0);
    out[i] = mad_sat(a[i], b[i], c[i]);
}
kernel void k_rtz(global const int *a, global const uint *b, global const long *c, global float *out)
{
    size_t i = get_global_id(0);
    out[6 * i + 0] = convert_float_rtz(a[i]);
    out[6 * i + 1] = convert_float_rtn(a[i]);
    out[6 * i + 2] = convert_float_rtz(b[i]);
    out[6 * i + 3] = convert_float_rtn(b[i]);
    out[6 * i + 4] = convert_float_rtz(c[i]);
    out[6 * i + 5] = convert_float_rtn(c[i]);
}
kernel void k_long_sat(global const float *a, global long *out, global ulong *uout)
{
    size_t i = get_global_id(0);
    out[i] = convert_long_sat(a[i]);
    uout[i] = convert_ulong_sat(a[i]);
}
'''


def libclc_edges():
    rng = Rng(8401)
    tests = []
    n = 8
    A = [0, 0, 0, 0, -1, 5, 0, 0]
    B = [tmin('int')] * 4 + [tmin('int'), tmin('int'), tmin('int'), tmin('int')]
    C = [0, 0, 0, 0, -1, 5, 0, 0]
    D = [tmin('long')] * 8
    te = Test('sub_sat_zero_minus_min', kernel_name='k_sub_sat', global_size=sizes(n), local_size=sizes(8))
    te.inp(0, 'int', n, A).inp(1, 'int', n, B).inp(2, 'long', n, C).inp(3, 'long', n, D)
    te.out(4, 'int', n, [sat(a - b, 'int') for a, b in zip(A, B)]).out(5, 'long', n, [sat(c - d, 'long') for c, d in zip(C, D)])
    tests.append(te)
    n = 64
    T = []
    while len(T) < n:
        x, y, z = (rng.of('long') >> rng.range(0, 63) for _ in range(3))
        if rng.range(0, 1):
            x = 0 if rng.range(0, 1) else x
            y = 0 if x != 0 else y
        if libclc19_mad_sat_long(x, y, z) != sat(x * y + z, 'long'):
            T.append((x, y, z))
    te = Test('mad_sat_long', kernel_name='k_mad_sat', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'long', n, [t[0] for t in T]).inp(1, 'long', n, [t[1] for t in T]).inp(2, 'long', n, [t[2] for t in T])
    te.out(3, 'long', n, [sat(x * y + z, 'long') for x, y, z in T])
    tests.append(te)
    n = 16
    I = [tmax('int') - k * 7 for k in range(n)]
    U = [tmax('uint') - k * 8 for k in range(n)]
    L = [tmax('long') - k * (1 << 35) for k in range(n)]
    o = []
    for x, y, z in zip(I, U, L):
        o += [round_f32(x, 'rtz'), round_f32(x, 'rtn'), round_f32(y, 'rtz'), round_f32(y, 'rtn'),
              round_f32(z, 'rtz'), round_f32(z, 'rtn')]
    te = Test('int_to_float_rtz_rtn_near_max', kernel_name='k_rtz', global_size=sizes(n), local_size=sizes(16))
    te.inp(0, 'int', n, I).inp(1, 'uint', n, U).inp(2, 'long', n, L).out(3, 'float', 6 * n, o)
    tests.append(te)
    F = [2.0 ** 63, 2.0 ** 63, -(2.0 ** 63), 2.0 ** 63 - 2.0 ** 39, 2.0 ** 63 + 2.0 ** 40, 2.0 ** 64, math.inf, 2.0 ** 63]
    te = Test('long_ulong_sat_2_63_2_64', kernel_name='k_long_sat', global_size=sizes(8), local_size=sizes(4))
    te.inp(0, 'float', 8, F).out(1, 'long', 8, [sat(int(x), 'long') if not math.isinf(x) else tmax('long') for x in F])
    te.out(2, 'ulong', 8, [sat(int(x), 'ulong') if not math.isinf(x) else tmax('ulong') for x in F])
    tests.append(te)
    # Not part of tests/kernels: these check libclc 19 itself, which both
    # llc and wavecc link (see tests/libclc-edges/README.md).
    write('../libclc-edges/f_libclc_edges.cl', 'libclc19_edges', LIBCLC_SRC, tests,
          comment='expected to fail where libclc 19 is linked (llc, wavecc); passes on PoCL')


def main():
    libclc_edges()
    pressure()
    barrier_loop()
    uniform_scalar()
    subdword()


if __name__ == '__main__':
    main()
