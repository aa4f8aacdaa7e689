; # LDS atomics on doubles: fmin and fmax (ds_min_f64 / ds_max_f64 and
; # their _rtn forms on every GFX9 processor) and fadd (ds_add_f64 /
; # ds_add_rtn_f64 on gfx90a and gfx942; a compare-and-swap loop
; # elsewhere), contended on four counters and per lane with the old value
; # returned. wavecc-run emulated the DS f64 forms as 4-byte operations
; # (isa_sem_gen.c sized only VMEM f64 atomics at 8 bytes: ds_min_rtn_f64
; # compared the low dwords as floats) and had no ds_add_f64 at all
; # (llc-19's f_atomics_expand.ll at gfx90a/gfx942: "unknown instruction");
; # fails with --compiler=llc on main (issue 26, wc12).
; # Expected (host arithmetic, all values exact in binary): out[4t + 0..2]
; # = t (the old values of lane t's own slots), out[4t + 3] = min(t, 31.5)
; # + max(t, 31.5) + t + 0.5 (their final values); cnt[3k + 0..2] =
; # min, max of t * 0.5 - 10 and 1 + the sum of t / 4 over the lanes t
; # with t & 3 == k.
; [config]
; name: LDS f64 atomics
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: ds_min/max/add f64, contended and per lane with results
; kernel_name: k
; arg_in: 0 buffer double[256] repeat 0
; arg_out: 0 buffer double[256] \
;   0.0 0.0 0.0 32.0 1.0 1.0 1.0 34.0 \
;   2.0 2.0 2.0 36.0 3.0 3.0 3.0 38.0 \
;   4.0 4.0 4.0 40.0 5.0 5.0 5.0 42.0 \
;   6.0 6.0 6.0 44.0 7.0 7.0 7.0 46.0 \
;   8.0 8.0 8.0 48.0 9.0 9.0 9.0 50.0 \
;   10.0 10.0 10.0 52.0 11.0 11.0 11.0 54.0 \
;   12.0 12.0 12.0 56.0 13.0 13.0 13.0 58.0 \
;   14.0 14.0 14.0 60.0 15.0 15.0 15.0 62.0 \
;   16.0 16.0 16.0 64.0 17.0 17.0 17.0 66.0 \
;   18.0 18.0 18.0 68.0 19.0 19.0 19.0 70.0 \
;   20.0 20.0 20.0 72.0 21.0 21.0 21.0 74.0 \
;   22.0 22.0 22.0 76.0 23.0 23.0 23.0 78.0 \
;   24.0 24.0 24.0 80.0 25.0 25.0 25.0 82.0 \
;   26.0 26.0 26.0 84.0 27.0 27.0 27.0 86.0 \
;   28.0 28.0 28.0 88.0 29.0 29.0 29.0 90.0 \
;   30.0 30.0 30.0 92.0 31.0 31.0 31.0 94.0 \
;   32.0 32.0 32.0 96.0 33.0 33.0 33.0 98.0 \
;   34.0 34.0 34.0 100.0 35.0 35.0 35.0 102.0 \
;   36.0 36.0 36.0 104.0 37.0 37.0 37.0 106.0 \
;   38.0 38.0 38.0 108.0 39.0 39.0 39.0 110.0 \
;   40.0 40.0 40.0 112.0 41.0 41.0 41.0 114.0 \
;   42.0 42.0 42.0 116.0 43.0 43.0 43.0 118.0 \
;   44.0 44.0 44.0 120.0 45.0 45.0 45.0 122.0 \
;   46.0 46.0 46.0 124.0 47.0 47.0 47.0 126.0 \
;   48.0 48.0 48.0 128.0 49.0 49.0 49.0 130.0 \
;   50.0 50.0 50.0 132.0 51.0 51.0 51.0 134.0 \
;   52.0 52.0 52.0 136.0 53.0 53.0 53.0 138.0 \
;   54.0 54.0 54.0 140.0 55.0 55.0 55.0 142.0 \
;   56.0 56.0 56.0 144.0 57.0 57.0 57.0 146.0 \
;   58.0 58.0 58.0 148.0 59.0 59.0 59.0 150.0 \
;   60.0 60.0 60.0 152.0 61.0 61.0 61.0 154.0 \
;   62.0 62.0 62.0 156.0 63.0 63.0 63.0 158.0
; arg_in: 1 buffer double[12] repeat 0
; arg_out: 1 buffer double[12] \
;   -10.0 20.0 121.0 -9.5 20.5 125.0 -9.0 21.0 \
;   129.0 -8.5 21.5 133.0

