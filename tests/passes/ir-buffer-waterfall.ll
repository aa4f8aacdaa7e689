; IR pass test: buffer-waterfall alone (wavecc-opt -ir-pass), then the
; machine code of its loop (wavecc -S).
; RUN: %wavecc-opt -ir-pass=buffer-waterfall %s | FileCheck %s
; RUN: %wavecc --no-llc-ir-passes %s -S -o - | FileCheck %s --check-prefix=ASM
; RUN: %wavecc --no-llc-ir-passes -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=W32
; RUN: %not %wavecc-opt -ir-pass=buffer-waterfall %S/Inputs/waterfall-unsupported.ll 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: error: unsupported use of a divergent buffer resource: %i = ptrtoint ptr addrspace(8) %r to i64

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; A select between two uniform resources on a lane-dependent condition:
; the select becomes one of their V# words; the load runs in a loop whose
; header reads the first active lane's V# (readfirstlane), whose body runs
; for the lanes holding it, and whose latch lets them leave.
; CHECK-LABEL: define amdgpu_kernel void @sel(
; CHECK: %[[W0:.*]] = bitcast i128 %{{.*}} to <4 x i32>
; CHECK: %[[W1:.*]] = bitcast i128 %{{.*}} to <4 x i32>
; CHECK: %[[W:.*]] = select i1 %c, <4 x i32> %[[W1]], <4 x i32> %[[W0]]
; CHECK-NEXT: %o = shl i32 %t, 2
; CHECK-NEXT: br label %wf.head
; CHECK: wf.head:
; CHECK-NEXT: %[[E0:.*]] = extractelement <4 x i32> %[[W]], i32 0
; CHECK-NEXT: %[[U0:.*]] = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %[[E0]])
; CHECK-COUNT-3: call i32 @llvm.amdgcn.readfirstlane.i32
; The V# is compared as two 64-bit pairs (v_cmp_eq_u64, as llc-19 does).
; CHECK: %[[W64:.*]] = bitcast <4 x i32> %[[W]] to <2 x i64>
; CHECK: icmp eq i64
; CHECK: icmp eq i64
; CHECK-NOT: icmp
; CHECK: %[[M:.*]] = and i1
; CHECK: %wf.rsrc = inttoptr i128 %{{.*}} to ptr addrspace(8)
; The branch is marked: its mask holds the lane readfirstlane read.
; CHECK-NEXT: br i1 %[[M]], label %wf.body, label %wf.latch, !wavecc.first.lane
; CHECK: wf.body:
; CHECK-NEXT: %[[V:.*]] = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %wf.rsrc, i32 %o, i32 0, i32 0)
; CHECK-NEXT: br label %wf.latch
; CHECK: wf.latch:
; CHECK-NEXT: %wf.value = phi i32 [ %[[V]], %wf.body ], [ poison, %wf.head ]
; CHECK-NEXT: br i1 %[[M]], label %wf.exit, label %wf.head
; CHECK: wf.exit:
; CHECK-NEXT: store i32 %wf.value, ptr addrspace(1) %out
; The uniform resource %r0 is accessed without a loop.
; CHECK-NEXT: call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %wf.value, ptr addrspace(8) %r0, i32 0, i32 0, i32 0)
; CHECK-NEXT: ret void
; The loop in machine code (a structured loop with a divergent exit):
; EXEC saved before it; each iteration reads one lane's V#, runs the load
; under s_and_saveexec for the matching lanes, removes them from EXEC and
; branches back while lanes remain; EXEC restored after the loop.
; ASM-LABEL: sel:
; ASM: s_mov_b64 [[SAVE:s\[[0-9]+:[0-9]+\]]], exec
; ASM: [[HEAD:.Lsel_BB[0-9]+]]:
; ASM-COUNT-4: v_readfirstlane_b32
; ASM-NEXT: v_cmp_eq_u64_e64 s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}]
; ASM-NEXT: v_cmp_eq_u64_e64 s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}]
; ASM-NEXT: s_and_b64
; The matching lanes are never none (the first active lane matches
; itself): no s_cbranch_execz around the body.
; ASM-NEXT: s_and_saveexec_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]], s
; ASM-NEXT: .Lsel_BB{{[0-9]+}}:
; The readfirstlanes write the V# in place (no copies), so the VALU-SGPR
; write -> VMEM read hazard needs one wait state.
; ASM-NEXT: s_nop 0
; ASM-NEXT: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen
; The join's restore and the matched lanes' exit in one instruction:
; (saved & match) ^ saved = the lanes still waiting (llc-19's s_xor_b64).
; ASM-NOT: s_or_b64 exec
; ASM-NOT: s_andn2_b64 exec
; ASM: s_xor_b64 exec, exec, [[SAVED]]
; ASM-NEXT: s_cbranch_execnz [[HEAD]]
; ASM-NEXT: .Lsel_BB{{[0-9]+}}:
; ASM-NEXT: s_mov_b64 exec, [[SAVE]]
; ASM: buffer_store_dword
define amdgpu_kernel void @sel(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
  %r0 = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %in, i16 0, i32 %n, i32 159744)
  %r1 = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %out, i16 0, i32 %n, i32 159744)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = and i32 %t, 1
  %c = icmp eq i32 %a, 0
  %r = select i1 %c, ptr addrspace(8) %r1, ptr addrspace(8) %r0
  %o = shl i32 %t, 2
  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 %o, i32 0, i32 0)
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %v, ptr addrspace(8) %r0, i32 0, i32 0, i32 0)
  ret void
}

