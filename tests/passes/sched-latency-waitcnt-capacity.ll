; sched-latency (gfx11) must not move an instruction above a memory access:
; the waitcnt pass counts a load complete without an s_waitcnt once 63 more
; vmcnt events issued after it (the full counter stalls the next issue),
; and a reader moved above some of them reads before the data arrives.
; gfx1100 -O0 f150 of f_call_wide_args.ll (a function taking 150 stack
; arguments loaded back to back) read v21 29 loads too early once sched-ilp
; interleaved its multiplies with the loads; the emulator reported "reads
; v21 before an s_waitcnt covers the load" (2026-11-29, main e73695c).
; RUN: %wavecc-run --no-cache --no-progress --compiler=wavecc --mcpu=gfx1100 -Xwavecc -O0 %S/../kernels/f_call_wide_args.ll | FileCheck %s
; CHECK: 8 passed, 0 failed