target triple = "amdgcn-amd-amdhsa"

@cmin = internal addrspace(3) global [4 x double] poison, align 8
@cmax = internal addrspace(3) global [4 x double] poison, align 8
@cadd = internal addrspace(3) global [4 x double] poison, align 8
@p1 = internal addrspace(3) global [64 x double] poison, align 8
@p2 = internal addrspace(3) global [64 x double] poison, align 8
@p3 = internal addrspace(3) global [64 x double] poison, align 8

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %cnt) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %k = and i32 %t, 3
  %td = uitofp i32 %t to double
  %pmin = getelementptr [4 x double], ptr addrspace(3) @cmin, i32 0, i32 %k
  %pmax = getelementptr [4 x double], ptr addrspace(3) @cmax, i32 0, i32 %k
  %padd = getelementptr [4 x double], ptr addrspace(3) @cadd, i32 0, i32 %k
  %q1 = getelementptr [64 x double], ptr addrspace(3) @p1, i32 0, i32 %t
  %q2 = getelementptr [64 x double], ptr addrspace(3) @p2, i32 0, i32 %t
  %q3 = getelementptr [64 x double], ptr addrspace(3) @p3, i32 0, i32 %t
  store double %td, ptr addrspace(3) %q1, align 8
  store double %td, ptr addrspace(3) %q2, align 8
  store double %td, ptr addrspace(3) %q3, align 8
  %first = icmp ult i32 %t, 4
  br i1 %first, label %init, label %go
init:
  store double 1.000000e+02, ptr addrspace(3) %pmin, align 8
  store double -1.000000e+02, ptr addrspace(3) %pmax, align 8
  store double 1.000000e+00, ptr addrspace(3) %padd, align 8
  br label %go
go:
  call void @llvm.amdgcn.s.barrier()
  %h = fmul double %td, 5.000000e-01
  %v = fsub double %h, 1.000000e+01
  %q = fmul double %td, 2.500000e-01
  %a0 = atomicrmw fmin ptr addrspace(3) %pmin, double %v monotonic, align 8
  %a1 = atomicrmw fmax ptr addrspace(3) %pmax, double %v monotonic, align 8
  %a2 = atomicrmw fadd ptr addrspace(3) %padd, double %q monotonic, align 8
  %o1 = atomicrmw fmin ptr addrspace(3) %q1, double 3.150000e+01 monotonic, align 8
  %o2 = atomicrmw fmax ptr addrspace(3) %q2, double 3.150000e+01 monotonic, align 8
  %o3 = atomicrmw fadd ptr addrspace(3) %q3, double 5.000000e-01 monotonic, align 8
  call void @llvm.amdgcn.s.barrier()
  %f1 = load double, ptr addrspace(3) %q1, align 8
  %f2 = load double, ptr addrspace(3) %q2, align 8
  %f3 = load double, ptr addrspace(3) %q3, align 8
  %s1 = fadd double %f1, %f2
  %s2 = fadd double %s1, %f3
  %i4 = shl i32 %t, 2
  %po = getelementptr double, ptr addrspace(1) %out, i32 %i4
  store double %o1, ptr addrspace(1) %po, align 8
  %po1 = getelementptr double, ptr addrspace(1) %po, i32 1
  store double %o2, ptr addrspace(1) %po1, align 8
  %po2 = getelementptr double, ptr addrspace(1) %po, i32 2
  store double %o3, ptr addrspace(1) %po2, align 8
  %po3 = getelementptr double, ptr addrspace(1) %po, i32 3
  store double %s2, ptr addrspace(1) %po3, align 8
  br i1 %first, label %wr, label %done
wr:
  %r0 = load double, ptr addrspace(3) %pmin, align 8
  %r1 = load double, ptr addrspace(3) %pmax, align 8
  %r2 = load double, ptr addrspace(3) %padd, align 8
  %i3 = mul i32 %t, 3
  %pc = getelementptr double, ptr addrspace(1) %cnt, i32 %i3
  store double %r0, ptr addrspace(1) %pc, align 8
  %pc1 = getelementptr double, ptr addrspace(1) %pc, i32 1
  store double %r1, ptr addrspace(1) %pc1, align 8
  %pc2 = getelementptr double, ptr addrspace(1) %pc, i32 2
  store double %r2, ptr addrspace(1) %pc2, align 8
  br label %done
done:
  ret void
}
