; join-flags (src/llvm/join_flags.cpp): the loop vectoriser's shape at
; gfx90a (clang -O2 -mcpu=gfx90a, f_partial_waves.cl): a short trip count
; skips the vector loop for the remainder loop %rem, and the middle block
; goes to the remainder loop or straight to the end %done. %rem joins the
; arms of %pre's branch without post-dominating it; under a divergent `if`
; that sent the whole kernel to masked linearisation. The pass puts a flow
; block with a path flag before %rem (%rem.flow: br flag, %done, %rem), so
; %pre is an if-else joining there and the flow block an if-then joining
; at %done (--stats: "structured", was "masked (isel_struct.c:485)").
; The same with divergent branches around loops (@divergent_loops) too; a
; function without divergent branches keeps its CFG (@all_uniform: the
; uniform selector takes any shape).
; RUN: %wavecc-opt -llvm-passes='function(join-flags)' %s | FileCheck %s
; RUN: %wavecc -mcpu=gfx90a --stats -S %s -o /dev/null | FileCheck %s --check-prefix=STATS
; RUN: %wavecc -mcpu=gfx900 --stats -S %s -o /dev/null | FileCheck %s --check-prefix=STATS
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @sum(
; CHECK: {{^}}pre:
; CHECK: br i1 %short, label %rem.flow, label %vec
; CHECK: {{^}}middle:
; CHECK: %red = add i32
; CHECK-NEXT: %all = icmp eq i32 %nv, %n
; CHECK-NEXT: br label %rem.flow
; CHECK: {{^}}rem.flow:
; CHECK-NEXT: %k0 = phi i32 [ 0, %pre ], [ %nv, %middle ]
; CHECK-NEXT: %s0 = phi i32 [ 0, %pre ], [ %red, %middle ]
; CHECK-NEXT: %flow.flag = phi i1 [ false, %pre ], [ %all, %middle ]
; CHECK-NEXT: %r.flow = phi i32 [ poison, %pre ], [ %red, %middle ]
; CHECK-NEXT: br i1 %flow.flag, label %done, label %rem
; CHECK: {{^}}rem:
; CHECK-NEXT: br label %rloop
; CHECK: {{^}}done:
; CHECK-NEXT: %r = phi i32 [ 0, %head ], [ %s1, %rloop ], [ %r.flow, %rem.flow ]
; STATS: sum: {{.*}}divergent control flow structured
define amdgpu_kernel void @sum(ptr addrspace(3) %lds, ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %head, label %end
head:
  %none = icmp eq i32 %n, 0
  br i1 %none, label %done, label %pre
pre:
  %short = icmp ult i32 %n, 4
  br i1 %short, label %rem, label %vec
vec:
  %nv = and i32 %n, -4
  br label %vloop
vloop:
  %i = phi i32 [ 0, %vec ], [ %i.next, %vloop ]
  %acc = phi i32 [ 0, %vec ], [ %acc.next, %vloop ]
  %pv = getelementptr i32, ptr addrspace(3) %lds, i32 %i
  %v = load i32, ptr addrspace(3) %pv
  %acc.next = add i32 %acc, %v
  %i.next = add i32 %i, 4
  %vdone = icmp eq i32 %i.next, %nv
  br i1 %vdone, label %middle, label %vloop
middle:
  %red = add i32 %acc.next, 1
  %all = icmp eq i32 %nv, %n
  br i1 %all, label %done, label %rem
rem:
  %k0 = phi i32 [ 0, %pre ], [ %nv, %middle ]
  %s0 = phi i32 [ 0, %pre ], [ %red, %middle ]
  br label %rloop
rloop:
  %k = phi i32 [ %k0, %rem ], [ %k.next, %rloop ]
  %s = phi i32 [ %s0, %rem ], [ %s1, %rloop ]
  %pk = getelementptr i32, ptr addrspace(3) %lds, i32 %k
  %w = load i32, ptr addrspace(3) %pk
  %s1 = add i32 %s, %w
  %k.next = add i32 %k, 1
  %rdone = icmp eq i32 %k.next, %n
  br i1 %rdone, label %done, label %rloop
done:
  %r = phi i32 [ 0, %head ], [ %red, %middle ], [ %s1, %rloop ]
  store i32 %r, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; The same shape on divergent trip counts (a do-while vectorised with a
; remainder, f_loop_divergent.cl at gfx90a): the flag is a lane mask.
; CHECK-LABEL: define amdgpu_kernel void @divergent_loops(
; CHECK: {{^}}rem.flow:
; CHECK: %flow.flag = phi i1 [ false, %pre ], [ %all, %middle ]
; CHECK-NEXT: %r.flow = phi i32 [ poison, %pre ], [ %acc.next, %middle ]
; CHECK-NEXT: br i1 %flow.flag, label %done, label %rem
; STATS: divergent_loops: {{.*}}divergent control flow structured
define amdgpu_kernel void @divergent_loops(ptr addrspace(1) %x, ptr addrspace(1) %out) {
pre:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %px = getelementptr i32, ptr addrspace(1) %x, i32 %t
  %n = load i32, ptr addrspace(1) %px
  %short = icmp ult i32 %n, 4
  br i1 %short, label %rem, label %vec
vec:
  %nv = and i32 %n, -4
  br label %vloop
vloop:
  %i = phi i32 [ 0, %vec ], [ %i.next, %vloop ]
  %acc = phi i32 [ 0, %vec ], [ %acc.next, %vloop ]
  %acc.next = add i32 %acc, %i
  %i.next = add i32 %i, 4
  %vdone = icmp uge i32 %i.next, %nv
  br i1 %vdone, label %middle, label %vloop
middle:
  %all = icmp eq i32 %nv, %n
  br i1 %all, label %done, label %rem
rem:
  %k0 = phi i32 [ 0, %pre ], [ %nv, %middle ]
  %s0 = phi i32 [ 0, %pre ], [ %acc.next, %middle ]
  br label %rloop
rloop:
  %k = phi i32 [ %k0, %rem ], [ %k.next, %rloop ]
  %s = phi i32 [ %s0, %rem ], [ %s1, %rloop ]
  %s1 = add i32 %s, %k
  %k.next = add i32 %k, 1
  %rdone = icmp uge i32 %k.next, %n
  br i1 %rdone, label %done, label %rloop
done:
  %r = phi i32 [ %acc.next, %middle ], [ %s1, %rloop ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; No divergent branch: unchanged.
; CHECK-LABEL: define amdgpu_kernel void @all_uniform(
; CHECK-NOT: flow
; CHECK: ret void
define amdgpu_kernel void @all_uniform(ptr addrspace(1) %out, i32 %n) {
pre:
  %short = icmp ult i32 %n, 4
  br i1 %short, label %rem, label %middle
middle:
  %all = icmp eq i32 %n, 8
  br i1 %all, label %done, label %rem
rem:
  %s0 = phi i32 [ 0, %pre ], [ 1, %middle ]
  br label %done
done:
  %r = phi i32 [ 7, %middle ], [ %s0, %rem ]
  store i32 %r, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
