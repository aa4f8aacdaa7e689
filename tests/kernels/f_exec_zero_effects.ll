; # Wave-level effects EXEC does not mask in a block no lane reaches,
; # inside a divergent region that is not a tree of ifs (A and B both
; # branch to C and to J). The structured lowering ran such regions block
; # after block under possibly empty EXEC masks (isel_struct.c,
; # walk_local), so k_halt's wave halted at s_sendmsghalt although no lane
; # reached it (s_sethalt likewise: f_exec_zero_sethalt.ll); llc-19 skips
; # the block (hasUnwantedEffectsWhenEXECEmpty). Such regions now go to
; # masked linearisation, which skips the block. k_setreg (s_setreg of
; # MODE's rounding fields) was refused before (the MODE pass saw the write
; # on the wave's path but not on its lanes'); it now compiles the same way.
; # Expected values (host reference by hand): no lane reaches C (inputs
; # 5 9 1 7 are below 6 or not 100), out = 2x + 1, and 1.0f + 1.5 * 2^-24
; # rounds to nearest even, 0x3f800001, not toward zero (0x3f800000).
; [config]
; name: exec_zero_effects
; dimensions: 1
; global_size: 128 0 0
; local_size: 64 0 0
;
; [test]
; name: sendmsghalt_unreached
; kernel_name: k_halt
; arg_in: 0 buffer uint[128] repeat 5 9 1 7
; arg_out: 1 buffer uint[128] repeat 11 19 3 15
; arg_in: 2 uint 100
;
; [test]
; name: setreg_round_unreached
; kernel_name: k_setreg
; arg_in: 0 buffer uint[128] repeat 5 9 1 7
; arg_out: 1 buffer uint[128] repeat 0x3f800001
; arg_in: 2 uint 100
; arg_in: 3 buffer float[128] repeat 8.940696716308594e-08
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_halt(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %limit) {
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
  call void @llvm.amdgcn.s.sendmsghalt(i32 1, i32 0)
  br label %J
J:
  %d = shl i32 %x, 1
  %r = or i32 %d, 1
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; MODE's rounding fields (hwreg(HW_REG_MODE, 0, 4)) set to round toward zero
define amdgpu_kernel void @k_setreg(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %limit, ptr addrspace(1) %fin) {
entry:
  %g = call i32 @gid()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %pf = getelementptr float, ptr addrspace(1) %fin, i32 %g
  %f = load float, ptr addrspace(1) %pf
  %small = icmp ult i32 %x, 6
  br i1 %small, label %A, label %B
A:
  %a2 = icmp ugt i32 %x, %limit
  br i1 %a2, label %C, label %J
B:
  %b2 = icmp eq i32 %x, %limit
  br i1 %b2, label %C, label %J
C:
  call void @llvm.amdgcn.s.setreg(i32 6145, i32 15)
  br label %J
J:
  %s = fadd float %f, 1.0
  %r = bitcast float %s to i32
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

declare void @llvm.amdgcn.s.sendmsghalt(i32 immarg, i32)
declare void @llvm.amdgcn.s.setreg(i32 immarg, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
