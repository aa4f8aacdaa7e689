; [config]
; name: DPP8 moves (llvm.amdgcn.mov.dpp8) at GFX10+ (session 22)
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
; device_regex: gfx1[01]
;
; [test]
; # lane i of each group of 8 reads lane sel[i] of the group: dwords 0-63
; # dpp8:[7,6,5,4,3,2,1,0] of v = in[tid]; 64-191 pairs (5 * v, v), each
; # moved by dpp8:[1,0,0,0,0,0,0,7] (llc-19 selects only the i32 form;
; # wavecc's i64 is two such moves: dpp-select.ll).
; name: dpp8
; kernel_name: k_dpp8
; arg_out: 0 buffer uint[192] 271 234 197 160 123 86 49 12 567 530 493 456 419 382 345 308 \
;   863 826 789 752 715 678 641 604 162 125 88 51 14 974 937 900 \
;   458 421 384 347 310 273 236 199 754 717 680 643 606 569 532 495 \
;   53 16 976 939 902 865 828 791 349 312 275 238 201 164 127 90 \
;   245 49 60 12 60 12 60 12 60 12 60 12 60 12 1355 271 \
;   1725 345 1540 308 1540 308 1540 308 1540 308 1540 308 1540 308 2835 567 \
;   3205 641 3020 604 3020 604 3020 604 3020 604 3020 604 3020 604 4315 863 \
;   4685 937 4500 900 4500 900 4500 900 4500 900 4500 900 4500 900 810 162 \
;   1180 236 995 199 995 199 995 199 995 199 995 199 995 199 2290 458 \
;   2660 532 2475 495 2475 495 2475 495 2475 495 2475 495 2475 495 3770 754 \
;   4140 828 3955 791 3955 791 3955 791 3955 791 3955 791 3955 791 265 53 \
;   635 127 450 90 450 90 450 90 450 90 450 90 450 90 1745 349
; arg_in: 1 buffer uint[64] 12 49 86 123 160 197 234 271 308 345 382 419 456 493 530 567 604 641 678 715 752 789 826 863 900 937 974 14 51 88 125 162 \
;   199 236 273 310 347 384 421 458 495 532 569 606 643 680 717 754 791 828 865 902 939 976 16 53 90 127 164 201 238 275 312 349

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_dpp8(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %r = call i32 @llvm.amdgcn.mov.dpp8.i32(i32 %v, i32 342391)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  %v5 = mul i32 %v, 5
  %rlo = call i32 @llvm.amdgcn.mov.dpp8.i32(i32 %v5, i32 14680065)
  %rhi = call i32 @llvm.amdgcn.mov.dpp8.i32(i32 %v, i32 14680065)
  %t2 = shl i32 %tid, 1
  %o = add i32 %t2, 64
  %q2 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %rlo, ptr addrspace(1) %q2
  %o1 = add i32 %o, 1
  %q3 = getelementptr i32, ptr addrspace(1) %out, i32 %o1
  store i32 %rhi, ptr addrspace(1) %q3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.mov.dpp8.i32(i32, i32)
