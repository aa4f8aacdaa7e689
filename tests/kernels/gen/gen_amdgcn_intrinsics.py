#!/usr/bin/env python3
"""Generates tests/kernels/f_amdgcn_intrinsics.ll: the one-instruction
llvm.amdgcn.* intrinsics of LLVM's own AMDGPU tests (issue 26) run with
host-reference values: mbcnt.lo/hi (the lane-id idiom and masks, uniform
and divergent accumulators), ubfe/sbfe (uniform and per-lane offsets and
widths, width 0, fields that end past bit 31 for ubfe), fmed3 (ties,
infinities, signed zeros), and in one kernel the hints and clocks:
llvm.trap on a path not taken, llvm.debugtrap (a no-op without a
debugger), s.sleep, s.nop, wave/sched barriers, s.dcache.wb/inv (and .vol),
s.incperflevel/decperflevel, wavefrontsize,
s.memtime/s.memrealtime and llvm.readsteadycounter (increasing), s.getpc (non-zero, 4-byte aligned: it
may be CSEd, LLVM declares it readnone) and groupstaticsize (the kernel's 512 bytes of LDS). A trap that
is taken is tests/runner-inputs/trap (a kernel fault). Then the f32 and f64
division sequences LLVM builds from div.scale, div.fmas and div.fixup
(correctly rounded quotients; x/0 through fixup), the packing
conversions cvt.pkrtz, cvt.pknorm.i16/u16, cvt.pk.i16/u16, cvt.pk.u8.f32,
sffbh, and is.shared / is.private of LDS and global generic pointers.
"""
import math
import os
import struct
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test  # noqa: E402
from fpref import F16  # noqa: E402
from gen_fatptr import lane_stores, write_ll  # noqa: E402

N = 128  # two waves: lane ids restart at 64


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def mbcnt_lo(mask, lane, acc):
    below = (1 << lane) - 1 if lane < 32 else 0xffffffff
    return (bin(mask & below).count('1') + acc) & 0xffffffff


def mbcnt_hi(mask, lane, acc):
    below = 0 if lane < 32 else (1 << (lane - 32)) - 1
    return (bin(mask & below).count('1') + acc) & 0xffffffff


def ubfe(x, o, w):
    o &= 31
    w &= 31
    return (x >> o) & ((1 << w) - 1) if w else 0


def sbfe(x, o, w):  # only fields inside the word (o + w <= 32)
    v = ubfe(x, o, w)
    if w and v >> (w - 1):
        v -= 1 << w
    return v & 0xffffffff


def med3(a, b, c):
    return sorted([a, b, c])[1]


LANE_IR = '''
define amdgpu_kernel void @k_lane(ptr addrspace(1) %out, i32 %mlo, i32 %mhi) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %l0 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %v0 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %l0)
  %l1 = call i32 @llvm.amdgcn.mbcnt.lo(i32 %mlo, i32 0)
  %v1 = call i32 @llvm.amdgcn.mbcnt.hi(i32 %mhi, i32 %l1)
  %v2 = call i32 @llvm.amdgcn.mbcnt.lo(i32 %mlo, i32 %t)
  %v3 = call i32 @llvm.amdgcn.mbcnt.hi(i32 %mhi, i32 5)
'''


def lane_tests(rng):
    tests = []
    for name, mlo, mhi in [('all lanes', 0xffffffff, 0xffffffff), ('alternate lanes', 0x55555555, 0xaaaaaaaa),
                           ('random masks', rng.bits(32), rng.bits(32)), ('empty masks', 0, 0)]:
        out = []
        for t in range(N):
            lane = t % 64
            out += [lane, mbcnt_hi(mhi, lane, mbcnt_lo(mlo, lane, 0)), mbcnt_lo(mlo, lane, t), mbcnt_hi(mhi, lane, 5)]
        tests.append(Test('mbcnt: ' + name, kernel_name='k_lane').inp(0, 'uint', 4 * N, [0] * 4 * N)
                     .out(0, 'uint', 4 * N, out).val(1, 'uint', mlo).val(2, 'uint', mhi))
    return tests


