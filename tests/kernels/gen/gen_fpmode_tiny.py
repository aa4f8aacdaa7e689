#!/usr/bin/env python3
"""Writes tests/kernels/f_fpmode_f64_to_f16_tiny.ll: constrained fptrunc
double -> half of values below 2^-126 in magnitude, in a kernel that
flushes f32 denormals but keeps f16/f64 ones ("denormal-fp-math-f32" =
preserve-sign, "denormal-fp-math" = ieee). wavecc converts through a
round-to-odd f32 step; with f32 flushing that step made such values 0,
so round.upward gave +0 instead of the smallest half denormal 2^-24.
Expected bit patterns from fpref.py (exact fractions, explicit rounding)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpref import F16, F64, convert  # noqa: E402
from kt import write_ll  # noqa: E402

MODES = [('rte', 'round.tonearest'), ('rtp', 'round.upward'), ('rtn', 'round.downward'), ('rtz', 'round.towardzero')]
# 1e-300-ish, f64 denormal, just below 2^-126, f32 denormal range, zeros,
# a value in the half denormal range, 1.0, and just above 2^-126.
INPUTS = [0x01A56E1FC2F8F359, 0x81A56E1FC2F8F359, 0x0000000000000001, 0x380FFFFFFFFFFFFF,
          0xB800000000000000, 0x0000000000000000, 0x8000000000000000, 0x3E68000000000000,
          0x3FF0000000000000, 0x3810000000000001, 0xB690000000000000, 0x3E70000000000001]


def main():
    n = len(INPUTS)
    body = ['define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {',
            '  %tid = call i32 @llvm.amdgcn.workitem.id.x()',
            '  %pi = getelementptr double, ptr addrspace(1) %in, i32 %tid',
            '  %a = load double, ptr addrspace(1) %pi, align 8']
    for m, (_, md) in enumerate(MODES):
        body += ['  %%h%d = call half @llvm.experimental.constrained.fptrunc.f16.f64(double %%a, metadata !"%s", '
                 'metadata !"fpexcept.ignore") #1' % (m, md),
                 '  %%o%d = add i32 %%tid, %d' % (m, m * n),
                 '  %%po%d = getelementptr half, ptr addrspace(1) %%out, i32 %%o%d' % (m, m),
                 '  store half %%h%d, ptr addrspace(1) %%po%d, align 2' % (m, m)]
    body += ['  ret void', '}', '',
             'declare i32 @llvm.amdgcn.workitem.id.x()',
             'declare half @llvm.experimental.constrained.fptrunc.f16.f64(double, metadata, metadata)', '',
             'attributes #0 = { strictfp "denormal-fp-math"="ieee,ieee" "denormal-fp-math-f32"="preserve-sign,preserve-sign" }',
             'attributes #1 = { strictfp }', '']
    exp = [convert(F64, F16, b, mode) for mode, _ in MODES for b in INPUTS]
    lines = ['[config]', 'name: constrained fptrunc double to half of tiny values, f32 denormals flushed',
             'kernel_name: k', 'dimensions: 1', '', '[test]', 'name: four roundings',
             'global_size: %d 0 0' % n, 'local_size: %d 0 0' % n,
             'arg_in: 0 buffer ulong[%d] %s' % (n, ' '.join('0x%016X' % b for b in INPUTS)),
             'arg_in: 1 buffer ushort[%d] repeat 0' % (4 * n),
             'arg_out: 1 buffer ushort[%d] %s' % (4 * n, ' '.join('0x%04X' % b for b in exp)), '']
    write_ll('f_fpmode_f64_to_f16_tiny.ll', lines, '\n'.join(body))


if __name__ == '__main__':
    main()
