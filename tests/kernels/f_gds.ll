; [config]
; name: GDS (region memory) atomics and ds.append/ds.consume on GDS (issue 26)
; device_regex: gfx900
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; # one wave on a fresh GDS (amdgpu-gds-size 256; counters at byte %base
; # and up): 64 lanes add 1 (64), umax their ids (63), append twice to a
; # counter (0 then 64, every lane the old value), compare-and-swap 0 -> 7
; # (one lane wins: 7), consume once (7 - 64 wraps: read back as -57)
; name: gds
; kernel_name: k_gds
; arg_in: 0 buffer int[384] repeat 0
; arg_out: 0 buffer int[384] repeat 64 63 0 64 7 -57
; arg_in: 1 uint 16

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_gds(ptr addrspace(1) %out, i32 %base) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %g = inttoptr i32 %base to ptr addrspace(2)
  %g1 = getelementptr i32, ptr addrspace(2) %g, i32 1
  %g2 = getelementptr i32, ptr addrspace(2) %g, i32 2
  %g3 = getelementptr i32, ptr addrspace(2) %g, i32 3
  %x = atomicrmw add ptr addrspace(2) %g, i32 1 seq_cst
  %y = atomicrmw umax ptr addrspace(2) %g1, i32 %tid seq_cst
  %a0 = call i32 @llvm.amdgcn.ds.append.p2(ptr addrspace(2) %g2, i1 false)
  %a1 = call i32 @llvm.amdgcn.ds.append.p2(ptr addrspace(2) %g2, i1 false)
  %c = cmpxchg ptr addrspace(2) %g3, i32 0, i32 7 seq_cst seq_cst
  %r0 = atomicrmw add ptr addrspace(2) %g, i32 0 seq_cst
  %r1 = atomicrmw add ptr addrspace(2) %g1, i32 0 seq_cst
  %r3 = atomicrmw add ptr addrspace(2) %g3, i32 0 seq_cst
  %k = call i32 @llvm.amdgcn.ds.consume.p2(ptr addrspace(2) %g3, i1 false)
  %r4 = atomicrmw add ptr addrspace(2) %g3, i32 0 seq_cst
  %i = mul i32 %tid, 6
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r0, ptr addrspace(1) %p
  %p1 = getelementptr i32, ptr addrspace(1) %p, i32 1
  store i32 %r1, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p, i32 2
  store i32 %a0, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p, i32 3
  store i32 %a1, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %p, i32 4
  store i32 %r3, ptr addrspace(1) %p4
  %p5 = getelementptr i32, ptr addrspace(1) %p, i32 5
  store i32 %r4, ptr addrspace(1) %p5
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ds.append.p2(ptr addrspace(2), i1)
declare i32 @llvm.amdgcn.ds.consume.p2(ptr addrspace(2), i1)

attributes #0 = { "amdgpu-gds-size"="256" }
