; sched-pressure (sched_pressure.c), occupancy mode: a kernel that fits
; its VGPR budget but computes all eight results before the first store
; (the IR's order) has 33 VGPRs live at gfx900, 7 waves per SIMD. The
; regions over the next occupancy step (32 VGPRs for 8 waves) are list-
; scheduled for pressure, each result just before its store; the load
; stays where sched-loads put it. The new order is kept because the
; program's occupancy rises. At gfx942 (512 VGPRs per SIMD lane, 8 waves
; at most) 33 VGPRs already give the most waves: the order is left alone.
; RUN: %wavecc -mcpu=gfx900 --stats -filetype=null %s 2>&1 | FileCheck %s
; RUN: %wavecc -mcpu=gfx942 --stats -filetype=null %s 2>&1 | FileCheck %s --check-prefix=CDNA3
; RUN: %wavecc -mcpu=gfx900 -S %s -o - | FileCheck %s --check-prefix=ASM
; CHECK: k: {{.*}} NumVgprs {{1?[0-9]}}, {{.*}} Occupancy {{8|9|10}},
; CDNA3: k: {{.*}} NumVgprs 3{{[0-9]}},
; ASM: global_load_dwordx4
; ASM: v_xor_b32
; ASM: global_store_dwordx4
; ASM: v_mul_lo_u32
; ASM: global_store_dwordx4
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = zext i32 %tid to i64
  %pa = getelementptr <4 x i32>, ptr addrspace(1) %a, i64 %t
  %x = load <4 x i32>, ptr addrspace(1) %pa, align 16
  %m0 = mul <4 x i32> %x, <i32 13107, i32 13108, i32 13109, i32 13110>
  %r0 = xor <4 x i32> %m0, <i32 13114, i32 13112, i32 13116, i32 13118>
  %m1 = mul <4 x i32> %x, <i32 17476, i32 17477, i32 17478, i32 17479>
  %r1 = xor <4 x i32> %m1, <i32 17483, i32 17481, i32 17485, i32 17487>
  %m2 = mul <4 x i32> %x, <i32 21845, i32 21846, i32 21847, i32 21848>
  %r2 = xor <4 x i32> %m2, <i32 21852, i32 21850, i32 21854, i32 21856>
  %m3 = mul <4 x i32> %x, <i32 26214, i32 26215, i32 26216, i32 26217>
  %r3 = xor <4 x i32> %m3, <i32 26221, i32 26219, i32 26223, i32 26225>
  %m4 = mul <4 x i32> %x, <i32 30583, i32 30584, i32 30585, i32 30586>
  %r4 = xor <4 x i32> %m4, <i32 30590, i32 30588, i32 30592, i32 30594>
  %m5 = mul <4 x i32> %x, <i32 34952, i32 34953, i32 34954, i32 34955>
  %r5 = xor <4 x i32> %m5, <i32 34959, i32 34957, i32 34961, i32 34963>
  %m6 = mul <4 x i32> %x, <i32 39321, i32 39322, i32 39323, i32 39324>
  %r6 = xor <4 x i32> %m6, <i32 39328, i32 39326, i32 39330, i32 39332>
  %m7 = mul <4 x i32> %x, <i32 43690, i32 43691, i32 43692, i32 43693>
  %r7 = xor <4 x i32> %m7, <i32 43697, i32 43695, i32 43699, i32 43701>
  %b = mul i64 %t, 8
  %i0 = add i64 %b, 0
  %p0 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 %i0
  store <4 x i32> %r0, ptr addrspace(1) %p0, align 16
  %i1 = add i64 %b, 1
  %p1 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 %i1
  store <4 x i32> %r1, ptr addrspace(1) %p1, align 16
  %i2 = add i64 %b, 2
  %p2 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 %i2
  store <4 x i32> %r2, ptr addrspace(1) %p2, align 16
  %i3 = add i64 %b, 3
  %p3 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 %i3
  store <4 x i32> %r3, ptr addrspace(1) %p3, align 16
  %i4 = add i64 %b, 4
  %p4 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 %i4
  store <4 x i32> %r4, ptr addrspace(1) %p4, align 16
  %i5 = add i64 %b, 5
  %p5 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 %i5
  store <4 x i32> %r5, ptr addrspace(1) %p5, align 16
  %i6 = add i64 %b, 6
  %p6 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 %i6
  store <4 x i32> %r6, ptr addrspace(1) %p6, align 16
  %i7 = add i64 %b, 7
  %p7 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 %i7
  store <4 x i32> %r7, ptr addrspace(1) %p7, align 16
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
