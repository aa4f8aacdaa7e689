; [config]
; name: DPP16 row_newbcast at CDNA 2/3 (session 22)
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
; device_regex: gfx90a|gfx942
;
; [test]
; # gfx90a/gfx942 read DPP_CTRL 0x150-0x15f as row_newbcast:n (GFX10's
; # row_share codes): every lane of a row reads the row's lane n. 0
; # row_newbcast:5; 1 row_newbcast:15 row_mask:0x5 bank_mask:0x3
; # bound_ctrl. old = 1000 + tid, v = in[tid].
; name: k_dpp_newbcast
; kernel_name: k_dpp_newbcast
; arg_out: 0 buffer uint[128] 197 197 197 197 197 197 197 197 197 197 197 197 197 197 197 197 \
;   789 789 789 789 789 789 789 789 789 789 789 789 789 789 789 789 \
;   384 384 384 384 384 384 384 384 384 384 384 384 384 384 384 384 \
;   976 976 976 976 976 976 976 976 976 976 976 976 976 976 976 976 \
;   567 567 567 567 567 567 567 567 1008 1009 1010 1011 1012 1013 1014 1015 \
;   1016 1017 1018 1019 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031 \
;   754 754 754 754 754 754 754 754 1040 1041 1042 1043 1044 1045 1046 1047 \
;   1048 1049 1050 1051 1052 1053 1054 1055 1056 1057 1058 1059 1060 1061 1062 1063
; arg_in: 1 buffer uint[64] 12 49 86 123 160 197 234 271 308 345 382 419 456 493 530 567 604 641 678 715 752 789 826 863 900 937 974 14 51 88 125 162 \
;   199 236 273 310 347 384 421 458 495 532 569 606 643 680 717 754 791 828 865 902 939 976 16 53 90 127 164 201 238 275 312 349

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_dpp_newbcast(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %old = add i32 %tid, 1000
  %r0 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 341, i32 15, i32 15, i1 false)
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r0, ptr addrspace(1) %q0
  %r1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 351, i32 5, i32 3, i1 true)
  %o1 = add i32 %tid, 64
  %q1 = getelementptr i32, ptr addrspace(1) %out, i32 %o1
  store i32 %r1, ptr addrspace(1) %q1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
