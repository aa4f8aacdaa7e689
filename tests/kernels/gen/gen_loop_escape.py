"""Writes tests/kernels/f_loop_escape.ll: divergent exits that leave two
loops at once (isel_struct.c's escaping dispatch targets). In @k_join the
inner loop's exit and the outer loop's own exit meet in one block whose
phis take a value from each (the inner exit's lanes leave the outer loop
through a block of their own for the phi copies); in @k_three the exit
leaves three loops for a block of its own, and the lanes that finish
every loop store something else. Lane l searches a[] for its own value
t = l % 61 (k_join) or t = l % 53 (k_three); written in IR so that LLVM's
passes keep the two- and three-level exits (a .cl goto is turned into a
flag test)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

IR = """define amdgpu_kernel void @k_join(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = urem i32 %tid, 61
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %s = phi i32 [ 0, %entry ], [ %s.inner, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner.latch ]
  %s.j = phi i32 [ %s, %outer ], [ %s.next, %inner.latch ]
  %ij = mul i32 %i, %n
  %idx = add i32 %ij, %j
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %s.next = add i32 %s.j, %v
  %hit = icmp eq i32 %v, %t
  br i1 %hit, label %exit, label %inner.latch
inner.latch:
  %j.next = add i32 %j, 1
  %jc = icmp ult i32 %j.next, %n
  br i1 %jc, label %inner, label %outer.latch
outer.latch:
  %s.inner = phi i32 [ %s.next, %inner.latch ]
  %i.next = add i32 %i, 1
  %ic = icmp ult i32 %i.next, %n
  br i1 %ic, label %outer, label %exit
exit:
  %r = phi i32 [ %idx, %inner ], [ -1, %outer.latch ]
  %sum = phi i32 [ %s.next, %inner ], [ %s.inner, %outer.latch ]
  %o = shl i32 %tid, 1
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %o
  store i32 %r, ptr addrspace(1) %g, align 4
  %o1 = or disjoint i32 %o, 1
  %g1 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %o1
  store i32 %sum, ptr addrspace(1) %g1, align 4
  ret void
}

define amdgpu_kernel void @k_three(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = urem i32 %tid, 53
  br label %l1
l1:
  %i = phi i32 [ 0, %entry ], [ %i.next, %l1.latch ]
  br label %l2
l2:
  %j = phi i32 [ 0, %l1 ], [ %j.next, %l2.latch ]
  br label %l3
l3:
  %k = phi i32 [ 0, %l2 ], [ %k.next, %l3.latch ]
  %ij = mul i32 %i, %n
  %ijk0 = add i32 %ij, %j
  %ijk1 = mul i32 %ijk0, %n
  %idx = add i32 %ijk1, %k
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %hit = icmp eq i32 %v, %t
  br i1 %hit, label %found, label %l3.latch
l3.latch:
  %k.next = add i32 %k, 1
  %kc = icmp ult i32 %k.next, %n
  br i1 %kc, label %l3, label %l2.latch
l2.latch:
  %j.next = add i32 %j, 1
  %jc = icmp ult i32 %j.next, %n
  br i1 %jc, label %l2, label %l1.latch
l1.latch:
  %i.next = add i32 %i, 1
  %ic = icmp ult i32 %i.next, %n
  br i1 %ic, label %l1, label %missing
found:
  %f = phi i32 [ %idx, %l3 ]
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %f, ptr addrspace(1) %g, align 4
  br label %done
missing:
  %g2 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 -7, ptr addrspace(1) %g2, align 4
  br label %done
done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
"""


def wrap32(x):
    return (x + 2 ** 31) % 2 ** 32 - 2 ** 31


def ref_join(a, n, lanes):
    out = []
    for tid in range(lanes):
        t, s, r = tid % 61, 0, None
        for i in range(n):
            for j in range(n):
                v = a[i * n + j]
                s = wrap32(s + v)
                if v == t:
                    r = i * n + j
                    break
            if r is not None:
                break
        out += [-1 if r is None else r, s]
    return out


def ref_three(a, n, lanes):
    out = []
    for tid in range(lanes):
        t, r = tid % 53, -7
        for idx in range(n * n * n):
            if a[idx] == t:
                r = idx
                break
        out.append(r)
    return out


def main():
    rng = Rng(7301)
    lines = ['[config]', 'name: divergent exits leaving two and three loops at once', 'dimensions: 1', '']
    for lanes, n in ((64, 6), (128, 9), (40, 4)):
        a = [rng.range(0, 90) for _ in range(n * n * n)]
        lines += ['[test]', 'name: join %d lanes n%d' % (lanes, n), 'kernel_name: k_join',
                  'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes,
                  'arg_in: 0 buffer int[%d] ' % (2 * lanes) + ' '.join(['0'] * (2 * lanes)),
                  'arg_out: 0 buffer int[%d] ' % (2 * lanes) + ' '.join(map(str, ref_join(a, n, lanes))),
                  'arg_in: 1 buffer int[%d] ' % len(a) + ' '.join(map(str, a)),
                  'arg_in: 2 int %d' % n, '']
        lines += ['[test]', 'name: three %d lanes n%d' % (lanes, n), 'kernel_name: k_three',
                  'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes,
                  'arg_in: 0 buffer int[%d] ' % lanes + ' '.join(['0'] * lanes),
                  'arg_out: 0 buffer int[%d] ' % lanes + ' '.join(map(str, ref_three(a, n, lanes))),
                  'arg_in: 1 buffer int[%d] ' % len(a) + ' '.join(map(str, a)),
                  'arg_in: 2 int %d' % n, '']
    write_ll('f_loop_escape.ll', lines, IR)


if __name__ == '__main__':
    main()
