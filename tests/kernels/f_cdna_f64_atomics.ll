; CDNA 2/3 f64 global atomics (issue 25): atomicrmw fadd/fmin/fmax on
; double with "amdgpu-unsafe-fp-atomics" (llc-19 selects
; global_atomic_add/min/max_f64, and so does wavecc: isel_atomic.c).
; Host reference: the inputs are multiples of 0.25, so the sum is exact in
; any order.
;
; [config]
; name: cdna f64 atomics
; device_regex: gfx90a|gfx942
; dimensions: 1
;
; [test]
; name: f64 atomics add min max
; kernel_name: k_f64atomic
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer double[64] -7.25 -6.75 -6.25 -5.75 -5.25 -4.75 -4.25 -3.75 -3.25 -2.75 -2.25 -1.75 -1.25 -0.75 -0.25 0.25 0.75 1.25 1.75 2.25 2.75 3.25 3.75 4.25 4.75 5.25 5.75 6.25 6.75 7.25 7.75 8.25 8.75 9.25 9.75 10.25 10.75 11.25 11.75 12.25 12.75 13.25 13.75 14.25 14.75 15.25 15.75 16.25 16.75 17.25 17.75 18.25 18.75 19.25 19.75 20.25 20.75 21.25 21.75 22.25 22.75 23.25 23.75 24.25
; arg_in: 1 buffer double[3] 0 1e300 -1e300
; arg_out: 1 buffer double[3] 544.0 -7.25 24.25
;

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_f64atomic(ptr addrspace(1) %in, ptr addrspace(1) %acc) "amdgpu-unsafe-fp-atomics"="true" {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr double, ptr addrspace(1) %in, i32 %id
  %x = load double, ptr addrspace(1) %p
  %r0 = atomicrmw fadd ptr addrspace(1) %acc, double %x syncscope("agent") monotonic, align 8
  %p1 = getelementptr double, ptr addrspace(1) %acc, i32 1
  %r1 = atomicrmw fmin ptr addrspace(1) %p1, double %x syncscope("agent") monotonic, align 8
  %p2 = getelementptr double, ptr addrspace(1) %acc, i32 2
  %r2 = atomicrmw fmax ptr addrspace(1) %p2, double %x syncscope("agent") monotonic, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
