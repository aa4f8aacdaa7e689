; cse-dom (src/passes/cse_dom.c): a merge whose later instruction reads an
; operand nothing reads after the earlier one's block costs no register: the
; operand dies there and the result lives instead. bench/real bitonic_step:
; the 64-bit offset {i, sign(i)} << 2 of a[i] (block after the first
; divergent if) is needed again for b[i] after the second one; the shifted
; pair replaces the pair it is shifted from, so gfx1100's second
; v_lshlrev_b64 goes, as llc-19 shares it. Main 04a2c16 computed it again
; (a merge may raise the peak by 1 VGPR, the pair is 2). Host reference
; (Python): for i: p = i ^ j; if p > i and ((i & k) != 0) != (a[i] > a[p]):
; swap a[i], a[p] and b[i], b[p].
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s
; RUN: %wavecc-run %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx942 %s | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: k_swap:
; CHECK: v_lshlrev_b64 v{{\[}}[[P:[0-9]+]]:[[P1:[0-9]+]]{{\]}}, 2,
; CHECK: s_and_b32 exec_lo, exec_lo
; CHECK-NOT: v_lshlrev_b64
; CHECK: v_add_co_u32 v{{[0-9]+}}, vcc_lo, s{{[0-9]+}}, v[[P]]
; CHECK: s_endpgm
; EMU: 1 passed, 0 failed
;
; [config]
; name: cse-dom-freed
; dimensions: 1
;
; [test]
; name: cse-dom-freed-swap
; kernel_name: k_swap
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[64] 693 44 803 916 532 123 523 204 402 355 541 296 598 151 609 267 \
;     110 266 421 335 991 274 854 110 791 333 918 318 23 582 632 206 \
;     900 72 942 207 116 555 466 397 886 751 75 822 100 424 17 101 \
;     592 745 433 773 873 405 450 674 306 584 936 514 853 162 810 652
; arg_out: 0 buffer uint[64] 532 44 523 204 693 123 803 916 598 355 609 296 402 151 541 267 \
;     110 266 421 110 991 274 854 335 791 582 918 318 23 333 632 206 \
;     116 72 466 207 900 555 942 397 886 751 75 822 100 424 17 101 \
;     592 405 433 674 873 745 450 773 853 584 936 652 306 162 810 514
; arg_in: 1 buffer uint[64] 976 416 238 793 558 590 748 110 820 212 399 196 141 137 641 505 \
;     107 560 722 469 7 979 465 927 491 608 122 532 491 844 512 505 \
;     377 438 917 554 886 187 911 2 250 93 26 477 385 462 116 692 \
;     722 668 269 957 131 487 290 460 413 300 753 175 472 449 308 315
; arg_out: 1 buffer uint[64] 558 416 748 110 976 590 238 793 141 212 641 196 820 137 399 505 \
;     107 560 722 927 7 979 465 469 491 844 122 532 491 608 512 505 \
;     886 438 911 554 377 187 917 2 250 93 26 477 385 462 116 692 \
;     722 487 269 460 131 668 290 957 472 300 753 315 413 449 308 175
; arg_in: 2 int 4
; arg_in: 3 int 8
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_swap(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %j, i32 %k) {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg64 = zext i32 %wg to i64
  %tid64 = zext i32 %tid to i64
  %base = shl nuw nsw i64 %wg64, 6
  %i64 = add nuw nsw i64 %base, %tid64
  %i = trunc i64 %i64 to i32
  %p = xor i32 %i, %j
  %up = icmp sgt i32 %p, %i
  br i1 %up, label %cmp, label %done

cmp:
  %hi = shl i64 %i64, 32
  %si = ashr exact i64 %hi, 32
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %si
  %va = load i32, ptr addrspace(1) %pa, align 4
  %sp = sext i32 %p to i64
  %qa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %sp
  %vq = load i32, ptr addrspace(1) %qa, align 4
  %ik = and i32 %i, %k
  %gt = icmp ugt i32 %va, %vq
  %desc = icmp ne i32 %ik, 0
  %sw = xor i1 %desc, %gt
  br i1 %sw, label %swap, label %done

swap:
  store i32 %vq, ptr addrspace(1) %pa, align 4
  store i32 %va, ptr addrspace(1) %qa, align 4
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %si
  %vb = load i32, ptr addrspace(1) %pb, align 4
  %qb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %sp
  %wb = load i32, ptr addrspace(1) %qb, align 4
  store i32 %wb, ptr addrspace(1) %pb, align 4
  store i32 %vb, ptr addrspace(1) %qb, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
