"""Exact IEEE-754 reference arithmetic for the floating-point mode tests:
binary16/32/64 values as bit patterns, operations computed exactly with
Fractions and rounded once in an explicit direction, denormal flushing
as the AMDGPU MODE register does it (inputs before the operation, the
rounded result after it, sign kept). Never uses the host FPU."""
from fractions import Fraction
import math


class Fmt:
    def __init__(self, name, mbits, ebits):
        self.name, self.m, self.e = name, mbits, ebits
        self.bits = 1 + mbits + ebits
        self.bias = (1 << (ebits - 1)) - 1
        self.emin = 1 - self.bias
        self.emax = self.bias
        self.max = Fraction(2) ** self.emax * (2 - Fraction(1, 1 << mbits))

    def sign(self, b):
        return (b >> (self.bits - 1)) & 1

    def is_nan(self, b):
        return ((b >> self.m) & ((1 << self.e) - 1)) == (1 << self.e) - 1 and b & ((1 << self.m) - 1) != 0

    def is_inf(self, b):
        return (b & ((1 << (self.bits - 1)) - 1)) == ((1 << self.e) - 1) << self.m

    def is_denorm(self, b):
        return ((b >> self.m) & ((1 << self.e) - 1)) == 0 and b & ((1 << self.m) - 1) != 0

    def value(self, b):
        """Finite value as a Fraction (zeros give 0; sign of zero via sign())."""
        ex = (b >> self.m) & ((1 << self.e) - 1)
        man = b & ((1 << self.m) - 1)
        v = Fraction(man, 1 << self.m) * Fraction(2) ** self.emin if ex == 0 else \
            (1 + Fraction(man, 1 << self.m)) * Fraction(2) ** (ex - self.bias)
        return -v if self.sign(b) else v

    def zero(self, neg):
        return (1 << (self.bits - 1)) if neg else 0

    def inf(self, neg):
        return self.zero(neg) | (((1 << self.e) - 1) << self.m)

    def nan(self):
        return ((1 << self.e) - 1) << self.m | 1 << (self.m - 1)

    def flush(self, b):
        return self.zero(self.sign(b)) if self.is_denorm(b) else b

    def round(self, x, mode='rte', neg_zero=False):
        """Round Fraction x once: mode rte/rtz/rtp/rtn; gradual underflow."""
        if x == 0:
            return self.zero(neg_zero)
        neg = x < 0
        a = -x if neg else x
        e = a.numerator.bit_length() - a.denominator.bit_length()
        while Fraction(2) ** e > a:
            e -= 1
        while Fraction(2) ** (e + 1) <= a:
            e += 1
        qe = max(e, self.emin) - self.m
        q = a / Fraction(2) ** qe
        n = q.numerator // q.denominator
        rem = q - n
        if mode == 'rte':
            if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
                n += 1
        elif mode == 'rtp':
            n += 1 if rem and not neg else 0
        elif mode == 'rtn':
            n += 1 if rem and neg else 0
        elif mode != 'rtz':
            raise ValueError(mode)
        r = n * Fraction(2) ** qe
        if r > self.max:
            if mode == 'rte' or (mode == 'rtp' and not neg) or (mode == 'rtn' and neg):
                return self.inf(neg)
            r = self.max
        return self.encode(-r if neg else r, neg)

    def encode(self, r, neg):
        a = -r if r < 0 else r
        if a == 0:
            return self.zero(neg)
        if a < Fraction(2) ** self.emin:
            man = a / Fraction(2) ** (self.emin - self.m)
            assert man.denominator == 1
            return self.zero(neg) | int(man)
        e = a.numerator.bit_length() - a.denominator.bit_length()
        while Fraction(2) ** e > a:
            e -= 1
        while Fraction(2) ** (e + 1) <= a:
            e += 1
        man = (a / Fraction(2) ** e - 1) * (1 << self.m)
        assert man.denominator == 1
        return self.zero(neg) | (e + self.bias) << self.m | int(man)


F16, F32, F64 = Fmt('half', 10, 5), Fmt('float', 23, 8), Fmt('double', 52, 11)


