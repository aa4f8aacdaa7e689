; [config]
; name: frem of constant operands: the exact remainder (fmod)
; dimensions: 1
; global_size: 1 0 0
; local_size: 1 0 0
;
; # llvm-stress seed 40276 at -O0 (gfx900, gfx1030, gfx1100): wavecc
; # expanded frem of two double constants as llc-19's fma(-trunc(x / y), y, x),
; # which is not exact when x / y is large (here it overflows: -inf), while
; # llc-19 folds constant operands to the exact remainder (APFloat mod) at
; # every -O level and LLVM's instcombine does at -O1 and above. Expected
; # values: Python's math.fmod (exact) of the same constants; words 0-1 and
; # 2-3 the doubles, 4-7 the floats, 8 the two halves (low, high), 9-10 a
; # <2 x float> frem (the first two float cases). tests/passes/frem-const-fold.ll
; # runs it at -O0.
;
; [test]
; name: double, float, half and <2 x float> constants
; kernel_name: fremc
; arg_out: 0 buffer uint[11] 4147487792 567001322 0 1072693248 1065353216 3217031168 978040512 1069547520 2948608090 1065353216 3217031168
; arg_in: 0 buffer uint[11] repeat 0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @fremc(ptr addrspace(1) %out) {
  %d0 = frem double 0x6D6B578AE4698408, 0x21D742F6C6D51D74
  store double %d0, ptr addrspace(1) %out, align 4
  %d1 = frem double 0x7E37E43C8800759C, 7.0
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store double %d1, ptr addrspace(1) %p1, align 4
  %f0 = frem float 0x46293E5940000000, 7.0
  %p4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store float %f0, ptr addrspace(1) %p4
  %f1 = frem float -7.5, 2.0
  %p5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store float %f1, ptr addrspace(1) %p5
  %f2 = frem float 0x47EC363CC0000000, 0x3F5205BC00000000
  %p6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store float %f2, ptr addrspace(1) %p6
  %f3 = frem float 5.5, -2.0
  %p7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store float %f3, ptr addrspace(1) %p7
  %h0 = frem half 0xH7B53, 0xH34CD
  %p8 = getelementptr i32, ptr addrspace(1) %out, i32 8
  store half %h0, ptr addrspace(1) %p8
  %h1 = frem half 0xHE3D0, 0xH399A
  %p8h = getelementptr half, ptr addrspace(1) %p8, i32 1
  store half %h1, ptr addrspace(1) %p8h
  %v = frem <2 x float> <float 0x46293E5940000000, float -7.5>, <float 7.0, float 2.0>
  %p9 = getelementptr i32, ptr addrspace(1) %out, i32 9
  store <2 x float> %v, ptr addrspace(1) %p9, align 4
  ret void
}
