; [config]
; name: kernel arguments of odd types (LLVM's AMDGPU tests: concat_vectors, kernel-args, amdgpu-codegenprepare-idiv, hsa-metadata-from-llvm-ir-full)
; dimensions: 1
; global_size: 1 0 0
; local_size: 1 0 0
;
; # By-value arguments lie in the kernarg segment in LLVM's memory layout:
; # <2 x i1> one byte (bit-packed, element 0 in bit 0), <3 x i15> 8 bytes
; # (45 bits packed), {i32, i64} 16 bytes (4 bytes of padding), [4 x i32]
; # 16 bytes; each at its ABI alignment after the i8 before it. wavecc on
; # main: "unsupported kernel argument type" (and address space 12345);
; # a <3 x i15> store writes 6 bytes, the 3 bits above the 45 zero.
;
; [test]
; name: <2 x i1> arguments
; kernel_name: v2i1
; arg_out: 0 buffer uint[4] 0 1 1 1
; arg_in: 0 buffer uint[4] repeat 7
; arg_in: 1 uchar 9
; arg_in: 2 uchar 2
; arg_in: 3 uchar 3
;
; [test]
; name: <3 x i15> argument
; kernel_name: v3i15
; arg_in: 0 buffer uint[3] repeat 0
; arg_out: 0 buffer uint[3] 12345 32767 1
; # 12345 | 32767 << 15 | 1 << 30
; arg_in: 1 ulong 0x7fffb039
;
; [test]
; name: udiv and store of <3 x i15> (6 bytes: 45 bits, 3 zero bits)
; kernel_name: udiv_v3i15
; arg_in: 0 buffer uint[2] repeat 0xffffffff
; arg_out: 0 buffer uint[2] 357892110 0xffff0001
; # (100, 32767, 9) / (7, 3, 2) = (14, 10922, 4)
; arg_in: 1 ulong 0x27fff8064
; arg_in: 2 ulong 0x80018007
;
; [test]
; name: {i32, i64} argument after an i8
; kernel_name: struct_arg
; arg_in: 0 buffer uint[3] repeat 0
; arg_out: 0 buffer uint[3] 0xdeadbeef 0x89abcdef 0x01234567
; arg_in: 1 uchar 5
; arg_in: 2 uint4 0xdeadbeef 0x55555555 0x89abcdef 0x01234567
;
; [test]
; name: aggregate stores ([4 x i32] argument, {i32, i64} value)
; kernel_name: agg_store
; arg_in: 0 buffer uint[8] repeat 0xaaaaaaaa
; arg_out: 0 buffer uint[8] 11 22 33 99 44 0xaaaaaaaa 66 55
; arg_in: 1 uint4 11 22 33 99
; arg_in: 2 uint 44
;
; [test]
; name: unused pointer argument of an unknown address space
; kernel_name: unknown_as
; arg_in: 0 buffer uint[1] repeat 0
; arg_out: 0 buffer uint[1] 77
; arg_in: 1 buffer uint[1] NULL
; arg_in: 2 uint 77

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @v2i1(ptr addrspace(1) %out, i8 %pad, <2 x i1> %a, <2 x i1> %b) {
  %c = shufflevector <2 x i1> %a, <2 x i1> %b, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %z = zext <4 x i1> %c to <4 x i32>
  store <4 x i32> %z, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @v3i15(ptr addrspace(1) %out, <3 x i15> %x) {
  %z = zext <3 x i15> %x to <3 x i32>
  %e0 = extractelement <3 x i32> %z, i32 0
  %e1 = extractelement <3 x i32> %z, i32 1
  %e2 = extractelement <3 x i32> %z, i32 2
  store i32 %e0, ptr addrspace(1) %out
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %e1, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %e2, ptr addrspace(1) %p2
  ret void
}

define amdgpu_kernel void @udiv_v3i15(ptr addrspace(1) %out, <3 x i15> %x, <3 x i15> %y) {
  %r = udiv <3 x i15> %x, %y
  store <3 x i15> %r, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @struct_arg(ptr addrspace(1) %out, i8 %pad, {i32, i64} %s) {
  %a = extractvalue {i32, i64} %s, 0
  %b = extractvalue {i32, i64} %s, 1
  store i32 %a, ptr addrspace(1) %out
  %p = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i64 %b, ptr addrspace(1) %p, align 4
  ret void
}

define amdgpu_kernel void @agg_store(ptr addrspace(1) %out, [4 x i32] %arr, i32 %v) {
  store [4 x i32] %arr, ptr addrspace(1) %out
  %s0 = insertvalue {i32, i64} undef, i32 %v, 0
  %hi = zext i32 %v to i64
  %w = add i64 %hi, 236223201302
  %s1 = insertvalue {i32, i64} %s0, i64 %w, 1
  %p = getelementptr i32, ptr addrspace(1) %out, i32 4
  store {i32, i64} %s1, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @unknown_as(ptr addrspace(1) %out, ptr addrspace(12345) %q, i32 %v) {
  store i32 %v, ptr addrspace(1) %out
  ret void
}
