; # Lanes of one wave talk through global memory and LDS across fences
; # and atomics at wavefront and singlethread scope, which need no
; # s_waitcnt (AMDGPUUsage memory model tables; lit wave-scope-fence.ll):
; # each lane stores to its own slot, then reads its neighbour's (g^1 in
; # global memory, lid^3 in LDS: the same wave at wave32 and wave64). The
; # fences must still keep the accesses in order. Expected values (host
; # reference): out[g] = ((g^1)*3 + 1) + ((lid^3)*5 + 7).
; [config]
; name: wave_scope_fence
; dimensions: 1
; global_size: 128 0 0
; local_size: 64 0 0
;
; [test]
; name: wave_scope_exchange
; kernel_name: k_exchange
; arg_in: 0 buffer uint[128] repeat 0
; arg_out: 1 buffer uint[128] 26 18 22 14 58 50 54 46 90 82 86 78 122 114 118 110 154 146 150 142 186 178 182 174 218 210 214 206 250 242 246 238 282 274 278 270 314 306 310 302 346 338 342 334 378 370 374 366 410 402 406 398 442 434 438 430 474 466 470 462 506 498 502 494 218 210 214 206 250 242 246 238 282 274 278 270 314 306 310 302 346 338 342 334 378 370 374 366 410 402 406 398 442 434 438 430 474 466 470 462 506 498 502 494 538 530 534 526 570 562 566 558 602 594 598 590 634 626 630 622 666 658 662 654 698 690 694 686
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x i32] poison, align 4

define amdgpu_kernel void @k_exchange(ptr addrspace(1) %tmp, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %g = add i32 %base, %t
  %v = mul i32 %g, 3
  %v1 = add i32 %v, 1
  %pa = getelementptr i32, ptr addrspace(1) %tmp, i32 %g
  store i32 %v1, ptr addrspace(1) %pa
  %w = mul i32 %t, 5
  %w1 = add i32 %w, 7
  %la = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %t
  store atomic i32 %w1, ptr addrspace(3) %la syncscope("wavefront") release, align 4
  fence syncscope("wavefront") acq_rel
  %gx = xor i32 %g, 1
  %pb = getelementptr i32, ptr addrspace(1) %tmp, i32 %gx
  %a = load atomic i32, ptr addrspace(1) %pb syncscope("wavefront") acquire, align 4
  fence syncscope("singlethread") seq_cst
  %tx = xor i32 %t, 3
  %lb = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %tx
  %b = load atomic i32, ptr addrspace(3) %lb syncscope("wavefront") acquire, align 4
  %s = add i32 %a, %b
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %s, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
