"""Writes tests/kernels/f_int_div_signed_small.ll: signed division and
remainder of operands of magnitude below 2^21, which wavecc selects
through one f32 reciprocal (isel_div64.c, sdivrem_f32; before, the 32-bit
integer sequence): sdiv/srem of i8 and i16, of i32 values that are
`ashr x, 11` (in [-2^20, 2^20)), divergent (per lane from buffers) and
uniform (from kernel arguments). Operands: 0, +-1, +-2, the ends of each
range, values next to multiples of the divisor, and pseudo-random ones;
no division by zero and no INT_MIN / -1 of the type (undefined in LLVM
IR). Quotients truncate toward zero, remainders take the dividend's sign."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, cdiv, crem, write_ll  # noqa: E402

N = 256
R = Rng(0x5d1f)


def pairs(lo, hi, n):
    """n (a, b) pairs with a, b in [lo, hi], b != 0, not (lo / -1)."""
    edge = [lo, lo + 1, -2, -1, 0, 1, 2, hi - 1, hi]
    out = []
    for a in edge:
        for b in edge:
            if b != 0 and not (a == lo and b == -1):
                out.append((a, b))
    for b in (3, -3, 7, -7, 100, -100, 255, -1000, hi // 3, lo // 5):
        if not lo <= b <= hi:
            continue
        for d in (-1, 0, 1):
            a = max(lo, min(hi, b * (hi // abs(b) // 2) + d))
            out.append((a, b))
            out.append((max(lo, -a), b))
    while len(out) < n:
        span = hi - lo + 1
        a = lo + R.u64() % span
        b = lo + R.u64() % span
        if R.u64() & 1:
            b = (b >> (R.u64() % 16)) if b > 0 else -((-b) >> (R.u64() % 16))
        if b != 0 and not (a == lo and b == -1):
            out.append((a, b))
    return out[:n]


P8 = pairs(-128, 127, N)
P16 = pairs(-32768, 32767, N)
P32 = pairs(-(1 << 20), (1 << 20) - 1, N)


IR = """define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %a8, ptr addrspace(1) %b8,
                           ptr addrspace(1) %a16, ptr addrspace(1) %b16, ptr addrspace(1) %a32,
                           ptr addrspace(1) %b32, i32 %ua, i32 %ub) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g64 = mul i32 %g, 64
  %i = add i32 %g64, %t
  %pa8 = getelementptr i8, ptr addrspace(1) %a8, i32 %i
  %pb8 = getelementptr i8, ptr addrspace(1) %b8, i32 %i
  %x8 = load i8, ptr addrspace(1) %pa8
  %y8 = load i8, ptr addrspace(1) %pb8
  %q8 = sdiv i8 %x8, %y8
  %r8 = srem i8 %x8, %y8
  %pa16 = getelementptr i16, ptr addrspace(1) %a16, i32 %i
  %pb16 = getelementptr i16, ptr addrspace(1) %b16, i32 %i
  %x16 = load i16, ptr addrspace(1) %pa16
  %y16 = load i16, ptr addrspace(1) %pb16
  %q16 = sdiv i16 %x16, %y16
  %r16 = srem i16 %x16, %y16
  %pa32 = getelementptr i32, ptr addrspace(1) %a32, i32 %i
  %pb32 = getelementptr i32, ptr addrspace(1) %b32, i32 %i
  %w32 = load i32, ptr addrspace(1) %pa32
  %v32 = load i32, ptr addrspace(1) %pb32
  %x32 = ashr i32 %w32, 11
  %y32 = ashr i32 %v32, 11
  %q32 = sdiv i32 %x32, %y32
  %r32 = srem i32 %x32, %y32
  %ux = ashr i32 %ua, 11
  %uy = ashr i32 %ub, 11
  %uq = sdiv i32 %ux, %uy
  %ur = srem i32 %ux, %uy
  %ux8 = trunc i32 %ua to i8
  %uy8 = trunc i32 %ub to i8
  %uq8 = sdiv i8 %ux8, %uy8
  %ur8 = srem i8 %ux8, %uy8
  %e0 = sext i8 %q8 to i32
  %e1 = sext i8 %r8 to i32
  %e2 = sext i16 %q16 to i32
  %e3 = sext i16 %r16 to i32
  %e6 = sext i8 %uq8 to i32
  %e7 = sext i8 %ur8 to i32
  %o = mul i32 %i, 10
""" + ''.join('  %%o%d = add i32 %%o, %d\n  %%p%d = getelementptr i32, ptr addrspace(1) %%out, i32 %%o%d\n'
              '  store i32 %s, ptr addrspace(1) %%p%d\n' % (j, j, j, j, v, j)
              for j, v in enumerate(['%e0', '%e1', '%e2', '%e3', '%q32', '%r32', '%uq', '%ur', '%e6', '%e7'])) + """  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
"""


def main():
    # the uniform arguments: ua >> 11 = -380 (rounded toward -inf), ub >> 11 = 0 would divide by
    # zero, so ub carries its value in both ranges: (ub >> 11) = 9 and (ub & 0xff) = 0xd3 -> -45
    ua = -777777
    ub = 9 * 2048 + 0xd3
    ux, uy = ua >> 11, ub >> 11
    ux8 = ((ua & 0xff) ^ 0x80) - 0x80
    uy8 = ((ub & 0xff) ^ 0x80) - 0x80
    out = []
    for i in range(N):
        a8, b8 = P8[i]
        a16, b16 = P16[i]
        a32, b32 = P32[i]
        out += [cdiv(a8, b8), crem(a8, b8), cdiv(a16, b16), crem(a16, b16), cdiv(a32, b32), crem(a32, b32),
                cdiv(ux, uy), crem(ux, uy), cdiv(ux8, uy8), crem(ux8, uy8)]
    # i32 inputs: the shifted value times 2048 plus low bits that the shift drops
    raw_a = [a * 2048 + (R.u64() % 2048) for a, _ in P32]
    raw_b = [b * 2048 + (R.u64() % 2048) for _, b in P32]
    lines = ['[config]', 'name: signed division of small operands through f32', 'dimensions: 1', '',
             '[test]', 'name: i8 i16 i32>>11, divergent and uniform', 'kernel_name: k',
             'global_size: %d 0 0' % N, 'local_size: 64 0 0',
             'arg_out: 0 buffer int[%d] ' % (10 * N) + ' '.join(map(str, out)),
             'arg_in: 1 buffer char[%d] ' % N + ' '.join(str(a) for a, _ in P8),
             'arg_in: 2 buffer char[%d] ' % N + ' '.join(str(b) for _, b in P8),
             'arg_in: 3 buffer short[%d] ' % N + ' '.join(str(a) for a, _ in P16),
             'arg_in: 4 buffer short[%d] ' % N + ' '.join(str(b) for _, b in P16),
             'arg_in: 5 buffer int[%d] ' % N + ' '.join(map(str, raw_a)),
             'arg_in: 6 buffer int[%d] ' % N + ' '.join(map(str, raw_b)),
             'arg_in: 7 int %d' % ua, 'arg_in: 8 int %d' % ub, '']
    write_ll('f_int_div_signed_small.ll', lines, IR)


if __name__ == '__main__':
    main()
