; [config]
; name: packing a boolean vector with a poison lane keeps the other lanes
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; # llvm-stress seed 41552 at -O2 (every GPU): instcombine leaves
; # `insertelement <2 x i1> <i1 poison, i1 false>, i1 true, i32 %k` (lane 0
; # poison: nobody reads it) and element 1 is read in another block.
; # lower-bool-vectors packs the vector into an integer for the variable
; # index; the poison lane made the whole integer poison (an or with
; # poison), LLVM folded element 1 to false and wavecc on main ba3ab87
; # stored 0 for odd %k (the loop exit of the seed was taken). Expected
; # (host): out[t] = (t & 1), then (t >> 1) & 1 from a <4 x i1> with two
; # poison lanes, as bits 0 and 1.
;
; [test]
; name: lane 1 after an insert at a variable index
; kernel_name: lane
; arg_out: 0 buffer uint[64] 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3
; arg_in: 0 buffer uint[64] repeat 0

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @lane(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %k = and i32 %t, 1
  %v = insertelement <2 x i1> <i1 poison, i1 false>, i1 true, i32 %k
  %t1 = lshr i32 %t, 1
  %k2 = and i32 %t1, 1
  %k3 = add i32 %k2, 2
  %w = insertelement <4 x i1> <i1 poison, i1 poison, i1 false, i1 false>, i1 true, i32 %k3
  %c = icmp ult i32 %t, 1000
  br i1 %c, label %use, label %done

use:
  %e = extractelement <2 x i1> %v, i64 1
  %f = extractelement <4 x i1> %w, i64 3
  %z = zext i1 %e to i32
  %y = zext i1 %f to i32
  %y2 = shl i32 %y, 1
  %r = or i32 %z, %y2
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %p
  br label %done

done:
  ret void
}
