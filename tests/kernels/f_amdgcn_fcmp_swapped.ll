; [config]
; name: llvm.amdgcn.fcmp with a divergent first and a uniform second operand (f64, f16, f32)
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
; device_regex: gfx9
;
; # VOPC needs a VGPR second source, so isel puts the uniform operand first
; # and swaps the condition (a < b is b > a). The swap came from a table of
; # f32 and integer compares; an f64 or f16 compare outside it kept its
; # condition: `a < b` was selected as `v_cmp_lt_f64 b, a` (b < a). The
; # swap is now derived from the ISA table's compare semantics
; # (isa_cmp_swapped). a = lane id, b = 20.5 (an SGPR pair, kernel
; # argument) and 10.5 (an f16 constant): lane-mask words written by lane 0,
; # low dword first. olt: lanes 0-20 (0x1fffff) / 0-10 (0x7ff); ogt: lanes
; # 21-63 / 11-63; ult (unordered or less, v_cmp_nge): as olt; uge (v_cmp_nlt):
; # as ogt.
;
; [test]
; name: olt, ogt, ult, uge against a uniform second operand
; kernel_name: k
; arg_in: 0 double 20.5
; arg_in: 1 buffer uint[24] repeat 0
; arg_out: 1 buffer uint[24] 2097151 0 4292870144 4294967295 2097151 0 4292870144 4294967295 2047 0 4294965248 4294967295 2047 0 4294965248 4294967295 2097151 0 4292870144 4294967295 2097151 0 4292870144 4294967295

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @llvm.amdgcn.fcmp.i64.f64(double, double, i32)
declare i64 @llvm.amdgcn.fcmp.i64.f16(half, half, i32)
declare i64 @llvm.amdgcn.fcmp.i64.f32(float, float, i32)

define amdgpu_kernel void @k(double %b, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %a = uitofp i32 %i to double
  %ah = uitofp i32 %i to half
  %af = uitofp i32 %i to float
  %bf = fptrunc double %b to float
  ; predicates: OLT 4, OGT 2, ULT 12, UGE 11
  %m0 = call i64 @llvm.amdgcn.fcmp.i64.f64(double %a, double %b, i32 4)
  %m1 = call i64 @llvm.amdgcn.fcmp.i64.f64(double %a, double %b, i32 2)
  %m2 = call i64 @llvm.amdgcn.fcmp.i64.f64(double %a, double %b, i32 12)
  %m3 = call i64 @llvm.amdgcn.fcmp.i64.f64(double %a, double %b, i32 11)
  %m4 = call i64 @llvm.amdgcn.fcmp.i64.f16(half %ah, half 10.5, i32 4)
  %m5 = call i64 @llvm.amdgcn.fcmp.i64.f16(half %ah, half 10.5, i32 2)
  %m6 = call i64 @llvm.amdgcn.fcmp.i64.f16(half %ah, half 10.5, i32 12)
  %m7 = call i64 @llvm.amdgcn.fcmp.i64.f16(half %ah, half 10.5, i32 11)
  %m8 = call i64 @llvm.amdgcn.fcmp.i64.f32(float %af, float %bf, i32 4)
  %m9 = call i64 @llvm.amdgcn.fcmp.i64.f32(float %af, float %bf, i32 2)
  %m10 = call i64 @llvm.amdgcn.fcmp.i64.f32(float %af, float %bf, i32 12)
  %m11 = call i64 @llvm.amdgcn.fcmp.i64.f32(float %af, float %bf, i32 11)
  %first = icmp eq i32 %i, 0
  br i1 %first, label %st, label %done
st:
  store i64 %m0, ptr addrspace(1) %out
  %p1 = getelementptr i64, ptr addrspace(1) %out, i32 1
  store i64 %m1, ptr addrspace(1) %p1
  %p2 = getelementptr i64, ptr addrspace(1) %out, i32 2
  store i64 %m2, ptr addrspace(1) %p2
  %p3 = getelementptr i64, ptr addrspace(1) %out, i32 3
  store i64 %m3, ptr addrspace(1) %p3
  %p4 = getelementptr i64, ptr addrspace(1) %out, i32 4
  store i64 %m4, ptr addrspace(1) %p4
  %p5 = getelementptr i64, ptr addrspace(1) %out, i32 5
  store i64 %m5, ptr addrspace(1) %p5
  %p6 = getelementptr i64, ptr addrspace(1) %out, i32 6
  store i64 %m6, ptr addrspace(1) %p6
  %p7 = getelementptr i64, ptr addrspace(1) %out, i32 7
  store i64 %m7, ptr addrspace(1) %p7
  %p8 = getelementptr i64, ptr addrspace(1) %out, i32 8
  store i64 %m8, ptr addrspace(1) %p8
  %p9 = getelementptr i64, ptr addrspace(1) %out, i32 9
  store i64 %m9, ptr addrspace(1) %p9
  %p10 = getelementptr i64, ptr addrspace(1) %out, i32 10
  store i64 %m10, ptr addrspace(1) %p10
  %p11 = getelementptr i64, ptr addrspace(1) %out, i32 11
  store i64 %m11, ptr addrspace(1) %p11
  br label %done
done:
  ret void
}
