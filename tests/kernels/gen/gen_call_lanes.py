#!/usr/bin/python3
"""A function's SGPR spills in the lanes of one of its result VGPRs
(src/passes/frame.c find_saved): f_call_result_lanes.ll. Under a small
budget (8 VGPRs, 24 SGPRs) @f keeps 14 uniform values from a table across
a loop, spills SGPRs into lanes of v1 (its second result, free until the
return) with v_writelane_b32, which ignores EXEC. The kernel calls @f in
the even lanes only, while the odd lanes keep their own value in v1 (an
if without else whose phi takes it). Unless the callee restores v1 in the
lanes the call does not run, lanes 1, 3, 5, ... of the first wave get the
spilled SGPRs instead. LLVM IR for the two-dword result; host reference
only (PoCL does not run LLVM IR test files)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff
TAB = [(1000 * k + 7 * k * k + 3) & M32 for k in range(15)]


def ir():
    n = len(TAB)
    s = ['; Fourteen entries of @tab from a wave-uniform base the compiler cannot',
         '; know (bit 0 of the first lane\'s x): s_load_dword, uniform values',
         '; live across the loop.',
         '@tab = internal addrspace(4) constant [%d x i32] [%s]' % (n, ', '.join('i32 %d' % t for t in TAB)),
         '',
         'define internal <2 x i32> @f(i32 %x) noinline {',
         'entry:',
         '  %first = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %x)',
         '  %base = and i32 %first, 1']
    for k in range(n - 1):
        s.append('  %%ix%d = add i32 %%base, %d' % (k, k))
        s.append('  %%p%d = getelementptr [%d x i32], ptr addrspace(4) @tab, i32 0, i32 %%ix%d' % (k, n, k))
        s.append('  %%s%d = load i32, ptr addrspace(4) %%p%d' % (k, k))
    s += ['  br label %loop', 'loop:', '  %i = phi i32 [0, %entry], [%i1, %loop]',
          '  %%a0 = phi i32 [%%x, %%entry], [%%a%d, %%loop]' % (n - 1)]
    for k in range(n - 1):
        s.append('  %%a%d = %s i32 %%a%d, %%s%d' % (k + 1, 'add' if k % 2 == 0 else 'xor', k, k))
    s += ['  %i1 = add i32 %i, 1', '  %c = icmp ult i32 %i1, 5', '  br i1 %c, label %loop, label %done', 'done:',
          '  %%v0 = insertelement <2 x i32> undef, i32 %%a%d, i32 0' % (n - 1),
          '  %%y = mul i32 %%a%d, 3' % (n - 1),
          '  %v1 = insertelement <2 x i32> %v0, i32 %y, i32 1',
          '  ret <2 x i32> %v1', '}', '']
    s += r'''define amdgpu_kernel void @k_lanes(ptr addrspace(1) %out, i32 %u) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %odd = and i32 %id, 1
  %keep = mul i32 %id, 7
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %then, label %join
then:
  %x = add i32 %id, %u
  %rv = call <2 x i32> @f(i32 %x)
  %r0 = extractelement <2 x i32> %rv, i32 0
  %r1 = extractelement <2 x i32> %rv, i32 1
  %r = xor i32 %r0, %r1
  br label %join
join:
  %v = phi i32 [%r, %then], [%keep, %entry]
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
'''.split('\n')
    return '\n'.join(s)


def f(x, first):
    """@f in a lane with argument x; `first` is the first active lane's."""
    a, base = x, first & 1
    for _ in range(5):
        for k in range(len(TAB) - 1):
            t = TAB[base + k]
            a = (a + t) & M32 if k % 2 == 0 else a ^ t
    return a, (a * 3) & M32


def main():
    lines = ['[config]', 'name: call_result_lanes', 'dimensions: 1', '']
    for name, u in (('lanes_0', 0), ('lanes_big', 0x9e3779b1)):
        o = []
        for i in range(64):
            if i % 2 == 0:
                r0, r1 = f((i + u) & M32, u)  # lane 0 runs the call first
                o.append(r0 ^ r1)
            else:
                o.append(i * 7)
        te = Test(name, kernel_name='k_lanes', global_size=sizes(64), local_size=sizes(64))
        te.out(0, 'uint', 64, o).val(1, 'uint', u)
        lines += te.text().split('\n') + ['']
    lines = ['# SGPR spills in lanes of a result VGPR of a function called in divergent control flow; host reference only.'] + lines
    write_ll('f_call_result_lanes.ll', lines, ir())

main()
