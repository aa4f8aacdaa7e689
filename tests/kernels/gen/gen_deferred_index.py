#!/usr/bin/env python3
"""f_deferred_index.ll: GEP indices and buffer voffsets x + k whose x isel
defers to its user (src/isel/isel_values.c, select_on_demand).

index_split (src/isel/isel_gep.c) takes x out of an index x + k and puts
k in the access's offset field; when x is itself folded into that add
(an i64 mul of two values below 2^32 into one v_mad_u64_u32, an i32 add or
or into v_add3_u32 / v_or3_b32), x had no value and wavecc refused the
kernel ("not selected before its use"); -O0 IR (f_odd_width_int.ll at -O0)
and hand-written IR have this shape. The same x + k is also used in both
arms of a uniform branch, so x is selected at each use, in its own block.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

IR = r'''define amdgpu_kernel void @k_defer(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %b, i32 %c) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %gid = add i32 %base, %tid
  %g = zext i32 %gid to i64
  %n = mul i64 %g, 3
  %n1 = add i64 %n, 2
  %s = add i32 %gid, %b
  %t = add nsw i32 %s, 5
  %i = sext i32 %t to i64
  %sh = shl i32 %gid, 2
  %o = or i32 %sh, %b
  %o2 = or disjoint i32 %o, 3
  %i2 = zext i32 %o2 to i64
  %cc = icmp eq i32 %c, 0
  br i1 %cc, label %a, label %e
a:
  %pa = getelementptr i32, ptr addrspace(1) %in, i64 %n1
  %va = load i32, ptr addrspace(1) %pa, align 4
  %pi = getelementptr i32, ptr addrspace(1) %in, i64 %i
  %vi = load i32, ptr addrspace(1) %pi, align 4
  %ra = add i32 %va, %vi
  br label %j
e:
  %pe = getelementptr i32, ptr addrspace(1) %in, i64 %n1
  %ve = load i32, ptr addrspace(1) %pe, align 4
  %po2 = getelementptr i32, ptr addrspace(1) %in, i64 %i2
  %vo = load i32, ptr addrspace(1) %po2, align 4
  %re = add i32 %ve, %vo
  br label %j
j:
  %r = phi i32 [ %ra, %a ], [ %re, %e ]
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %g
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}

; a buffer voffset x + 16, the add (nuw) folded into the offset field, x
; an add that add(x, 16) would fold into v_add3_u32
define amdgpu_kernel void @k_buf(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %b) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %gid = add i32 %base, %tid
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %in, i16 0, i32 %NBYTES%, i32 159744)
  %x4 = shl i32 %gid, 2
  %s = add i32 %x4, %b
  %vo = add nuw i32 %s, 16
  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 %vo, i32 0, i32 0)
  %g = zext i32 %gid to i64
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %g
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}

declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
'''

N = 128
B = 8  # low two bits clear: (gid << 2 | B) | 3 is disjoint


def main():
    rng = Rng(6061)
    A = [rng.u64() & 0xffffffff for _ in range(4 * N)]
    lines = ['[config]', 'name: GEP index x + k with x folded into the add (selected at its use)',
             'kernel_name: k_defer', 'dimensions: 1', '']
    for c in (0, 1):
        out = []
        for g in range(N):
            other = A[g + B + 5] if c == 0 else A[(g << 2 | B) | 3]
            out.append((A[3 * g + 2] + other) & 0xffffffff)
        lines += ['[test]', 'name: %s arm' % ('first' if c == 0 else 'second'), 'global_size: %d 0 0' % N,
                  'local_size: 64 0 0',
                  'arg_in: 0 buffer uint[%d] %s' % (len(A), ' '.join(map(str, A))),
                  'arg_in: 1 buffer uint[%d] repeat 0' % N,
                  'arg_out: 1 buffer uint[%d] %s' % (N, ' '.join(map(str, out))),
                  'arg_in: 2 uint %d' % B, 'arg_in: 3 uint %d' % c, '']
    lines += ['[test]', 'name: buffer voffset', 'kernel_name: k_buf', 'global_size: %d 0 0' % N,
              'local_size: 64 0 0',
              'arg_in: 0 buffer uint[%d] %s' % (len(A), ' '.join(map(str, A))),
              'arg_in: 1 buffer uint[%d] repeat 0' % N,
              'arg_out: 1 buffer uint[%d] %s' % (N, ' '.join(str(A[g + (B + 16) // 4]) for g in range(N))),
              'arg_in: 2 uint %d' % B, '']
    write_ll('f_deferred_index.ll', lines, IR.replace('%NBYTES%', str(4 * len(A))))


if __name__ == '__main__':
    main()
