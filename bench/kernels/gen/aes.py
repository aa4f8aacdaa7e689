#!/usr/bin/python3
"""Generates bench/kernels/aes.cl: AES encryption (ECB and CTR) with
T-tables copied from __constant to __local memory."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'tests', 'kernels', 'gen'))
import struct
import numpy as np
from app_common import Rng, buf, buf_repeat, scalar, test, write, out_path


# ---- byte-oriented AES (FIPS-197), independent of the T-table form -------

def xtime(b):
    b <<= 1
    return (b ^ 0x11B) & 0xFF if b & 0x100 else b


def gmul(a, b):
    p = 0
    while b:
        if b & 1:
            p ^= a
        a = xtime(a)
        b >>= 1
    return p


def make_sbox():
    inv = [0] * 256
    for a in range(1, 256):
        for b in range(1, 256):
            if gmul(a, b) == 1:
                inv[a] = b
                break
    sbox = []
    for a in range(256):
        x = inv[a]
        s = x
        for i in range(1, 5):
            s ^= ((x << i) | (x >> (8 - i))) & 0xFF
        sbox.append(s ^ 0x63)
    return sbox


SBOX = make_sbox()
assert SBOX[0x00] == 0x63 and SBOX[0x53] == 0xED


def expand_key(key):
    nk = len(key) // 4
    nr = nk + 6
    w = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        t = list(w[i - 1])
        if i % nk == 0:
            t = [SBOX[b] for b in t[1:] + t[:1]]
            t[0] ^= rcon
            rcon = xtime(rcon)
        elif nk > 6 and i % nk == 4:
            t = [SBOX[b] for b in t]
        w.append([a ^ b for a, b in zip(w[i - nk], t)])
    return [int.from_bytes(bytes(x), 'big') for x in w], nr


def encrypt_block(block, rk, nr):
    s = [list(block[4 * c:4 * c + 4]) for c in range(4)]        # s[col][row]

    def add(r):
        for c in range(4):
            k = rk[4 * r + c].to_bytes(4, 'big')
            for i in range(4):
                s[c][i] ^= k[i]
    add(0)
    for r in range(1, nr + 1):
        for c in range(4):
            for i in range(4):
                s[c][i] = SBOX[s[c][i]]
        t = [[s[(c + i) % 4][i] for i in range(4)] for c in range(4)]   # ShiftRows
        if r != nr:
            for c in range(4):
                a = t[c]
                t[c] = [gmul(a[0], 2) ^ gmul(a[1], 3) ^ a[2] ^ a[3],
                        a[0] ^ gmul(a[1], 2) ^ gmul(a[2], 3) ^ a[3],
                        a[0] ^ a[1] ^ gmul(a[2], 2) ^ gmul(a[3], 3),
                        gmul(a[0], 3) ^ a[1] ^ a[2] ^ gmul(a[3], 2)]
        s[:] = t
        add(r)
    return bytes(b for col in s for b in col)


def check_fips():
    pt = bytes.fromhex('00112233445566778899aabbccddeeff')
    rk, nr = expand_key(bytes(range(16)))
    assert encrypt_block(pt, rk, nr).hex() == '69c4e0d86a7b0430d8cdb78070b4c55a'
    rk, nr = expand_key(bytes(range(32)))
    assert encrypt_block(pt, rk, nr).hex() == '8ea2b7ca516745bfeafc49904b496089'


check_fips()

TE0 = [(gmul(s, 2) << 24) | (s << 16) | (s << 8) | gmul(s, 3) for s in SBOX]
TAB = ',\n    '.join(', '.join(f'0x{v:08x}u' for v in TE0[i:i + 6]) for i in range(0, 256, 6))

SRC = r'''
/* AES encryption with T-tables (the formulation of Daemen & Rijmen, 5.2.1):
 * Te0[x] packs the MixColumns column (2s, s, s, 3s) of s = S-box[x]; Te1..Te3
 * are its byte rotations. Each workgroup first copies the four 1 KB tables
 * and the round keys from __constant/__global memory into LDS, then every
 * work-item encrypts one 16-byte block held as four big-endian words.
 * The last round takes the S-box bytes back out of the tables with masks.
 * nr = 10, 12 or 14 (AES-128/192/256); rk holds 4*(nr+1) words. */
constant uint Te0c[256] = {
    ''' + TAB + r'''
};

#define ROR8(x) rotate((x), 24u)

inline uint4 aes_encrypt(uint4 s, local const uint *T0, local const uint *T1,
                         local const uint *T2, local const uint *T3,
                         local const uint *rk, int nr)
{
    uint s0 = s.x ^ rk[0], s1 = s.y ^ rk[1], s2 = s.z ^ rk[2], s3 = s.w ^ rk[3];
    for (int r = 1; r < nr; ++r) {
        uint t0 = T0[s0 >> 24] ^ T1[(s1 >> 16) & 0xff] ^ T2[(s2 >> 8) & 0xff] ^ T3[s3 & 0xff] ^ rk[4 * r + 0];
        uint t1 = T0[s1 >> 24] ^ T1[(s2 >> 16) & 0xff] ^ T2[(s3 >> 8) & 0xff] ^ T3[s0 & 0xff] ^ rk[4 * r + 1];
        uint t2 = T0[s2 >> 24] ^ T1[(s3 >> 16) & 0xff] ^ T2[(s0 >> 8) & 0xff] ^ T3[s1 & 0xff] ^ rk[4 * r + 2];
        uint t3 = T0[s3 >> 24] ^ T1[(s0 >> 16) & 0xff] ^ T2[(s1 >> 8) & 0xff] ^ T3[s2 & 0xff] ^ rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    local const uint *k = rk + 4 * nr;
    uint4 o;
    o.x = (T2[s0 >> 24] & 0xff000000u) ^ (T3[(s1 >> 16) & 0xff] & 0x00ff0000u) ^
          (T0[(s2 >> 8) & 0xff] & 0x0000ff00u) ^ (T1[s3 & 0xff] & 0x000000ffu) ^ k[0];
    o.y = (T2[s1 >> 24] & 0xff000000u) ^ (T3[(s2 >> 16) & 0xff] & 0x00ff0000u) ^
          (T0[(s3 >> 8) & 0xff] & 0x0000ff00u) ^ (T1[s0 & 0xff] & 0x000000ffu) ^ k[1];
    o.z = (T2[s2 >> 24] & 0xff000000u) ^ (T3[(s3 >> 16) & 0xff] & 0x00ff0000u) ^
          (T0[(s0 >> 8) & 0xff] & 0x0000ff00u) ^ (T1[s1 & 0xff] & 0x000000ffu) ^ k[2];
    o.w = (T2[s3 >> 24] & 0xff000000u) ^ (T3[(s0 >> 16) & 0xff] & 0x00ff0000u) ^
          (T0[(s1 >> 8) & 0xff] & 0x0000ff00u) ^ (T1[s2 & 0xff] & 0x000000ffu) ^ k[3];
    return o;
}

inline void load_tables(local uint *T0, local uint *T1, local uint *T2,
                        local uint *T3, local uint *lrk,
                        global const uint *rk, int nr)
{
    for (uint i = get_local_id(0); i < 256; i += get_local_size(0)) {
        uint v = Te0c[i];
        T0[i] = v;
        T1[i] = ROR8(v);
        T2[i] = ROR8(ROR8(v));
        T3[i] = ROR8(ROR8(ROR8(v)));
    }
    for (uint i = get_local_id(0); i < 4 * (nr + 1); i += get_local_size(0))
        lrk[i] = rk[i];
    barrier(CLK_LOCAL_MEM_FENCE);
}

kernel void aes_ecb(global const uint4 *in, global uint4 *out,
                    global const uint *rk, int nr, uint nblocks)
{
    local uint T0[256], T1[256], T2[256], T3[256], lrk[60];
    load_tables(T0, T1, T2, T3, lrk, rk, nr);
    uint i = get_global_id(0);
    if (i < nblocks)
        out[i] = aes_encrypt(in[i], T0, T1, T2, T3, lrk, nr);
}

/* CTR mode: counter block = (nonce.x, nonce.y, nonce.z, nonce.w + i). */
kernel void aes_ctr(global const uint4 *in, global uint4 *out,
                    global const uint *rk, int nr, uint nblocks, uint4 nonce)
{
    local uint T0[256], T1[256], T2[256], T3[256], lrk[60];
    load_tables(T0, T1, T2, T3, lrk, rk, nr);
    uint i = get_global_id(0);
    if (i < nblocks) {
        uint4 ctr = nonce;
        ctr.w += i;
        out[i] = in[i] ^ aes_encrypt(ctr, T0, T1, T2, T3, lrk, nr);
    }
}
'''


def words(b):
    return list(struct.unpack(f'>{len(b) // 4}I', b))


def main():
    tests = []
    cases = [('aes_ecb', 1501, 16, 1024, 64, None),
             ('aes_ecb', 1502, 32, 512, 128, None),
             ('aes_ecb', 1503, 24, 300, 64, None),
             ('aes_ctr', 1504, 16, 640, 64, (0x01020304, 0x05060708, 0x090a0b0c, 0xfffffff0))]
    for kern, seed, klen, n, L, nonce in cases:
        r = Rng(seed)
        key = bytes(int(v) for v in r.ints(klen, 0, 255))
        rk, nr = expand_key(key)
        if seed == 1501:
            key = bytes(range(16))       # block 0 is the FIPS-197 C.1 vector
            rk, nr = expand_key(key)
        pt = bytes(int(v) for v in r.ints(16 * n, 0, 255))
        if seed == 1501:
            pt = bytes.fromhex('00112233445566778899aabbccddeeff') + pt[16:]
        ct = b''
        for i in range(n):
            blk = pt[16 * i:16 * i + 16]
            if kern == 'aes_ecb':
                ct += encrypt_block(blk, rk, nr)
            else:
                w = list(nonce)
                w[3] = (w[3] + i) & 0xFFFFFFFF
                ks = encrypt_block(struct.pack('>4I', *w), rk, nr)
                ct += bytes(a ^ b for a, b in zip(blk, ks))
        if seed == 1501:
            assert ct[:16].hex() == '69c4e0d86a7b0430d8cdb78070b4c55a'
        G = (n + L - 1) // L
        lines = [buf('arg_in', 0, 'uint4', np.array(words(pt))),
                 buf_repeat('arg_in', 1, 'uint4', n, 0, 0, 0, 0),
                 buf('arg_out', 1, 'uint4', np.array(words(ct))),
                 buf('arg_in', 2, 'uint', np.array(rk)), scalar(3, 'int', nr),
                 scalar(4, 'uint', n)]
        if nonce:
            lines.append(scalar(5, 'uint4', *nonce))
        what = {16: 'AES-128', 24: 'AES-192', 32: 'AES-256'}[klen]
        tests.append(test(f'{kern} {what}, {n} blocks, {G} groups of {L}', lines, kernel=kern,
                          global_size=(G * L,), local_size=(L,),
                          comment='block 0: FIPS-197 appendix C.1' if seed == 1501 else
                          ('counter wraps the low word past 0xffffffff' if nonce else None)))
    write(out_path('bench/kernels/aes.cl'), 'bench_aes', SRC, tests,
          config_extra=['dimensions: 1'], generator='bench/kernels/gen/aes.py')


main()
