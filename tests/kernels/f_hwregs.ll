; [config]
; name: register and mode intrinsics (issue 26): s.getreg/s.setreg, get.fpmode, read/write_register, sethalt, endpgm, returnaddress, lds.kernel.id
; device_regex: gfx900
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; # per lane: MODE denormal fields (the kernel's FLOAT_MODE 0xf0: 0xf), the
; # rounding fields (0), get.fpmode (FLOAT_MODE | DX10_CLAMP | IEEE = 0x3f0),
; # MODE bits 0..3 after s.setreg(MODE 0..1, 3) (3) and after s.setreg(MODE
; # 0..2, 5) (5: a write that splits the f16/f64 rounding field), m0 after
; # write_register(m0, v) (v = 77), exec_lo and exec_hi (all 64 lanes), the
; # kernel's lds.kernel.id (7), returnaddress(0) of a kernel (0)
; name: registers
; kernel_name: k_regs
; arg_in: 0 buffer uint[640] repeat 0
; arg_out: 0 buffer uint[640] repeat 15 0 1008 3 5 77 0xffffffff 0xffffffff 7 0
; arg_in: 1 uint 77
;
; [test]
; # endpgm ends the wave (a uniform branch): the first store stays
; name: endpgm taken
; kernel_name: k_endpgm
; arg_in: 0 buffer uint[64] repeat 0
; arg_out: 0 buffer uint[64] repeat 1
; arg_in: 1 int 1
;
; [test]
; name: endpgm not taken
; kernel_name: k_endpgm
; arg_in: 0 buffer uint[64] repeat 0
; arg_out: 0 buffer uint[64] repeat 2
; arg_in: 1 int 0
;
; [test]
; # a function's returnaddress(0) is its caller's return point (non-zero),
; # returnaddress(1) is 0, as llc-19 gives it
; name: returnaddress in a function
; kernel_name: k_retaddr
; arg_in: 0 buffer uint[128] repeat 0
; arg_out: 0 buffer uint[128] repeat 1 0
;
; [test]
; # write_register(exec_hi, 0) leaves lanes 0..31, which store
; # read_register(exec_lo) (all ones) and exec_hi (0); lanes 32..63 store nothing
; name: exec halves
; kernel_name: k_exec_half
; arg_in: 0 buffer uint[128] repeat 7
; arg_out: 0 buffer uint[128] 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 \
;   0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 \
;   0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 \
;   0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0 \
;   7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 \
;   7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 \
;   7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 \
;   7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_exec_half(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.write_register.i32(metadata !3, i32 0)
  %lo = call i32 @llvm.read_register.i32(metadata !4)
  %hi = call i32 @llvm.read_register.i32(metadata !3)
  %i = shl i32 %tid, 1
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %lo, ptr addrspace(1) %p
  %p1 = getelementptr i32, ptr addrspace(1) %p, i32 1
  store i32 %hi, ptr addrspace(1) %p1
  ret void
}

