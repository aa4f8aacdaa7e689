; A function lowered by masked linearisation (a loop with a divergent
; exit) ends once, at its last block, here the unreachable one (kept at
; -O0): the lanes that returned still return the ret's value, the loop's
; sum, not the undefined value of the unreachable path (it used to be 0).
; RUN: %wavecc -O0 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

define internal i32 @sum(i32 %n) noinline {
entry:
  %bad = icmp eq i32 %n, 1000
  br i1 %bad, label %trap, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %s1 = add i32 %s, %i
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret i32 %s1
trap:
  unreachable
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %r = call i32 @sum(i32 %n)
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: sum:
; CHECK: v_add_u32_e32 v[[S:[0-9]+]],
; CHECK-NOT: v_mov_b32_e32 v0, 0{{$}}
; CHECK: v_mov_b32_e32 v0, v{{[0-9]+}}
; CHECK-NEXT: s_setpc_b64 s[30:31]
