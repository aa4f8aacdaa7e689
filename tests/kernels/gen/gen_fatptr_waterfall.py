#!/usr/bin/env python3
"""Writes tests/kernels/f_fatptr_waterfall.ll and f_fatptr_waterfall_mem.ll: buffer accesses whose resource
differs between lanes (waterfall loops, src/llvm/fatptr_waterfall.c).

Three resources over one global buffer `in` (1024 bytes): resource s starts
at byte 256*s and has num_records n_s (an argument each, 0 included), so
the range rule (raw buffer: an access whose bytes reach num_records reads 0
and writes nothing) applies per resource. Lanes pick resources by their id
through selects, phis and make.buffer.rsrc of a lane-dependent base; the
accesses run inside divergent branches and loops, and atomics contend
within each resource. The expected bytes come from the host model below.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test  # noqa: E402
from gen_fatptr import FLAGS, N, out_stores, write_ll  # noqa: E402

M32 = 0xffffffff
SENT = 0xa5a5a5a5
RANGES = [('in range', (256, 256, 256)), ('partly out of range, one empty', (256, 100, 0)),
          ('all empty', (0, 0, 0)), ('odd sizes', (37, 254, 9))]

DECLS = '''declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32>, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32, ptr addrspace(8), i32, i32, i32)
'''

SIG = '(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n0, i32 %n1, i32 %n2)'
# the three resources (uniform) and %sel(x) = resource x % 3 (divergent)
PRO = '''  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %b1 = getelementptr i8, ptr addrspace(1) %in, i32 256
  %b2 = getelementptr i8, ptr addrspace(1) %in, i32 512
  %r0 = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %in, i16 0, i32 %n0, i32 FLAGS)
  %r1 = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %b1, i16 0, i32 %n1, i32 FLAGS)
  %r2 = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %b2, i16 0, i32 %n2, i32 FLAGS)
'''


def sel(name, x):
    """IR: %name = resource (x % 3) by a chain of selects."""
    return ('  %{n}.m = urem i32 {x}, 3\n  %{n}.c1 = icmp eq i32 %{n}.m, 1\n  %{n}.c2 = icmp eq i32 %{n}.m, 2\n'
            '  %{n}.a = select i1 %{n}.c1, ptr addrspace(8) %r1, ptr addrspace(8) %r0\n'
            '  %{n} = select i1 %{n}.c2, ptr addrspace(8) %r2, ptr addrspace(8) %{n}.a\n').format(n=name, x=x)


def kernel(name, body):
    return ('define amdgpu_kernel void @%s%s {\n' % (name, SIG) + PRO + body + '}\n\n').replace('FLAGS', str(FLAGS))


# ---------------------------------------------------------------- loads
# out[4t+0] = i32 at 4t of resource t%3 (p7 load, select of resources)
# out[4t+1..2] = <2 x i32> at 8*(t%32) of resource t%3
# out[4t+3] = i32 at 4*(63-t) of the resource made from a lane-dependent
#             base in + 256*s and num_records n_s, s = (t>>1)%3
LOAD_IR = kernel('k_load', sel('r', '%tid') + '''  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %q = getelementptr i32, ptr addrspace(7) %p, i32 %tid
  %v = load i32, ptr addrspace(7) %q
  %t32 = and i32 %tid, 31
  %q2 = getelementptr <2 x i32>, ptr addrspace(7) %p, i32 %t32
  %v2 = load <2 x i32>, ptr addrspace(7) %q2
  %h = lshr i32 %tid, 1
  %s = urem i32 %h, 3
  %boff = mul i32 %s, 256
  %base = getelementptr i8, ptr addrspace(1) %in, i32 %boff
  %s1 = icmp eq i32 %s, 1
  %s2 = icmp eq i32 %s, 2
  %na = select i1 %s1, i32 %n1, i32 %n0
  %n = select i1 %s2, i32 %n2, i32 %na
  %rm = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %base, i16 0, i32 %n, i32 FLAGS)
  %rt = sub i32 63, %tid
  %o3 = shl i32 %rt, 2
  %v3 = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rm, i32 %o3, i32 0, i32 0)
  %o = shl i32 %tid, 2
  %g0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %v, ptr addrspace(1) %g0
  %g1 = getelementptr i32, ptr addrspace(1) %g0, i32 1
  store <2 x i32> %v2, ptr addrspace(1) %g1, align 4
  %g3 = getelementptr i32, ptr addrspace(1) %g0, i32 3
  store i32 %v3, ptr addrspace(1) %g3
  ret void
''')


def rd(mem, ns, s, off, size):
    """Bytes a raw-buffer load of `size` at `off` of resource s returns."""
    if off + size > ns[s]:
        return [0] * size
    return mem[256 * s + off:256 * s + off + size]


def words(b):
    return list(struct.unpack('<%dI' % (len(b) // 4), bytes(b)))


def rand_words(seed):
    rng = Rng(seed)
    return [rng.bits(32) for _ in range(256)]


def ranges(t, ns):
    """The three num_records arguments of test t."""
    return t.val(2, 'int', ns[0]).val(3, 'int', ns[1]).val(4, 'int', ns[2])


def load_tests():
    tests = []
    for j, (label, ns) in enumerate(RANGES):
        inw = rand_words(500 + j)
        mem = list(struct.pack('<256I', *inw))
        out = []
        for t in range(N):
            out += words(rd(mem, ns, t % 3, 4 * t, 4))
            out += words(rd(mem, ns, t % 3, 8 * (t % 32), 8))
            out += words(rd(mem, ns, (t >> 1) % 3, 4 * (63 - t), 4))
        t = Test('loads, lanes on three resources, %s (num_records %d %d %d)' % ((label,) + ns), kernel_name='k_load')
        t.inp(0, 'uint', 256, inw).inp(1, 'uint', 4 * N, [SENT] * (4 * N)).out(1, 'uint', 4 * N, out)
        tests.append(ranges(t, ns))
    return tests


# --------------------------------------------------------------- stores
# lane t stores t*1000+7 at 4*(t//3) of resource t%3 (p7 store) and, by
# the intrinsic, t at 4*(40 + t//3) of resource (t+1)%3.
STORE_IR = kernel('k_store', sel('r', '%tid') + sel('rb', '%tid1') + '''  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %j = udiv i32 %tid, 3
  %q = getelementptr i32, ptr addrspace(7) %p, i32 %j
  %x = mul i32 %tid, 1000
  %x7 = add i32 %x, 7
  store i32 %x7, ptr addrspace(7) %q
  %j40 = add i32 %j, 40
  %ob = shl i32 %j40, 2
  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %tid, ptr addrspace(8) %rb, i32 %ob, i32 0, i32 0)
  ret void
''').replace('  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n',
             '  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  %tid1 = add i32 %tid, 1\n')


def store_tests():
    tests = []
    for label, ns in RANGES:
        mem = [SENT] * 256

        def wr(s, off, v):
            if off + 4 <= ns[s]:
                mem[64 * s + off // 4] = v & M32
        for t in range(N):
            wr(t % 3, 4 * (t // 3), t * 1000 + 7)
        for t in range(N):
            wr((t + 1) % 3, 4 * (40 + t // 3), t)
        t = Test('stores, lanes on three resources, %s (num_records %d %d %d)' % ((label,) + ns), kernel_name='k_store')
        t.inp(0, 'uint', 256, [SENT] * 256).out(0, 'uint', 256, mem).inp(1, 'uint', 1, [0])
        tests.append(ranges(t, ns))
    return tests


# -------------------------------------------------------------- atomics
# Per resource s (lanes t%3 == s contend): word 0 an add-1 counter whose
# returned value v sets out[32*s + v] = 1 (each of 0..k-1 once; 0 for every
# lane when out of range), word 1 fadd (t+1) (a compare-and-swap loop; the
# sum of small integers is exact in any order), word 2 umax (t*37 % 101),
# word 3 a cmpxchg 0 -> 77 (one lane succeeds).
ATOMIC_IR = kernel('k_atomic', sel('r', '%tid') + '''  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %old = atomicrmw add ptr addrspace(7) %p, i32 1 monotonic
  %m = urem i32 %tid, 3
  %slot = mul i32 %m, 32
  %idx = add i32 %slot, %old
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %idx
  store i32 1, ptr addrspace(1) %g
  %q1 = getelementptr i32, ptr addrspace(7) %p, i32 1
  %t1 = add i32 %tid, 1
  %f = uitofp i32 %t1 to float
  %fo = atomicrmw fadd ptr addrspace(7) %q1, float %f monotonic
  %q2 = getelementptr i32, ptr addrspace(7) %p, i32 2
  %mx0 = mul i32 %tid, 37
  %mx = urem i32 %mx0, 101
  %uo = atomicrmw umax ptr addrspace(7) %q2, i32 %mx monotonic
  %q3 = getelementptr i32, ptr addrspace(7) %p, i32 3
  %cx = cmpxchg ptr addrspace(7) %q3, i32 0, i32 77 monotonic monotonic
  ret void
''')


def atomic_tests():
    tests = []
    for label, ns in RANGES:
        mem = [0] * 256
        out = [0] * 96
        for s in range(3):
            lanes = [t for t in range(N) if t % 3 == s]
            ok = [off + 4 <= ns[s] for off in (0, 4, 8, 12)]
            if ok[0]:
                mem[64 * s] = len(lanes)
                for v in range(len(lanes)):
                    out[32 * s + v] = 1
            else:
                out[32 * s] = 1
            if ok[1]:
                mem[64 * s + 1] = struct.unpack('<I', struct.pack('<f', float(sum(t + 1 for t in lanes))))[0]
            if ok[2]:
                mem[64 * s + 2] = max(t * 37 % 101 for t in lanes)
            if ok[3]:
                mem[64 * s + 3] = 77
        t = Test('atomics, lanes contending per resource, %s (num_records %d %d %d)' % ((label,) + ns),
                 kernel_name='k_atomic')
        t.inp(0, 'uint', 256, [0] * 256).out(0, 'uint', 256, mem).inp(1, 'uint', 96, [0] * 96).out(1, 'uint', 96, out)
        tests.append(ranges(t, ns))
    return tests


# ------------------------------------------------- control flow and loops
# Odd lanes run a loop of (t % 5) + 1 iterations; iteration i loads the word
# at 4*((t + 5i) % 63) of resource (t+i) % 3 (a phi of the resource: the
# fat pointer is carried round the loop) and adds 1 atomically to word 63 of
# it; even lanes load once from resource t % 3 inside the else-branch.
# out[t] = sum of loaded words * (i+1).
CF_IR = kernel('k_cf', sel('rs', '%tid') + '''  %odd = and i32 %tid, 1
  %c = icmp ne i32 %odd, 0
  %ps = addrspacecast ptr addrspace(8) %rs to ptr addrspace(7)
  %tm = urem i32 %tid, 5
  %trip = add i32 %tm, 1
  br i1 %c, label %loop, label %even

loop:
  %i = phi i32 [ 0, %0 ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %0 ], [ %acc1, %loop ]
  %p = phi ptr addrspace(7) [ %ps, %0 ], [ %pn, %loop ]
  %i5 = mul i32 %i, 5
  %w0 = add i32 %tid, %i5
  %w = urem i32 %w0, 63
  %q = getelementptr i32, ptr addrspace(7) %p, i32 %w
  %v = load i32, ptr addrspace(7) %q
  %q63 = getelementptr i32, ptr addrspace(7) %p, i32 63
  %ao = atomicrmw add ptr addrspace(7) %q63, i32 1 monotonic
  %i1 = add i32 %i, 1
  %vm = mul i32 %v, %i1
  %acc1 = add i32 %acc, %vm
  %ti = add i32 %tid, %i1
''' + sel('rn', '%ti') + '''  %pn = addrspacecast ptr addrspace(8) %rn to ptr addrspace(7)
  %more = icmp ult i32 %i1, %trip
  br i1 %more, label %loop, label %done

even:
  %qe = getelementptr i32, ptr addrspace(7) %ps, i32 %tid
  %ve = load i32, ptr addrspace(7) %qe
  br label %done

done:
  %res = phi i32 [ %acc1, %loop ], [ %ve, %even ]
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %res, ptr addrspace(1) %g
  ret void
''')


def cf_tests():
    tests = []
    for j, (label, ns) in enumerate(RANGES):
        inw = rand_words(600 + j)
        for s in range(3):
            inw[64 * s + 63] = 1000 * (s + 1)
        mem = list(struct.pack('<256I', *inw))
        out, fin = [], list(inw)
        for t in range(N):
            if t & 1:
                acc = 0
                for i in range(t % 5 + 1):
                    s = (t + i) % 3
                    v = words(rd(mem, ns, s, 4 * ((t + 5 * i) % 63), 4))[0]
                    acc = (acc + v * (i + 1)) & M32
                    if 256 <= ns[s]:
                        fin[64 * s + 63] += 1
                out.append(acc)
            else:
                out.append(words(rd(mem, ns, t % 3, 4 * t, 4))[0])
        t = Test('divergent branch and loop over resources, %s (num_records %d %d %d)' % ((label,) + ns),
                 kernel_name='k_cf')
        t.inp(0, 'uint', 256, inw).out(0, 'uint', 256, fin).inp(1, 'uint', N, [SENT] * N).out(1, 'uint', N, out)
        tests.append(ranges(t, ns))
    return tests


# ------------------------------------- s.buffer.load, icmp, ptrtoint
# out[4t] = s.buffer.load of the V# words of resource t%3 at 4t (divergent
# resource and offset), out[4t+1] = s.buffer.load of resource 1 at 4*(63-t)
# (uniform resource, divergent offset: a MUBUF load), out[4t+2] = icmp eq
# between resources t%3 and (t>>1)%3, out[4t+3] = num_records of resource
# t%3 from its ptrtoint.
MISC_IR = kernel('k_misc', sel('r', '%tid') + '''  %h = lshr i32 %tid, 1
''' + sel('rh', '%h') + '''  %ri = ptrtoint ptr addrspace(8) %r to i128
  %rw = bitcast i128 %ri to <4 x i32>
  %ob = shl i32 %tid, 2
  %v0 = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %rw, i32 %ob, i32 0)
  %r1i = ptrtoint ptr addrspace(8) %r1 to i128
  %r1w = bitcast i128 %r1i to <4 x i32>
  %rt = sub i32 63, %tid
  %ou = shl i32 %rt, 2
  %v1 = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %r1w, i32 %ou, i32 0)
  %eq = icmp eq ptr addrspace(8) %r, %rh
  %v2 = zext i1 %eq to i32
  %v3 = extractelement <4 x i32> %rw, i32 2
  %t = add i32 %tid, 0
''' + out_stores(['%v0', '%v1', '%v2', '%v3'])[:-len('}\n\n')])


def misc_tests():
    tests = []
    for j, (label, ns) in enumerate(RANGES):
        inw = rand_words(700 + j)
        mem = list(struct.pack('<256I', *inw))
        out = []
        for t in range(N):
            out += words(rd(mem, ns, t % 3, 4 * t, 4)) + words(rd(mem, ns, 1, 4 * (63 - t), 4))
            out += [int(t % 3 == (t >> 1) % 3), ns[t % 3]]
        t = Test('s.buffer.load, icmp and ptrtoint of divergent resources, %s (num_records %d %d %d)' % ((label,) + ns),
                 kernel_name='k_misc')
        t.inp(0, 'uint', 256, inw).inp(1, 'uint', 4 * N, [SENT] * (4 * N)).out(1, 'uint', 4 * N, out)
        tests.append(ranges(t, ns))
    return tests


# --------------------------------------------------------------- memcpy
# Lane t copies (t % 7) + 1 bytes from the global src + 8t to byte
# 8*(t // 3) + 1 of resource t % 3 (memcpy with a divergent fat pointer:
# the byte loop's every store runs in a waterfall loop); bytes at or past
# num_records are dropped.
MEMCPY_IR = kernel('k_memcpy', sel('r', '%tid') + '''  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %j = udiv i32 %tid, 3
  %j8 = shl i32 %j, 3
  %j81 = add i32 %j8, 1
  %d = getelementptr i8, ptr addrspace(7) %p, i32 %j81
  %t8 = shl i32 %tid, 3
  %s = getelementptr i8, ptr addrspace(1) %out, i32 %t8
  %t7 = urem i32 %tid, 7
  %len = add i32 %t7, 1
  call void @llvm.memcpy.p7.p1.i32(ptr addrspace(7) align 1 %d, ptr addrspace(1) align 1 %s, i32 %len, i1 false)
  ret void
''')


def memcpy_tests():
    tests = []
    for j, (label, ns) in enumerate(RANGES):
        rng = Rng(800 + j)
        src = [rng.bits(8) for _ in range(8 * N)]
        mem = [0xa5] * 1024
        for t in range(N):
            s = t % 3
            for k in range(t % 7 + 1):
                off = 8 * (t // 3) + 1 + k
                if off + 1 <= ns[s]:
                    mem[256 * s + off] = src[8 * t + k]
        t = Test('memcpy to divergent fat pointers, %s (num_records %d %d %d)' % ((label,) + ns), kernel_name='k_memcpy')
        t.inp(0, 'uchar', 1024, [0xa5] * 1024).out(0, 'uchar', 1024, mem).inp(1, 'uchar', 8 * N, src)
        tests.append(ranges(t, ns))
    return tests


def main():
    lines = ['[config]', 'name: buffer fat pointers: divergent resources (waterfall loops)', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N, '']
    ir = LOAD_IR + STORE_IR + ATOMIC_IR + CF_IR + MISC_IR + DECLS
    tests = load_tests() + store_tests() + atomic_tests() + cf_tests() + misc_tests()
    write_ll('f_fatptr_waterfall.ll', 'gen_fatptr_waterfall.py', lines, tests, ir,
             'Lanes select among three resources over one buffer (bases 0, 256, 512 bytes; num_records per\n'
             'resource, 0 included): loads, stores, atomics (contending per resource), a divergent loop\n'
             'whose fat pointer changes resource every iteration, s.buffer.load, icmp and ptrtoint.')
    lines[1] = 'name: buffer fat pointers: memcpy to divergent resources (waterfall loops)'
    write_ll('f_fatptr_waterfall_mem.ll', 'gen_fatptr_waterfall.py', lines, memcpy_tests(),
             MEMCPY_IR + DECLS + 'declare void @llvm.memcpy.p7.p1.i32(ptr addrspace(7), ptr addrspace(1), i32, i1)\n',
             'memcpy of odd lengths to fat pointers on three resources (llc-19 emits invalid IR for memcpy on\n'
             'fat pointers: "Attribute \'noalias\' applied to incompatible type!").')


if __name__ == '__main__':
    main()
