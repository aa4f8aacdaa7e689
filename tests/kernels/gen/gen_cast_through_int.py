#!/usr/bin/env python3
"""Generates tests/kernels/f_fp_i1_xchg.ll and f_fp_to_i1_fraction.ll
(issue 26; src/llvm/cast_through_integers.c): fptosi/fptoui of half, float
and double to i1 (and <2 x i1>), sitofp/uitofp of i1 to half, float and
double, atomicrmw xchg of float, double and pointers on global, LDS and
generic memory, each lane on its own word (the old value and the new one
checked). f_fp_to_i1_fraction.ll holds the non-integral inputs whose
conversion fits i1 (fptosi -1.5 is -1: true; fptoui 1.5 is 1: true):
llc-19 compares with -1.0 / 1.0 and gives false (in KNOWN-FAILURES.llc).
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test  # noqa: E402
from gen_fatptr import lane_stores, write_ll  # noqa: E402

N = 64


def f16bits(x):
    return struct.unpack('<H', struct.pack('<e', x))[0]


def f32bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def f64bits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


CONV_IR = '''
define amdgpu_kernel void @k_conv(ptr addrspace(1) %out, ptr addrspace(1) %sin, ptr addrspace(1) %uin) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %ps = getelementptr double, ptr addrspace(1) %sin, i32 %t
  %pu = getelementptr double, ptr addrspace(1) %uin, i32 %t
  %ds = load double, ptr addrspace(1) %ps
  %du = load double, ptr addrspace(1) %pu
  %fs = fptrunc double %ds to float
  %fu = fptrunc double %du to float
  %hs = fptrunc double %ds to half
  %hu = fptrunc double %du to half
  %a0 = fptosi double %ds to i1
  %a1 = fptoui double %du to i1
  %a2 = fptosi float %fs to i1
  %a3 = fptoui float %fu to i1
  %a4 = fptosi half %hs to i1
  %a5 = fptoui half %hu to i1
  %vs0 = insertelement <2 x float> poison, float %fs, i32 0
  %vs = insertelement <2 x float> %vs0, float %fs, i32 1
  %av = fptosi <2 x float> %vs to <2 x i1>
  %a6 = extractelement <2 x i1> %av, i32 1
  %v0 = zext i1 %a0 to i32
  %v1 = zext i1 %a1 to i32
  %v2 = zext i1 %a2 to i32
  %v3 = zext i1 %a3 to i32
  %v4 = zext i1 %a4 to i32
  %v5 = zext i1 %a5 to i32
  %v6 = zext i1 %a6 to i32
  %odd = trunc i32 %t to i1
  %h1 = sitofp i1 %odd to half
  %h2 = uitofp i1 %odd to half
  %hb1 = bitcast half %h1 to i16
  %hb2 = bitcast half %h2 to i16
  %v7 = zext i16 %hb1 to i32
  %v8 = zext i16 %hb2 to i32
  %f1 = sitofp i1 %odd to float
  %f2 = uitofp i1 %odd to float
  %v9 = bitcast float %f1 to i32
  %v10 = bitcast float %f2 to i32
  %g1 = sitofp i1 %odd to double
  %gb = bitcast double %g1 to i64
  %gh = lshr i64 %gb, 32
  %v11 = trunc i64 %gh to i32
'''

XCHG_IR = '''
@lf = internal addrspace(3) global [64 x float] poison, align 4
@ld = internal addrspace(3) global [64 x double] poison, align 8

define amdgpu_kernel void @k_xchg(ptr addrspace(1) %out, ptr addrspace(1) %gf, ptr addrspace(1) %gd,
                                  ptr addrspace(1) %gp) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %tf = uitofp i32 %t to float
  %tg = fadd float %tf, 0.5
  %td = fpext float %tg to double
  %tn = fneg double %td
  %pf = getelementptr float, ptr addrspace(1) %gf, i32 %t
  %pd = getelementptr double, ptr addrspace(1) %gd, i32 %t
  %o0 = atomicrmw xchg ptr addrspace(1) %pf, float %tg syncscope("agent") seq_cst, align 4
  %o1 = atomicrmw xchg ptr addrspace(1) %pd, double %tn syncscope("agent") monotonic, align 8
  %qf = getelementptr [64 x float], ptr addrspace(3) @lf, i32 0, i32 %t
  %qd = getelementptr [64 x double], ptr addrspace(3) @ld, i32 0, i32 %t
  store float 2.0, ptr addrspace(3) %qf
  store double 3.0, ptr addrspace(3) %qd
  %o2 = atomicrmw xchg ptr addrspace(3) %qf, float %tg seq_cst, align 4
  %o3 = atomicrmw xchg ptr addrspace(3) %qd, double %tn seq_cst, align 8
  %n2 = load float, ptr addrspace(3) %qf
  %n3 = load double, ptr addrspace(3) %qd
  %fp = addrspacecast ptr addrspace(1) %pf to ptr
  %o4 = atomicrmw xchg ptr %fp, float 7.0 seq_cst, align 4
  %pp = getelementptr ptr addrspace(1), ptr addrspace(1) %gp, i32 %t
  %o5 = atomicrmw xchg ptr addrspace(1) %pp, ptr addrspace(1) %pf seq_cst, align 8
  %same = icmp eq ptr addrspace(1) %o5, null
  %v0 = bitcast float %o0 to i32
  %d1 = bitcast double %o1 to i64
  %v1 = trunc i64 %d1 to i32
  %h1 = lshr i64 %d1, 32
  %v2 = trunc i64 %h1 to i32
  %v3 = bitcast float %o2 to i32
  %d3 = bitcast double %o3 to i64
  %h3 = lshr i64 %d3, 32
  %v4 = trunc i64 %h3 to i32
  %v5 = bitcast float %n2 to i32
  %e3 = bitcast double %n3 to i64
  %k3 = lshr i64 %e3, 32
  %v6 = trunc i64 %k3 to i32
  %v7 = bitcast float %o4 to i32
  %v8 = zext i1 %same to i32
'''




DECLS = '\ndeclare i32 @llvm.amdgcn.workitem.id.x()\n'


def conv_test(name, sv, uv):
    out = []
    for t in range(N):
        s, u = sv[t], uv[t]
        bs, bu = int(math.trunc(s)) & 1, int(math.trunc(u)) & 1
        odd = t & 1
        out += [bs, bu, bs, bu, bs, bu, bs,
                f16bits(-1.0 if odd else 0.0), f16bits(1.0 if odd else 0.0),
                f32bits(-1.0 if odd else 0.0), f32bits(1.0 if odd else 0.0),
                f64bits(-1.0 if odd else 0.0) >> 32]
    return (Test(name, kernel_name='k_conv').inp(0, 'uint', 12 * N, [0] * 12 * N).out(0, 'uint', 12 * N, out)
            .inp(1, 'double', N, sv).inp(2, 'double', N, uv))


def xchg_test(rng):
    gf = [rng.range(-1000, 1000) / 4.0 for _ in range(N)]
    gd = [rng.range(-1000, 1000) / 8.0 for _ in range(N)]
    out = []
    for t in range(N):
        tg = t + 0.5
        out += [f32bits(gf[t]), f64bits(gd[t]) & 0xffffffff, f64bits(gd[t]) >> 32, f32bits(2.0),
                f64bits(3.0) >> 32, f32bits(tg), f64bits(-tg) >> 32, f32bits(tg), 1]
    te = Test('atomicrmw xchg float/double/pointer, global, LDS, flat', kernel_name='k_xchg')
    te.inp(0, 'uint', 9 * N, [0] * 9 * N).out(0, 'uint', 9 * N, out)
    te.inp(1, 'float', N, gf).out(1, 'float', N, [7.0] * N)
    te.inp(2, 'double', N, gd).out(2, 'double', N, [-(t + 0.5) for t in range(N)])
    te.inp(3, 'ulong', N, [0] * N)
    return te


def main():
    rng = Rng(1126)
    lines = ['[config]', 'name: fp to/from i1, float and pointer atomicrmw xchg (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N]
    ints_s = [[-1.0, 0.0, -0.0][rng.range(0, 2)] for _ in range(N)]
    ints_u = [[1.0, 0.0, -0.0][rng.range(0, 2)] for _ in range(N)]
    tests = [conv_test('fptosi/fptoui to i1 of -1, 0, -0, 1; i1 to fp', ints_s, ints_u), xchg_test(rng)]
    write_ll('f_fp_i1_xchg.ll', 'gen_cast_through_int.py', lines, tests, CONV_IR + lane_stores(12) + XCHG_IR + lane_stores(9) + DECLS)
    # inputs that are not integers but whose truncation fits i1 (and are
    # exact in half): fptosi in (-2, 1), fptoui in (-1, 2)
    fr_s = [[-1.5, -1.25, -0.5, 0.75, -1.75][rng.range(0, 4)] for _ in range(N)]
    fr_u = [[1.5, 1.25, 0.5, -0.75, 1.75][rng.range(0, 4)] for _ in range(N)]
    lines[1] = 'name: fptosi/fptoui to i1 of fractions (issue 26)'
    write_ll('f_fp_to_i1_fraction.ll', 'gen_cast_through_int.py', lines,
             [conv_test('fptosi/fptoui to i1 of non-integers that fit', fr_s, fr_u)],
             CONV_IR + lane_stores(12) + DECLS,
             comment='llc-19 compares with -1.0 / 1.0 (fptosi -1.5 to i1 gives false): in KNOWN-FAILURES.llc')


if __name__ == '__main__':
    main()
