; Calls across code objects on gfx1100 (architected flat scratch) with
; llc-19: calls-interop-byval.ll's 32 VGPR arguments, a byval object and an
; argument past it on the stack, and allocas on both sides. With flat
; scratch there is no private segment buffer in s[0:3] and the stack
; pointer s32 counts a lane's bytes (llc-19 -mcpu=gfx1100: s_mov_b32 s32,
; F; scratch_store_b32 off, vN, s32 offset:X), so wavecc's frames must use
; that unit for the two sides to agree. Fails on main: -mcpu=gfx1100 with
; private memory was refused ("no private segment buffer").
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -mcpu=gfx1100 -S %t/callee.ll -o %t/cw.s
; RUN: FileCheck %s --check-prefix=CALLEE < %t/cw.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %t/cw.s -o %t/cw.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %t/kernel.ll -o %t/kl.o
; RUN: %ld.lld -shared %t/kl.o %t/cw.o -o %t/llc-kernel-wavecc-callee.hsaco
; RUN: %wavecc-run --mcpu=gfx1100 --code-object=%t/llc-kernel-wavecc-callee.hsaco %t/kernel.ll | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -S %t/kernel.ll -o %t/kw.s
; RUN: FileCheck %s --check-prefix=KERNEL < %t/kw.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %t/kw.s -o %t/kw.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %t/callee.ll -o %t/cl.o
; RUN: %ld.lld -shared %t/kw.o %t/cl.o -o %t/wavecc-kernel-llc-callee.hsaco
; RUN: %wavecc-run --mcpu=gfx1100 --code-object=%t/wavecc-kernel-llc-callee.hsaco %t/kernel.ll | FileCheck %s
; CHECK: pass {{.*}}: byval
; CHECK: 1 passed, 0 failed
; the callee reads its stack arguments at its stack pointer, in lane bytes
; CALLEE-LABEL: f:
; CALLEE-NOT: s[0:3]
; CALLEE-DAG: scratch_load_b32 v{{[0-9]+}}, off, s32{{$}}
; CALLEE-DAG: scratch_load_b32 v{{[0-9]+}}, off, s32 offset:28
; the kernel: its frame from FLAT_SCRATCH's base, the callees' past it
; KERNEL-LABEL: k:
; KERNEL-DAG: s_mov_b32 s32, 64
; KERNEL-DAG: scratch_store_b32 off, v{{[0-9]+}}, off offset:16
; KERNEL: scratch_store_b32 off, v{{[0-9]+}}, s32{{$}}
; KERNEL: s_swappc_b64
; KERNEL-NOT: private_segment_buffer
; KERNEL: .amdhsa_enable_private_segment 1

;--- callee.ll
target triple = "amdgcn-amd-amdhsa"
%S = type { [5 x i32] }
define i32 @f(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %a4, i32 %a5, i32 %a6, i32 %a7, i32 %a8, i32 %a9, i32 %a10, i32 %a11, i32 %a12, i32 %a13, i32 %a14, i32 %a15, i32 %a16, i32 %a17, i32 %a18, i32 %a19, i32 %a20, i32 %a21, i32 %a22, i32 %a23, i32 %a24, i32 %a25, i32 %a26, i32 %a27, i32 %a28, i32 %a29, i32 %a30, i32 %a31, ptr addrspace(5) byval(%S) align 8 %s, i32 %b) noinline {
  %p0 = getelementptr i32, ptr addrspace(5) %s, i32 0
  %v0 = load i32, ptr addrspace(5) %p0
  %w0 = add i32 %v0, %a31
  store i32 %w0, ptr addrspace(5) %p0
  %q0 = getelementptr i32, ptr addrspace(5) %s, i32 0
  %l0 = load i32, ptr addrspace(5) %q0
  %m0 = mul i32 %l0, 1
  %acc0 = add i32 0, %m0
  %q1 = getelementptr i32, ptr addrspace(5) %s, i32 1
  %l1 = load i32, ptr addrspace(5) %q1
  %m1 = mul i32 %l1, 2
  %acc1 = add i32 %acc0, %m1
  %q2 = getelementptr i32, ptr addrspace(5) %s, i32 2
  %l2 = load i32, ptr addrspace(5) %q2
  %m2 = mul i32 %l2, 3
  %acc2 = add i32 %acc1, %m2
  %q3 = getelementptr i32, ptr addrspace(5) %s, i32 3
  %l3 = load i32, ptr addrspace(5) %q3
  %m3 = mul i32 %l3, 4
  %acc3 = add i32 %acc2, %m3
  %q4 = getelementptr i32, ptr addrspace(5) %s, i32 4
  %l4 = load i32, ptr addrspace(5) %q4
  %m4 = mul i32 %l4, 5
  %acc4 = add i32 %acc3, %m4
  %x = mul i32 %a31, 2
  %y = add i32 %a0, %x
  %b3 = mul i32 %b, 3
  %z = add i32 %y, %b3
  %r = add i32 %z, %acc4
  ret i32 %r
}

