#!/usr/bin/python3
"""Generates tests/kernels/app_sha256.cl: the SHA-256 compression function,
one 64-byte message block per work-item, chaining state in and out."""
import hashlib
import struct
import numpy as np
from app_common import Rng, M32, rotr32, buf, buf_repeat, scalar, test, write, out_path

K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]
IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]

KTAB = ',\n    '.join(', '.join(f'0x{k:08x}u' for k in K[i:i + 4]) for i in range(0, 64, 4))

SRC = r'''
/* SHA-256 compression (FIPS 180-4, 6.2.2): work-item i compresses the
 * 16 big-endian message words block[16i .. 16i+15] into the 8-word chaining
 * state state[8i .. 8i+7] (in place). Start from the IV for a first block;
 * run again with the next block for longer messages. */
constant uint K[64] = {
    ''' + KTAB + r'''
};

#define ROTR(x, n) rotate((x), (uint)(32 - (n)))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define BSIG0(x) (ROTR(x, 2) ^ ROTR(x, 13) ^ ROTR(x, 22))
#define BSIG1(x) (ROTR(x, 6) ^ ROTR(x, 11) ^ ROTR(x, 25))
#define SSIG0(x) (ROTR(x, 7) ^ ROTR(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROTR(x, 17) ^ ROTR(x, 19) ^ ((x) >> 10))

kernel void sha256_compress(global uint *state, global const uint *block, uint nblocks)
{
    uint id = get_global_id(0);
    if (id >= nblocks)
        return;
    uint w[64];
    for (int i = 0; i < 16; ++i)
        w[i] = block[16 * id + i];
    for (int i = 16; i < 64; ++i)
        w[i] = SSIG1(w[i - 2]) + w[i - 7] + SSIG0(w[i - 15]) + w[i - 16];

    uint a = state[8 * id + 0], b = state[8 * id + 1];
    uint c = state[8 * id + 2], d = state[8 * id + 3];
    uint e = state[8 * id + 4], f = state[8 * id + 5];
    uint g = state[8 * id + 6], h = state[8 * id + 7];
    for (int i = 0; i < 64; ++i) {
        uint t1 = h + BSIG1(e) + CH(e, f, g) + K[i] + w[i];
        uint t2 = BSIG0(a) + MAJ(a, b, c);
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    state[8 * id + 0] += a;
    state[8 * id + 1] += b;
    state[8 * id + 2] += c;
    state[8 * id + 3] += d;
    state[8 * id + 4] += e;
    state[8 * id + 5] += f;
    state[8 * id + 6] += g;
    state[8 * id + 7] += h;
}
'''


def compress(st, blk):
    w = list(blk)
    for i in range(16, 64):
        s0 = rotr32(w[i - 15], 7) ^ rotr32(w[i - 15], 18) ^ (w[i - 15] >> 3)
        s1 = rotr32(w[i - 2], 17) ^ rotr32(w[i - 2], 19) ^ (w[i - 2] >> 10)
        w.append((s1 + w[i - 7] + s0 + w[i - 16]) & M32)
    a, b, c, d, e, f, g, h = st
    for i in range(64):
        S1 = rotr32(e, 6) ^ rotr32(e, 11) ^ rotr32(e, 25)
        ch = (e & f) ^ (~e & M32 & g)
        t1 = (h + S1 + ch + K[i] + w[i]) & M32
        S0 = rotr32(a, 2) ^ rotr32(a, 13) ^ rotr32(a, 22)
        mj = (a & b) ^ (a & c) ^ (b & c)
        t2 = (S0 + mj) & M32
        h, g, f, e, d, c, b, a = g, f, e, (d + t1) & M32, c, b, a, (t1 + t2) & M32
    return [(x + y) & M32 for x, y in zip(st, (a, b, c, d, e, f, g, h))]


def pad(msg):
    m = msg + b'\x80' + b'\x00' * ((55 - len(msg)) % 64) + struct.pack('>Q', 8 * len(msg))
    return [list(struct.unpack('>16I', m[i:i + 64])) for i in range(0, len(m), 64)]


def digest_words(msg):
    st = IV
    for blk in pad(msg):
        st = compress(st, blk)
    assert struct.pack('>8I', *st) == hashlib.sha256(msg).digest()
    return st


def case(name, states, blocks, L, comment=None):
    n = len(blocks)
    exp = [compress(s, b) for s, b in zip(states, blocks)]
    G = (n + L - 1) // L
    return test(name, [buf('arg_in', 0, 'uint', np.array(states)),
                       buf('arg_out', 0, 'uint', np.array(exp)),
                       buf('arg_in', 1, 'uint', np.array(blocks)), scalar(2, 'uint', n)],
                global_size=(G * L,), local_size=(L,), comment=comment), exp


def main():
    tests = []
    r = Rng(801)
    n = 256
    blocks = r.u32(16 * n).reshape(n, 16).tolist()
    t, _ = case('256 random blocks from the IV, 4 groups x 64', [IV] * n, blocks, 64)
    tests.append(t)

    # real messages of 0..55 bytes (one padded block each): digests checked
    # against hashlib
    msgs = [bytes((j * 7 + i) & 0xFF for j in range(i % 56)) for i in range(120)]
    msgs[0] = b'abc'
    msgs[1] = b''
    blocks = [pad(m)[0] for m in msgs]
    t, exp = case('120 short messages, one padded block each, 4 groups x 32 (ragged)',
                  [IV] * len(msgs), blocks, 32,
                  comment='digest of message i = state words 8i..8i+7 (big-endian); equal to hashlib.sha256')
    for m, e in zip(msgs, exp):
        assert e == digest_words(m)
    tests.append(t)

    # two-block messages (56..119 bytes): first block, then the second block
    msgs = [bytes((j * 13 + 5 * i + 1) & 0xFF for j in range(56 + i)) for i in range(64)]
    firsts = [compress(IV, pad(m)[0]) for m in msgs]
    t, _ = case('64 two-block messages: first blocks, 2 groups x 32',
                [IV] * 64, [pad(m)[0] for m in msgs], 32)
    tests.append(t)
    t, exp = case('64 two-block messages: second blocks chained, 1 group x 64',
                  firsts, [pad(m)[1] for m in msgs], 64,
                  comment='state in = output of the previous test; result = full SHA-256 digest')
    for m, e in zip(msgs, exp):
        assert e == digest_words(m)
    tests.append(t)
    write(out_path('tests/kernels/app_sha256.cl'), 'app_sha256', SRC, tests,
          config_extra=['kernel_name: sha256_compress', 'dimensions: 1'],
          generator='tests/kernels/gen/app_sha256.py')


main()
