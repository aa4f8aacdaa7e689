"""Writes tests/kernels/f_private_array_registers.ll: private arrays indexed
at run time that promote-private-arrays (src/llvm/promote_private_arrays.cpp)
holds in registers as vectors, and ones it must leave in memory.

- @k_i32: [8 x i32] filled by a loop (uniform index), a store and a load
  through a lane's index and a uniform one, every integer atomicrmw (add,
  sub, and, or, xor, xchg, max, min, umax, umin, nand, uinc_wrap,
  udec_wrap) at lane-dependent indices, a cmpxchg that succeeds in odd lanes;
- @k_i64: [4 x i64] likewise (add, sub, xchg, max, umin, nand, cmpxchg), a
  double stored into it, an atomicrmw fadd double on it and the bits read
  back as i64 (accesses of another type of the element's size);
- @k_small: [16 x i8] and [8 x i16] with byte and short atomics;
- @k_nested: [4 x [4 x float]] cleared by memset, reached through a row
  pointer, a byte getelementptr, i64 indices and a chain of
  getelementptrs; fadd, fsub, fmax, fmin atomics;
- @k_ptr: [4 x ptr addrspace(1)], a pointer picked by a lane's index;
- @k_func: [8 x i32] in a function (promoted: a quarter of the 32 VGPRs a
  callee may take) and [16 x i32] (left in scratch);
- @k_keep: an alloca inside a loop (a fresh object each iteration: left in
  memory) and one whose address is passed to a function (left in memory).
Work-group size 64, 128 work-items, u = 5 (a uniform kernel argument).

llc-19 (gfx900, gfx1030, gfx1100, gfx90a, gfx942) fails @k_small in the
emulator's poison check (KNOWN-FAILURES.llc*): it promotes [16 x i8] too
and packs the bytes four to a VGPR, starting from undefined registers
(implicit-def), so the stored words carry never-written bits; the values
themselves are right (--no-check=poison passes)."""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import write_ll  # noqa: E402

N = 128
U = 5

PRO = """  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g64 = mul i32 %g, 64
  %gid = add i32 %g64, %t
"""


def w32(v):
    return v & 0xffffffff


def s32(v):
    v &= 0xffffffff
    return v - (1 << 32) if v >= 1 << 31 else v


def w64(v):
    return v & 0xffffffffffffffff


def s64(v):
    v = w64(v)
    return v - (1 << 64) if v >= 1 << 63 else v


