; # Float inline constants of 64-bit integer VALU operands are f64
; # patterns: llc-19 selects a divergent shl i64 0x3ff0000000000000, %n as
; # v_lshlrev_b64 v[1:2], v0, 1.0 (LLVM's isInlinableLiteral64 for every
; # 64-bit operand, as for SALU: f_salu_imm64_float.ll). The emulator read
; # a VALU operand's float inline constant as the f32 pattern (fails with
; # --compiler=llc before the fix). Each work-item shifts the f64 patterns
; # of +-0.5, +-1, +-2, +-4 left by its own amount; expected values from a
; # host reference, (lo, hi) dwords.
; [config]
; name: VALU 64-bit integer ops with float inline constants
; kernel_name: k
; dimensions: 1
; global_size: 4 0 0
; local_size: 4 0 0
;
; [test]
; name: shift the f64 inline constants
; arg_in: 0 buffer uint[64] repeat 0
; arg_out: 0 buffer uint[64] 0 1071644672 0 4278190080 0 0 0 0 0 3219128320 0 4278190080 0 0 0 0 0 1072693248 0 4286578688 0 0 0 0 0 3220176896 0 4286578688 0 0 0 0 0 1073741824 0 0 0 0 0 0 0 3221225472 0 0 0 0 0 0 0 1074790400 0 8388608 0 0 0 0 0 3222274048 0 8388608 0 0 0 0
; arg_in: 1 buffer uint[4] 0 3 13 40

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gep = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %n32 = load i32, ptr addrspace(1) %gep
  %n = zext i32 %n32 to i64
  %r0 = shl i64 4602678819172646912, %n
  %i0 = add i32 %tid, 0
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %i0
  store i64 %r0, ptr addrspace(1) %p0
  %r1 = shl i64 -4620693217682128896, %n
  %i1 = add i32 %tid, 4
  %p1 = getelementptr i64, ptr addrspace(1) %out, i32 %i1
  store i64 %r1, ptr addrspace(1) %p1
  %r2 = shl i64 4607182418800017408, %n
  %i2 = add i32 %tid, 8
  %p2 = getelementptr i64, ptr addrspace(1) %out, i32 %i2
  store i64 %r2, ptr addrspace(1) %p2
  %r3 = shl i64 -4616189618054758400, %n
  %i3 = add i32 %tid, 12
  %p3 = getelementptr i64, ptr addrspace(1) %out, i32 %i3
  store i64 %r3, ptr addrspace(1) %p3
  %r4 = shl i64 4611686018427387904, %n
  %i4 = add i32 %tid, 16
  %p4 = getelementptr i64, ptr addrspace(1) %out, i32 %i4
  store i64 %r4, ptr addrspace(1) %p4
  %r5 = shl i64 -4611686018427387904, %n
  %i5 = add i32 %tid, 20
  %p5 = getelementptr i64, ptr addrspace(1) %out, i32 %i5
  store i64 %r5, ptr addrspace(1) %p5
  %r6 = shl i64 4616189618054758400, %n
  %i6 = add i32 %tid, 24
  %p6 = getelementptr i64, ptr addrspace(1) %out, i32 %i6
  store i64 %r6, ptr addrspace(1) %p6
  %r7 = shl i64 -4607182418800017408, %n
  %i7 = add i32 %tid, 28
  %p7 = getelementptr i64, ptr addrspace(1) %out, i32 %i7
  store i64 %r7, ptr addrspace(1) %p7
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
