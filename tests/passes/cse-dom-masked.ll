; cse-dom (src/passes/cse_dom.c) merges VALU results across blocks only
; where a block's VALU work runs under exactly the lanes that pass it
; (structured selection). Under masked linearisation (isel_cf.c,
; "wavecc-no-structurize") every block runs under its own mask and the
; logical CFG is the linear one: block a (lanes x < 5, not skipped: it
; holds a barrier) dominates the join's body, whose mask holds every lane,
; so a's x * w is not the join's for lanes 5..63. Both multiplies stay.
; (With cse_dom.c's structured-only guard removed they merge, and lanes
; 5..63 store a register lane a never wrote: wavecc-run fails, "stores an
; undefined value ... lane 5".)
; RUN: %wavecc -S %s -o - | FileCheck %s
; RUN: %wavecc-run %s | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: k_masked:
; CHECK: v_mul_lo_u32
; CHECK: v_mul_lo_u32
; CHECK: s_endpgm
; EMU: 1 passed, 0 failed
;
; [config]
; name: cse-dom-masked
; dimensions: 1
;
; [test]
; name: cse-dom-masked
; kernel_name: k_masked
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[128] repeat 0
; arg_out: 0 buffer uint[128] 0 7 14 21 28 35 42 49 56 63 70 77 84 91 98 105 \
;     112 119 126 133 140 147 154 161 168 175 182 189 196 203 210 217 \
;     224 231 238 245 252 259 266 273 280 287 294 301 308 315 322 329 \
;     336 343 350 357 364 371 378 385 392 399 406 413 420 427 434 441 \
;     0 7 14 21 28 0 0 0 0 0 0 0 0 0 0 0 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_in: 1 buffer uint[64] repeat 0
; arg_out: 1 buffer uint[64] 0 1 2 0 0 5 6 7 8 9 10 11 12 13 14 15 \
;     16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 \
;     32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 \
;     48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
; arg_in: 2 uint 7
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @k_masked(ptr addrspace(1) %out, ptr addrspace(1) %out2, i32 %w) #0 {
entry:
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %c1 = icmp ult i32 %x, 5
  br i1 %c1, label %a, label %b
a:
  %m1 = mul i32 %x, %w
  %xa = add i32 %x, 64
  %pa = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %xa
  store i32 %m1, ptr addrspace(1) %pa, align 4
  call void @llvm.amdgcn.s.barrier()
  %c2 = icmp ult i32 %x, 3
  br i1 %c2, label %b, label %join
b:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %out2, i32 %x
  store i32 %x, ptr addrspace(1) %pb, align 4
  br label %join
join:
  %m2 = mul i32 %x, %w
  %pj = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %x
  store i32 %m2, ptr addrspace(1) %pj, align 4
  ret void
}
attributes #0 = { "wavecc-no-structurize" }