;--- kernel.ll
; [config]
; name: byval
; dimensions: 1
;
; [test]
; name: byval
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer uint[64] 977 1063 1149 1235 1321 1407 1493 1579 1665 1751 1837 1923 2009 2095 2181 2267 \
;     2353 2439 2525 2611 2697 2783 2869 2955 3041 3127 3213 3299 3385 3471 3557 3643 \
;     3729 3815 3901 3987 4073 4159 4245 4331 4417 4503 4589 4675 4761 4847 4933 5019 \
;     5105 5191 5277 5363 5449 5535 5621 5707 5793 5879 5965 6051 6137 6223 6309 6395
target triple = "amdgcn-amd-amdhsa"
%S = type { [5 x i32] }
declare hidden i32 @f(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, ptr addrspace(5) byval(%S) align 8, i32)
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %o = alloca %S, align 8, addrspace(5)
  %g0 = getelementptr i32, ptr addrspace(5) %o, i32 0
  %h0 = mul i32 %lid, 1
  %e0 = add i32 %h0, 0
  store i32 %e0, ptr addrspace(5) %g0
  %g1 = getelementptr i32, ptr addrspace(5) %o, i32 1
  %h1 = mul i32 %lid, 2
  %e1 = add i32 %h1, 1
  store i32 %e1, ptr addrspace(5) %g1
  %g2 = getelementptr i32, ptr addrspace(5) %o, i32 2
  %h2 = mul i32 %lid, 3
  %e2 = add i32 %h2, 2
  store i32 %e2, ptr addrspace(5) %g2
  %g3 = getelementptr i32, ptr addrspace(5) %o, i32 3
  %h3 = mul i32 %lid, 4
  %e3 = add i32 %h3, 3
  store i32 %e3, ptr addrspace(5) %g3
  %g4 = getelementptr i32, ptr addrspace(5) %o, i32 4
  %h4 = mul i32 %lid, 5
  %e4 = add i32 %h4, 4
  store i32 %e4, ptr addrspace(5) %g4
  %c0 = add i32 %lid, 0
  %c1 = add i32 %lid, 10
  %c2 = add i32 %lid, 20
  %c3 = add i32 %lid, 30
  %c4 = add i32 %lid, 40
  %c5 = add i32 %lid, 50
  %c6 = add i32 %lid, 60
  %c7 = add i32 %lid, 70
  %c8 = add i32 %lid, 80
  %c9 = add i32 %lid, 90
  %c10 = add i32 %lid, 100
  %c11 = add i32 %lid, 110
  %c12 = add i32 %lid, 120
  %c13 = add i32 %lid, 130
  %c14 = add i32 %lid, 140
  %c15 = add i32 %lid, 150
  %c16 = add i32 %lid, 160
  %c17 = add i32 %lid, 170
  %c18 = add i32 %lid, 180
  %c19 = add i32 %lid, 190
  %c20 = add i32 %lid, 200
  %c21 = add i32 %lid, 210
  %c22 = add i32 %lid, 220
  %c23 = add i32 %lid, 230
  %c24 = add i32 %lid, 240
  %c25 = add i32 %lid, 250
  %c26 = add i32 %lid, 260
  %c27 = add i32 %lid, 270
  %c28 = add i32 %lid, 280
  %c29 = add i32 %lid, 290
  %c30 = add i32 %lid, 300
  %c31 = add i32 %lid, 310
  %b = mul i32 %lid, 7
  %b1 = add i32 %b, 1
  %r = call i32 @f(i32 %c0, i32 %c1, i32 %c2, i32 %c3, i32 %c4, i32 %c5, i32 %c6, i32 %c7, i32 %c8, i32 %c9, i32 %c10, i32 %c11, i32 %c12, i32 %c13, i32 %c14, i32 %c15, i32 %c16, i32 %c17, i32 %c18, i32 %c19, i32 %c20, i32 %c21, i32 %c22, i32 %c23, i32 %c24, i32 %c25, i32 %c26, i32 %c27, i32 %c28, i32 %c29, i32 %c30, i32 %c31, ptr addrspace(5) byval(%S) align 8 %o, i32 %b1)
  %k0 = load i32, ptr addrspace(5) %o
  %k4 = load i32, ptr addrspace(5) %g4
  %s0 = add i32 %r, %k0
  %s1 = add i32 %s0, %k4
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %lid
  store i32 %s1, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
