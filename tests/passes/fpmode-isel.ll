; Floating-point mode from LLVM IR to the MODE pass: llvm.fptrunc.round
; carries its direction as a fixed f16/f64 rounding field (mode(r1664:1));
; in a loop the MODE pass writes it once in the preheader (hwreg(MODE, 2, 2)
; = imm:2177), not per iteration, and the f32 division of a kernel that
; flushes f32 denormals (descriptor FLOAT_DENORM_MODE_32 0) runs its
; refinement with denormals on (d32:3, hwreg(MODE, 4, 2) = imm:2305).
; Unsupported rounding arguments are errors.
; RUN: split-file %s %t.dir
; RUN: %wavecc -O0 -S %t.dir/loop.ll --print-after=mode -o /dev/null 2>&1 | FileCheck --check-prefix=LOOP %s
; LOOP: BB0: succs: BB1
; (the converted value varies per iteration: licm must not move it)
; LOOP: s_setreg_imm32_b32 1 imm:2177
; LOOP-NEXT: p_branch BB1
; LOOP-NOT: s_setreg
; LOOP: v_cvt_f16_f32 {{.*}} mode(r1664:1)
; LOOP-NOT: s_setreg
; LOOP: s_endpgm
; RUN: %wavecc -O0 -S %t.dir/div.ll -o - | FileCheck --check-prefix=DIV %s
; DIV: v_rcp_f32
; DIV-NEXT: s_setreg_imm32_b32 hwreg(1, 4, 2), 0x3
; DIV: s_setreg_imm32_b32 hwreg(1, 4, 2), 0x0
; DIV-NEXT: v_div_fmas_f32
; DIV: .amdhsa_float_denorm_mode_32 0
; DIV: .amdhsa_float_denorm_mode_16_64 3
; RUN: %not %wavecc -O0 %t.dir/bad.ll -o %t.o 2>&1 | FileCheck --check-prefix=BAD %s
; BAD: bad.ll: k: error: unsupported instruction: call void @llvm.set.rounding(i32 7)
; MODE is per wave: llvm.set.rounding where only some lanes run it is
; refused (here under a divergent if), under a uniform if it is fine, and
; the join needs no write: MODE equals the environment on both paths.
; RUN: %not %wavecc -O0 %t.dir/divergent.ll -o %t.o 2>&1 | FileCheck --check-prefix=DIVG %s
; DIVG: divergent.ll: k: error: unsupported llvm.set.rounding under divergent control flow (MODE is per wave): call void @llvm.set.rounding(i32 2)
; RUN: %wavecc -O0 -S %t.dir/uniform.ll -o - | FileCheck --check-prefix=UNI %s
; UNI: s_cbranch_scc
; UNI: s_setreg_imm32_b32 hwreg(1, 0, 4), 0x5
; UNI-NOT: s_setreg
; UNI: s_endpgm

;--- loop.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p, float %x, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %in, %loop ]
  %if = sitofp i32 %i to float
  %xi = fmul float %x, %if
  %h = call half @llvm.fptrunc.round.f16.f32(float %xi, metadata !"round.upward")
  %q = getelementptr half, ptr addrspace(1) %p, i32 %i
  store half %h, ptr addrspace(1) %q
  %in = add i32 %i, 1
  %c = icmp slt i32 %in, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
declare half @llvm.fptrunc.round.f16.f32(float, metadata)

;--- div.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p, float %a, float %b) #0 {
  %d = fdiv float %a, %b
  store float %d, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" }

;--- bad.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k() {
  call void @llvm.set.rounding(i32 7)
  ret void
}
declare void @llvm.set.rounding(i32)

;--- divergent.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p, float %a) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 32
  br i1 %c, label %then, label %join
then:
  call void @llvm.set.rounding(i32 2)
  br label %join
join:
  %s = fadd float %a, %a
  store float %s, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.set.rounding(i32)

;--- uniform.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p, float %a, i32 %u) {
entry:
  %c = icmp ult i32 %u, 32
  br i1 %c, label %then, label %join
then:
  call void @llvm.set.rounding(i32 2)
  br label %join
join:
  %s = fadd float %a, %a
  store float %s, ptr addrspace(1) %p
  ret void
}
declare void @llvm.set.rounding(i32)
