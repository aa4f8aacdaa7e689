; fz21 (session 20, round 2): cov20's constant expressions next to their
; runtime equivalents (a select the compiler cannot fold gives @g's address
; at run time): ptrtoint of data globals to i32/i16/i8/i1/i64, of a GEP on
; one, of a constant-address-space global; GEPs on inttoptr/null that wrap
; (64-bit, private, 32-bit constant pointers); ptrtoint of LDS GEPs to i64
; (zero-extended); offsetof/sizeof through null GEPs; a vector of them.
; Host reference: 1 = the constant equals its runtime value. The i1 case
; was wrong on main e73695c (isel_mask_of; f_const_expr_ptrtoint_i1.ll).
; [config]
; name: fz21 constant expressions vs their runtime equivalents
; kernel_name: k
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: all
; arg_in: 0 buffer uint[16] repeat 0
; arg_out: 0 buffer uint[16] 1 1 1 1 1 1 4294967280 3 4 76 1 1 88 1 1 1
; arg_in: 1 int 1

target triple = "amdgcn-amd-amdhsa"

@g = addrspace(1) global [8 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8], align 16
@c = addrspace(4) constant [8 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8], align 16
@lds = internal addrspace(3) global [32 x i32] undef, align 16
@lds2 = internal addrspace(3) global [32 x i32] undef, align 16

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %one) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %z = icmp ne i32 %t, 0
  br i1 %z, label %done, label %body
