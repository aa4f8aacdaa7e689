"""Shared helpers for the feature-corpus generators (tests/kernels/f_*.cl).

Every expected value in the generated files is computed here, on the host,
with C/OpenCL semantics spelled out explicitly:

- integers: fixed-width wraparound (wrap), C division truncating toward zero
  (cdiv / crem), OpenCL built-ins (mul_hi, rotate, clz, add_sat, hadd, ...);
- float32: every result is rounded exactly from a rational (fractions.Fraction)
  with round_f32, so fma, conversions and rounding modes are exact; a single
  +, -, *, /, sqrt done in Python's binary64 and then rounded to binary32 is
  also correctly rounded (53 >= 2*24+2, no double-rounding error), which f32()
  relies on.

No numpy: the standard library is enough and keeps the generators runnable
with a bare /usr/bin/python3.
"""
import math
import os
import struct
from fractions import Fraction

from fpref import F16, F32  # exact rounding to binary16/32 (one routine for both)

HERE = os.path.dirname(os.path.abspath(__file__))
KDIR = os.path.dirname(HERE)

# ---------------------------------------------------------------- integers
BITS = {'char': 8, 'uchar': 8, 'short': 16, 'ushort': 16, 'int': 32, 'uint': 32,
        'long': 64, 'ulong': 64}


def signed(t):
    return not t.startswith('u')


def wrap(v, t):
    bits = BITS[t]
    v &= (1 << bits) - 1
    if signed(t) and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def tmin(t):
    return -(1 << (BITS[t] - 1)) if signed(t) else 0


def tmax(t):
    return (1 << (BITS[t] - 1)) - 1 if signed(t) else (1 << BITS[t]) - 1


def sat(v, t):
    return max(tmin(t), min(tmax(t), v))


def cdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def crem(a, b):
    return a - b * cdiv(a, b)


def mul_hi(a, b, t):
    return wrap((a * b) >> BITS[t], t)


def rotate(v, s, t):
    bits = BITS[t]
    u = v & ((1 << bits) - 1)
    s &= bits - 1
    return wrap((u << s) | (u >> (bits - s)), t)


def clz(v, t):
    bits = BITS[t]
    u = v & ((1 << bits) - 1)
    return bits - u.bit_length()


def popcount(v, t):
    return bin(v & ((1 << BITS[t]) - 1)).count('1')


def uns(t):
    return t if t.startswith('u') else 'u' + t


# ----------------------------------------------------------------- float32


def round_f32(x, mode='rte'):
    """Round a Fraction/int/float exactly to binary32; returns a Python float."""
    if isinstance(x, float):
        if math.isnan(x) or math.isinf(x):
            return x
        if x == 0:
            return x
        x = Fraction(x)
    x = Fraction(x)
    if x == 0:
        return 0.0
    return bitsf(F32.round(x, mode))


def round_f16(x, mode='rte'):
    """Round a Fraction/int/float exactly to binary16 (10 fraction bits,
    normal exponents from -14, subnormals in units of 2^-24); returns a
    Python float."""
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x) or x == 0):
        return x
    x = Fraction(x)
    if x == 0:
        return 0.0
    return struct.unpack('<e', struct.pack('<H', F16.round(x, mode)))[0]


def hbits(x):
    return struct.unpack('<H', struct.pack('<e', x))[0]


def bitsh(u):
    return struct.unpack('<e', struct.pack('<H', u & 0xffff))[0]


def f32(x):
    """Round a binary64 value (result of one correctly rounded op) to binary32."""
    if math.isnan(x):
        return math.nan
    if math.isinf(x):
        return x
    if x == 0:
        return x
    return round_f32(Fraction(x))


def fbits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def bitsf(u):
    return struct.unpack('<f', struct.pack('<I', u & 0xffffffff))[0]


def fma32(a, b, c):
    if any(math.isnan(v) or math.isinf(v) for v in (a, b, c)):
        return f32(a * b + c)
    r = Fraction(a) * Fraction(b) + Fraction(c)
    if r == 0:
        # exact zero: -0 only when the product and c are both -0 (IEEE 754 6.3)
        pneg = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
        if (a == 0 or b == 0) and c == 0 and pneg and math.copysign(1.0, c) < 0:
            return -0.0
        return 0.0
    return round_f32(r)


