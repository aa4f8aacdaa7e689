#!/usr/bin/python3
"""Generates tests/kernels/f_dot_intrinsics.ll (llvm.amdgcn.sdot2/udot2/
sdot4/udot4/sdot8/udot8 on gfx90a, gfx942 and gfx1030),
f_dot_intrinsics_gfx11.ll (sdot4/udot4/sdot8/udot8/sudot4/sudot8 on
gfx1100, where the signed forms are v_dot{4,8}_i32_iu{8,4} with neg_lo),
f_fdot2.ll (llvm.amdgcn.fdot2 on all four)
and f_atomic_csub.ll (llvm.amdgcn.global.atomic.csub on RDNA: 64 lanes on
one word, and one word per lane), issue 27.

Host reference: AMDGPUUsage / the CDNA 2, RDNA 2 and RDNA 3 ISA guides:
D = C + sum of the products of the packed elements (i16 / i8 / i4, signed
or unsigned per operand), exact, wrapping to 32 bits, or with the clamp
operand saturated to the i32 (signed forms) or u32 range; fdot2: f16
products summed with the f32 accumulator, then clamped to [0, 1] with
clamp. The f16 inputs here are small integers and halves, so every sum is
exact in f32 (no rounding question). csub: memory = old >= v ? old - v : 0,
the old value returned; with 64 lanes on one word the returned values
depend on the order, so only the final word and the sum of the lanes'
subtractions are checked (each lane subtracts 1 from a word >= 64: every
lane sees a distinct old value, which the kernel adds up atomically).
Every GPU that lacks an instruction is skipped by device_regex (wavecc
and llc-19 both refuse the intrinsic there)."""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng  # noqa: E402

N = 64
M = 0xffffffff
HERE = os.path.dirname(os.path.abspath(__file__))