BFE_IR = '''
define amdgpu_kernel void @k_bfe(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %off, i32 %w, i32 %su) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  %v0 = call i32 @llvm.amdgcn.ubfe.i32(i32 %x, i32 %off, i32 %w)
  %v1 = call i32 @llvm.amdgcn.sbfe.i32(i32 %x, i32 %off, i32 %w)
  %to = and i32 %t, 15
  %tw = lshr i32 %t, 3
  %v2 = call i32 @llvm.amdgcn.ubfe.i32(i32 %x, i32 %to, i32 %tw)
  %v3 = call i32 @llvm.amdgcn.sbfe.i32(i32 %x, i32 %to, i32 %tw)
  %v4 = call i32 @llvm.amdgcn.sbfe.i32(i32 %x, i32 4, i32 12)
  %v5 = call i32 @llvm.amdgcn.ubfe.i32(i32 %su, i32 %off, i32 %w)
  %v6 = call i32 @llvm.amdgcn.sbfe.i32(i32 %su, i32 %off, i32 %w)
'''


def bfe_tests(rng):
    tests = []
    for off, w in [(0, 0), (3, 7), (8, 24), (31, 1), (16, 16), (5, 0)]:
        xs = [rng.bits(32) for _ in range(N)]
        su = rng.bits(32)
        out = []
        for t, x in enumerate(xs):
            to, tw = t & 15, t >> 3
            out += [ubfe(x, off, w), sbfe(x, off, w), ubfe(x, to, tw), sbfe(x, to, tw), sbfe(x, 4, 12),
                    ubfe(su, off, w), sbfe(su, off, w)]
        tests.append(Test('ubfe/sbfe offset %d width %d' % (off, w), kernel_name='k_bfe')
                     .inp(0, 'uint', 7 * N, [0] * 7 * N).out(0, 'uint', 7 * N, out)
                     .inp(1, 'uint', N, xs).val(2, 'uint', off).val(3, 'uint', w).val(4, 'uint', su))
    return tests


MED3_IR = '''
define amdgpu_kernel void @k_med3(ptr addrspace(1) %out, ptr addrspace(1) %in, float %ua, float %ub) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t3 = mul i32 %t, 3
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t3
  %pb = getelementptr float, ptr addrspace(1) %pa, i32 1
  %pc = getelementptr float, ptr addrspace(1) %pa, i32 2
  %a = load float, ptr addrspace(1) %pa
  %b = load float, ptr addrspace(1) %pb
  %c = load float, ptr addrspace(1) %pc
  %m0 = call float @llvm.amdgcn.fmed3.f32(float %a, float %b, float %c)
  %m1 = call float @llvm.amdgcn.fmed3.f32(float %ua, float %b, float %ub)
  %m2 = call float @llvm.amdgcn.fmed3.f32(float %ua, float %ub, float 2.5)
  %v0 = bitcast float %m0 to i32
  %v1 = bitcast float %m1 to i32
  %v2 = bitcast float %m2 to i32
'''


def med3_tests(rng):
    special = [float('inf'), -float('inf'), 0.0, 1.0, -1.0, 2.5]
    vals = []
    for t in range(N):
        tri = []
        for _ in range(3):
            r = rng.range(0, 9)
            tri.append(special[r] if r < len(special) else f32(rng.range(-4000, 4000) / 8.0))
        if t % 5 == 0:
            tri[1] = tri[0]  # ties
        vals += tri
    tests = []
    for ua, ub in [(1.5, -3.0), (-float('inf'), 7.0)]:
        out = []
        for t in range(N):
            a, b, c = vals[3 * t:3 * t + 3]
            out += [med3(a, b, c), med3(ua, b, ub), med3(ua, ub, 2.5)]
        bits = [struct.unpack('<I', struct.pack('<f', v))[0] for v in out]
        tests.append(Test('fmed3 uniform %g %g' % (ua, ub), kernel_name='k_med3')
                     .inp(0, 'uint', 3 * N, [0] * 3 * N).out(0, 'uint', 3 * N, bits)
                     .inp(1, 'float', 3 * N, vals).val(2, 'float', ua).val(3, 'float', ub))
    return tests


