; [config]
; name: DPP16 wave shifts and row broadcasts at GFX9 (session 22)
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
; device_regex: gfx9
;
; [test]
; # GFX9's wave-wide DPP16 controls (gone on GFX10+): 0 wave_shl:1 (lane 63
; # keeps old), 1 wave_rol:1, 2 wave_shr:1 bound_ctrl (lane 0 reads 0),
; # 3 wave_ror:1, 4 row_bcast:15 row_mask:0xa, 5 row_bcast:31 row_mask:0xc.
; # old = 1000 + tid, v = in[tid]; one wave64.
; name: k_dpp_wave
; kernel_name: k_dpp_wave
; arg_out: 0 buffer uint[384] 49 86 123 160 197 234 271 308 345 382 419 456 493 530 567 604 \
;   641 678 715 752 789 826 863 900 937 974 14 51 88 125 162 199 \
;   236 273 310 347 384 421 458 495 532 569 606 643 680 717 754 791 \
;   828 865 902 939 976 16 53 90 127 164 201 238 275 312 349 1063 \
;   49 86 123 160 197 234 271 308 345 382 419 456 493 530 567 604 \
;   641 678 715 752 789 826 863 900 937 974 14 51 88 125 162 199 \
;   236 273 310 347 384 421 458 495 532 569 606 643 680 717 754 791 \
;   828 865 902 939 976 16 53 90 127 164 201 238 275 312 349 12 \
;   0 12 49 86 123 160 197 234 271 308 345 382 419 456 493 530 \
;   567 604 641 678 715 752 789 826 863 900 937 974 14 51 88 125 \
;   162 199 236 273 310 347 384 421 458 495 532 569 606 643 680 717 \
;   754 791 828 865 902 939 976 16 53 90 127 164 201 238 275 312 \
;   349 12 49 86 123 160 197 234 271 308 345 382 419 456 493 530 \
;   567 604 641 678 715 752 789 826 863 900 937 974 14 51 88 125 \
;   162 199 236 273 310 347 384 421 458 495 532 569 606 643 680 717 \
;   754 791 828 865 902 939 976 16 53 90 127 164 201 238 275 312 \
;   1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 \
;   567 567 567 567 567 567 567 567 567 567 567 567 567 567 567 567 \
;   1032 1033 1034 1035 1036 1037 1038 1039 1040 1041 1042 1043 1044 1045 1046 1047 \
;   754 754 754 754 754 754 754 754 754 754 754 754 754 754 754 754 \
;   1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 \
;   1016 1017 1018 1019 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031 \
;   162 162 162 162 162 162 162 162 162 162 162 162 162 162 162 162 \
;   162 162 162 162 162 162 162 162 162 162 162 162 162 162 162 162
; arg_in: 1 buffer uint[64] 12 49 86 123 160 197 234 271 308 345 382 419 456 493 530 567 604 641 678 715 752 789 826 863 900 937 974 14 51 88 125 162 \
;   199 236 273 310 347 384 421 458 495 532 569 606 643 680 717 754 791 828 865 902 939 976 16 53 90 127 164 201 238 275 312 349

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_dpp_wave(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %pi
  %old = add i32 %tid, 1000
  %r0 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 304, i32 15, i32 15, i1 false)
  %o0 = add i32 %tid, 0
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %o0
  store i32 %r0, ptr addrspace(1) %q0
  %r1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 308, i32 15, i32 15, i1 false)
  %o1 = add i32 %tid, 64
  %q1 = getelementptr i32, ptr addrspace(1) %out, i32 %o1
  store i32 %r1, ptr addrspace(1) %q1
  %r2 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 312, i32 15, i32 15, i1 true)
  %o2 = add i32 %tid, 128
  %q2 = getelementptr i32, ptr addrspace(1) %out, i32 %o2
  store i32 %r2, ptr addrspace(1) %q2
  %r3 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 316, i32 15, i32 15, i1 false)
  %o3 = add i32 %tid, 192
  %q3 = getelementptr i32, ptr addrspace(1) %out, i32 %o3
  store i32 %r3, ptr addrspace(1) %q3
  %r4 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 322, i32 10, i32 15, i1 false)
  %o4 = add i32 %tid, 256
  %q4 = getelementptr i32, ptr addrspace(1) %out, i32 %o4
  store i32 %r4, ptr addrspace(1) %q4
  %r5 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 323, i32 12, i32 15, i1 false)
  %o5 = add i32 %tid, 320
  %q5 = getelementptr i32, ptr addrspace(1) %out, i32 %o5
  store i32 %r5, ptr addrspace(1) %q5
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.mov.dpp.i32(i32, i32, i32, i32, i1)
declare i64 @llvm.amdgcn.update.dpp.i64(i64, i64, i32, i32, i32, i1)
declare float @llvm.amdgcn.update.dpp.f32(float, float, i32, i32, i32, i1)
