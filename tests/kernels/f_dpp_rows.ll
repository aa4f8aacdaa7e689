; [config]
; name: DPP16 row controls of llvm.amdgcn.update.dpp and mov.dpp (session 22)
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; # llvm.amdgcn.update.dpp / mov.dpp with the row-local DPP16 controls (the
; # same at wave32 and wave64): section k of 64 dwords = control k below.
; # 0 quad_perm:[1,0,3,2]; 1 row_shl:1 (lane 15 of a row keeps old);
; # 2 row_shr:3 bound_ctrl (lanes 0-2 of a row read 0); 3 row_ror:5;
; # 4 row_mirror row_mask:0xa bank_mask:0x5; 5 row_half_mirror bank_mask:0xa;
; # 6 mov.dpp row_shr:1 bound_ctrl; 7 row_shr:2 of section 6's value over
; # old = v (a VALU write then a DPP read: gfx9's 2 wait states);
; # 8-9 i64 row_ror:3 (two dword moves); 10 f32 quad_perm:[3,3,3,3];
; # 11-12 under `if (tid & 2)`: row_shr:1 reads lane tid-1, which EXEC
; # disables when tid & 3 == 2: an invalid lane (Vega ISA guide DPP;
; # bound_ctrl:1 reads 0 there, 11; else the lane keeps old = 77, 12).
; # old = 1000 + tid, v = in[tid]. Expected values: a host model of the
; # ISA guides' DPP16 (the session 22 generator, see the commit).
; name: k_dpp_rows
; kernel_name: k_dpp_rows
; arg_out: 0 buffer uint[832] 49 12 123 86 197 160 271 234 345 308 419 382 493 456 567 530 \
;   641 604 715 678 789 752 863 826 937 900 14 974 88 51 162 125 \
;   236 199 310 273 384 347 458 421 532 495 606 569 680 643 754 717 \
;   828 791 902 865 976 939 53 16 127 90 201 164 275 238 349 312 \
;   49 86 123 160 197 234 271 308 345 382 419 456 493 530 567 1015 \
;   641 678 715 752 789 826 863 900 937 974 14 51 88 125 162 1031 \
;   236 273 310 347 384 421 458 495 532 569 606 643 680 717 754 1047 \
;   828 865 902 939 976 16 53 90 127 164 201 238 275 312 349 1063 \
;   0 0 0 12 49 86 123 160 197 234 271 308 345 382 419 456 \
;   0 0 0 604 641 678 715 752 789 826 863 900 937 974 14 51 \
;   0 0 0 199 236 273 310 347 384 421 458 495 532 569 606 643 \
;   0 0 0 791 828 865 902 939 976 16 53 90 127 164 201 238 \
;   419 456 493 530 567 12 49 86 123 160 197 234 271 308 345 382 \
;   14 51 88 125 162 604 641 678 715 752 789 826 863 900 937 974 \
;   606 643 680 717 754 199 236 273 310 347 384 421 458 495 532 569 \
;   201 238 275 312 349 791 828 865 902 939 976 16 53 90 127 164 \
;   1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 \
;   162 125 88 51 1020 1021 1022 1023 863 826 789 752 1028 1029 1030 1031 \
;   1032 1033 1034 1035 1036 1037 1038 1039 1040 1041 1042 1043 1044 1045 1046 1047 \
;   349 312 275 238 1052 1053 1054 1055 53 16 976 939 1060 1061 1062 1063 \
;   1000 1001 1002 1003 123 86 49 12 1008 1009 1010 1011 419 382 345 308 \
;   1016 1017 1018 1019 715 678 641 604 1024 1025 1026 1027 14 974 937 900 \
;   1032 1033 1034 1035 310 273 236 199 1040 1041 1042 1043 606 569 532 495 \
;   1048 1049 1050 1051 902 865 828 791 1056 1057 1058 1059 201 164 127 90 \
;   0 12 49 86 123 160 197 234 271 308 345 382 419 456 493 530 \
;   0 604 641 678 715 752 789 826 863 900 937 974 14 51 88 125 \
;   0 199 236 273 310 347 384 421 458 495 532 569 606 643 680 717 \
;   0 791 828 865 902 939 976 16 53 90 127 164 201 238 275 312 \
;   12 49 0 12 49 86 123 160 197 234 271 308 345 382 419 456 \
;   604 641 0 604 641 678 715 752 789 826 863 900 937 974 14 51 \
;   199 236 0 199 236 273 310 347 384 421 458 495 532 569 606 643 \
;   791 828 0 791 828 865 902 939 976 16 53 90 127 164 201 238 \
;   2465 493 2650 530 2835 567 60 12 245 49 430 86 615 123 800 160 \
;   985 197 1170 234 1355 271 1540 308 1725 345 1910 382 2095 419 2280 456 \
;   440 88 625 125 810 162 3020 604 3205 641 3390 678 3575 715 3760 752 \
;   3945 789 4130 826 4315 863 4500 900 4685 937 4870 974 70 14 255 51 \
;   3400 680 3585 717 3770 754 995 199 1180 236 1365 273 1550 310 1735 347 \
;   1920 384 2105 421 2290 458 2475 495 2660 532 2845 569 3030 606 3215 643 \
;   1375 275 1560 312 1745 349 3955 791 4140 828 4325 865 4510 902 4695 939 \
;   4880 976 80 16 265 53 450 90 635 127 820 164 1005 201 1190 238 \
;   1127776256 1127776256 1127776256 1127776256 1137393664 1137393664 1137393664 1137393664 1142759424 1142759424 1142759424 1142759424 1146396672 1146396672 1146396672 1146396672 \
;   1149636608 1149636608 1149636608 1149636608 1151455232 1151455232 1151455232 1151455232 1101529088 1101529088 1101529088 1101529088 1131610112 1131610112 1131610112 1131610112 \
;   1139310592 1139310592 1139310592 1139310592 1143717888 1143717888 1143717888 1143717888 1147355136 1147355136 1147355136 1147355136 1150115840 1150115840 1150115840 1150115840 \
;   1151934464 1151934464 1151934464 1151934464 1117716480 1117716480 1117716480 1117716480 1133953024 1133953024 1133953024 1133953024 1141039104 1141039104 1141039104 1141039104 \
;   5 5 0 86 5 5 0 234 5 5 0 382 5 5 0 530 \
;   5 5 0 678 5 5 0 826 5 5 0 974 5 5 0 125 \
;   5 5 0 273 5 5 0 421 5 5 0 569 5 5 0 717 \
;   5 5 0 865 5 5 0 16 5 5 0 164 5 5 0 312 \
;   5 5 77 86 5 5 77 234 5 5 77 382 5 5 77 530 \
;   5 5 77 678 5 5 77 826 5 5 77 974 5 5 77 125 \
;   5 5 77 273 5 5 77 421 5 5 77 569 5 5 77 717 \
;   5 5 77 865 5 5 77 16 5 5 77 164 5 5 77 312
; arg_in: 1 buffer uint[64] 12 49 86 123 160 197 234 271 308 345 382 419 456 493 530 567 604 641 678 715 752 789 826 863 900 937 974 14 51 88 125 162 \
;   199 236 273 310 347 384 421 458 495 532 569 606 643 680 717 754 791 828 865 902 939 976 16 53 90 127 164 201 238 275 312 349

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_dpp_rows(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %pi
  %old = add i32 %tid, 1000
  %r0 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 177, i32 15, i32 15, i1 false)
  %o0 = add i32 %tid, 0
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %o0
  store i32 %r0, ptr addrspace(1) %q0
  %r1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 257, i32 15, i32 15, i1 false)
  %o1 = add i32 %tid, 64
  %q1 = getelementptr i32, ptr addrspace(1) %out, i32 %o1
  store i32 %r1, ptr addrspace(1) %q1
  %r2 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 275, i32 15, i32 15, i1 true)
  %o2 = add i32 %tid, 128
  %q2 = getelementptr i32, ptr addrspace(1) %out, i32 %o2
  store i32 %r2, ptr addrspace(1) %q2
  %r3 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 293, i32 15, i32 15, i1 false)
  %o3 = add i32 %tid, 192
  %q3 = getelementptr i32, ptr addrspace(1) %out, i32 %o3
  store i32 %r3, ptr addrspace(1) %q3
  %r4 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 320, i32 10, i32 5, i1 false)
  %o4 = add i32 %tid, 256
  %q4 = getelementptr i32, ptr addrspace(1) %out, i32 %o4
  store i32 %r4, ptr addrspace(1) %q4
  %r5 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 321, i32 15, i32 10, i1 false)
  %o5 = add i32 %tid, 320
  %q5 = getelementptr i32, ptr addrspace(1) %out, i32 %o5
  store i32 %r5, ptr addrspace(1) %q5
  %r6 = call i32 @llvm.amdgcn.mov.dpp.i32(i32 %v, i32 273, i32 15, i32 15, i1 true)
  %o6 = add i32 %tid, 384
  %q6 = getelementptr i32, ptr addrspace(1) %out, i32 %o6
  store i32 %r6, ptr addrspace(1) %q6
  %a7 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %v, i32 273, i32 15, i32 15, i1 true)
  %r7 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %a7, i32 274, i32 15, i32 15, i1 false)
  %o7 = add i32 %tid, 448
  %q7 = getelementptr i32, ptr addrspace(1) %out, i32 %o7
  store i32 %r7, ptr addrspace(1) %q7
  %z = zext i32 %v to i64
  %hi = shl i64 %z, 32
  %v5 = mul i32 %v, 5
  %lo = zext i32 %v5 to i64
  %s64 = or i64 %hi, %lo
  %oz = zext i32 %old to i64
  %ohi = shl i64 %oz, 32
  %o64 = or i64 %ohi, 3
  %r64 = call i64 @llvm.amdgcn.update.dpp.i64(i64 %o64, i64 %s64, i32 291, i32 15, i32 15, i1 false)
  %t2 = shl i32 %tid, 1
  %o8 = add i32 %t2, 512
  %q8 = getelementptr i32, ptr addrspace(1) %out, i32 %o8
  store i64 %r64, ptr addrspace(1) %q8, align 4
  %vf = uitofp i32 %v to float
  %vf15 = fmul float %vf, 1.5
  %rf = call float @llvm.amdgcn.update.dpp.f32(float 0.5, float %vf15, i32 255, i32 15, i32 15, i1 false)
  %o10 = add i32 %tid, 640
  %q10 = getelementptr i32, ptr addrspace(1) %out, i32 %o10
  store float %rf, ptr addrspace(1) %q10
  %c = and i32 %tid, 2
  %cc = icmp ne i32 %c, 0
  br i1 %cc, label %then, label %join
then:
  %d1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 77, i32 %v, i32 273, i32 15, i32 15, i1 true)
  %d0 = call i32 @llvm.amdgcn.update.dpp.i32(i32 77, i32 %v, i32 273, i32 15, i32 15, i1 false)
  br label %join
join:
  %p1 = phi i32 [ %d1, %then ], [ 5, %entry ]
  %p0 = phi i32 [ %d0, %then ], [ 5, %entry ]
  %o11 = add i32 %tid, 704
  %q11 = getelementptr i32, ptr addrspace(1) %out, i32 %o11
  store i32 %p1, ptr addrspace(1) %q11
  %o12 = add i32 %tid, 768
  %q12 = getelementptr i32, ptr addrspace(1) %out, i32 %o12
  store i32 %p0, ptr addrspace(1) %q12
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.mov.dpp.i32(i32, i32, i32, i32, i1)
declare i64 @llvm.amdgcn.update.dpp.i64(i64, i64, i32, i32, i32, i1)
declare float @llvm.amdgcn.update.dpp.f32(float, float, i32, i32, i32, i1)