MISC_IR = '''
; 128 entries: every work-item of the 128 (two waves) has its own, so the
; store and load below do not race between the waves (wavecc-run --check=race)
@lds = internal addrspace(3) global [128 x i32] poison, align 4

define amdgpu_kernel void @k_misc(ptr addrspace(1) %out, i32 %n) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %n, 12345
  br i1 %c, label %trap, label %go
trap:
  call void @llvm.trap()
  unreachable
go:
  call void @llvm.debugtrap()
  %c0 = call i64 @llvm.amdgcn.s.memtime()
  %r0 = call i64 @llvm.amdgcn.s.memrealtime()
  %p0 = call i64 @llvm.amdgcn.s.getpc()
  call void @llvm.amdgcn.s.sleep(i32 1)
  call void @llvm.amdgcn.s.nop(i16 3)
  call void @llvm.amdgcn.wave.barrier()
  call void @llvm.amdgcn.sched.barrier(i32 0)
  call void @llvm.amdgcn.s.dcache.wb()
  call void @llvm.amdgcn.s.dcache.inv()
  call void @llvm.amdgcn.s.dcache.wb.vol()
  call void @llvm.amdgcn.s.dcache.inv.vol()
  call void @llvm.amdgcn.s.incperflevel(i32 1)
  call void @llvm.amdgcn.s.decperflevel(i32 1)
  %li = and i32 %t, 127
  %lp = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %li
  store i32 %t, ptr addrspace(3) %lp
  %lv = load i32, ptr addrspace(3) %lp
  %c1 = call i64 @llvm.amdgcn.s.memtime()
  %r1 = call i64 @llvm.readsteadycounter()
  %p1 = call i64 @llvm.amdgcn.s.getpc()
  %gs = call i32 @llvm.amdgcn.groupstaticsize()
  %ct = icmp ugt i64 %c1, %c0
  %rt = icmp uge i64 %r1, %r0
  %pa = and i64 %p1, 3
  %pz = icmp eq i64 %pa, 0
  %pn = icmp ne i64 %p0, 0
  %pk = and i1 %pz, %pn
  %v0 = zext i1 %ct to i32
  %v1 = zext i1 %rt to i32
  %v2 = zext i1 %pk to i32
  %v3 = add i32 %gs, 0
  %v4 = add i32 %lv, 0
  %v5 = call i32 @llvm.amdgcn.wavefrontsize()
'''


def misc_tests():
    out = []
    for t in range(N):
        out += [1, 1, 1, 512, t, 64]
    return [Test('trap not taken, hints, clocks, pc, groupstaticsize, wavefrontsize', kernel_name='k_misc')
            .inp(0, 'uint', 6 * N, [0] * 6 * N).out(0, 'uint', 6 * N, out).val(1, 'uint', 7)]


