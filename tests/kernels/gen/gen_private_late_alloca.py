"""Writes tests/kernels/f_private_atomic_late_alloca.ll: atomicrmw add,
uinc_wrap and cmpxchg on private memory (wavecc: a load, the operation and
a store; llvm/expand_atomics.c), the cmpxchg through a lane-dependent
index, from an alloca in the entry block (@k_entry) and from one in a
block after a loop (@k_late).

llc-19 gets @k_late wrong (KNOWN-FAILURES.llc*): an alloca outside the
entry block is a dynamic stack allocation, and llc-19 returns the bumped
stack pointer (s4 + 0x400, the end of the object; LLVM PR 119822 changed
that after 19) as the object's address, then splits it two ways: the
stores through constant indices put s4 in MUBUF's soffset and 1024 + 4k in
the instruction offset, the cmpxchg's load and store through the lane's
index put s4 + 1024 + 4 * (t & 3) in the VGPR offset. soffset is added
after the swizzle (per lane: element, wave size, lane; Vega ISA 8.1, buffer addressing,
src/emu/exec_mem.c) and the VGPR offset before it, so with s4 = 0x400 the
two reach different scratch bytes: the cmpxchg reads what was never
stored there (33 of 384 values wrong at gfx900 and gfx1030). The
emulator's addressing is the ISA's; wavecc places the alloca in its frame.
Lane gid (t = gid % 64) writes pa = {t, gid, t, 5}, then add 100 to pa[0],
uinc_wrap pa[1] by t, cmpxchg pa[t & 3] from t to 77."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import write_ll  # noqa: E402

BODY = """
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g64 = mul i32 %g, 64
  %gid = add i32 %g64, %t
  %t4 = and i32 %t, 3
  %pp0 = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 0
  %pp1 = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 1
  %pp2 = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 2
  %pp3 = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 3
  %ppt = getelementptr [4 x i32], ptr addrspace(5) %pa, i32 0, i32 %t4
  store i32 %t, ptr addrspace(5) %pp0, align 4
  store i32 %gid, ptr addrspace(5) %pp1, align 4
  store i32 %t, ptr addrspace(5) %pp2, align 4
  store i32 5, ptr addrspace(5) %pp3, align 4
  %pr0 = atomicrmw add ptr addrspace(5) %pp0, i32 100 seq_cst, align 4
  %pr1 = atomicrmw uinc_wrap ptr addrspace(5) %pp1, i32 %t monotonic, align 4
  %pcx = cmpxchg ptr addrspace(5) %ppt, i32 %t, i32 77 seq_cst seq_cst, align 4
  %pcxo = extractvalue { i32, i1 } %pcx, 0
  %pcxk = extractvalue { i32, i1 } %pcx, 1
  %pk = zext i1 %pcxk to i32
  %pv0 = load i32, ptr addrspace(5) %pp0, align 4
  %pv1 = load i32, ptr addrspace(5) %pp1, align 4
  %pvt = load i32, ptr addrspace(5) %ppt, align 4
  %p0 = add i32 %pr0, %pv0
  %p1 = mul i32 %pr1, 1000
  %p2 = add i32 %p1, %pv1
  %p3 = mul i32 %pk, 1000
  %p4 = add i32 %p3, %pvt
  %p5 = xor i32 %p4, %pcxo
  %o = mul i32 %gid, 3
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %p0, ptr addrspace(1) %q0, align 4
  %o1 = add i32 %o, 1
  %q1 = getelementptr i32, ptr addrspace(1) %out, i32 %o1
  store i32 %p2, ptr addrspace(1) %q1, align 4
  %o2 = add i32 %o, 2
  %q2 = getelementptr i32, ptr addrspace(1) %out, i32 %o2
  store i32 %p5, ptr addrspace(1) %q2, align 4
  ret void
}
"""

IR = ("define amdgpu_kernel void @k_entry(ptr addrspace(1) %out) {\n"
      "  %pa = alloca [4 x i32], align 4, addrspace(5)\n" + BODY + """
define amdgpu_kernel void @k_late(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %late
late:
  %pa = alloca [4 x i32], align 4, addrspace(5)
""" + BODY + """
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
""")

N = 128


def ref():
    out = []
    for gid in range(N):
        t = gid % 64
        pa = [t, gid, t, 5]
        pr0 = pa[0]
        pa[0] += 100
        pr1 = pa[1]
        pa[1] = 0 if pa[1] >= t else pa[1] + 1
        old = pa[t & 3]
        ok = old == t
        if ok:
            pa[t & 3] = 77
        out += [pr0 + pa[0], (pr1 * 1000 + pa[1]) % 2 ** 32, ((1000 if ok else 0) + pa[t & 3]) ^ old]
    return [v - 2 ** 32 if v >= 2 ** 31 else v for v in out]


def main():
    lines = ['[config]', 'name: private atomics from an alloca in and outside the entry block', 'dimensions: 1', '']
    for k, extra in (('k_entry', []), ('k_late', ['arg_in: 1 buffer int[4] 1 2 3 4', 'arg_in: 2 int 4'])):
        lines += ['[test]', 'name: ' + k[2:], 'kernel_name: ' + k, 'global_size: %d 0 0' % N, 'local_size: 64 0 0',
                  'arg_in: 0 buffer int[%d] ' % (3 * N) + ' '.join(['0'] * (3 * N)),
                  'arg_out: 0 buffer int[%d] ' % (3 * N) + ' '.join(map(str, ref()))] + extra + ['']
    write_ll('f_private_atomic_late_alloca.ll', lines, IR)


if __name__ == '__main__':
    main()
