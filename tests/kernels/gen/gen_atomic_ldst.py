#!/usr/bin/env python3
"""Generates tests/kernels/f_atomic_load_store.ll (issue 26): atomic loads
and stores (unordered, monotonic, acquire, release, seq_cst; agent,
workgroup, wavefront, singlethread and system scopes) of i8, i16, i32, i64,
float and pointers on global, LDS and generic memory. Two waves: each lane
stores its own words, the group meets at a barrier, then each lane loads
words the other wave stored.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test  # noqa: E402
from gen_fatptr import lane_stores, write_ll  # noqa: E402

N = 128
M32 = 0xffffffff

IR = '''
@lds = internal addrspace(3) global [128 x i32] poison, align 4

define amdgpu_kernel void @k_ldst(ptr addrspace(1) %out, ptr addrspace(1) %g, ptr addrspace(1) %w,
                                  ptr addrspace(1) %b, i32 %k) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %t
  %t3 = mul i32 %t, 3
  %x = add i32 %t3, %k
  store atomic i32 %x, ptr addrspace(1) %gp syncscope("agent") release, align 4
  %lp = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %t
  %y = xor i32 %t, %k
  store atomic i32 %y, ptr addrspace(3) %lp syncscope("workgroup") monotonic, align 4
  %wp = getelementptr i64, ptr addrspace(1) %w, i32 %t
  %wz = zext i32 %x to i64
  %wv = shl i64 %wz, 20
  %fw = addrspacecast ptr addrspace(1) %wp to ptr
  store atomic i64 %wv, ptr %fw seq_cst, align 8
  %bp = getelementptr i8, ptr addrspace(1) %b, i32 %t
  %bt = trunc i32 %y to i8
  store atomic i8 %bt, ptr addrspace(1) %bp syncscope("wavefront") unordered, align 1
  call void @llvm.amdgcn.s.barrier()
  %o = add i32 %t, 64
  %u = and i32 %o, 127
  %gq = getelementptr i32, ptr addrspace(1) %g, i32 %u
  %v0 = load atomic i32, ptr addrspace(1) %gq syncscope("agent") acquire, align 4
  %r = sub i32 127, %t
  %lq = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %r
  %v1 = load atomic i32, ptr addrspace(3) %lq syncscope("workgroup") acquire, align 4
  %wq = getelementptr i64, ptr addrspace(1) %w, i32 %u
  %fq = addrspacecast ptr addrspace(1) %wq to ptr
  %l2 = load atomic i64, ptr %fq seq_cst, align 8
  %h2 = lshr i64 %l2, 20
  %v2 = trunc i64 %h2 to i32
  %bq = getelementptr i8, ptr addrspace(1) %b, i32 %r
  %l3 = load atomic i8, ptr addrspace(1) %bq syncscope("singlethread") monotonic, align 1
  %v3 = zext i8 %l3 to i32
  %hq = getelementptr i16, ptr addrspace(1) %b, i32 %u
  %l4 = load atomic i16, ptr addrspace(1) %hq unordered, align 2
  %v4 = zext i16 %l4 to i32
  %fq2 = getelementptr float, ptr addrspace(1) %g, i32 %u
  %l5 = load atomic float, ptr addrspace(1) %fq2 monotonic, align 4
  %v5 = bitcast float %l5 to i32
  %pq = getelementptr ptr addrspace(1), ptr addrspace(1) %w, i32 %u
  %l6 = load atomic ptr addrspace(1), ptr addrspace(1) %pq acquire, align 8
  %p6 = ptrtoint ptr addrspace(1) %l6 to i64
  %v6 = trunc i64 %p6 to i32
'''




def main():
    rng = Rng(4826)
    tests = []
    for k in [5, rng.bits(32)]:
        g = [(t * 3 + k) & M32 for t in range(N)]
        w = [(x << 20) & ((1 << 64) - 1) for x in g]
        b = [(t ^ k) & 0xff for t in range(N)]
        # the i16 load reads bytes 2u and 2u + 1 of b (256 bytes, the upper half 0)
        te = Test('atomic loads and stores, k %d' % k, kernel_name='k_ldst')
        n2 = N * 2  # b holds 256 bytes: 2u + 1 < 256 for every u
        bb = b + [0] * (n2 - N)
        out = []
        for t in range(N):
            u, r = (t + 64) % 128, 127 - t
            out += [g[u], (r ^ k) & M32, (w[u] >> 20) & M32, bb[r], bb[2 * u] | bb[2 * u + 1] << 8, g[u], w[u] & M32]
        te.inp(0, 'uint', 7 * N, [0] * 7 * N).out(0, 'uint', 7 * N, out)
        te.inp(1, 'uint', N, [0] * N).out(1, 'uint', N, g)
        te.inp(2, 'ulong', N, [0] * N).out(2, 'ulong', N, w)
        te.inp(3, 'uchar', n2, [0] * n2).out(3, 'uchar', n2, bb)
        te.val(4, 'uint', k)
        tests.append(te)
    lines = ['[config]', 'name: atomic loads and stores (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N]
    ir = IR + lane_stores(7, '%o7') + '\ndeclare i32 @llvm.amdgcn.workitem.id.x()\ndeclare void @llvm.amdgcn.s.barrier()\n'
    write_ll('f_atomic_load_store.ll', 'gen_atomic_ldst.py', lines, tests, ir)


if __name__ == '__main__':
    main()