DIV_IR = """
define amdgpu_kernel void @k_div(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(1) %ind) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t2 = shl i32 %t, 1
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t2
  %pb = getelementptr float, ptr addrspace(1) %pa, i32 1
  %a = load float, ptr addrspace(1) %pa
  %b = load float, ptr addrspace(1) %pb
  %ds = call { float, i1 } @llvm.amdgcn.div.scale.f32(float %a, float %b, i1 false)
  %ns = call { float, i1 } @llvm.amdgcn.div.scale.f32(float %a, float %b, i1 true)
  %d = extractvalue { float, i1 } %ds, 0
  %n = extractvalue { float, i1 } %ns, 0
  %flag = extractvalue { float, i1 } %ns, 1
  %r = call float @llvm.amdgcn.rcp.f32(float %d)
  %nd = fneg float %d
  %e0 = call float @llvm.fma.f32(float %nd, float %r, float 1.0)
  %r1 = call float @llvm.fma.f32(float %e0, float %r, float %r)
  %qq = fmul float %n, %r1
  %e1 = call float @llvm.fma.f32(float %nd, float %qq, float %n)
  %qq1 = call float @llvm.fma.f32(float %e1, float %r1, float %qq)
  %e2 = call float @llvm.fma.f32(float %nd, float %qq1, float %n)
  %f = call float @llvm.amdgcn.div.fmas.f32(float %e2, float %r1, float %qq1, i1 %flag)
  %res = call float @llvm.amdgcn.div.fixup.f32(float %f, float %b, float %a)
  %v0 = bitcast float %res to i32
  %qa = getelementptr double, ptr addrspace(1) %ind, i32 %t2
  %qb = getelementptr double, ptr addrspace(1) %qa, i32 1
  %x = load double, ptr addrspace(1) %qa
  %y = load double, ptr addrspace(1) %qb
  %dds = call { double, i1 } @llvm.amdgcn.div.scale.f64(double %x, double %y, i1 false)
  %dns = call { double, i1 } @llvm.amdgcn.div.scale.f64(double %x, double %y, i1 true)
  %dd = extractvalue { double, i1 } %dds, 0
  %dn = extractvalue { double, i1 } %dns, 0
  %dflag = extractvalue { double, i1 } %dns, 1
  %dr = call double @llvm.amdgcn.rcp.f64(double %dd)
  %ndd = fneg double %dd
  %t0 = call double @llvm.fma.f64(double %ndd, double %dr, double 1.0)
  %dr1 = call double @llvm.fma.f64(double %dr, double %t0, double %dr)
  %t1 = call double @llvm.fma.f64(double %ndd, double %dr1, double 1.0)
  %dr2 = call double @llvm.fma.f64(double %dr1, double %t1, double %dr1)
  %m = fmul double %dn, %dr2
  %de = call double @llvm.fma.f64(double %ndd, double %m, double %dn)
  %df = call double @llvm.amdgcn.div.fmas.f64(double %de, double %dr2, double %m, i1 %dflag)
  %dres = call double @llvm.amdgcn.div.fixup.f64(double %df, double %y, double %x)
  %db = bitcast double %dres to i64
  %v1 = trunc i64 %db to i32
  %dh = lshr i64 %db, 32
  %v2 = trunc i64 %dh to i32
"""

PACK_IR = """
@plds = internal addrspace(3) global [64 x i32] poison, align 4

define amdgpu_kernel void @k_pack(ptr addrspace(1) %out, ptr addrspace(1) %inf, ptr addrspace(1) %ini) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t2 = shl i32 %t, 1
  %pa = getelementptr float, ptr addrspace(1) %inf, i32 %t2
  %pb = getelementptr float, ptr addrspace(1) %pa, i32 1
  %x = load float, ptr addrspace(1) %pa
  %y = load float, ptr addrspace(1) %pb
  %ia = getelementptr i32, ptr addrspace(1) %ini, i32 %t2
  %ib = getelementptr i32, ptr addrspace(1) %ia, i32 1
  %i = load i32, ptr addrspace(1) %ia
  %j = load i32, ptr addrspace(1) %ib
  %h = call <2 x half> @llvm.amdgcn.cvt.pkrtz(float %x, float %y)
  %v0 = bitcast <2 x half> %h to i32
  %s16 = call <2 x i16> @llvm.amdgcn.cvt.pknorm.i16(float %x, float %y)
  %v1 = bitcast <2 x i16> %s16 to i32
  %u16 = call <2 x i16> @llvm.amdgcn.cvt.pknorm.u16(float %x, float %y)
  %v2 = bitcast <2 x i16> %u16 to i32
  %p16 = call <2 x i16> @llvm.amdgcn.cvt.pk.i16(i32 %i, i32 %j)
  %v3 = bitcast <2 x i16> %p16 to i32
  %q16 = call <2 x i16> @llvm.amdgcn.cvt.pk.u16(i32 %i, i32 %j)
  %v4 = bitcast <2 x i16> %q16 to i32
  %big = fmul float %x, 100.0
  %v5 = call i32 @llvm.amdgcn.cvt.pk.u8.f32(float %big, i32 %t, i32 %j)
  %v6 = call i32 @llvm.amdgcn.sffbh(i32 %i)
  %lp = getelementptr [64 x i32], ptr addrspace(3) @plds, i32 0, i32 %t
  %lf = addrspacecast ptr addrspace(3) %lp to ptr
  %gf = addrspacecast ptr addrspace(1) %ia to ptr
  %odd = trunc i32 %t to i1
  %mix = select i1 %odd, ptr %lf, ptr %gf
  %s0 = call i1 @llvm.amdgcn.is.shared(ptr %mix)
  %s1 = call i1 @llvm.amdgcn.is.private(ptr %mix)
  %s2 = call i1 @llvm.amdgcn.is.shared(ptr addrspacecast (ptr addrspace(3) @plds to ptr))
  %z0 = zext i1 %s0 to i32
  %z1 = zext i1 %s1 to i32
  %z2 = zext i1 %s2 to i32
  %z01 = shl i32 %z1, 1
  %z02 = shl i32 %z2, 2
  %z3 = or i32 %z0, %z01
  %v7 = or i32 %z3, %z02
"""


