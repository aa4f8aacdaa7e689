#!/usr/bin/env python3
"""Writes tests/kernels/f_fatptr_extra.ll, f_fatptr_mem_spaces.ll, f_fatptr_icmp_loop.ll and
f_fatptr_atomic_oob.ll: buffer fat pointer cases the other
f_fatptr files leave out -- freeze of fat pointers and resources, volatile
and !nontemporal accesses and atomics (glc/slc: same results), memcpy and
memmove between a fat pointer and LDS, private and flat memory, and the
compare-and-swap and 64-bit buffer atomic intrinsics (raw and struct) with
their returned values.

Range rules (raw buffer, stride 0): a unit (the memory intrinsics copy
bytes when an alignment is 1) or access whose bytes reach num_records
reads 0 and writes nothing; struct buffers (stride != 0) check the record
index against num_records. Expected values come from the host model below.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test  # noqa: E402
from gen_fatptr import FLAGS, N, out_stores, write_ll  # noqa: E402

M32 = 0xffffffff
SENT = 0xa5a5a5a5

DECLS = '''declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
'''
MEM_DECLS = '''declare void @llvm.memset.p3.i32(ptr addrspace(3), i8, i32, i1)
declare void @llvm.memcpy.p3.p7.i32(ptr addrspace(3), ptr addrspace(7), i32, i1)
declare void @llvm.memcpy.p5.p3.i32(ptr addrspace(5), ptr addrspace(3), i32, i1)
declare void @llvm.memmove.p7.p5.i32(ptr addrspace(7), ptr addrspace(5), i32, i1)
declare void @llvm.memcpy.p0.p7.i32(ptr, ptr addrspace(7), i32, i1)
declare void @llvm.memmove.p7.p0.i32(ptr addrspace(7), ptr, i32, i1)
'''
ATOM_DECLS = '''declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32(i32, i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.struct.ptr.buffer.atomic.cmpswap.i32(i32, i32, ptr addrspace(8), i32, i32, i32, i32)
declare i64 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i64(i64, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.struct.ptr.buffer.atomic.umax.i32(i32, ptr addrspace(8), i32, i32, i32, i32)
'''


def rsrc(name, base, n, stride=0):
    return ('  %%%s = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %%%s, i16 %d, i32 %%%s, '
            'i32 %d)\n' % (name, base, stride, n, FLAGS))


# ------------------------------------------------ freeze, volatile, nontemporal
# out[t] = in[t] (volatile load through freeze p7) + in[t] (!nontemporal
# load through a fat pointer made from freeze p8), stored volatile and
# !nontemporal; word 64 of out: a volatile !nontemporal add-1 counter whose
# returned value v sets out[65 + v] = 1 (0 for every lane when out of range).
FREEZE_IR = '''define amdgpu_kernel void @k_freeze(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %nin, i32 %nout) {
''' + rsrc('ri', 'in', 'nin') + rsrc('ro', 'out', 'nout') + '''  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = addrspacecast ptr addrspace(8) %ri to ptr addrspace(7)
  %po = addrspacecast ptr addrspace(8) %ro to ptr addrspace(7)
  %f = freeze ptr addrspace(7) %pi
  %q = getelementptr i32, ptr addrspace(7) %f, i32 %tid
  %v = load volatile i32, ptr addrspace(7) %q
  %fr = freeze ptr addrspace(8) %ri
  %pf = addrspacecast ptr addrspace(8) %fr to ptr addrspace(7)
  %q2 = getelementptr i32, ptr addrspace(7) %pf, i32 %tid
  %v2 = load i32, ptr addrspace(7) %q2, !nontemporal !0
  %s = add i32 %v, %v2
  %qo = getelementptr i32, ptr addrspace(7) %po, i32 %tid
  store volatile i32 %s, ptr addrspace(7) %qo, !nontemporal !0
  %qa = getelementptr i32, ptr addrspace(7) %po, i32 64
  %old = atomicrmw volatile add ptr addrspace(7) %qa, i32 1 monotonic, !nontemporal !0
  %slot = add i32 %old, 65
  %qs = getelementptr i32, ptr addrspace(7) %po, i32 %slot
  store i32 1, ptr addrspace(7) %qs, !nontemporal !0
  ret void
}

'''


def freeze_tests():
    tests = []
    for j, (label, nin, nout) in enumerate([('in range', 256, 516), ('partly out of range', 100, 300),
                                            ('counter in range, slots partly', 256, 400), ('empty buffers', 0, 0)]):
        rng = Rng(900 + j)
        inw = [rng.bits(32) for _ in range(N)]
        out = [SENT] * 129
        out[64] = 0

        def put(i, v):
            if 4 * i + 4 <= nout:
                out[i] = v
        for t in range(N):
            v = inw[t] if 4 * t + 4 <= nin else 0
            put(t, (2 * v) & M32)
        olds = range(N) if 4 * 64 + 4 <= nout else [0] * N
        if 4 * 64 + 4 <= nout:
            out[64] = N
        for o in olds:
            put(65 + o, 1)
        init = [SENT] * 129
        init[64] = 0
        t = Test('freeze, volatile and nontemporal loads, stores and atomics, %s (num_records %d / %d)'
                 % (label, nin, nout), kernel_name='k_freeze')
        t.inp(0, 'uint', N, inw).inp(1, 'uint', 129, init).out(1, 'uint', 129, out)
        t.val(2, 'int', nin).val(3, 'int', nout)
        tests.append(t)
    return tests


# ---------------------------------------------- memory intrinsics with LDS, private, flat
# Lane t: LDS bytes 8t..8t+7 set to 0x11; memcpy of (t % 8) + 1 bytes from
# the fat pointer in + 8t + 1 into them; memcpy of the 8 LDS bytes to a
# private [8 x i8]; memmove of those to the fat pointer out + 8t; memcpy of
# 5 bytes from in + 8t + 2 to the flat pointer flat + 8t; memmove of 3
# bytes from flat + 8t + 5 (the global's own bytes) to out + 512 + 4t.
MEM_IR = '''@lds = internal addrspace(3) global [512 x i8] poison, align 4

define amdgpu_kernel void @k_mem(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %flat, i32 %nin, i32 %nout) {
''' + rsrc('ri', 'in', 'nin') + rsrc('ro', 'out', 'nout') + '''  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = addrspacecast ptr addrspace(8) %ri to ptr addrspace(7)
  %po = addrspacecast ptr addrspace(8) %ro to ptr addrspace(7)
  %priv = alloca [8 x i8], align 4, addrspace(5)
  %b = shl i32 %tid, 3
  %l = getelementptr i8, ptr addrspace(3) @lds, i32 %b
  call void @llvm.memset.p3.i32(ptr addrspace(3) align 4 %l, i8 17, i32 8, i1 false)
  %t8 = and i32 %tid, 7
  %len = add i32 %t8, 1
  %b1 = add i32 %b, 1
  %s1 = getelementptr i8, ptr addrspace(7) %pi, i32 %b1
  call void @llvm.memcpy.p3.p7.i32(ptr addrspace(3) align 4 %l, ptr addrspace(7) align 1 %s1, i32 %len, i1 false)
  call void @llvm.memcpy.p5.p3.i32(ptr addrspace(5) align 4 %priv, ptr addrspace(3) align 4 %l, i32 8, i1 false)
  %d = getelementptr i8, ptr addrspace(7) %po, i32 %b
  call void @llvm.memmove.p7.p5.i32(ptr addrspace(7) align 1 %d, ptr addrspace(5) align 4 %priv, i32 8, i1 false)
  %fg = getelementptr i8, ptr addrspace(1) %flat, i32 %b
  %fp = addrspacecast ptr addrspace(1) %fg to ptr
  %b2 = add i32 %b, 2
  %s2 = getelementptr i8, ptr addrspace(7) %pi, i32 %b2
  call void @llvm.memcpy.p0.p7.i32(ptr align 1 %fp, ptr addrspace(7) align 1 %s2, i32 5, i1 false)
  %f5 = getelementptr i8, ptr %fp, i32 5
  %t4 = shl i32 %tid, 2
  %o4 = add i32 %t4, 512
  %d2 = getelementptr i8, ptr addrspace(7) %po, i32 %o4
  call void @llvm.memmove.p7.p0.i32(ptr addrspace(7) align 1 %d2, ptr align 1 %f5, i32 3, i1 false)
  ret void
}

'''


def mem_tests():
    tests = []
    for j, (label, nin, nout) in enumerate([('in range', 520, 768), ('partly out of range', 203, 611),
                                            ('empty buffers', 0, 0)]):
        rng = Rng(950 + j)
        inb = [rng.bits(8) for _ in range(520)]
        flat0 = [rng.bits(8) for _ in range(512)]
        out = [0xa5] * 768
        flat = list(flat0)

        def rd(o):
            return inb[o] if o + 1 <= nin else 0

        def wr(o, v):
            if o + 1 <= nout:
                out[o] = v
        for t in range(N):
            lds = [0x11] * 8
            for k in range(t % 8 + 1):
                lds[k] = rd(8 * t + 1 + k)
            for k in range(8):
                wr(8 * t + k, lds[k])
            for k in range(5):
                flat[8 * t + k] = rd(8 * t + 2 + k)
            for k in range(3):
                wr(512 + 4 * t + k, flat[8 * t + 5 + k])
        t = Test('memcpy/memmove between fat pointers and LDS, private and flat memory, %s (num_records %d / %d)'
                 % (label, nin, nout), kernel_name='k_mem')
        t.inp(0, 'uchar', 520, inb).inp(1, 'uchar', 768, [0xa5] * 768).out(1, 'uchar', 768, out)
        t.inp(2, 'uchar', 512, flat0).out(2, 'uchar', 512, flat)
        t.val(3, 'int', nin).val(4, 'int', nout)
        tests.append(t)
    return tests


# --------------------------------------------------- atomic intrinsics
# buf: 288 words. Lane t compare-and-swaps word t (raw resource, num_records
# n bytes) from (t even: its value 3t, odd: 5, which fails) to t + 100 and
# stores the returned value to res[4t]; the same on record 32 + t of a
# struct resource over buf (stride 8, num_records k records: word
# 2*(32 + t)) to res[4t + 1]. All 64 lanes add t + 2^32 to the 64-bit word
# at byte 1024 (a resource of its own, always in range); the high words they
# get back are 0..63, each once, counted in res[256 + h]. (Out of range
# every lane gets 0; llc-19's atomic optimizer makes that one atomic and
# hands the lanes prefix sums, so out-of-range returns of contended atomics
# are tested in f_fatptr_atomics.ll, which llc cannot compile.) Struct umax of (7t) & 63 on
# records 136..139 (lanes t & 3), result unused.
ATOM_IR = '''define amdgpu_kernel void @k_atom(ptr addrspace(1) %buf, ptr addrspace(1) %res, i32 %n, i32 %k) {
''' + rsrc('r', 'buf', 'n') + rsrc('rs', 'buf', 'k', 8) + '''  %r64 = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %buf, i16 0, i32 1032, i32 FLAGS)
'''.replace('FLAGS', str(FLAGS)) + '''  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = and i32 %t, 1
  %isodd = icmp ne i32 %odd, 0
  %t3 = mul i32 %t, 3
  %cmp = select i1 %isodd, i32 5, i32 %t3
  %new = add i32 %t, 100
  %off = shl i32 %t, 2
  %old = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32(i32 %new, i32 %cmp, ptr addrspace(8) %r, i32 %off, i32 0, i32 0)
  %ix = add i32 %t, 32
  %olds = call i32 @llvm.amdgcn.struct.ptr.buffer.atomic.cmpswap.i32(i32 %new, i32 %cmp, ptr addrspace(8) %rs, i32 %ix, i32 0, i32 0, i32 0)
  %t64 = zext i32 %t to i64
  %a64 = add i64 %t64, 4294967296
  %old64 = call i64 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i64(i64 %a64, ptr addrspace(8) %r64, i32 1024, i32 0, i32 0)
  %t7 = mul i32 %t, 7
  %mx = and i32 %t7, 63
  %r4 = and i32 %t, 3
  %ix2 = add i32 %r4, 136
  %oldm = call i32 @llvm.amdgcn.struct.ptr.buffer.atomic.umax.i32(i32 %mx, ptr addrspace(8) %rs, i32 %ix2, i32 0, i32 0, i32 0)
  %hi = lshr i64 %old64, 32
  %hi32 = trunc i64 %hi to i32
  %g0 = getelementptr i32, ptr addrspace(1) %res, i32 %off
  store i32 %old, ptr addrspace(1) %g0
  %g1 = getelementptr i32, ptr addrspace(1) %g0, i32 1
  store i32 %olds, ptr addrspace(1) %g1
  ; the returned high words are 0..63, each once (in range): count them
  %cnt = getelementptr i32, ptr addrspace(1) %res, i32 256
  %slot = getelementptr i32, ptr addrspace(1) %cnt, i32 %hi32
  %unused = atomicrmw add ptr addrspace(1) %slot, i32 1 monotonic
  ret void
}

'''


def atom_tests():
    tests = []
    for label, n, k in [('in range', 1032, 140), ('raw partly out of range, struct in range', 130, 140),
                        ('struct partly out of range', 1032, 50), ('empty buffers', 0, 0)]:
        buf0 = [SENT] * 288
        for t in range(N):
            buf0[t] = 3 * t
            buf0[2 * (32 + t)] = 3 * t
        buf0[256] = buf0[257] = 0
        for r4 in range(4):
            buf0[2 * (136 + r4)] = 0
        buf = list(buf0)
        res = [SENT] * 256 + [0] * 64
        for t in range(N):
            cmp = 5 if t & 1 else 3 * t
            for slot, w, ok in ((4 * t, t, 4 * t + 4 <= n), (4 * t + 1, 2 * (32 + t), 32 + t < k)):
                old = buf[w] if ok else 0
                if ok and old == cmp:
                    buf[w] = t + 100
                res[slot] = old
        total = sum(t + (1 << 32) for t in range(N))
        buf[256], buf[257] = total & M32, total >> 32
        for h in range(N):
            res[256 + h] += 1
        for r4 in range(4):
            if 136 + r4 < k:
                buf[2 * (136 + r4)] = max((t * 7) & 63 for t in range(N) if t & 3 == r4)
        t = Test('cmpswap (raw, struct), 64-bit add and struct umax buffer atomics, %s (num_records %d bytes / %d records)'
                 % (label, n, k), kernel_name='k_atom')
        t.inp(0, 'uint', 288, buf0).out(0, 'uint', 288, buf).inp(1, 'uint', 320, [SENT] * 256 + [0] * 64)
        t.out(1, 'uint', 320, res).val(2, 'int', n).val(3, 'int', k)
        tests.append(t)
    return tests


# ------------------------------------------- ordered compares of fat pointers in a loop
# Lane t walks its (t % 5) + 1 words from in + 4t up, `icmp ult` against the
# end pointer, summing them (out[2t]), then back down from the last word,
# `icmp ugt` against the start, summing 3x each (out[2t + 1]). llc-19 crashes
# on the ordered compares (segmentation fault in "Lower buffer fat pointer
# operations to buffer resources").
ICMP_IR = '''define amdgpu_kernel void @k_walk(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %nin) {
entry:
''' + rsrc('r', 'in', 'nin') + '''  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %tm = urem i32 %t, 5
  %len = add i32 %tm, 1
  %s = getelementptr i32, ptr addrspace(7) %p, i32 %t
  %e = getelementptr i32, ptr addrspace(7) %s, i32 %len
  br label %up

up:
  %q = phi ptr addrspace(7) [ %s, %entry ], [ %q1, %up ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %up ]
  %v = load i32, ptr addrspace(7) %q
  %acc1 = add i32 %acc, %v
  %q1 = getelementptr i32, ptr addrspace(7) %q, i32 1
  %c = icmp ult ptr addrspace(7) %q1, %e
  br i1 %c, label %up, label %turn

turn:
  %last = getelementptr i32, ptr addrspace(7) %e, i32 -1
  br label %down

down:
  %d = phi ptr addrspace(7) [ %last, %turn ], [ %d1, %down ]
  %acc2 = phi i32 [ 0, %turn ], [ %acc3, %down ]
  %w = load i32, ptr addrspace(7) %d
  %w3 = mul i32 %w, 3
  %acc3 = add i32 %acc2, %w3
  %d1 = getelementptr i32, ptr addrspace(7) %d, i32 -1
  %c2 = icmp ugt ptr addrspace(7) %d, %s
  br i1 %c2, label %down, label %done

done:
''' + out_stores(['%acc1', '%acc3'])


def icmp_tests():
    tests = []
    for j, (label, nin) in enumerate([('in range', 272), ('partly out of range', 150), ('empty buffer', 0)]):
        rng = Rng(980 + j)
        inw = [rng.bits(32) for _ in range(68)]
        out = []
        for t in range(N):
            ws = [inw[t + k] if 4 * (t + k) + 4 <= nin else 0 for k in range(t % 5 + 1)]
            out += [sum(ws) & M32, (3 * sum(ws)) & M32]
        t = Test('walk up (icmp ult) and down (icmp ugt) between fat pointers in a loop, %s (num_records %d)'
                 % (label, nin), kernel_name='k_walk')
        t.inp(0, 'uint', 68, inw).inp(1, 'uint', 2 * N, [SENT] * (2 * N)).out(1, 'uint', 2 * N, out)
        t.val(2, 'int', nin)
        tests.append(t)
    return tests


# ------------------------------------------- contended atomics out of range
# All 64 lanes add 1 to word 0 of a raw buffer with num_records n and mark
# the slot of the value they get back: res[old] = 1. In range the returns
# are 0..63, each once; out of range no atomic happens and every lane gets
# 0 (hardware rule). llc-19's atomic optimizer turns the 64 atomics into
# one and hands the lanes prefix sums of their operands, which out of range
# gives 0..63 instead of 0 (listed in KNOWN-FAILURES.llc).
OOB_IR = '''define amdgpu_kernel void @k_oob(ptr addrspace(1) %buf, ptr addrspace(1) %res, i32 %n) {
''' + rsrc('r', 'buf', 'n') + '''  %old = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  %g = getelementptr i32, ptr addrspace(1) %res, i32 %old
  store i32 1, ptr addrspace(1) %g
  ret void
}

'''


def oob_tests():
    tests = []
    for label, n in [('in range', 4), ('out of range', 3), ('empty buffer', 0)]:
        res = [1] * N if n >= 4 else [1] + [0] * (N - 1)
        t = Test('64 lanes add 1 to one word, %s (num_records %d)' % (label, n), kernel_name='k_oob')
        t.inp(0, 'uint', 1, [0]).out(0, 'uint', 1, [N if n >= 4 else 0]).inp(1, 'uint', N, [0] * N)
        t.out(1, 'uint', N, res).val(2, 'int', n)
        tests.append(t)
    return tests


def main():
    head = ['[config]', '', 'dimensions: 1', 'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N, '']
    decl = DECLS + '\n!0 = !{i32 1}\n'
    head[1] = 'name: buffer fat pointers: freeze, volatile/nontemporal, atomic intrinsics'
    write_ll('f_fatptr_extra.ll', 'gen_fatptr_extra.py', head, freeze_tests() + atom_tests(),
             FREEZE_IR + ATOM_IR + ATOM_DECLS + decl,
             'freeze of p7 and p8; volatile (glc) and !nontemporal (slc) loads, stores and an atomic counter;\n'
             'raw and struct cmpswap, a 64-bit add by 64 lanes and struct umax, with their returned values.')
    head[1] = 'name: buffer fat pointers: memcpy/memmove with LDS, private and flat memory'
    write_ll('f_fatptr_mem_spaces.ll', 'gen_fatptr_extra.py', head, mem_tests(), MEM_IR + MEM_DECLS + decl,
             'memcpy/memmove between fat pointers and LDS, private and flat memory (byte units: align 1;\n'
             'llc-19 emits invalid IR for memory intrinsics on fat pointers).')
    head[1] = 'name: buffer fat pointers: contended atomics out of range'
    write_ll('f_fatptr_atomic_oob.ll', 'gen_fatptr_extra.py', head, oob_tests(), OOB_IR + 'declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32, ptr addrspace(8), i32, i32, i32)\n' + decl,
             'Out of range every lane of a contended atomic gets 0; llc-19 (its atomic optimizer: one atomic,\n'
             'prefix sums to the lanes) gives 0..63 (listed in KNOWN-FAILURES.llc).')
    head[1] = 'name: buffer fat pointers: ordered compares between fat pointers in a loop'
    write_ll('f_fatptr_icmp_loop.ll', 'gen_fatptr_extra.py', head, icmp_tests(), ICMP_IR + decl,
             'icmp ult / ugt between two fat pointers inside loops (offsets compared: one resource).\n'
             'llc-19 crashes on it: "Segmentation fault" in its pass "Lower buffer fat pointer operations to\n'
             'buffer resources" (listed in KNOWN-FAILURES.llc).')


if __name__ == '__main__':
    main()
