#!/usr/bin/python3
"""Calls to functions that are not inlined (wavecc's calling convention,
src/isel/isel_calls.c): f_call_args.cl (argument and result kinds, arguments on the stack),
f_call_control.cl (calls under divergent branches and loops, values live
across calls, nested calls, private memory in callees and private pointers
passed down), f_call_ids.cl (work-item functions in callees),
f_call_recursion.cl (recursion; host reference only: PoCL
crashes on recursive kernels), f_call_fnptr.ll (function pointers, uniform
and divergent; LLVM IR since OpenCL C has none)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff
M64 = (1 << 64) - 1

ARGS_SRC = r'''
/* Each helper is a real function (noinline): its arguments travel in
 * VGPRs v0.. and its result comes back in v0.. */
__attribute__((noinline)) int mix_small(char a, uchar b, short c, ushort d)
{
    return a * 1 + b * 3 + c * 5 + d * 7;
}
__attribute__((noinline)) long mix_wide(long a, ulong b, int c)
{
    return a * 3 - (long)b + c;
}
__attribute__((noinline)) float mix_float(float a, float b, int c)
{
    return a + b * 2.0f + (float)c;
}
__attribute__((noinline)) int4 vec_op(int4 a, int b)
{
    return a * b + (int4)(1, 2, 3, 4);
}
__attribute__((noinline)) uchar4 bytes(uchar4 a, ushort2 s)
{
    return a + (uchar4)((uchar)s.x, (uchar)s.y, (uchar)(s.x >> 8), (uchar)(s.y >> 8));
}
__attribute__((noinline)) bool is_odd(int x)
{
    return (x & 1) != 0;
}
__attribute__((noinline)) int sel(bool c, int a, int b)
{
    return c ? a : b;
}
__attribute__((noinline)) void put(global int *g, local int *l, int *p, int v)
{
    *g = v + *p;
    *l = v * 2;
}
__attribute__((noinline)) ulong2 pair(uint a, uint b)
{
    return (ulong2)((ulong)a * b, (ulong)a << 20);
}

kernel void k_args(global const int *in, global int *oi, global long *ol, global float *of,
                   global int4 *o4, global uchar4 *ob, global ulong2 *op, local int *lds)
{
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    int x = in[i];
    int priv[2];
    priv[0] = x ^ 5;
    priv[1] = x;
    oi[5 * i] = mix_small((char)x, (uchar)(x >> 8), (short)(x >> 3), (ushort)(x >> 12));
    ol[i] = mix_wide((long)x * 1000003, (ulong)x * 77, x >> 4);
    of[i] = mix_float((float)(x & 1023), (float)(x >> 22), x & 15);
    o4[i] = vec_op((int4)(x, x + 1, x >> 2, -x), x & 7);
    ob[i] = bytes((uchar4)((uchar)x, (uchar)(x >> 8), (uchar)(x >> 16), (uchar)(x >> 24)),
                  (ushort2)((ushort)x, (ushort)(x >> 16)));
    oi[5 * i + 1] = sel(is_odd(x), x, -x);
    put(&oi[5 * i + 2], &lds[l], &priv[0], x);
    barrier(CLK_LOCAL_MEM_FENCE);
    oi[5 * i + 3] = lds[l];
    oi[5 * i + 4] = is_odd(x >> 1);
    op[i] = pair((uint)x, (uint)x >> 5);
}

/* 37 argument dwords: the 33 past v31 go on the stack, into the start of
 * the callee's frame, beside its own private array */
__attribute__((noinline)) int4 many(int4 a0, int4 a1, int4 a2, int4 a3, int4 a4, int4 a5, int4 a6, int4 a7,
                                    int4 a8, int x)
{
    volatile int loc[4] = {1, 2, 3, 4};
    int4 t = a0 + a1 * 2 + a2 * 3 + a3 * 4 + a4 * 5 + a5 * 6 + a6 * 7 + a7 * 8;
    return t * a8 + x + loc[x & 3];
}

kernel void k_stack(global const int *in, global int4 *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    int4 b = (int4)(x, x >> 3, x ^ 0x55, -x);
    out[i] = many(b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7, b + 8, x);
}
'''


def sx(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def args_ref(x):
    a, b, c, d = sx(x, 8), (x >> 8) & 0xff, sx(x >> 3, 16), (x >> 12) & 0xffff
    small = wrap(a + 3 * b + 5 * c + 7 * d, 'int')
    wide = wrap(wrap(x * 1000003, 'long') * 3 - wrap((x * 77) & M64, 'long') + (x >> 4), 'long')
    fl = f32(float(x & 1023) + float(x >> 22) * 2.0 + float(x & 15))
    v = [wrap(e * (x & 7) + k, 'int') for e, k in zip((x, x + 1, x >> 2, -x), (1, 2, 3, 4))]
    u = [x & 0xff, (x >> 8) & 0xff, (x >> 16) & 0xff, (x >> 24) & 0xff]
    s0, s1 = x & 0xffff, (x >> 16) & 0xffff
    by = [(u[0] + (s0 & 0xff)) & 0xff, (u[1] + (s1 & 0xff)) & 0xff, (u[2] + (s0 >> 8)) & 0xff,
          (u[3] + (s1 >> 8)) & 0xff]
    ints = [small, x if x & 1 else wrap(-x, 'int'), wrap(x + (x ^ 5), 'int'), wrap(2 * x, 'int'), (x >> 1) & 1]
    ux = x & M32
    pr = [(ux * (ux >> 5)) & M64, (ux << 20) & M64]
    return ints, wide, fl, v, by, pr


def args():
    rng = Rng(9101)
    tests = []
    for n, loc in ((64, 64), (96, 32), (70, 70)):
        X = [wrap(rng.u64(), 'int') for _ in range(n)]
        oi, ol, of, o4, ob, op = [], [], [], [], [], []
        for x in X:
            ints, wide, fl, v, by, pr = args_ref(x)
            oi += ints
            ol.append(wide)
            of.append(fl)
            o4 += v
            ob += by
            op += pr
        te = Test('args_%d_%d' % (n, loc), kernel_name='k_args', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, X).out(1, 'int', 5 * n, oi).out(2, 'long', n, ol).out(3, 'float', n, of)
        te.out(4, 'int4', n, o4).out(5, 'uchar4', n, ob).out(6, 'ulong2', n, op).local(7, 'int', loc)
        tests.append(te)
    for n, loc in ((64, 64), (40, 20)):
        X = [wrap(rng.u64(), 'int') for _ in range(n)]
        o = []
        for x in X:
            b = [x, x >> 3, x ^ 0x55, wrap(-x, 'int')]
            for e in b:
                t = sum((e + k) * (k + 1) for k in range(8))
                o.append(wrap(t * (e + 8) + x + [1, 2, 3, 4][x & 3], 'int'))
        te = Test('stack_%d_%d' % (n, loc), kernel_name='k_stack', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, X).out(1, 'int4', n, o)
        tests.append(te)
    write('f_call_args.cl', 'call_args', ARGS_SRC, tests)


CONTROL_SRC = r'''
/* Calls under divergent control flow, values live across calls (the
 * callee saves the registers it writes, all 64 lanes), nested calls, and
 * private memory: a callee's own array, and a pointer to the caller's. */
__attribute__((noinline)) uint step(uint acc, uint i)
{
    return acc * 33u + (i ^ (acc >> 7));
}
__attribute__((noinline)) uint odd_path(uint x)
{
    return x * 3u + 1u;
}
__attribute__((noinline)) uint even_path(uint x)
{
    return x >> 1;
}
__attribute__((noinline)) uint inner(uint x)
{
    uint t[6];
    for (int k = 0; k < 6; k++)
        t[k] = x + (uint)k * x;
    uint s = 0;
    for (int k = 0; k < 6; k++)
        s += t[(k + (int)(x & 3)) % 6] << k;
    return s;
}
__attribute__((noinline)) uint middle(uint x)
{
    uint a = x * 5u, b = x ^ 0x55u, c = x + 17u;
    uint r = inner(a) + inner(b);
    return r ^ (a + b + c);
}
__attribute__((noinline)) uint sum_priv(const uint *p, int n)
{
    uint s = 0;
    for (int k = 0; k < n; k++)
        s += p[k] * (uint)(k + 1);
    return s;
}

kernel void k_control(global const uint *in, global uint *out)
{
    size_t i = get_global_id(0);
    uint x = in[i];
    /* divergent if/else, one call on each side */
    uint r0 = (x & 1) ? odd_path(x) : even_path(x);
    /* a loop with a per-lane trip count */
    uint acc = x;
    for (uint k = 0; k < (x & 7); k++)
        acc = step(acc, k);
    /* many values live across a call */
    uint v0 = x * 3u, v1 = x ^ 0x1234u, v2 = x + 99u, v3 = x >> 3, v4 = x * x, v5 = ~x;
    uint v6 = x << 5, v7 = x * 7u + 1u, v8 = x ^ (x >> 11), v9 = x + 0x9e3779b9u;
    uint c = middle(x);
    uint live = v0 + v1 * 3u + v2 * 5u + v3 * 7u + v4 * 11u + v5 * 13u + v6 * 17u + v7 * 19u + v8 * 23u +
                v9 * 29u;
    /* a call only some lanes make, inside a branch of a loop */
    uint w = 0;
    for (uint k = 0; k < 3u; k++)
        if (((x >> k) & 1u) != 0u)
            w += odd_path(x + k);
    /* a private array passed by pointer */
    uint priv[5];
    for (int k = 0; k < 5; k++)
        priv[k] = x + (uint)k * 3u;
    uint s = sum_priv(priv, 1 + (int)(x % 5u));
    out[6 * i + 0] = r0;
    out[6 * i + 1] = acc;
    out[6 * i + 2] = c;
    out[6 * i + 3] = live;
    out[6 * i + 4] = w;
    out[6 * i + 5] = s;
}
'''


def control_ref(x):
    r0 = (x * 3 + 1) & M32 if x & 1 else x >> 1
    acc = x
    for k in range(x & 7):
        acc = (acc * 33 + (k ^ (acc >> 7))) & M32

    def inner(y):
        t = [(y + k * y) & M32 for k in range(6)]
        s = 0
        for k in range(6):
            s = (s + (t[(k + (y & 3)) % 6] << k)) & M32
        return s

    a, b, c = (x * 5) & M32, x ^ 0x55, (x + 17) & M32
    mid = ((inner(a) + inner(b)) & M32) ^ ((a + b + c) & M32)
    v = [x * 3, x ^ 0x1234, x + 99, x >> 3, x * x, ~x & M32, x << 5, x * 7 + 1, x ^ (x >> 11), x + 0x9e3779b9]
    live = sum((vv & M32) * w for vv, w in zip(v, (1, 3, 5, 7, 11, 13, 17, 19, 23, 29))) & M32
    w = 0
    for k in range(3):
        if (x >> k) & 1:
            w = (w + ((x + k) * 3 + 1)) & M32
    priv = [(x + k * 3) & M32 for k in range(5)]
    n = 1 + x % 5
    s = sum(priv[k] * (k + 1) for k in range(n)) & M32
    return [r0, acc, mid, live, w, s]


def per_item(seed, prefix, shapes, ref, width):
    """Tests of a kernel (global const uint *in, global uint *out) writing
    `width` values per item, ref(x) their host reference."""
    rng = Rng(seed)
    tests = []
    for n, loc in shapes:
        X = [rng.of('uint') for _ in range(n)]
        o = []
        for x in X:
            o += ref(x)
        te = Test('%s_%d_%d' % (prefix, n, loc), global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uint', n, X).out(1, 'uint', width * n, o)
        tests.append(te)
    return tests


def control():
    tests = per_item(9202, 'control', ((64, 64), (128, 64), (45, 45)), control_ref, 6)
    write('f_call_control.cl', 'call_control', CONTROL_SRC, tests, kernel_name='k_control')


REC_SRC = r'''
/* Recursion: each activation has its own frame on the stack in scratch
 * (the kernel's descriptor asks for a dynamic stack). */
int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
uint ack(uint m, uint n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
bool is_odd_r(uint n);
bool is_even_r(uint n)
{
    return n == 0 ? true : is_odd_r(n - 1);
}
bool is_odd_r(uint n)
{
    return n == 0 ? false : is_even_r(n - 1);
}
/* a private array in every frame, and a pointer into the caller's */
uint walk(const uint *p, uint n)
{
    uint mine[3];
    mine[0] = p[0] + 1u;
    mine[1] = p[1] ^ n;
    mine[2] = p[2] * 3u;
    if (n == 0)
        return mine[0] + mine[1] + mine[2];
    return walk(mine, n - 1) + p[0];
}

kernel void k_rec(global const uint *in, global uint *out)
{
    size_t i = get_global_id(0);
    uint x = in[i];
    uint start[3] = {x, x >> 3, x + 5u};
    out[4 * i + 0] = (uint)fib((int)(x % 13u));
    out[4 * i + 1] = ack(x % 3u, (x >> 2) % 4u);
    out[4 * i + 2] = is_even_r(x % 21u) ? 1u : 0u;
    out[4 * i + 3] = walk(start, x % 6u);
}
'''


def rec_ref(x):
    def fib(n):
        return n if n < 2 else fib(n - 1) + fib(n - 2)

    def ack(m, n):
        if m == 0:
            return n + 1
        if n == 0:
            return ack(m - 1, 1)
        return ack(m - 1, ack(m, n - 1))

    def walk(p, n):
        mine = [(p[0] + 1) & M32, p[1] ^ n, (p[2] * 3) & M32]
        if n == 0:
            return (mine[0] + mine[1] + mine[2]) & M32
        return (walk(mine, n - 1) + p[0]) & M32

    return [fib(x % 13), ack(x % 3, (x >> 2) % 4), 1 if (x % 21) % 2 == 0 else 0,
            walk([x, x >> 3, (x + 5) & M32], x % 6)]


def recursion():
    tests = per_item(9303, 'rec', ((64, 64), (100, 50)), rec_ref, 4)
    write('f_call_recursion.cl', 'call_recursion', REC_SRC, tests, kernel_name='k_rec', device_regex='gfx900',
          comment='Host reference only: PoCL (CPU) crashes on recursive kernels, so\n'
                  'device_regex keeps this file to gfx900.')


IDS_SRC = r'''
/* Work-item functions inside functions that are not inlined: the ids,
 * the dispatch packet and the implicit arguments (global offset) travel
 * as extra argument dwords. */
__attribute__((noinline)) int where(int salt)
{
    return (int)get_global_id(0) * 1000 + (int)get_global_id(1) * 10 + (int)get_local_id(1) + salt +
           (int)get_group_id(0) * 100000 + (int)get_local_size(0) * 7;
}
__attribute__((noinline)) int outer(int salt)
{
    int here = (int)get_local_id(0);
    return where(salt + here) * 2 + (int)get_global_offset(1);
}

kernel void k_ids(global int *out)
{
    size_t gx = get_global_id(0) - get_global_offset(0), gy = get_global_id(1) - get_global_offset(1);
    out[gy * get_global_size(0) + gx] = outer((int)gx & 3);
}
'''


def ids():
    tests = []
    for (nx, ny), (lx, ly), (ox, oy) in (((16, 8), (8, 4), (3, 5)), ((64, 2), (64, 1), (0, 0)), ((12, 10), (4, 5), (7, 1))):
        o = [0] * (nx * ny)
        for gy in range(ny):
            for gx in range(nx):
                idx, idy = gx + ox, gy + oy
                lxid, lyid = gx % lx, gy % ly
                grp = gx // lx
                salt = (gx & 3) + lxid
                w = idx * 1000 + idy * 10 + lyid + salt + grp * 100000 + lx * 7
                o[gy * nx + gx] = wrap(w * 2 + oy, 'int')
        te = Test('ids_%dx%d_%dx%d' % (nx, ny, lx, ly), dimensions=2, global_size=sizes(nx, ny),
                  local_size=sizes(lx, ly), global_offset=sizes(ox, oy))
        te.out(0, 'int', nx * ny, o)
        tests.append(te)
    write('f_call_ids.cl', 'call_ids', IDS_SRC, tests, kernel_name='k_ids', dimensions=2)


FNPTR_IR = r'''define internal i32 @f_const(i32 %x) {
  ret i32 100
}

define internal i32 @f_add(i32 %x) {
  %r = add i32 %x, 10
  ret i32 %r
}

define internal i32 @f_mul(i32 %x) {
  %r = mul i32 %x, 3
  ret i32 %r
}

define internal void @f_store(ptr addrspace(1) %p, i32 %v) {
  %w = xor i32 %v, 255
  store i32 %w, ptr addrspace(1) %p
  ret void
}

; uniform: the kernel argument picks the callee
define amdgpu_kernel void @k_uniform(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %which) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %id
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %c0 = icmp eq i32 %which, 0
  %c1 = icmp eq i32 %which, 1
  %p1 = select i1 %c1, ptr @f_add, ptr @f_mul
  %p = select i1 %c0, ptr @f_const, ptr %p1
  %r = call i32 %p(i32 %x)
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; divergent: each lane picks by its value; then a divergent loop makes one
; indirect call per trip, and a void callee stores
define amdgpu_kernel void @k_divergent(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %id
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %m = urem i32 %x, 3
  %c0 = icmp eq i32 %m, 0
  %c1 = icmp eq i32 %m, 1
  %p1 = select i1 %c1, ptr @f_add, ptr @f_mul
  %p = select i1 %c0, ptr @f_const, ptr %p1
  %r = call i32 %p(i32 %x)
  %n = and i32 %x, 3
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %acc = phi i32 [ %r, %entry ], [ %acc1, %body ]
  %more = icmp ult i32 %k, %n
  br i1 %more, label %body, label %done
body:
  %sel = and i32 %k, 1
  %odd = icmp ne i32 %sel, 0
  %q = select i1 %odd, ptr @f_add, ptr @f_mul
  %acc1 = call i32 %q(i32 %acc)
  %k1 = add i32 %k, 1
  br label %loop
done:
  %i2 = mul i32 %i, 2
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i2
  store i32 %acc, ptr addrspace(1) %po
  %po1 = getelementptr i32, ptr addrspace(1) %po, i32 1
  %isst = icmp ugt i32 %m, 0
  %sp = select i1 %isst, ptr @f_store, ptr @f_store
  call void %sp(ptr addrspace(1) %po1, i32 %x)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
'''


def fnptr():
    rng = Rng(9404)
    lines = ['[config]', 'name: call_fnptr', 'dimensions: 1', '']
    n = 128
    X = [rng.of('uint') for _ in range(n)]
    fs = (lambda x: 100, lambda x: (x + 10) & M32, lambda x: (x * 3) & M32)
    for which in (0, 1, 2):
        te = Test('uniform_%d' % which, kernel_name='k_uniform', global_size=sizes(n), local_size=sizes(64))
        te.inp(0, 'uint', n, X).out(1, 'uint', n, [fs[which](x) for x in X]).val(2, 'int', which)
        lines += te.text().split('\n') + ['']
    o = []
    for x in X:
        acc = fs[x % 3](x)
        for k in range(x & 3):
            acc = fs[1](acc) if k & 1 else fs[2](acc)
        o += [acc, x ^ 255]
    te = Test('divergent', kernel_name='k_divergent', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'uint', n, X).out(1, 'uint', 2 * n, o)
    lines += te.text().split('\n')
    lines = ['# Function pointers (LLVM IR: OpenCL C has none); host reference only.'] + lines
    write_ll('f_call_fnptr.ll', lines, FNPTR_IR)


if __name__ == '__main__':
    args()
    control()
    recursion()
    ids()
    fnptr()