def fdiv32(a, b):
    if b == 0:
        if a == 0 or math.isnan(a):
            return math.nan
        s = math.copysign(1.0, a) * math.copysign(1.0, b)
        return math.inf if s > 0 else -math.inf
    return f32(a / b)


def rint_even(x):
    # round half to even, exact for binary32 values
    return float(round(Fraction(x))) if not (math.isinf(x) or math.isnan(x)) else x


# --------------------------------------------------------------- formatting
def fmt_float(x):
    if math.isnan(x):
        return 'nan'
    if math.isinf(x):
        return 'inf' if x > 0 else '-inf'
    return repr(x)


def fmt_vals(vals, base):
    if base in ('float', 'double', 'half'):
        return [fmt_float(v) for v in vals]
    return [str(int(v)) for v in vals]


def join_wrapped(prefix, items, per_line=16):
    """prefix + items, continued with backslashes every per_line items."""
    lines = []
    for i in range(0, len(items), per_line):
        lines.append(' '.join(items[i:i + per_line]))
    if not lines:
        return prefix
    out = prefix + ' ' + lines[0]
    for ln in lines[1:]:
        out += ' \\\n    ' + ln
    return out


class Test:
    def __init__(self, name, **keys):
        self.name = name
        self.keys = keys
        self.args = []

    def _buf(self, kind, idx, typ, count, vals, tol=None):
        base = typ.rstrip('0123456789')
        width = int(typ[len(base):] or 1)
        if vals is None:
            body = 'NULL'
            prefix = '%s: %d buffer %s[%d] NULL' % (kind, idx, typ, count)
            line = prefix
        else:
            vals = list(vals)
            assert len(vals) == count * width, (self.name, idx, len(vals), count, width)
            prefix = '%s: %d buffer %s[%d]' % (kind, idx, typ, count)
            line = join_wrapped(prefix, fmt_vals(vals, base))
        if tol is not None:
            line += ' tolerance ' + tol
        self.args.append(line)
        return self

    def inp(self, idx, typ, count, vals):
        return self._buf('arg_in', idx, typ, count, vals)

    def out(self, idx, typ, count, vals, tol=None):
        return self._buf('arg_out', idx, typ, count, vals, tol)

    def local(self, idx, typ, count):
        return self._buf('arg_in', idx, typ, count, None)

    def val(self, idx, typ, *vals):
        base = typ.rstrip('0123456789')
        self.args.append('arg_in: %d %s %s' % (idx, typ, ' '.join(fmt_vals(vals, base))))
        return self

    def text(self):
        out = ['[test]', 'name: ' + self.name]
        for k, v in self.keys.items():
            out.append('%s: %s' % (k, v))
        out += self.args
        return '\n'.join(out)


def sizes(*v):
    v = list(v) + [0] * (3 - len(v))
    return ' '.join(str(x) for x in v)


def write(fname, name, source, tests, kernel_name=None, dimensions=1,
          global_size=None, local_size=None, build_options=None,
          clc_version_min=None, comment=None, extensions=None, device_regex=None):
    """Write tests/kernels/<fname> with the config block, tests and source."""
    cfg = ['[config]', 'name: ' + name]
    if clc_version_min:
        cfg.append('clc_version_min: %d' % clc_version_min)
    if build_options:
        cfg.append('build_options: ' + build_options)
    if extensions:
        cfg.append('require_device_extensions: ' + extensions)
    if device_regex:
        cfg.append('device_regex: ' + device_regex)
    if kernel_name:
        cfg.append('kernel_name: ' + kernel_name)
    cfg.append('dimensions: %d' % dimensions)
    if global_size:
        cfg.append('global_size: ' + (global_size if isinstance(global_size, str) else sizes(*global_size)))
    if local_size:
        cfg.append('local_size: ' + (local_size if isinstance(local_size, str) else sizes(*local_size)))
    head = '/*!\n'
    head += '# GENERATED by tests/kernels/gen/%s -- do not edit; see gen/README.md.\n' % \
        os.path.basename(__import__('__main__').__file__)
    if comment:
        for ln in comment.strip().split('\n'):
            head += '# ' + ln + '\n'
    head += '\n'.join(cfg) + '\n\n'
    head += '\n\n'.join(t.text() for t in tests) + '\n!*/\n'
    path = os.path.join(KDIR, fname)
    with open(path, 'w') as f:
        f.write(head + source.lstrip('\n'))
    return path


