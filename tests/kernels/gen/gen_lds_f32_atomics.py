"""Writes tests/kernels/f_lds_f32_atomics.ll: LDS atomicrmw fmin, fmax and
fadd on floats, which wavecc selects as ds_min_rtn_f32 / ds_max_rtn_f32 /
ds_add_rtn_f32 (and the forms without a result when it is unused) as llc-19
does, where it used to make compare-and-swap loops
(llvm/expand_atomics.c, wir_float_atomic_native). Contended on four
counters (lanes t with t & 3 == k, results unused) and per lane on its own
slot with the old value returned; then fmin/fmax/fadd of doubles per lane
through the same path (ds_min/max_rtn_f64; fadd: ds_add_rtn_f64 on gfx90a
and gfx942, a loop elsewhere). Every value is exact in binary, so the sums
do not depend on the order of the lanes; no NaN reaches memory (LangRef's
minnum and the hardware's compare differ there).
Expected (host arithmetic): out[4t + 0..2] = t - 7.5 (the old values of
lane t's slots), out[4t + 3] = min(t - 7.5, 20.25) + max(t - 7.5, 20.25) +
(t - 7.5 + 0.75) (their final values); cnt[3k + 0..2] = min and max of
t * 0.5 - 10 and 1 + the sum of t / 4 over the lanes t with t & 3 == k;
dbl[2t + 0..1] = the old value t * 2 of lane t's double slot and its final
value min(max(t * 2, 40), 100) + 0.5 after fmax 40, fmin 100, fadd 0.5."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import write_ll  # noqa: E402

IR = r"""@cmin = internal addrspace(3) global [4 x float] poison, align 4
@cmax = internal addrspace(3) global [4 x float] poison, align 4
@cadd = internal addrspace(3) global [4 x float] poison, align 4
@p1 = internal addrspace(3) global [64 x float] poison, align 4
@p2 = internal addrspace(3) global [64 x float] poison, align 4
@p3 = internal addrspace(3) global [64 x float] poison, align 4
@pd = internal addrspace(3) global [64 x double] poison, align 8

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %cnt, ptr addrspace(1) %dbl) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %k = and i32 %t, 3
  %tf = uitofp i32 %t to float
  %tv = fsub float %tf, 7.500000e+00
  %pmin = getelementptr [4 x float], ptr addrspace(3) @cmin, i32 0, i32 %k
  %pmax = getelementptr [4 x float], ptr addrspace(3) @cmax, i32 0, i32 %k
  %padd = getelementptr [4 x float], ptr addrspace(3) @cadd, i32 0, i32 %k
  %q1 = getelementptr [64 x float], ptr addrspace(3) @p1, i32 0, i32 %t
  %q2 = getelementptr [64 x float], ptr addrspace(3) @p2, i32 0, i32 %t
  %q3 = getelementptr [64 x float], ptr addrspace(3) @p3, i32 0, i32 %t
  %qd = getelementptr [64 x double], ptr addrspace(3) @pd, i32 0, i32 %t
  store float %tv, ptr addrspace(3) %q1, align 4
  store float %tv, ptr addrspace(3) %q2, align 4
  store float %tv, ptr addrspace(3) %q3, align 4
  %td = uitofp i32 %t to double
  %td2 = fmul double %td, 2.000000e+00
  store double %td2, ptr addrspace(3) %qd, align 8
  %first = icmp ult i32 %t, 4
  br i1 %first, label %init, label %go
init:
  store float 1.000000e+02, ptr addrspace(3) %pmin, align 4
  store float -1.000000e+02, ptr addrspace(3) %pmax, align 4
  store float 1.000000e+00, ptr addrspace(3) %padd, align 4
  br label %go
