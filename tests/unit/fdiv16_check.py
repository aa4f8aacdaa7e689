#!/usr/bin/env python3
"""Checks isel_fdiv16's f16 division (src/isel/isel_f32div.c) in exact
rational arithmetic, for every v_rcp_f32 result within 1 ulp of 1/b (the
ISA guide's bound; the emulator's rcp is exact and cannot show this):

    r, q0 = RN32(a*r), e = RN32(a - b*q0) (must be exact),
    q1 = RN32(q0 + e*r), then RN16(q1) == RN16(a/b).

Random pairs of finite halves, then pairs whose quotient lies next to a
half rounding boundary. Not part of ctest (about a minute):
    python3 tests/unit/fdiv16_check.py [random-pairs] [boundary-pairs]
Prints the counts and exits 1 on any mismatch."""
import random
import sys
from fractions import Fraction as F


def rnd(q, p, emin):
    """q rounded to p significant bits, ties to even, exponent >= emin."""
    if q == 0:
        return q
    s = -1 if q < 0 else 1
    q = abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    while F(2) ** e > q:
        e -= 1
    while F(2) ** (e + 1) <= q:
        e += 1
    e = max(e, emin) - (p - 1)
    m = q / F(2) ** e
    fl = m.numerator // m.denominator
    rem = m - fl
    if rem > F(1, 2) or (rem == F(1, 2) and fl % 2):
        fl += 1
    return s * fl * F(2) ** e


def rn32(q):
    return rnd(q, 24, -126)


def rn16(q):
    """q rounded to half (None: overflows to infinity)."""
    return None if abs(q) >= 65520 else rnd(q, 11, -14)


def f16(bits):
    s = -1 if bits & 0x8000 else 1
    e, m = (bits >> 10) & 31, bits & 1023
    return s * (F(m, 2**24) if e == 0 else (1024 + m) * F(2) ** (e - 25))


def ulp32(x):
    x = abs(x)
    e = x.numerator.bit_length() - x.denominator.bit_length()
    while F(2) ** e > x:
        e -= 1
    while F(2) ** (e + 1) <= x:
        e += 1
    return F(2) ** (e - 23)


def rcps(b):
    """Every f32 within 1 ulp of 1/b."""
    t = 1 / b
    r, u = rn32(1 / b), ulp32(rn32(1 / b))
    return {c for c in (r - u, r, r + u) if abs(c - t) <= ulp32(t)}


def check(a, b):
    want, bad = rn16(a / b), 0
    for r in rcps(b):
        q0 = rn32(a * r)
        e = rn32(a - b * q0)
        if e != a - b * q0:
            print("inexact residual", a, b, r)
            bad += 1
        if rn16(rn32(q0 + e * r)) != want:
            print("mismatch", a, b, r)
            bad += 1
    return bad


def main():
    n_rand = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    n_hard = int(sys.argv[2]) if len(sys.argv) > 2 else 6000
    random.seed(1)
    bad = 0
    for _ in range(n_rand):
        a = f16(random.randrange(1, 0x7C00) | random.choice((0, 0x8000)))
        b = f16(random.randrange(1, 0x7C00) | random.choice((0, 0x8000)))
        bad += check(a, b)
    hard = 0
    for _ in range(n_hard):
        b = f16(random.randrange(1, 0x7C00))
        m = (random.randrange(1024, 2048) * 2 + random.choice((0, 1))) * F(2) ** random.randrange(-26, 4)
        a = rn16(m * b)
        if a is None or a == 0:
            continue
        hard += 1
        bad += check(a, b)
    print(f"random pairs {n_rand}, boundary pairs {hard}, mismatches {bad}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