body:
  %c1 = icmp eq i32 %one, 1
  %gp = select i1 %c1, ptr addrspace(1) @g, ptr addrspace(1) %out
  %gi = ptrtoint ptr addrspace(1) %gp to i64
  %gi32 = trunc i64 %gi to i32
  ; 0: ptrtoint @g to i32 == runtime low dword
  %e0 = icmp eq i32 ptrtoint (ptr addrspace(1) @g to i32), %gi32
  %r0 = zext i1 %e0 to i32
  store i32 %r0, ptr addrspace(1) %out
  ; 1: ptrtoint @g to i16
  %gi16 = trunc i64 %gi to i16
  %e1 = icmp eq i16 ptrtoint (ptr addrspace(1) @g to i16), %gi16
  %r1 = zext i1 %e1 to i32
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  ; 2: ptrtoint of GEP(@g, 12) to i64 - runtime = 12
  %d2 = sub i64 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 12) to i64), %gi
  %e2 = icmp eq i64 %d2, 12
  %r2 = zext i1 %e2 to i32
  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %r2, ptr addrspace(1) %o2
  ; 3: ptrtoint @g to i8 and i1
  %gi8 = trunc i64 %gi to i8
  %e3 = icmp eq i8 ptrtoint (ptr addrspace(1) @g to i8), %gi8
  %gi1 = trunc i64 %gi to i1
  %e3b = icmp eq i1 ptrtoint (ptr addrspace(1) @g to i1), %gi1
  %e3c = and i1 %e3, %e3b
  %r3 = zext i1 %e3c to i32
  %o3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %r3, ptr addrspace(1) %o3
  ; 4: ptrtoint @c (constant AS) to i64 == runtime
  %cp = select i1 %c1, ptr addrspace(4) @c, ptr addrspace(4) null
  %ci = ptrtoint ptr addrspace(4) %cp to i64
  %e4 = icmp eq i64 ptrtoint (ptr addrspace(4) @c to i64), %ci
  %r4 = zext i1 %e4 to i32
  %o4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %r4, ptr addrspace(1) %o4
  ; 5: load through a GEP of @g inside a constant ptrtoint/inttoptr round trip
  %v5 = load i32, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 20)
  %e5 = icmp eq i32 %v5, 6
  %r5 = zext i1 %e5 to i32
  %o5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %r5, ptr addrspace(1) %o5
  ; 6: GEP on inttoptr wraps: 0x1_0000_0010 - 32 -> low dword 0xfffffff0
  %o6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) inttoptr (i64 4294967312 to ptr addrspace(1)), i64 -32) to i32), ptr addrspace(1) %o6
  ; 7: a GEP on the private null (bits 0) + 3
  %o7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 ptrtoint (ptr addrspace(5) getelementptr (i8, ptr addrspace(5) null, i32 3) to i32), ptr addrspace(1) %o7
  ; 8: 32-bit constant pointer GEP wraps: -4 + 8 = 4
  %o8 = getelementptr i32, ptr addrspace(1) %out, i32 8
  store i32 ptrtoint (ptr addrspace(6) getelementptr (i8, ptr addrspace(6) inttoptr (i32 -4 to ptr addrspace(6)), i32 8) to i32), ptr addrspace(1) %o8
  ; 9: ptrtoint of an LDS GEP to i64 (lds2 after lds: 128 + 4*... ) written as i32 count
  %l9 = ptrtoint ptr addrspace(3) getelementptr inbounds ([32 x i32], ptr addrspace(3) @lds2, i32 0, i32 3) to i64
  %s9 = ptrtoint ptr addrspace(3) getelementptr inbounds ([32 x i32], ptr addrspace(3) @lds2, i32 0, i32 0) to i64
  store volatile i32 7, ptr addrspace(3) @lds2
  store volatile i32 9, ptr addrspace(3) @lds
  %d9 = sub i64 %l9, %s9
  %q9 = add i64 %d9, 64
  %t9 = trunc i64 %q9 to i32
  %o9 = getelementptr i32, ptr addrspace(1) %out, i32 9
  store i32 %t9, ptr addrspace(1) %o9
  ; 10: LDS pointer from inttoptr(ptrtoint) of its constant address reads what was stored
  %v10 = load volatile i32, ptr addrspace(3) inttoptr (i32 128 to ptr addrspace(3))
  %e10 = icmp eq i32 %v10, 7
  %r10 = zext i1 %e10 to i32
  %o10 = getelementptr i32, ptr addrspace(1) %out, i32 10
  store i32 %r10, ptr addrspace(1) %o10
  ; 11: ptrtoint LDS to i64 is zero-extended (high dword 0)
  %h11 = lshr i64 ptrtoint (ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @lds2, i32 8) to i64), 32
  %e11 = icmp eq i64 %h11, 0
  %r11 = zext i1 %e11 to i32
  %o11 = getelementptr i32, ptr addrspace(1) %out, i32 11
  store i32 %r11, ptr addrspace(1) %o11
  ; 12: null-based GEP offset of a struct field: offsetof
  %o12 = getelementptr i32, ptr addrspace(1) %out, i32 12
  store i32 ptrtoint (ptr addrspace(1) getelementptr ({i8, [10 x i64], i32}, ptr addrspace(1) null, i64 0, i32 2) to i32), ptr addrspace(1) %o12
  ; 13: sizeof via GEP null, 1 as i64 vs 96
  %e13 = icmp eq i64 ptrtoint (ptr addrspace(1) getelementptr ({i8, [10 x i64], i32}, ptr addrspace(1) null, i64 1) to i64), 96
  %r13 = zext i1 %e13 to i32
  %o13 = getelementptr i32, ptr addrspace(1) %out, i32 13
  store i32 %r13, ptr addrspace(1) %o13
  ; 14: a vector of constant ptrtoints
  %vv = add <2 x i32> <i32 ptrtoint (ptr addrspace(5) getelementptr (i8, ptr addrspace(5) null, i32 4) to i32), i32 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) null, i64 -1) to i32)>, <i32 1, i32 1>
  %v0 = extractelement <2 x i32> %vv, i32 0
  %v1 = extractelement <2 x i32> %vv, i32 1
  %e14a = icmp eq i32 %v0, 5
  %e14b = icmp eq i32 %v1, 0
  %e14 = and i1 %e14a, %e14b
  %r14 = zext i1 %e14 to i32
  %o14 = getelementptr i32, ptr addrspace(1) %out, i32 14
  store i32 %r14, ptr addrspace(1) %o14
  ; 15: divergent use of ptrtoint @g low dword
  %x15 = add i32 ptrtoint (ptr addrspace(1) @g to i32), %t
  %e15 = icmp eq i32 %x15, %gi32
  %r15 = zext i1 %e15 to i32
  %o15 = getelementptr i32, ptr addrspace(1) %out, i32 15
  store i32 %r15, ptr addrspace(1) %o15
  br label %done
done:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
