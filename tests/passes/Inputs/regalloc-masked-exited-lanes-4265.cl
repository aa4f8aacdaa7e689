/*!
[config]
name: fz19a genue 4265
kernel_name: k
dimensions: 1
global_size: 64 0 0
local_size: 64 0 0

[test]
name: s4265 t0
arg_in: 0 buffer uint[64] 3 13 5 2 13 5 5 0 3 290352267 5 5 8 13 3 8 1030487240 3 3 3 13 0 1 13 2 5 3751445096 3155108248 8 3 13 0 1 2995355039 5 3 8 13 0 1 2 1 1543883666 1 2 2 1200087594 1 2 3 13 1649456251 1 0 3 2017827087 8 3 5 1 8 5 1 5
arg_in: 1 buffer uint[1024] repeat 0
arg_in: 2 buffer uint[16] 3 51 19 30 62 12 32 18 6 5 53 35 46 35 57 63
arg_in: 3 uint 3
arg_in: 4 uint 6

[test]
name: s4265 t1
arg_in: 0 buffer uint[64] 3 13 5 2 13 5 5 0 3 290352267 5 5 8 13 3 8 1030487240 3 3 3 13 0 1 13 2 5 3751445096 3155108248 8 3 13 0 1 2995355039 5 3 8 13 0 1 2 1 1543883666 1 2 2 1200087594 1 2 3 13 1649456251 1 0 3 2017827087 8 3 5 1 8 5 1 5
arg_in: 1 buffer uint[1024] repeat 0
arg_in: 2 buffer uint[16] 3 51 19 30 62 12 32 18 6 5 53 35 46 35 57 63
arg_in: 3 uint 11
arg_in: 4 uint 15

[test]
name: s4265 t2
arg_in: 0 buffer uint[64] 3 13 5 2 13 5 5 0 3 290352267 5 5 8 13 3 8 1030487240 3 3 3 13 0 1 13 2 5 3751445096 3155108248 8 3 13 0 1 2995355039 5 3 8 13 0 1 2 1 1543883666 1 2 2 1200087594 1 2 3 13 1649456251 1 0 3 2017827087 8 3 5 1 8 5 1 5
arg_in: 1 buffer uint[1024] repeat 0
arg_in: 2 buffer uint[16] 3 51 19 30 62 12 32 18 6 5 53 35 46 35 57 63
arg_in: 3 uint 671809845
arg_in: 4 uint 4
!*/
kernel void k(global const uint *in, global uint *out, constant uint *tab, uint a, uint b) {
    uint tid = get_global_id(0);
    uint x = in[tid & 63];
    uint u0 = a, u1 = b, u2 = tab[a & 15], u3 = 7u;
    uint d0 = x, d1 = tid, d2 = in[(tid * 5u) & 63], d3 = x ^ a;
    for (uint i0 = 0; i0 < (d0 & 3u) + 1u; i0++) {
        if ((((b | 1)) & 3) == 1) {
            d1 = ((u0 * i0) | (tab[u1 & 15] ^ (tid / ((x & 0xff) | 1u))));
        }
        for (uint i1 = 0; i1 < (u3 & 3u) + 2u; i1++) {
            d2 = (((d1 | in[(d0 + u0) & 63]) & tab[u0 & 15]) + ((in[(d3 + u2) & 63] * tab[u1 & 15]) * in[(d3 + u0) & 63]));
            if ((((((tab[u0 & 15] * in[(d2 + u1) & 63]) + (d2 & d1)) | (tid / ((x & 0xff) | 1u)))) & 7) == 1) continue;
            if ((((((tid * x) + (d2 & a)) & in[(d3 + u1) & 63])) & 1) == 1) { d0 += (a / ((a & 0xff) | 1u)); goto L0; }
        }
        if ((((b ^ ((tab[u2 & 15] / ((u0 & 0xff) | 1u)) / ((tab[u0 & 15] & 0xff) | 1u)))) & 1) == 0) {
            if (((((b & tab[u0 & 15]) / ((u2 & 0xff) | 1u))) & 3) == 1) {
                d1 = 1;
                d2 = d2;
            } else {
                if ((((uint)((ulong)(x) * (ulong)(mul_hi((uint)(u0), (uint)(i0))) + (ulong)(((a / ((tid & 0xff) | 1u)) ^ (i0 / ((tid & 0xff) | 1u)))))) & 3) == 0) { d3 += (((2 | b) * i0) - u3); goto L0; }
                d2 = (uint)(((ulong)((tid / (((d1 / ((x & 0xff) | 1u)) & 0xff) | 1u))) * (ulong)((tab[u1 & 15] | (in[(d2 + u0) & 63] ^ x)))) >> 31);
            }
        }
        d2 = (uint)(((ulong)((tab[u0 & 15] % ((i0 & 0xff) | 1u))) * (ulong)((uint)(((ulong)(a) * (ulong)(tab[u0 & 15])) >> 29))) >> 29);
    }
    L0: ;
    d0 += (uint)((ulong)(((d0 & b) - (tid & in[(d2 + u2) & 63]))) * (ulong)(((x / ((x & 0xff) | 1u)) | (uint)(((ulong)(in[(d1 + u0) & 63]) * (ulong)(b)) >> 31))) + (ulong)(((in[(d1 + u0) & 63] / ((in[(d0 + u1) & 63] & 0xff) | 1u)) | (x / ((in[(d0 + u0) & 63] & 0xff) | 1u)))));
    out[64 * 9 + tid] = d0 + u0;
    for (uint i0 = 0; i0 < ((tab[u1 & 15] - tab[u2 & 15]) & 3u) + 1u; i0++) {
        if ((((((a ^ x) & (d2 ^ in[(d3 + u2) & 63])) ^ tid)) & 1) == 0) break;
        d1 = tid;
        if ((((u1 - ((u0 / ((a & 0xff) | 1u)) & mul_hi((uint)(8), (uint)(u0))))) & 3) == 1) break;
        u0 = ((5 / ((i0 & 0xff) | 1u)) ^ (uint)(((ulong)((u1 ^ tab[u2 & 15])) * (ulong)((b / ((12 & 0xff) | 1u)))) >> 29));
    }
    L1: ;
    d0 += d1;
    out[64 * 10 + tid] = d0 + u0;
    for (uint i0 = 0; i0 < (d3 & 3u) + 1u; i0++) {
        d1 = ((tid | (tid / ((i0 & 0xff) | 1u))) | (a + u0));
        for (uint i1 = 0; i1 < (b & 3u) + 2u; i1++) {
            d0 = ((uint)((ulong)((uint)((ulong)(i1) * (ulong)(x) + (ulong)(tid))) * (ulong)((tid - tid)) + (ulong)((10 | d1))) / (((in[(d2 + u1) & 63] / (((tid * d0) & 0xff) | 1u)) & 0xff) | 1u));
            if ((((in[(d1 + u2) & 63] * in[(d3 + u1) & 63])) & 7) == 1) break;
            if ((((uint)((ulong)((uint)(((ulong)((x * d1)) * (ulong)((uint)(((ulong)(in[(d0 + u2) & 63]) * (ulong)(d3)) >> 31))) >> 31)) * (ulong)((uint)((ulong)(9) * (ulong)(b) + (ulong)(9))) + (ulong)(in[(d2 + u3) & 63]))) & 1) == 1) {
                out[tid] = d0 + d1 * 3u + u0 * 5u + u1 * 7u + d2 + u2 + d3 * 11u + u3 * 13u + 659;
                return;
            }
        }
        d1 = in[(d0 + u2) & 63];
    }
    L2: ;
    d3 += ((d0 | b) & ((b & in[(d1 + u1) & 63]) | in[(d0 + u0) & 63]));
    out[64 * 11 + tid] = d0 + u0;
    out[tid] = d0 + d1 * 3u + u0 * 5u + u1 * 7u + d2 + u2 + d3 * 11u + u3 * 13u;
}

