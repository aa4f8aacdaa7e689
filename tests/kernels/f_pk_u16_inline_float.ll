; # Float inline constants of packed 16-bit integer instructions: llc-19
; # selects add <2 x i16> %x, <0x4000, 0x4000> as
; # v_pk_add_u16 v1, v1, 2.0 op_sel:[0,1] (LLVM 19's
; # shrink-add-sub-constant.ll v_test_v2i16_x_add_neg_fptwo): for a 16-bit
; # integer operand the hardware gives the constant's f32 pattern
; # 0x40000000 and op_sel picks its high half 0x4000 (LLVM's
; # AMDGPUBaseInfo.cpp getInlineEncodingV216: "the ISA guide is misleading",
; # f16 ops get the half value in the low half, 16-bit integer ops the f32
; # value). The emulator gave the f16 pattern (0x00004000), so llc-19's
; # code added 0 (found by tests/llvm-coverage/differential.sh; fails with
; # --compiler=llc before the fix). Each work-item adds the high halves of
; # the f32 patterns of +-0.5, +-1, +-2, +-4 to both halves of its word;
; # expected values from a host reference (16-bit wrap-around).
; [config]
; name: packed 16-bit integer ops with float inline constants
; kernel_name: k
; dimensions: 1
; global_size: 4 0 0
; local_size: 4 0 0
;
; [test]
; name: add the high halves of the f32 inline constants
; arg_in: 0 buffer uint[32] repeat 0
; arg_out: 0 buffer uint[32] 1057046274 1056849669 1362400632 4278222592 3204562690 3204366085 3509851512 2130771712 1065435010 1065238405 1370789368 4286611328 3212951426 3212754821 3518240248 2139160448 1073823746 1073627141 1379178104 32768 3221340162 3221143557 3526628984 2147483648 1082212482 1082015877 1387566840 8421504 3229728898 3229532293 3535017720 2155872384
; arg_in: 1 buffer uint[4] 65538 4294836229 305419896 3221241856

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gep = getelementptr <2 x i16>, ptr addrspace(1) %in, i32 %tid
  %x = load <2 x i16>, ptr addrspace(1) %gep
  %r0 = add <2 x i16> %x, <i16 16128, i16 16128>
  %i0 = add i32 %tid, 0
  %p0 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %i0
  store <2 x i16> %r0, ptr addrspace(1) %p0
  %r1 = add <2 x i16> %x, <i16 -16640, i16 -16640>
  %i1 = add i32 %tid, 4
  %p1 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %i1
  store <2 x i16> %r1, ptr addrspace(1) %p1
  %r2 = add <2 x i16> %x, <i16 16256, i16 16256>
  %i2 = add i32 %tid, 8
  %p2 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %i2
  store <2 x i16> %r2, ptr addrspace(1) %p2
  %r3 = add <2 x i16> %x, <i16 -16512, i16 -16512>
  %i3 = add i32 %tid, 12
  %p3 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %i3
  store <2 x i16> %r3, ptr addrspace(1) %p3
  %r4 = add <2 x i16> %x, <i16 16384, i16 16384>
  %i4 = add i32 %tid, 16
  %p4 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %i4
  store <2 x i16> %r4, ptr addrspace(1) %p4
  %r5 = add <2 x i16> %x, <i16 -16384, i16 -16384>
  %i5 = add i32 %tid, 20
  %p5 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %i5
  store <2 x i16> %r5, ptr addrspace(1) %p5
  %r6 = add <2 x i16> %x, <i16 16512, i16 16512>
  %i6 = add i32 %tid, 24
  %p6 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %i6
  store <2 x i16> %r6, ptr addrspace(1) %p6
  %r7 = add <2 x i16> %x, <i16 -16256, i16 -16256>
  %i7 = add i32 %tid, 28
  %p7 = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %i7
  store <2 x i16> %r7, ptr addrspace(1) %p7
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
