; [config]
; name: udiv/urem of numerators with many leading one bits by small divisors
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; # clsmith seed 3009 (every GPU), reduced with llvm-reduce-19: llc-19
; # divides 4294967252 (-44) by (id | 1) with its 24-bit float division, as
; # if the numerator were small: it counts the numerator's sign bits,
; # which say nothing about an unsigned value (v_cvt_f32 of the constant
; # gives 2^32; for id 0 its quotient is 1023, not 4294967252). It fails at
; # gfx900, gfx90a, gfx942, gfx1030 and gfx1100 with llc-19 (2026-11-29).
; # wavecc agrees with the host reference below (and PoCL with wavecc on
; # the whole seed 3009); listed in
; # KNOWN-FAILURES.llc*. Expected values (Python): per work-item t,
; # 4294967252 // (t | 1), 4294967252 % (t | 1) and
; # (0xffff0000 | t) // ((t | 1) * 3).
;
; [test]
; name: quotients and remainders
; kernel_name: udivsb
; arg_out: 0 buffer uint[192] 4294967252 0 1431633920 4294967252 0 1431633920 1431655750 2 477211306 1431655750 2 477211307 858993450 2 286326784 858993450 2 286326784 613566750 2 204519131 613566750 2 204519131 477218583 5 159070435 477218583 5 159070435 390451568 4 130148538 390451568 4 130148538 330382096 4 110125686 330382096 4 110125686 286331150 2 95442261 286331150 2 95442261 252645132 8 84213760 252645132 8 84213760 226050908 0 75349154 226050908 0 75349154 204522250 2 68173044 204522250 2 68173044 186737706 14 62244953 186737706 14 62244953 171798690 2 57265357 171798690 2 57265357 159072861 5 53023478 159072861 5 53023478 148102319 1 49366687 148102319 1 49366687 138547330 22 46181739 138547330 22 46181739 130150522 26 43382846 130150522 26 43382846 122713350 2 40903826 122713350 2 40903826 116080196 0 38692808 116080196 0 38692808 110127365 17 36708562 110127365 17 36708562 104755298 34 34917900 104755298 34 34917900 99882959 15 33293812 99882959 15 33293812 95443716 32 31814087 95443716 32 31814087 91382281 45 30460296 91382281 45 30460296 87652392 44 29217019 87652392 44 29217019 84215044 8 28071253 84215044 8 28071253 81037117 51 27011961 81037117 51 27011961 78090313 37 26029707 78090313 37 26029707 75350302 38 25116384 75350302 38 25116384 72796055 7 24264982 72796055 7 24264982 70409299 13 23469408 70409299 13 23469408 68174083 23 22724348 68174083 23 22724348
; arg_in: 0 buffer uint[192] repeat 0

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @udivsb(ptr addrspace(1) %out) #0 {
  %t = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %d = or i32 %t, 1
  %q = udiv i32 -44, %d
  %r = urem i32 -44, %d
  %n = or i32 %t, -65536
  %d3 = mul i32 %d, 3
  %q2 = udiv i32 %n, %d3
  %i = mul i32 %t, 3
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %q, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %q2, ptr addrspace(1) %p2
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
