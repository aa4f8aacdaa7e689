#!/usr/bin/python3
"""Inline assembly (src/isel/isel_asm.c): f_inline_asm.cl. VALU and SALU
instructions with "v", "s", "=v", "=s", "n" and "{v1}" constraints, a
scratch register named in the text and declared clobbered, two
instructions in one statement, 64-bit operands; text that is only comments
("; use %0" of a divergent value for "s", "; def %0"), clobbers alone, a
';' comment after an instruction, and an "=s" output the analysis takes
as uniform (issue 26). Under __AMDGCN__ only, as
piglit's calls tests use it; elsewhere (PoCL) the same computation in C,
which confirms the host reference."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff
M64 = (1 << 64) - 1

SRC = r'''
/* Inline assembly under __AMDGCN__ (as piglit's calls tests use it), with
 * the same computation in C elsewhere (PoCL runs that). */
static uint add_asm(uint a, uint b)
{
#ifdef __AMDGCN__
    uint r;
    __asm__("v_add_u32 %0, %1, %2" : "=v"(r) : "v"(a), "v"(b));
    return r;
#else
    return a + b;
#endif
}
static uint mad_scratch(uint a, uint b)
{
#ifdef __AMDGCN__
    uint r;
    /* v7 is the text's own scratch register, declared clobbered */
    __asm__("v_mov_b32 v7, 1000\n\tv_mad_u32_u24 %0, %1, v7, %2" : "=v"(r) : "v"(a), "v"(b) : "v7");
    return r;
#else
    return (a & 0xffffff) * 1000u + b;
#endif
}
static uint bfe_imm(uint a)
{
#ifdef __AMDGCN__
    uint r;
    __asm__("v_bfe_u32 %0, %1, %2, 5" : "=v"(r) : "v"(a), "n"(3));
    return r;
#else
    return (a >> 3) & 31u;
#endif
}
static uint fixed_reg(uint a)
{
#ifdef __AMDGCN__
    uint r;
    __asm__("v_xor_b32 %0, v1, %1" : "=v"(r) : "v"(a), "{v1}"(0x5a5a5a5au));
    return r;
#else
    return a ^ 0x5a5a5a5au;
#endif
}
static uint salu(uint u)
{
#ifdef __AMDGCN__
    uint r, t;
    __asm__("s_lshl_b32 %1, %2, 4\n\ts_add_u32 %0, %1, 77" : "=s"(r), "=s"(t) : "s"(u));
    return r;
#else
    return (u << 4) + 77u;
#endif
}
static ulong wide(ulong x, uint s)
{
#ifdef __AMDGCN__
    ulong r;
    __asm__("v_lshlrev_b64 %0, %1, %2" : "=v"(r) : "v"(s), "v"(x));
    return r;
#else
    return x << (s & 63);
#endif
}

static uint commented(uint x, uint u)
{
#ifdef __AMDGCN__
    uint r, s, d;
    __asm__ volatile("; use %0" :: "v"(x));
    __asm__ volatile("; use %0" :: "s"(x)); /* divergent, but only a comment: no register needed */
    __asm__ volatile("" ::: "v0", "s10", "memory");
    __asm__ volatile("; def %0" : "=v"(d)); /* an unpredictable value, unused */
    __asm__("s_mov_b32 %0, 41 ; a comment naming %0 after an instruction" : "=s"(s));
    __asm__("v_add_u32 %0, %1, %2 ; x + s + u\n\t; a line that is only a comment" : "=v"(r) : "v"(x), "v"(s + u));
    return r;
#else
    return x + 41u + u;
#endif
}

kernel void k_asm(global const uint *in, global uint *out, global ulong *ol, uint u)
{
    size_t i = get_global_id(0);
    uint x = in[i];
    out[6 * i] = add_asm(x, x >> 7);
    out[6 * i + 1] = mad_scratch(x, x >> 9);
    out[6 * i + 2] = bfe_imm(x);
    out[6 * i + 3] = fixed_reg(x);
    out[6 * i + 4] = salu(u) + x;
    out[6 * i + 5] = commented(x, u);
    ol[i] = wide((ulong)x * 0x10001ul, x & 31u);
}
'''


def ref(x, u):
    ints = [(x + (x >> 7)) & M32, ((x & 0xffffff) * 1000 + (x >> 9)) & M32, (x >> 3) & 31, x ^ 0x5a5a5a5a,
            (((u << 4) + 77) + x) & M32, (x + 41 + u) & M32]
    return ints, ((x * 0x10001) << (x & 31)) & M64


def main():
    rng = Rng(5151)
    tests = []
    for n, loc, u in ((64, 64, 5), (96, 32, 0xfffffff0)):
        X = [rng.u64() & M32 for _ in range(n)]
        o, ol = [], []
        for x in X:
            ints, w = ref(x, u)
            o += ints
            ol.append(w)
        te = Test('asm_%d_%d' % (n, loc), kernel_name='k_asm', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uint', n, X).out(1, 'uint', 6 * n, o).out(2, 'ulong', n, ol).val(3, 'uint', u)
        tests.append(te)
    write('f_inline_asm.cl', 'inline_asm', SRC, tests)


main()