def f32b(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def f32v(b):
    return struct.unpack('<f', struct.pack('<I', b))[0]


def div_tests(rng):
    fa, da, out = [], [], []
    for t in range(N):
        if t == 5:
            a, b = 3.0, 0.0
        elif t == 6:
            a, b = -3.0, 0.0
        else:
            a = f32v(rng.bits(32) & 0x3fffffff | 0x3e000000) * (-1 if t & 1 else 1)  # 2^-3 .. 2^1
            b = f32v(rng.bits(32) & 0x3fffffff | 0x3e000000)
        x, y = (a, b) if t in (5, 6) else (rng.range(-10 ** 6, 10 ** 6) / 7.0, rng.range(1, 10 ** 6) / 3.0)
        fa += [a, b]
        da += [x, y]
        q = f32(a / b) if b != 0 else math.copysign(float('inf'), a)
        dq = x / y if y != 0 else math.copysign(float('inf'), x)
        qb = struct.unpack('<Q', struct.pack('<d', dq))[0]
        out += [f32b(q), qb & 0xffffffff, qb >> 32]
    return [Test('div.scale/div.fmas/div.fixup f32 and f64 quotients', kernel_name='k_div')
            .inp(0, 'uint', 3 * N, [0] * 3 * N).out(0, 'uint', 3 * N, out)
            .inp(1, 'float', 2 * N, fa).inp(2, 'double', 2 * N, da)]


def rtz16(x):
    return F16.round(Fraction(x), 'rtz', x < 0 or (x == 0 and math.copysign(1, x) < 0))


def pack_tests(rng):
    fs, ins, out = [], [], []
    for t in range(N):
        x = f32(rng.range(-3000, 3000) / 1024.0)
        y = f32(rng.range(-300000, 300000) / 7.0) if t % 3 == 0 else f32(rng.range(-1500, 1500) / 1000.0)
        i = [0, -1, 1, -40000, 70000, 123, -5][t % 7] if t < 14 else wrapi(rng.bits(32))
        j = wrapi(rng.bits(32) >> rng.range(0, 31)) * (1 if t & 1 else -1)
        fs += [x, y]
        ins += [i & 0xffffffff, j & 0xffffffff]
        pkrtz = rtz16(x) | rtz16(y) << 16
        sn = [round(max(-1.0, min(1.0, v)) * 32767.0) & 0xffff for v in (x, y)]
        un = [round(max(0.0, min(1.0, v)) * 65535.0) & 0xffff for v in (x, y)]
        pk_i = [max(-32768, min(32767, v)) & 0xffff for v in (i, j)]
        pk_u = [min(0xffff, v & 0xffffffff) for v in (i, j)]
        sh = 8 * (t & 3)
        u8 = max(0, min(255, round(f32(x * 100.0))))
        pk8 = ((j & 0xffffffff) & ~(0xff << sh) | u8 << sh) & 0xffffffff
        iu = i & 0xffffffff
        ffbh = 0xffffffff if iu in (0, 0xffffffff) else 32 - ((~iu & 0xffffffff) if i < 0 else iu).bit_length()
        shared = t & 1
        out += [pkrtz, sn[0] | sn[1] << 16, un[0] | un[1] << 16, pk_i[0] | pk_i[1] << 16, pk_u[0] | pk_u[1] << 16,
                pk8, ffbh, shared | 4]
    return [Test('cvt.pkrtz/pknorm/pk, cvt.pk.u8, sffbh, is.shared/is.private', kernel_name='k_pack')
            .inp(0, 'uint', 8 * N, [0] * 8 * N).out(0, 'uint', 8 * N, out)
            .inp(1, 'float', 2 * N, fs).inp(2, 'uint', 2 * N, ins)]


def wrapi(v):
    v &= 0xffffffff
    return v - (1 << 32) if v >> 31 else v




DECLS = '''
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i32 @llvm.amdgcn.ubfe.i32(i32, i32, i32)
declare i32 @llvm.amdgcn.sbfe.i32(i32, i32, i32)
declare float @llvm.amdgcn.fmed3.f32(float, float, float)
declare void @llvm.trap()
declare void @llvm.debugtrap()
declare i64 @llvm.amdgcn.s.memtime()
declare i64 @llvm.amdgcn.s.memrealtime()
declare i64 @llvm.readsteadycounter()
declare i64 @llvm.amdgcn.s.getpc()
declare void @llvm.amdgcn.s.sleep(i32)
declare void @llvm.amdgcn.s.nop(i16)
declare void @llvm.amdgcn.wave.barrier()
declare void @llvm.amdgcn.sched.barrier(i32)
declare void @llvm.amdgcn.s.dcache.wb()
declare void @llvm.amdgcn.s.dcache.inv()
declare i32 @llvm.amdgcn.groupstaticsize()
declare void @llvm.amdgcn.s.dcache.wb.vol()
declare void @llvm.amdgcn.s.dcache.inv.vol()
declare void @llvm.amdgcn.s.incperflevel(i32)
declare void @llvm.amdgcn.s.decperflevel(i32)
declare i32 @llvm.amdgcn.wavefrontsize()
declare { float, i1 } @llvm.amdgcn.div.scale.f32(float, float, i1)
declare { double, i1 } @llvm.amdgcn.div.scale.f64(double, double, i1)
declare float @llvm.amdgcn.div.fmas.f32(float, float, float, i1)
declare double @llvm.amdgcn.div.fmas.f64(double, double, double, i1)
declare float @llvm.amdgcn.div.fixup.f32(float, float, float)
declare double @llvm.amdgcn.div.fixup.f64(double, double, double)
declare float @llvm.amdgcn.rcp.f32(float)
declare double @llvm.amdgcn.rcp.f64(double)
declare float @llvm.fma.f32(float, float, float)
declare double @llvm.fma.f64(double, double, double)
declare <2 x half> @llvm.amdgcn.cvt.pkrtz(float, float)
declare <2 x i16> @llvm.amdgcn.cvt.pknorm.i16(float, float)
declare <2 x i16> @llvm.amdgcn.cvt.pknorm.u16(float, float)
declare <2 x i16> @llvm.amdgcn.cvt.pk.i16(i32, i32)
declare <2 x i16> @llvm.amdgcn.cvt.pk.u16(i32, i32)
declare i32 @llvm.amdgcn.cvt.pk.u8.f32(float, i32, i32)
declare i32 @llvm.amdgcn.sffbh(i32)
declare i1 @llvm.amdgcn.is.shared(ptr)
declare i1 @llvm.amdgcn.is.private(ptr)
'''


def main():
    rng = Rng(2026)
    tests = lane_tests(rng) + bfe_tests(rng) + med3_tests(rng) + misc_tests() + div_tests(rng) + pack_tests(rng)
    # The expected values are wave64's (lane ids, wavefrontsize) and
    # s_dcache_* exist on GFX9 only (llc-19 cannot select them for RDNA).
    lines = ['[config]', 'name: one-instruction llvm.amdgcn intrinsics (issue 26)', 'dimensions: 1',
             'device_regex: gfx900|gfx90a|gfx942',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N]
    ir = (LANE_IR + lane_stores(4) + BFE_IR + lane_stores(7) + MED3_IR + lane_stores(3) + MISC_IR +
          lane_stores(6) + DIV_IR + lane_stores(3) + PACK_IR + lane_stores(8) + DECLS)
    write_ll('f_amdgcn_intrinsics.ll', 'gen_amdgcn_intrinsics.py', lines, tests, ir)


if __name__ == '__main__':
    main()
