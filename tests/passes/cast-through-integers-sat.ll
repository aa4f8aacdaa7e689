; cast-through-integers: llvm.fptosi.sat / fptoui.sat as LLVM's generic
; expansion (NaN 0, below / at-or-above the bounds the minimum / maximum,
; else the conversion, through i32 when narrower), and ordered icmp of i1
; on zext (unsigned) or sext (signed) to i32. wavecc on main ba3ab87
; refused both ("unsupported instruction"; the icmp only at -O0, which
; -O1/-O2 fold first). The corpus kernels f_fp_to_int_sat.ll fail on main.
; RUN: %wavecc-opt -ir-pass=cast-through-integers %s | FileCheck %s
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_fp_to_int_sat.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_fp_to_int_sat.ll 2>&1 | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: define i8 @f(
; CHECK: %[[C:[0-9]+]] = fptosi float %x to i32
; CHECK: %[[T:[0-9]+]] = trunc i32 %[[C]] to i8
; CHECK: %[[LO:[0-9]+]] = fcmp olt float %x, -1.280000e+02
; CHECK: %[[HI:[0-9]+]] = fcmp oge float %x, 1.280000e+02
; CHECK: %[[NAN:[0-9]+]] = fcmp uno float %x, %x
; CHECK: %[[S1:[0-9]+]] = select i1 %[[HI]], i8 127, i8 %[[T]]
; CHECK: %[[S2:[0-9]+]] = select i1 %[[LO]], i8 -128, i8 %[[S1]]
; CHECK: select i1 %[[NAN]], i8 0, i8 %[[S2]]
; CHECK: fcmp olt double %d, 0.000000e+00
; CHECK: fcmp oge double %d, 0x41F0000000000000
; CHECK: select i1 %{{[0-9]+}}, i32 -1, i32 %{{[0-9]+}}
; CHECK: %[[A:[0-9]+]] = sext i1 %a to i32
; CHECK: %[[B:[0-9]+]] = sext i1 %b to i32
; CHECK: icmp slt i32 %[[A]], %[[B]]
; CHECK: zext <2 x i1> %va to <2 x i32>
; CHECK: icmp ugt <2 x i32>
; CHECK: icmp eq i1 %a, %b
; CHECK-NOT: llvm.fpto
; CHECK: ret i8
; EMU: 2 passed, 0 failed
target triple = "amdgcn-amd-amdhsa"

define i8 @f(float %x, double %d, i1 %a, i1 %b, <2 x i1> %va, <2 x i1> %vb, ptr addrspace(1) %p) {
  %s = call i8 @llvm.fptosi.sat.i8.f32(float %x)
  %u = call i32 @llvm.fptoui.sat.i32.f64(double %d)
  store i32 %u, ptr addrspace(1) %p
  %c = icmp slt i1 %a, %b
  store i1 %c, ptr addrspace(1) %p
  %vc = icmp ugt <2 x i1> %va, %vb
  store <2 x i1> %vc, ptr addrspace(1) %p
  %e = icmp eq i1 %a, %b
  store i1 %e, ptr addrspace(1) %p
  ret i8 %s
}

declare i8 @llvm.fptosi.sat.i8.f32(float)
declare i32 @llvm.fptoui.sat.i32.f64(double)
