; A budget failure for fragmentation is retried with smaller budgets: the
; allocator cannot always clear an aligned range for a tuple when demand
; sits at the budget, so each retry spills to more registers fewer (1, 2,
; 4, 8, 16 off the failing file; it was 1, 1, 1). llvm-stress seed 60205
; at gfx900 -O0 (masked linearisation keeps many <16 x i1> lane masks
; live), reduced with llvm-reduce-19: "no free 2-dword SGPR range (demand
; 90 SGPRs, has 93; the file is fragmented)" before. Seeds 60201-60400 at
; gfx900 -O0 size 300: 180 of 200 compiled before, 4 of 8 retried ones now
; compile and match llc-19 (tests/fuzz/README.md, session 18).
; RUN: %wavecc -O0 -mcpu=gfx900 -S %s -o - | FileCheck %s
; CHECK-LABEL: autogen_SD60205:
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @autogen_SD60205(i32 %0, i32 %I82.san41, i32 %E109.san50, <16 x i1> %Cmp144, <4 x i1> %I96, <4 x i1> %Shuff66, <16 x i1> %Shuff103) {
BB:
  %bc3 = load i32, ptr addrspace(5) null, align 4
  %bc3.ok = icmp ult i32 %bc3, 0
  br i1 %bc3.ok, label %CF263, label %bc.exit

CF263:                                            ; preds = %BB
  %Cmp12 = icmp ult <16 x i16> zeroinitializer, zeroinitializer
  br i1 false, label %CF259, label %bc.exit

CF259:                                            ; preds = %CF263
  br i1 false, label %CF260, label %bc.exit

CF260:                                            ; preds = %CF259
  br i1 false, label %CF249, label %bc.exit

CF249:                                            ; preds = %CF269, %CF260
  br i1 false, label %CF269, label %bc.exit

CF269:                                            ; preds = %CF249
  %E80 = extractelement <16 x i1> %Cmp12, i32 %0
  br i1 %E80, label %CF249, label %CF258

CF258:                                            ; preds = %CF269
  %I82 = insertelement <16 x i16> zeroinitializer, i16 0, i32 %0
  br i1 false, label %CF271, label %bc.exit

CF271:                                            ; preds = %CF258
  %Cmp100 = icmp uge <16 x i16> zeroinitializer, %I82
  br label %CF248

CF248:                                            ; preds = %CF248, %CF271
  %E109 = extractelement <16 x i1> %Cmp100, i32 %E109.san50
  %bc51 = load i32, ptr addrspace(5) null, align 4
  br i1 %E109, label %CF248, label %CF252

CF252:                                            ; preds = %CF248
  br i1 false, label %CF265, label %bc.exit

CF265:                                            ; preds = %CF252
  %Cmp152 = icmp ugt <16 x i1> %Shuff103, %Cmp144
  br label %CF247

CF247:                                            ; preds = %CF247, %CF265
  %E176 = extractelement <4 x i1> %Shuff66, i32 %I82.san41
  br i1 %E176, label %CF247, label %CF262

CF262:                                            ; preds = %CF247
  %Shuff177 = shufflevector <16 x i1> %Cmp152, <16 x i1> %Cmp12, <16 x i32> <i32 0, i32 2, i32 0, i32 6, i32 0, i32 0, i32 0, i32 0, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  br label %CF

CF:                                               ; preds = %CF, %CF262
  %E223 = extractelement <4 x i1> %I96, i32 %0
  br i1 %E223, label %CF, label %CF245

CF245:                                            ; preds = %CF245, %CF
  %E231 = extractelement <16 x i1> %Shuff177, i32 %0
  br i1 %E231, label %CF245, label %CF250

CF250:                                            ; preds = %CF250, %CF245
  br label %CF250

bc.exit:                                          ; preds = %CF252, %CF258, %CF249, %CF260, %CF259, %CF263, %BB
  ret void
}
