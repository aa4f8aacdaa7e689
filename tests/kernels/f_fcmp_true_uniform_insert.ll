; `fcmp true` (and `fcmp false`) is selected as a lane-mask constant. On
; main 40b8df5 it was always an s_mov_b64 and not marked as a lane mask,
; so on wave32 targets (gfx1030, gfx1100) the uniform i1 insertelement
; took it for a 0/1 SGPR bool and shifted the all-ones value left by the
; index: the elements above the index became true too (element i+1 read
; 1, expected 0) at -O0 (the -O2 pipeline folds the compare). Found as the
; check build's verifier error "operand 0 has 2 dwords, the instruction
; needs 1" after isel, llvm-stress seed 60469 (and 10 more of 60401-60600)
; at gfx1030 -O0 size 300; vf19 session 19, reduced with llvm-reduce-19.
; Host reference: element i+1 of an <8 x i1> zero vector with element i
; set is false, stored twice (a two-iteration loop keeps the compare out
; of the loop block).
; [config]
; name: uniform fcmp true inserted into an <8 x i1> at a uniform index
; dimensions: 1
; global_size: 1 0 0
; local_size: 1 0 0
;
; [test]
; name: element i+1 stays false
; kernel_name: k
; arg_in: 0 buffer uint[2] 7 7
; arg_in: 1 int 2
; arg_out: 0 buffer uint[2] 0 0

target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr %p, i32 %i) {
BB:
  %c = fcmp true float 0.0, 0.0
  br label %L
L:
  %n = phi i32 [0, %BB], [%n1, %L]
  %v = insertelement <8 x i1> zeroinitializer, i1 %c, i32 %i
  %j = add i32 %i, 1
  %e = extractelement <8 x i1> %v, i32 %j
  %z = zext i1 %e to i32
  %q = getelementptr i32, ptr %p, i32 %n
  store i32 %z, ptr %q
  %n1 = add i32 %n, 1
  %d = icmp eq i32 %n1, 2
  br i1 %d, label %X, label %L
X:
  ret void
}
