#!/usr/bin/python3
"""Generates tests/kernels/f_vcc_mask_vop3p_sgprs.ll (fz20a, session 20),
aimed at two of session 19's changes (gi19):
 - vcc-carry's try_mask: a compare read only by v_cndmask_b32 in its block
   writes VCC (GFX10+), so the selects take their 32-bit form. Kernel
   `mask`: one divergent compare read by ten selects of SGPR, literal,
   inline-constant and VGPR operands (both halves of 64-bit selects), with
   64-bit adds (VCC carries) and a second compare between them; kernel
   `mask_loop`: the same in a uniform loop whose compare's mask is also a
   phi's value (the register may be read round the back edge).
 - isel_vop3p: a VOP3P instruction reads as many distinct SGPRs as the
   target's constant bus allows (two on GFX10+, one on gfx9/CDNA). Kernel
   `pk`: packed half fma and packed u16 mad/max with one, two and three
   uniform <2 x half>/<2 x i16> arguments and a constant; and
   tests/kernels/f_vop3p_dot_sgprs.ll: llvm.amdgcn.udot4 with two uniform
   operands (GPUs with dot instructions).
Host reference: Python integers; half fma rounded once by fpref.py."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kt  # noqa: E402
from fpref import F16, op  # noqa: E402

N = 64
M32 = 0xffffffff


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


MASK_IR = '''
define amdgpu_kernel void @mask(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %a, i32 %b, i64 %c) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gi = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %x = load i32, ptr addrspace(1) %gi
  %cmp = icmp sgt i32 %x, %a
  %s0 = select i1 %cmp, i32 %a, i32 %b
  %s1 = select i1 %cmp, i32 %x, i32 17
  %s2 = select i1 %cmp, i32 305419896, i32 %b
  %x1 = add i32 %x, 1
  %x3 = mul i32 %x, 3
  %s3 = select i1 %cmp, i32 %x1, i32 %x3
  %w = zext i32 %x to i64
  %w2 = mul i64 %w, %c
  %w3 = add i64 %w2, %c
  %s4 = select i1 %cmp, i64 %w3, i64 %c
  %w5 = add i64 %w3, 81985529216486895
  %cmp2 = icmp ult i64 %w5, %c
  %s5 = select i1 %cmp, i64 %w5, i64 -2
  %s6 = select i1 %cmp2, i32 %s0, i32 %s1
  %s7 = select i1 %cmp, i32 %s6, i32 -7
  %s8 = select i1 %cmp, i32 %b, i32 %x
  %base = mul i32 %tid, 12
{STORES}  ret void
}

define amdgpu_kernel void @mask_loop(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %a, i32 %b, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gi = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %x = load i32, ptr addrspace(1) %gi
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ %x, %entry ], [ %acc2, %loop ]
  %m = phi i1 [ false, %entry ], [ %cmp, %loop ]
  %w = phi i64 [ 0, %entry ], [ %w2, %loop ]
  %ai = mul i32 %a, %i
  %cmp = icmp ult i32 %acc, %ai
  %t0 = select i1 %cmp, i32 %b, i32 %acc
  %t1 = select i1 %m, i32 %t0, i32 %a
  %acc1 = add i32 %t0, %t1
  %acc2 = xor i32 %acc1, %i
  %wz = zext i32 %acc2 to i64
  %w1 = add i64 %w, %wz
  %w2 = add i64 %w1, 4294967295
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  %base = mul i32 %tid, 3
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %acc2, ptr addrspace(1) %p0
  %o1 = add i32 %base, 1
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 %o1
  %mz = zext i1 %m to i32
  %wl = trunc i64 %w2 to i32
  %wh0 = lshr i64 %w2, 32
  %wh = trunc i64 %wh0 to i32
  %mw = add i32 %wh, %mz
  store i32 %wl, ptr addrspace(1) %p1
  %o2 = add i32 %base, 2
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %o2
  store i32 %mw, ptr addrspace(1) %p2
  ret void
}

define amdgpu_kernel void @pk(ptr addrspace(1) %out, ptr addrspace(1) %in, <2 x half> %ua, <2 x half> %ub, <2 x half> %uc, <2 x i16> %ia, <2 x i16> %ib) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gi = getelementptr <2 x half>, ptr addrspace(1) %in, i32 %tid
  %v = load <2 x half>, ptr addrspace(1) %gi
  %r0 = call <2 x half> @llvm.fma.v2f16(<2 x half> %ua, <2 x half> %ub, <2 x half> %v)
  %r1 = call <2 x half> @llvm.fma.v2f16(<2 x half> %ua, <2 x half> %v, <2 x half> %ub)
  %r2 = call <2 x half> @llvm.fma.v2f16(<2 x half> %v, <2 x half> %ua, <2 x half> %ua)
  %r3 = call <2 x half> @llvm.fma.v2f16(<2 x half> %ua, <2 x half> %ub, <2 x half> %uc)
  %r3v = fadd <2 x half> %r3, %v
  %r4 = call <2 x half> @llvm.fma.v2f16(<2 x half> %ua, <2 x half> <half 0xH3E00, half 0xHC000>, <2 x half> %uc)
  %r4v = fmul <2 x half> %r4, %v
  %iv = bitcast <2 x half> %v to <2 x i16>
  %m5 = mul <2 x i16> %ia, %ib
  %r5 = add <2 x i16> %m5, %iv
  %m6 = mul <2 x i16> %ia, %iv
  %r6 = add <2 x i16> %m6, %ib
  %r7 = call <2 x i16> @llvm.umax.v2i16(<2 x i16> %ia, <2 x i16> %iv)
  %m8 = mul <2 x i16> %ia, <i16 300, i16 -5>
  %r8 = add <2 x i16> %m8, %iv
  %base = mul i32 %tid, 9
{PKSTORES}  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <2 x half> @llvm.fma.v2f16(<2 x half>, <2 x half>, <2 x half>)
declare <2 x i16> @llvm.umax.v2i16(<2 x i16>, <2 x i16>)
'''

DOT_IR = '''
define amdgpu_kernel void @dot(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %ua, i32 %ub) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gi = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %gi
  %d0 = call i32 @llvm.amdgcn.udot4(i32 %ua, i32 %ub, i32 %v, i1 false)
  %d1 = call i32 @llvm.amdgcn.udot4(i32 %ua, i32 %v, i32 %ub, i1 false)
  %d2 = call i32 @llvm.amdgcn.udot4(i32 %v, i32 %ua, i32 %ua, i1 false)
  %base = mul i32 %tid, 3
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %d0, ptr addrspace(1) %p0
  %o1 = add i32 %base, 1
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 %o1
  store i32 %d1, ptr addrspace(1) %p1
  %o2 = add i32 %base, 2
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %o2
  store i32 %d2, ptr addrspace(1) %p2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.udot4(i32, i32, i32, i1)
'''


def stores(vals, typ):
    st = ''
    for i, (v, t) in enumerate(vals):
        st += ('  %%o%d = add i32 %%base, %d\n  %%p%d = getelementptr %s, ptr addrspace(1) %%out, i32 %%o%d\n'
               '  store %s %s, ptr addrspace(1) %%p%d\n') % (i, i, i, typ, i, t, v, i)
    return st


def mask_stores():
    # 12 dwords: s0 s1 s2 s3 s4.lo s4.hi s5.lo s5.hi s6 s7 s8 cmp2
    names = ['%s0', '%s1', '%s2', '%s3', '%s4l', '%s4h', '%s5l', '%s5h', '%s6', '%s7', '%s8', '%c2z']
    pre = ('  %s4l = trunc i64 %s4 to i32\n  %s4s = lshr i64 %s4, 32\n  %s4h = trunc i64 %s4s to i32\n'
           '  %s5l = trunc i64 %s5 to i32\n  %s5s = lshr i64 %s5, 32\n  %s5h = trunc i64 %s5s to i32\n'
           '  %c2z = zext i1 %cmp2 to i32\n')
    return pre + stores([(n, 'i32') for n in names], 'i32')


def mask_ref(x, a, b, c):
    M64 = (1 << 64) - 1
    cmp = s32(x) > s32(a)
    s0 = a if cmp else b
    s1 = x if cmp else 17
    s2 = 305419896 if cmp else b
    s3 = ((x + 1) if cmp else (x * 3)) & M32
    w3 = (x * c + c) & M64
    s4 = w3 if cmp else c
    w5 = (w3 + 81985529216486895) & M64
    cmp2 = w5 < c
    s5 = w5 if cmp else M64 - 1
    s6 = s0 if cmp2 else s1
    s7 = s6 if cmp else (-7 & M32)
    s8 = b if cmp else x
    return [s0, s1, s2, s3, s4 & M32, s4 >> 32, s5 & M32, s5 >> 32, s6, s7, s8, int(cmp2)]


def loop_ref(x, a, b, n):
    M64 = (1 << 64) - 1
    acc, m, w = x, False, 0
    for i in range(n):
        cmp = acc < ((a * i) & M32)
        t0 = b if cmp else acc
        t1 = t0 if m else a
        acc = ((t0 + t1) & M32) ^ i
        w = (w + acc + 4294967295) & M64
        m_last, m = m, cmp
    # the exit reads the header phi %m: the previous iteration's compare
    return [acc, w & M32, ((w >> 32) + int(m_last)) & M32]


def h2(v):
    return [v & 0xffff, v >> 16]


def pk_ref(v, ua, ub, uc, ia, ib):
    fma = lambda x, y, z: op(F16, 'fma', [x, y, z])  # noqa: E731
    out = []
    V, A, B, C, IA, IB = h2(v), h2(ua), h2(ub), h2(uc), h2(ia), h2(ib)
    k4 = [0x3E00, 0xC000]
    k8 = [300, (-5) & 0xffff]
    rows = [[], [], [], [], [], [], [], [], []]
    for j in range(2):
        rows[0].append(fma(A[j], B[j], V[j]))
        rows[1].append(fma(A[j], V[j], B[j]))
        rows[2].append(fma(V[j], A[j], A[j]))
        rows[3].append(op(F16, 'add', [fma(A[j], B[j], C[j]), V[j]]))
        rows[4].append(op(F16, 'mul', [fma(A[j], k4[j], C[j]), V[j]]))
        rows[5].append((IA[j] * IB[j] + V[j]) & 0xffff)
        rows[6].append((IA[j] * V[j] + IB[j]) & 0xffff)
        rows[7].append(max(IA[j], V[j]))
        rows[8].append((IA[j] * k8[j] + V[j]) & 0xffff)
    for row in rows:
        out.append(row[0] | row[1] << 16)
    return out


def udot4(a, b, c):
    return (sum(((a >> (8 * k)) & 0xff) * ((b >> (8 * k)) & 0xff) for k in range(4)) + c) & M32


def nan_free_half(r):
    """A half bit pattern that is finite (no inf/NaN), sign random."""
    while True:
        b = r.bits(16)
        if (b >> 10) & 0x1f != 0x1f:
            return b


def main():
    r = kt.Rng(0xf20b)
    lines = ['[config]', 'name: GFX10+ compare masks in VCC read by v_cndmask; VOP3P with two SGPRs', 'dimensions: 1',
             '']
    mask_vals = []
    # mask: x around a, b, c chosen per test
    for t, (a, b, c) in enumerate([(5, 0xdeadbeef, 0x123456789), (0x80000000, 7, (1 << 64) - 3),
                                   (0x7ffffff0, 0xfffffff0, 0xfedcba9876543210)]):
        xs = [(a + r.range(-40, 40)) & M32 if k % 3 else r.bits(32) for k in range(N)]
        xs[0], xs[1] = a, (a + 1) & M32
        exp = []
        for x in xs:
            exp += mask_ref(x, a, b, c)
        lines += ['[test]', 'name: mask %d' % t, 'kernel_name: mask', 'global_size: %d 0 0' % N,
                  'local_size: %d 0 0' % N, 'arg_in: 0 buffer uint[%d] repeat 0' % (12 * N),
                  'arg_out: 0 buffer uint[%d] %s' % (12 * N, ' '.join(map(str, exp))),
                  'arg_in: 1 buffer uint[%d] %s' % (N, ' '.join(map(str, xs))),
                  'arg_in: 2 uint %d' % a, 'arg_in: 3 uint %d' % b, 'arg_in: 4 ulong %d' % c, '']
    for t, (a, b, n) in enumerate([(3, 1000, 9), (0x10000001, 5, 17), (7, 0xffffffff, 1)]):
        xs = [r.range(0, 60) if k % 2 else r.bits(32) for k in range(N)]
        exp = []
        for x in xs:
            exp += loop_ref(x, a, b, n)
        lines += ['[test]', 'name: mask loop %d' % t, 'kernel_name: mask_loop', 'global_size: %d 0 0' % N,
                  'local_size: %d 0 0' % N, 'arg_in: 0 buffer uint[%d] repeat 0' % (3 * N),
                  'arg_out: 0 buffer uint[%d] %s' % (3 * N, ' '.join(map(str, exp))),
                  'arg_in: 1 buffer uint[%d] %s' % (N, ' '.join(map(str, xs))),
                  'arg_in: 2 uint %d' % a, 'arg_in: 3 uint %d' % b, 'arg_in: 4 uint %d' % n, '']
    for t in range(3):
        # moderate half values so fma results are rarely inf/NaN
        def hv():
            return (r.range(12, 18) << 10 | r.bits(10)) | r.bits(1) << 15
        ua, ub, uc = hv() | hv() << 16, hv() | hv() << 16, hv() | hv() << 16
        ia, ib = r.bits(32), r.bits(32)
        vs = [hv() | hv() << 16 if k % 4 else nan_free_half(r) | nan_free_half(r) << 16 for k in range(N)]
        exp = []
        for v in vs:
            exp += pk_ref(v, ua, ub, uc, ia, ib)
        for e in [e for k, e in enumerate(exp) if k % 9 < 5]:  # half results: finite operands, no NaN
            assert not F16.is_nan(e & 0xffff) and not F16.is_nan(e >> 16)
        lines += ['[test]', 'name: pk %d' % t, 'kernel_name: pk', 'global_size: %d 0 0' % N,
                  'local_size: %d 0 0' % N, 'arg_in: 0 buffer uint[%d] repeat 0' % (9 * N),
                  'arg_out: 0 buffer uint[%d] %s' % (9 * N, ' '.join(map(str, exp))),
                  'arg_in: 1 buffer uint[%d] %s' % (N, ' '.join(map(str, vs))),
                  'arg_in: 2 uint %d' % ua, 'arg_in: 3 uint %d' % ub, 'arg_in: 4 uint %d' % uc,
                  'arg_in: 5 uint %d' % ia, 'arg_in: 6 uint %d' % ib, '']
    dlines = ['[config]', 'name: VOP3P dot with two uniform operands', 'device_regex: gfx1030|gfx1100|gfx90a|gfx942',
              'dimensions: 1', '']
    for t in range(2):
        ua, ub = r.bits(32), r.bits(32)
        vs = [r.bits(32) for _ in range(N)]
        exp = []
        for v in vs:
            exp += [udot4(ua, ub, v), udot4(ua, v, ub), udot4(v, ua, ua)]
        dlines += ['[test]', 'name: dot %d' % t, 'kernel_name: dot',
                   'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N,
                  'arg_in: 0 buffer uint[%d] repeat 0' % (3 * N),
                  'arg_out: 0 buffer uint[%d] %s' % (3 * N, ' '.join(map(str, exp))),
                  'arg_in: 1 buffer uint[%d] %s' % (N, ' '.join(map(str, vs))),
                  'arg_in: 2 uint %d' % ua, 'arg_in: 3 uint %d' % ub, '']
    pkst = ''
    for i in range(9):
        pkst += ('  %%b%d = bitcast <2 x %s> %%%s to i32\n' % (i, 'half' if i < 5 else 'i16',
                                                             ['r0', 'r1', 'r2', 'r3v', 'r4v', 'r5', 'r6', 'r7', 'r8'][i]))
    pkst += stores([('%%b%d' % i, 'i32') for i in range(9)], 'i32')
    ir = MASK_IR.replace('{STORES}', mask_stores()).replace('{PKSTORES}', pkst)
    kt.write_ll('f_vcc_mask_vop3p_sgprs.ll', lines[:-1], ir)
    kt.write_ll('f_vop3p_dot_sgprs.ll', dlines[:-1], DOT_IR)


main()
