#!/usr/bin/env python3
"""Generates tests/kernels/f_readfirstlane_types.ll: llvm.amdgcn.readfirstlane
of every type class llc-19 takes (i32, i64, double, <2 x i32>, global and
flat pointers, <3 x ptr addrspace(1)>) in a divergent branch whose first
active lane is local id 3. wavecc read only the first dword of the first
component before (a 64-bit pointer's v_readfirstlane_b32 had a two-dword
operand; the Debug verifier rejected it). Work-groups of 32 lanes: one
wave at wave32 and wave64, so the first active lane is the same on every
GPU. Host reference: the lane-3 values."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, write_ll  # noqa: E402

WG = 32
NG = 2
NO = 12  # outputs per work-item

IR = '''
define amdgpu_kernel void @k_rfl(ptr addrspace(1) %out, ptr addrspace(1) %A) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g32 = mul i32 %g, 32
  %gid = add i32 %g32, %t
  %gidx = mul i32 %gid, 12
  %lane3 = and i32 %t, 3
  %c = icmp eq i32 %lane3, 3
  br i1 %c, label %then, label %done
then:
  %a.p = getelementptr i32, ptr addrspace(1) %A, i32 %gid
  %a = load i32, ptr addrspace(1) %a.p
  %r32 = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %a)
  %t64 = zext i32 %gid to i64
  %v64m = mul i64 %t64, 4294967297
  %v64 = xor i64 %v64m, 81985529216486895
  %r64 = call i64 @llvm.amdgcn.readfirstlane.i64(i64 %v64)
  %r64lo = trunc i64 %r64 to i32
  %r64s = lshr i64 %r64, 32
  %r64hi = trunc i64 %r64s to i32
  %rp = call ptr addrspace(1) @llvm.amdgcn.readfirstlane.p1(ptr addrspace(1) %a.p)
  %lp = load i32, ptr addrspace(1) %rp
  %fp = addrspacecast ptr addrspace(1) %a.p to ptr
  %rfp = call ptr @llvm.amdgcn.readfirstlane.p0(ptr %fp)
  %lf = load i32, ptr %rfp
  %gid1 = add i32 %gid, 1
  %gid2 = add i32 %gid, 2
  %p1 = getelementptr i32, ptr addrspace(1) %A, i32 %gid1
  %p2 = getelementptr i32, ptr addrspace(1) %A, i32 %gid2
  %vp0 = insertelement <3 x ptr addrspace(1)> poison, ptr addrspace(1) %p2, i32 0
  %vp1 = insertelement <3 x ptr addrspace(1)> %vp0, ptr addrspace(1) %a.p, i32 1
  %vp = insertelement <3 x ptr addrspace(1)> %vp1, ptr addrspace(1) %p1, i32 2
  %rvp = call <3 x ptr addrspace(1)> @llvm.amdgcn.readfirstlane.v3p1(<3 x ptr addrspace(1)> %vp)
  %e0 = extractelement <3 x ptr addrspace(1)> %rvp, i32 0
  %e1 = extractelement <3 x ptr addrspace(1)> %rvp, i32 1
  %e2 = extractelement <3 x ptr addrspace(1)> %rvp, i32 2
  %l0 = load i32, ptr addrspace(1) %e0
  %l1 = load i32, ptr addrspace(1) %e1
  %l2 = load i32, ptr addrspace(1) %e2
  %df = uitofp i32 %a to double
  %dm = fmul double %df, 2.5
  %rd = call double @llvm.amdgcn.readfirstlane.f64(double %dm)
  %rdi = bitcast double %rd to i64
  %rdlo = trunc i64 %rdi to i32
  %rds = lshr i64 %rdi, 32
  %rdhi = trunc i64 %rds to i32
  %m7 = mul i32 %gid, 7
  %w0 = insertelement <2 x i32> poison, i32 %m7, i32 0
  %w = insertelement <2 x i32> %w0, i32 %a, i32 1
  %rw = call <2 x i32> @llvm.amdgcn.readfirstlane.v2i32(<2 x i32> %w)
  %rw0 = extractelement <2 x i32> %rw, i32 0
  %rw1 = extractelement <2 x i32> %rw, i32 1
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 0, i32 %r32)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 1, i32 %r64lo)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 2, i32 %r64hi)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 3, i32 %lp)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 4, i32 %lf)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 5, i32 %l0)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 6, i32 %l1)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 7, i32 %l2)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 8, i32 %rdlo)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 9, i32 %rdhi)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 10, i32 %rw0)
  call void @st(ptr addrspace(1) %out, i32 %gidx, i32 11, i32 %rw1)
  br label %done
done:
  ret void
}

define internal void @st(ptr addrspace(1) %out, i32 %base, i32 %k, i32 %v) alwaysinline {
  %i = add i32 %base, %k
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i64 @llvm.amdgcn.readfirstlane.i64(i64)
declare double @llvm.amdgcn.readfirstlane.f64(double)
declare <2 x i32> @llvm.amdgcn.readfirstlane.v2i32(<2 x i32>)
declare ptr addrspace(1) @llvm.amdgcn.readfirstlane.p1(ptr addrspace(1))
declare ptr @llvm.amdgcn.readfirstlane.p0(ptr)
declare <3 x ptr addrspace(1)> @llvm.amdgcn.readfirstlane.v3p1(<3 x ptr addrspace(1)>)
'''


def main():
    import struct
    rng = Rng(2611)
    n = WG * NG
    A = [rng.of('uint') % 1000000 for _ in range(n + 2)]
    out = [0] * (n * NO)
    for gid in range(n):
        if gid % 4 != 3:
            continue
        f = gid - gid % WG + 3  # the work-group's (one wave's) first active lane
        v64 = ((f * 4294967297) ^ 81985529216486895) & 0xffffffffffffffff
        d = struct.unpack('<Q', struct.pack('<d', A[f] * 2.5))[0]
        out[gid * NO:gid * NO + NO] = [A[f], v64 & 0xffffffff, v64 >> 32, A[f], A[f], A[f + 2], A[f], A[f + 1],
                                       d & 0xffffffff, d >> 32, 7 * f, A[f]]
    te = Test('readfirstlane of i32, i64, p1, p0, v3p1, f64, v2i32 in a branch (first active lane 3)',
              kernel_name='k_rfl', global_size='%d 0 0' % n, local_size='%d 0 0' % WG)
    te.inp(0, 'uint', n * NO, [0] * (n * NO)).out(0, 'uint', n * NO, out).inp(1, 'uint', n + 2, A)
    lines = ['[config]', 'name: readfirstlane of wide and vector types', 'dimensions: 1', ''] + te.text().split('\n')
    write_ll('f_readfirstlane_types.ll', lines, IR.lstrip('\n'))


if __name__ == '__main__':
    main()
