#!/usr/bin/python3
"""Messages (llvm.amdgcn.s.sendmsg / s.sendmsghalt, issue 21 part 5):
f_sendmsg.ll. s_sendmsghalt under a divergent branch no lane takes is a
hang detector: a wave that ran it would halt and the dispatch fail, so the
lowering must skip it under an empty EXEC (as llc-19 keeps its
s_cbranch_execz), in structured regions, in the if/else lowering and in
masked linearisation ("wavecc-no-structurize" with a loop the simple
shapes cannot lower). MSG_INTERRUPT sent by the lanes of one arm, with M0
from a lane-dependent value, lets the wave go on. Host reference only
(OpenCL C has no sendmsg)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff

IR = r'''
; out[g] = x * 2 + 1; halts the wave if any lane has x > limit (none has)
define amdgpu_kernel void @k_halt_structured(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %limit) {
entry:
  %g = call i32 @gid()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %big = icmp ugt i32 %x, %limit
  br i1 %big, label %halt, label %join
halt:
  call void @llvm.amdgcn.s.sendmsghalt(i32 1, i32 %x)
  br label %join
join:
  %d = shl i32 %x, 1
  %r = or i32 %d, 1
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; the same with an else arm (if/else shapes): out[g] = x > limit ? 0 : x ^ 0x5a5a
define amdgpu_kernel void @k_halt_ifelse(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %limit) #0 {
entry:
  %g = call i32 @gid()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %big = icmp ugt i32 %x, %limit
  br i1 %big, label %halt, label %other
halt:
  call void @llvm.amdgcn.s.sendmsghalt(i32 1, i32 0)
  br label %join
other:
  %y = xor i32 %x, 23130
  br label %join
join:
  %r = phi i32 [ 0, %halt ], [ %y, %other ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; masked linearisation: a loop with a divergent exit, the halt inside it
; acc = x; for i in 0..7: acc = acc * 3 + i, leave when acc & 15 == 0
define amdgpu_kernel void @k_halt_masked(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %limit) #0 {
entry:
  %g = call i32 @gid()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %cont ]
  %acc = phi i32 [ %x, %entry ], [ %acc1, %cont ]
  %big = icmp ugt i32 %acc, %limit
  br i1 %big, label %halt, label %body
halt:
  call void @llvm.amdgcn.s.sendmsghalt(i32 1, i32 0)
  br label %body
body:
  %m = mul i32 %acc, 3
  %acc1 = add i32 %m, %i
  %i1 = add i32 %i, 1
  %low = and i32 %acc1, 15
  %stop = icmp eq i32 %low, 0
  br i1 %stop, label %exit, label %cont
cont:
  %more = icmp ult i32 %i1, 8
  br i1 %more, label %loop, label %exit
exit:
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %acc1, ptr addrspace(1) %po
  ret void
}

; MSG_INTERRUPT from the odd lanes (M0 = x, read from the first active
; lane): out[g] = x odd ? x + 1 : x - 1
define amdgpu_kernel void @k_interrupt(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %limit) {
entry:
  %g = call i32 @gid()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %bit = and i32 %x, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %send, label %even
send:
  call void @llvm.amdgcn.s.sendmsg(i32 1, i32 %x)
  %a = add i32 %x, 1
  br label %join
even:
  %b = sub i32 %x, 1
  br label %join
join:
  %r = phi i32 [ %a, %send ], [ %b, %even ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

define internal i32 @gid() alwaysinline {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %g = add i32 %base, %t
  ret i32 %g
}

declare void @llvm.amdgcn.s.sendmsg(i32 immarg, i32)
declare void @llvm.amdgcn.s.sendmsghalt(i32 immarg, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

attributes #0 = { "wavecc-no-structurize" }
'''


def masked_ref(x):
    acc = x
    for i in range(8):
        acc = (acc * 3 + i) & M32
        if acc & 15 == 0:
            break
    return acc


def main():
    rng = Rng(2105)
    n = 128
    lines = ['[config]', 'name: sendmsg', 'dimensions: 1', 'global_size: %s' % sizes(n),
             'local_size: %s' % sizes(64), '']
    # inputs below the limit (no lane halts), the limit itself included
    limit = 0xfffffff0
    X = [rng.of('uint') % limit for _ in range(n - 2)] + [limit, 0]
    tests = []
    tests.append(Test('halt_skipped_structured', kernel_name='k_halt_structured').inp(0, 'uint', n, X)
                 .out(1, 'uint', n, [(x * 2 + 1) & M32 for x in X]).val(2, 'uint', limit))
    tests.append(Test('halt_skipped_ifelse', kernel_name='k_halt_ifelse').inp(0, 'uint', n, X)
                 .out(1, 'uint', n, [x ^ 0x5a5a for x in X]).val(2, 'uint', limit))
    # the loop's accumulator grows past any limit below 2^32: none
    tests.append(Test('halt_skipped_masked', kernel_name='k_halt_masked').inp(0, 'uint', n, X)
                 .out(1, 'uint', n, [masked_ref(x) for x in X]).val(2, 'uint', M32))
    tests.append(Test('interrupt', kernel_name='k_interrupt').inp(0, 'uint', n, X)
                 .out(1, 'uint', n, [(x + 1) & M32 if x & 1 else (x - 1) & M32 for x in X]).val(2, 'uint', 0))
    for te in tests:
        lines += te.text().split('\n') + ['']
    lines = ['# s_sendmsg / s_sendmsghalt in compute kernels; host reference only.'] + lines[:-1]
    write_ll('f_sendmsg.ll', lines, IR)


if __name__ == '__main__':
    main()
