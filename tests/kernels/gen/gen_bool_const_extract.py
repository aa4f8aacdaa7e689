#!/usr/bin/env python3
"""Generates tests/kernels/f_bool_const_extract.ll (issue 26): extractelement
with a variable index from constant <N x i1> vectors wider than 64
elements (LLVM's extract_vector_dynelt.ll indexes a <128 x i1> constant):
<128 x i1> and <100 x i1> with pseudo-random bits, indexed by a divergent
lane value and by a uniform kernel argument, the bit zero-extended to i32.
Host reference: the constant's bit at the index (indices stay below N).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, write_ll  # noqa: E402

L = 64


def vec(bits):
    return '<%d x i1> <%s>' % (len(bits), ', '.join('i1 %d' % b for b in bits))


def main():
    rng = Rng(0xb001)
    c128 = [rng.bits(1) for _ in range(128)]
    c100 = [rng.bits(1) for _ in range(100)]
    I = [(rng.bits(32) % 128) for _ in range(L)]
    J = [(rng.bits(32) % 100) for _ in range(L)]
    I[:4], J[:4] = [0, 63, 64, 127], [0, 63, 64, 99]
    u = 77
    ir = '''
define amdgpu_kernel void @k_bits(ptr addrspace(1) %out, ptr addrspace(1) %I, i32 %u) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %I, i32 %t
  %i = load i32, ptr addrspace(1) %pi
  %t64 = add i32 %t, 64
  %pj = getelementptr i32, ptr addrspace(1) %I, i32 %t64
  %j = load i32, ptr addrspace(1) %pj
  %a = extractelement C128, i32 %i
  %b = extractelement C100, i32 %j
  %c = extractelement C128, i32 %u
  %za = zext i1 %a to i32
  %zb = zext i1 %b to i32
  %zc = zext i1 %c to i32
  %base = mul i32 %t, 3
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %za, ptr addrspace(1) %q0
  %q1 = getelementptr i32, ptr addrspace(1) %q0, i32 1
  store i32 %zb, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %q0, i32 2
  store i32 %zc, ptr addrspace(1) %q2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
'''.replace('C128', vec(c128)).replace('C100', vec(c100))
    out = []
    for t in range(L):
        out += [c128[I[t]], c100[J[t]], c128[u]]
    te = (Test('<128 x i1> and <100 x i1> constants, divergent and uniform index', kernel_name='k_bits')
          .inp(0, 'uint', 3 * L, [0] * (3 * L)).out(0, 'uint', 3 * L, out).inp(1, 'uint', 2 * L, I + J)
          .val(2, 'uint', u))
    lines = ['[config]', 'name: variable index into wide constant i1 vectors (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % L, 'local_size: %d 0 0' % L, ''] + te.text().split('\n')
    write_ll('f_bool_const_extract.ll', lines, ir)


if __name__ == '__main__':
    main()
