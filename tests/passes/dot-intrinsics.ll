; The dot-product intrinsics and global.atomic.csub (issue 27, isel_dot.c)
; select to the instruction the GPU's encoding family has, with the clamp
; operand as the clamp bit, as llc-19 selects them: gfx90a/gfx1030 the
; VOP3P v_dot*, gfx1100 the signed dot4/dot8 as v_dot4_i32_iu8 /
; v_dot8_i32_iu4 with neg_lo:[1,1,0] (sudot: the sign operands), csub on
; RDNA only; elsewhere a "not supported on this GPU" error, as llc-19
; cannot select them there. wavecc refused every one of them before.
; RUN: split-file %s %t
; RUN: %wavecc -mcpu=gfx90a --assembler=check %t/dot.ll -S -o - | FileCheck %s --check-prefix=CDNA
; RUN: %wavecc -mcpu=gfx1030 --assembler=check %t/dot.ll -S -o - | FileCheck %s --check-prefix=CDNA
; RUN: %wavecc -mcpu=gfx1100 --assembler=check %t/su.ll -S -o - | FileCheck %s --check-prefix=GFX11
; RUN: %wavecc -mcpu=gfx1030 --assembler=check %t/csub.ll -S -o - | FileCheck %s --check-prefix=CSUB10
; RUN: %wavecc -mcpu=gfx1100 --assembler=check %t/csub.ll -S -o - | FileCheck %s --check-prefix=CSUB11
; RUN: not %wavecc -mcpu=gfx900 %t/dot.ll -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO
; RUN: not %wavecc -mcpu=gfx1100 %t/dot.ll -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO
; RUN: not %wavecc -mcpu=gfx90a %t/su.ll -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO
; RUN: not %wavecc -mcpu=gfx90a %t/csub.ll -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCSUB

; CDNA-DAG: v_dot2_i32_i16 v{{[0-9]+}}, s{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} clamp
; CDNA-DAG: v_dot2_u32_u16 v{{[0-9]+}}, s{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}{{$}}
; CDNA-DAG: v_dot4_i32_i8 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} clamp
; CDNA-DAG: v_dot4_u32_u8 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}{{$}}
; CDNA-DAG: v_dot8_i32_i4 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}{{$}}
; CDNA-DAG: v_dot8_u32_u4 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} clamp
; CDNA-DAG: v_dot2_f32_f16 v{{[0-9]+}}, s{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} clamp

; GFX11-DAG: v_dot4_i32_iu8 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} neg_lo:[1,1,0] clamp
; GFX11-DAG: v_dot8_i32_iu4 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} neg_lo:[1,1,0]{{$}}
; GFX11-DAG: v_dot4_i32_iu8 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} neg_lo:[0,1,0]{{$}}
; GFX11-DAG: v_dot8_i32_iu4 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} clamp
; GFX11-DAG: v_dot4_u32_u8 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}{{$}}

; CSUB10: global_atomic_csub v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, off glc
; CSUB11: global_atomic_csub_u32 v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, off glc

; NO: error: unsupported intrinsic on this GPU (it has no such dot-product instruction)
; NOCSUB: error: unsupported intrinsic on this GPU (it has no global_atomic_csub)

;--- dot.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o, <2 x i16> %s, <2 x half> %h) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <4 x i32>, ptr addrspace(1) %o, i32 %i
  %v = load <4 x i32>, ptr addrspace(1) %p
  %a = extractelement <4 x i32> %v, i32 0
  %b = extractelement <4 x i32> %v, i32 1
  %c = extractelement <4 x i32> %v, i32 2
  %b2 = bitcast i32 %b to <2 x i16>
  %b2h = bitcast i32 %b to <2 x half>
  %cf = bitcast i32 %c to float
  %r0 = call i32 @llvm.amdgcn.sdot2(<2 x i16> %s, <2 x i16> %b2, i32 %c, i1 1)
  %r1 = call i32 @llvm.amdgcn.udot2(<2 x i16> %s, <2 x i16> %b2, i32 %r0, i1 0)
  %r2 = call i32 @llvm.amdgcn.sdot4(i32 %a, i32 %b, i32 %r1, i1 1)
  %r3 = call i32 @llvm.amdgcn.udot4(i32 %a, i32 %b, i32 %r2, i1 0)
  %r4 = call i32 @llvm.amdgcn.sdot8(i32 %a, i32 %b, i32 %r3, i1 0)
  %r5 = call i32 @llvm.amdgcn.udot8(i32 %a, i32 %b, i32 %r4, i1 1)
  %f = call float @llvm.amdgcn.fdot2(<2 x half> %h, <2 x half> %b2h, float %cf, i1 1)
  %fi = bitcast float %f to i32
  %r = add i32 %r5, %fi
  store i32 %r, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.sdot2(<2 x i16>, <2 x i16>, i32, i1)
declare i32 @llvm.amdgcn.udot2(<2 x i16>, <2 x i16>, i32, i1)
declare i32 @llvm.amdgcn.sdot4(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.udot4(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.sdot8(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.udot8(i32, i32, i32, i1)
declare float @llvm.amdgcn.fdot2(<2 x half>, <2 x half>, float, i1)

;--- su.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <4 x i32>, ptr addrspace(1) %o, i32 %i
  %v = load <4 x i32>, ptr addrspace(1) %p
  %a = extractelement <4 x i32> %v, i32 0
  %b = extractelement <4 x i32> %v, i32 1
  %c = extractelement <4 x i32> %v, i32 2
  %r0 = call i32 @llvm.amdgcn.sdot4(i32 %a, i32 %b, i32 %c, i1 1)
  %r1 = call i32 @llvm.amdgcn.sdot8(i32 %a, i32 %b, i32 %r0, i1 0)
  %r2 = call i32 @llvm.amdgcn.sudot4(i1 0, i32 %a, i1 1, i32 %b, i32 %r1, i1 0)
  %r3 = call i32 @llvm.amdgcn.sudot8(i1 0, i32 %a, i1 0, i32 %b, i32 %r2, i1 1)
  %r4 = call i32 @llvm.amdgcn.udot4(i32 %a, i32 %b, i32 %r3, i1 0)
  store i32 %r4, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.sdot4(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.udot4(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.sdot8(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.sudot4(i1, i32, i1, i32, i32, i1)
declare i32 @llvm.amdgcn.sudot8(i1, i32, i1, i32, i32, i1)

;--- csub.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o, i32 %x) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %o, i32 %i
  %r = call i32 @llvm.amdgcn.global.atomic.csub.p1(ptr addrspace(1) %p, i32 %x)
  store i32 %r, ptr addrspace(1) %o
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.global.atomic.csub.p1(ptr addrspace(1), i32)
