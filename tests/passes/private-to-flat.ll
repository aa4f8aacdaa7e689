; Private-to-generic addrspacecast (issue 26; execution test
; tests/kernels/f_private_to_flat.ll): the private aperture from
; SH_MEM_BASES[15:0] (s_getreg_b32 hwreg(15, 0, 16), 0x780f) << 16 in the
; high dword, the segment null (-1) to the generic null, and FLAT_SCRATCH
; set in the prolog from the flat-scratch-init user SGPRs + the wave
; offset: the SGPR pair on gfx9, s_setreg_b32 of FLAT_SCR_LO/HI (hwregs
; 20, 21) on gfx10, nothing with architected flat scratch (gfx1100).
; A kernel that calls sets FLAT_SCRATCH before it moves its inputs out of
; the call region (its callees may dereference the generic pointer:
; tests/kernels/f_private_to_flat_call.ll); functions still refuse the
; cast (nothing tells them whether their kernel set FLAT_SCRATCH up). On
; main every RUN below but the refusal failed with "unsupported
; instruction: addrspacecast".
; RUN: rm -rf %t && split-file %s %t && cd %t
; RUN: %wavecc -mcpu=gfx900 -S k.ll -o - | FileCheck %s --check-prefix=GFX9
; RUN: %wavecc -mcpu=gfx1030 -S k.ll -o - | FileCheck %s --check-prefix=GFX10
; RUN: %wavecc -mcpu=gfx1100 -S k.ll -o - | FileCheck %s --check-prefix=GFX11
; RUN: %wavecc -mcpu=gfx900 -S calls.ll -o - | FileCheck %s --check-prefix=CALLS
; RUN: %not %wavecc -mcpu=gfx900 -S fn.ll -o - 2>&1 | FileCheck %s --check-prefix=FN
; GFX9: s_add_u32 s[[LO:[0-9]+]], s6, s9
; GFX9-NEXT: s_addc_u32 s[[HI:[0-9]+]], s7, {{s[0-9]+|0}}
; GFX9-NEXT: s_mov_b64 flat_scratch, s{{\[}}[[LO]]:[[HI]]]
; GFX9: s_getreg_b32 [[AP:s[0-9]+]], 0x780f
; GFX9: s_lshl_b32 s{{[0-9]+}}, [[AP]], 16
; (a uniform private address: the null test on SCC, isel_segment_to_flat)
; GFX9: s_cmp_lg_u32 s{{[0-9]+}}, -1
; GFX9-NEXT: s_cselect_b64
; GFX9: flat_load_dword
; GFX9: .amdhsa_user_sgpr_flat_scratch_init 1
; GFX9: .amdhsa_reserve_flat_scratch 1
; GFX10: s_setreg_b32 hwreg(20, 0, 32), s{{[0-9]+}}
; GFX10-NEXT: s_setreg_b32 hwreg(21, 0, 32), s{{[0-9]+}}
; GFX10: flat_load_dword
; GFX10: .amdhsa_user_sgpr_flat_scratch_init 1
; GFX11-NOT: setreg
; GFX11-NOT: flat_scratch_init 1
; GFX11: flat_load_b32
; CALLS: s_add_u32 s0, s0, [[WO:s[0-9]+]]
; CALLS: s_add_u32 s[[LO:[0-9]+]], s8, [[WO]]
; CALLS-NEXT: s_addc_u32 s[[HI:[0-9]+]], s9, {{s[0-9]+|0}}
; CALLS-NEXT: s_mov_b64 flat_scratch, s{{\[}}[[LO]]:[[HI]]]
; CALLS: s_swappc_b64
; CALLS: flat_load_dword
; CALLS: .amdhsa_user_sgpr_flat_scratch_init 1
; FN: error: unsupported instruction: %f = addrspacecast ptr addrspace(5) %p to ptr

;--- k.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %a = alloca [16 x i32], addrspace(5)
  %p = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store volatile i32 7, ptr addrspace(5) %p
  %f = addrspacecast ptr addrspace(5) %p to ptr
  %v = load volatile i32, ptr %f
  store i32 %v, ptr addrspace(1) %out
  ret void
}

;--- calls.ll
target triple = "amdgcn-amd-amdhsa"
declare void @ext()
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %a = alloca [16 x i32], addrspace(5)
  %p = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store volatile i32 7, ptr addrspace(5) %p
  call void @ext()
  %f = addrspacecast ptr addrspace(5) %p to ptr
  %v = load volatile i32, ptr %f
  store i32 %v, ptr addrspace(1) %out
  ret void
}

;--- fn.ll
target triple = "amdgcn-amd-amdhsa"
define i32 @f(i32 %i) noinline {
  %a = alloca [16 x i32], addrspace(5)
  %p = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store volatile i32 7, ptr addrspace(5) %p
  %f = addrspacecast ptr addrspace(5) %p to ptr
  %v = load volatile i32, ptr %f
  ret i32 %v
}
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %v = call i32 @f(i32 %i)
  store i32 %v, ptr addrspace(1) %out
  ret void
}