def elems(x, bits, signed):
    m = (1 << bits) - 1
    out = []
    for i in range(32 // bits):
        v = (x >> (i * bits)) & m
        if signed and v >> (bits - 1):
            v -= 1 << bits
        out.append(v)
    return out


def idot(a, b, c, bits, sa, sb, clamp, mixed=False):
    signed = sa or sb or mixed  # the iu forms' result and accumulator are i32
    acc = c - (1 << 32) if signed and c >> 31 else c
    s = acc + sum(x * y for x, y in zip(elems(a, bits, sa), elems(b, bits, sb)))
    if clamp:
        s = max(-(1 << 31), min((1 << 31) - 1, s)) if signed else max(0, min(M, s))
    return s & M


def f16_bits(v):
    return struct.unpack('<H', struct.pack('<e', v))[0]


def f32_bits(v):
    return struct.unpack('<I', struct.pack('<f', v))[0]


def fdot2(a, b, c, clamp):
    s = a[0] * b[0] + a[1] * b[1] + c  # exact: small integers and halves
    if clamp:
        s = 0.0 if s < 0 else 1.0 if s > 1 else s
    return f32_bits(s + 0.0)


def int_inputs(seed):
    r = Rng(seed)
    a = [r.bits(32) for _ in range(N)]
    b = [r.bits(32) for _ in range(N)]
    c = [r.bits(32) for _ in range(N)]
    # the extremes: every element the most negative / largest, accumulators at the limits
    a[0], b[0], c[0] = 0x80808080, 0x80808080, 0x7fffffff
    a[1], b[1], c[1] = M, M, M
    a[2], b[2], c[2] = 0x7fff7fff, 0x80008000, 0x80000000
    a[3], b[3], c[3] = 0x77777777, 0x88888888, 0x80000010
    a[4], b[4], c[4] = 0x7f7f7f7f, 0x7f7f7f7f, 0x7ffff000
    a[5], b[5], c[5] = 0xffffffff, 0x01010101, 3
    for i in range(6, 16):
        c[i] = (r.bits(4) + 0x7ffffff0) & M if i % 2 else (r.bits(4) - 16) & M
    return a, b, c


def half_inputs(seed):
    r = Rng(seed)
    vals = [-4.0, -2.5, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 1.5, 3.0]
    av = [(vals[r.bits(32) % 10], vals[r.bits(32) % 10]) for _ in range(N)]
    bv = [(vals[r.bits(32) % 10], vals[r.bits(32) % 10]) for _ in range(N)]
    cv = [vals[r.bits(32) % 10] for _ in range(N)]
    return av, bv, cv


def pack2(p):
    return f16_bits(p[0]) | f16_bits(p[1]) << 16


# (name, IR operand type, bits, a signed, b signed); sudot's flags are operands
INT = {'sdot2': ('<2 x i16>', 16, True, True), 'udot2': ('<2 x i16>', 16, False, False),
       'sdot4': ('i32', 8, True, True), 'udot4': ('i32', 8, False, False),
       'sdot8': ('i32', 4, True, True), 'udot8': ('i32', 4, False, False)}
SU = {'sudot4': 8, 'sudot8': 4}


def declare(name):
    if name in INT:
        t = INT[name][0]
        return f'declare i32 @llvm.amdgcn.{name}({t}, {t}, i32, i1)\n'
    if name in SU:
        return f'declare i32 @llvm.amdgcn.{name}(i1, i32, i1, i32, i32, i1)\n'
    return 'declare float @llvm.amdgcn.fdot2(<2 x half>, <2 x half>, float, i1)\n'


def calls(names, a, b, c, av, bv, cv):
    """The call lines and the expected outputs (64 per call) of every
    variant: each intrinsic with clamp 0 and 1 (sudot: four sign pairs)."""
    body, out, k = [], [], 0
    for name in names:
        variants = []
        if name in SU:
            variants = [(sa, sb, cl) for sa, sb, cl in [(1, 0, 0), (0, 1, 1), (1, 1, 0), (0, 0, 1)]]
        else:
            variants = [(None, None, cl) for cl in (0, 1)]
        for sa, sb, cl in variants:
            v = f'%r{k}'
            if name == 'fdot2':
                body.append(f'  {v} = call float @llvm.amdgcn.fdot2(<2 x half> %ha, <2 x half> %hb, float %hc, i1 {cl})')
                body.append(f'  {v}i = bitcast float {v} to i32')
                out += [fdot2(x, y, z, cl) for x, y, z in zip(av, bv, cv)]
                v += 'i'
            elif name in SU:
                bits = SU[name]
                body.append(f'  {v} = call i32 @llvm.amdgcn.{name}(i1 {sa}, i32 %x, i1 {sb}, i32 %y, i32 %z, i1 {cl})')
                out += [idot(x, y, z, bits, sa, sb, cl, True) for x, y, z in zip(a, b, c)]
            else:
                t, bits, sa_, sb_ = INT[name]
                xa, ya = ('%x2', '%y2') if t != 'i32' else ('%x', '%y')
                body.append(f'  {v} = call i32 @llvm.amdgcn.{name}({t} {xa}, {t} {ya}, i32 %z, i1 {cl})')
                out += [idot(x, y, z, bits, sa_, sb_, cl) for x, y, z in zip(a, b, c)]
            body += [f'  %j{k} = add i32 %i, {N * k}', f'  %p{k} = getelementptr i32, ptr addrspace(1) %out, i32 %j{k}',
                     f'  store i32 {v}, ptr addrspace(1) %p{k}']
            k += 1
    return body, out, k


def uniform_calls(names, a, b, c, k0):
    """Uniform operands (lane 5's inputs, loaded through a constant index):
    one call per integer intrinsic with an SGPR result, stored by every
    lane at out[64 * k + lane]."""
    body, out, k = [], [], k0
    for name in names:
        if name not in INT:
            continue
        t, bits, sa, sb = INT[name]
        xa, ya = ('%ux2', '%uy2') if t != 'i32' else ('%ux', '%uy')
        body.append(f'  %r{k} = call i32 @llvm.amdgcn.{name}({t} {xa}, {t} {ya}, i32 %uz, i1 0)')
        out += [idot(a[5], b[5], c[5], bits, sa, sb, 0)] * N
        body += [f'  %j{k} = add i32 %i, {N * k}', f'  %p{k} = getelementptr i32, ptr addrspace(1) %out, i32 %j{k}',
                 f'  store i32 %r{k}, ptr addrspace(1) %p{k}']
        k += 1
    return body, out, k


def dot_file(fname, title, regex, names, seed):
    a, b, c = int_inputs(seed)
    av, bv, cv = half_inputs(seed + 1)
    body, out, k = calls(names, a, b, c, av, bv, cv)
    ub, uout, k = uniform_calls(names, a, b, c, k)
    body += ub
    out += uout
    lines = [f'; # GENERATED by tests/kernels/gen/gen_dot_intrinsics.py -- do not edit.',
             '; [config]', f'; name: {title}', '; dimensions: 1', f'; device_regex: {regex}',
             '; global_size: 64 0 0', '; local_size: 64 0 0', ';',
             '; [test]', '; name: every variant, clamp 0 and 1', '; kernel_name: k_dot',
             '; arg_in: 0 buffer uint[64] ' + ' '.join(map(str, a)),
             '; arg_in: 1 buffer uint[64] ' + ' '.join(map(str, b)),
             '; arg_in: 2 buffer uint[64] ' + ' '.join(map(str, c)),
             '; arg_in: 3 buffer uint[64] ' + ' '.join(str(pack2(p)) for p in av),
             '; arg_in: 4 buffer uint[64] ' + ' '.join(str(pack2(p)) for p in bv),
             '; arg_in: 5 buffer uint[64] ' + ' '.join(str(f32_bits(v)) for v in cv),
             f'; arg_in: 6 buffer uint[{N * k}] repeat 0',
             f'; arg_out: 6 buffer uint[{N * k}] ' + ' '.join(map(str, out))]
    ir = '\ntarget triple = "amdgcn-amd-amdhsa"\n\ndeclare i32 @llvm.amdgcn.workitem.id.x()\n'
    ir += ''.join(declare(n) for n in names)
    ir += '''
define amdgpu_kernel void @k_dot(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, ptr addrspace(1) %fa,
                                 ptr addrspace(1) %fb, ptr addrspace(1) %fc, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %i
  %x = load i32, ptr addrspace(1) %pa
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %i
  %y = load i32, ptr addrspace(1) %pb
  %pc = getelementptr i32, ptr addrspace(1) %c, i32 %i
  %z = load i32, ptr addrspace(1) %pc
  %x2 = bitcast i32 %x to <2 x i16>
  %y2 = bitcast i32 %y to <2 x i16>
  %pfa = getelementptr <2 x half>, ptr addrspace(1) %fa, i32 %i
  %ha = load <2 x half>, ptr addrspace(1) %pfa
  %pfb = getelementptr <2 x half>, ptr addrspace(1) %fb, i32 %i
  %hb = load <2 x half>, ptr addrspace(1) %pfb
  %pfc = getelementptr float, ptr addrspace(1) %fc, i32 %i
  %hc = load float, ptr addrspace(1) %pfc
  %pua = getelementptr i32, ptr addrspace(1) %a, i32 5
  %ux = load i32, ptr addrspace(1) %pua
  %pub = getelementptr i32, ptr addrspace(1) %b, i32 5
  %uy = load i32, ptr addrspace(1) %pub
  %puc = getelementptr i32, ptr addrspace(1) %c, i32 5
  %uz = load i32, ptr addrspace(1) %puc
  %ux2 = bitcast i32 %ux to <2 x i16>
  %uy2 = bitcast i32 %uy to <2 x i16>
''' + '\n'.join(body) + '\n  ret void\n}\n'
    with open(os.path.join(HERE, '..', fname), 'w') as f:
        f.write('\n'.join(lines) + '\n' + ir)


def csub_file():
    r = Rng(2727)
    # test 1: 64 lanes subtract 1 from one word of 100 (old values 100..37 in
    # some order: their sum is fixed); test 2: one word per lane, v above,
    # equal to and below the word (saturating to 0)
    words = [r.bits(32) for _ in range(N)]
    subs = []
    for i in range(N):
        w = words[i]
        subs.append(w if i % 4 == 0 else (w + 1 + r.bits(8)) & M if i % 4 == 1 else r.bits(32) % (w + 1))
    subs[1], words[1] = M, 0
    res = [w - s if w >= s else 0 for w, s in zip(words, subs)]
    lines = ['; # GENERATED by tests/kernels/gen/gen_dot_intrinsics.py -- do not edit.',
             '; [config]', '; name: llvm.amdgcn.global.atomic.csub (RDNA 2/3)', '; dimensions: 1',
             '; device_regex: gfx10|gfx11', '; global_size: 64 0 0', '; local_size: 64 0 0', ';',
             '; [test]', '; name: 64 lanes on one word: final value and sum of the old values', '; kernel_name: k_one',
             '; arg_in: 0 buffer uint[2] 100 0',
             '; arg_out: 0 buffer uint[2] 36 ' + str(sum(range(37, 101))), ';',
             '; [test]', '; name: one word per lane (saturating at 0), old values returned', '; kernel_name: k_each',
             '; arg_in: 0 buffer uint[64] ' + ' '.join(map(str, words)),
             '; arg_in: 1 buffer uint[64] ' + ' '.join(map(str, subs)),
             '; arg_in: 2 buffer uint[64] repeat 0',
             '; arg_out: 0 buffer uint[64] ' + ' '.join(map(str, res)),
             '; arg_out: 2 buffer uint[64] ' + ' '.join(map(str, words))]
    ir = '''
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.global.atomic.csub.p1(ptr addrspace(1), i32)

define amdgpu_kernel void @k_one(ptr addrspace(1) %w) {
  %old = call i32 @llvm.amdgcn.global.atomic.csub.p1(ptr addrspace(1) %w, i32 1)
  %p = getelementptr i32, ptr addrspace(1) %w, i32 1
  %s = atomicrmw add ptr addrspace(1) %p, i32 %old monotonic
  ret void
}

define amdgpu_kernel void @k_each(ptr addrspace(1) %w, ptr addrspace(1) %v, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pw = getelementptr i32, ptr addrspace(1) %w, i32 %i
  %pv = getelementptr i32, ptr addrspace(1) %v, i32 %i
  %x = load i32, ptr addrspace(1) %pv
  %old = call i32 @llvm.amdgcn.global.atomic.csub.p1(ptr addrspace(1) %pw, i32 %x)
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %old, ptr addrspace(1) %po
  ret void
}
'''
    with open(os.path.join(HERE, '..', 'f_atomic_csub.ll'), 'w') as f:
        f.write('\n'.join(lines) + '\n' + ir)


def main():
    dot_file('f_dot_intrinsics.ll', 'llvm.amdgcn integer dot-product intrinsics (issue 27)', 'gfx90a|gfx942|gfx1030',
             ['sdot2', 'udot2', 'sdot4', 'udot4', 'sdot8', 'udot8'], 2701)
    dot_file('f_dot_intrinsics_gfx11.ll', 'llvm.amdgcn dot-product intrinsics at gfx11 (iu8/iu4 with neg_lo; issue 27)',
             'gfx11', ['sdot4', 'udot4', 'sdot8', 'udot8', 'sudot4', 'sudot8'], 2711)
    # llc-19 selects fdot2 without clamp as v_dot2c_f32_f16 (CDNA, gfx1030)
    # and v_dot2acc_f32_f16 (gfx11): a file of its own
    dot_file('f_fdot2.ll', 'llvm.amdgcn.fdot2 (issue 27)', 'gfx90a|gfx942|gfx1030|gfx11', ['fdot2'], 2721)
    csub_file()


if __name__ == '__main__':
    main()
