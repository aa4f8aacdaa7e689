; Constrained f64 and f16 operations carry their static rounding as the
; f16/f64 rounding field (mode(r1664:N)), and the MODE pass writes
; hwreg(MODE, 2, 2) (imm:2177) only where the needed value changes:
; an upward f64 add (1), then the f64 sqrt, whose Goldschmidt steps run at
; nearest (0) and whose upward direction is one integer step chosen by the
; sign of the residual (no MODE write for it), then an f16 fma rounded
; downward (2): one v_fma_f16. "denormal-fp-math"="preserve-sign" flushes
; f16/f64 denormals in the descriptor.
; RUN: %wavecc -O0 -S %s --print-after=mode -o /dev/null 2>&1 | FileCheck --check-prefix=MIR %s
; MIR: s_setreg_imm32_b32 1 imm:2177
; MIR-NEXT: v_add_f64 {{.*}} mode(r1664:1)
; MIR: v_cmp_gt_f64 {{.*}} mode(r1664:0)
; MIR: s_setreg_imm32_b32 0 imm:2177
; MIR-NEXT: v_ldexp_f64 {{.*}} mode(r1664:0)
; MIR: v_rsq_f64 {{.*}} mode(r1664:0)
; MIR: v_fma_f64 killed -[[G:%[0-9]+]]:v2{{.*}}, killed [[G]]:v2{{.*}} mode(r1664:0)
; MIR-NEXT: v_cmp_lt_f64 imm64(0)
; MIR-NOT: s_setreg
; MIR: v_add_co_u32
; MIR-NOT: s_setreg
; MIR: s_setreg_imm32_b32 2 imm:2177
; MIR-NEXT: v_fma_f16 {{.*}} mode(r32:2,r1664:2)
; MIR-NOT: s_setreg
; MIR: s_endpgm
; RUN: %wavecc -O0 -S %s -o - | FileCheck --check-prefix=ASM %s
; ASM-COUNT-3: s_setreg_imm32_b32 hwreg(1, 2, 2)
; ASM-NOT: s_setreg
; ASM: .amdhsa_float_denorm_mode_32 0
; ASM: .amdhsa_float_denorm_mode_16_64 0
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p, double %a, double %b, half %x, half %y, half %z) #0 {
  %s = call double @llvm.experimental.constrained.fadd.f64(double %a, double %b, metadata !"round.upward", metadata !"fpexcept.ignore") #0
  store double %s, ptr addrspace(1) %p
  %r = call double @llvm.experimental.constrained.sqrt.f64(double %a, metadata !"round.upward", metadata !"fpexcept.ignore") #0
  %q = getelementptr double, ptr addrspace(1) %p, i32 1
  store double %r, ptr addrspace(1) %q
  %h = call half @llvm.experimental.constrained.fma.f16(half %x, half %y, half %z, metadata !"round.downward", metadata !"fpexcept.ignore") #0
  %q2 = getelementptr double, ptr addrspace(1) %p, i32 2
  store half %h, ptr addrspace(1) %q2
  ret void
}
declare double @llvm.experimental.constrained.fadd.f64(double, double, metadata, metadata)
declare double @llvm.experimental.constrained.sqrt.f64(double, metadata, metadata)
declare half @llvm.experimental.constrained.fma.f16(half, half, half, metadata, metadata)
attributes #0 = { strictfp "denormal-fp-math"="preserve-sign,preserve-sign" }