def write_ll(fname, lines, ir):
    """Write tests/kernels/<fname>, an LLVM IR kernel test: the block's
    `lines` as '; ' comments, then the triple and the IR."""
    gen = os.path.basename(__import__('__main__').__file__)
    text = '; # GENERATED by tests/kernels/gen/%s -- do not edit.\n' % gen
    text += ''.join(('; ' + ln).rstrip() + '\n' for ln in lines)
    text += '\ntarget triple = "amdgcn-amd-amdhsa"\n\n' + ir
    with open(os.path.join(KDIR, fname), 'w') as f:
        f.write(text)


# ---------------------------------------------------------- pseudo-random
class Rng:
    """splitmix64: stable across Python versions, unlike random.Random."""

    def __init__(self, seed):
        self.s = seed & 0xffffffffffffffff

    def u64(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & 0xffffffffffffffff
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xffffffffffffffff
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xffffffffffffffff
        return z ^ (z >> 31)

    def bits(self, n):
        return self.u64() >> (64 - n) if n <= 64 else None

    def of(self, t):
        return wrap(self.u64(), t)

    def range(self, lo, hi):
        """integer in [lo, hi]"""
        return lo + self.u64() % (hi - lo + 1)

    def f32(self, lo=-100.0, hi=100.0):
        """a binary32 value roughly uniform in [lo, hi)"""
        u = self.u64() / 2.0 ** 64
        return f32(lo + (hi - lo) * u)

    def f32_bits(self):
        """an arbitrary finite, normal binary32 (random sign/exponent/mantissa)"""
        while True:
            v = bitsf(self.bits(32))
            if not math.isnan(v) and not math.isinf(v) and (v == 0 or abs(v) >= 2.0 ** -126):
                return v

    def pick(self, seq):
        return seq[self.u64() % len(seq)]


def div_local(n, want):
    """largest local size <= want that divides n"""
    for d in range(min(want, n), 0, -1):
        if n % d == 0:
            return d
    return 1


# ------------------------------------------------ libclc 19 (amdgcn) models
# Where libclc 19's built-ins disagree with the OpenCL specification.  The
# feature files keep these inputs out of their main tests (so the llc and
# wavecc runs, which link libclc, check the compiler and not libclc), and
# f_libclc_edges.cl tests exactly these inputs against the specification.

def libclc19_sub_sat(a, b, t):
    """libclc: on signed int/long overflow it returns x > 0 ? MAX : MIN, so
    0 - MIN gives MIN instead of MAX."""
    r = a - b
    if t in ('int', 'long') and not (tmin(t) <= r <= tmax(t)):
        return tmax(t) if a > 0 else tmin(t)
    return sat(r, t)


def libclc19_mad_sat_long(x, y, z):
    """Statement-by-statement model of libclc's mad_sat(long, long, long)
    (after opt -O2): it ignores the case of a zero product of operands with
    different signs."""
    U = 2 ** 64 - 1
    hi = mul_hi(x, y, 'long')
    lo = (x * y) & U
    sx, sy = x < 0, y < 0
    MAX, MIN = tmax('long'), tmin('long')
    if sx == sy and hi != 0:
        return MAX
    if hi == 0 and lo > 0x7FFFFFFFFFFFFFFE and (z > 0 or wrap(lo + z, 'long') < 0):
        return MAX
    if sx != sy and hi != -1:
        return MIN
    if hi == -1 and lo < 0x8000000000000001 and (z < 0 or ((MAX - lo) & U) > (z & U)):
        return MIN
    return wrap(lo + z, 'long')


def libclc19_bad_int_to_float_rtz(v, t):
    """libclc's convert_float_rtz/rtn(int/uint/long) convert back with
    fptosi/fptoui, which is out of range when round-to-nearest gives
    2^31 / 2^32 / 2^63: those inputs come out rounded up."""
    return round_f32(v) >= 2 ** (BITS[t] - (1 if signed(t) else 0))


def libclc19_bad_float_to_sat(x):
    """libclc's convert_long_sat / convert_ulong_sat(float) clamp only above
    2^63 / 2^64 (fcmp ule), so 2^63 and 2^64 themselves go through
    fptosi / fptoui, which are out of range (LLVM poison)."""
    return x == 2.0 ** 63 or x == 2.0 ** 64
