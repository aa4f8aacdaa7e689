; CDNA 2/3 instructions and state (issue 25): packed FP32 arithmetic on
; <2 x float> (llc-19 selects v_pk_fma/mul/add_f32) and the packed
; work-item ids of a 3-D work-group (v0 holds x, y and z on gfx90a/gfx942).
; Host references: exactly representable float arithmetic and integers.
; Before issue 25 wavecc-run knew no --mcpu=gfx90a/gfx942.
;
; [config]
; name: cdna instructions
; device_regex: gfx90a|gfx942
; dimensions: 1
;
; [test]
; name: packed f32 fma, mul, add
; kernel_name: k_pk
; global_size: 32 0 0
; local_size: 32 0 0
; arg_in: 0 buffer float[64] 0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 9.5 10.5 11.5 12.5 13.5 14.5 15.5 16.5 17.5 18.5 19.5 20.5 21.5 22.5 23.5 24.5 25.5 26.5 27.5 28.5 29.5 30.5 31.5 32.5 33.5 34.5 35.5 36.5 37.5 38.5 39.5 40.5 41.5 42.5 43.5 44.5 45.5 46.5 47.5 48.5 49.5 50.5 51.5 52.5 53.5 54.5 55.5 56.5 57.5 58.5 59.5 60.5 61.5 62.5 63.5
; arg_in: 1 buffer float[64] 2 1.75 1.5 1.25 1 0.75 0.5 0.25 0 -0.25 -0.5 -0.75 -1 -1.25 -1.5 -1.75 -2 -2.25 -2.5 -2.75 -3 -3.25 -3.5 -3.75 -4 -4.25 -4.5 -4.75 -5 -5.25 -5.5 -5.75 -6 -6.25 -6.5 -6.75 -7 -7.25 -7.5 -7.75 -8 -8.25 -8.5 -8.75 -9 -9.25 -9.5 -9.75 -10 -10.25 -10.5 -10.75 -11 -11.25 -11.5 -11.75 -12 -12.25 -12.5 -12.75 -13 -13.25 -13.5 -13.75
; arg_in: 2 buffer float[64] 0 3 6 9 12 15 18 21 24 27 30 33 36 39 42 45 48 51 54 57 60 63 66 69 72 75 78 81 84 87 90 93 96 99 102 105 108 111 114 117 120 123 126 129 132 135 138 141 144 147 150 153 156 159 162 165 168 171 174 177 180 183 186 189
; arg_out: 3 buffer float[64] 1 5.625 9.75 13.375 16.5 19.125 21.25 22.875 24 24.625 24.75 24.375 23.5 22.125 20.25 17.875 15 11.625 7.75 3.375 -1.5 -6.875 -12.75 -19.125 -26 -33.375 -41.25 -49.625 -58.5 -67.875 -77.75 -88.125 -99 -110.375 -122.25 -134.625 -147.5 -160.875 -174.75 -189.125 -204 -219.375 -235.25 -251.625 -268.5 -285.875 -303.75 -322.125 -341 -360.375 -380.25 -400.625 -421.5 -442.875 -464.75 -487.125 -510 -533.375 -557.25 -581.625 -606.5 -631.875 -657.75 -684.125
; arg_out: 4 buffer float[64] 3.5 5.875 7.75 9.125 10 10.375 10.25 9.625 8.5 6.875 4.75 2.125 -1 -4.625 -8.75 -13.375 -18.5 -24.125 -30.25 -36.875 -44 -51.625 -59.75 -68.375 -77.5 -87.125 -97.25 -107.875 -119 -130.625 -142.75 -155.375 -168.5 -182.125 -196.25 -210.875 -226 -241.625 -257.75 -274.375 -291.5 -309.125 -327.25 -345.875 -365 -384.625 -404.75 -425.375 -446.5 -468.125 -490.25 -512.875 -536 -559.625 -583.75 -608.375 -633.5 -659.125 -685.25 -711.875 -739 -766.625 -794.75 -823.375
;
; [test]
; name: packed work-item ids 4x4x4
; kernel_name: k_tid3
; dimensions: 3
; global_size: 4 4 4
; local_size: 4 4 4
; arg_out: 0 buffer int[64] 0 1 2 3 10 11 12 13 20 21 22 23 30 31 32 33 100 101 102 103 110 111 112 113 120 121 122 123 130 131 132 133 200 201 202 203 210 211 212 213 220 221 222 223 230 231 232 233 300 301 302 303 310 311 312 313 320 321 322 323 330 331 332 333

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_pk(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, ptr addrspace(1) %o, ptr addrspace(1) %o2) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <2 x float>, ptr addrspace(1) %a, i32 %id
  %pb = getelementptr <2 x float>, ptr addrspace(1) %b, i32 %id
  %pc = getelementptr <2 x float>, ptr addrspace(1) %c, i32 %id
  %va = load <2 x float>, ptr addrspace(1) %pa
  %vb = load <2 x float>, ptr addrspace(1) %pb
  %vc = load <2 x float>, ptr addrspace(1) %pc
  %f = call <2 x float> @llvm.fma.v2f32(<2 x float> %va, <2 x float> %vb, <2 x float> %vc)
  %po = getelementptr <2 x float>, ptr addrspace(1) %o, i32 %id
  store <2 x float> %f, ptr addrspace(1) %po
  %m = fmul <2 x float> %va, %vb
  %s = fadd <2 x float> %va, %vb
  %t = fadd <2 x float> %m, %s
  %po2 = getelementptr <2 x float>, ptr addrspace(1) %o2, i32 %id
  store <2 x float> %t, ptr addrspace(1) %po2
  ret void
}

define amdgpu_kernel void @k_tid3(ptr addrspace(1) %out) {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %z = call i32 @llvm.amdgcn.workitem.id.z()
  %y10 = mul i32 %y, 10
  %z100 = mul i32 %z, 100
  %s = add i32 %x, %y10
  %v = add i32 %s, %z100
  %z16 = mul i32 %z, 16
  %y4 = mul i32 %y, 4
  %i0 = add i32 %x, %y4
  %i = add i32 %i0, %z16
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workitem.id.z()
declare <2 x float> @llvm.fma.v2f32(<2 x float>, <2 x float>, <2 x float>)
