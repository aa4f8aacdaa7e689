"""Writes tests/kernels/f_branch_shared_blocks.ll: divergent regions that
are not nested ifs, which isel_struct.c lowers block by block (walk_local):
in @k_chain a block is entered from two branches whose other edges leave
for the common join (early exits), and the store address is computed
before the region (an SGPR base + VGPR offset there, used in the region);
in @k_tree a decision tree whose leaves share blocks, with phis in a
shared block and at the join (an i32 and an i1). Written in IR so that the
shapes stay as they are."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

IR = """define amdgpu_kernel void @k_chain(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %id
  %x = load i32, ptr addrspace(1) %pi, align 4
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %id
  %c0 = icmp ult i32 %x, 10
  br i1 %c0, label %exit, label %b1
b1:
  %c1 = icmp ult i32 %x, 20
  br i1 %c1, label %b2, label %b3
b2:
  store i32 1, ptr addrspace(1) %p, align 4
  %c2 = icmp ult i32 %x, 15
  br i1 %c2, label %exit, label %b3
b3:
  %old = load i32, ptr addrspace(1) %p, align 4
  %nv = add i32 %old, %x
  store i32 %nv, ptr addrspace(1) %p, align 4
  br label %exit
exit:
  ret void
}

define amdgpu_kernel void @k_tree(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %id
  %x = load i32, ptr addrspace(1) %pi, align 4
  %lo = icmp slt i32 %x, 50
  br i1 %lo, label %n1, label %n2
n1:
  %a = icmp slt i32 %x, 20
  br i1 %a, label %leaf_a, label %shared
n2:
  %b = icmp slt i32 %x, 80
  br i1 %b, label %shared, label %leaf_b
leaf_a:
  %va = mul i32 %x, 3
  br label %join
leaf_b:
  %vb = sub i32 %x, 7
  br label %join
shared:
  %s = phi i32 [ 100, %n1 ], [ 200, %n2 ]
  %vs = add i32 %s, %x
  %odd = trunc i32 %x to i1
  br label %join
join:
  %v = phi i32 [ %va, %leaf_a ], [ %vb, %leaf_b ], [ %vs, %shared ]
  %f = phi i1 [ true, %leaf_a ], [ false, %leaf_b ], [ %odd, %shared ]
  %fz = zext i1 %f to i32
  %r = add i32 %v, %fz
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
"""


def ref_chain(xs, init):
    out = list(init)
    for i, x in enumerate(xs):
        if x < 10:
            continue
        if x < 20:
            out[i] = 1
            if x < 15:
                continue
        out[i] = (out[i] + x + 2 ** 31) % 2 ** 32 - 2 ** 31
    return out


def ref_tree(xs):
    out = []
    for x in xs:
        if x < 50:
            if x < 20:
                v, f = x * 3, 1
            else:
                v, f = 100 + x, x & 1
        elif x < 80:
            v, f = 200 + x, x & 1
        else:
            v, f = x - 7, 0
        out.append(v + f)
    return out


def main():
    rng = Rng(7401)
    lines = ['[config]', 'name: divergent regions whose blocks are shared (not nested ifs)', 'dimensions: 1', '']
    for lanes in (64, 128, 40):
        xs = [rng.range(0, 100) for _ in range(lanes)]
        init = [rng.range(-1000, 1000) for _ in range(lanes)]
        lines += ['[test]', 'name: chain %d lanes' % lanes, 'kernel_name: k_chain',
                  'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes,
                  'arg_in: 0 buffer int[%d] ' % lanes + ' '.join(map(str, init)),
                  'arg_out: 0 buffer int[%d] ' % lanes + ' '.join(map(str, ref_chain(xs, init))),
                  'arg_in: 1 buffer int[%d] ' % lanes + ' '.join(map(str, xs)), '']
        lines += ['[test]', 'name: tree %d lanes' % lanes, 'kernel_name: k_tree',
                  'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes,
                  'arg_in: 0 buffer int[%d] ' % lanes + ' '.join(['0'] * lanes),
                  'arg_out: 0 buffer int[%d] ' % lanes + ' '.join(map(str, ref_tree(xs))),
                  'arg_in: 1 buffer int[%d] ' % lanes + ' '.join(map(str, xs)), '']
    write_ll('f_branch_shared_blocks.ll', lines, IR)


if __name__ == '__main__':
    main()
