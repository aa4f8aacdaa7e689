; [config]
; name: typed buffer accesses the emulator refuses
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; # The emulator's typed buffer access (src/emu/exec_typed.c) models the
; # GFX9 formats and the conversions that are exact; the rest is a fault
; # naming what is not modelled, never a guessed value: a swizzled DST_SEL
; # (the fat-pointer default flags have DST_SEL 0), a rounding UNORM store,
; # an out-of-range typed load (which W the hardware returns is not stated).
; # Working accesses: tests/kernels/f_buffer_typed.ll.
; # RUN: %not %wavecc-run --compiler=wavecc %s 2>&1 | FileCheck %s
; # CHECK-DAG: buffer_load_format_x: typed buffer access with V# DST_SEL 0x000: only the identity swizzle (X, Y, Z, W: 0xfac) is modelled
; # CHECK-DAG: buffer_store_format_x: typed buffer store of 1 32-bit component(s) into 1 x 8-bit UNORM: conversion not modelled
; # CHECK-DAG: buffer_load_format_xy: typed buffer load out of range (lane 0): the value returned is not modelled
; # CHECK: 0 passed, 3 failed
;
; [test]
; name: DST_SEL 0
; kernel_name: dstsel0
; arg_in: 0 buffer uint[64] repeat 1
; arg_out: 0 buffer uint[64] repeat 1
;
; [test]
; name: UNORM store
; kernel_name: unorm_store
; arg_in: 0 buffer uint[64] repeat 1
; arg_out: 0 buffer uint[64] repeat 1
;
; [test]
; name: out-of-range load
; kernel_name: oob_load
; arg_in: 0 buffer uint[64] repeat 1
; arg_out: 0 buffer uint[64] repeat 1

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare float @llvm.amdgcn.struct.ptr.buffer.load.format.f32(ptr addrspace(8), i32, i32, i32, i32)
declare <2 x float> @llvm.amdgcn.struct.ptr.buffer.load.format.v2f32(ptr addrspace(8), i32, i32, i32, i32)
declare void @llvm.amdgcn.struct.ptr.buffer.store.format.f32(float, ptr addrspace(8), i32, i32, i32, i32)

define amdgpu_kernel void @dstsel0(ptr addrspace(1) %b) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  ; 32 FLOAT, DST_SEL 0 (159744: the fat-pointer default)
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %b, i16 4, i32 64, i32 159744)
  %v = call float @llvm.amdgcn.struct.ptr.buffer.load.format.f32(ptr addrspace(8) %r, i32 %i, i32 0, i32 0, i32 0)
  %p = getelementptr float, ptr addrspace(1) %b, i32 %i
  store float %v, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @unorm_store(ptr addrspace(1) %b) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  ; 8 UNORM, identity DST_SEL: 0xfac | 1 << 15
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %b, i16 1, i32 64, i32 36780)
  call void @llvm.amdgcn.struct.ptr.buffer.store.format.f32(float 0.5, ptr addrspace(8) %r, i32 %i, i32 0, i32 0, i32 0)
  ret void
}

define amdgpu_kernel void @oob_load(ptr addrspace(1) %b) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  ; 32_32 FLOAT, identity DST_SEL, num_records 0: every index out of range
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %b, i16 8, i32 0, i32 393132)
  %v = call <2 x float> @llvm.amdgcn.struct.ptr.buffer.load.format.v2f32(ptr addrspace(8) %r, i32 %i, i32 0, i32 0, i32 0)
  %x = extractelement <2 x float> %v, i32 0
  %p = getelementptr float, ptr addrspace(1) %b, i32 %i
  store float %x, ptr addrspace(1) %p
  ret void
}
