; A loop whose divergent exits go to different targets is lowered as a
; "dispatch" loop (isel_struct_loop.c): the pre-header zeroes one lane-mask
; accumulator per exit target, read by a p_linear_phi in the header. The
; zero was a 64-bit s_mov_b64 on wave32 too, feeding a 1-dword phi: with
; SGPRs spilled (gfx1100 -O0 --max-sgprs=16), the phi's one-lane spill slot
; took the 2-dword store, which overwrote the next slot's lane (another
; live lane mask), and lanes took the wrong exit (fuzz gen_loop_exits seeds
; 5124, 5381, 5572: wrong out[tid]). The zero now has the wave's mask width,
; and the verifier rejects a phi operand of another width than the phi.
; RUN: %wavecc -mcpu=gfx1100 -O0 %s -S -o /dev/null --print-after=isel 2> %t.mir
; RUN: FileCheck %s --check-prefix=W32 < %t.mir
; RUN: %wavecc-opt -verify -pass=dce %t.mir > /dev/null
; RUN: %wavecc -mcpu=gfx900 -O0 %s -S -o /dev/null --print-after=isel 2> %t9.mir
; RUN: FileCheck %s --check-prefix=W64 < %t9.mir
; RUN: %wavecc-opt -verify -pass=dce %t9.mir > /dev/null
; W32-LABEL: kernel k
; W32-NOT: s_mov_b64
; W32: [[Z:%[0-9]+]]:s1 = s_mov_b32 0
; W32: p_linear_phi [[Z]]:s1,
; W64-LABEL: kernel k
; W64: [[Z:%[0-9]+]]:s2 = s_mov_b64 imm64(0)
; W64: p_linear_phi [[Z]]:s2,
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  br label %h
h:
  %i = phi i32 [0, %entry], [%i1, %h2]
  %c1 = icmp eq i32 %i, %v
  br i1 %c1, label %ta, label %latch
latch:
  %i1 = add i32 %i, 1
  %w = mul i32 %i1, %v
  %c2 = icmp eq i32 %w, 12
  br i1 %c2, label %tb, label %h2
h2:
  %c3 = icmp ult i32 %i1, %n
  br i1 %c3, label %h, label %exit
ta:
  store i32 %i, ptr addrspace(1) %q
  br label %exit
tb:
  store i32 %w, ptr addrspace(1) %q
  br label %exit
exit:
  ret void
}
