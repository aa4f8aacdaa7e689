; Byte and short loads zero-extend into the whole VGPR, so a zext of their
; value needs no v_and_b32 (isel_zext.c); a sext still extends, and a
; byte that is not loaded that way keeps its AND.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_zext:
; (the three loads are issued together: sched-loads)
; CHECK: global_load_ubyte
; CHECK-NOT: v_and_b32{{.*}}0xff
; CHECK: global_load_ushort
; CHECK-NOT: v_and_b32{{.*}}0xff
; CHECK: ds_read_u8
; CHECK-NOT: v_and_b32{{.*}}0xff
; (the sext: v_bfe_i32 x, 0, 8, or on gfx9 its reader's SDWA select sext(x) BYTE_0: pass sdwa)
; CHECK: {{v_bfe_i32 v[0-9]+, v[0-9]+, 0, 8|sext\(v[0-9]+\).*_sel:BYTE_0}}
; CHECK-NOT: v_and_b32{{.*}}0xff
; CHECK: s_endpgm
define amdgpu_kernel void @k_zext(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(3) %l) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i8, ptr addrspace(1) %p, i32 %id
  %x = load i8, ptr addrspace(1) %g
  %z = zext i8 %x to i32
  %s = sext i8 %x to i32
  %h = getelementptr i16, ptr addrspace(1) %p, i32 %id
  %y = load i16, ptr addrspace(1) %h
  %yz = zext i16 %y to i32
  %lg = getelementptr i8, ptr addrspace(3) %l, i32 %id
  %lb = load i8, ptr addrspace(3) %lg
  %lz = zext i8 %lb to i32
  %a = add i32 %z, %s
  %b = mul i32 %a, %yz
  %c = mul i32 %b, %lz
  %o = getelementptr i32, ptr addrspace(1) %q, i32 %id
  store i32 %c, ptr addrspace(1) %o
  ret void
}

; A byte computed by arithmetic has undefined upper bits: the AND stays.
; CHECK-LABEL: k_keep:
; CHECK: v_and_b32{{.*}}0xff
; CHECK: s_endpgm
define amdgpu_kernel void @k_keep(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i8, ptr addrspace(1) %p, i32 %id
  %x = load i8, ptr addrspace(1) %g
  %t = trunc i32 %id to i8
  %m = mul i8 %x, %t
  %z = zext i8 %m to i32
  %o = getelementptr i32, ptr addrspace(1) %q, i32 %id
  store i32 %z, ptr addrspace(1) %o
  ret void
}
