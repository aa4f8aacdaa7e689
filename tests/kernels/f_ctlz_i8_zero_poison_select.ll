; # ctlz.i8 with is_zero_poison, the zero case selected away:
; # select (x == 0), -1, ctlz(x) is ctlz(x) (0..7) for x != 0 and -1 for
; # x == 0. llc-19 selects it as one v_ffbh_u32 of the zero-extended byte,
; # dropping the -24 (LLVM 19's ctlz_zero_undef.ll
; # v_ctlz_zero_undef_i8_sel_eq_neg1 has that code in its own check lines):
; # 29 for x = 7 where the IR gives 5 (found by
; # tests/llvm-coverage/differential.sh, one work-item run; llc-19's bug,
; # in KNOWN-FAILURES.llc). Expected values from a host reference.
; [config]
; name: ctlz.i8 zero-poison with a select of -1 for zero
; kernel_name: k
; dimensions: 1
; global_size: 8 0 0
; local_size: 8 0 0
;
; [test]
; name: bytes 0, 1, 7, 0x80, 0xff, 0x10, 3, 0x40
; arg_in: 0 buffer uchar[8] repeat 0
; arg_out: 0 buffer uchar[8] 255 7 5 0 0 3 6 1
; arg_in: 1 buffer uchar[8] 0 1 7 128 255 16 3 64

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gep = getelementptr i8, ptr addrspace(1) %in, i32 %tid
  %val = load i8, ptr addrspace(1) %gep
  %ctlz = call i8 @llvm.ctlz.i8(i8 %val, i1 true)
  %cmp = icmp eq i8 %val, 0
  %sel = select i1 %cmp, i8 -1, i8 %ctlz
  %o = getelementptr i8, ptr addrspace(1) %out, i32 %tid
  store i8 %sel, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i8 @llvm.ctlz.i8(i8, i1)
