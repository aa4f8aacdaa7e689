; The guard that keeps a call from jumping under an empty EXEC (frame.c:
; s_getpc / s_cmp_lg_u64 exec, 0 / s_cselect_b64 before s_swappc_b64,
; which calls the next instruction instead) is emitted only where EXEC may
; be empty (frame_exec.c): not in a kernel's entry block, not in a
; structured region whose body s_cbranch_execz skips when no lane enters
; it; still in masked linearisation, which runs loop headers whatever the
; mask (here a loop that no lane may enter; a loop every lane enters has
; EXEC non-empty in its header: the preheader's and the back edge's
; s_cbranch_execnz). Each unguarded call is a single s_swappc_b64 on the target, as
; llc-19 emits it.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define internal i32 @f(i32 %a) noinline {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-LABEL: straight:
; CHECK-NOT: s_cselect_b64
; CHECK: s_getpc_b64 s[[[A:[0-9]+]]:[[B:[0-9]+]]]
; CHECK-NEXT: s_add_u32 s[[A]], s[[A]], f@rel32@lo+4
; CHECK-NEXT: s_addc_u32 s[[B]], s[[B]], f@rel32@hi+12
; CHECK-NOT: s_cselect_b64
; CHECK: s_swappc_b64 s[30:31], s[[[A]]:[[B]]]
; CHECK: s_endpgm
define amdgpu_kernel void @straight(ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @f(i32 %id)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: region:
; CHECK: s_cbranch_execz
; CHECK-NOT: s_cselect_b64
; CHECK: s_swappc_b64 s[30:31], s[{{[0-9]+}}:{{[0-9]+}}]
; CHECK: s_endpgm
define amdgpu_kernel void @region(ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = and i32 %id, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %join
then:
  %r = call i32 @f(i32 %id)
  br label %join
join:
  %v = phi i32 [ %r, %then ], [ 0, %entry ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %v, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: masked:
; CHECK: s_getpc_b64 s[30:31]
; CHECK-NEXT: s_add_u32 s30, s30, 20
; CHECK-NEXT: s_addc_u32 s31, s31, 0
; CHECK-NEXT: s_cmp_lg_u64 exec, 0
; CHECK-NEXT: s_cselect_b64 s[30:31], s[{{[0-9]+}}:{{[0-9]+}}], s[30:31]
; CHECK-NEXT: s_swappc_b64 s[30:31], s[30:31]
; CHECK: s_endpgm
define amdgpu_kernel void @masked(ptr addrspace(1) %out) #0 {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %n = and i32 %id, 3
  %some = icmp ugt i32 %id, 7
  br i1 %some, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %r = call i32 @f(i32 %i)
  %s1 = add i32 %s, %r
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  %sd = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %sd, ptr addrspace(1) %p
  ret void
}
; masked linearisation: the structurizer opt-out on a divergent loop
attributes #0 = { "wavecc-no-structurize" }
