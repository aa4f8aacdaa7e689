; Typed buffer accesses (llvm.amdgcn.*.buffer.store.format / load.format,
; and llvm.amdgcn.*.tbuffer.load/store with the format in the instruction:
; MTBUF, format:N = DATA_FORMAT | NUM_FORMAT << 4)
; convert through the V#'s data and number format in the hardware: they
; select to buffer_{load,store}_format_* (d16 forms for 16-bit components,
; packed two per dword as on GFX9) where the target has the GFX9 V# layout
; (gfx900); elsewhere they are refused (RDNA's unified FORMAT field is not
; modelled). Once main selected buffer.store.format.f16 as
; buffer_store_short (right for a 16_FLOAT resource only), later it refused
; every typed access. buffer.load.lds (LDS DMA) stays refused (it hung the
; selector once). Execution: tests/kernels/f_buffer_typed.ll.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -mcpu=gfx900 %t/fmt.ll -S -o - | FileCheck %s --check-prefix=FMT
; RUN: %wavecc -mcpu=gfx900 %t/fmt.ll -o %t/x.o --assembler=check
; RUN: %not %wavecc -mcpu=gfx1030 %t/fmt.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=RDNA
; RUN: %not %wavecc -mcpu=gfx900 %t/lds.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=LDS
; FMT-LABEL: st16:
; FMT: buffer_store_format_d16_x v{{[0-9]+}}, off, s[{{[0-9]+}}:{{[0-9]+}}], 0{{$}}
; FMT-LABEL: st3h:
; FMT: buffer_store_format_d16_xyz v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 idxen{{$}}
; FMT-LABEL: ld4:
; FMT: buffer_load_format_xyzw v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen offset:16{{$}}
; FMT-LABEL: ld2h:
; FMT: buffer_load_format_d16_xy v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], 0 idxen offen{{$}}
; FMT-LABEL: tst:
; FMT: tbuffer_store_format_d16_x v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 format:33 idxen{{$}}
; FMT-LABEL: tld:
; FMT: tbuffer_load_format_xy v[{{[0-9]+}}:{{[0-9]+}}], off, s[{{[0-9]+}}:{{[0-9]+}}], 0 format:75 offset:8 glc{{$}}
; RDNA: error: unsupported typed buffer access on this target (its V# format field is not modelled; gfx900 only)
; LDS: error: unsupported buffer load to LDS (llvm.amdgcn.*.buffer.load.lds)

;--- fmt.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @st16(ptr addrspace(8) %r, half %d) {
  call void @llvm.amdgcn.raw.ptr.buffer.store.format.f16(half %d, ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  ret void
}
define amdgpu_kernel void @st3h(<4 x i32> %r, <3 x half> %d, i32 %i) {
  call void @llvm.amdgcn.struct.buffer.store.format.v3f16(<3 x half> %d, <4 x i32> %r, i32 %i, i32 0, i32 0, i32 0)
  ret void
}
define amdgpu_kernel void @ld4(ptr addrspace(8) %r, i32 %o, ptr addrspace(1) %out) {
  %x = add nuw i32 %o, 16
  %v = call <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.format.v4f32(ptr addrspace(8) %r, i32 %x, i32 0, i32 0)
  store <4 x float> %v, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @ld2h(ptr addrspace(8) %r, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %v = call <2 x half> @llvm.amdgcn.struct.ptr.buffer.load.format.v2f16(ptr addrspace(8) %r, i32 %i, i32 %i, i32 0, i32 0)
  store <2 x half> %v, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @tst(<4 x i32> %r, half %d, i32 %i) {
  call void @llvm.amdgcn.struct.tbuffer.store.f16(half %d, <4 x i32> %r, i32 %i, i32 0, i32 0, i32 33, i32 0)
  ret void
}
define amdgpu_kernel void @tld(ptr addrspace(8) %r, ptr addrspace(1) %out) {
  %v = call <2 x i32> @llvm.amdgcn.raw.ptr.tbuffer.load.v2i32(ptr addrspace(8) %r, i32 8, i32 0, i32 75, i32 1)
  store <2 x i32> %v, ptr addrspace(1) %out
  ret void
}
declare void @llvm.amdgcn.struct.tbuffer.store.f16(half, <4 x i32>, i32, i32, i32, i32, i32)
declare <2 x i32> @llvm.amdgcn.raw.ptr.tbuffer.load.v2i32(ptr addrspace(8), i32, i32, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.raw.ptr.buffer.store.format.f16(half, ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.struct.buffer.store.format.v3f16(<3 x half>, <4 x i32>, i32, i32, i32, i32)
declare <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.format.v4f32(ptr addrspace(8), i32, i32, i32)
declare <2 x half> @llvm.amdgcn.struct.ptr.buffer.load.format.v2f16(ptr addrspace(8), i32, i32, i32, i32)

;--- lds.ll
target triple = "amdgcn-amd-amdhsa"
@lds = addrspace(3) global [64 x i32] undef
define amdgpu_kernel void @k(ptr addrspace(8) %r, ptr addrspace(1) %o) {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %o
  ret void
}
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
