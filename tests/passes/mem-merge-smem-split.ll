; A uniform 64-byte load (a float16 through a kernel-argument pointer, as
; vstore16's source in issue 21's reproducer) is one s_load_dwordx16. Under
; a forced 24-SGPR budget its 16 dwords cannot be live at once: mem-merge
; splits it into s_load_dword (the budget's merge cap) so that each dword
; is loaded where the spiller can place it. Before, the kernel was refused
; at 8/24 ("18 SGPRs cannot hold ... p_extract %N:s16, 15") when more SGPRs
; were live beside it (f_waitcnt_capacity.cl); here the old code kept the
; s_load_dwordx16 and SPLIT fails.
; RUN: %wavecc -O2 -S %s -o - | FileCheck %s --check-prefix=WIDE
; RUN: %wavecc -O2 -S --max-vgprs=8 --max-sgprs=24 %s -o - | FileCheck %s --check-prefix=SPLIT
; WIDE: s_load_dwordx16
; SPLIT-NOT: s_load_dwordx16
; SPLIT-NOT: s_load_dwordx8
; SPLIT: s_load_dword s{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0x3c
; SPLIT: s_endpgm
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) %in) {
  %v = load <16 x float>, ptr addrspace(4) %in, align 64
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %o = getelementptr inbounds <16 x float>, ptr addrspace(1) %out, i32 %t
  store <16 x float> %v, ptr addrspace(1) %o, align 64
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
