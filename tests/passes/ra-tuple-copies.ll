; Copies around stored tuples (f_constexpr_bitcast: 57 wave-instructions
; on main ba3ab87 where llc-19 executes 44; 44 now), gfx900:
;  - simplify: a 64-bit add of a constant vector reads the constants as
;    SALU sources (`s_add_u32 s0, s8, 1`), not 8 s_mov_b32 first;
;  - fold-vectors rule 6: a tuple of a zero that lives on (it is also the
;    stores' offset) and two constants writes the constants into its
;    slots: 4 v_mov_b32, none of them a register copy (6 before, two
;    `v_mov_b32 vN, v0`);
;  - regalloc: the instruction right after a store of more than 64 bits
;    of data does not write the stored registers, so no `s_nop 0` for the
;    VMEM store-data hazard (3 before). The next tuple goes to v[5:8]:
;    9 VGPRs, as llc-19, and the same occupancy.
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
; The hazard exists on gfx9 only: gfx1100 keeps the lowest registers.
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: {{^}}k:
; CHECK-NOT: s_mov_b32
; CHECK: s_add_u32 s{{[0-9]+}}, s{{[0-9]+}}, 1
; CHECK-NEXT: s_addc_u32 s{{[0-9]+}}, s{{[0-9]+}}, 2
; CHECK-NOT: s_nop
; CHECK: global_store_dwordx4 v{{[0-9]+}}, v[1:4]
; CHECK-NOT: s_nop
; CHECK: global_store_dwordx4 v{{[0-9]+}}, v[5:8]
; CHECK-NOT: s_nop
; CHECK: v_mov_b32_e32 v{{[0-9]+}}, 0{{$}}
; CHECK-NEXT: v_mov_b32_e32 v{{[0-9]+}}, 0x3ff80000
; CHECK-NEXT: v_mov_b32_e32 v{{[0-9]+}}, 0{{$}}
; CHECK-NEXT: v_mov_b32_e32 v{{[0-9]+}}, 0xc0000000
; CHECK-NEXT: global_store_dwordx4 {{.*}} offset:32
; CHECK-NOT: s_nop
; CHECK: s_endpgm
; CHECK: .amdhsa_next_free_vgpr 9
; GFX11-LABEL: {{^}}k:
; GFX11-NOT: v_mov_b32_e32 v{{[0-9]+}}, v{{[0-9]+}}
; GFX11-NOT: v_dual_mov_b32 v{{[0-9]+}}, v{{[0-9]+}} ::
; GFX11-COUNT-3: global_store_b128
; GFX11-NOT: s_nop
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %o) {
  %x = load <4 x i64>, ptr addrspace(1) %in
  %a = add <4 x i64> %x, bitcast (<8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 -6, i32 7, i32 8> to <4 x i64>)
  store <4 x i64> %a, ptr addrspace(1) %o
  %p1 = getelementptr i8, ptr addrspace(1) %o, i32 32
  store <8 x i16> bitcast (<2 x double> <double 1.5, double -2.0> to <8 x i16>), ptr addrspace(1) %p1
  ret void
}