def sbits(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >= 1 << (bits - 1) else v


def out_stores(ty, slots, vals):
    """IR storing vals (IR value names) to out[gid * slots + j]."""
    s = '  %%ob = mul i32 %%gid, %d\n' % slots
    for j, v in enumerate(vals):
        s += '  %%oi%d = add i32 %%ob, %d\n' % (j, j)
        s += '  %%op%d = getelementptr %s, ptr addrspace(1) %%out, i32 %%oi%d\n' % (j, ty, j)
        s += '  store %s %s, ptr addrspace(1) %%op%d\n' % (ty, v, j)
    return s


def rmw(op, old, v, bits):
    m = (1 << bits) - 1
    old &= m
    v &= m
    so, sv = sbits(old, bits), sbits(v, bits)
    return {
        'add': old + v, 'sub': old - v, 'and': old & v, 'or': old | v, 'xor': old ^ v, 'xchg': v,
        'max': max(so, sv), 'min': min(so, sv), 'umax': max(old, v), 'umin': min(old, v), 'nand': ~(old & v),
        'uinc_wrap': 0 if old >= v else old + 1, 'udec_wrap': v if old == 0 or old > v else old - 1,
    }[op] & m


# ------------------------------------------------------------------ k_i32
OPS32 = ['add', 'sub', 'and', 'or', 'xor', 'xchg', 'max', 'min', 'umax', 'umin', 'nand', 'uinc_wrap', 'udec_wrap']
S32 = 8 + 2 + len(OPS32) + 2


def ir_i32():
    s = ('define amdgpu_kernel void @k_i32(ptr addrspace(1) %out, i32 %u) {\nentry:\n'
         '  %a = alloca [8 x i32], align 4, addrspace(5)\n' + PRO +
         '  %base = mul i32 %gid, 8\n  br label %init\ninit:\n'
         '  %i = phi i32 [ 0, %entry ], [ %i.next, %init ]\n  %sq = mul i32 %i, %i\n  %w = add i32 %base, %sq\n'
         '  %pi = getelementptr inbounds [8 x i32], ptr addrspace(5) %a, i32 0, i32 %i\n'
         '  store i32 %w, ptr addrspace(5) %pi, align 4\n  %i.next = add i32 %i, 1\n'
         '  %more = icmp ult i32 %i.next, 8\n  br i1 %more, label %init, label %body\nbody:\n'
         '  %d0 = add i32 %t, 1\n  %d = and i32 %d0, 7\n'
         '  %pd = getelementptr inbounds [8 x i32], ptr addrspace(5) %a, i32 0, i32 %d\n'
         '  %t3 = mul i32 %t, 3\n  store i32 %t3, ptr addrspace(5) %pd, align 4\n'
         '  %uu = and i32 %u, 7\n  %pu = getelementptr inbounds [8 x i32], ptr addrspace(5) %a, i32 0, i32 %uu\n'
         '  %r0 = load i32, ptr addrspace(5) %pu, align 4\n  %t7 = mul i32 %t, 7\n')
    for k, op in enumerate(OPS32):
        s += ('  %%xa%d = add i32 %%t, %d\n  %%x%d = and i32 %%xa%d, 7\n'
              '  %%p%d = getelementptr inbounds [8 x i32], ptr addrspace(5) %%a, i32 0, i32 %%x%d\n'
              '  %%v%d = add i32 %%t7, %d\n  %%r%d = atomicrmw %s ptr addrspace(5) %%p%d, i32 %%v%d seq_cst, align 4\n'
              % (k, k, k, k, k, k, k, k - 20, k + 1, op, k, k))
    s += ('  %c0 = lshr i32 %t, 1\n  %c = and i32 %c0, 7\n'
          '  %pc = getelementptr inbounds [8 x i32], ptr addrspace(5) %a, i32 0, i32 %c\n'
          '  %cv = load i32, ptr addrspace(5) %pc, align 4\n  %cv1 = add i32 %cv, 1\n  %odd = and i32 %t, 1\n'
          '  %isodd = icmp ne i32 %odd, 0\n  %cmp = select i1 %isodd, i32 %cv, i32 %cv1\n  %nv = add i32 %t, 1000\n'
          '  %cx = cmpxchg ptr addrspace(5) %pc, i32 %cmp, i32 %nv seq_cst seq_cst, align 4\n'
          '  %cxo = extractvalue { i32, i1 } %cx, 0\n  %cxk = extractvalue { i32, i1 } %cx, 1\n'
          '  %cxz = zext i1 %cxk to i32\n')
    for j in range(8):
        s += ('  %%f%d = getelementptr inbounds [8 x i32], ptr addrspace(5) %%a, i32 0, i32 %d\n'
              '  %%e%d = load i32, ptr addrspace(5) %%f%d, align 4\n' % (j, j, j, j))
    s += ('  %y0 = mul i32 %t, 5\n  %y = and i32 %y0, 7\n'
          '  %py = getelementptr inbounds [8 x i32], ptr addrspace(5) %a, i32 0, i32 %y\n'
          '  %ey = load i32, ptr addrspace(5) %py, align 4\n')
    vals = ['%%e%d' % j for j in range(8)] + ['%ey', '%r0'] + ['%%r%d' % (k + 1) for k in range(len(OPS32))]
    vals += ['%cxo', '%cxz']
    return s + out_stores('i32', S32, vals) + '  ret void\n}\n'


def ref_i32():
    out = []
    for gid in range(N):
        t = gid % 64
        a = [w32(gid * 8 + i * i) for i in range(8)]
        a[(t + 1) & 7] = w32(t * 3)
        r0 = a[U & 7]
        rs = []
        for k, op in enumerate(OPS32):
            x = (t + k) & 7
            rs.append(a[x])
            a[x] = rmw(op, a[x], w32(t * 7 + k - 20), 32)
        c = (t >> 1) & 7
        cmp = a[c] if t & 1 else w32(a[c] + 1)
        cxo = a[c]
        ok = cxo == cmp
        if ok:
            a[c] = t + 1000
        ey = a[(t * 5) & 7]
        out += a + [ey, r0] + rs + [cxo, int(ok)]
    return [s32(v) for v in out]


# ------------------------------------------------------------------ k_i64
OPS64 = ['add', 'sub', 'xchg', 'max', 'umin', 'nand']
S64 = 4 + 2 + len(OPS64) + 2 + 2


def ir_i64():
    s = ('define amdgpu_kernel void @k_i64(ptr addrspace(1) %out, i32 %u) {\nentry:\n'
         '  %a = alloca [4 x i64], align 8, addrspace(5)\n' + PRO +
         '  %gid64 = zext i32 %gid to i64\n  %base = mul i64 %gid64, 4294967297\n  br label %init\ninit:\n'
         '  %i = phi i64 [ 0, %entry ], [ %i.next, %init ]\n  %w = add i64 %base, %i\n'
         '  %pi = getelementptr inbounds [4 x i64], ptr addrspace(5) %a, i64 0, i64 %i\n'
         '  store i64 %w, ptr addrspace(5) %pi, align 8\n  %i.next = add i64 %i, 1\n'
         '  %more = icmp ult i64 %i.next, 4\n  br i1 %more, label %init, label %body\nbody:\n'
         '  %t64 = zext i32 %t to i64\n  %d0 = add i32 %t, 1\n  %d = and i32 %d0, 3\n'
         '  %pd = getelementptr inbounds [4 x i64], ptr addrspace(5) %a, i32 0, i32 %d\n'
         '  %tm3 = mul i64 %t64, -3\n  store i64 %tm3, ptr addrspace(5) %pd, align 8\n'
         '  %uu = and i32 %u, 3\n  %pu = getelementptr inbounds [4 x i64], ptr addrspace(5) %a, i32 0, i32 %uu\n'
         '  %r0 = load i64, ptr addrspace(5) %pu, align 8\n  %t7 = mul i64 %t64, 7\n')
    for k, op in enumerate(OPS64):
        s += ('  %%x%d0 = add i32 %%t, %d\n  %%x%d = and i32 %%x%d0, 3\n'
              '  %%p%d = getelementptr inbounds i64, ptr addrspace(5) %%a, i32 %%x%d\n'
              '  %%v%d0 = add i64 %%t7, %d\n  %%v%d = shl i64 %%v%d0, 20\n'
              '  %%r%d = atomicrmw %s ptr addrspace(5) %%p%d, i64 %%v%d seq_cst, align 8\n'
              % (k, k, k, k, k, k, k, k - 20, k, k, k + 1, op, k, k))
    s += ('  %c0 = lshr i32 %t, 1\n  %c = and i32 %c0, 3\n'
          '  %pc = getelementptr inbounds [4 x i64], ptr addrspace(5) %a, i32 0, i32 %c\n'
          '  %cv = load i64, ptr addrspace(5) %pc, align 8\n  %cv1 = add i64 %cv, 1\n  %odd = and i32 %t, 1\n'
          '  %isodd = icmp ne i32 %odd, 0\n  %cmp = select i1 %isodd, i64 %cv, i64 %cv1\n'
          '  %nv = add i64 %t64, 1000\n'
          '  %cx = cmpxchg ptr addrspace(5) %pc, i64 %cmp, i64 %nv seq_cst seq_cst, align 8\n'
          '  %cxo = extractvalue { i64, i1 } %cx, 0\n  %cxk = extractvalue { i64, i1 } %cx, 1\n'
          '  %cxz = zext i1 %cxk to i64\n'
          '  %e0 = add i32 %t, 2\n  %e = and i32 %e0, 3\n'
          '  %pe = getelementptr inbounds [4 x i64], ptr addrspace(5) %a, i32 0, i32 %e\n'
          '  %tm30 = sub i32 %t, 30\n  %df = sitofp i32 %tm30 to double\n'
          '  store double %df, ptr addrspace(5) %pe, align 8\n'
          '  %rf = atomicrmw fadd ptr addrspace(5) %pe, double 0.5 seq_cst, align 8\n'
          '  %rfi = fptosi double %rf to i64\n  %eb = load i64, ptr addrspace(5) %pe, align 8\n')
    for j in range(4):
        s += ('  %%f%d = getelementptr inbounds [4 x i64], ptr addrspace(5) %%a, i32 0, i32 %d\n'
              '  %%g%d = load i64, ptr addrspace(5) %%f%d, align 8\n' % (j, j, j, j))
    s += ('  %y0 = mul i32 %t, 3\n  %y = and i32 %y0, 3\n'
          '  %py = getelementptr inbounds [4 x i64], ptr addrspace(5) %a, i32 0, i32 %y\n'
          '  %ey = load i64, ptr addrspace(5) %py, align 8\n')
    vals = ['%%g%d' % j for j in range(4)] + ['%ey', '%r0'] + ['%%r%d' % (k + 1) for k in range(len(OPS64))]
    vals += ['%cxo', '%cxz', '%rfi', '%eb']
    return s + out_stores('i64', S64, vals) + '  ret void\n}\n'


def dbits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


def ref_i64():
    out = []
    for gid in range(N):
        t = gid % 64
        a = [w64(gid * 4294967297 + i) for i in range(4)]
        a[(t + 1) & 3] = w64(t * -3)
        r0 = a[U & 3]
        rs = []
        for k, op in enumerate(OPS64):
            x = (t + k) & 3
            rs.append(a[x])
            a[x] = rmw(op, a[x], w64((t * 7 + k - 20) << 20), 64)
        c = (t >> 1) & 3
        cmp = a[c] if t & 1 else w64(a[c] + 1)
        cxo = a[c]
        ok = cxo == cmp
        if ok:
            a[c] = t + 1000
        e = (t + 2) & 3
        rfi = t - 30
        a[e] = dbits(float(t - 30) + 0.5)
        eb = a[e]
        ey = a[(t * 3) & 3]
        out += a + [ey, r0] + rs + [cxo, int(ok), rfi, eb]
    return [s64(v) for v in out]


# ---------------------------------------------------------------- k_small
S8 = 16 + 8 + 3 + 2


def ir_small():
    s = ('define amdgpu_kernel void @k_small(ptr addrspace(1) %out, i32 %u) {\nentry:\n'
         '  %b = alloca [16 x i8], align 1, addrspace(5)\n  %h = alloca [8 x i16], align 2, addrspace(5)\n' + PRO +
         '  %gid3 = mul i32 %gid, 3\n  %gidk = mul i32 %gid, 1000\n  br label %ib\nib:\n'
         '  %i = phi i32 [ 0, %entry ], [ %i.next, %ib ]\n  %i17 = mul i32 %i, 17\n  %wb0 = add i32 %gid3, %i17\n'
         '  %wb = trunc i32 %wb0 to i8\n  %pb = getelementptr inbounds [16 x i8], ptr addrspace(5) %b, i32 0, i32 %i\n'
         '  store i8 %wb, ptr addrspace(5) %pb, align 1\n  %i.next = add i32 %i, 1\n'
         '  %more = icmp ult i32 %i.next, 16\n  br i1 %more, label %ib, label %ih\nih:\n'
         '  %j = phi i32 [ 0, %ib ], [ %j.next, %ih ]\n  %j4 = mul i32 %j, 4099\n  %wh0 = add i32 %gidk, %j4\n'
         '  %wh = trunc i32 %wh0 to i16\n  %ph = getelementptr inbounds [8 x i16], ptr addrspace(5) %h, i32 0, i32 %j\n'
         '  store i16 %wh, ptr addrspace(5) %ph, align 2\n  %j.next = add i32 %j, 1\n'
         '  %hmore = icmp ult i32 %j.next, 8\n  br i1 %hmore, label %ih, label %body\nbody:\n'
         '  %t5 = mul i32 %t, 5\n  %x1 = and i32 %t5, 15\n'
         '  %q1 = getelementptr inbounds [16 x i8], ptr addrspace(5) %b, i32 0, i32 %x1\n'
         '  %tb = trunc i32 %t to i8\n  store i8 %tb, ptr addrspace(5) %q1, align 1\n'
         '  %x20 = add i32 %t, 3\n  %x2 = and i32 %x20, 7\n'
         '  %q2 = getelementptr inbounds [8 x i16], ptr addrspace(5) %h, i32 0, i32 %x2\n'
         '  %th0 = mul i32 %t, -77\n  %th = trunc i32 %th0 to i16\n  store i16 %th, ptr addrspace(5) %q2, align 2\n'
         '  %x30 = add i32 %t, 1\n  %x3 = and i32 %x30, 15\n'
         '  %q3 = getelementptr inbounds i8, ptr addrspace(5) %b, i32 %x3\n'
         '  %ra = atomicrmw add ptr addrspace(5) %q3, i8 200 seq_cst, align 1\n'
         '  %x4 = and i32 %t, 7\n  %q4 = getelementptr inbounds i16, ptr addrspace(5) %h, i32 %x4\n'
         '  %rb = atomicrmw umax ptr addrspace(5) %q4, i16 40000 seq_cst, align 2\n'
         '  %x5 = and i32 %u, 15\n  %q5 = getelementptr inbounds [16 x i8], ptr addrspace(5) %b, i32 0, i32 %x5\n'
         '  %rc = atomicrmw xchg ptr addrspace(5) %q5, i8 7 seq_cst, align 1\n'
         '  %rai = zext i8 %ra to i32\n  %rbi = zext i16 %rb to i32\n  %rci = sext i8 %rc to i32\n'
         '  %t7 = mul i32 %t, 7\n  %x6 = and i32 %t7, 15\n'
         '  %q6 = getelementptr inbounds [16 x i8], ptr addrspace(5) %b, i32 0, i32 %x6\n'
         '  %l6 = load i8, ptr addrspace(5) %q6, align 1\n  %l6i = sext i8 %l6 to i32\n'
         '  %t3 = mul i32 %t, 3\n  %x7 = and i32 %t3, 7\n'
         '  %q7 = getelementptr inbounds [8 x i16], ptr addrspace(5) %h, i32 0, i32 %x7\n'
         '  %l7 = load i16, ptr addrspace(5) %q7, align 2\n  %l7i = zext i16 %l7 to i32\n')
    vals = []
    for j in range(16):
        s += ('  %%fb%d = getelementptr inbounds [16 x i8], ptr addrspace(5) %%b, i32 0, i32 %d\n'
              '  %%eb%d = load i8, ptr addrspace(5) %%fb%d, align 1\n  %%zb%d = zext i8 %%eb%d to i32\n'
              % (j, j, j, j, j, j))
        vals.append('%%zb%d' % j)
    for j in range(8):
        s += ('  %%fh%d = getelementptr inbounds [8 x i16], ptr addrspace(5) %%h, i32 0, i32 %d\n'
              '  %%eh%d = load i16, ptr addrspace(5) %%fh%d, align 2\n  %%zh%d = sext i16 %%eh%d to i32\n'
              % (j, j, j, j, j, j))
        vals.append('%%zh%d' % j)
    vals += ['%rai', '%rbi', '%rci', '%l6i', '%l7i']
    return s + out_stores('i32', S8, vals) + '  ret void\n}\n'


def ref_small():
    out = []
    for gid in range(N):
        t = gid % 64
        b = [(gid * 3 + i * 17) & 0xff for i in range(16)]
        h = [(gid * 1000 + j * 4099) & 0xffff for j in range(8)]
        b[(t * 5) & 15] = t & 0xff
        h[(t + 3) & 7] = (t * -77) & 0xffff
        x3 = (t + 1) & 15
        ra = b[x3]
        b[x3] = (b[x3] + 200) & 0xff
        x4 = t & 7
        rb = h[x4]
        h[x4] = max(h[x4], 40000)
        x5 = U & 15
        rc = sbits(b[x5], 8)
        b[x5] = 7
        l6 = sbits(b[(t * 7) & 15], 8)
        l7 = h[(t * 3) & 7]
        out += b + [sbits(v, 16) for v in h] + [ra, rb, rc, l6, l7]
    return out


# --------------------------------------------------------------- k_nested
SN = 16 + 4 + 1


def ir_nested():
    s = ('define amdgpu_kernel void @k_nested(ptr addrspace(1) %out, i32 %u) {\nentry:\n'
         '  %m = alloca [4 x [4 x float]], align 4, addrspace(5)\n' + PRO +
         '  call void @llvm.memset.p5.i32(ptr addrspace(5) align 4 %m, i8 0, i32 64, i1 false)\n'
         '  %r = and i32 %t, 3\n  %r64 = zext i32 %r to i64\n  %c = and i32 %u, 3\n'
         '  %row = getelementptr inbounds [4 x [4 x float]], ptr addrspace(5) %m, i64 0, i64 %r64\n'
         '  %el = getelementptr inbounds [4 x float], ptr addrspace(5) %row, i32 0, i32 %c\n'
         '  %tf = sitofp i32 %t to float\n  store float %tf, ptr addrspace(5) %el, align 4\n'
         '  %q = getelementptr inbounds i8, ptr addrspace(5) %row, i32 8\n'
         '  %gf = sitofp i32 %gid to float\n  %gq = fadd float %gf, 0.25\n  store float %gq, ptr addrspace(5) %q, align 4\n'
         '  %r20 = lshr i32 %t, 2\n  %r2 = and i32 %r20, 3\n'
         '  %row2 = getelementptr inbounds [4 x float], ptr addrspace(5) %m, i32 %r2\n'
         '  %el2 = getelementptr inbounds float, ptr addrspace(5) %row2, i32 %r\n'
         '  %a1 = atomicrmw fadd ptr addrspace(5) %el2, float 1.5 seq_cst, align 4\n'
         '  %el3 = getelementptr inbounds float, ptr addrspace(5) %row2, i32 1\n'
         '  %a2 = atomicrmw fsub ptr addrspace(5) %el3, float 0.25 seq_cst, align 4\n'
         '  %el4 = getelementptr inbounds [4 x [4 x float]], ptr addrspace(5) %m, i32 0, i32 0, i32 %r\n'
         '  %tm32 = sub i32 %t, 32\n  %fm = sitofp i32 %tm32 to float\n'
         '  %a3 = atomicrmw fmax ptr addrspace(5) %el4, float %fm seq_cst, align 4\n'
         '  %c50 = add i32 %t, 1\n  %c5 = and i32 %c50, 3\n'
         '  %el5 = getelementptr inbounds [4 x [4 x float]], ptr addrspace(5) %m, i32 0, i32 3, i32 %c5\n'
         '  %fn = fsub float -1.0, %tf\n  %a4 = atomicrmw fmin ptr addrspace(5) %el5, float %fn seq_cst, align 4\n'
         '  %y1 = add i32 %t, 2\n  %y = and i32 %y1, 3\n'
         '  %el6 = getelementptr inbounds [4 x [4 x float]], ptr addrspace(5) %m, i32 0, i32 %c5, i32 %y\n'
         '  %l6 = load float, ptr addrspace(5) %el6, align 4\n')
    vals = []
    for j in range(16):
        s += ('  %%f%d = getelementptr inbounds [4 x [4 x float]], ptr addrspace(5) %%m, i32 0, i32 %d, i32 %d\n'
              '  %%e%d = load float, ptr addrspace(5) %%f%d, align 4\n' % (j, j // 4, j % 4, j, j))
        vals.append('%%e%d' % j)
    vals += ['%a1', '%a2', '%a3', '%a4', '%l6']
    return s + out_stores('float', SN, vals) + '  ret void\n}\n'


def ref_nested():
    out = []
    for gid in range(N):
        t = gid % 64
        m = [0.0] * 16
        r, c = t & 3, U & 3
        m[r * 4 + c] = float(t)
        m[r * 4 + 2] = gid + 0.25
        r2 = (t >> 2) & 3
        a1 = m[r2 * 4 + r]
        m[r2 * 4 + r] += 1.5
        a2 = m[r2 * 4 + 1]
        m[r2 * 4 + 1] -= 0.25
        a3 = m[r]
        m[r] = max(m[r], float(t - 32))
        c5 = (t + 1) & 3
        a4 = m[12 + c5]
        m[12 + c5] = min(m[12 + c5], -1.0 - t)
        l6 = m[c5 * 4 + ((t + 2) & 3)]
        out += m + [a1, a2, a3, a4, l6]
    return out


# ------------------------------------------------------------------ k_ptr
IN = [10, 20, 30, 40]


def ir_ptr():
    s = ('define amdgpu_kernel void @k_ptr(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %u) {\nentry:\n'
         '  %p = alloca [4 x ptr addrspace(1)], align 8, addrspace(5)\n' + PRO)
    for j in range(4):
        s += ('  %%s%d = getelementptr inbounds i32, ptr addrspace(1) %%in, i32 %d\n'
              '  %%d%d = getelementptr inbounds [4 x ptr addrspace(1)], ptr addrspace(5) %%p, i32 0, i32 %d\n'
              '  store ptr addrspace(1) %%s%d, ptr addrspace(5) %%d%d, align 8\n' % (j, 3 - j, j, j, j, j))
    s += ('  %uu = and i32 %u, 3\n  %du = getelementptr inbounds [4 x ptr addrspace(1)], ptr addrspace(5) %p, i32 0, i32 %uu\n'
          '  store ptr addrspace(1) %in, ptr addrspace(5) %du, align 8\n'
          '  %x = and i32 %t, 3\n  %dx = getelementptr inbounds [4 x ptr addrspace(1)], ptr addrspace(5) %p, i32 0, i32 %x\n'
          '  %px = load ptr addrspace(1), ptr addrspace(5) %dx, align 8\n  %v = load i32, ptr addrspace(1) %px, align 4\n')
    return s + out_stores('i32', 1, ['%v']) + '  ret void\n}\n'


def ref_ptr():
    p = [3 - j for j in range(4)]
    p[U & 3] = 0
    return [IN[p[gid % 64 & 3]] for gid in range(N)]


# ----------------------------------------------------------------- k_func
def ir_func():
    s = ''
    for n in (8, 16):
        s += ('define internal i32 @f%d(i32 %%t, i32 %%u) #0 {\nentry:\n'
              '  %%a = alloca [%d x i32], align 4, addrspace(5)\n  br label %%init\ninit:\n'
              '  %%i = phi i32 [ 0, %%entry ], [ %%i.next, %%init ]\n  %%it = mul i32 %%i, %%t\n  %%w = add i32 %%it, %%u\n'
              '  %%pi = getelementptr inbounds [%d x i32], ptr addrspace(5) %%a, i32 0, i32 %%i\n'
              '  store i32 %%w, ptr addrspace(5) %%pi, align 4\n  %%i.next = add i32 %%i, 1\n'
              '  %%more = icmp ult i32 %%i.next, %d\n  br i1 %%more, label %%init, label %%body\nbody:\n'
              '  %%tu = add i32 %%t, %%u\n  %%x = and i32 %%tu, %d\n'
              '  %%px = getelementptr inbounds [%d x i32], ptr addrspace(5) %%a, i32 0, i32 %%x\n'
              '  store i32 99, ptr addrspace(5) %%px, align 4\n  %%t3 = mul i32 %%t, 3\n  %%y = and i32 %%t3, %d\n'
              '  %%py = getelementptr inbounds [%d x i32], ptr addrspace(5) %%a, i32 0, i32 %%y\n'
              '  %%ly = load i32, ptr addrspace(5) %%py, align 4\n  %%z = and i32 %%u, %d\n'
              '  %%pz = getelementptr inbounds [%d x i32], ptr addrspace(5) %%a, i32 0, i32 %%z\n'
              '  %%lz = load i32, ptr addrspace(5) %%pz, align 4\n  %%r = add i32 %%ly, %%lz\n  ret i32 %%r\n}\n\n'
              % (n, n, n, n, n - 1, n, n - 1, n, n - 1, n))
    s += ('define amdgpu_kernel void @k_func(ptr addrspace(1) %out, i32 %u) {\n' + PRO +
          '  %r8 = call i32 @f8(i32 %t, i32 %u)\n  %r16 = call i32 @f16(i32 %gid, i32 %u)\n')
    return s + out_stores('i32', 2, ['%r8', '%r16']) + '  ret void\n}\n'


def ref_func():
    def f(n, t, u):
        a = [w32(i * t + u) for i in range(n)]
        a[(t + u) & (n - 1)] = 99
        return s32(a[(t * 3) & (n - 1)] + a[u & (n - 1)])
    out = []
    for gid in range(N):
        out += [f(8, gid % 64, U), f(16, gid, U)]
    return out


# ----------------------------------------------------------------- k_keep
def ir_keep():
    s = ('define internal i32 @rd(ptr addrspace(5) %p) #0 {\n  %v = load i32, ptr addrspace(5) %p, align 4\n'
         '  ret i32 %v\n}\n\n'
         'define amdgpu_kernel void @k_keep(ptr addrspace(1) %out, i32 %u) {\nentry:\n'
         '  %e = alloca [4 x i32], align 4, addrspace(5)\n' + PRO)
    for j in range(4):
        s += ('  %%e%d = getelementptr inbounds [4 x i32], ptr addrspace(5) %%e, i32 0, i32 %d\n'
              '  %%ev%d = add i32 %%t, %d\n  store i32 %%ev%d, ptr addrspace(5) %%e%d, align 4\n' % (j, j, j, j, j, j))
    s += ('  %eu0 = and i32 %u, 3\n  %eu = getelementptr inbounds [4 x i32], ptr addrspace(5) %e, i32 0, i32 %eu0\n'
          '  store i32 %gid, ptr addrspace(5) %eu, align 4\n'
          '  %et0 = and i32 %t, 3\n  %et = getelementptr inbounds [4 x i32], ptr addrspace(5) %e, i32 0, i32 %et0\n'
          '  %ev = call i32 @rd(ptr addrspace(5) %et)\n  br label %loop\nloop:\n'
          '  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]\n'
          '  %a = alloca [4 x i32], align 4, addrspace(5)\n'
          '  %ti = add i32 %t, %i\n  %xa = and i32 %ti, 3\n'
          '  %pa = getelementptr inbounds [4 x i32], ptr addrspace(5) %a, i32 0, i32 %xa\n'
          '  %i10 = mul i32 %i, 10\n  %va = add i32 %i10, %t\n  store i32 %va, ptr addrspace(5) %pa, align 4\n'
          '  %ti1 = add i32 %ti, 1\n  %xb = and i32 %ti1, 3\n'
          '  %pb = getelementptr inbounds [4 x i32], ptr addrspace(5) %a, i32 0, i32 %xb\n'
          '  store i32 %i, ptr addrspace(5) %pb, align 4\n'
          '  %la = load i32, ptr addrspace(5) %pa, align 4\n  %lb = load i32, ptr addrspace(5) %pb, align 4\n'
          '  %lb3 = mul i32 %lb, 3\n  %s1 = add i32 %s, %la\n  %s.next = add i32 %s1, %lb3\n'
          '  %i.next = add i32 %i, 1\n  %more = icmp ult i32 %i.next, 4\n  br i1 %more, label %loop, label %exit\n'
          'exit:\n')
    return s + out_stores('i32', 2, ['%s.next', '%ev']) + '  ret void\n}\n'


def ref_keep():
    out = []
    for gid in range(N):
        t = gid % 64
        e = [t + j for j in range(4)]
        e[U & 3] = gid
        s = 0
        for i in range(4):
            s += i * 10 + t + 3 * i
        out += [s, e[t & 3]]
    return out


KERNELS = [
    ('k_i32', 'int', S32, ir_i32, ref_i32, []),
    ('k_i64', 'long', S64, ir_i64, ref_i64, []),
    ('k_small', 'int', S8, ir_small, ref_small, []),
    ('k_nested', 'float', SN, ir_nested, ref_nested, []),
    ('k_ptr', 'int', 1, ir_ptr, ref_ptr, ['arg_in: 1 buffer int[4] ' + ' '.join(map(str, IN))]),
    ('k_func', 'int', 2, ir_func, ref_func, []),
    ('k_keep', 'int', 2, ir_keep, ref_keep, []),
]


def fmt(v, ty):
    if ty == 'float':
        return repr(float(v)) if v != int(v) else '%d' % v
    return str(v)


def main():
    lines = ['[config]', 'name: private arrays indexed at run time, in registers and in memory', 'dimensions: 1', '']
    ir = ''
    for name, ty, slots, mk, ref, extra in KERNELS:
        vals = ref()
        assert len(vals) == slots * N, name
        uarg = 2 + (1 if extra else 0) - 1
        lines += ['[test]', 'name: ' + name[2:], 'kernel_name: ' + name, 'global_size: %d 0 0' % N,
                  'local_size: 64 0 0',
                  'arg_in: 0 buffer %s[%d] ' % (ty, slots * N) + ' '.join(['0'] * (slots * N)),
                  'arg_out: 0 buffer %s[%d] ' % (ty, slots * N) + ' '.join(fmt(v, ty) for v in vals)]
        lines += extra + ['arg_in: %d int %d' % (uarg, U), '']
        ir += mk() + '\n'
    ir += ('declare i32 @llvm.amdgcn.workitem.id.x()\ndeclare i32 @llvm.amdgcn.workgroup.id.x()\n'
           'declare void @llvm.memset.p5.i32(ptr addrspace(5), i8, i32, i1)\n\nattributes #0 = { noinline }\n')
    write_ll('f_private_array_registers.ll', lines, ir)


if __name__ == '__main__':
    main()
