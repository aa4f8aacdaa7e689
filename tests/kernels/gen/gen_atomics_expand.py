#!/usr/bin/env python3
"""Generates tests/kernels/f_atomics_expand.ll (issue 26): the atomics
wavecc refused on main.

- atomicrmw fadd/fsub/fmin/fmax of float and double on global, flat and
  LDS memory: compare-and-swap loops on gfx900 (src/llvm/expand_atomics.c).
  Contended words (both work-groups, every lane) get small integers, so the
  sums are exact in any order; per-lane words check the returned old value
  and minnum/maxnum with a NaN operand (the old value stays);
- uinc_wrap/udec_wrap (the ISA's inc/dec) on i32 and i64, global, flat and
  LDS: per-lane words (old value returned, new value stored) and contended
  ones (the final value does not depend on the order);
- nand (a loop too) and cmpxchg of a pointer;
- atomicrmw and cmpxchg on private memory: a load, the operation, a store.
Floats travel as their bit patterns (uint/ulong buffers).
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, write_ll, fbits, bitsf  # noqa: E402

G, L = 2, 64
N = G * L
NO = 11  # outputs per lane

IR = '''
@lf = internal addrspace(3) global [4 x float] poison, align 4
@ld = internal addrspace(3) global [4 x double] poison, align 8
@li = internal addrspace(3) global [2 x i32] poison, align 4

define amdgpu_kernel void @k_atom(ptr addrspace(1) %F, ptr addrspace(1) %D, ptr addrspace(1) %I, ptr addrspace(1) %Q,
                                  ptr addrspace(1) %P, ptr addrspace(1) %out) {
  %pa = alloca [4 x i32], align 4, addrspace(5)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g64 = mul i32 %g, 64
  %gid = add i32 %g64, %t
  %t1 = add i32 %t, 1
  %ft1 = uitofp i32 %t1 to float
  %ft = uitofp i32 %t to float
  %t3 = mul i32 %t, 3
  %t3m = sub i32 %t3, 100
  %fm = sitofp i32 %t3m to float
  ; contended float words
  %F1 = getelementptr float, ptr addrspace(1) %F, i32 1
  %F2 = getelementptr float, ptr addrspace(1) %F, i32 2
  %F3 = getelementptr float, ptr addrspace(1) %F, i32 3
  %a0 = atomicrmw fadd ptr addrspace(1) %F, float %ft1 syncscope("agent") monotonic, align 4
  %a1 = atomicrmw fsub ptr addrspace(1) %F1, float %ft seq_cst, align 4
  %a2 = atomicrmw fmax ptr addrspace(1) %F2, float %fm monotonic, align 4
  %Fg = addrspacecast ptr addrspace(1) %F3 to ptr
  %a3 = atomicrmw fmin ptr %Fg, float %fm monotonic, align 4
  ; per-lane float words: old value back; NaN operands for lanes t % 8 == 0
  %gi = add i32 %gid, 4
  %Fo = getelementptr float, ptr addrspace(1) %F, i32 %gi
  %t8 = and i32 %t, 7
  %isn = icmp eq i32 %t8, 0
  %opf = select i1 %isn, float 0x7FF8000000000000, float %ft
  %o0 = atomicrmw fmax ptr addrspace(1) %Fo, float %opf monotonic, align 4
  ; doubles: contended fadd (quarters: exact), per-lane fmin (NaN kept out) and fadd on flat
  %dt = uitofp i32 %t to double
  %dq = fmul double %dt, 2.500000e-01
  %b0 = atomicrmw fadd ptr addrspace(1) %D, double %dq monotonic, align 8
  %Do = getelementptr double, ptr addrspace(1) %D, i32 %gi
  %opd = select i1 %isn, double 0x7FF8000000000000, double %dq
  %o1 = atomicrmw fmin ptr addrspace(1) %Do, double %opd monotonic, align 8
  %Dg = addrspacecast ptr addrspace(1) %Do to ptr
  %o2 = atomicrmw fsub ptr %Dg, double 1.500000e+00 monotonic, align 8
  ; LDS: four float and double counters, 16 lanes each, plus inc/dec
  %t4 = and i32 %t, 3
  %lfp = getelementptr [4 x float], ptr addrspace(3) @lf, i32 0, i32 %t4
  %ldp = getelementptr [4 x double], ptr addrspace(3) @ld, i32 0, i32 %t4
  %lip = getelementptr [2 x i32], ptr addrspace(3) @li, i32 0, i32 1
  %first = icmp ult i32 %t, 4
  br i1 %first, label %init, label %go
init:
  store float 5.000000e-01, ptr addrspace(3) %lfp, align 4
  store double 1.000000e+00, ptr addrspace(3) %ldp, align 8
  %is0 = icmp eq i32 %t, 0
  br i1 %is0, label %init0, label %go
init0:
  store i32 7, ptr addrspace(3) @li, align 4
  store i32 20, ptr addrspace(3) %lip, align 4
  br label %go
go:
  call void @llvm.amdgcn.s.barrier()
  %l0 = atomicrmw fadd ptr addrspace(3) %lfp, float %ft1 monotonic, align 4
  %l1 = atomicrmw fadd ptr addrspace(3) %ldp, double %dq seq_cst, align 8
  %l2 = atomicrmw uinc_wrap ptr addrspace(3) @li, i32 40 monotonic, align 4
  %l3 = atomicrmw udec_wrap ptr addrspace(3) %lip, i32 30 monotonic, align 4
  call void @llvm.amdgcn.s.barrier()
  %r0 = load float, ptr addrspace(3) %lfp, align 4
  %r1 = load double, ptr addrspace(3) %ldp, align 8
  %r2 = load i32, ptr addrspace(3) @li, align 4
  %r3 = load i32, ptr addrspace(3) %lip, align 4
  ; integer inc/dec: contended I[0], I[1]; per lane I[2 + gid] (inc), I[2 + N + gid] (dec on flat)
  %i0 = atomicrmw uinc_wrap ptr addrspace(1) %I, i32 1000 monotonic, align 4
  %I1 = getelementptr i32, ptr addrspace(1) %I, i32 1
  %i1 = atomicrmw udec_wrap ptr addrspace(1) %I1, i32 50 monotonic, align 4
  %lim = urem i32 %gid, 5
  %ip = add i32 %gid, 2
  %Ip = getelementptr i32, ptr addrspace(1) %I, i32 %ip
  %i2 = atomicrmw uinc_wrap ptr addrspace(1) %Ip, i32 %lim monotonic, align 4
  %idp = add i32 %ip, NN
  %Id = getelementptr i32, ptr addrspace(1) %I, i32 %idp
  %Idg = addrspacecast ptr addrspace(1) %Id to ptr
  %i3 = atomicrmw udec_wrap ptr %Idg, i32 %lim monotonic, align 4
  ; nand per lane at I[2 + 2N + gid]
  %inp = add i32 %idp, NN
  %In = getelementptr i32, ptr addrspace(1) %I, i32 %inp
  %tm = mul i32 %t, 16843009
  %i4 = atomicrmw nand ptr addrspace(1) %In, i32 %tm monotonic, align 4
  ; i64 inc/dec per lane: Q[gid] global inc, Q[N + gid] flat dec
  %lim64 = zext i32 %lim to i64
  %lb = add i64 %lim64, 4294967296
  %Qp = getelementptr i64, ptr addrspace(1) %Q, i32 %gid
  %q0 = atomicrmw uinc_wrap ptr addrspace(1) %Qp, i64 %lb monotonic, align 8
  %qd = add i32 %gid, NN
  %Qd = getelementptr i64, ptr addrspace(1) %Q, i32 %qd
  %Qdg = addrspacecast ptr addrspace(1) %Qd to ptr
  %q1 = atomicrmw udec_wrap ptr %Qdg, i64 %lb monotonic, align 8
  ; cmpxchg of a pointer: P[gid] is null for even gid; swap in &out[gid]
  %Pp = getelementptr ptr addrspace(1), ptr addrspace(1) %P, i32 %gid
  %Oo = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  %cx = cmpxchg ptr addrspace(1) %Pp, ptr addrspace(1) null, ptr addrspace(1) %Oo monotonic monotonic, align 8
  %cxo = extractvalue { ptr addrspace(1), i1 } %cx, 0
  %cxk = extractvalue { ptr addrspace(1), i1 } %cx, 1
  %cxe = icmp eq ptr addrspace(1) %cxo, null
  %cxs = zext i1 %cxk to i32
  %cxe32 = zext i1 %cxe to i32
  %cxv = shl i32 %cxe32, 1
  %cxr = or i32 %cxs, %cxv
  ; private memory
  %pp0 = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 0
  %pp1 = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 1
  %pp2 = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 2
  %pp3 = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 3
  %ppt = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 %t4
  store i32 %t, ptr addrspace(5) %pp0, align 4
  store i32 %gid, ptr addrspace(5) %pp1, align 4
  store i32 %t, ptr addrspace(5) %pp2, align 4
  store i32 5, ptr addrspace(5) %pp3, align 4
  %pr0 = atomicrmw add ptr addrspace(5) %pp0, i32 100 seq_cst, align 4
  %pr1 = atomicrmw uinc_wrap ptr addrspace(5) %pp1, i32 %t monotonic, align 4
  %pcx = cmpxchg ptr addrspace(5) %ppt, i32 %t, i32 77 seq_cst seq_cst, align 4
  %pcxo = extractvalue { i32, i1 } %pcx, 0
  %pcxk = extractvalue { i32, i1 } %pcx, 1
  %pk = zext i1 %pcxk to i32
  %pv0 = load i32, ptr addrspace(5) %pp0, align 4
  %pv1 = load i32, ptr addrspace(5) %pp1, align 4
  %pvt = load i32, ptr addrspace(5) %ppt, align 4
  %p0 = add i32 %pr0, %pv0
  %p1 = mul i32 %pr1, 1000
  %p2 = add i32 %p1, %pv1
  %p3 = mul i32 %pk, 1000
  %p4 = add i32 %p3, %pvt
  %p5 = xor i32 %p4, %pcxo
  ; per-lane outputs
  %o0i = bitcast float %o0 to i32
  %o1i = bitcast double %o1 to i64
  %o1l = trunc i64 %o1i to i32
  %o1s = lshr i64 %o1i, 32
  %o1h = trunc i64 %o1s to i32
  %o2i = bitcast double %o2 to i64
  %o2h64 = lshr i64 %o2i, 32
  %o2h = trunc i64 %o2h64 to i32
  %r0i = bitcast float %r0 to i32
  %r1f = fptoui double %r1 to i32
  %q0l = trunc i64 %q0 to i32
  %q1s = lshr i64 %q1, 20
  %q1l = trunc i64 %q1s to i32
  %x0 = add i32 %i2, %i3
  %x1 = mul i32 %x0, 7
  %x2 = add i32 %x1, %q0l
  %x3 = xor i32 %x2, %q1l
  %x4 = add i32 %r2, %r3
  %x5 = shl i32 %x4, 16
  %x6 = or i32 %x5, %r1f
  %x7 = xor i32 %i4, %cxr
  %o = mul i32 %gid, NO
  %q0p = getelementptr i32, ptr addrspace(1) %out, i32 %o
STORES  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()
'''

OUTS = ['%o0i', '%o1l', '%o1h', '%o2h', '%r0i', '%x6', '%x3', '%x7', '%p0', '%p2', '%p5']


def f32b(x):
    return fbits(x)


def d2b(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


def b2d(u):
    return struct.unpack('<d', struct.pack('<Q', u))[0]


def minnum(a, b):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return min(a, b)


def maxnum(a, b):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return max(a, b)


def inc(old, v, m):
    return 0 if old >= v else (old + 1) & m


def dec(old, v, m):
    return v if old == 0 or old > v else old - 1


def main():
    rng = Rng(2626)
    stores = ''
    for k, v in enumerate(OUTS):
        if k:
            stores += '  %%q%dp = getelementptr i32, ptr addrspace(1) %%q0p, i32 %d\n' % (k, k)
        stores += '  store i32 %s, ptr addrspace(1) %%q%dp\n' % (v, k)
    ir = IR.replace('STORES', stores).replace('NN', str(N)).replace('NO', str(NO))
    # inputs
    fin = [2.0, 1000.0, -500.0, 500.0] + [rng.f32(-50, 50) for _ in range(N)]
    din = [0.5, 0.0] + [0.0] * 2 + [float(rng.range(-40, 40)) for _ in range(N)]
    iin = [990, 10] + [rng.range(0, 6) for _ in range(2 * N)] + [rng.bits(32) for _ in range(N)]
    qin = [rng.range(0, 6) + (rng.range(0, 2) << 32) for _ in range(2 * N)]
    qin = [q if i % 3 else 0 for i, q in enumerate(qin)]
    F = list(fin)
    D = list(din)
    I = list(iin)
    Q = list(qin)
    out = [0] * (N * NO)
    M32, M64 = 0xffffffff, 0xffffffffffffffff
    # contended words: order-independent results
    F[0] = fin[0] + sum(t + 1 for t in range(L)) * G
    F[1] = fin[1] - sum(range(L)) * G
    F[2] = max([fin[2]] + [t * 3 - 100 for t in range(L)])
    F[3] = min([fin[3]] + [t * 3 - 100 for t in range(L)])
    D[0] = din[0] + sum(t * 0.25 for t in range(L)) * G
    x = iin[0]
    for _ in range(N):
        x = inc(x, 1000, M32)
    I[0] = x
    x = iin[1]
    for _ in range(N):
        x = dec(x, 50, M32)
    I[1] = x
    lf = [0.5 + sum(t + 1 for t in range(L) if t % 4 == j) for j in range(4)]
    ld = [1.0 + sum(t * 0.25 for t in range(L) if t % 4 == j) for j in range(4)]
    li0, li1 = 7, 20
    for _ in range(L):
        li0 = inc(li0, 40, M32)
        li1 = dec(li1, 30, M32)
    pin = [0 if gid % 2 == 0 else rng.bits(32) | 1 for gid in range(N)]
    for gid in range(N):
        t = gid % L
        nan = t % 8 == 0
        old = fin[4 + gid]
        o0 = old
        F[4 + gid] = old if nan else maxnum(old, float(t))
        dq = t * 0.25
        o1 = din[4 + gid]
        o2 = o1 if nan else minnum(o1, dq)
        D[4 + gid] = o2 - 1.5
        lim = gid % 5
        ip = 2 + gid
        i2 = iin[ip]
        I[ip] = inc(i2, lim, M32)
        idp = ip + N
        i3 = iin[idp]
        I[idp] = dec(i3, lim, M32)
        inp = idp + N
        i4 = iin[inp]
        I[inp] = ~(i4 & ((t * 0x01010101) & M32)) & M32
        lb = lim + (1 << 32)
        q0 = qin[gid]
        Q[gid] = inc(q0, lb, M64)
        q1 = qin[N + gid]
        Q[N + gid] = dec(q1, lb, M64)
        # private: slots {t, gid, t, 5}; add 100 to slot 0, inc slot 1 by limit t, cmpxchg slot t % 4 (t -> 77)
        slots = [t, gid, t, 5]
        pr0 = slots[0]
        slots[0] += 100
        pr1 = slots[1]
        slots[1] = inc(slots[1], t, M32)
        cur = slots[t % 4]
        ok = cur == t
        if ok:
            slots[t % 4] = 77
        p5 = ((1000 if ok else 0) + slots[t % 4]) ^ cur
        r0 = lf[t % 4]
        r1 = ld[t % 4]
        x6 = (((li0 + li1) << 16) | int(r1)) & M32
        x3 = (((i2 + i3) * 7 + (q0 & M32)) ^ ((q1 >> 20) & M32)) & M32
        x7 = i4 ^ (3 if gid % 2 == 0 else 0)
        out[gid * NO:(gid + 1) * NO] = [f32b(o0), d2b(o1) & M32, d2b(o1) >> 32, d2b(o2) >> 32, f32b(r0), x6, x3, x7,
                                        (pr0 + slots[0]) & M32, (pr1 * 1000 + slots[1]) & M32, p5 & M32]
    te = (Test('float, inc/dec, nand, pointer and private atomics', kernel_name='k_atom')
          .inp(0, 'uint', 4 + N, [f32b(v) for v in fin]).out(0, 'uint', 4 + N, [f32b(v) for v in F])
          .inp(1, 'ulong', 4 + N, [d2b(v) for v in din]).out(1, 'ulong', 4 + N, [d2b(v) for v in D])
          .inp(2, 'uint', 2 + 3 * N, iin).out(2, 'uint', 2 + 3 * N, I)
          .inp(3, 'ulong', 2 * N, qin).out(3, 'ulong', 2 * N, Q)
          .inp(4, 'ulong', N, pin)
          .inp(5, 'uint', N * NO, [0] * (N * NO)).out(5, 'uint', N * NO, out))
    lines = ['[config]', 'name: atomics expanded or mapped for gfx900 (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % L, ''] + te.text().split('\n')
    write_ll('f_atomics_expand.ll', lines, ir)


if __name__ == '__main__':
    main()
