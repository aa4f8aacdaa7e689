; [config]
; name: DPP moves llc-19 combines into their readers (session 22)
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; # llc-19's dpp-combine folds these moves into the readers
; # (v_add_u32_dpp, v_subrev_u32_dpp; at gfx1100 v_add3_u32_e64_dpp, a VOP3
; # with DPP): the emulator's DPP on VOP2/VOP3 operations. a = mov.dpp
; # row_shr:1 bound_ctrl; b = update.dpp(0, v, quad_perm:[2,3,0,1]);
; # c = update.dpp(0, v, row_ror:7); out = a + tid + 3 * b - c.
; name: combined
; kernel_name: k_dpp_combine
; arg_out: 0 buffer uint[64] 4294967209 0 4294966964 4294967076 336 448 116 820 1376 1488 1156 1268 1824 1936 1604 1716 \
;   1113 1792 2457 2569 3125 3237 2905 2612 3168 289 2948 3060 4294966924 4294967036 4294966704 4294966816 \
;   319 593 261 373 929 1041 709 1413 1969 2081 1749 1861 2417 2529 2197 2309 \
;   2516 3382 3050 3162 727 839 3498 2208 4294967069 4294967181 4294966849 4294966961 221 1330 998 1110
; arg_in: 1 buffer uint[64] 12 49 86 123 160 197 234 271 308 345 382 419 456 493 530 567 604 641 678 715 752 789 826 863 900 937 974 14 51 88 125 162 \
;   199 236 273 310 347 384 421 458 495 532 569 606 643 680 717 754 791 828 865 902 939 976 16 53 90 127 164 201 238 275 312 349

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_dpp_combine(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %a = call i32 @llvm.amdgcn.mov.dpp.i32(i32 %v, i32 273, i32 15, i32 15, i1 true)
  %s = add i32 %a, %tid
  %b = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %v, i32 78, i32 15, i32 15, i1 false)
  %h = mul i32 %b, 3
  %t = add i32 %s, %h
  %c = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %v, i32 295, i32 15, i32 15, i1 false)
  %m = sub i32 %t, %c
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %m, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.mov.dpp.i32(i32, i32, i32, i32, i1)
