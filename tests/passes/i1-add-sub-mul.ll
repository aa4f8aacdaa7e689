; add, sub and mul of i1 select as xor, xor and and (arithmetic modulo 2):
; LSR makes `add i1 %iv, true` induction variables after the IR passes
; that would canonicalise them (clsmith seed 6507 at gfx1030, session 18:
; "unsupported instruction: %lsr.iv.next = add i1 %lsr.iv, true"), and
; -O0/-O1 keep them from the source. The corpus kernel f_i1_add_sub_mul.ll
; at -O0 fails on main 9fd8fc4 (unsupported instruction, build failed).
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_i1_add_sub_mul.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1030 --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_i1_add_sub_mul.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 --mattr=+wavefrontsize64 --compiler=wavecc -Xwavecc -O1 %S/../kernels/f_i1_add_sub_mul.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc -O0 -S -o - %s | FileCheck %s
; EMU: 3 passed, 0 failed
; CHECK-LABEL: k:
; CHECK: s_xor_b{{32|64}}
; CHECK: s_and_b{{32|64}}
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %x) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = trunc i32 %tid to i1
  %u = trunc i32 %x to i1
  %s = add i1 %a, %u
  %m = mul i1 %s, %a
  %d = sub i1 %m, %u
  %z = zext i1 %d to i32
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %z, ptr addrspace(1) %q
  ret void
}