def sqrt_frac(x, fmt):
    """sqrt of a positive Fraction, exact enough to round correctly in fmt:
    the result or a point strictly inside the gap of 2^-k that holds it."""
    k = 2 * (fmt.m + fmt.bias + 8)
    t = x * Fraction(4) ** k
    s = math.isqrt(t.numerator // t.denominator)
    if Fraction(s * s) == t:
        return Fraction(s, 1 << k)
    return Fraction(2 * s + 1, 1 << (k + 1))


def op(fmt, name, args, mode='rte', den=3):
    """One operation on bit patterns in fmt with MODE denormal field `den`
    (bit 0: keep input denormals, bit 1: keep output denormals)."""
    if not den & 1:
        args = [fmt.flush(a) for a in args]
    r = _op(fmt, name, args, mode)
    return r if den & 2 else fmt.flush(r)


def _op(fmt, name, args, mode):
    if any(fmt.is_nan(a) for a in args):
        return fmt.nan()
    v = [None if fmt.is_inf(a) else fmt.value(a) for a in args]
    s = [fmt.sign(a) for a in args]
    if name in ('add', 'sub'):
        sb = s[1] ^ (name == 'sub')
        if v[0] is None or v[1] is None:
            if v[0] is None and v[1] is None and s[0] != sb:
                return fmt.nan()
            return fmt.inf(s[0] if v[0] is None else sb)
        r = v[0] + (-v[1] if name == 'sub' else v[1])
        if r == 0:
            both_neg = s[0] and sb
            return fmt.zero(both_neg or (s[0] != sb and mode == 'rtn'))
        return fmt.round(r, mode)
    if name == 'mul':
        neg = s[0] != s[1]
        if v[0] is None or v[1] is None:
            if (v[0] == 0) or (v[1] == 0):
                return fmt.nan()
            return fmt.inf(neg)
        return fmt.round(v[0] * v[1], mode, neg)
    if name == 'div':
        neg = s[0] != s[1]
        if v[0] is None:
            return fmt.nan() if v[1] is None else fmt.inf(neg)
        if v[1] is None:
            return fmt.zero(neg)
        if v[1] == 0:
            return fmt.nan() if v[0] == 0 else fmt.inf(neg)
        return fmt.round(v[0] / v[1], mode, neg)
    if name == 'fma':
        pneg = s[0] != s[1]
        if v[0] is None or v[1] is None:
            if v[0] == 0 or v[1] == 0:
                return fmt.nan()
            if v[2] is None and s[2] != pneg:
                return fmt.nan()
            return fmt.inf(pneg)
        if v[2] is None:
            return fmt.inf(s[2])
        r = v[0] * v[1] + v[2]
        if r == 0:
            return fmt.zero((pneg and s[2]) or (pneg != s[2] and mode == 'rtn'))
        return fmt.round(r, mode)
    if name == 'sqrt':
        if v[0] is None:
            return fmt.nan() if s[0] else fmt.inf(False)
        if v[0] == 0:
            return args[0]
        if v[0] < 0:
            return fmt.nan()
        return fmt.round(sqrt_frac(v[0], fmt), mode)
    raise ValueError(name)


def convert(src, dst, b, mode='rte', den_src=3, den_dst=3):
    """Float-to-float conversion src -> dst of bit pattern b."""
    if not den_src & 1:
        b = src.flush(b)
    if src.is_nan(b):
        r = dst.nan()
    elif src.is_inf(b):
        r = dst.inf(src.sign(b))
    else:
        r = dst.round(src.value(b), mode, src.sign(b))
    return r if den_dst & 2 else dst.flush(r)


def int_to_float(fmt, i, mode='rte'):
    return fmt.round(Fraction(i), mode)


def float_to_int(fmt, b, bits, signed, den=3):
    """fptosi/fptoui: truncation; None when out of range (poison)."""
    if not den & 1:
        b = fmt.flush(b)
    if fmt.is_nan(b) or fmt.is_inf(b):
        return None
    v = fmt.value(b)
    t = int(v)  # toward zero
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return t if lo <= t <= hi else None