go:
  call void @llvm.amdgcn.s.barrier()
  %h = fmul float %tf, 5.000000e-01
  %v = fsub float %h, 1.000000e+01
  %q = fmul float %tf, 2.500000e-01
  %a0 = atomicrmw fmin ptr addrspace(3) %pmin, float %v monotonic, align 4
  %a1 = atomicrmw fmax ptr addrspace(3) %pmax, float %v syncscope("workgroup") monotonic, align 4
  %a2 = atomicrmw fadd ptr addrspace(3) %padd, float %q seq_cst, align 4
  %o1 = atomicrmw fmin ptr addrspace(3) %q1, float 2.025000e+01 monotonic, align 4
  %o2 = atomicrmw fmax ptr addrspace(3) %q2, float 2.025000e+01 monotonic, align 4
  %o3 = atomicrmw fadd ptr addrspace(3) %q3, float 7.500000e-01 monotonic, align 4
  %d0 = atomicrmw fmax ptr addrspace(3) %qd, double 4.000000e+01 monotonic, align 8
  %d1 = atomicrmw fmin ptr addrspace(3) %qd, double 1.000000e+02 monotonic, align 8
  %d2 = atomicrmw fadd ptr addrspace(3) %qd, double 5.000000e-01 monotonic, align 8
  call void @llvm.amdgcn.s.barrier()
  %f1 = load float, ptr addrspace(3) %q1, align 4
  %f2 = load float, ptr addrspace(3) %q2, align 4
  %f3 = load float, ptr addrspace(3) %q3, align 4
  %fd = load double, ptr addrspace(3) %qd, align 8
  %s1 = fadd float %f1, %f2
  %s2 = fadd float %s1, %f3
  %i4 = shl i32 %t, 2
  %po = getelementptr float, ptr addrspace(1) %out, i32 %i4
  store float %o1, ptr addrspace(1) %po, align 4
  %po1 = getelementptr float, ptr addrspace(1) %po, i32 1
  store float %o2, ptr addrspace(1) %po1, align 4
  %po2 = getelementptr float, ptr addrspace(1) %po, i32 2
  store float %o3, ptr addrspace(1) %po2, align 4
  %po3 = getelementptr float, ptr addrspace(1) %po, i32 3
  store float %s2, ptr addrspace(1) %po3, align 4
  %i2 = shl i32 %t, 1
  %pdo = getelementptr double, ptr addrspace(1) %dbl, i32 %i2
  store double %d0, ptr addrspace(1) %pdo, align 8
  %pdo1 = getelementptr double, ptr addrspace(1) %pdo, i32 1
  store double %fd, ptr addrspace(1) %pdo1, align 8
  br i1 %first, label %wr, label %done
wr:
  %r0 = load float, ptr addrspace(3) %pmin, align 4
  %r1 = load float, ptr addrspace(3) %pmax, align 4
  %r2 = load float, ptr addrspace(3) %padd, align 4
  %i3 = mul i32 %t, 3
  %pc = getelementptr float, ptr addrspace(1) %cnt, i32 %i3
  store float %r0, ptr addrspace(1) %pc, align 4
  %pc1 = getelementptr float, ptr addrspace(1) %pc, i32 1
  store float %r1, ptr addrspace(1) %pc1, align 4
  %pc2 = getelementptr float, ptr addrspace(1) %pc, i32 2
  store float %r2, ptr addrspace(1) %pc2, align 4
  br label %done
done:
  ret void
}
"""


def fmt(x):
    return repr(float(x))


def main():
    out, dbl = [], []
    for t in range(64):
        v = t - 7.5
        out += [v, v, v, min(v, 20.25) + max(v, 20.25) + (v + 0.75)]
        dbl += [t * 2.0, min(max(t * 2.0, 40.0), 100.0) + 0.5]
    cnt = []
    for k in range(4):
        vs = [t * 0.5 - 10 for t in range(64) if t & 3 == k]
        cnt += [min(vs + [100.0]), max(vs + [-100.0]), 1 + sum(t / 4 for t in range(64) if t & 3 == k)]
    lines = ['[config]', 'name: LDS f32 atomics', 'dimensions: 1', 'global_size: 64 0 0', 'local_size: 64 0 0', '',
             '[test]', 'name: ds_min/max/add f32, contended and per lane with results; f64 per lane',
             'kernel_name: k', 'arg_in: 0 buffer float[256] repeat 0',
             'arg_out: 0 buffer float[256] ' + ' '.join(map(fmt, out)),
             'arg_in: 1 buffer float[12] repeat 0', 'arg_out: 1 buffer float[12] ' + ' '.join(map(fmt, cnt)),
             'arg_in: 2 buffer double[128] repeat 0', 'arg_out: 2 buffer double[128] ' + ' '.join(map(fmt, dbl))]
    write_ll('f_lds_f32_atomics.ll', lines, IR)


if __name__ == '__main__':
    main()
