; cov24 (session 22): integer constant expressions (trunc, add, sub, mul,
; xor at i1..i64) on a data global's address, whose bits are known only at
; run time, each compared with the same value computed from @g's address
; at run time (a select the compiler cannot fold, as in
; f_const_expr_runtime_equal.ll). wavecc on main 501c6c5 refused every one
; ("unsupported constant"). Host reference: 1 = the constant equals its
; runtime value (out[0..12], out[15]); out[13] = 1 + 2 = 3 (a phi of two
; of them); out[14] held half of case 12's i64 and is reset to 0;
; lanes[] = 1 on every lane (case 14, a divergent use).
; [config]
; name: integer constant expressions on a global's address
; kernel_name: k
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: all
; arg_in: 0 buffer uint[16] repeat 0
; arg_out: 0 buffer uint[16] 1 1 1 1 1 1 1 1 1 1 1 1 1 3 0 1
; arg_in: 1 int 1
; arg_in: 2 buffer uint[64] repeat 0
; arg_out: 2 buffer uint[64] repeat 1

target triple = "amdgcn-amd-amdhsa"

@g = addrspace(1) global [8 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8], align 16

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %one, ptr addrspace(1) %lanes) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c1 = icmp eq i32 %one, 1
  %gp = select i1 %c1, ptr addrspace(1) @g, ptr addrspace(1) %out
  %gi = ptrtoint ptr addrspace(1) %gp to i64
  %gi32 = trunc i64 %gi to i32
  ; 14: divergent: trunc (add (ptrtoint @g, 5)) + tid == runtime
  %x14 = add i32 trunc (i64 add (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 5) to i32), %t
  %y14a = add i32 %gi32, 5
  %y14 = add i32 %y14a, %t
  %e14 = icmp eq i32 %x14, %y14
  %r14 = zext i1 %e14 to i32
  %l14 = getelementptr i32, ptr addrspace(1) %lanes, i32 %t
  store i32 %r14, ptr addrspace(1) %l14
  %z = icmp ne i32 %t, 0
  br i1 %z, label %done, label %body
