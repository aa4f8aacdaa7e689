; Selection of llvm.amdgcn.update.dpp / mov.dpp (isel_dpp.c): one
; v_mov_b32_dpp per dword, its destination the register of `old` (tied),
; the controls printed as llvm-mc-19 does; at gfx900 s_nop 1 before a DPP
; move whose source a VALU instruction just wrote (hazards.c), none at
; gfx1100 (GFX10+ has no such wait states). Controls the target lacks are
; refused with llc-19's reason: wave shifts and row_bcast at GFX10+,
; row_share/row_xmask before GFX10 (gfx90a reads row_share's codes as
; row_newbcast), DPP8 (llvm.amdgcn.mov.dpp8, here an i64:
; two moves; llc-19 selects only i32) before GFX10. Fails on main ("unsupported call").
; RUN: %wavecc -mcpu=gfx900 -S %s -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s --check-prefixes=CHECK,GFX11
; RUN: sed 's/i32 293, i32 15, i32 15, i1 false/i32 304, i32 15, i32 15, i1 false/' %s > %t.shl.ll
; RUN: %wavecc -mcpu=gfx900 -S %t.shl.ll -o - | FileCheck %s --check-prefix=SHL9
; RUN: not %wavecc -mcpu=gfx1030 -S %t.shl.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSHL
; RUN: sed 's/i32 293, i32 15, i32 15, i1 false/i32 322, i32 10, i32 15, i1 false/' %s > %t.bcast.ll
; RUN: not %wavecc -mcpu=gfx1100 -S %t.bcast.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOBCAST
; RUN: sed 's/i32 293, i32 15, i32 15, i1 false/i32 341, i32 15, i32 15, i1 false/' %s > %t.share.ll
; RUN: not %wavecc -mcpu=gfx900 -S %t.share.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSHARE
; RUN: %wavecc -mcpu=gfx1030 -S %t.share.ll -o - | FileCheck %s --check-prefix=SHARE
; RUN: %wavecc -mcpu=gfx90a -S %t.share.ll -o - | FileCheck %s --check-prefix=NEWBCAST
; RUN: sed 's/call i32 @llvm.amdgcn.update.dpp.i32(i32 .tid, i32 .w, i32 177, i32 10, i32 5, i1 false)/call i32 asm sideeffect "v_mov_b32_dpp $0, $1", "=v,v"(i32 %w)/' %s > %t.asm.ll
; RUN: not %wavecc -mcpu=gfx900 -S %t.asm.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASM
; RUN: sed -e 's/mov.dpp.i64(i64 %x, i32 274, i32 15, i32 15, i1 true)/mov.dpp8.i64(i64 %x, i32 342391)/' -e 's/mov.dpp.i64(i64, i32, i32, i32, i1)/mov.dpp8.i64(i64, i32)/' %s > %t.dpp8.ll
; RUN: %wavecc -mcpu=gfx1100 -S %t.dpp8.ll -o - | FileCheck %s --check-prefix=DPP8
; RUN: not %wavecc -mcpu=gfx900 -S %t.dpp8.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=REFUSE8
;
; CHECK-LABEL: k:
; CHECK: v_mov_b32_dpp [[D:v[0-9]+]], [[S:v[0-9]+]] quad_perm:[1,0,3,2] row_mask:0xa bank_mask:0x5{{$}}
; GFX9: s_nop 1
; GFX11-NOT: s_nop
; CHECK: v_mov_b32_dpp v{{[0-9]+}}, [[D]] row_ror:5 row_mask:0xf bank_mask:0xf{{$}}
; the i64: two moves with the same controls (at gfx11 an s_delay_alu may
; stand between them, as sched-ilp orders the moves around them)
; CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_shr:2 row_mask:0xf bank_mask:0xf bound_ctrl:1
; CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_shr:2 row_mask:0xf bank_mask:0xf bound_ctrl:1
; SHL9: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} wave_shl:1 row_mask:0xf bank_mask:0xf{{$}}
; NOSHL: error: {{.*}}unsupported DPP control: wavefront shifts are not supported on GFX10+
; NOBCAST: error: {{.*}}unsupported DPP control: broadcasts are not supported on GFX10+
; NOSHARE: error: {{.*}}unsupported DPP control: row_share/row_xmask are not supported before GFX10
; DPP8: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} dpp8:[7,6,5,4,3,2,1,0]{{$}}
; DPP8: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} dpp8:[7,6,5,4,3,2,1,0]{{$}}
; REFUSE8: error: {{.*}}unsupported DPP8 move before GFX10
; NEWBCAST: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_newbcast:5 row_mask:0xf bank_mask:0xf{{$}}
; inline assembly cannot name the DPP forms (their controls are not parsed;
; an earlier build took "v_mov_b32_dpp $0, $1" with all masks 0)
; ASM: error: {{.*}}unsupported inline assembly: instruction 'v_mov_b32_dpp' (DPP in inline assembly)
; SHARE: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_share:5 row_mask:0xf bank_mask:0xf{{$}}

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %w = add i32 %v, %tid
  %a = call i32 @llvm.amdgcn.update.dpp.i32(i32 %tid, i32 %w, i32 177, i32 10, i32 5, i1 false)
  %b = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %a, i32 293, i32 15, i32 15, i1 false)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %b, ptr addrspace(1) %q
  %z = zext i32 %b to i64
  %x = shl i64 %z, 20
  %c = call i64 @llvm.amdgcn.mov.dpp.i64(i64 %x, i32 274, i32 15, i32 15, i1 true)
  %q2 = getelementptr i64, ptr addrspace(1) %out, i32 %tid
  store i64 %c, ptr addrspace(1) %q2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i64 @llvm.amdgcn.mov.dpp.i64(i64, i32, i32, i32, i1)
