; llvm.{u,s}{min,max}.i1 (clsmith seed 2132 at gfx900, -O0: "unsupported
; instruction"; at -O1 and above LLVM's instcombine folds them first):
; umin and smax are and, umax and smin are or (signed i1: true is -1), on
; lane masks when divergent (s_and/or_b64 at wave64, _b32 at wave32) and on
; s1 booleans when uniform. The kernel's host reference, per work-item id:
; a = id & 1, b = (id >> 1) & 1, c = s & 1 with s = 1;
; out = umin(a,b) | umax(a,b) << 1 | smin(a,b) << 2 | smax(a,c) << 3,
; i.e. 0 14 6 15 for id % 4 = 0..3.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -O0 -mcpu=gfx900 %t/k.ll -S -o - | FileCheck %s
; RUN: %wavecc-run --mcpu=gfx900 --compiler=wavecc -Xwavecc -O0 %t/k.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=wavecc -Xwavecc -O0 %t/k.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx900 --compiler=wavecc %t/k.ll 2>&1 | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: k:
; CHECK-DAG: s_and_b64
; CHECK-DAG: s_or_b64
; CHECK: s_endpgm
; EMU: 1 passed, 0 failed

;--- k.ll
; [config]
; name: i1 min/max
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: umin umax smin smax of i1
; kernel_name: k
; arg_out: 0 buffer uint[64] repeat 0 14 6 15
; arg_in: 0 buffer uint[64] repeat 99
; arg_in: 1 int 1
target triple = "amdgcn-amd-amdhsa"
declare i1 @llvm.umin.i1(i1, i1)
declare i1 @llvm.umax.i1(i1, i1)
declare i1 @llvm.smin.i1(i1, i1)
declare i1 @llvm.smax.i1(i1, i1)
declare i32 @llvm.amdgcn.workitem.id.x()
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = trunc i32 %id to i1
  %sh = lshr i32 %id, 1
  %b = trunc i32 %sh to i1
  %c = trunc i32 %s to i1
  %r0 = call i1 @llvm.umin.i1(i1 %a, i1 %b)
  %r1 = call i1 @llvm.umax.i1(i1 %a, i1 %b)
  %r2 = call i1 @llvm.smin.i1(i1 %a, i1 %b)
  %r3 = call i1 @llvm.smax.i1(i1 %a, i1 %c)
  %z0 = zext i1 %r0 to i32
  %z1 = zext i1 %r1 to i32
  %z2 = zext i1 %r2 to i32
  %z3 = zext i1 %r3 to i32
  %s1 = shl i32 %z1, 1
  %s2 = shl i32 %z2, 2
  %s3 = shl i32 %z3, 3
  %o1 = or i32 %z0, %s1
  %o2 = or i32 %o1, %s2
  %o3 = or i32 %o2, %s3
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %o3, ptr addrspace(1) %p
  ret void
}
