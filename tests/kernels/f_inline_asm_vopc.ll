; [config]
; name: inline assembly with a VOPC comparison in its VOP3 form ("=s" i64 lane mask)
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
; device_regex: gfx9
;
; # v_cmp_*_e64 sdst, src0, src1 in the text (convergent-inlineasm.ll of
; # issue 26; main: "VOPC format: only SOP1, ..."): bit l of the mask is
; # lane l's i % 3 != 0, all lanes active at the asm; lanes 0..15 store its
; # low half, the others its high half from divergent branches (a compare
; # sunk into them would lose bits). Wave64 only (an i64 mask; wavecc
; # refuses it in wave32): device_regex keeps it to gfx9 processors.
;
; [test]
; name: v_cmp_ne_u32_e64 into an SGPR pair ("=s" i64), its halves read in divergent branches (the mask is the one of all 64 lanes at the asm)
; kernel_name: cmp_asm
; arg_in: 0 buffer uint[64] repeat 0
; arg_out: 0 buffer uint[64] 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 3067833782 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269 1840700269

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @cmp_asm(ptr addrspace(1) %out) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %v = urem i32 %i, 3
  %m = call i64 asm "v_cmp_ne_u32_e64 $0, 0, $1", "=s,v"(i32 %v)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  %c = icmp ult i32 %i, 16
  br i1 %c, label %lo, label %hi
lo:
  %l = trunc i64 %m to i32
  store i32 %l, ptr addrspace(1) %p
  br label %done
hi:
  %hs = lshr i64 %m, 32
  %h = trunc i64 %hs to i32
  store i32 %h, ptr addrspace(1) %p
  br label %done
done:
  ret void
}
