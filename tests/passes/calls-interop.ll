; Interoperability with llc-19 through AMDGPUUsage's calling convention
; (src/isel/isel_calls.c): wavecc's kernel calls llc's function, and llc's
; kernel calls wavecc's function, each pair assembled by llvm-mc-19 and
; linked by ld.lld-19 into one code object that the emulator runs against
; the host reference below (out[g] = g * in[g] + 5 + lid + 2g, computed in
; Python: g * (7g + 3) + 5 + g % 64 + 2g mod 2^32). The callee reads its
; arguments from v0..v3, the work-item id from v31 and returns in v0; the
; kernel keeps 2g live across the call.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -S %t/kernel.ll -o %t/kw.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/kw.s -o %t/kw.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/callee.ll -o %t/cl.o
; RUN: %ld.lld -shared %t/kw.o %t/cl.o -o %t/wavecc-kernel-llc-callee.hsaco
; RUN: %wavecc-run --code-object=%t/wavecc-kernel-llc-callee.hsaco %t/kernel.ll | FileCheck %s
; RUN: %wavecc -S %t/callee.ll -o %t/cw.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/cw.s -o %t/cw.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/kernel.ll -o %t/kl.o
; RUN: %ld.lld -shared %t/kl.o %t/cw.o -o %t/llc-kernel-wavecc-callee.hsaco
; RUN: %wavecc-run --code-object=%t/llc-kernel-wavecc-callee.hsaco %t/kernel.ll | FileCheck %s
; A module without kernels is a library for other code objects: assembly only.
; RUN: %not %wavecc %t/callee.ll -o %t/x.hsaco 2>&1 | FileCheck %s --check-prefix=OBJ
; A kernel calling another code object's function: assembly only.
; RUN: %not %wavecc %t/kernel.ll -o %t/x.hsaco 2>&1 | FileCheck %s --check-prefix=EXT
; CHECK: pass {{.*}}: interop
; CHECK: 1 passed, 0 failed
; OBJ: error: a module without kernels (functions for other code objects) is written only as assembly (-S)
; EXT: error: call to undefined function 'f': wavecc links nothing

;--- callee.ll
target triple = "amdgcn-amd-amdhsa"
define i32 @f(i32 %a, i32 %b, ptr addrspace(1) %p) noinline {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %x = load i32, ptr addrspace(1) %q
  %y = mul i32 %a, %x
  %z = add i32 %y, %b
  %r = add i32 %z, %id
  ret i32 %r
}
declare i32 @llvm.amdgcn.workitem.id.x()

;--- kernel.ll
; [config]
; name: interop
; dimensions: 1
;
; [test]
; name: interop
; kernel_name: k
; global_size: 128 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[128] 3 10 17 24 31 38 45 52 59 66 73 80 87 94 101 108 \
;     115 122 129 136 143 150 157 164 171 178 185 192 199 206 213 220 \
;     227 234 241 248 255 262 269 276 283 290 297 304 311 318 325 332 \
;     339 346 353 360 367 374 381 388 395 402 409 416 423 430 437 444 \
;     451 458 465 472 479 486 493 500 507 514 521 528 535 542 549 556 \
;     563 570 577 584 591 598 605 612 619 626 633 640 647 654 661 668 \
;     675 682 689 696 703 710 717 724 731 738 745 752 759 766 773 780 \
;     787 794 801 808 815 822 829 836 843 850 857 864 871 878 885 892
; arg_out: 1 buffer uint[128] 5 18 45 86 141 210 293 390 501 626 765 918 1085 1266 1461 1670 \
;     1893 2130 2381 2646 2925 3218 3525 3846 4181 4530 4893 5270 5661 6066 6485 6918 \
;     7365 7826 8301 8790 9293 9810 10341 10886 11445 12018 12605 13206 13821 14450 15093 15750 \
;     16421 17106 17805 18518 19245 19986 20741 21510 22293 23090 23901 24726 25565 26418 27285 28166 \
;     28997 29906 30829 31766 32717 33682 34661 35654 36661 37682 38717 39766 40829 41906 42997 44102 \
;     45221 46354 47501 48662 49837 51026 52229 53446 54677 55922 57181 58454 59741 61042 62357 63686 \
;     65029 66386 67757 69142 70541 71954 73381 74822 76277 77746 79229 80726 82237 83762 85301 86854 \
;     88421 90002 91597 93206 94829 96466 98117 99782 101461 103154 104861 106582 108317 110066 111829 113606
target triple = "amdgcn-amd-amdhsa"
declare hidden i32 @f(i32, i32, ptr addrspace(1))
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %grp = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %grp, 6
  %gid = add i32 %base, %lid
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %base
  %v = call i32 @f(i32 %gid, i32 5, ptr addrspace(1) %pin)
  %twice = shl i32 %gid, 1
  %s = add i32 %v, %twice
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %s, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
