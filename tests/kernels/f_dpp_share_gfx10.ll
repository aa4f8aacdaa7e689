; [config]
; name: DPP16 row_share and row_xmask at GFX10+ (session 22)
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
; device_regex: gfx1[01]
;
; [test]
; # GFX10+'s DPP16 controls: 0 row_share:5 (every lane of a row reads its
; # lane 5), 1 row_xmask:3 (lane i reads i ^ 3), 2 row_share:15 with
; # row_mask:0x5 bank_mask:0x3 bound_ctrl. old = 1000 + tid, v = in[tid].
; name: k_dpp_share
; kernel_name: k_dpp_share
; arg_out: 0 buffer uint[192] 197 197 197 197 197 197 197 197 197 197 197 197 197 197 197 197 \
;   789 789 789 789 789 789 789 789 789 789 789 789 789 789 789 789 \
;   384 384 384 384 384 384 384 384 384 384 384 384 384 384 384 384 \
;   976 976 976 976 976 976 976 976 976 976 976 976 976 976 976 976 \
;   123 86 49 12 271 234 197 160 419 382 345 308 567 530 493 456 \
;   715 678 641 604 863 826 789 752 14 974 937 900 162 125 88 51 \
;   310 273 236 199 458 421 384 347 606 569 532 495 754 717 680 643 \
;   902 865 828 791 53 16 976 939 201 164 127 90 349 312 275 238 \
;   567 567 567 567 567 567 567 567 1008 1009 1010 1011 1012 1013 1014 1015 \
;   1016 1017 1018 1019 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031 \
;   754 754 754 754 754 754 754 754 1040 1041 1042 1043 1044 1045 1046 1047 \
;   1048 1049 1050 1051 1052 1053 1054 1055 1056 1057 1058 1059 1060 1061 1062 1063
; arg_in: 1 buffer uint[64] 12 49 86 123 160 197 234 271 308 345 382 419 456 493 530 567 604 641 678 715 752 789 826 863 900 937 974 14 51 88 125 162 \
;   199 236 273 310 347 384 421 458 495 532 569 606 643 680 717 754 791 828 865 902 939 976 16 53 90 127 164 201 238 275 312 349

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_dpp_share(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %pi
  %old = add i32 %tid, 1000
  %r0 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 341, i32 15, i32 15, i1 false)
  %o0 = add i32 %tid, 0
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %o0
  store i32 %r0, ptr addrspace(1) %q0
  %r1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 355, i32 15, i32 15, i1 false)
  %o1 = add i32 %tid, 64
  %q1 = getelementptr i32, ptr addrspace(1) %out, i32 %o1
  store i32 %r1, ptr addrspace(1) %q1
  %r2 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 351, i32 5, i32 3, i1 true)
  %o2 = add i32 %tid, 128
  %q2 = getelementptr i32, ptr addrspace(1) %out, i32 %o2
  store i32 %r2, ptr addrspace(1) %q2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.mov.dpp.i32(i32, i32, i32, i32, i1)
declare i64 @llvm.amdgcn.update.dpp.i64(i64, i64, i32, i32, i32, i1)
declare float @llvm.amdgcn.update.dpp.f32(float, float, i32, i32, i32, i1)
