; [config]
; name: merged global stores and loads at addresses that are not dword-aligned
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; # Every GPU wavecc supports accesses global memory at any byte address
; # (wavecc_target.unaligned_global), and llc-19 merges such accesses: the
; # load-store vectoriser makes the two i16 stores at byte 2 one <2 x i16>
; # (dword) store and the two align-2 i32 stores one <2 x i32>, and
; # mem-merge joins those into one global_store_dwordx3 at byte 2, crossing
; # dword boundaries; the three i8 stores at byte 17 become a short and a
; # byte store; the two align-2 i32 loads at byte 2 of the input one dwordx2
; # load. Each work-item writes its own 24 bytes (6 words); the stored
; # values come from the input so the halves are packed at run time.
; # Expected words per work-item i (input words in0..in3 = 0xAAAA1111,
; # 0xBBBB2222, 0x33333333, 0x44444444 at every item): word0 0x11110000,
; # word1 0x33332222, word2 0x44443333, word3 0x00004444, word4 0x11000000
; # (byte 19: 0x11 = low byte of in0), word5 0x00003322 (bytes 20, 21:
; # 0x22, 0x33); the other bytes stay 0.
;
; [test]
; name: unaligned merged accesses
; kernel_name: k
; arg_out: 0 buffer uint[384] repeat 286326784 858989090 1145320243 17476 285212672 13090
; arg_in: 0 buffer uint[384] repeat 0
; arg_in: 1 buffer uint[4] 2863272209 3149603362 858993459 1145324612

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %w0 = load i32, ptr addrspace(1) %in, align 4
  %p1 = getelementptr i32, ptr addrspace(1) %in, i32 1
  %w1 = load i32, ptr addrspace(1) %p1, align 4
  ; bytes 2..9 of the input: 0x2222AAAA then 0x3333BBBB
  %u0 = getelementptr i8, ptr addrspace(1) %in, i32 2
  %x0 = load i32, ptr addrspace(1) %u0, align 2
  %u1 = getelementptr i8, ptr addrspace(1) %in, i32 6
  %x1 = load i32, ptr addrspace(1) %u1, align 2
  %base = mul i32 %i, 24
  %o = getelementptr i8, ptr addrspace(1) %out, i32 %base
  %a = trunc i32 %w0 to i16
  %b = trunc i32 %w1 to i16
  ; c = 0x33333333 and d = 0x44444444 built from the unaligned loads:
  ; x1 >> 16 = 0x3333, x0 >> 16 = 0x2222
  %c.h = lshr i32 %x1, 16
  %c.s = shl i32 %c.h, 16
  %c = or i32 %c.s, %c.h
  %x0.h = lshr i32 %x0, 16
  %x0.2 = shl i32 %x0.h, 1
  %d.h = or i32 %x0.2, 0
  %d.s = shl i32 %d.h, 16
  %d = or i32 %d.s, %d.h
  %o2 = getelementptr i8, ptr addrspace(1) %o, i32 2
  store i16 %a, ptr addrspace(1) %o2, align 2
  %o4 = getelementptr i8, ptr addrspace(1) %o, i32 4
  store i16 %b, ptr addrspace(1) %o4, align 2
  %o6 = getelementptr i8, ptr addrspace(1) %o, i32 6
  store i32 %c, ptr addrspace(1) %o6, align 2
  %o10 = getelementptr i8, ptr addrspace(1) %o, i32 10
  store i32 %d, ptr addrspace(1) %o10, align 2
  %e = trunc i32 %w0 to i8
  %f = trunc i32 %w1 to i8
  %g = trunc i32 %c to i8
  %o19 = getelementptr i8, ptr addrspace(1) %o, i32 19
  store i8 %e, ptr addrspace(1) %o19, align 1
  %o20 = getelementptr i8, ptr addrspace(1) %o, i32 20
  store i8 %f, ptr addrspace(1) %o20, align 1
  %o21 = getelementptr i8, ptr addrspace(1) %o, i32 21
  store i8 %g, ptr addrspace(1) %o21, align 1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