define amdgpu_kernel void @k_regs(ptr addrspace(1) %out, i32 %v) !llvm.amdgcn.lds.kernel.id !2 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %base = mul i32 %tid, 10
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %base
  ; hwreg(MODE, 4, 4): the denormal fields
  %den = call i32 @llvm.amdgcn.s.getreg(i32 6401)
  store i32 %den, ptr addrspace(1) %p
  ; hwreg(MODE, 0, 4): the rounding fields
  %rnd = call i32 @llvm.amdgcn.s.getreg(i32 6145)
  %p1 = getelementptr i32, ptr addrspace(1) %p, i32 1
  store i32 %rnd, ptr addrspace(1) %p1
  %fpm = call i32 @llvm.get.fpmode.i32()
  %p2 = getelementptr i32, ptr addrspace(1) %p, i32 2
  store i32 %fpm, ptr addrspace(1) %p2
  ; hwreg(MODE, 0, 2) = 3: f32 round toward zero
  call void @llvm.amdgcn.s.setreg(i32 2049, i32 3)
  %r1 = call i32 @llvm.amdgcn.s.getreg(i32 6145)
  %p3 = getelementptr i32, ptr addrspace(1) %p, i32 3
  store i32 %r1, ptr addrspace(1) %p3
  ; hwreg(MODE, 0, 3) = 5 (bit 3 stays 0)
  call void @llvm.amdgcn.s.setreg(i32 4097, i32 5)
  %r2 = call i32 @llvm.amdgcn.s.getreg(i32 6145)
  %p4 = getelementptr i32, ptr addrspace(1) %p, i32 4
  store i32 %r2, ptr addrspace(1) %p4
  ; back to round to nearest even
  call void @llvm.amdgcn.s.setreg(i32 6145, i32 0)
  call void @llvm.write_register.i32(metadata !0, i32 %v)
  %m0 = call i32 @llvm.read_register.i32(metadata !0)
  %p5 = getelementptr i32, ptr addrspace(1) %p, i32 5
  store i32 %m0, ptr addrspace(1) %p5
  %ex = call i64 @llvm.read_register.i64(metadata !1)
  %exlo = trunc i64 %ex to i32
  %exs = lshr i64 %ex, 32
  %exhi = trunc i64 %exs to i32
  %p6 = getelementptr i32, ptr addrspace(1) %p, i32 6
  store i32 %exlo, ptr addrspace(1) %p6
  %p7 = getelementptr i32, ptr addrspace(1) %p, i32 7
  store i32 %exhi, ptr addrspace(1) %p7
  %id = call i32 @llvm.amdgcn.lds.kernel.id()
  %p8 = getelementptr i32, ptr addrspace(1) %p, i32 8
  store i32 %id, ptr addrspace(1) %p8
  %ra = call ptr @llvm.returnaddress(i32 0)
  %rai = ptrtoint ptr %ra to i64
  %ra32 = trunc i64 %rai to i32
  %p9 = getelementptr i32, ptr addrspace(1) %p, i32 9
  store i32 %ra32, ptr addrspace(1) %p9
  call void @llvm.amdgcn.s.sethalt(i32 0)
  ret void
}

define amdgpu_kernel void @k_endpgm(ptr addrspace(1) %out, i32 %x) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 1, ptr addrspace(1) %p
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %end, label %more
end:
  call void @llvm.amdgcn.endpgm()
  unreachable
more:
  store i32 2, ptr addrspace(1) %p
  ret void
}

define i32 @own_ra() noinline {
  %r0 = call ptr @llvm.returnaddress(i32 0)
  %nz = icmp ne ptr %r0, null
  %z = zext i1 %nz to i32
  ret i32 %z
}

define i32 @outer_ra() noinline {
  %r1 = call ptr @llvm.returnaddress(i32 1)
  %r1i = ptrtoint ptr %r1 to i64
  %r1t = trunc i64 %r1i to i32
  ret i32 %r1t
}

define amdgpu_kernel void @k_retaddr(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %i = shl i32 %tid, 1
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  %a = call i32 @own_ra()
  store i32 %a, ptr addrspace(1) %p
  %b = call i32 @outer_ra()
  %p1 = getelementptr i32, ptr addrspace(1) %p, i32 1
  store i32 %b, ptr addrspace(1) %p1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.s.getreg(i32)
declare void @llvm.amdgcn.s.setreg(i32, i32)
declare i32 @llvm.get.fpmode.i32()
declare i32 @llvm.read_register.i32(metadata)
declare i64 @llvm.read_register.i64(metadata)
declare void @llvm.write_register.i32(metadata, i32)
declare ptr @llvm.returnaddress(i32)
declare void @llvm.amdgcn.s.sethalt(i32)
declare void @llvm.amdgcn.endpgm()
declare i32 @llvm.amdgcn.lds.kernel.id()

!0 = !{!"m0"}
!1 = !{!"exec"}
!2 = !{i32 7}
!3 = !{!"exec_hi"}
!4 = !{!"exec_lo"}
