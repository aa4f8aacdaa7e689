; A divergent vector of 4-16 dwords indexed by a uniform value
; (isel_vector_index.c) is read and written in place under VGPR index mode
; on gfx9 and CDNA: s_set_gpr_idx_on idx, gpr_idx(SRC0|DST) around one
; v_mov_b32 naming the vector's first register, as llc-19 selects it,
; instead of a v_cmp_eq + v_cndmask chain per component (main: 15 + 15
; for one read of 16 dwords). An index `and x, 15` is known to be in
; range; another is clamped first (s_and_b32 for a power-of-two count,
; s_min_u32 otherwise), so no register outside the vector is touched.
; A divergent index keeps the chain. RDNA has no index mode: there M0 takes
; the index (s_mov_b32 m0, set once for a read and write with the same
; index) and v_movrels_b32 / v_movreld_b32 move the component, as llc-19
; selects it at gfx10/gfx11 (main: the v_cmp_eq + v_cndmask chain). The
; builtin encoder agrees with llvm-mc-19 on the mode operand and the
; movrel encodings (--assembler=check).
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx90a --assembler=check %s -o %t.90a.o
; RUN: %wavecc -mcpu=gfx942 -filetype=asm %s -o - | FileCheck %s --check-prefix=G942
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s --check-prefix=RDNA
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefix=RDNA
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 -filetype=asm %s -o - | FileCheck %s --check-prefix=RDNA
; RUN: %wavecc -mcpu=gfx1030 --assembler=check %s -o %t.1030.o
; RUN: %wavecc -mcpu=gfx1100 --assembler=check %s -o %t.1100.o
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: pick:
; CHECK: s_and_b32 [[I:s[0-9]+]], s{{[0-9]+}}, 15
; CHECK: s_set_gpr_idx_on [[I]], gpr_idx(SRC0)
; CHECK-NOT: {{^.v_}}
; CHECK: v_mov_b32_e32 v{{[0-9]+}}, v{{[0-9]+$}}
; CHECK-NEXT: s_set_gpr_idx_off
; CHECK: s_set_gpr_idx_on [[I]], gpr_idx(DST)
; CHECK-NEXT: v_mov_b32_e32 v{{[0-9]+}}, v{{[0-9]+$}}
; CHECK-NEXT: s_set_gpr_idx_off
; CHECK-NOT: v_cndmask
; CHECK: s_endpgm
; G942-LABEL: pick:
; G942: s_set_gpr_idx_on {{s[0-9]+}}, gpr_idx(SRC0)
; RDNA-LABEL: pick:
; RDNA: s_and_b32 [[I:s[0-9]+]], s{{[0-9]+}}, 15
; RDNA: s_mov_b32 m0, [[I]]
; RDNA-NOT: m0
; RDNA: v_movrels_b32_e32 [[X:v[0-9]+]], v{{[0-9]+$}}
; RDNA: v_add_nc_u32_e32 [[Y:v[0-9]+]], 7, [[X]]
; RDNA: v_movreld_b32_e32 v{{[0-9]+}}, [[Y]]
; RDNA-NOT: v_cndmask
; RDNA-NOT: gpr_idx
; RDNA: s_endpgm
define amdgpu_kernel void @pick(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %k) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <16 x i32>, ptr addrspace(1) %in, i32 %id
  %v = load <16 x i32>, ptr addrspace(1) %p
  %i = and i32 %k, 15
  %x = extractelement <16 x i32> %v, i32 %i
  %y = add i32 %x, 7
  %w = insertelement <16 x i32> %v, i32 %y, i32 %i
  %q = getelementptr <16 x i32>, ptr addrspace(1) %out, i32 %id
  store <16 x i32> %w, ptr addrspace(1) %q
  ret void
}

; An index not known to be in range: clamped to 7 (eight floats) and to 5
; (six, no power of two: s_min_u32).
; CHECK-LABEL: clamp:
; CHECK-DAG: s_and_b32 [[A:s[0-9]+]], s{{[0-9]+}}, 7
; CHECK-DAG: s_min_u32 [[B:s[0-9]+]], s{{[0-9]+}}, 5
; CHECK: s_set_gpr_idx_on [[A]], gpr_idx(SRC0)
; CHECK: s_set_gpr_idx_on [[B]], gpr_idx(DST)
; CHECK: s_endpgm
; RDNA-LABEL: clamp:
; (the s_min_u32 may issue before or after the first move: sched-uses)
; RDNA-DAG: s_and_b32 [[A:s[0-9]+]], s{{[0-9]+}}, 7
; RDNA-DAG: s_min_u32 [[B:s[0-9]+]], s{{[0-9]+}}, 5
; RDNA-DAG: s_mov_b32 m0, [[A]]
; RDNA-DAG: v_movrels_b32_e32
; RDNA: s_mov_b32 m0, [[B]]
; RDNA: v_movreld_b32_e32
; RDNA: s_endpgm
define amdgpu_kernel void @clamp(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %k, i32 %j) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <8 x float>, ptr addrspace(1) %in, i32 %id
  %v = load <8 x float>, ptr addrspace(1) %p
  %x = extractelement <8 x float> %v, i32 %k
  %p6 = getelementptr <6 x i32>, ptr addrspace(1) %in, i32 %id
  %u = load <6 x i32>, ptr addrspace(1) %p6
  %xi = bitcast float %x to i32
  %w = insertelement <6 x i32> %u, i32 %xi, i32 %j
  %q = getelementptr <6 x i32>, ptr addrspace(1) %out, i32 %id
  store <6 x i32> %w, ptr addrspace(1) %q
  ret void
}

; A divergent index: the compare-and-select chain.
; CHECK-LABEL: divergent:
; CHECK-NOT: gpr_idx
; CHECK: v_cndmask_b32
; CHECK: s_endpgm
; RDNA-LABEL: divergent:
; RDNA-NOT: movrel
; RDNA: v_cndmask_b32
; RDNA: s_endpgm
define amdgpu_kernel void @divergent(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <8 x i32>, ptr addrspace(1) %in, i32 %id
  %v = load <8 x i32>, ptr addrspace(1) %p
  %i = and i32 %id, 7
  %x = extractelement <8 x i32> %v, i32 %i
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %x, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
