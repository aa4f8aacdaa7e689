#!/usr/bin/env python3
"""Generates tests/kernels/f_segment_ptrs.ll (issue 26): private
(`ptr addrspace(5)`) and region (`ptr addrspace(2)`) pointers as kernel
arguments, dereferenced private pointers derived from an argument (p + the
alloca's address, with p = 0: the load must see what the alloca holds,
in a kernel whose only private object is that alloca), null and non-null
compares, `addrspacecast` from generic to LDS and private (the low dword;
the generic null becomes -1), and `inttoptr` constants to addrspace(3)
(a store to LDS byte 8 read back through the kernel's only LDS array,
which starts at 0) and addrspace(5). A private or region pointer argument
is given by value in the test (`arg_in: 1 uint 0`): wavecc-run passes the
offset (src/runner/exec_emu.c).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test  # noqa: E402
from gen_fatptr import lane_stores, write_ll  # noqa: E402

N = 64
M32 = 0xffffffff

PRIV_IR = '''
define amdgpu_kernel void @k_priv(ptr addrspace(1) %out, ptr addrspace(5) %p, ptr addrspace(2) %r, i32 %k) {
  %a = alloca [16 x i32], align 4, addrspace(5)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  br label %fill
fill:
  %i = phi i32 [ 0, %0 ], [ %i1, %fill ]
  %e = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  %x = mul i32 %i, %k
  %y = add i32 %x, %t
  store volatile i32 %y, ptr addrspace(5) %e
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 16
  br i1 %c, label %fill, label %read
read:
  %ai = ptrtoint ptr addrspace(5) %a to i32
  %q = getelementptr i8, ptr addrspace(5) %p, i32 %ai
  %j = and i32 %t, 15
  %qj = getelementptr i32, ptr addrspace(5) %q, i32 %j
  %v0 = load volatile i32, ptr addrspace(5) %qj
  %v1 = ptrtoint ptr addrspace(5) %p to i32
  %pn = icmp eq ptr addrspace(5) %p, null
  %v2 = zext i1 %pn to i32
  %v3 = ptrtoint ptr addrspace(2) %r to i32
  %odd = and i32 %t, 1
  %co = icmp eq i32 %odd, 0
  %s = select i1 %co, ptr addrspace(5) inttoptr (i32 20 to ptr addrspace(5)), ptr addrspace(5) %p
  %v4 = ptrtoint ptr addrspace(5) %s to i32
'''

CAST_IR = '''
@lds = internal addrspace(3) global [16 x i32] poison, align 4

define amdgpu_kernel void @k_cast(ptr addrspace(1) %out, ptr %g, i32 %k) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %l = addrspacecast ptr %g to ptr addrspace(3)
  %pv = addrspacecast ptr %g to ptr addrspace(5)
  %gi = ptrtoint ptr %g to i64
  %gl = trunc i64 %gi to i32
  %li = ptrtoint ptr addrspace(3) %l to i32
  %pi = ptrtoint ptr addrspace(5) %pv to i32
  %gn = icmp eq ptr %g, null
  %want = select i1 %gn, i32 -1, i32 %gl
  %c0 = icmp eq i32 %li, %want
  %c1 = icmp eq i32 %pi, %want
  %v0 = zext i1 %c0 to i32
  %v1 = zext i1 %c1 to i32
  %z = icmp eq i32 %t, 0
  br i1 %z, label %w, label %j
w:
  store i32 %k, ptr addrspace(3) inttoptr (i32 8 to ptr addrspace(3))
  br label %j
j:
  call void @llvm.amdgcn.s.barrier()
  %e = getelementptr [16 x i32], ptr addrspace(3) @lds, i32 0, i32 2
  %v2 = load i32, ptr addrspace(3) %e
'''




def main():
    rng = Rng(26)
    tests = []
    for r, k in [(0, 3), (0x1234, rng.bits(16))]:
        out = []
        for t in range(N):
            j = t & 15
            out += [(j * k + t) & M32, 0, 1, r, 20 if t % 2 == 0 else 0]
        tests.append(Test('private pointer argument 0, region %d, k %d' % (r, k), kernel_name='k_priv')
                     .inp(0, 'uint', 5 * N, [0] * 5 * N).out(0, 'uint', 5 * N, out)
                     .val(1, 'uint', 0).val(2, 'uint', r).val(3, 'uint', k))
    for name, g in [('generic null', 'NULL'), ('generic buffer', 'buf')]:
        k = rng.bits(32)
        te = Test('addrspacecast to LDS and private (%s), inttoptr LDS store' % name, kernel_name='k_cast')
        te.inp(0, 'uint', 3 * N, [0] * 3 * N).out(0, 'uint', 3 * N, [1, 1, k] * N)
        if g == 'NULL':
            te.args.append('arg_in: 1 buffer uint[4] NULL')
        else:
            te.inp(1, 'uint', 4, [0, 0, 0, 0])
        te.val(2, 'uint', k)
        tests.append(te)
    lines = ['[config]', 'name: private and region pointer arguments, segment casts (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N]
    ir = PRIV_IR + lane_stores(5) + CAST_IR + lane_stores(3) + '''
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
'''
    write_ll('f_segment_ptrs.ll', 'gen_segment_ptrs.py', lines, tests, ir)


if __name__ == '__main__':
    main()
