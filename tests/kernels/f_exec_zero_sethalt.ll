; # llvm.amdgcn.s.sethalt(1) in a block no lane reaches, inside a divergent
; # region that is not a tree of ifs (f_exec_zero_effects.ll has the same
; # shape with s_sendmsghalt and s_setreg): the wave must not halt. wavecc's
; # structured lowering ran the block under an empty EXEC (walk_local) and
; # halted; llc-19 runs s_sethalt under an empty EXEC too (its
; # hasUnwantedEffectsWhenEXECEmpty does not list S_SETHALT), so this file
; # is in KNOWN-FAILURES.llc*. Expected values (host reference by hand):
; # out = 2x + 1.
; [config]
; name: exec_zero_sethalt
; dimensions: 1
; global_size: 128 0 0
; local_size: 64 0 0
;
; [test]
; name: sethalt_unreached
; kernel_name: k_sethalt
; arg_in: 0 buffer uint[128] repeat 5 9 1 7
; arg_out: 1 buffer uint[128] repeat 11 19 3 15
; arg_in: 2 uint 100
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_sethalt(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %limit) {
entry:
  %g = call i32 @gid()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %small = icmp ult i32 %x, 6
  br i1 %small, label %A, label %B
A:
  %a2 = icmp ugt i32 %x, %limit
  br i1 %a2, label %C, label %J
B:
  %b2 = icmp eq i32 %x, %limit
  br i1 %b2, label %C, label %J
C:
  call void @llvm.amdgcn.s.sethalt(i32 1)
  br label %J
J:
  %d = shl i32 %x, 1
  %r = or i32 %d, 1
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

define internal i32 @gid() alwaysinline {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %g = add i32 %base, %t
  ret i32 %g
}

declare void @llvm.amdgcn.s.sethalt(i32 immarg)
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