body:
  ; 0: trunc (add i64 (ptrtoint @g), 5) to i32
  %e0 = icmp eq i32 trunc (i64 add (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 5) to i32), %y14a
  %r0 = zext i1 %e0 to i32
  store i32 %r0, ptr addrspace(1) %out
  ; 1: add i32 (ptrtoint (gep @g, 4) to i32), 5
  %y1 = add i32 %gi32, 9
  %e1 = icmp eq i32 add (i32 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 4) to i32), i32 5), %y1
  %r1 = zext i1 %e1 to i32
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  ; 2: sub i64 (ptrtoint @g), 3 (a borrow into the high dword when the
  ; low one is small; compared as i64)
  %y2 = sub i64 %gi, 3
  %e2 = icmp eq i64 sub (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 3), %y2
  %r2 = zext i1 %e2 to i32
  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %r2, ptr addrspace(1) %o2
  ; 3: xor i64 (ptrtoint @g), 0x123456789
  %y3 = xor i64 %gi, 4886718345
  %e3 = icmp eq i64 xor (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 4886718345), %y3
  %r3 = zext i1 %e3 to i32
  %o3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %r3, ptr addrspace(1) %o3
  ; 4: mul i32 (ptrtoint @g to i32), 3
  %y4 = mul i32 %gi32, 3
  %e4 = icmp eq i32 mul (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 3), %y4
  %r4 = zext i1 %e4 to i32
  %o4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %r4, ptr addrspace(1) %o4
  ; 5: trunc (add i64 (ptrtoint @g), 70000) to i16, zero-extended
  %y5a = add i64 %gi, 70000
  %y5 = trunc i64 %y5a to i16
  %x5 = zext i16 trunc (i64 add (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 70000) to i16) to i32
  %y5z = zext i16 %y5 to i32
  %e5 = icmp eq i32 %x5, %y5z
  %r5 = zext i1 %e5 to i32
  %o5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %r5, ptr addrspace(1) %o5
  ; 6: trunc (add (ptrtoint @g), 1) to i1 is true (@g is 16-byte aligned),
  ; as a select condition
  %x6 = select i1 trunc (i64 add (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 1) to i1), i32 1, i32 0
  %o6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %x6, ptr addrspace(1) %o6
  ; 7: i48: trunc (add i64 (ptrtoint @g), 2^36) to i48, zero-extended to i64
  %y7a = add i64 %gi, 68719476736
  %y7 = and i64 %y7a, 281474976710655
  %x7 = zext i48 trunc (i64 add (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 68719476736) to i48) to i64
  %e7 = icmp eq i64 %x7, %y7
  %r7 = zext i1 %e7 to i32
  %o7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 %r7, ptr addrspace(1) %o7
  ; 8: a vector holding one: element 0 (and 1 the constant 7)
  %v8 = add <2 x i32> <i32 add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 5), i32 7>, <i32 1, i32 1>
  %v8a = extractelement <2 x i32> %v8, i32 0
  %v8b = extractelement <2 x i32> %v8, i32 1
  %y8 = add i32 %gi32, 6
  %e8a = icmp eq i32 %v8a, %y8
  %e8b = icmp eq i32 %v8b, 8
  %e8 = and i1 %e8a, %e8b
  %r8 = zext i1 %e8 to i32
  %o8 = getelementptr i32, ptr addrspace(1) %out, i32 8
  store i32 %r8, ptr addrspace(1) %o8
  ; 9: mul i64 (ptrtoint @g), 5
  %y9 = mul i64 %gi, 5
  %e9 = icmp eq i64 mul (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 5), %y9
  %r9 = zext i1 %e9 to i32
  %o9 = getelementptr i32, ptr addrspace(1) %out, i32 9
  store i32 %r9, ptr addrspace(1) %o9
  ; 10: nested: sub (add (ptrtoint @g to i32), 100), (ptrtoint (gep @g, 8) to i32) = 92
  %e10 = icmp eq i32 sub (i32 add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 100), i32 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 8) to i32)), 92
  %r10 = zext i1 %e10 to i32
  %o10 = getelementptr i32, ptr addrspace(1) %out, i32 10
  store i32 %r10, ptr addrspace(1) %o10
  ; 11: i8 xor, zero-extended: (g + 3) ^ 0xff in the low byte
  %y11a = trunc i32 %gi32 to i8
  %y11b = xor i8 %y11a, -1
  %y11 = zext i8 %y11b to i32
  %x11 = zext i8 xor (i8 ptrtoint (ptr addrspace(1) @g to i8), i8 -1) to i32
  %e11 = icmp eq i32 %x11, %y11
  %r11 = zext i1 %e11 to i32
  %o11 = getelementptr i32, ptr addrspace(1) %out, i32 11
  store i32 %r11, ptr addrspace(1) %o11
  ; 12: stored straight to memory as i64 and reloaded
  %o12p = getelementptr i64, ptr addrspace(1) %out, i32 7
  store i64 add (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 4294967300), ptr addrspace(1) %o12p
  %l12 = load i64, ptr addrspace(1) %o12p
  %y12 = add i64 %gi, 4294967300
  %e12 = icmp eq i64 %l12, %y12
  %r12 = zext i1 %e12 to i32
  store i64 0, ptr addrspace(1) %o12p
  %o12 = getelementptr i32, ptr addrspace(1) %out, i32 12
  store i32 %r12, ptr addrspace(1) %o12
  ; 15: an i40 one under an i32 trunc (widen-odd-integers leaves it: the
  ; operand is i32): trunc (add i40 (ptrtoint @g to i40), 3) to i32
  %y15 = add i32 %gi32, 3
  %e15 = icmp eq i32 trunc (i40 add (i40 ptrtoint (ptr addrspace(1) @g to i40), i40 3) to i32), %y15
  %r15 = zext i1 %e15 to i32
  %o15 = getelementptr i32, ptr addrspace(1) %out, i32 15
  store i32 %r15, ptr addrspace(1) %o15
  br i1 %c1, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  ; 13: a phi of two of them: (g + 5) - g + (g*2 - g*2 + ...) : 1 + 2 = 3
  %p13 = phi i32 [ add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 1), %a ], [ add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 2), %b ]
  %q13 = sub i32 %p13, %gi32
  %r13 = add i32 %q13, 2
  %o13 = getelementptr i32, ptr addrspace(1) %out, i32 13
  store i32 %r13, ptr addrspace(1) %o13
  br label %done
done:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
