; A returning buffer_atomic_cmpswap writes the old value over the first
; dword of its data only (RETURN_DATA[0]; the _x2 form the first two): the
; compare value's registers are read, not written. Isel defined the whole
; data pair, so the waitcnt pass counted a pending write on the compare
; half and waited for the atomic (s_waitcnt vmcnt(0)) before the allocator's
; next use of that register: tests/kernels/f_fatptr_extra.ll's k_atom at
; gfx1030 4676 -> 7120 occupancy-model cycles in session 21 (main 501c6c5
; waits after each of its two 32-bit cmpswaps, at gfx900 too). The definition now has the
; returned width: the two atomics issue back to back and the waits come
; only where their results are read.
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 --print-after=isel -filetype=null %s 2>&1 | FileCheck --check-prefix=MIR %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK: buffer_atomic_cmpswap{{(_b32)?}} v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen glc
; CHECK-NOT: s_waitcnt
; CHECK: buffer_atomic_cmpswap{{(_b32)?}} v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 idxen glc
; CHECK-NOT: s_waitcnt
; CHECK: buffer_atomic_cmpswap_{{x2|b64}} v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], s{{[0-9]+}} offen glc
; CHECK: s_waitcnt vmcnt
; CHECK: s_endpgm
; the definitions: one dword, and two for the 64-bit compare-swap
; MIR: %{{[0-9]+}}:v1 = buffer_atomic_cmpswap %{{[0-9]+}}:v2,
; MIR: %{{[0-9]+}}:v1 = buffer_atomic_cmpswap %{{[0-9]+}}:v2,
; MIR: %{{[0-9]+}}:v2 = buffer_atomic_cmpswap_x2 %{{[0-9]+}}:v4,
define amdgpu_kernel void @k(ptr addrspace(1) %buf, ptr addrspace(1) %res, i32 %n) {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %buf, i16 0, i32 %n, i32 159744)
  %rs = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %buf, i16 8, i32 %n, i32 159744)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = and i32 %t, 1
  %isodd = icmp ne i32 %odd, 0
  %t3 = mul i32 %t, 3
  %cmp = select i1 %isodd, i32 5, i32 %t3
  %new = add i32 %t, 100
  %off = shl i32 %t, 2
  %old = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32(i32 %new, i32 %cmp, ptr addrspace(8) %r, i32 %off, i32 0, i32 0)
  %ix = add i32 %t, 32
  %olds = call i32 @llvm.amdgcn.struct.ptr.buffer.atomic.cmpswap.i32(i32 %new, i32 %cmp, ptr addrspace(8) %rs, i32 %ix, i32 0, i32 0, i32 0)
  %t64 = zext i32 %t to i64
  %n64 = add i64 %t64, 4294967296
  %c64 = mul i64 %t64, 7
  %off8 = shl i32 %t, 3
  %old64 = call i64 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i64(i64 %n64, i64 %c64, ptr addrspace(8) %r, i32 %off8, i32 1024, i32 0)
  %lo = trunc i64 %old64 to i32
  %g0 = getelementptr i32, ptr addrspace(1) %res, i32 %off
  store i32 %old, ptr addrspace(1) %g0
  %g1 = getelementptr i32, ptr addrspace(1) %g0, i32 1
  store i32 %olds, ptr addrspace(1) %g1
  %g2 = getelementptr i32, ptr addrspace(1) %g0, i32 2
  store i32 %lo, ptr addrspace(1) %g2
  ret void
}

declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32(i32, i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.struct.ptr.buffer.atomic.cmpswap.i32(i32, i32, ptr addrspace(8), i32, i32, i32, i32)
declare i64 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i64(i64, i64, ptr addrspace(8), i32, i32, i32)
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
