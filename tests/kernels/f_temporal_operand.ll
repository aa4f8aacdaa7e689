; Temporal divergence through an operand the selection reads in place of a
; value (gen_loop_exits seed 7243 at -O0, fz28, 2026-11-30). Lanes leave
; each loop below after i = tid & 3 iterations; after the loop, the
; selection of a user of zext(i) (or of zext(i + 5)) reads the zext's
; operand, the counter i: a 64-bit multiply of two zero-extended values
; multiplies their 32-bit sources (isel_narrow64.c lo_of), a GEP index
; splits into i and a constant offset. divergence.c marked the zext
; divergent (it is used outside a loop with a divergent exit) but not i,
; so i stayed one SGPR holding the wave's last value (3) and every lane
; read it: k_mul stored 3 * b, k_gep stored out[8] only. Without
; loop-exit-copies (-O0, or --no-llc-ir-passes) nothing else copies i out
; of the loop; at -O2 its freeze on the exit edge is read instead, so the
; default corpus run passes before the fix: lit
; divergence-temporal-operands.ll runs this file at -O0. Host reference:
; the arg_out values (i = tid & 3; k_mul: i * 0xffffffff, low and high
; words; k_gep: out[5 + i] = 7; k_cmp: i < 2 ? 10 : 20).
; [config]
; name: temporal divergence through an operand the selection reads
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: mul
; kernel_name: k_mul
; arg_out: 0 buffer uint[256] 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 4294967295 4294967294 4294967293 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_in: 0 buffer uint[256] repeat 0
; arg_in: 1 uint 4294967295
;
; [test]
; name: gep
; kernel_name: k_gep
; arg_out: 0 buffer uint[256] 0 0 0 0 0 7 7 7 7 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_in: 0 buffer uint[256] repeat 0
; arg_in: 1 uint 7
;
; [test]
; name: cmp
; kernel_name: k_cmp
; arg_out: 0 buffer uint[256] 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 10 10 20 20 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_in: 0 buffer uint[256] repeat 0
; arg_in: 1 uint 2
;

target triple = "amdgcn-amd-amdhsa"

; k_mul: the 64-bit product zext(i) * zext(b) after the loop; its selection
; reads the zext's operand, the counter i (isel_narrow64.c lo_of).
define amdgpu_kernel void @k_mul(ptr addrspace(1) noundef align 4 %out, i32 noundef %b) {
entry:
  %tid = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %n = and i32 %tid, 3
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %z = zext i32 %i to i64
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i, %n
  br i1 %more, label %latch, label %exit

latch:
  br label %loop

exit:
  %bz = zext i32 %b to i64
  %m = mul nuw i64 %z, %bz
  %lo = trunc i64 %m to i32
  %h = lshr i64 %m, 32
  %hi = trunc i64 %h to i32
  %tid64 = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tid64
  store i32 %lo, ptr addrspace(1) %p, align 4
  %t2 = add nuw nsw i64 %tid64, 64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t2
  store i32 %hi, ptr addrspace(1) %p2, align 4
  ret void
}

; k_gep: a store after the loop through out[zext(i + 5)] (a GEP index
; the selection may split into i and a constant offset).
define amdgpu_kernel void @k_gep(ptr addrspace(1) noundef align 4 %out, i32 noundef %b) {
entry:
  %tid = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %n = and i32 %tid, 3
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %j = add nuw nsw i32 %i, 5
  %z = zext i32 %j to i64
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i, %n
  br i1 %more, label %latch, label %exit

latch:
  br label %loop

exit:
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %z
  store i32 %b, ptr addrspace(1) %p, align 4
  ret void
}

; k_cmp: an i64 compare of zext(i) after the loop (the selection compares
; the 32-bit source).
define amdgpu_kernel void @k_cmp(ptr addrspace(1) noundef align 4 %out, i32 noundef %b) {
entry:
  %tid = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %n = and i32 %tid, 3
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %z = zext i32 %i to i64
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i, %n
  br i1 %more, label %latch, label %exit

latch:
  br label %loop

exit:
  %bz = zext i32 %b to i64
  %c = icmp ult i64 %z, %bz
  %v = select i1 %c, i32 10, i32 20
  %tid64 = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tid64
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
