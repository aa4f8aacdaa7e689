#!/usr/bin/env python3
"""Generates tests/kernels/f_sbuffer_load_far.ll: llvm.amdgcn.s.buffer.load
at constant byte offsets that do not fit the instruction's offset field
(2^20 and past it: the offset goes in an SGPR), 0xffffffff (past
num_records: 0) and a small one, in straight-line code (no loop whose
preheader could take the constant). wavecc emitted the s_mov_b32 of such
an offset after the s_buffer_load that read it (the Debug verifier's 'used
before its definition' on LLVM's GlobalISel/llvm.amdgcn.s.buffer.load.ll
s_buffer_load_i32_offset_neg1). Host reference: the buffer's words."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Test, write_ll  # noqa: E402

NW = (1 << 18) + 8  # words: 1 MiB + 32 bytes
OFFS = [1 << 20, (1 << 20) + 4, (1 << 20) + 28, 0xffffffff, 8]

IR = '''
define amdgpu_kernel void @k_far(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %ip = ptrtoint ptr addrspace(1) %in to i64
  %lo = trunc i64 %ip to i32
  %hi64 = lshr i64 %ip, 32
  %hi32 = trunc i64 %hi64 to i32
  %hi = and i32 %hi32, 65535
  %rv0 = insertelement <4 x i32> poison, i32 %lo, i32 0
  %rv1 = insertelement <4 x i32> %rv0, i32 %hi, i32 1
  %rv2 = insertelement <4 x i32> %rv1, i32 NBYTES, i32 2
  %rv = insertelement <4 x i32> %rv2, i32 159744, i32 3
  %a = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %rv, i32 1048576, i32 0)
  %b = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %rv, i32 1048580, i32 0)
  %c = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %rv, i32 1048604, i32 0)
  %d = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %rv, i32 -1, i32 0)
  %e = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %rv, i32 8, i32 0)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %base = mul i32 %t, 5
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %a, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %b, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %c, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %d, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %p0, i32 4
  store i32 %e, ptr addrspace(1) %p4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32>, i32, i32)
'''


def main():
    n = 32
    period = [(0x9e3779b9 * (i + 1)) & 0xffffffff for i in range(11)]  # 'repeat': a small file
    words = [period[i % 11] for i in range(NW)]
    assert len({(o // 4) % 11 for o in OFFS if o < 4 * NW}) == 4  # every load reads a different word
    row = [words[o // 4] if o < 4 * NW else 0 for o in OFFS]
    te = Test('s.buffer.load at 2^20, 2^20 + 4, 2^20 + 28, 0xffffffff (past num_records) and 8',
              kernel_name='k_far', global_size='%d 0 0' % n, local_size='%d 0 0' % n)
    te.args.append('arg_in: 0 buffer uint[%d] repeat %s' % (NW, ' '.join(str(v) for v in period)))
    te.out(1, 'uint', 5 * n, row * n)
    lines = ['[config]', 'name: scalar buffer loads at offsets past the offset field', 'dimensions: 1', ''] + \
        te.text().split('\n')
    write_ll('f_sbuffer_load_far.ll', lines, IR.replace('NBYTES', str(4 * NW)).lstrip('\n'))


if __name__ == '__main__':
    main()
