; A uniform branch on a uniform compare reads the compare's SCC directly.
; It used to turn the i1 into a 0/1 SGPR (s_cselect_b32) and compare that
; against 0 again (s_cmp_lg_u32) before every s_cbranch_scc: two extra
; instructions per uniform branch. When the i1 has another use, the 0/1
; value stays but the second compare still goes; when an SCC-writing
; instruction sits between the compare and the branch, the value is
; compared again.
; RUN: %wavecc %s -O0 -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: only_branch:
; CHECK: s_cmp_lt_u32
; CHECK-NOT: s_cselect
; CHECK-NOT: s_cmp_lg_u32
; CHECK: s_cbranch_scc
define amdgpu_kernel void @only_branch(ptr addrspace(1) %out, i32 %n) {
entry:
  %c = icmp ult i32 %n, 17
  br i1 %c, label %then, label %done
then:
  store i32 1, ptr addrspace(1) %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: also_stored:
; CHECK: s_cmp_eq_u32
; CHECK-NEXT: s_cselect_b32 [[B:s[0-9]+]], 1, 0
; CHECK-NOT: s_cmp_lg_u32
; CHECK: s_cbranch_scc
define amdgpu_kernel void @also_stored(ptr addrspace(1) %out, i32 %n) {
entry:
  %c = icmp eq i32 %n, 5
  %z = zext i1 %c to i32
  br i1 %c, label %then, label %done
then:
  store i32 %z, ptr addrspace(1) %out
  br label %done
done:
  ret void
}

; The add between compare and branch writes SCC: compare again.
; CHECK-LABEL: clobbered:
; CHECK: s_cselect_b32 [[C:s[0-9]+]], 1, 0
; CHECK: s_add_{{[iu]}}32
; CHECK: s_cmp_lg_u32 [[C]], 0
; CHECK: s_cbranch_scc
define amdgpu_kernel void @clobbered(ptr addrspace(1) %out, i32 %n, i32 %m) {
entry:
  %c = icmp sgt i32 %n, %m
  %s = add i32 %n, %m
  store i32 %s, ptr addrspace(1) %out
  br i1 %c, label %then, label %done
then:
  store i32 0, ptr addrspace(1) %out
  br label %done
done:
  ret void
}
