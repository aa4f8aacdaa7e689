; Uniform constant loads of 5, 6, 7, 9 and 15 dwords at the very end of their
; buffers. Each must read exactly its own bytes: one s_load_dwordx8 or x16
; for the whole value reads past the buffer (wavecc did that for <9 x float>
; loads made by the load-store vectoriser), which the emulator faults as an
; out-of-bounds access. Expected values: each lane writes the sum of the
; loaded elements' bit patterns as integers, computed by hand:
;   a = 1..9     -> 45     b = 10..14 -> 60     c = 20..25 -> 135
;   d = 30..36   -> 231    e = 40..54 -> 705
; [config]
; name: scalar loads of 5..15 dwords stay inside their objects
; dimensions: 1
;
; [test]
; name: odd-width s_load
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[9] 1 2 3 4 5 6 7 8 9
; arg_in: 1 buffer uint[5] 10 11 12 13 14
; arg_in: 2 buffer uint[6] 20 21 22 23 24 25
; arg_in: 3 buffer uint[7] 30 31 32 33 34 35 36
; arg_in: 4 buffer uint[15] 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54
; arg_in: 5 buffer uint[64] repeat 0
; arg_out: 5 buffer uint[64] repeat 1176

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.vector.reduce.add.v9i32(<9 x i32>)
declare i32 @llvm.vector.reduce.add.v5i32(<5 x i32>)
declare i32 @llvm.vector.reduce.add.v6i32(<6 x i32>)
declare i32 @llvm.vector.reduce.add.v7i32(<7 x i32>)
declare i32 @llvm.vector.reduce.add.v15i32(<15 x i32>)

define amdgpu_kernel void @k(ptr addrspace(4) %a, ptr addrspace(4) %b, ptr addrspace(4) %c,
                             ptr addrspace(4) %d, ptr addrspace(4) %e, ptr addrspace(1) %o) {
  %va = load <9 x i32>, ptr addrspace(4) %a, align 4
  %vb = load <5 x i32>, ptr addrspace(4) %b, align 4
  %vc = load <6 x i32>, ptr addrspace(4) %c, align 4
  %vd = load <7 x i32>, ptr addrspace(4) %d, align 4
  %ve = load <15 x i32>, ptr addrspace(4) %e, align 4
  %sa = call i32 @llvm.vector.reduce.add.v9i32(<9 x i32> %va)
  %sb = call i32 @llvm.vector.reduce.add.v5i32(<5 x i32> %vb)
  %sc = call i32 @llvm.vector.reduce.add.v6i32(<6 x i32> %vc)
  %sd = call i32 @llvm.vector.reduce.add.v7i32(<7 x i32> %vd)
  %se = call i32 @llvm.vector.reduce.add.v15i32(<15 x i32> %ve)
  %t1 = add i32 %sa, %sb
  %t2 = add i32 %t1, %sc
  %t3 = add i32 %t2, %sd
  %t4 = add i32 %t3, %se
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %o, i32 %id
  store i32 %t4, ptr addrspace(1) %p, align 4
  ret void
}
