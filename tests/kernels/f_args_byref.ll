; # A kernel argument with the byref(T) attribute (as clang emits for
; # aggregates, and LLVM 19's test/CodeGen/AMDGPU uses) lies in the kernarg
; # segment itself; the IR argument is its address there. wavecc laid it out
; # as an 8-byte pointer (metadata global_buffer) and loaded through it:
; # found by tests/llvm-coverage/differential.sh (issue 26). Expected values:
; # out[4i] = a + i, out[4i+1] = bits(2 * b), out[4i+2] = lo(c) ^ i,
; # out[4i+3] = hi(c); out2[i] = v[i % 4] + z, for a = 7, b = 2.5,
; # c = 0x1122334455667788, v = [100, 200, 300, 400], z = 5 (the struct's bytes little-endian: a, b, c).
; [config]
; name: byref kernel arguments
; kernel_name: k
; dimensions: 1
; global_size: 8 0 0
; local_size: 8 0 0
;
; [test]
; name: struct and vector byref, a by-value argument after them
; arg_in: 0 buffer uint[32] repeat 0
; arg_out: 0 buffer uint[32] 7 1084227584 1432778632 287454020 8 1084227584 1432778633 287454020 9 1084227584 1432778634 287454020 10 1084227584 1432778635 287454020 11 1084227584 1432778636 287454020 12 1084227584 1432778637 287454020 13 1084227584 1432778638 287454020 14 1084227584 1432778639 287454020
; arg_in: 1 ulong2 0x4020000000000007 0x1122334455667788
; arg_in: 2 buffer uint[8] repeat 0
; arg_out: 2 buffer uint[8] 105 205 305 405 105 205 305 405
; arg_in: 3 ulong2 0xc800000064 0x1900000012c
; arg_in: 4 uint 5

target triple = "amdgcn-amd-amdhsa"

%struct.s = type { i32, float, i64 }

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.s) align 8 %s,
                             ptr addrspace(1) %out2, ptr addrspace(4) byref(<4 x i32>) align 16 %v, i32 %z) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = load i32, ptr addrspace(4) %s
  %pb = getelementptr inbounds %struct.s, ptr addrspace(4) %s, i32 0, i32 1
  %b = load float, ptr addrspace(4) %pb
  %pc = getelementptr inbounds %struct.s, ptr addrspace(4) %s, i32 0, i32 2
  %c = load i64, ptr addrspace(4) %pc
  %a1 = add i32 %a, %tid
  %b2 = fmul float %b, 2.0
  %bi = bitcast float %b2 to i32
  %clo = trunc i64 %c to i32
  %cx = xor i32 %clo, %tid
  %chs = lshr i64 %c, 32
  %chi = trunc i64 %chs to i32
  %base = shl i32 %tid, 2
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %a1, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %bi, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %cx, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %chi, ptr addrspace(1) %p3
  %e = and i32 %tid, 3
  %pv = getelementptr inbounds i32, ptr addrspace(4) %v, i32 %e
  %ve = load i32, ptr addrspace(4) %pv
  %r = add i32 %ve, %z
  %q = getelementptr i32, ptr addrspace(1) %out2, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
