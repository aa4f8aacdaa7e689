; The "a" inline-assembly constraint (issue 25): on gfx90a/gfx942 an "a"
; operand of v_accvgpr_write/read/mov holds its value in an ArchVGPR and
; each move is a copy (isel_asm.c acc_move), which the allocator
; coalesces here; llc-19 allocates an AGPR.
; Before issue 25's session 11 wavecc refused the constraint. gfx900 has
; no AGPRs and refuses it; an "a" operand of any other instruction, an
; operand of the wrong file and a named AGPR are refused (llc-19 rejects
; the first two as "invalid operand for instruction"). The load is per
; lane (a uniform one would be an s_load).
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -mcpu=gfx90a %t/ok.ll -S -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK: global_load_dword [[X:v[0-9]+]]
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: v_add_u32_e32 {{v[0-9]+}}, 1, [[X]]
; CHECK-NOT: accvgpr
; CHECK: s_endpgm
; RUN: %not %wavecc -mcpu=gfx900 %t/ok.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=G900
; G900: error: unsupported inline assembly: constraint a
; RUN: %not %wavecc -mcpu=gfx90a %t/valu.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=VALU
; VALU: error: unsupported inline assembly: an AGPR ("a") operand of an instruction other than v_accvgpr_write/read/mov: v_add_u32
; RUN: %not %wavecc -mcpu=gfx942 %t/file.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=FILE
; FILE: error: unsupported inline assembly: operands of v_accvgpr_read_b32 (a VGPR destination, an "a" source)
; RUN: %not %wavecc -mcpu=gfx90a %t/named.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=NAMED
; NAMED: error: unsupported inline assembly: names an AGPR (pass AGPR values through "a" operands)
; RUN: %not test -e %t/x.o

;--- ok.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p0) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %p0, i32 %id
  %x = load i32, ptr addrspace(1) %p
  %a = call i32 asm sideeffect "v_accvgpr_write_b32 $0, $1", "=a,v"(i32 %x)
  %c = call i32 asm sideeffect "v_accvgpr_read_b32 $0, $1", "=v,a"(i32 %a)
  %y = add i32 %c, 1
  store i32 %y, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
;--- valu.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %x = load i32, ptr addrspace(1) %p
  %c = call i32 asm "v_add_u32 $0, $1, $1", "=v,a"(i32 %x)
  store i32 %c, ptr addrspace(1) %p
  ret void
}
;--- file.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %x = load i32, ptr addrspace(1) %p
  %c = call i32 asm "v_accvgpr_read_b32 $0, $1", "=v,v"(i32 %x)
  store i32 %c, ptr addrspace(1) %p
  ret void
}
;--- named.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %x = load i32, ptr addrspace(1) %p
  call void asm sideeffect "v_accvgpr_write_b32 a3, $0", "v"(i32 %x)
  ret void
}
