; cse-dom (src/passes/cse_dom.c): out[i] after a divergent if/else reads
; the 64-bit offset of i (v_lshlrev_b32 2 + v_ashrrev_i32 30) that the
; block before the if computed for in[i]: the entry dominates the join in
; the logical CFG and both run under every lane of the if (structured
; selection), so the join's copy goes (jacobi2d's out[i] = f(in[i]); main
; c868dbc computed it again after s_or_b64 exec). Both dwords since occ19:
; i is read by nothing after the entry block but the join's copies, so the
; merge frees its register (main 04a2c16 merged the low dword only, the
; peak + 1 VGPR a merge may add then used up). Host reference (Python):
; out[x + w] = in[x + w] if x < 5 else in[x + w - 1] + in[x + w + 1].
; RUN: %wavecc -S %s -o - | FileCheck %s
; RUN: %wavecc-run %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx942 %s | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: k_join:
; CHECK: v_lshlrev_b32_e32 [[LO:v[0-9]+]], 2,
; CHECK: s_or_b64 exec, exec
; CHECK-NOT: v_lshlrev_b32
; CHECK: v_add_co_u32_e64 v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], s{{[0-9]+}}, [[LO]]
; CHECK: global_store_dword
; EMU: 1 passed, 0 failed
;
; [config]
; name: cse-dom
; dimensions: 1
;
; [test]
; name: cse-dom-join
; kernel_name: k_join
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer float[128] -11 3 -6 8 -1 -10 4 -5 9 0 -9 5 -4 10 1 -8 \
;     6 -3 11 2 -7 7 -2 -11 3 -6 8 -1 -10 4 -5 9 \
;     0 -9 5 -4 10 1 -8 6 -3 11 2 -7 7 -2 -11 3 \
;     -6 8 -1 -10 4 -5 9 0 -9 5 -4 10 1 -8 6 -3 \
;     11 2 -7 7 -2 -11 3 -6 8 -1 -10 4 -5 9 0 -9 \
;     5 -4 10 1 -8 6 -3 11 2 -7 7 -2 -11 3 -6 8 \
;     -1 -10 4 -5 9 0 -9 5 -4 10 1 -8 6 -3 11 2 \
;     -7 7 -2 -11 3 -6 8 -1 -10 4 -5 9 0 -9 5 -4
; arg_in: 1 buffer float[128] repeat 0
; arg_out: 1 buffer float[128] 0 3 -6 8 -1 -10 -15 13 -5 0 5 -13 15 -3 2 7 \
;     -11 17 -1 4 9 -9 -4 1 -17 11 -7 -2 3 -15 13 -5 \
;     0 5 -13 15 -3 2 7 -11 17 -1 4 9 -9 -4 1 -17 \
;     11 -7 -2 3 -15 13 -5 0 5 -13 15 -3 2 7 -11 17 \
;     -1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_in: 2 int 1
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k_join(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %w) {
entry:
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %i = add nsw i32 %x, %w
  %s = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %s
  %c = icmp ult i32 %x, 5
  br i1 %c, label %edge, label %inner
edge:
  %v0 = load float, ptr addrspace(1) %p, align 4
  br label %join
inner:
  %pl = getelementptr inbounds float, ptr addrspace(1) %p, i64 -1
  %pr = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %l = load float, ptr addrspace(1) %pl, align 4
  %r = load float, ptr addrspace(1) %pr, align 4
  %v1 = fadd float %l, %r
  br label %join
join:
  %v = phi float [ %v0, %edge ], [ %v1, %inner ]
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %s
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}
