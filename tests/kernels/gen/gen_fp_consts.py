#!/usr/bin/env python3
"""Writes tests/kernels/f_fp_const_bits.ll: float, double and half constants
whose bit patterns a conversion through a C double would change (signalling
NaNs, NaN payloads), stored from code and from an initialised constant
table. Storing a constant moves bits and computes nothing, so the stored
bytes must be the constants' own (found by tests/fuzz/stress.py, seed 1121:
a float signalling NaN came out quieted). The expected values are the bit
patterns the generator writes into the IR."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import write_ll  # noqa: E402

F32 = [0x7F9BE5BA, 0x7FC12345, 0xFF800001, 0x7F800001, 0xFFFFFFFF, 0x00000001, 0x80000000, 0x3F800000]
F64 = [0x7FF0000000000001, 0xFFF8DEADBEEF0000, 0x7FF7FFFFFFFFFFFF, 0x0000000000000001]
F16 = [0x7C01, 0xFE55, 0x7DFF, 0x8001]


def f32_ir(b):
    """LLVM IR writes a float constant as the double of the same value; a
    NaN's payload moves up by 29 bits."""
    sign, exp, man = b >> 31, (b >> 23) & 0xff, b & 0x7fffff
    if exp == 0xff:
        d = (sign << 63) | (0x7ff << 52) | (man << 29)
    else:
        import struct
        d = struct.unpack('<Q', struct.pack('<d', struct.unpack('<f', struct.pack('<I', b))[0]))[0]
    return '0x%016X' % d


def main():
    body = ['define amdgpu_kernel void @k_bits(ptr addrspace(1) %o32, ptr addrspace(1) %o64, ptr addrspace(1) %o16,',
            '                                  ptr addrspace(1) %otab) {']
    for i, b in enumerate(F32):
        body.append('  %%p32_%d = getelementptr float, ptr addrspace(1) %%o32, i64 %d' % (i, i))
        body.append('  store float %s, ptr addrspace(1) %%p32_%d, align 4' % (f32_ir(b), i))
    for i, b in enumerate(F64):
        body.append('  %%p64_%d = getelementptr double, ptr addrspace(1) %%o64, i64 %d' % (i, i))
        body.append('  store double 0x%016X, ptr addrspace(1) %%p64_%d, align 8' % (b, i))
    for i, b in enumerate(F16):
        body.append('  %%p16_%d = getelementptr half, ptr addrspace(1) %%o16, i64 %d' % (i, i))
        body.append('  store half 0xH%04X, ptr addrspace(1) %%p16_%d, align 2' % (b, i))
    body.append('  %tid = call i32 @llvm.amdgcn.workitem.id.x()')
    body.append('  %t = and i32 %tid, 3')
    body.append('  %pt = getelementptr float, ptr addrspace(4) @table, i32 %t')
    body.append('  %v = load float, ptr addrspace(4) %pt, align 4')
    body.append('  %qt = getelementptr float, ptr addrspace(1) %otab, i32 %tid')
    body.append('  store float %v, ptr addrspace(1) %qt, align 4')
    body.append('  ret void\n}\n')
    table = '@table = internal addrspace(4) constant [4 x float] [%s], align 4\n\n' % ', '.join(
        'float ' + f32_ir(b) for b in F32[:4])
    ir = table + '\n'.join(body) + 'declare i32 @llvm.amdgcn.workitem.id.x()\n'
    lines = ['[config]', 'name: exact bits of floating-point constants (signalling NaNs, payloads)',
             'kernel_name: k_bits', 'dimensions: 1', '', '[test]', 'name: constants', 'global_size: 8 0 0',
             'local_size: 8 0 0',
             'arg_in: 0 buffer uint[%d] repeat 0' % len(F32),
             'arg_out: 0 buffer uint[%d] %s' % (len(F32), ' '.join('0x%08X' % b for b in F32)),
             'arg_in: 1 buffer ulong[%d] repeat 0' % len(F64),
             'arg_out: 1 buffer ulong[%d] %s' % (len(F64), ' '.join('0x%016X' % b for b in F64)),
             'arg_in: 2 buffer ushort[%d] repeat 0' % len(F16),
             'arg_out: 2 buffer ushort[%d] %s' % (len(F16), ' '.join('0x%04X' % b for b in F16)),
             'arg_in: 3 buffer uint[8] repeat 0',
             'arg_out: 3 buffer uint[8] %s' % ' '.join('0x%08X' % F32[g & 3] for g in range(8)), '']
    write_ll('f_fp_const_bits.ll', lines, ir)


if __name__ == '__main__':
    main()
