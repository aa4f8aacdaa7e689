; duplicate-join-tails (src/llvm/duplicate_join_tails.cpp): `if (t < n)
; {...} else if (t < m) {...}` with one shared store block (clang -O2's
; form of bench/real/merge_rank.cl) gets a copy of the store in each arm,
; so both arms end at the branch's post-dominator (%ret) and structured
; selection keeps the function (--stats: "structured", not "masked").
; Under a uniform branch the block stays shared.
; RUN: %wavecc-opt -llvm-passes='function(duplicate-join-tails)' %s | FileCheck %s
; RUN: %wavecc --stats -S %s -o /dev/null | FileCheck %s --check-prefix=STATS
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @elseif(
; CHECK: {{^}}a:
; CHECK-NEXT: %va = add i32
; CHECK-NEXT: %[[S1:.*]] = sext i32 %t to i64
; CHECK-NEXT: %[[P1:.*]] = getelementptr i32, ptr addrspace(1) %o, i64 %[[S1]]
; CHECK-NEXT: store i32 %va, ptr addrspace(1) %[[P1]]
; CHECK-NEXT: br label %ret
; CHECK: {{^}}b:
; CHECK-NEXT: %vb = sub i32
; CHECK-NEXT: %[[S2:.*]] = sext i32 %t to i64
; CHECK-NEXT: %[[P2:.*]] = getelementptr i32, ptr addrspace(1) %o, i64 %[[S2]]
; CHECK-NEXT: store i32 %vb, ptr addrspace(1) %[[P2]]
; CHECK-NEXT: br label %ret
; CHECK-NOT: {{^}}join:
; CHECK: {{^}}ret:
; STATS: elseif: {{.*}}divergent control flow structured
define amdgpu_kernel void @elseif(ptr addrspace(1) %x, ptr addrspace(1) %o, i32 %n, i32 %m) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c1 = icmp slt i32 %t, %n
  br i1 %c1, label %la, label %else
la:
  %ia = phi i32 [ 0, %entry ], [ %ia.next, %la ]
  %ga = getelementptr i32, ptr addrspace(1) %x, i32 %ia
  %ea = load i32, ptr addrspace(1) %ga
  %ia.next = add i32 %ia, 1
  %ca = icmp slt i32 %ea, %t
  br i1 %ca, label %la, label %a
a:
  %va = add i32 %ia.next, %t
  br label %join
else:
  %c2 = icmp slt i32 %t, %m
  br i1 %c2, label %lb, label %ret
lb:
  %ib = phi i32 [ 0, %else ], [ %ib.next, %lb ]
  %gb = getelementptr i32, ptr addrspace(1) %x, i32 %ib
  %eb = load i32, ptr addrspace(1) %gb
  %ib.next = add i32 %ib, 1
  %cb = icmp sle i32 %eb, %t
  br i1 %cb, label %lb, label %b
b:
  %vb = sub i32 %t, %ib.next
  br label %join
join:
  %v = phi i32 [ %va, %a ], [ %vb, %b ]
  %s = sext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %o, i64 %s
  store i32 %v, ptr addrspace(1) %p
  br label %ret
ret:
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @uniform(
; CHECK: join:
; CHECK-NEXT: %v = phi i32
define amdgpu_kernel void @uniform(ptr addrspace(1) %x, ptr addrspace(1) %o, i32 %n, i32 %m) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c1 = icmp slt i32 %n, 5
  br i1 %c1, label %a, label %else
a:
  %va = load i32, ptr addrspace(1) %x
  br label %join
else:
  %c2 = icmp slt i32 %m, 7
  br i1 %c2, label %b, label %ret
b:
  %xb = getelementptr i32, ptr addrspace(1) %x, i32 1
  %vb = load i32, ptr addrspace(1) %xb
  br label %join
join:
  %v = phi i32 [ %va, %a ], [ %vb, %b ]
  %s = sext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %o, i64 %s
  store i32 %v, ptr addrspace(1) %p
  br label %ret
ret:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
