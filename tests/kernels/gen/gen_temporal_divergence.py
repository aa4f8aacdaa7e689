#!/usr/bin/env python3
"""Writes tests/kernels/f_loop_exit_temporal.ll: a value computed from a
uniform loop counter inside a loop whose exit is divergent, read after the
loop. Each lane must see the counter of its own last iteration, not the
wave's (temporal divergence). Found by tests/fuzz/clsmith.py, seed 647, and
reduced with llvm-reduce-19; llc-19 gets it wrong (it folds the scalar
counter into the use after the loop, so every lane reads the last lane's
count: the class of LLVM pull request 203256, fixed after LLVM 19).

In the IR, lane l runs n = in[l & 255] & 3 iterations; v.w stays 0 (0
divided by anything), so the value leaving the loop is n - 1 (0 when the
loop does not run), and every lane subtracts (x & 0xffffff)^2 from acc[6]."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

IR = """define amdgpu_kernel void @k(ptr addrspace(1) noundef readonly align 4 %in, ptr addrspace(1) noundef align 4 %acc) {
entry:
  %tid = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %tid64 = zext nneg i32 %tid to i64
  %i0 = and i64 %tid64, 255
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i0
  %a = load i32, ptr addrspace(1) %p0, align 4
  %i1 = and i32 %a, 255
  %i1w = zext nneg i32 %i1 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i1w
  %b = load i32, ptr addrspace(1) %p1, align 4
  %v0 = insertelement <4 x i32> <i32 0, i32 0, i32 poison, i32 poison>, i32 %b, i64 2
  %v1 = insertelement <4 x i32> %v0, i32 0, i64 3
  %n = and i32 %a, 3
  %none = icmp eq i32 %n, 0
  br i1 %none, label %exit, label %loop

loop:
  %m = phi i32 [ %m.next, %loop ], [ 0, %entry ]
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  %v = phi <4 x i32> [ %q, %loop ], [ %v1, %entry ]
  %d0 = or <4 x i32> %v, <i32 1, i32 1, i32 poison, i32 1>
  %d = shufflevector <4 x i32> %d0, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 3, i32 1>
  %q = udiv <4 x i32> %v, %d
  %m6 = mul i32 %m, 6
  %unused = add i32 %m6, 279
  %w = extractelement <4 x i32> %q, i64 3
  %m.next = sub i32 %i, %w
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %x = phi i32 [ 0, %entry ], [ %m.next, %loop ]
  %pa = getelementptr inbounds i8, ptr addrspace(1) %acc, i64 24
  %x24 = and i32 %x, 16777215
  %sq = mul i32 %x24, %x24
  %old = atomicrmw sub ptr addrspace(1) %pa, i32 %sq seq_cst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
"""



def reference(inp, acc, lanes):
    acc = list(acc)
    for lane in range(lanes):
        n = inp[lane & 255] & 3
        x = n - 1 if n else 0
        acc[6] = (acc[6] - (x & 0xffffff) ** 2) & 0xffffffff
    return acc


def main():
    rng = Rng(647)
    lines = ['[config]', 'name: value of a uniform loop counter leaving a divergent loop (temporal divergence)',
             'kernel_name: k', 'dimensions: 1', '']
    for name, lanes in (('one wave', 64), ('three waves', 192), ('partial wave', 40)):
        inp = [rng.bits(32) for _ in range(256)]
        acc = [rng.bits(32) for _ in range(8)]
        lines += ['[test]', 'name: ' + name, 'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes,
                  'arg_in: 0 buffer uint[256] ' + ' '.join(map(str, inp)),
                  'arg_in: 1 buffer uint[8] ' + ' '.join(map(str, acc)),
                  'arg_out: 1 buffer uint[8] ' + ' '.join(map(str, reference(inp, acc, lanes))), '']
    write_ll('f_loop_exit_temporal.ll', lines, IR)


if __name__ == '__main__':
    main()
