#!/usr/bin/python3
"""Generates tests/kernels/f_bf16.ll: bfloat conversions, arithmetic,
compares and sign operations as llc-19 computes them on gfx900 (in f32:
fpext is bits << 16; fptrunc rounds to nearest even and quiets NaNs;
fadd/fmul/fma round the f32 result once more). LLVM's AMDGPU tests
fcopysign.f32.ll, llvm.is.fpclass.bf16.ll and vector_shuffle.packed.ll.
Host reference: fpref's exact f32 operations and the rounding above."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kt  # noqa: E402
from fpref import F32, op  # noqa: E402

N = 64


def ext(h):
    return h << 16


def rnd(u):
    if F32.is_nan(u):
        return ((u | 0x400000) >> 16) & 0xffff
    return ((u + 0x7fff + ((u >> 16) & 1)) >> 16) & 0xffff


def bf_inputs(r, specials):
    out = list(specials)
    while len(out) < N:
        e = r.range(127 - 20, 127 + 20)
        out.append(r.bits(1) << 15 | e << 7 | r.bits(7))
    return out


KERNELS = """
define amdgpu_kernel void @conv(ptr addrspace(1) %bf, ptr addrspace(1) %f, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pb = getelementptr bfloat, ptr addrspace(1) %bf, i32 %i
  %pf = getelementptr float, ptr addrspace(1) %f, i32 %i
  %b = load bfloat, ptr addrspace(1) %pb
  %x = load float, ptr addrspace(1) %pf
  %e = fpext bfloat %b to float
  %t = fptrunc float %x to bfloat
  %eb = bitcast float %e to i32
  %tb = bitcast bfloat %t to i16
  %tz = zext i16 %tb to i32
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %eb, ptr addrspace(1) %p0
  %j = add i32 %i, 64
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 %j
  store i32 %tz, ptr addrspace(1) %p1
  ret void
}

define amdgpu_kernel void @arith(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr bfloat, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr bfloat, ptr addrspace(1) %b, i32 %i
  %x = load bfloat, ptr addrspace(1) %pa
  %y = load bfloat, ptr addrspace(1) %pb
  %s = fadd bfloat %x, %y
  %m = fmul bfloat %x, %y
  %f = call bfloat @llvm.fma.bf16(bfloat %x, bfloat %y, bfloat %x)
  %n = fneg bfloat %x
  %c = call bfloat @llvm.copysign.bf16(bfloat %y, bfloat %x)
  %lt = fcmp olt bfloat %x, %y
  %cls = call i1 @llvm.is.fpclass.bf16(bfloat %x, i32 516)
  %v = insertelement <2 x bfloat> undef, bfloat %x, i32 0
  %v2 = insertelement <2 x bfloat> %v, bfloat %y, i32 1
  %w = shufflevector <2 x bfloat> %v2, <2 x bfloat> poison, <2 x i32> <i32 1, i32 0>
  %vf = call <2 x bfloat> @llvm.fma.v2bf16(<2 x bfloat> %v2, <2 x bfloat> %w, <2 x bfloat> %v2)
  %vfb = bitcast <2 x bfloat> %vf to i32
  %sb = bitcast bfloat %s to i16
  %mb = bitcast bfloat %m to i16
  %fb = bitcast bfloat %f to i16
  %nb = bitcast bfloat %n to i16
  %cb = bitcast bfloat %c to i16
  %sz = zext i16 %sb to i32
  %mz = zext i16 %mb to i32
  %sm = shl i32 %mz, 16
  %w0 = or i32 %sz, %sm
  %fz = zext i16 %fb to i32
  %nz = zext i16 %nb to i32
  %ns = shl i32 %nz, 16
  %w1 = or i32 %fz, %ns
  %cz = zext i16 %cb to i32
  %ltz = zext i1 %lt to i32
  %lts = shl i32 %ltz, 16
  %clz = zext i1 %cls to i32
  %cls2 = shl i32 %clz, 17
  %w2a = or i32 %cz, %lts
  %w2 = or i32 %w2a, %cls2
  %base = mul i32 %i, 4
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %w0, ptr addrspace(1) %q0
  %b1 = add i32 %base, 1
  %q1 = getelementptr i32, ptr addrspace(1) %out, i32 %b1
  store i32 %w1, ptr addrspace(1) %q1
  %b2 = add i32 %base, 2
  %q2 = getelementptr i32, ptr addrspace(1) %out, i32 %b2
  store i32 %w2, ptr addrspace(1) %q2
  %b3 = add i32 %base, 3
  %q3 = getelementptr i32, ptr addrspace(1) %out, i32 %b3
  store i32 %vfb, ptr addrspace(1) %q3
  ret void
}