; make.buffer.rsrc of a lane-dependent base becomes its V# words (base
; low, base high & 0xffff | stride << 16, num_records, flags); a phi of
; divergent resources becomes a phi of words; an atomic without users
; keeps no value; icmp eq compares the four words.
; CHECK-LABEL: define amdgpu_kernel void @make_phi(
; CHECK: %[[B:.*]] = ptrtoint ptr addrspace(1) %p to i64
; CHECK-NEXT: trunc i64 %[[B]] to i32
; CHECK-NEXT: lshr i64 %[[B]], 32
; CHECK-NEXT: trunc i64
; CHECK-NEXT: and i32 %{{.*}}, 65535
; CHECK-NEXT: or i32 %{{.*}}, 262144
; CHECK: insertelement <4 x i32> %{{.*}}, i32 %n, i32 2
; CHECK-NEXT: insertelement <4 x i32> %{{.*}}, i32 7, i32 3
; CHECK: join:
; CHECK-NEXT: %rj.words = phi <4 x i32>
; CHECK: wf.body:
; CHECK-NEXT: call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %wf.rsrc, i32 0, i32 0, i32 0)
; CHECK-NEXT: br label %wf.latch
; CHECK: wf.latch:
; CHECK-NEXT: br i1
; CHECK: wf.exit:
; CHECK-COUNT-4: icmp eq i32
; CHECK: %[[Z:.*]] = zext i1 %{{.*}} to i32
; CHECK-NOT: ptr addrspace(8) %rj
define amdgpu_kernel void @make_phi(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %rd = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %p, i16 4, i32 %n, i32 7)
  %ru = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %out, i16 0, i32 %n, i32 7)
  %c = icmp ult i32 %t, 5
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %rj = phi ptr addrspace(8) [ %rd, %then ], [ %ru, %entry ]
  %x = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %rj, i32 0, i32 0, i32 0)
  %e = icmp eq ptr addrspace(8) %rj, %ru
  %z = zext i1 %e to i32
  store i32 %z, ptr addrspace(1) %out
  ret void
}

; s.buffer.load of a divergent <4 x i32> gets the loop on the vector itself.
; CHECK-LABEL: define amdgpu_kernel void @sload(
; CHECK: wf.body:
; CHECK-NEXT: call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %{{.*}}, i32 8, i32 0)
; Only the divergent word needs v_readfirstlane; inside the structured
; loop the body's V# is uniform (read from the first lane), so the load
; stays s_buffer_load.
; ASM-LABEL: sload:
; ASM: v_readfirstlane_b32
; ASM: s_buffer_load_dword s{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0x8
define amdgpu_kernel void @sload(ptr addrspace(1) %out, <4 x i32> %w) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = insertelement <4 x i32> %w, i32 %t, i32 2
  %x = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %v, i32 8, i32 0)
  store i32 %x, ptr addrspace(1) %out
  ret void
}

; A uniform resource with a divergent offset needs no loop: the selector
; makes s.buffer.load a MUBUF load with the offset in a VGPR.
; CHECK-LABEL: define amdgpu_kernel void @sload_voff(
; CHECK-NOT: readfirstlane
; CHECK: call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %w, i32 %o, i32 1)
; ASM-LABEL: sload_voff:
; ASM-NOT: v_readfirstlane_b32
; ASM-NOT: s_buffer_load
; ASM: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen glc
define amdgpu_kernel void @sload_voff(ptr addrspace(1) %out, <4 x i32> %w) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %o = shl i32 %t, 2
  %x = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %w, i32 %o, i32 1)
  store i32 %x, ptr addrspace(1) %out
  ret void
}

; A resource made from a divergent base with a uniform num_records and
; constant flags: words 2 and 3 are the same in every lane, so only the
; base pair is compared (one v_cmp_eq_u64; llc-19 compares both pairs).
; CHECK-LABEL: define amdgpu_kernel void @mk(
; CHECK: wf.head:
; CHECK: icmp eq i64
; CHECK-NOT: icmp
; CHECK: br i1 %{{.*}}, label %wf.body, label %wf.latch, !wavecc.first.lane
; ASM-LABEL: mk:
; ASM: v_cmp_eq_u64_e64
; ASM-NOT: v_cmp
; ASM: s_and_saveexec_b64 [[SV:s\[[0-9]+:[0-9]+\]]], s
; ASM-NOT: s_cbranch_execz
; ASM: buffer_atomic_add
; ASM: s_xor_b64 exec, exec, [[SV]]
; ASM-NEXT: s_cbranch_execnz
; Wave32 (gfx1100): the same loop on 32-bit lane masks.
; W32-LABEL: mk:
; W32: v_cmp_eq_u64_e64 [[M:s[0-9]+]],
; W32-NOT: v_cmp
; W32: s_and_saveexec_b32 [[SV:s[0-9]+]], [[M]]
; W32-NOT: s_cbranch_execz
; W32: buffer_atomic_add_u32
; W32: s_xor_b32 exec_lo, exec_lo, [[SV]]
; W32-NEXT: s_cbranch_execnz
define amdgpu_kernel void @mk(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = and i32 %t, 3
  %o = shl i32 %a, 6
  %p = getelementptr i8, ptr addrspace(1) %in, i32 %o
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %p, i16 0, i32 %n, i32 159744)
  %x = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  store i32 %x, ptr addrspace(1) %out
  ret void
}

declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32>, i32, i32)
