"""Writes tests/kernels/f_loop_dispatch_values.ll: a uniform loop counter
(and a loaded value) read after a loop with two exits to different
blocks, from the exit that leaves in the body: isel_struct_loop.c runs
the second exit's block after the loop under the lanes that took it (a
dispatch target), and routed those lanes logically through the landing
block every exit reaches, where %i.next (defined in the body) does not
dominate its use: Debug "verify[isel]: definition of %34 (BB3) does not
dominate this use" (issue 22). Release happened to keep the value.
Written in IR so that the two exit targets stay apart."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, wrap, write_ll  # noqa: E402

HEAD = """define amdgpu_kernel void @%s(ptr addrspace(1) %%out, ptr addrspace(1) %%a, i32 %%n) {
entry:
  %%tid = call i32 @llvm.amdgcn.workitem.id.x()
  %%lim = %s
  br label %%hdr
hdr:
  %%i = phi i32 [ 0, %%entry ], [ %%i.next, %%body ]
  %%stop = icmp sge i32 %%i, %%lim
  br i1 %%stop, label %%exA, label %%body
body:
  %%idx = add i32 %%tid, %%i
  %%p = getelementptr inbounds i32, ptr addrspace(1) %%a, i32 %%idx
  %%v = load i32, ptr addrspace(1) %%p, align 4
  %%hit = icmp eq i32 %%v, 0
  %%i.next = add i32 %%i, 1
  br i1 %%hit, label %%exB, label %%hdr
"""

# exB reads %i.next (and %v) directly, or through LCSSA phis
TAIL_DIRECT = """exA:
  %sa = mul i32 %i, 3
  br label %done
exB:
  %sb0 = mul i32 %i.next, 5
  %sb = add i32 %sb0, %v
  br label %done
done:
  %r = phi i32 [ %sa, %exA ], [ %sb, %exB ]
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %g, align 4
  ret void
}
"""

TAIL_PHI = """exA:
  %ia = phi i32 [ %i, %hdr ]
  %sa = mul i32 %ia, 3
  %ga = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %sa, ptr addrspace(1) %ga, align 4
  ret void
exB:
  %ib = phi i32 [ %i.next, %body ]
  %vb = phi i32 [ %v, %body ]
  %sb0 = mul i32 %ib, 5
  %sb = add i32 %sb0, %vb
  %gb = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %sb, ptr addrspace(1) %gb, align 4
  ret void
}
"""

KERNELS = [
    # name, limit expression, tail, limit per lane
    ('k_direct', 'add i32 %n, 0', TAIL_DIRECT, lambda tid, n: n),
    ('k_phi', 'add i32 %n, 0', TAIL_PHI, lambda tid, n: n),
    ('k_both', 'and i32 %tid, 7', TAIL_DIRECT, lambda tid, n: tid & 7),
]


def ref(a, n, lanes, lim):
    out = []
    for tid in range(lanes):
        i = 0
        while True:
            if i >= lim(tid, n):
                out.append(wrap(i * 3, 'int'))
                break
            v = a[tid + i]
            if v == 0:
                out.append(wrap((i + 1) * 5 + v, 'int'))
                break
            i += 1
    return out


def main():
    rng = Rng(2202)
    lines = ['[config]', 'name: a loop counter read after a loop with two exit targets', 'dimensions: 1', '']
    for lanes, n in ((64, 9), (40, 5), (128, 12)):
        a = [0 if rng.range(0, 5) == 0 else rng.range(1, 50) for _ in range(lanes + n + 8)]
        for name, _, _, lim in KERNELS:
            lines += ['[test]', 'name: %s %d lanes n%d' % (name, lanes, n), 'kernel_name: %s' % name,
                      'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes,
                      'arg_in: 0 buffer int[%d] ' % lanes + ' '.join(['0'] * lanes),
                      'arg_out: 0 buffer int[%d] ' % lanes + ' '.join(map(str, ref(a, n, lanes, lim))),
                      'arg_in: 1 buffer int[%d] ' % len(a) + ' '.join(map(str, a)),
                      'arg_in: 2 int %d' % n, '']
    ir = ''.join((HEAD % (name, limx)) + tail + '\n' for name, limx, tail, _ in KERNELS)
    write_ll('f_loop_dispatch_values.ll', lines, ir + 'declare i32 @llvm.amdgcn.workitem.id.x()\n')


if __name__ == '__main__':
    main()