declare bfloat @llvm.fma.bf16(bfloat, bfloat, bfloat)
declare <2 x bfloat> @llvm.fma.v2bf16(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>)
declare bfloat @llvm.copysign.bf16(bfloat, bfloat)
declare i1 @llvm.is.fpclass.bf16(bfloat, i32)
"""


def fval(u):
    if F32.is_inf(u):
        return float('-inf') if F32.sign(u) else float('inf')
    return F32.value(u)


def fma_bf(a, b, c):
    return rnd(op(F32, 'fma', [ext(a), ext(b), ext(c)]))


def main():
    r = kt.Rng(2617)
    lines = ['[config]', 'name: bfloat (promoted to f32 as llc-19 does)', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N, '']
    bfs = bf_inputs(r, [0, 0x8000, 0x3f80, 0x7f80, 0xff80, 0x7fc1, 0x0001, 0x807f])
    fs = [0x3f800000, 0x3f808000, 0x3f818000, 0x3f808001, 0x7f7fffff, 0x7fa00000, 0xff800000, 0x00000001,
          0x80000000, 0x3f7fffff]
    while len(fs) < N:
        fs.append(r.bits(32) & 0xbfffffff | 0x30000000)
    conv = [ext(h) for h in bfs] + [rnd(u) for u in fs]
    lines += ['[test]', 'name: fpext and fptrunc', 'kernel_name: conv',
              'arg_in: 0 buffer ushort[%d] %s' % (N, ' '.join(map(str, bfs))),
              'arg_in: 1 buffer uint[%d] %s' % (N, ' '.join(map(str, fs))),
              'arg_in: 2 buffer uint[%d] repeat 0' % (2 * N),
              'arg_out: 2 buffer uint[%d] %s' % (2 * N, ' '.join(map(str, conv))), '']
    xs = bf_inputs(r, [0x3f80, 0x7f80, 0x7fc0, 0x8000, 0x4040, 0x7f7f])
    ys = bf_inputs(r, [0x3f80, 0x3f80, 0x3f80, 0x0000, 0xc040, 0x7f7f])
    res = []
    for x, y in zip(xs, ys):
        s = rnd(op(F32, 'add', [ext(x), ext(y)]))
        m = rnd(op(F32, 'mul', [ext(x), ext(y)]))
        f = fma_bf(x, y, x)
        n = x ^ 0x8000
        c = (y & 0x7fff) | (x & 0x8000)
        fx, fy = ext(x), ext(y)
        lt = int(not F32.is_nan(fx) and not F32.is_nan(fy) and fval(fx) < fval(fy))
        cls = int(F32.is_inf(fx))  # is.fpclass mask 516: -inf (4) | +inf (512)
        v0, v1 = fma_bf(x, y, x), fma_bf(y, x, y)
        res += [s | m << 16, f | n << 16, c | lt << 16 | cls << 17, v0 | v1 << 16]
    lines += ['[test]', 'name: arithmetic, compares, sign operations, <2 x bfloat> fma', 'kernel_name: arith',
              'arg_in: 0 buffer ushort[%d] %s' % (N, ' '.join(map(str, xs))),
              'arg_in: 1 buffer ushort[%d] %s' % (N, ' '.join(map(str, ys))),
              'arg_in: 2 buffer uint[%d] repeat 0' % (4 * N),
              'arg_out: 2 buffer uint[%d] %s' % (4 * N, ' '.join(map(str, res))), '']
    kt.write_ll('f_bf16.ll', lines, 'declare i32 @llvm.amdgcn.workitem.id.x()\n' + KERNELS)


if __name__ == '__main__':
    main()
