; Constant expressions with known bits as operands (LLVM 19's
; widen-smrd-loads.ll, promote-alloca-to-lds-constantexpr-use.ll): a GEP
; on a null pointer is the offset, `ptrtoint` of an LDS variable (under a
; GEP) is its LDS address. Fails on main (2d91fb4): "unsupported constant".
; RUN: %wavecc -mcpu=gfx900 -O0 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefix=O2
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [16 x i32] undef, align 4

; CHECK-LABEL: null_gep:
; CHECK: 0x12345
; CHECK: s_endpgm
; O2-LABEL: null_gep:
; O2: s_endpgm
define amdgpu_kernel void @null_gep(ptr addrspace(1) %out, i1 %c) {
  %q = select i1 %c, ptr addrspace(1) %out, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) null, i64 74565)
  store volatile ptr addrspace(1) %q, ptr addrspace(1) %out
  ret void
}

; The only LDS variable sits at 0: its third dword is at 12.
; CHECK-LABEL: lds_ptrtoint:
; CHECK: v_mov_b32_e32 v{{[0-9]+}}, 12
; CHECK: s_endpgm
; O2-LABEL: lds_ptrtoint:
; O2: v_mov_b32_e32 v{{[0-9]+}}, 12
define amdgpu_kernel void @lds_ptrtoint(ptr addrspace(1) %out) {
  store i32 7, ptr addrspace(3) @lds
  store volatile i32 ptrtoint (ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @lds, i32 12) to i32), ptr addrspace(1) %out
  ret void
}

; ptrtoint of a global variable's address to i32: the low dword of its
; PC-relative address (promote-alloca-to-lds-constantexpr-use.ll).
@g = addrspace(1) global i32 5, align 4
; CHECK-LABEL: global_ptrtoint:
; CHECK: s_getpc_b64 s[[[LO:[0-9]+]]:{{[0-9]+}}]
; CHECK: s_add_u32 s[[LO]], s[[LO]], g@rel32@lo+4
; CHECK: v_mov_b32_e32 v[[V:[0-9]+]], s[[LO]]
; CHECK: global_store_dword v{{[0-9]+}}, v[[V]]
define amdgpu_kernel void @global_ptrtoint(ptr addrspace(1) %out) {
  store volatile i32 ptrtoint (ptr addrspace(1) @g to i32), ptr addrspace(1) %out
  ret void
}
