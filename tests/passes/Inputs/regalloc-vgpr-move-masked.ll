; [config]
; name: stress seed 70298
; kernel_name: autogen_SD70298
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: seed70298
; arg_in: 0 buffer uchar[4096] random
; arg_in: 1 buffer uchar[4096] random
; arg_in: 2 buffer uchar[4096] random
; arg_in: 3 int -1763122959
; arg_in: 4 long 6843007435953907669
; arg_in: 5 char -70

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define amdgpu_kernel void @autogen_SD70298(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %bcount = alloca i32, align 4, addrspace(5)
  store i32 0, ptr addrspace(5) %bcount, align 4
  %A4.p5 = alloca [256 x i8], align 64, addrspace(5)
  call void @llvm.memset.p5.i32(ptr addrspace(5) %A4.p5, i8 0, i32 256, i1 false)
  %A4 = addrspacecast ptr addrspace(5) %A4.p5 to ptr
  %A3.p5 = alloca [256 x i8], align 64, addrspace(5)
  call void @llvm.memset.p5.i32(ptr addrspace(5) %A3.p5, i8 0, i32 256, i1 false)
  %A3 = addrspacecast ptr addrspace(5) %A3.p5 to ptr
  %A2.p5 = alloca [256 x i8], align 64, addrspace(5)
  call void @llvm.memset.p5.i32(ptr addrspace(5) %A2.p5, i8 0, i32 256, i1 false)
  %A2 = addrspacecast ptr addrspace(5) %A2.p5 to ptr
  %A1.p5 = alloca [256 x i8], align 64, addrspace(5)
  call void @llvm.memset.p5.i32(ptr addrspace(5) %A1.p5, i8 0, i32 256, i1 false)
  %A1 = addrspacecast ptr addrspace(5) %A1.p5 to ptr
  %A.p5 = alloca [256 x i8], align 64, addrspace(5)
  call void @llvm.memset.p5.i32(ptr addrspace(5) %A.p5, i8 0, i32 256, i1 false)
  %A = addrspacecast ptr addrspace(5) %A.p5 to ptr
  %L = load <2 x i16>, ptr %0, align 4
  store i8 %5, ptr %0, align 1
  %E.san1 = urem i32 %3, 8
  %E = extractelement <8 x i64> zeroinitializer, i32 %E.san1
  %Shuff = shufflevector <4 x i16> zeroinitializer, <4 x i16> zeroinitializer, <4 x i32> <i32 0, i32 7, i32 1, i32 3>
  %I.san2 = urem i32 %3, 8
  %I = insertelement <8 x i32> zeroinitializer, i32 0, i32 %I.san2
  %B.san3 = and <16 x i16> zeroinitializer, <i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15>
  %B = lshr <16 x i16> zeroinitializer, %B.san3
  %Se = sext i32 176427 to i64
  %Sl = select <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, <8 x i64> zeroinitializer, <8 x i64> zeroinitializer
  %L5.san4 = load i8, ptr %1, align 1
  %L5 = trunc i8 %L5.san4 to i1
  %bc6 = load i32, ptr addrspace(5) %bcount, align 4
  %bc6.n = add i32 %bc6, 1
  store i32 %bc6.n, ptr addrspace(5) %bcount, align 4
  %bc6.ok = icmp ult i32 %bc6, 500
  br i1 %bc6.ok, label %bc6.go, label %bc.exit
bc6.go:
  br label %CF41

CF41:                                             ; preds = %CF41, %CF44, %BB
  %E6.san7 = urem i32 %3, 8
  %E6 = extractelement <8 x i32> zeroinitializer, i32 %E6.san7
  %Shuff7 = shufflevector <2 x i64> zeroinitializer, <2 x i64> zeroinitializer, <2 x i32> <i32 1, i32 3>
  %I8 = insertelement <2 x i64> zeroinitializer, i64 369331, i32 1
  %B9 = or <8 x i32> %I, zeroinitializer
  %Tr = trunc <4 x i16> %Shuff to <4 x i1>
  %Sl10 = select <16 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, <16 x i64> zeroinitializer, <16 x i64> zeroinitializer
  %Cmp = icmp eq i64 %4, 0
  %bc8 = load i32, ptr addrspace(5) %bcount, align 4
  %bc8.n = add i32 %bc8, 1
  store i32 %bc8.n, ptr addrspace(5) %bcount, align 4
  %bc8.ok = icmp ult i32 %bc8, 500
  br i1 %bc8.ok, label %bc8.go, label %bc.exit
bc8.go:
  br i1 %Cmp, label %CF41, label %CF44

CF44:                                             ; preds = %CF41
  %L11 = load <1 x i8>, ptr %0, align 1
  store i16 6931, ptr %0, align 2
  %E12 = extractelement <2 x i16> %L, i32 1
  %Shuff13 = shufflevector <2 x i64> zeroinitializer, <2 x i64> zeroinitializer, <2 x i32> <i32 3, i32 1>
  %I14.san9 = urem i32 %E6, 2
  %I14 = insertelement <2 x i64> %I8, i64 369331, i32 %I14.san9
  %B15.san10 = and i32 176427, 2147483647
  %B15.san11 = or i32 %B15.san10, 1
  %B15 = sdiv i32 -1, %B15.san11
  %FC = call i1 @llvm.fptoui.sat.i1.f32(float 0xB979E05DC0000000)
  %bc12 = load i32, ptr addrspace(5) %bcount, align 4
  %bc12.n = add i32 %bc12, 1
  store i32 %bc12.n, ptr addrspace(5) %bcount, align 4
  %bc12.ok = icmp ult i32 %bc12, 500
  br i1 %bc12.ok, label %bc12.go, label %bc.exit
bc12.go:
  br i1 %FC, label %CF41, label %CF42

CF42:                                             ; preds = %CF44
  %Sl16 = select i1 true, float 0x3CE06DE440000000, float 0xB979E05DC0000000
  %Cmp17 = icmp eq <2 x i64> %I14, zeroinitializer
  %L18 = load i64, ptr %A, align 4
  store <16 x i64> zeroinitializer, ptr %0, align 128
  %E19 = extractelement <8 x i32> zeroinitializer, i32 0
  %Shuff20 = shufflevector <4 x i16> zeroinitializer, <4 x i16> zeroinitializer, <4 x i32> <i32 4, i32 0, i32 0, i32 2>
  %I21.san13 = urem i32 %E6, 2
  %I21 = insertelement <2 x i64> zeroinitializer, i64 %4, i32 %I21.san13
  %B22.san14 = and i32 %3, 31
  %B22 = shl i32 153175, %B22.san14
  %BC = bitcast <2 x i64> zeroinitializer to <2 x double>
  %Sl23 = select i1 false, <16 x i16> zeroinitializer, <16 x i16> zeroinitializer
  %Cmp24 = icmp eq i32 176427, 176427
  %bc15 = load i32, ptr addrspace(5) %bcount, align 4
  %bc15.n = add i32 %bc15, 1
  store i32 %bc15.n, ptr addrspace(5) %bcount, align 4
  %bc15.ok = icmp ult i32 %bc15, 500
  br i1 %bc15.ok, label %bc15.go, label %bc.exit
bc15.go:
  br label %CF

CF:                                               ; preds = %CF, %CF45, %CF42
  %L25.san16 = load i8, ptr %0, align 1
  %L25 = trunc i8 %L25.san16 to i1
  %bc18 = load i32, ptr addrspace(5) %bcount, align 4
  %bc18.n = add i32 %bc18, 1
  store i32 %bc18.n, ptr addrspace(5) %bcount, align 4
  %bc18.ok = icmp ult i32 %bc18, 500
  br i1 %bc18.ok, label %bc18.go, label %bc.exit
bc18.go:
  br i1 %L25, label %CF, label %CF45

CF45:                                             ; preds = %CF
  store <4 x double> <double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF, double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF>, ptr %0, align 32
  %E26 = extractelement <16 x i16> zeroinitializer, i32 11
  %Shuff27 = shufflevector <16 x i64> %Sl10, <16 x i64> %Sl10, <16 x i32> <i32 14, i32 0, i32 18, i32 20, i32 22, i32 24, i32 26, i32 0, i32 30, i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 0>
  %I28 = insertelement <2 x i64> %I8, i64 358211, i32 1
  %B29 = or <2 x i64> zeroinitializer, zeroinitializer
  %ZE = zext i1 true to i16
  %Sl30 = select i1 true, float %Sl16, float %Sl16
  %Cmp31 = icmp ne <16 x i64> zeroinitializer, zeroinitializer
  %L32 = load <8 x i64>, ptr %0, align 64
  %st.san20 = zext i1 true to i8
  store i8 %st.san20, ptr %0, align 1
  %E33.san21 = urem i32 %B15, 8
  %E33 = extractelement <8 x i32> zeroinitializer, i32 %E33.san21
  %Shuff34 = shufflevector <4 x i16> %Shuff, <4 x i16> zeroinitializer, <4 x i32> <i32 0, i32 5, i32 7, i32 0>
  %I35.san22 = urem i32 %E33, 16
  %I35 = insertelement <16 x i16> zeroinitializer, i16 %E12, i32 %I35.san22
  %B36.san23 = and <2 x i64> zeroinitializer, <i64 9223372036854775807, i64 9223372036854775807>
  %B36.san24 = or <2 x i64> %B36.san23, <i64 1, i64 1>
  %B36 = sdiv <2 x i64> %Shuff7, %B36.san24
  %Tr37 = trunc i8 111 to i1
  %bc25 = load i32, ptr addrspace(5) %bcount, align 4
  %bc25.n = add i32 %bc25, 1
  store i32 %bc25.n, ptr addrspace(5) %bcount, align 4
  %bc25.ok = icmp ult i32 %bc25, 500
  br i1 %bc25.ok, label %bc25.go, label %bc.exit
bc25.go:
  br i1 %Tr37, label %CF, label %CF40

CF40:                                             ; preds = %CF40, %CF45
  %Sl38 = select i1 %FC, double 0x404937E8B2471F66, double 0x23B92758ADB726D6
  %Cmp39 = fcmp oge float 0x47DC63E040000000, 0xB979E05DC0000000
  %bc26 = load i32, ptr addrspace(5) %bcount, align 4
  %bc26.n = add i32 %bc26, 1
  store i32 %bc26.n, ptr addrspace(5) %bcount, align 4
  %bc26.ok = icmp ult i32 %bc26, 500
  br i1 %bc26.ok, label %bc26.go, label %bc.exit
bc26.go:
  br i1 %Cmp39, label %CF40, label %CF43

CF43:                                             ; preds = %CF40
  store <8 x i8> <i8 0, i8 -1, i8 0, i8 -1, i8 0, i8 -1, i8 0, i8 -1>, ptr %2, align 8
  %st.san28 = zext i1 %Cmp24 to i8
  store i8 %st.san28, ptr %0, align 1
  store double %Sl38, ptr %A, align 8
  store i32 %B22, ptr %0, align 4
  ret void
bc.exit:
  ret void
}

declare i1 @llvm.fptoui.sat.i1.f32(float)
declare void @llvm.memset.p5.i32(ptr addrspace(5), i8, i32, i1)
