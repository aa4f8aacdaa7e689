; Spilling across a divergent loop and a barrier (4 VGPRs): the values
; loaded before the loop are stored to scratch right after their loads
; (under the entry's EXEC, all lanes), stay in memory through the loop
; (whose exit is divergent: lanes leave at different iterations) and the
; barrier, and come back with buffer_load_dword after the barrier, where
; EXEC is the whole wave again (restored from the copy saved before the
; loop, isel_struct.c); the loop itself needs no reload.
; RUN: %wavecc --no-llc-ir-passes %s -S -o - --max-vgprs=4 | FileCheck %s
; RUN: %wavecc --no-llc-ir-passes %s -S -o - --max-vgprs=4 --stats | FileCheck %s --check-prefix=STATS
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

; CHECK: global_load_dword
; CHECK: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s{{[0-9]+}}
; CHECK: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s{{[0-9]+}} offset:
; CHECK: s_mov_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]], exec
; CHECK: [[LOOP:\.Lk_BB[0-9]+]]:
; CHECK: v_mul_lo_u32
; CHECK: v_cmp_gt_u32
; CHECK-NEXT: s_andn2_b64 exec, exec,
; CHECK-NEXT: s_cbranch_execnz [[LOOP]]
; CHECK-NEXT: .Lk_BB{{[0-9]+}}:
; CHECK-NEXT: s_mov_b64 exec, [[SAVED]]
; CHECK: s_barrier
; CHECK: buffer_load_dword v{{[0-9]+}}, off, s[0:3], s{{[0-9]+}}
; CHECK: s_endpgm
; CHECK: .amdhsa_private_segment_fixed_size {{[1-9][0-9]*}}

; STATS: k: {{.*}}MaxLiveVGPRs {{[5-9]}} (allocated {{[1-4]}}){{.*}}spills {{[1-9]}}
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(3) %lds) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %g0 = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %a = load i32, ptr addrspace(1) %g0
  %g1 = getelementptr i32, ptr addrspace(1) %g0, i32 64
  %b = load i32, ptr addrspace(1) %g1
  %g2 = getelementptr i32, ptr addrspace(1) %g0, i32 128
  %c = load i32, ptr addrspace(1) %g2
  %lim = and i32 %tid, 7
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %tid, %entry ], [ %acc.next, %loop ]
  %m = mul i32 %acc, 3
  %acc.next = add i32 %m, %i
  %i.next = add i32 %i, 1
  %ex = icmp ugt i32 %i.next, %lim
  br i1 %ex, label %exit, label %loop
exit:
  %l = getelementptr i32, ptr addrspace(3) %lds, i32 %tid
  store i32 %acc.next, ptr addrspace(3) %l
  call void @llvm.amdgcn.s.barrier()
  %t1 = xor i32 %tid, 1
  %l1 = getelementptr i32, ptr addrspace(3) %lds, i32 %t1
  %n = load i32, ptr addrspace(3) %l1
  %s1 = add i32 %n, %a
  %s2 = mul i32 %s1, %b
  %s3 = xor i32 %s2, %c
  %go = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s3, ptr addrspace(1) %go
  ret void
}
