; IR pass test: lower-bool-vectors on vectors of more than 64 booleans
; (clang's vector select: `bitcast <4 x i32> to <128 x i1>` and one
; extractelement, clsmith seeds 688 and 2162; wavecc on main ba3ab87
; refused it at -O0, "unsupported instruction", and the load of
; <128 x i1> instcombine makes of it at -O2, "unsupported load of i1").
; They are held as 32-bit words (16- or 8-bit when N is not a multiple of
; 32): an element is bit k % 32 of word k / 32, a bit operation works on
; the words, a store stores them; no element is packed back.
; RUN: %wavecc-opt -ir-pass=lower-bool-vectors %s | FileCheck %s
; RUN: %wavecc -O0 -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefix=ASM
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_bool_vector_wide.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_bool_vector_wide.ll 2>&1 | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: define i32 @f(
; CHECK: %[[W:[0-9]+]] = extractelement <4 x i32> %v, i32 3
; CHECK: lshr i32 %[[W]], 0
; CHECK: %i1mem = load <4 x i32>, ptr addrspace(1) %p, align 16
; CHECK: %[[X:[0-9]+]] = xor <4 x i32> %v, %i1mem
; CHECK: store <4 x i32> %[[X]], ptr addrspace(1) %p, align 16
; CHECK: extractelement <3 x i32>
; CHECK: extractelement <5 x i16>
; CHECK-NOT: <128 x i1>
; CHECK: ret i32
; ASM-LABEL: k:
; ASM: global_load_dwordx4
; ASM-COUNT-4: v_xor_b32_e32
; ASM-NEXT: global_store_dwordx4
; ASM: s_endpgm
; EMU: 1 passed, 0 failed
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p, <4 x i32> %v) {
  %r = call i32 @f(ptr addrspace(1) %p, <4 x i32> %v, i32 5)
  store i32 %r, ptr addrspace(1) %p
  ret void
}

define i32 @f(ptr addrspace(1) %p, <4 x i32> %v, i32 %k) {
  %b = bitcast <4 x i32> %v to <128 x i1>
  %e = extractelement <128 x i1> %b, i32 96
  %m = load <128 x i1>, ptr addrspace(1) %p, align 16
  %x = xor <128 x i1> %b, %m
  store <128 x i1> %x, ptr addrspace(1) %p, align 16
  %v3 = shufflevector <4 x i32> %v, <4 x i32> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %b3 = bitcast <3 x i32> %v3 to <96 x i1>
  %e3 = extractelement <96 x i1> %b3, i32 %k
  %h = bitcast <4 x i32> %v to <8 x i16>
  %h5 = shufflevector <8 x i16> %h, <8 x i16> poison, <5 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4>
  %b5 = bitcast <5 x i16> %h5 to <80 x i1>
  %e5 = extractelement <80 x i1> %b5, i32 %k
  %a = and i1 %e, %e3
  %o = or i1 %a, %e5
  %z = zext i1 %o to i32
  ret i32 %z
}
