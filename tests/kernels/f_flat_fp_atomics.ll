; Float atomicrmw fadd / fmin / fmax of f32 on flat (generic) pointers,
; which llc-19 selects as flat_atomic_add_f32 at gfx942, flat_atomic_fmin /
; fmax at gfx1030 and flat_atomic_add/min/max_f32 at gfx1100 (with
; "amdgpu-unsafe-fp-atomics" or !amdgpu.no.fine.grained.memory; gfx900 and
; gfx90a: compare-and-swap loops, as wavecc everywhere). The emulator did
; not decode those (tests/llvm-coverage known-differences.gfx942.txt:
; fp-atomics-gfx940.ll flat_atomic_fadd_f32_noret_pat hidden from the
; differential). k_many: 64 work-items on one word each, every sum, min
; and max exact whatever the order; k_one: one work-item, the returned old
; values. Expected values by hand.
; [config]
; name: flat f32 atomics
; dimensions: 1
;
; [test]
; name: 64 lanes: sum of 1..64, min and max of -20..43
; kernel_name: k_many
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer float[3] 2080 -20 43
;
; [test]
; name: one lane: the old values returned
; kernel_name: k_one
; global_size: 1 0 0
; local_size: 1 0 0
; arg_in: 0 buffer float[3] 1.5 1 1
; arg_out: 0 buffer float[3] 3.5 -2 5
; arg_out: 1 buffer float[3] 1.5 1 1

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_many(ptr %p) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %v = uitofp i32 %t1 to float
  %w = fsub float %v, 21.0
  %a = atomicrmw fadd ptr %p, float %v syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  %p1 = getelementptr float, ptr %p, i64 1
  %b = atomicrmw fmin ptr %p1, float %w syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  %p2 = getelementptr float, ptr %p, i64 2
  %c = atomicrmw fmax ptr %p2, float %w syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  ret void
}

define amdgpu_kernel void @k_one(ptr %p, ptr addrspace(1) %r) #0 {
  %a = atomicrmw fadd ptr %p, float 2.0 syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  %p1 = getelementptr float, ptr %p, i64 1
  %b = atomicrmw fmin ptr %p1, float -2.0 syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  %p2 = getelementptr float, ptr %p, i64 2
  %c = atomicrmw fmax ptr %p2, float 5.0 syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  store float %a, ptr addrspace(1) %r
  %r1 = getelementptr float, ptr addrspace(1) %r, i64 1
  store float %b, ptr addrspace(1) %r1
  %r2 = getelementptr float, ptr addrspace(1) %r, i64 2
  store float %c, ptr addrspace(1) %r2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "amdgpu-unsafe-fp-atomics"="true" }
!0 = !{}
