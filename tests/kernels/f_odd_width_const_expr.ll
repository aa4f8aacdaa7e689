; cov24 (session 22): constant expressions of odd integer widths on a data
; global's address (no known bits), which widen-odd-integers met as
; operands: on main 501c6c5 it read them as instructions, and the compiler
; ended with signal 11 (or, at -O2, the value became poison: a wrong
; result). Each is compared with the same value computed at run time from
; @g's address (a select the compiler cannot fold). Host reference: 1 =
; equal (out[0..3]); out[4] = 3 (a phi of two i40 ones less the runtime
; address: 1 on the taken edge, plus 2).
; [config]
; name: odd-width constant expressions on a global's address
; kernel_name: k
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: all
; arg_in: 0 buffer uint[8] repeat 0
; arg_out: 0 buffer uint[8] 1 1 1 1 3 0 0 0
; arg_in: 1 int 1

target triple = "amdgcn-amd-amdhsa"

@g = addrspace(1) global [8 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8], align 16

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %one) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %z = icmp ne i32 %t, 0
  br i1 %z, label %done, label %body
body:
  %c1 = icmp eq i32 %one, 1
  %gp = select i1 %c1, ptr addrspace(1) @g, ptr addrspace(1) %out
  %gi = ptrtoint ptr addrspace(1) %gp to i64
  ; 0: ptrtoint @g to i48
  %y0 = trunc i64 %gi to i48
  %e0 = icmp eq i48 %y0, ptrtoint (ptr addrspace(1) @g to i48)
  %r0 = zext i1 %e0 to i32
  store i32 %r0, ptr addrspace(1) %out
  ; 1: trunc (add i64 (ptrtoint @g), 2^40 + 7) to i40 (the carry past bit 40 dropped)
  %y1a = add i64 %gi, 1099511627783
  %y1 = trunc i64 %y1a to i40
  %e1 = icmp eq i40 %y1, trunc (i64 add (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 1099511627783) to i40)
  %r1 = zext i1 %e1 to i32
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  ; 2: i24 add, mul and xor, sign-compared
  %y2a = trunc i64 %gi to i24
  %y2b = mul i24 %y2a, 3
  %y2 = xor i24 %y2b, -1
  %e2 = icmp sle i24 %y2, xor (i24 mul (i24 ptrtoint (ptr addrspace(1) @g to i24), i24 3), i24 -1)
  %e2b = icmp sge i24 %y2, xor (i24 mul (i24 ptrtoint (ptr addrspace(1) @g to i24), i24 3), i24 -1)
  %e2c = and i1 %e2, %e2b
  %r2 = zext i1 %e2c to i32
  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %r2, ptr addrspace(1) %o2
  ; 3: an i40 one stored to memory (5 bytes) and reloaded as i64 low bits
  %o3p = getelementptr i64, ptr addrspace(1) %out, i32 3
  store i64 0, ptr addrspace(1) %o3p
  store i40 sub (i40 ptrtoint (ptr addrspace(1) @g to i40), i40 9), ptr addrspace(1) %o3p
  %l3 = load i64, ptr addrspace(1) %o3p
  %y3a = sub i64 %gi, 9
  %y3 = and i64 %y3a, 1099511627775
  %e3 = icmp eq i64 %l3, %y3
  %r3 = zext i1 %e3 to i32
  store i64 0, ptr addrspace(1) %o3p
  %o3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %r3, ptr addrspace(1) %o3
  br i1 %c1, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  ; 4: a phi of two i40 ones
  %p4 = phi i40 [ add (i40 ptrtoint (ptr addrspace(1) @g to i40), i40 1), %a ], [ add (i40 ptrtoint (ptr addrspace(1) @g to i40), i40 2), %b ]
  %y4 = trunc i64 %gi to i40
  %q4 = sub i40 %p4, %y4
  %s4 = add i40 %q4, 2
  %r4 = trunc i40 %s4 to i32
  %o4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %r4, ptr addrspace(1) %o4
  br label %done
done:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
