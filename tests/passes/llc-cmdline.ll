; llc-19's command line (issue 31): the RUN lines a build calling llc-19
; uses, with wavecc in its place. The module has the old "amdgcn--" triple
; and no datalayout: as llc-19, -mtriple replaces the triple and the
; target's datalayout is supplied (an LDS array and a private array with a
; dynamic index depend on it). Host reference (Python):
; out[t] = (63-t)*3+1 + (t&3) for t in range(64). On main every RUN line
; with an llc option failed ("unknown option '-mtriple=...'") and input '-'
; was "cannot read input".
; -filetype=obj called as llc is: a relocatable object (ET_REL, as llc-19's)
; that ld.lld-19 links into the code object that runs.
; RUN: rm -f %t.o %t.null %t.hsaco
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %s -o %t.o
; RUN: %llvm-readelf -h %t.o | FileCheck %s --check-prefix=REL
; RUN: %ld.lld -shared %t.o -o %t.hsaco
; RUN: %wavecc-run --code-object=%t.hsaco %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc -march=amdgcn -mtriple=amdgcn--amdhsa -mcpu=gfx900 -mattr=+wavefrontsize64,-sramecc,-wavefrontsize32 -O3 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa- -O0 -S %s -o - | FileCheck %s
; RUN: %wavecc -mtriple=amdgcn-amdhsa -filetype=asm %s -o - | FileCheck %s
; stdin in, stdout out (asm and a code object)
; RUN: cat %s | %wavecc -mtriple=amdgcn-unknown-amdhsa - -o - -filetype=asm | FileCheck %s
; RUN: cat %s | %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 - > %t.stdout.o
; RUN: %ld.lld -shared %t.stdout.o -o %t.stdout.hsaco
; RUN: %wavecc-run --code-object=%t.stdout.hsaco %s | FileCheck %s --check-prefix=EMU
; without llc's options: the linked code object (a shared object)
; RUN: sed 's/^target triple = "amdgcn--"/target triple = "amdgcn-amd-amdhsa"/' %s > %t.direct.ll
; RUN: %wavecc -mcpu=gfx900 %t.direct.ll -o %t.direct.hsaco
; RUN: %llvm-readelf -h %t.direct.hsaco | FileCheck %s --check-prefix=DYN
; RUN: %wavecc-run --code-object=%t.direct.hsaco %s | FileCheck %s --check-prefix=EMU
; -filetype=null: compiles (errors would show), writes nothing
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -filetype=null %s -o %t.null
; RUN: %not test -e %t.null
; the datalayout wavecc compiled with is the target's
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -filetype=null --print-after=import %s 2>&1 | FileCheck %s --check-prefix=DL
; RUN: %wavecc -mcpu=help | FileCheck %s --check-prefix=CPUS
; RUN: %wavecc --help | FileCheck %s --check-prefix=HELP
; RUN: %wavecc --version | FileCheck %s --check-prefix=VERSION
; VERSION: wavecc {{[0-9.]+}} (LLVM 19 front door) for gfx900, gfx1030, gfx1100, gfx90a, gfx942
; CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx900"
; CHECK-LABEL: k:
; CHECK: ds_write_b32
; CHECK: s_barrier
; CHECK: ds_read_b32
; CHECK: s_endpgm
; REL: Type: REL (Relocatable file)
; REL: Flags: 0x12C, gfx900, xnack
; DYN: Type: DYN (Shared object file)
; EMU: pass {{.*}}: llc-cmdline
; EMU: 1 passed, 0 failed
; DL: target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-{{.*}}-A5-G1-ni:7:8:9"
; DL: target triple = "amdgcn-amd-amdhsa"
; CPUS: Available CPUs for this target:
; CPUS: gfx900 - Vega 10
; HELP: -filetype=obj
; HELP: a relocatable ELF as llc-19 writes it
; HELP: -filetype=null
; HELP: -mcpu=CPU {{.*}}(default gfx900): gfx900, gfx1030, gfx1100, gfx90a, gfx942; -mcpu=help describes them
; HELP: -mtriple=TRIPLE
; HELP: -march=amdgcn
; HELP: -mattr=
; HELP: --version
;
; [config]
; name: llc-cmdline
; dimensions: 1
;
; [test]
; name: llc-cmdline
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer uint[64] 190 188 186 184 178 176 174 172 166 164 162 160 154 152 150 148 142 140 138 136 130 128 126 124 118 116 114 112 106 104 102 100 94 92 90 88 82 80 78 76 70 68 66 64 58 56 54 52 46 44 42 40 34 32 30 28 22 20 18 16 10 8 6 4

target triple = "amdgcn--"

@lds = internal addrspace(3) global [64 x i32] poison, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = mul i32 %t, 3
  %v1 = add i32 %v, 1
  %pl = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %t
  store i32 %v1, ptr addrspace(3) %pl
  call void @llvm.amdgcn.s.barrier()
  %r = sub i32 63, %t
  %pr = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %r
  %x = load i32, ptr addrspace(3) %pr
  %a = alloca [4 x i32], align 4, addrspace(5)
  %q = and i32 %t, 3
  %pa0 = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 0
  store i32 0, ptr addrspace(5) %pa0
  %pa1 = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 1
  store i32 1, ptr addrspace(5) %pa1
  %pa2 = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 2
  store i32 2, ptr addrspace(5) %pa2
  %pa3 = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 3
  store i32 3, ptr addrspace(5) %pa3
  %pq = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 %q
  %y = load volatile i32, ptr addrspace(5) %pq
  %s = add i32 %x, %y
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
