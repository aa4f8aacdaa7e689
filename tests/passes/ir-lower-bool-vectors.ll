; IR pass test: lower-bool-vectors alone. <N x i1> in memory is N bits
; from bit 0 in ceil(N/8) bytes (load: i8 then lshr/trunc per element; an
; i1 store: zext to a byte); bitcasts between <N x i1> and iN and a
; variable-index extractelement go through the same packed bits.
; RUN: %wavecc-opt -ir-pass=lower-bool-vectors %s | FileCheck %s
; CHECK-LABEL: define i8 @f(
; CHECK: %i1mem = load i8, ptr addrspace(1) %p, align 1
; CHECK: lshr i8 %i1mem, 3
; CHECK: lshr i4 %m, 3
; CHECK: %x = xor <4 x i1>
; CHECK: %[[K:[0-9]+]] = trunc i32 %k to i8
; CHECK: %[[SH:[0-9]+]] = lshr i8 %{{[0-9]+}}, %[[K]]
; CHECK: %[[E:[0-9]+]] = trunc i8 %[[SH]] to i1
; CHECK: %[[Z:[0-9]+]] = zext i1 %[[E]] to i8
; CHECK: store i8 %[[Z]], ptr addrspace(1) %p, align 1
; CHECK: select i1 %{{[0-9]+}}, i4 -8, i4 0
; CHECK-NOT: load <4 x i1>
; CHECK-NOT: bitcast
; CHECK: ret i8
target triple = "amdgcn-amd-amdhsa"

define i8 @f(ptr addrspace(1) %p, i4 %m, i32 %k) {
  %v = load <4 x i1>, ptr addrspace(1) %p, align 1
  %b = bitcast i4 %m to <4 x i1>
  %x = xor <4 x i1> %v, %b
  %e = extractelement <4 x i1> %x, i32 %k
  store i1 %e, ptr addrspace(1) %p, align 1
  %r = bitcast <4 x i1> %x to i4
  %z = zext i4 %r to i8
  ret i8 %z
}
