; Fragmentation by values live through a loop: llvm-stress seed 60284 at
; gfx900 -O0 (lane masks of <16 x i1> kept in SGPR pairs across nested
; loops), reduced with llvm-reduce-19. Before, every retry failed "no free
; 2-dword SGPR range (demand 63 SGPRs, has 65; the file is fragmented)":
; the spiller fills the file to the budget less the tuple slack, and the
; free SGPRs sit one apart between values that live through the loop,
; which the allocator could not move. Now such a value moves, with linear
; phis where its names meet (src/ra/regalloc_global.c; the whole seed
; matches llc-19 under wavecc-run --differential).
; RUN: %wavecc -O0 -mcpu=gfx900 -S %s -o - | FileCheck %s
; CHECK-LABEL: autogen_SD60284:
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @autogen_SD60284(i32 %0, <16 x i1> %I102, <16 x i1> %Cmp105) {
BB:
  %Cmp24 = icmp slt <16 x i16> zeroinitializer, zeroinitializer
  %L25.san14 = load i8, ptr null, align 1
  %L25 = trunc i8 %L25.san14 to i1
  br i1 false, label %CF256, label %bc.exit

CF256:                                            ; preds = %BB
  br i1 false, label %CF258, label %bc.exit

CF258:                                            ; preds = %CF256
  %I1022 = insertelement <16 x i1> %Cmp24, i1 %L25, i32 %0
  br label %CF242

CF242:                                            ; preds = %CF266, %CF258
  %Sl125 = select <16 x i1> %I1022, <16 x i1> %I102, <16 x i1> %Cmp24
  br label %CF251

CF251:                                            ; preds = %CF251, %CF242
  %Shuff136 = shufflevector <16 x i1> %Sl125, <16 x i1> zeroinitializer, <16 x i32> <i32 23, i32 25, i32 27, i32 29, i32 0, i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15, i32 0, i32 0, i32 0>
  %E142 = extractelement <16 x i1> %Cmp105, i32 %0
  br i1 %E142, label %CF251, label %CF266

CF266:                                            ; preds = %CF251
  %E171 = extractelement <16 x i1> %Shuff136, i32 %0
  br i1 %E171, label %CF242, label %CF250

CF250:                                            ; preds = %CF266
  ret void

bc.exit:                                          ; preds = %CF256, %BB
  ret void
}
