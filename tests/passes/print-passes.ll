; The one pass order (issue 23): `wavecc --print-passes` and `--help`
; print mir_pass_pipeline (src/passes/registry.c) between the stages, and
; the pipeline runs exactly that order (--print-after-all dumps after each
; step, in order, nothing else).
; RUN: %wavecc --print-passes | FileCheck --check-prefix=ORDER %s
; RUN: %wavecc --help | FileCheck --check-prefix=ORDER %s
; RUN: %wavecc --print-after-all %s -S -o /dev/null 2>&1 | grep -e '\*\*\*' | FileCheck --check-prefix=RAN %s
; ORDER: wavecc pass order
; ORDER-NEXT: {{^  }}import {{.*}}
; ORDER-NEXT: {{^  }}divergence {{.*}}
; ORDER-NEXT: {{^  }}isel {{.*}}
; ORDER-NEXT: {{^  }}simplify {{.*}}
; ORDER-NEXT: {{^  }}fold-copies {{.*}}
; ORDER-NEXT: {{^  }}cse {{.*}}
; ORDER-NEXT: {{^  }}dce {{.*}}
; ORDER-NEXT: {{^  }}mem-merge {{.*}}
; ORDER-NEXT: {{^  }}licm {{.*}}
; ORDER-NEXT: {{^  }}simplify {{.*}}
; ORDER-NEXT: {{^  }}fold-copies {{.*}}
; ORDER-NEXT: {{^  }}cse {{.*}}
; ORDER-NEXT: {{^  }}fuse-shift-add {{.*}}
; ORDER-NEXT: {{^  }}cse-dom {{.*}}
; ORDER-NEXT: {{^  }}sdwa {{.*}}
; ORDER-NEXT: {{^  }}dce {{.*}}
; ORDER-NEXT: {{^  }}fold-vectors {{.*}}
; ORDER-NEXT: {{^  }}sink-joins {{.*}}
; ORDER-NEXT: {{^  }}sched-loads {{.*}}
; ORDER-NEXT: {{^  }}sched-uses {{.*}}
; ORDER-NEXT: {{^  }}hoist-pressure {{.*}}
; ORDER-NEXT: {{^  }}sched-pressure {{.*}}
; ORDER-NEXT: {{^  }}fuse-mad {{.*}}
; ORDER-NEXT: {{^  }}sched-ilp {{.*}}
; ORDER-NEXT: {{^  }}xnack-constraints {{.*}}
; ORDER-NEXT: {{^  }}dst-apart {{.*}}
; ORDER-NEXT: {{^  }}mfma-acc {{.*}}
; ORDER-NEXT: {{^  }}liveness {{.*}}
; ORDER-NEXT: {{^  }}spill {{.*}}
; ORDER-NEXT: {{^  }}regalloc {{.*}}
; ORDER-NEXT: {{^  }}ssa-elim {{.*}}
; ORDER-NEXT: {{^  }}copy-cleanup {{.*}}
; ORDER-NEXT: {{^  }}exec-cleanup {{.*}}
; ORDER-NEXT: {{^  }}gpr-index {{.*}}
; ORDER-NEXT: {{^  }}vcc-carry {{.*}}
; ORDER-NEXT: {{^  }}frame {{.*}}
; ORDER-NEXT: {{^  }}mode {{.*}}
; ORDER-NEXT: {{^  }}waitcnt {{.*}}
; ORDER-NEXT: {{^  }}execz-short {{.*}}
; ORDER-NEXT: {{^  }}branch-thread {{.*}}
; ORDER-NEXT: {{^  }}hazards {{.*}}
; ORDER-NEXT: {{^  }}hazards-mfma {{.*}}
; ORDER-NEXT: {{^  }}vopd {{.*}}
; ORDER-NEXT: {{^  }}sched-latency {{.*}}
; ORDER-NEXT: {{^  }}hazards-gfx11 {{.*}}
; ORDER-NEXT: {{^  }}delay-alu {{.*}}
; ORDER-NEXT: {{^  }}emit {{.*}}
; RAN: ; *** IR after import ***
; RAN-NEXT: # *** machine IR after isel ***
; RAN-NEXT: ; *** machine IR after simplify ***
; RAN-NEXT: ; *** machine IR after fold-copies ***
; RAN-NEXT: ; *** machine IR after cse ***
; RAN-NEXT: ; *** machine IR after dce ***
; RAN-NEXT: ; *** machine IR after mem-merge ***
; RAN-NEXT: ; *** machine IR after licm ***
; RAN-NEXT: ; *** machine IR after simplify ***
; RAN-NEXT: ; *** machine IR after fold-copies ***
; RAN-NEXT: ; *** machine IR after cse ***
; RAN-NEXT: ; *** machine IR after fuse-shift-add ***
; RAN-NEXT: ; *** machine IR after cse-dom ***
; RAN-NEXT: ; *** machine IR after sdwa ***
; RAN-NEXT: ; *** machine IR after dce ***
; RAN-NEXT: ; *** machine IR after fold-vectors ***
; RAN-NEXT: ; *** machine IR after sink-joins ***
; RAN-NEXT: ; *** machine IR after sched-loads ***
; RAN-NEXT: ; *** machine IR after sched-uses ***
; RAN-NEXT: ; *** machine IR after hoist-pressure ***
; RAN-NEXT: ; *** machine IR after sched-pressure ***
; RAN-NEXT: ; *** machine IR after fuse-mad ***
; RAN-NEXT: ; *** machine IR after sched-ilp ***
; RAN-NEXT: ; *** machine IR after xnack-constraints ***
; RAN-NEXT: ; *** machine IR after dst-apart ***
; RAN-NEXT: ; *** machine IR after mfma-acc ***
; RAN-NEXT: ; *** machine IR after liveness ***
; RAN-NEXT: ; *** machine IR after spill ***
; RAN-NEXT: ; *** machine IR after regalloc ***
; RAN-NEXT: ; *** machine IR after ssa-elim ***
; RAN-NEXT: ; *** machine IR after copy-cleanup ***
; RAN-NEXT: ; *** machine IR after exec-cleanup ***
; RAN-NEXT: ; *** machine IR after gpr-index ***
; RAN-NEXT: ; *** machine IR after vcc-carry ***
; RAN-NEXT: ; *** machine IR after frame ***
; RAN-NEXT: ; *** machine IR after mode ***
; RAN-NEXT: ; *** machine IR after waitcnt ***
; RAN-NEXT: ; *** machine IR after execz-short ***
; RAN-NEXT: ; *** machine IR after branch-thread ***
; RAN-NEXT: ; *** machine IR after hazards ***
; RAN-NEXT: ; *** machine IR after hazards-mfma ***
; RAN-NEXT: ; *** machine IR after vopd ***
; RAN-NEXT: ; *** machine IR after sched-latency ***
; RAN-NEXT: ; *** machine IR after hazards-gfx11 ***
; RAN-NEXT: ; *** machine IR after delay-alu ***
; RAN-NOT: ***
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o) {
  store i32 1, ptr addrspace(1) %o
  ret void
}
