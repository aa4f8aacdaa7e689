; Structured selection of a loop exit target that several exits enter
; (isel_struct_loop.c, joined_target): each exit's lanes get a block of
; their own in the loop, under exactly those lanes, for the target's phi
; copies, and the lanes accumulate into the target's lane mask; after the
; loop the target's region runs once under them. Before (session 23)
; such a loop went to masked linearisation for the whole kernel
; ("divergent control flow masked (isel_struct.c:367)" or
; "(isel_struct_loop.c:407)"): at -O0 every critical exit edge is a block
; of its own, so exits sharing a target meet there
; (tests/kernels/f_loop_exits_fz24_4442.cl at -O2 had it too, from
; break-crit-edges: ir-break-crit-edges.ll). @shared_tail: a uniform and
; a divergent exit to one tail with phis, a divergent latch exit;
; @many_exits: masked-loop-many-exits.ll's loop without its attribute (8
; exits into one target, its phi of 8 values). Expected values: host
; reference in python.
; RUN: %wavecc -O0 -mcpu=gfx900 -filetype=null --stats %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %wavecc -O0 -mcpu=gfx1100 -filetype=null --stats %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %wavecc -O0 -mcpu=gfx900 -S %s -o - | FileCheck %s
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 --mcpu=gfx900 %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 --mcpu=gfx1100 %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 --mcpu=gfx1100 --mattr=+wavefrontsize64 %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 --mcpu=gfx90a %s | FileCheck %s --check-prefix=EMU
; STATS: shared_tail: {{.*}}divergent control flow structured
; STATS: many_exits: {{.*}}divergent control flow structured
; The exit lanes' block: EXEC = the leaving lanes, added to the target's
; mask, the phi copy under them, then EXEC = the lanes that stay.
; CHECK-LABEL: shared_tail:
; CHECK: s_and_saveexec_b64 [[S:s\[[0-9]+:[0-9]+\]]], {{s\[[0-9]+:[0-9]+\]}}
; CHECK-NEXT: s_or_b64 {{s\[[0-9]+:[0-9]+\]}}, {{s\[[0-9]+:[0-9]+\]}}, exec
; CHECK: s_andn2_b64 exec, [[S]], exec
; CHECK: s_endpgm
; EMU: 3 passed, 0 failed
;
; [config]
; name: struct_loop_joined_target
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: shared_tail_u3
; kernel_name: shared_tail
; arg_out: 0 buffer uint[64] 0 1267 7675 103000 59 103000 103000 103000 103000 2619 25251 103000 163 103000 103000 103000 16 3971 42827 103000 267 103000 103000 103000 103000 5323 60403 103000 371 103000 103000 103000 32 6675 77979 103000 475 103000 103000 103000 103000 8027 95555 103000 579 103000 103000 103000 48 9379 113131 103000 683 103000 103000 103000 103000 10731 130707 103000 787 103000 103000 103000
; arg_in: 1 uint 3
;
; [test]
; name: shared_tail_u100
; kernel_name: shared_tail
; arg_out: 0 buffer uint[64] 0 1267 7675 7872 59 26954683 413100403 219587 3190931 2619 25251 858953259 163 65569155 915088539 448075 16 3971 42827 43024 267 104183627 1417076675 676563 9131619 5323 60403 1025742907 371 142798099 1919064811 905051 32 6675 77979 78176 475 181412571 2421052947 1133539 15072307 8027 95555 1192532555 579 220027043 2923041083 1362027 48 9379 113131 113328 683 258641515 3425029219 1590515 21012995 10731 130707 1359322203 787 297255987 3927017355 1819003
; arg_in: 1 uint 100
;
; [test]
; name: nine_exits
; kernel_name: many_exits
; arg_out: 0 buffer uint[64] 0 702 1402 2100 2802 3501 4200 4902 5602 6300 7001 7702 8400 9102 9802 10500 11202 11902 12600 13302 14001 14700 15402 16102 16800 17501 18202 18900 19602 20302 21000 21702 22402 23100 23802 24501 25200 300 1001 1705 2400 3600 3806 4500 5204 6900 6600 7800 8001 8700 9900 11100 10800 11501 13200 12900 13605 14303 15000 16200 16904 17100 18300 18501
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @shared_tail(ptr addrspace(1) %out, i32 %u) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %t = and i32 %id, 15
  %n = add i32 %t, 1
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %acc = phi i32 [ %id, %entry ], [ %acc1, %latch ]
  %cu = icmp eq i32 %i, %u
  br i1 %cu, label %tail, label %body

body:
  %m = mul i32 %acc, 13
  %acc1 = add i32 %m, 7
  %x = and i32 %acc1, 7
  %cd = icmp eq i32 %x, 3
  br i1 %cd, label %tail, label %latch

latch:
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %head, label %done

tail:
  %k = phi i32 [ 100000, %head ], [ %acc1, %body ]
  %ki = phi i32 [ %i, %head ], [ %i, %body ]
  %k2 = mul i32 %ki, 1000
  %k3 = add i32 %k, %k2
  br label %done

done:
  %r = phi i32 [ %acc, %latch ], [ %k3, %tail ]
  store i32 %r, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @many_exits(ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %id7 = mul i32 %id, 7
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %i5 = mul i32 %i, 5
  %s = add i32 %id7, %i5
  %v = and i32 %s, 255
  br label %b0
b0:
  %m0 = urem i32 %v, 3
  %c0 = icmp ne i32 %m0, 0
  br i1 %c0, label %b1, label %out0
b1:
  %m1 = urem i32 %v, 5
  %c1 = icmp ne i32 %m1, 0
  br i1 %c1, label %b2, label %out0
b2:
  %m2 = urem i32 %v, 7
  %c2 = icmp ne i32 %m2, 0
  br i1 %c2, label %b3, label %out0
b3:
  %m3 = urem i32 %v, 11
  %c3 = icmp ne i32 %m3, 0
  br i1 %c3, label %b4, label %out0
b4:
  %m4 = urem i32 %v, 13
  %c4 = icmp ne i32 %m4, 0
  br i1 %c4, label %b5, label %out0
b5:
  %m5 = urem i32 %v, 17
  %c5 = icmp ne i32 %m5, 0
  br i1 %c5, label %b6, label %out0
b6:
  %m6 = urem i32 %v, 19
  %c6 = icmp ne i32 %m6, 0
  br i1 %c6, label %b7, label %out0
b7:
  %m7 = urem i32 %v, 23
  %c7 = icmp ne i32 %m7, 0
  br i1 %c7, label %latch, label %out1
latch:
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 40
  br i1 %more, label %head, label %out0
out0:
  %k = phi i32 [ 0, %b0 ], [ 1, %b1 ], [ 2, %b2 ], [ 3, %b3 ], [ 4, %b4 ], [ 5, %b5 ], [ 6, %b6 ], [ 99, %latch ]
  %v100 = mul i32 %v, 100
  %r = add i32 %v100, %k
  store i32 %r, ptr addrspace(1) %p
  ret void
out1:
  store i32 7777, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
