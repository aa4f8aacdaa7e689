; Loads through 32-bit constant pointers (ptr addrspace(6); LLVM 19's
; widen-smrd-loads.ll refused its kernel argument): the kernel makes a
; 32-bit pointer from the low dword of a constant buffer's address, and
; "amdgpu-32bit-address-high-bits"="1" supplies the high dword. That holds
; on the emulator, which places buffers from 0x1_0000_0000 (a kernel that
; finds another high dword stores -1, so the failure says why). Host
; reference: out[i] = in[i] + in[3] (a divergent load, a VMEM access, and
; a uniform one, an SMEM access), in[i] = 3i + 1. llc-19 reads the
; divergent address with v_readfirstlane_b32 into one s_load_dword (every
; lane gets in[0]: "index 1: expected 14, got 11"), at gfx900, gfx1030,
; gfx1100 and gfx90a: its bug, listed in KNOWN-FAILURES.llc*;
; f_constant32_load.ll is the uniform half, which llc-19 gets right.
; [config]
; name: divergent loads through 32-bit constant pointers
; kernel_name: k
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: divergent and uniform loads
; arg_in: 0 buffer uint[64] \
;   1 4 7 10 13 16 19 22 25 28 31 34 37 40 43 46 \
;   49 52 55 58 61 64 67 70 73 76 79 82 85 88 91 94 \
;   97 100 103 106 109 112 115 118 121 124 127 130 133 136 139 142 \
;   145 148 151 154 157 160 163 166 169 172 175 178 181 184 187 190
; arg_in: 1 buffer uint[64] repeat 0
; arg_out: 1 buffer uint[64] \
;   11 14 17 20 23 26 29 32 35 38 41 44 47 50 53 56 \
;   59 62 65 68 71 74 77 80 83 86 89 92 95 98 101 104 \
;   107 110 113 116 119 122 125 128 131 134 137 140 143 146 149 152 \
;   155 158 161 164 167 170 173 176 179 182 185 188 191 194 197 200

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(4) %in, ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = ptrtoint ptr addrspace(4) %in to i64
  %hi = lshr i64 %a, 32
  %lo = trunc i64 %a to i32
  %p6 = inttoptr i32 %lo to ptr addrspace(6)
  %g = getelementptr inbounds i32, ptr addrspace(6) %p6, i32 %t
  %v = load i32, ptr addrspace(6) %g, align 4
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
