; A byref(T) kernel argument is the address of its bytes in the kernarg
; segment (kernel_args_memory.c): a constant offset from the segment
; pointer, so its loads are s_load with the offset folded and merge with
; the other arguments' (out and the struct's first two dwords: one
; s_load_dwordx4). On main the selector built kernarg + 8 with
; s_add_u32/s_addc_u32 and loaded the struct from that separate base.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

%struct.s = type { i32, float, i64 }

; CHECK-LABEL: k:
; CHECK-NOT: s_add_u32
; CHECK: s_load_dwordx4 s[{{[0-9]+}}:{{[0-9]+}}], s[0:1], 0x0
; CHECK-NEXT: s_load_dwordx2 s[{{[0-9]+}}:{{[0-9]+}}], s[0:1], 0x18
; CHECK-NOT: s_load
; CHECK-NOT: s_add_u32
; CHECK: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[0:1] offset:32
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.s) align 8 %s,
                             ptr addrspace(1) %out2, ptr addrspace(4) byref(<4 x i32>) align 16 %v) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = load i32, ptr addrspace(4) %s
  %pb = getelementptr inbounds %struct.s, ptr addrspace(4) %s, i32 0, i32 1
  %b = load float, ptr addrspace(4) %pb
  %ab = bitcast float %b to i32
  %x = xor i32 %a, %ab
  store i32 %x, ptr addrspace(1) %out
  %e = and i32 %tid, 3
  %pv = getelementptr inbounds i32, ptr addrspace(4) %v, i32 %e
  %ve = load i32, ptr addrspace(4) %pv
  %q = getelementptr i32, ptr addrspace(1) %out2, i32 %tid
  store i32 %ve, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
