; Loads through 32-bit constant pointers (ptr addrspace(6); LLVM 19's
; widen-smrd-loads.ll refused its kernel argument): the kernel makes a
; 32-bit pointer from the low dword of a constant buffer's address, and
; "amdgpu-32bit-address-high-bits"="1" supplies the high dword. That holds
; on the emulator, which places buffers from 0x1_0000_0000 (a kernel that
; finds another high dword stores -1, so the failure says why). Host
; reference: out[i] = in[1] + in[3] + i (uniform loads, SMEM accesses),
; in[i] = 3i + 1. f_constant32_load_divergent.ll has a divergent one.
; [config]
; name: loads through 32-bit constant pointers
; kernel_name: k
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: uniform loads
; arg_in: 0 buffer uint[64] \
;   1 4 7 10 13 16 19 22 25 28 31 34 37 40 43 46 \
;   49 52 55 58 61 64 67 70 73 76 79 82 85 88 91 94 \
;   97 100 103 106 109 112 115 118 121 124 127 130 133 136 139 142 \
;   145 148 151 154 157 160 163 166 169 172 175 178 181 184 187 190
; arg_in: 1 buffer uint[64] repeat 0
; arg_out: 1 buffer uint[64] \
;   14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 \
;   30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 \
;   46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 \
;   62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(4) %in, ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = ptrtoint ptr addrspace(4) %in to i64
  %hi = lshr i64 %a, 32
  %lo = trunc i64 %a to i32
  %p6 = inttoptr i32 %lo to ptr addrspace(6)
  %g = getelementptr inbounds i32, ptr addrspace(6) %p6, i32 1
  %v0 = load i32, ptr addrspace(6) %g, align 4
  %v = add i32 %v0, %t
  %g3 = getelementptr inbounds i32, ptr addrspace(6) %p6, i32 3
  %u = load i32, ptr addrspace(6) %g3, align 4
  %s = add i32 %v, %u
  %ok = icmp eq i64 %hi, 1
  %r = select i1 %ok, i32 %s, i32 -1
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { "amdgpu-32bit-address-high-bits"="1" }
