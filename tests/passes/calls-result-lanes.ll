; A function's SGPR spills in the lanes of one of its result VGPRs
; (frame.c find_saved, low_lanes): at 8 VGPRs / 24 SGPRs @f spills SGPRs
; with v_writelane_b32 into v1, its second result, which it may clobber in
; the lanes the call runs but not in the others, where a caller in
; divergent control flow may keep a value (tests/kernels/
; f_call_result_lanes.ll). The prologue stores v1 whole with the saved
; VGPRs; the epilogue reloads it last, with EXEC = ~VCC (the lanes the
; call does not run), so the result in the other lanes stays.
; RUN: %wavecc --max-vgprs=8 --max-sgprs=24 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: f:
; CHECK: s_or_saveexec_b64 vcc, -1
; CHECK: buffer_store_dword v1, off, s[0:3], s6 offset:[[SLOT:[0-9]+]]
; CHECK: s_mov_b64 exec, vcc
; CHECK: v_writelane_b32 v1, s{{[0-9]+}}, 0
; CHECK: v_mov_b32_e32 v1,
; CHECK-NEXT: s_or_saveexec_b64 vcc, -1
; CHECK: s_not_b64 exec, vcc
; CHECK-NEXT: buffer_load_dword v1, off, s[0:3], s6 offset:[[SLOT]]
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: s_mov_b64 exec, vcc
; CHECK-NEXT: s_setpc_b64
target triple = "amdgcn-amd-amdhsa"

@tab = internal addrspace(4) constant [15 x i32] [i32 3, i32 1010, i32 2031, i32 3066, i32 4115, i32 5178, i32 6255, i32 7346, i32 8451, i32 9570, i32 10703, i32 11850, i32 13011, i32 14186, i32 15375]

define internal <2 x i32> @f(i32 %x) noinline {
entry:
  %first = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %x)
  %base = and i32 %first, 1
  %ix0 = add i32 %base, 0
  %p0 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix0
  %s0 = load i32, ptr addrspace(4) %p0
  %ix1 = add i32 %base, 1
  %p1 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix1
  %s1 = load i32, ptr addrspace(4) %p1
  %ix2 = add i32 %base, 2
  %p2 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix2
  %s2 = load i32, ptr addrspace(4) %p2
  %ix3 = add i32 %base, 3
  %p3 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix3
  %s3 = load i32, ptr addrspace(4) %p3
  %ix4 = add i32 %base, 4
  %p4 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix4
  %s4 = load i32, ptr addrspace(4) %p4
  %ix5 = add i32 %base, 5
  %p5 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix5
  %s5 = load i32, ptr addrspace(4) %p5
  %ix6 = add i32 %base, 6
  %p6 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix6
  %s6 = load i32, ptr addrspace(4) %p6
  %ix7 = add i32 %base, 7
  %p7 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix7
  %s7 = load i32, ptr addrspace(4) %p7
  %ix8 = add i32 %base, 8
  %p8 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix8
  %s8 = load i32, ptr addrspace(4) %p8
  %ix9 = add i32 %base, 9
  %p9 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix9
  %s9 = load i32, ptr addrspace(4) %p9
  %ix10 = add i32 %base, 10
  %p10 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix10
  %s10 = load i32, ptr addrspace(4) %p10
  %ix11 = add i32 %base, 11
  %p11 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix11
  %s11 = load i32, ptr addrspace(4) %p11
  %ix12 = add i32 %base, 12
  %p12 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix12
  %s12 = load i32, ptr addrspace(4) %p12
  %ix13 = add i32 %base, 13
  %p13 = getelementptr [15 x i32], ptr addrspace(4) @tab, i32 0, i32 %ix13
  %s13 = load i32, ptr addrspace(4) %p13
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %a0 = phi i32 [%x, %entry], [%a14, %loop]
  %a1 = add i32 %a0, %s0
  %a2 = xor i32 %a1, %s1
  %a3 = add i32 %a2, %s2
  %a4 = xor i32 %a3, %s3
  %a5 = add i32 %a4, %s4
  %a6 = xor i32 %a5, %s5
  %a7 = add i32 %a6, %s6
  %a8 = xor i32 %a7, %s7
  %a9 = add i32 %a8, %s8
  %a10 = xor i32 %a9, %s9
  %a11 = add i32 %a10, %s10
  %a12 = xor i32 %a11, %s11
  %a13 = add i32 %a12, %s12
  %a14 = xor i32 %a13, %s13
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 5
  br i1 %c, label %loop, label %done
done:
  %v0 = insertelement <2 x i32> undef, i32 %a14, i32 0
  %y = mul i32 %a14, 3
  %v1 = insertelement <2 x i32> %v0, i32 %y, i32 1
  ret <2 x i32> %v1
}

define amdgpu_kernel void @k_lanes(ptr addrspace(1) %out, i32 %u) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %odd = and i32 %id, 1
  %keep = mul i32 %id, 7
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %then, label %join
then:
  %x = add i32 %id, %u
  %rv = call <2 x i32> @f(i32 %x)
  %r0 = extractelement <2 x i32> %rv, i32 0
  %r1 = extractelement <2 x i32> %rv, i32 1
  %r = xor i32 %r0, %r1
  br label %join
join:
  %v = phi i32 [%r, %then], [%keep, %entry]
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
