; A divergent region lowered block by block (walk_local: b3 is entered
; from b1 and from b2, whose other edges go to the join) whose heavy
; subtree b2 (a division) is skipped when no lane enters it, so its uniform
; load from constant memory is an s_load_dword (isel_struct_local.c,
; cq24a, session 22). Test 2 sends no lane to b2 and makes its index point
; far outside the table: the scalar load must not run there (the
; emulator faults on an address outside every allocation); test 1 runs it.
; [config]
; name: walk_local heavy skip: scalar load only with lanes
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: lanes reach the load
; kernel_name: k
; arg_in: 0 buffer uint[64] repeat 7
; arg_in: 1 buffer uint[16] 5 6 7 9 11 13 15 17 19 21 23 25 27 29 31 33
; arg_in: 2 uint 20
; arg_in: 3 uint 3
; arg_out: 0 buffer uint[64] 7 7 7 7 7 7 7 7 7 7 12 12 12 12 12 12 12 12 13 13 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2
;
; [test]
; name: no lane reaches the load, its index is far out of bounds
; kernel_name: k
; arg_in: 0 buffer uint[64] repeat 7
; arg_in: 1 buffer uint[16] 5 6 7 9 11 13 15 17 19 21 23 25 27 29 31 33
; arg_in: 2 uint 0
; arg_in: 3 uint 100000000
; arg_out: 0 buffer uint[64] 7 7 7 7 7 7 7 7 7 7 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) %tab, i32 %m, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %c0 = icmp ult i32 %id, 10
  br i1 %c0, label %exit, label %b1
b1:
  %c1 = icmp ult i32 %id, %m
  br i1 %c1, label %b2, label %b3
b2:
  %pt = getelementptr i32, ptr addrspace(4) %tab, i32 %n
  %t = load i32, ptr addrspace(4) %pt
  %q = udiv i32 %id, %t
  %r = urem i32 %m, %t
  %s = add i32 %q, %t
  %s2 = add i32 %s, %r
  store i32 %s2, ptr addrspace(1) %p
  %c2 = icmp ult i32 %s, 15
  br i1 %c2, label %exit, label %b3
b3:
  store i32 2, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}
