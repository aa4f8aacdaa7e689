; IR pass test: lower-bool-vectors, a variable-index access of a boolean
; vector that a variable-index insert rebuilt from packed bits reads those
; bits (frozen) instead of packing the rebuilt elements back (issue 27,
; f_fcmp_true_uniform_insert.ll: on main 20e9875 the extract selected one
; compare, select and or per element, 113 executed wave-instructions at
; gfx900 where llc-19 has 49; now 31). The rebuilt vector nobody reads is
; deleted.
; RUN: %wavecc-opt -ir-pass=lower-bool-vectors %s | FileCheck %s
; CHECK-LABEL: define i32 @k(
; CHECK: %[[X:[0-9]+]] = or i8
; CHECK-NOT: insertelement
; CHECK-NOT: select
; CHECK: %[[F:[0-9]+]] = freeze i8 %[[X]]
; CHECK: lshr i8 %[[F]], %{{[0-9]+}}
; CHECK-NOT: insertelement
; CHECK-NOT: select
; CHECK: ret i32
; CHECK-LABEL: define i32 @chain(
; CHECK: select i1 %{{[0-9]+}}, i16 -32768, i16 0
; CHECK: and i16
; CHECK-NEXT: %[[V:[0-9]+]] = or i16
; CHECK-NEXT: freeze i16 %[[V]]
; CHECK-NOT: select
; CHECK: and i16
; CHECK-NEXT: %[[W:[0-9]+]] = or i16
; CHECK-NOT: select
; CHECK: freeze i16 %[[W]]
; CHECK-NOT: select
; CHECK-NOT: insertelement
; CHECK: ret i32
target triple = "amdgcn-amd-amdhsa"

define i32 @k(i32 %i) {
  %v = insertelement <8 x i1> zeroinitializer, i1 true, i32 %i
  %j = add i32 %i, 1
  %e = extractelement <8 x i1> %v, i32 %j
  %z = zext i1 %e to i32
  ret i32 %z
}

; two inserts and an extract, all at variable indices: one packed integer
define i32 @chain(<16 x i1> %m, i1 %a, i1 %b, i32 %i, i32 %j, i32 %k) {
  %v = insertelement <16 x i1> %m, i1 %a, i32 %i
  %w = insertelement <16 x i1> %v, i1 %b, i32 %j
  %e = extractelement <16 x i1> %w, i32 %k
  %z = zext i1 %e to i32
  ret i32 %z
}
