#!/usr/bin/env python3
"""fz24: random OpenCL C kernels with small loops that load, of the shapes
unroll-load-loops (src/llvm/unroll_load_loops.cpp) unrolls by 2 with a
run-time remainder: trip counts read at run time (uniform, divergent, 0 to
3 and more), up and down counting 32- and 64-bit induction variables,
signed and unsigned, pointer walks, indirect (CSR-like) loads, and stores
into a per-lane region that later loads of the same loop read (loads that
alias stores). For wavecc-run --differential: llc-19's path does not
unroll these loops, so the two compilers run different loop code.
Usage: gen_load_loops.py SEED > k.cl"""
import random, sys

class G:
    def __init__(s, seed):
        s.r = random.Random(seed); s.lines = []; s.ind = 1; s.nl = 0
    def emit(s, t): s.lines.append("    " * s.ind + t)
    def trip(s):
        r = s.r
        return r.choice(["n", "n", "m0", "(n + (tid & 3u))", "(in[tid & 63] & 7u)", "(uint)(w & 15)",
                         "(n >> (tid & 1u))", "(n ^ 1u)", "((n * 3u) & 31u)"])
    def val(s, i):
        r = s.r
        c = r.choice([
            "in[(%s) & 255u]" % i,
            "in[(tid + %s) & 255u]" % i,
            "in[idx[(%s) & 127u] & 255u]" % i,
            "tab[(%s) & 63u]" % i,
            "(uint)lin[(%s) & 127u]" % i,
            "(uint)(lin[(%s + tid) & 127u] >> 7)" % i,
            "priv[(%s) & 15u]" % i,
            "lds[(%s + tid) & 127u]" % i,
            "acc%d" % r.randrange(3),
        ])
        return c
    def body(s, i, ic):
        r = s.r
        for _ in range(r.randrange(1, 4)):
            k = r.random()
            a = r.randrange(3)
            v = s.val(ic)
            if k < 0.35: s.emit("acc%d += %s;" % (a, v))
            elif k < 0.5: s.emit("acc%d = acc%d * 31u + (%s ^ (uint)%s);" % (a, a, v, i))
            elif k < 0.62: s.emit("acc%d = max(acc%d, %s);" % (a, a, v))
            elif k < 0.8:
                # a store into the lane's private region that later loads read
                s.emit("priv[(%s + %du) & 15u] = %s + acc%d;" % (ic, r.randrange(3), v, a))
            elif k < 0.9:
                s.emit("if ((%s & %du) == 0u) acc%d ^= %s;" % (v, r.choice([1, 3]), a, s.val(ic)))
            elif k < 0.94:
                s.emit("acc%d += (uint)(%s * 3);" % (a, i))
            elif k < 0.97:
                # a continue: the body is several blocks, the exit still the latch
                s.emit("if ((%s & 3u) == %du) continue;" % (v, r.randrange(4)))
            else:
                s.emit("acc%d += atomic_add(&priv[(%s + %du) & 15u], %s);" % (a, ic, r.randrange(3), v))
    def loop(s):
        r = s.r; s.nl += 1
        t = s.trip()
        kind = r.randrange(7)
        i = "i%d" % s.nl
        if kind == 0:
            s.emit("for (uint %s = 0; %s < %s; %s++) {" % (i, i, t, i)); ic = i
        elif kind == 1:
            s.emit("for (int %s = (int)%s - 1; %s >= 0; %s--) {" % (i, t, i, i)); ic = "(uint)" + i
        elif kind == 2:
            s.emit("for (ulong %s = 0; %s < (ulong)%s; %s++) {" % (i, i, t, i)); ic = "(uint)" + i
        elif kind == 3:
            s.emit("for (long %s = (long)%s; %s > 0; %s--) {" % (i, t, i, i)); ic = "(uint)" + i
        elif kind == 4:
            b = r.choice(["w", "(int)(tid & 7u)", "-3", "5"])
            s.emit("for (int %s = %s; %s < %s + (int)%s; %s++) {" % (i, b, i, b, t, i)); ic = "(uint)" + i
        elif kind == 5:
            # a pointer walk over a CSR-like row
            s.emit("for (global const uint *p%d = in + (tid & 15u), *e%d = p%d + %s; p%d != e%d; p%d++) {" % (s.nl, s.nl, s.nl, t, s.nl, s.nl, s.nl))
            i = "(p%d - in)" % s.nl; ic = "(uint)" + i
            s.ind += 1; s.emit("acc%d += *p%d;" % (r.randrange(3), s.nl)); s.body(i, ic); s.ind -= 1
            s.emit("}"); return
        else:
            s.emit("for (uint %s = %s; %s != 0u; %s--) {" % (i, t, i, i)); ic = i
        s.ind += 1; s.body(i, ic); s.ind -= 1
        s.emit("}")
    def gen(s):
        r = s.r
        s.emit("uint tid = get_global_id(0);")
        s.emit("global uint *priv = out + 64 + 16 * tid;")
        s.emit("uint acc0 = in[tid], acc1 = tid, acc2 = n;")
        s.emit("local uint lds[128];")
        s.emit("lds[tid] = in[tid + 64]; lds[tid + 64] = in[tid + 128];")
        s.emit("barrier(CLK_LOCAL_MEM_FENCE);")
        for _ in range(r.randrange(1, 4)):
            if r.random() < 0.3:
                s.emit("if ((in[tid & 63] & 1u) == 0u) {"); s.ind += 1; s.loop(); s.ind -= 1; s.emit("}")
            else:
                s.loop()
            if r.random() < 0.3:
                s.emit("for (uint o = 0; o < (n & 3u) + 1u; o++) {"); s.ind += 1; s.loop(); s.emit("acc0 += o;"); s.ind -= 1; s.emit("}")
        s.emit("out[tid] = acc0 + acc1 * 3u + acc2 * 7u;")
        return ("kernel void k(global const uint *in, global uint *out, global const uint *idx, constant uint *tab, "
                "global const ulong *lin, uint n, uint m0, int w) {\n" + "\n".join(s.lines) + "\n}\n")

def main():
    seed = int(sys.argv[1])
    src = G(seed).gen()
    r = random.Random(seed * 7 + 3)
    inv = " ".join(str(r.choice([0, 1, 2, 3, 5, 8, r.randrange(2**32)])) for _ in range(256))
    idx = " ".join(str(r.randrange(2**32)) for _ in range(128))
    tab = " ".join(str(r.randrange(2**32)) for _ in range(64))
    lin = " ".join(str(r.randrange(2**64)) for _ in range(128))
    cfg = ["/*!", "[config]", "name: fz24 load loops %d" % seed, "kernel_name: k", "dimensions: 1",
           "global_size: 64 0 0", "local_size: 64 0 0", ""]
    for t, n in enumerate([0, 1, 2, 3, 4, 5, 7, r.randrange(8, 40)]):
        cfg += ["[test]", "name: s%d n%d" % (seed, n), "arg_in: 0 buffer uint[256] " + inv,
                "arg_in: 1 buffer uint[1088] repeat 0", "arg_in: 2 buffer uint[128] " + idx,
                "arg_in: 3 buffer uint[64] " + tab, "arg_in: 4 buffer ulong[128] " + lin,
                "arg_in: 5 uint %d" % n, "arg_in: 6 uint %d" % r.choice([0, 1, 2, 3, 6, 11]),
                "arg_in: 7 int %d" % r.choice([-2, 0, 1, 3, 9]), ""]
    print("\n".join(cfg) + "!*/\n" + src)
main()
