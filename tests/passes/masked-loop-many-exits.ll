; Masked linearisation keeps one lane-mask accumulator per loop exit
; target; it refused loops with more than 8 ("loop with more than 8 exit
; targets"). At -O0 every critical exit edge gets its own block, so
; llvm-stress programs hit it often (152 of 300 seeds at gfx1100 wave64
; -O0 in session 17; seed 52515 reduced with llvm-reduce-19 has this
; shape: a chain of exits from one loop to one block). The accumulators
; now grow with the loop: 9 exit targets here. Seeds 52501-52530 at
; gfx1100 wave64 -O0 now all compile and match llc-19. The kernel also
; runs on the emulator at -O0 (expected values: host reference in
; python, out[id] = v*100 + k for the first prime P[k] dividing
; v = (7*id + 5*i) & 255, 7777 for 23, 99 after 40 iterations).
; Structured selection takes this loop since session 23 (one dispatch
; target entered by 8 exits: struct-loop-joined-target.ll); the attribute
; "wavecc-no-structurize" keeps this test on masked linearisation.
; RUN: %wavecc -O0 -mcpu=gfx900 -S %s -o - | FileCheck %s
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 --mcpu=gfx1100 --mattr=+wavefrontsize64 %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 --mcpu=gfx900 %s | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: many_exits:
; CHECK-COUNT-9: s_or_b64 s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}]
; CHECK: s_endpgm
; EMU: 1 passed, 0 failed
;
; [config]
; name: masked_loop_many_exits
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: nine_exits
; kernel_name: many_exits
; arg_out: 0 buffer uint[64] 0 702 1402 2100 2802 3501 4200 4902 5602 6300 7001 7702 8400 9102 9802 10500 11202 11902 12600 13302 14001 14700 15402 16102 16800 17501 18202 18900 19602 20302 21000 21702 22402 23100 23802 24501 25200 300 1001 1705 2400 3600 3806 4500 5204 6900 6600 7800 8001 8700 9900 11100 10800 11501 13200 12900 13605 14303 15000 16200 16904 17100 18300 18501
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @many_exits(ptr addrspace(1) %out) #0 {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %id7 = mul i32 %id, 7
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %i5 = mul i32 %i, 5
  %s = add i32 %id7, %i5
  %v = and i32 %s, 255
  br label %b0
b0:
  %m0 = urem i32 %v, 3
  %c0 = icmp ne i32 %m0, 0
  br i1 %c0, label %b1, label %out0
b1:
  %m1 = urem i32 %v, 5
  %c1 = icmp ne i32 %m1, 0
  br i1 %c1, label %b2, label %out0
b2:
  %m2 = urem i32 %v, 7
  %c2 = icmp ne i32 %m2, 0
  br i1 %c2, label %b3, label %out0
b3:
  %m3 = urem i32 %v, 11
  %c3 = icmp ne i32 %m3, 0
  br i1 %c3, label %b4, label %out0
b4:
  %m4 = urem i32 %v, 13
  %c4 = icmp ne i32 %m4, 0
  br i1 %c4, label %b5, label %out0
b5:
  %m5 = urem i32 %v, 17
  %c5 = icmp ne i32 %m5, 0
  br i1 %c5, label %b6, label %out0
b6:
  %m6 = urem i32 %v, 19
  %c6 = icmp ne i32 %m6, 0
  br i1 %c6, label %b7, label %out0
b7:
  %m7 = urem i32 %v, 23
  %c7 = icmp ne i32 %m7, 0
  br i1 %c7, label %latch, label %out1
latch:
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 40
  br i1 %more, label %head, label %out0
out0:
  %k = phi i32 [ 0, %b0 ], [ 1, %b1 ], [ 2, %b2 ], [ 3, %b3 ], [ 4, %b4 ], [ 5, %b5 ], [ 6, %b6 ], [ 99, %latch ]
  %v100 = mul i32 %v, 100
  %r = add i32 %v100, %k
  store i32 %r, ptr addrspace(1) %p
  ret void
out1:
  store i32 7777, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { "wavecc-no-structurize" }
