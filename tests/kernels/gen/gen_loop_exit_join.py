"""Writes tests/kernels/f_loop_exit_join.ll: loops with a uniform exit in
the header and a divergent exit in the body, whose exits meet in one
block (wrong code found with llc-19's LCSSA + loop-exit-copies before
selection, tests/kernels/f_loop_nested_exits.cl k_skip2 at wave32).

@k_exit_const: the join's phi of constants says which exit a lane took.
Divergence analysis (src/llvm/divergence.c) did not follow the lanes that
stay in the loop through the header to the loop's other exit, so the phi
was uniform: an SGPR written in the per-exit EXEC regions (every lane saw
the last region's constant; at wave32 the SGPR also shared a register with
a saved EXEC).
@k_exit_copy: the same with the counter carried out through freeze copies
on each exiting edge and LCSSA phis (llvm/loop_exit_copies.cpp's shape).
@k_bool_escape: an i1 defined in the loop read after it; llc-19's
early-cse in wavecc's pre-selection passes (llvm/llc_passes.c) folded
loop-escaping-booleans' `icmp ne (zext i1 %more), 0` back to %more and
LSR's LCSSA carried the lane mask out through i1 phis: lanes that left
early read the bit a later iteration wrote for them (0).
Lane l searches a[] for t = l % 61. Written in IR: clang rotates such a
loop so that the uniform exit is at the latch, where the join was seen."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

IR = """
define amdgpu_kernel void @k_exit_const(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = urem i32 %tid, 61
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %end = icmp eq i32 %i, %n
  br i1 %end, label %exit, label %body
body:
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %s.next = add i32 %s, %v
  %hit = icmp eq i32 %v, %t
  br i1 %hit, label %exit, label %latch
latch:
  %i.next = add i32 %i, 1
  br label %loop
exit:
  %w = phi i32 [ 1000, %loop ], [ 2000, %body ]
  %sum = phi i32 [ %s, %loop ], [ %s.next, %body ]
  %r = add i32 %w, %sum
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %g, align 4
  ret void
}

define amdgpu_kernel void @k_exit_copy(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = urem i32 %tid, 61
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %end = icmp eq i32 %i, %n
  %i.x1 = freeze i32 %i
  br i1 %end, label %x.end, label %body
body:
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %hit = icmp eq i32 %v, %t
  %i.x2 = freeze i32 %i
  br i1 %hit, label %x.hit, label %latch
latch:
  %i.next = add i32 %i, 1
  br label %loop
x.end:
  %i.l1 = phi i32 [ %i.x1, %loop ]
  br label %join
x.hit:
  %i.l2 = phi i32 [ %i.x2, %body ]
  br label %join
join:
  %w = phi i32 [ 1000, %x.end ], [ 2000, %x.hit ]
  %k = phi i32 [ %i.l1, %x.end ], [ %i.l2, %x.hit ]
  %r = add i32 %w, %k
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %g, align 4
  ret void
}

define amdgpu_kernel void @k_bool_escape(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = urem i32 %tid, 61
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit
body:
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %hit = icmp eq i32 %v, %t
  br i1 %hit, label %exit, label %latch
latch:
  %i.next = add i32 %i, 1
  br label %loop
exit:
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  br i1 %more, label %found, label %missing
found:
  %w = mul i32 %tid, 3
  store i32 %w, ptr addrspace(1) %g, align 4
  ret void
missing:
  store i32 -5, ptr addrspace(1) %g, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
"""


def wrap32(x):
    return (x + 2 ** 31) % 2 ** 32 - 2 ** 31


def ref(kernel, a, n, lanes):
    out = []
    for tid in range(lanes):
        t, s, hit = tid % 61, 0, None
        for i in range(n):
            s = wrap32(s + a[i])
            if a[i] == t:
                hit = i
                break
        if kernel == 'k_exit_const':
            out.append(wrap32((1000 if hit is None else 2000) + s))
        elif kernel == 'k_exit_copy':
            out.append(1000 + n if hit is None else 2000 + hit)
        else:
            out.append(-5 if hit is None else 3 * tid)
    return out


def main():
    rng = Rng(2811)
    lines = ['[config]', 'name: a uniform and a divergent loop exit meeting in one block', 'dimensions: 1', '']
    for lanes, n in ((64, 40), (128, 70), (32, 20), (256, 9)):
        a = [rng.range(0, 90) for _ in range(n)]
        for k in ('k_exit_const', 'k_exit_copy', 'k_bool_escape'):
            lines += ['[test]', 'name: %s %d lanes n%d' % (k[2:], lanes, n), 'kernel_name: ' + k,
                      'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes,
                      'arg_in: 0 buffer int[%d] ' % lanes + ' '.join(['0'] * lanes),
                      'arg_out: 0 buffer int[%d] ' % lanes + ' '.join(map(str, ref(k, a, n, lanes))),
                      'arg_in: 1 buffer int[%d] ' % n + ' '.join(map(str, a)),
                      'arg_in: 2 int %d' % n, '']
    write_ll('f_loop_exit_join.ll', lines, IR.lstrip('\n'))


if __name__ == '__main__':
    main()
