; Divisions of odd-width integers get no 32-bit run-time switch
; (bypass-slow-division), as in llc-19, which legalises an i48 division in
; its selection DAG after CodeGenPrepare's bypass: widen-odd-integers marks
; the i64 divisions it makes (!wavecc.no-bypass) and the bypass leaves them.
; With the switch, tests/kernels/f_odd_width_int.ll ran two i48 divisions
; as two if/else diamonds one after the other: 1.26-1.27x llc-19's
; occupancy-model cycles at gfx1030/gfx1100 (1041 vs 818 at gfx1030);
; without, one straight-line block (822). A real i64 division in the same
; block keeps its switch.
; RUN: %wavecc-opt -ir-pass=widen-odd-integers %s | FileCheck %s --check-prefix=IR
; RUN: %wavecc-opt -ir-pass=widen-odd-integers %s | %wavecc-opt -llvm-passes='function(bypass-slow-division)' - | FileCheck %s --check-prefix=BYPASS
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s --check-prefix=ASM
target triple = "amdgcn-amd-amdhsa"

; IR-LABEL: define amdgpu_kernel void @odd(
; IR: sdiv i64 %{{.*}}, %{{.*}}, !wavecc.no-bypass
; IR: srem i64 %{{.*}}, %{{.*}}, !wavecc.no-bypass
; IR: udiv i64 %{{.*}}, %{{.*}}, !wavecc.no-bypass
; BYPASS-LABEL: define amdgpu_kernel void @odd(
; BYPASS-NOT: br i1
; BYPASS-NOT: udiv i32
; BYPASS: sdiv i64 {{.*}} !wavecc.no-bypass
; BYPASS: srem i64 {{.*}} !wavecc.no-bypass
; BYPASS: udiv i64 {{.*}} !wavecc.no-bypass
; BYPASS: ret void
; ASM-LABEL: odd:
; ASM-NOT: s_cbranch
; ASM: s_endpgm
define amdgpu_kernel void @odd(ptr addrspace(1) %o, i64 %x, i64 %y) {
  %a = trunc i64 %x to i48
  %b = trunc i64 %y to i48
  %b1 = or i48 %b, 1
  %q = sdiv i48 %a, %b1
  %r = srem i48 %a, %b1
  %u = udiv i48 %a, %b1
  %s = add i48 %q, %r
  %t = add i48 %s, %u
  %w = sext i48 %t to i64
  store i64 %w, ptr addrspace(1) %o
  ret void
}

; A marked i48 division next to a plain i64 one: only the i64 one is switched.
; BYPASS-LABEL: define amdgpu_kernel void @mixed(
; BYPASS: icmp eq i64
; BYPASS: udiv i32
; BYPASS: udiv i64 %x, %y{{$}}
; BYPASS: phi i64
; BYPASS-NEXT: udiv i64 %{{.*}}, %{{.*}}, !wavecc.no-bypass
define amdgpu_kernel void @mixed(ptr addrspace(1) %o, i64 %x, i64 %y) {
  %a = trunc i64 %x to i48
  %b = trunc i64 %y to i48
  %u = udiv i48 %a, %b
  %w = zext i48 %u to i64
  %v = udiv i64 %x, %y
  %s = add i64 %w, %v
  store i64 %s, ptr addrspace(1) %o
  ret void
}
