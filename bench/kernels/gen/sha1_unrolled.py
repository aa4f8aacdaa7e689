#!/usr/bin/python3
"""Generates bench/kernels/sha1_unrolled.cl: SHA-1 of short messages with the
padding done in the kernel and all 80 rounds written out (the generator
emits the round lines)."""
import hashlib
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'tests', 'kernels', 'gen'))
import numpy as np
from app_common import Rng, buf, buf_repeat, scalar, test, write, out_path


def rounds():
    names = ['a', 'b', 'c', 'd', 'e']
    out = []
    for t in range(80):
        a, b, c, d, e = (names[(i - t) % 5] for i in range(5))
        f = ['F1', 'F2', 'F3', 'F2'][t // 20]
        k = ['K1', 'K2', 'K3', 'K4'][t // 20]
        x = f'w{t}' if t < 16 else f'W({t})'
        out.append(f'    R({a}, {b}, {c}, {d}, {e}, {f}, {k}, {x});')
    return '\n'.join(out)


def wdecl():
    return '\n'.join(f'    uint w{j} = word(m, len, {j});' for j in range(14))


SRC = r'''
/* SHA-1 (FIPS 180-4, 6.1) of one short message per work-item: message i is
 * the first len[i] bytes (at most 55) of the 64-byte slot msgs[64i ..];
 * the kernel pads it into a single block and writes the 5-word digest to
 * digest[5i ..]. The 80 rounds are written out with the working variables
 * renamed instead of rotated, and the message schedule lives in a 16-word
 * ring (w0..w15 first, then W(t) recomputes slot t & 15), so everything
 * stays in registers: a long straight-line kernel with many live values. */
#define K1 0x5a827999u
#define K2 0x6ed9eba1u
#define K3 0x8f1bbcdcu
#define K4 0xca62c1d6u
#define ROL(x, n) rotate((x), (uint)(n))
#define F1(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define F2(b, c, d) ((b) ^ (c) ^ (d))
#define F3(b, c, d) (((b) & (c)) | ((d) & ((b) | (c))))
#define R(a, b, c, d, e, f, k, x) \
    do { e += ROL(a, 5) + f(b, c, d) + (k) + (x); b = ROL(b, 30); } while (0)
#define W(t) (ring[(t) & 15] = ROL(ring[((t) - 3) & 15] ^ ring[((t) - 8) & 15] ^ \
                                   ring[((t) - 14) & 15] ^ ring[(t) & 15], 1))

/* big-endian word j of the padded message */
inline uint word(global const uchar *m, uint len, int j)
{
    uint v = 0;
#pragma unroll
    for (int b = 0; b < 4; ++b) {
        uint p = 4 * j + b;
        uint c = p < len ? (uint)m[p] : (p == len ? 0x80u : 0u);
        v = (v << 8) | c;
    }
    return v;
}

kernel void sha1_short(global const uchar *msgs, global const uint *lens,
                       global uint *digest, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    global const uchar *m = msgs + 64 * i;
    uint len = min(lens[i], 55u);
''' + wdecl() + r'''
    uint w14 = 0u;
    uint w15 = len * 8u;
    uint ring[16] = {w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15};

    uint a = 0x67452301u, b = 0xefcdab89u, c = 0x98badcfeu, d = 0x10325476u, e = 0xc3d2e1f0u;
''' + rounds() + r'''

    digest[5 * i + 0] = a + 0x67452301u;
    digest[5 * i + 1] = b + 0xefcdab89u;
    digest[5 * i + 2] = c + 0x98badcfeu;
    digest[5 * i + 3] = d + 0x10325476u;
    digest[5 * i + 4] = e + 0xc3d2e1f0u;
}
'''


def main():
    # after 80 renamed rounds the names are back in place (80 % 5 == 0)
    tests = []
    for seed, n, L in ((1601, 256, 64), (1602, 100, 32), (1603, 384, 128)):
        r = Rng(seed)
        lens = r.ints(n, 0, 55)
        lens[:56] = np.arange(56)[:min(n, 56)]
        slots = r.ints(64 * n, 0, 255).reshape(n, 64)
        if seed == 1601:
            slots[0, :3] = [ord('a'), ord('b'), ord('c')]
            lens[0] = 3
        dig = []
        for i in range(n):
            msg = bytes(int(v) for v in slots[i, :lens[i]])
            dig += list(np.frombuffer(hashlib.sha1(msg).digest(), dtype='>u4'))
        if seed == 1601:
            assert hashlib.sha1(b'abc').hexdigest().startswith(f'{dig[0]:08x}')
        G = (n + L - 1) // L
        tests.append(test(f'{n} messages of 0..55 bytes, {G} groups of {L}', [
            buf('arg_in', 0, 'uchar', slots), buf('arg_in', 1, 'uint', lens),
            buf_repeat('arg_in', 2, 'uint', 5 * n, 0), buf('arg_out', 2, 'uint', np.array(dig)),
            scalar(3, 'uint', n)], global_size=(G * L,), local_size=(L,),
            comment='expected digests from Python hashlib.sha1' +
                    ('; message 0 is "abc"' if seed == 1601 else '')))
    write(out_path('bench/kernels/sha1_unrolled.cl'), 'bench_sha1_unrolled', SRC, tests,
          config_extra=['kernel_name: sha1_short', 'dimensions: 1'],
          generator='bench/kernels/gen/sha1_unrolled.py')


main()
