#!/usr/bin/env python3
"""Generates tests/kernels/f_trig_preop.ll (issue 26): llvm.amdgcn.trig.preop
(v_trig_preop_f64) against a host reference computed with exact integer
arithmetic: 2/PI to 1400 bits by Machin's formula, the 53-bit segment
starting shift = 53 * (segment & 31) (+ exponent - 1077 when the biased
exponent of x is above 1077) bits below the binary point, scaled by
2^(-53 - shift) (2^128 larger when the exponent is at least 1968) and
rounded once to f64 (Vega ISA guide, V_TRIG_PREOP_F64; LLVM's constant
folding of the intrinsic reads the same, including +0 once the segment
leaves the 1184-bit table, shift >= 1120). Cases: divergent x and
segment, a uniform x (kernel argument) with the lane id as segment (so
segments past 31 wrap), and a constant segment.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, Test, write_ll  # noqa: E402

L = 64
PREC = 1400


def two_by_pi_bits():
    """2/PI as an integer: floor(2/PI * 2^PREC)."""
    def atan_inv(x, one):
        s = t = one // x
        n, sign = 1, -1
        while t:
            t //= x * x
            n += 2
            s += sign * (t // n)
            sign = -sign
        return s
    guard = 64
    one = 1 << (PREC + guard)
    pi = 4 * (4 * atan_inv(5, one) - atan_inv(239, one))
    return ((2 * one * one) // pi) >> guard


TBP = two_by_pi_bits()


def dbits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


def preop(xb, seg):
    ex = (xb >> 52) & 0x7ff
    shift = (seg & 31) * 53 + (ex - 1077 if ex > 1077 else 0)
    if (shift >> 5) + 2 >= 37:
        return 0
    m = (TBP >> (PREC - shift - 53)) & ((1 << 53) - 1)
    e = 53 + shift - (128 if ex >= 1968 else 0)
    return dbits(m / (1 << e))  # int true division: correctly rounded


IR = '''
define amdgpu_kernel void @k_preop(ptr addrspace(1) %out, ptr addrspace(1) %X, ptr addrspace(1) %S, double %xu) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %px = getelementptr double, ptr addrspace(1) %X, i32 %t
  %x = load double, ptr addrspace(1) %px
  %ps = getelementptr i32, ptr addrspace(1) %S, i32 %t
  %s = load i32, ptr addrspace(1) %ps
  %r0 = call double @llvm.amdgcn.trig.preop.f64(double %x, i32 %s)
  %r1 = call double @llvm.amdgcn.trig.preop.f64(double %xu, i32 %t)
  %r2 = call double @llvm.amdgcn.trig.preop.f64(double %x, i32 2)
  %q0 = getelementptr double, ptr addrspace(1) %out, i32 %t
  store double %r0, ptr addrspace(1) %q0
  %t1 = add i32 %t, 64
  %q1 = getelementptr double, ptr addrspace(1) %out, i32 %t1
  store double %r1, ptr addrspace(1) %q1
  %t2 = add i32 %t, 128
  %q2 = getelementptr double, ptr addrspace(1) %out, i32 %t2
  store double %r2, ptr addrspace(1) %q2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare double @llvm.amdgcn.trig.preop.f64(double, i32)
'''


def main():
    rng = Rng(0x7219)
    # exponents chosen to cover: small, around 1077 (no shift / shift),
    # >= 1968 (the 2^128 rescale), zero and denormal inputs, both signs
    fixed = [1.0, -1.0, 0.0, -0.0, 5e-324, 2.0 ** -1022, 3.14159, 2.0 ** 53, 2.0 ** 54, 2.0 ** 55,
             2.0 ** 60, 2.0 ** 100, 2.0 ** 500, 1e300, -1e300, 2.0 ** 944, 2.0 ** 945, 1.7e308]
    X = []
    for t in range(L):
        if t < len(fixed):
            X.append(dbits(fixed[t]))
        else:
            ex = rng.u64() % 2047  # any finite exponent
            X.append((rng.u64() & (1 << 63)) | ex << 52 | (rng.u64() & ((1 << 52) - 1)))
    S = [t % 24 if t < 24 else rng.u64() % 64 for t in range(L)]
    xu = dbits(2.0 ** 700 * 1.5)
    out = [preop(X[t], S[t]) for t in range(L)] + [preop(xu, t) for t in range(L)] + \
        [preop(X[t], 2) for t in range(L)]
    te = (Test('trig.preop: divergent x and segment, uniform x, constant segment', kernel_name='k_preop')
          .inp(0, 'ulong', 3 * L, [0] * (3 * L)).out(0, 'ulong', 3 * L, out)
          .inp(1, 'ulong', L, X).inp(2, 'uint', L, S).val(3, 'ulong', xu))
    lines = ['[config]', 'name: llvm.amdgcn.trig.preop (issue 26)', 'dimensions: 1',
             'global_size: %d 0 0' % L, 'local_size: %d 0 0' % L, ''] + te.text().split('\n')
    write_ll('f_trig_preop.ll', lines, IR)


if __name__ == '__main__':
    main()
