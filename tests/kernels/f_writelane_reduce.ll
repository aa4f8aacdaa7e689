; [config]
; name: writelane and wave.reduce.umin/umax (issue 26)
; device_regex: gfx900
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; # writelane(1000, lane 5, tid); writelane.i64 into lane 7
; # (f_writelane_inactive.ll: a write to an inactive lane)
; name: writelane
; kernel_name: k_writelane
; arg_in: 0 buffer uint[64] repeat 0
; arg_out: 0 buffer uint[64] \
;   0 1 2 3 4 1000 6 7 8 9 10 11 12 13 14 15 \
;   16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 \
;   32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 \
;   48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
; arg_in: 1 buffer ulong[64] repeat 0
; arg_out: 1 buffer ulong[64] \
;   0 1 2 3 4 5 6 4294967298 8 9 10 11 12 13 14 15 \
;   16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 \
;   32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 \
;   48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
; arg_in: 2 uint 1000
;
; [test]
; # v = tid * 37 % 101: umax over the wave (100); under a divergent branch
; # umin over lanes 10..63 (2) and umax over lanes 0..9 (94); umin of a
; # uniform value (77)
; name: wave.reduce
; kernel_name: k_reduce
; arg_in: 0 buffer uint[192] repeat 0
; arg_out: 0 buffer uint[192] \
;   100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 \
;   100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 \
;   100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 \
;   100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 \
;   94 94 94 94 94 94 94 94 94 94 2 2 2 2 2 2 \
;   2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 \
;   2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 \
;   2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 \
;   77 77 77 77 77 77 77 77 77 77 77 77 77 77 77 77 \
;   77 77 77 77 77 77 77 77 77 77 77 77 77 77 77 77 \
;   77 77 77 77 77 77 77 77 77 77 77 77 77 77 77 77 \
;   77 77 77 77 77 77 77 77 77 77 77 77 77 77 77 77
; arg_in: 1 uint 77

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_writelane(ptr addrspace(1) %out, ptr addrspace(1) %out64, i32 %s) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %w = call i32 @llvm.amdgcn.writelane.i32(i32 %s, i32 5, i32 %tid)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %w, ptr addrspace(1) %p
  %t64 = zext i32 %tid to i64
  %w64 = call i64 @llvm.amdgcn.writelane.i64(i64 4294967298, i32 7, i64 %t64)
  %q = getelementptr i64, ptr addrspace(1) %out64, i32 %tid
  store i64 %w64, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @k_reduce(ptr addrspace(1) %out, i32 %u) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %m = mul i32 %tid, 37
  %v = urem i32 %m, 101
  %all = call i32 @llvm.amdgcn.wave.reduce.umax.i32(i32 %v, i32 1)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %all, ptr addrspace(1) %p
  %hi = icmp uge i32 %tid, 10
  br i1 %hi, label %a, label %b
a:
  %mn = call i32 @llvm.amdgcn.wave.reduce.umin.i32(i32 %v, i32 1)
  br label %join
b:
  %mx = call i32 @llvm.amdgcn.wave.reduce.umax.i32(i32 %v, i32 0)
  br label %join
join:
  %r = phi i32 [ %mn, %a ], [ %mx, %b ]
  %i = add i32 %tid, 64
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %p2
  %un = call i32 @llvm.amdgcn.wave.reduce.umin.i32(i32 %u, i32 0)
  %i3 = add i32 %tid, 128
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 %i3
  store i32 %un, ptr addrspace(1) %p3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.writelane.i32(i32, i32, i32)
declare i64 @llvm.amdgcn.writelane.i64(i64, i32, i64)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i32 @llvm.amdgcn.wave.reduce.umin.i32(i32, i32)
declare i32 @llvm.amdgcn.wave.reduce.umax.i32(i32, i32)
