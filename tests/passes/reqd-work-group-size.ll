; OpenCL's __attribute__((reqd_work_group_size(X,Y,Z))) reaches the code
; object (issue 30): clang-19 puts !reqd_work_group_size !{i32 X, i32 Y,
; i32 Z} on the kernel and llc-19 writes .reqd_workgroup_size: [X, Y, Z]
; into its HSA metadata (AMDGPUUsage, "Code Object V4/V5 Metadata"), keys
; sorted, between .private_segment_fixed_size and .sgpr_count. wavecc's
; direct object must be byte-identical with llvm-mc-19's assembly of
; wavecc's .s (--assembler=check). The emulator reads it back: with no
; local_size wavecc-run uses the required size (16x4 groups below; the
; default would be 32x1), and a test whose local_size contradicts it is a
; clear error of that test.
; Fails on main: no .reqd_workgroup_size in the assembly or the MIR, the
; no-local_size test runs 32x1 groups and the contradicting one runs.
; RUN: %wavecc %s -S -o %t.s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; RUN: %wavecc --assembler=check %s -o %t.o
; RUN: %wavecc %s --print-after=isel -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIR
; RUN: %wavecc-run -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=RUN-OK
; RUN: %wavecc-run --compiler=llc %s | FileCheck %s --check-prefix=RUN-OK
; RUN: sed 's/^; local_size: 16 4 0$/; local_size: 8 8 0/' %s > %t.bad.ll
; RUN: not %wavecc-run %t.bad.ll 2>&1 | FileCheck %s --check-prefix=RUN-BAD
; ASM: .private_segment_fixed_size: 0
; ASM-NEXT: .reqd_workgroup_size:
; ASM-NEXT: - 16
; ASM-NEXT: - 4
; ASM-NEXT: - 1
; ASM-NEXT: .sgpr_count:
; MIR: abi {{.*}} reqd_workgroup_size=16,4,1{{$}}
; RUN-OK: 2 passed, 0 failed
; RUN-BAD: local_size 8,8,1 contradicts kernel k's reqd_work_group_size(16,4,1)
;
; [config]
; name: reqd-work-group-size
; dimensions: 2
;
; [test]
; name: implicit
; kernel_name: k
; global_size: 32 8 0
; arg_out: 0 buffer int[256] \
;   0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 \
;   100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 1100 1101 1102 1103 1104 1105 1106 1107 1108 1109 1110 1111 1112 1113 1114 1115 \
;   200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 1200 1201 1202 1203 1204 1205 1206 1207 1208 1209 1210 1211 1212 1213 1214 1215 \
;   300 301 302 303 304 305 306 307 308 309 310 311 312 313 314 315 1300 1301 1302 1303 1304 1305 1306 1307 1308 1309 1310 1311 1312 1313 1314 1315 \
;   10000 10001 10002 10003 10004 10005 10006 10007 10008 10009 10010 10011 10012 10013 10014 10015 11000 11001 11002 11003 11004 11005 11006 11007 11008 11009 11010 11011 11012 11013 11014 11015 \
;   10100 10101 10102 10103 10104 10105 10106 10107 10108 10109 10110 10111 10112 10113 10114 10115 11100 11101 11102 11103 11104 11105 11106 11107 11108 11109 11110 11111 11112 11113 11114 11115 \
;   10200 10201 10202 10203 10204 10205 10206 10207 10208 10209 10210 10211 10212 10213 10214 10215 11200 11201 11202 11203 11204 11205 11206 11207 11208 11209 11210 11211 11212 11213 11214 11215 \
;   10300 10301 10302 10303 10304 10305 10306 10307 10308 10309 10310 10311 10312 10313 10314 10315 11300 11301 11302 11303 11304 11305 11306 11307 11308 11309 11310 11311 11312 11313 11314 11315
;
; [test]
; name: explicit
; kernel_name: k
; global_size: 32 8 0
; local_size: 16 4 0
; arg_out: 0 buffer int[256] \
;   0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 \
;   100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 1100 1101 1102 1103 1104 1105 1106 1107 1108 1109 1110 1111 1112 1113 1114 1115 \
;   200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 1200 1201 1202 1203 1204 1205 1206 1207 1208 1209 1210 1211 1212 1213 1214 1215 \
;   300 301 302 303 304 305 306 307 308 309 310 311 312 313 314 315 1300 1301 1302 1303 1304 1305 1306 1307 1308 1309 1310 1311 1312 1313 1314 1315 \
;   10000 10001 10002 10003 10004 10005 10006 10007 10008 10009 10010 10011 10012 10013 10014 10015 11000 11001 11002 11003 11004 11005 11006 11007 11008 11009 11010 11011 11012 11013 11014 11015 \
;   10100 10101 10102 10103 10104 10105 10106 10107 10108 10109 10110 10111 10112 10113 10114 10115 11100 11101 11102 11103 11104 11105 11106 11107 11108 11109 11110 11111 11112 11113 11114 11115 \
;   10200 10201 10202 10203 10204 10205 10206 10207 10208 10209 10210 10211 10212 10213 10214 10215 11200 11201 11202 11203 11204 11205 11206 11207 11208 11209 11210 11211 11212 11213 11214 11215 \
;   10300 10301 10302 10303 10304 10305 10306 10307 10308 10309 10310 10311 10312 10313 10314 10315 11300 11301 11302 11303 11304 11305 11306 11307 11308 11309 11310 11311 11312 11313 11314 11315
target triple = "amdgcn-amd-amdhsa"

; out[gy * 32 + gx] = local x + 100 * local y + 1000 * group x + 10000 * group y
define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 !reqd_work_group_size !0 {
  %lx = call i32 @llvm.amdgcn.workitem.id.x()
  %ly = call i32 @llvm.amdgcn.workitem.id.y()
  %wx = call i32 @llvm.amdgcn.workgroup.id.x()
  %wy = call i32 @llvm.amdgcn.workgroup.id.y()
  %gx0 = shl i32 %wx, 4
  %gx = add i32 %gx0, %lx
  %gy0 = shl i32 %wy, 2
  %gy = add i32 %gy0, %ly
  %ly100 = mul i32 %ly, 100
  %wx1000 = mul i32 %wx, 1000
  %wy10000 = mul i32 %wy, 10000
  %v0 = add i32 %lx, %ly100
  %v1 = add i32 %v0, %wx1000
  %v = add i32 %v1, %wy10000
  %row = shl i32 %gy, 5
  %i = add i32 %row, %gx
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
attributes #0 = { "amdgpu-flat-work-group-size"="64,64" }
!0 = !{i32 16, i32 4, i32 1}
