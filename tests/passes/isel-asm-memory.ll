; Inline assembly with memory instructions: GLOBAL loads/stores with `off`
; SADDR, DS reads/writes, `offset:N`, and s_waitcnt by counter name or
; simm16, encoded for each target. The text's accesses are ordinary
; machine loads and stores, ordered like volatile ones, so wavecc's waitcnt
; pass waits for a load the text does not wait for itself before its
; result is read (llc-19 sees no access in the text and emits no wait:
; the emulator reports such code). Before, every memory instruction in
; inline assembly was refused ("GLOBAL format: only SOP1, ..."), and so
; was tests/kernels/f_cdna_agpr.ll at gfx90a/gfx942; execution:
; tests/kernels/f_asm_memory.ll.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -mcpu=gfx900 %t/ok.ll -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 %t/ok.ll -o %t/x.o --assembler=check
; RUN: %wavecc -mcpu=gfx1100 %t/ok.ll -S -o - | FileCheck %s --check-prefix=G11
; RUN: %wavecc -mcpu=gfx1100 %t/ok.ll -o %t/x.o --assembler=check
; RUN: %not %wavecc -mcpu=gfx900 %t/saddr.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=SADDR
; RUN: %not %wavecc -mcpu=gfx900 %t/atomic.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=ATOMIC
; RUN: %not %wavecc -mcpu=gfx900 %t/range.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=RANGE
; RUN: %not %wavecc -mcpu=gfx900 %t/glc.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=GLC
; RUN: %not %wavecc -mcpu=gfx900 %t/cnt.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=CNT
; RUN: %not %wavecc -mcpu=gfx900 %t/cntmax.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=CNTMAX
; CHECK-LABEL: k:
; CHECK: global_load_dword [[A:v[0-9]+]], v[{{[0-9]+:[0-9]+}}], off offset:-4
; CHECK: ds_read_b32 [[B:v[0-9]+]], v{{[0-9]+}} offset:8
; the text's wait (vmcnt(1) & lgkmcnt(0)) and the one the add needs, as one
; CHECK-NEXT: s_waitcnt vmcnt(0) lgkmcnt(0)
; CHECK-NEXT: v_add_u32_e32 v{{[0-9]+}}, [[A]], [[B]]
; CHECK: ds_write_b64 v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}]
; CHECK: global_store_dword v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, off offset:16
; CHECK-LABEL: k2:
; no text waits for the load: wavecc does before the add reads it
; CHECK: global_load_dword [[C:v[0-9]+]], v[{{[0-9]+:[0-9]+}}], off{{$}}
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: v_add_u32_e32 v{{[0-9]+}}, 1, [[C]]
; CHECK-LABEL: k3:
; a text's wait is one more wait the waitcnt pass meets: vmcnt(3) asks for
; nothing with one load in flight, the add's vmcnt(0) remains
; CHECK: global_load_dword
; CHECK-NEXT: s_waitcnt vmcnt(0){{$}}
; CHECK-NEXT: v_add_u32_e32
; G11-LABEL: k2:
; G11: global_load_b32 [[C:v[0-9]+]], v[{{[0-9]+:[0-9]+}}], off{{$}}
; G11-NEXT: s_waitcnt vmcnt(0)
; G11-NEXT: v_add_nc_u32_e32 v{{[0-9]+}}, 1, [[C]]
; SADDR: error: unsupported inline assembly: a GLOBAL access without `off` SADDR
; ATOMIC: error: unsupported inline assembly: instruction 'global_atomic_add' (GLOBAL format
; RANGE: error: unsupported inline assembly: offset out of the instruction's range: global_load_dword
; GLC: error: unsupported inline assembly: modifier 'glc' of global_load_dword (offset:N only)
; CNTMAX: error: unsupported inline assembly: s_waitcnt counter the target does not have, or a value above its field: expcnt
; CNT: error: unsupported inline assembly: s_waitcnt operand 'vmcnt(0) lgkmcnt' (vmcnt(N), expcnt(N), lgkmcnt(N) or a simm16)

;--- ok.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(3) %l) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %la = ptrtoint ptr addrspace(3) %l to i32
  %a = call i32 asm sideeffect "global_load_dword $0, $1, off offset:-4", "=v,v"(ptr addrspace(1) %q)
  %b = call i32 asm sideeffect "ds_read_b32 $0, $1 offset:8", "=v,v"(i32 %la)
  call void asm sideeffect "s_waitcnt vmcnt(1) & lgkmcnt(0)", ""()
  %s = add i32 %a, %b
  %w = zext i32 %s to i64
  call void asm sideeffect "ds_write_b64 $0, $1", "v,v"(i32 %la, i64 %w)
  call void asm sideeffect "global_store_dword $0, $1, off offset:16", "v,v"(ptr addrspace(1) %q, i32 %s)
  ret void
}
define amdgpu_kernel void @k2(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %a = call i32 asm sideeffect "global_load_dword $0, $1, off", "=v,v"(ptr addrspace(1) %q)
  %s = add i32 %a, 1
  store i32 %s, ptr addrspace(1) %q
  ret void
}
define amdgpu_kernel void @k3(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %a = call i32 asm sideeffect "global_load_dword $0, $1, off\0As_waitcnt vmcnt(3) expcnt(2) lgkmcnt(1)", "=v,v"(ptr addrspace(1) %q)
  %s = add i32 %a, 1
  store i32 %s, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

;--- saddr.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %a = call i32 asm sideeffect "global_load_dword $0, $1, s[0:1]", "=v,v"(ptr addrspace(1) %p)
  store i32 %a, ptr addrspace(1) %p
  ret void
}

;--- atomic.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  call void asm sideeffect "global_atomic_add $0, $1, off", "v,v"(ptr addrspace(1) %p, i32 1)
  ret void
}

;--- range.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %a = call i32 asm sideeffect "global_load_dword $0, $1, off offset:8192", "=v,v"(ptr addrspace(1) %p)
  store i32 %a, ptr addrspace(1) %p
  ret void
}

;--- glc.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %a = call i32 asm sideeffect "global_load_dword $0, $1, off glc", "=v,v"(ptr addrspace(1) %p)
  store i32 %a, ptr addrspace(1) %p
  ret void
}

;--- cnt.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  call void asm sideeffect "s_waitcnt vmcnt(0) lgkmcnt", ""()
  ret void
}

;--- cntmax.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  call void asm sideeffect "s_waitcnt expcnt(8)", ""()
  ret void
}
