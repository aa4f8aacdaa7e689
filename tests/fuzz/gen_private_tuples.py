#!/usr/bin/env python3
"""fz22a: random OpenCL C kernels with small private arrays carried by loops
and indexed by uniform and divergent variable indices (session 20's in-place
VGPR tuples, isel_vector_index.c: tuple phis at loop headers and joins,
writes in divergent arms, reads at divergent indices, swaps), for wavecc-run
--differential. The kernel signature is gen_loop_exits.py's, so
gen_loop_exits_hostref.py FILE is its host reference.
Usage: gen_private_tuples.py SEED > FILE.cl"""
import random, sys


class G:
    def __init__(s, seed):
        s.r = random.Random(seed); s.lines = []; s.ind = 1; s.depth = 0; s.stores = 0
        s.arrs = []
    def emit(s, t): s.lines.append("    " * s.ind + t)
    def idx(s, n, div):
        r = s.r
        k = r.random()
        if k < 0.15: return str(r.randrange(n))
        base = s.dexpr(2) if div else s.uexpr(2)
        return "((%s) %% %du)" % (base, n) if r.random() < 0.6 or n & (n - 1) else "((%s) & %du)" % (base, n - 1)
    def elem(s, div):
        name, n, ty = s.r.choice(s.arrs)
        return "(uint)%s[%s]" % (name, s.idx(n, div)), (name, n, ty)
    def uexpr(s, d=0):
        r = s.r
        leaves = ["u%d" % r.randrange(3), "a", "b", str(r.randrange(20))] + (["i%d" % r.randrange(s.depth)] if s.depth else [])
        if d > 2 or r.random() < 0.35: return r.choice(leaves)
        op = r.choice(["+", "-", "*", "^", "&", "|", ">>"])
        x, y = s.uexpr(d + 1), s.uexpr(d + 1)
        if op == ">>": return "(%s >> ((%s) & 7u))" % (x, y)
        return "(%s %s %s)" % (x, op, y)
    def dexpr(s, d=0):
        r = s.r
        leaves = ["d%d" % r.randrange(3), "x", "tid"]
        if d < 2 and s.arrs and r.random() < 0.3: return s.elem(r.random() < 0.5)[0]
        if r.random() < 0.3: return s.uexpr(d + 1)
        if d > 2 or r.random() < 0.25: return r.choice(leaves)
        op = r.choice(["+", "-", "*", "^", "&", "|", ">>"])
        x, y = s.dexpr(d + 1), s.dexpr(d + 1)
        if op == ">>": return "(%s >> ((%s) & 15u))" % (x, y)
        return "(%s %s %s)" % (x, op, y)
    def dcond(s): return "((%s) & %d) == %d" % (s.dexpr(), s.r.choice([1, 3]), s.r.randrange(2))
    def ucond(s): return "((%s) & %d) == %d" % (s.uexpr(), s.r.choice([1, 3]), s.r.randrange(2))
    def store(s, v):
        s.stores += 1
        s.emit("out[64 * %d + tid] = %s;" % (s.stores % 12 + 4, v))
    def write(s, div):
        r = s.r
        name, n, ty = r.choice(s.arrs)
        k = r.random()
        if k < 0.15:  # swap two elements
            i, j = s.idx(n, div or r.random() < 0.3), s.idx(n, div or r.random() < 0.3)
            s.emit("{ uint si = %s, sj = %s; %s t = %s[si]; %s[si] = %s[sj]; %s[sj] = t; }" % (i, j, ty, name, name, name, name))
        elif k < 0.25:  # rotate by one
            s.emit("{ %s t = %s[0]; for (uint q = 0; q + 1 < %du; q++) %s[q] = %s[q + 1]; %s[%d] = t; }" % (ty, name, n, name, name, name, n - 1))
        else:
            dv = div or r.random() < 0.3
            rhs = s.dexpr() if dv else s.uexpr()
            op = r.choice(["=", "+=", "^="])
            s.emit("%s[%s] %s (%s)(%s);" % (name, s.idx(n, dv or r.random() < 0.3), op, ty, rhs))
    def stmt(s, div):
        r = s.r; k = r.random()
        if k < 0.4 or s.ind > 5: s.write(div)
        elif k < 0.55:
            if div or r.random() < 0.5: s.emit("d%d = %s;" % (r.randrange(3), s.dexpr()))
            else: s.emit("u%d = %s;" % (r.randrange(3), s.uexpr()))
        elif k < 0.72:
            dc = r.random() < 0.6
            s.emit("if (%s) {" % (s.dcond() if dc else s.ucond())); s.ind += 1
            for _ in range(r.randrange(1, 3)): s.stmt(div or dc)
            s.ind -= 1
            if r.random() < 0.5:
                s.emit("} else {"); s.ind += 1
                for _ in range(r.randrange(1, 3)): s.stmt(div or dc)
                s.ind -= 1
            s.emit("}")
        elif k < 0.88 and s.depth < 3: s.loop(div)
        elif s.depth and k < 0.95:
            dc = div or r.random() < 0.4
            s.emit("if (%s) %s;" % (s.dcond() if dc else s.ucond(), r.choice(["break", "continue"])))
        else:
            s.store(s.elem(r.random() < 0.5)[0])
    def loop(s, div):
        r = s.r
        i = "i%d" % s.depth
        dt = r.random() < 0.2
        trip = "((%s) & 7u) + %du" % (s.dexpr() if dt else s.uexpr(), r.randrange(1, 4))
        s.emit("for (uint %s = 0; %s < %s; %s++) {" % (i, i, trip, i)); s.ind += 1; s.depth += 1
        for _ in range(r.randrange(2, 5)): s.stmt(div or dt)
        s.depth -= 1; s.ind -= 1
        s.emit("}")
    def gen(s):
        r = s.r
        s.emit("uint tid = get_global_id(0);")
        s.emit("uint x = in[tid & 63];")
        s.emit("uint u0 = a, u1 = b, u2 = tab[a & 15];")
        s.emit("uint d0 = x, d1 = tid, d2 = in[(tid * 5u) & 63];")
        for k in range(r.randrange(1, 4)):
            n = r.choice([2, 3, 4, 5, 6, 8, 8, 12, 16])
            ty = r.choice(["uint", "uint", "uint", "ulong", "ushort", "uchar"])
            name = "p%d" % k
            s.arrs.append((name, n, ty))
            if r.random() < 0.5:
                s.emit("%s %s[%d];" % (ty, name, n))
                s.emit("for (uint q = 0; q < %du; q++) %s[q] = (%s)(%s);" % (n, name, ty, r.choice(["x + q", "q * a", "in[(tid + q) & 63]", "tab[q & 15] ^ b"])))
            else:
                s.emit("%s %s[%d] = {%s};" % (ty, name, n, ", ".join(str(r.randrange(100)) for _ in range(n))))
        for _ in range(r.randrange(1, 3)):
            s.loop(False)
            s.emit("d%d += %s;" % (r.randrange(3), s.elem(True)[0]))
        s.emit("uint acc = d0 + d1 * 3u + d2 * 5u + u0 * 7u + u1 * 11u + u2 * 13u;")
        for name, n, ty in s.arrs:
            s.emit("for (uint q = 0; q < %du; q++) acc = acc * 31u + (uint)%s[(%du - 1u - q + tid) %% %du];" % (n, name, n, n))
        s.emit("out[tid] = acc;")
        return "kernel void k(global const uint *in, global uint *out, constant uint *tab, uint a, uint b) {\n" + "\n".join(s.lines) + "\n}\n"


def main():
    seed = int(sys.argv[1])
    src = G(seed).gen()
    r = random.Random(seed * 7 + 1)
    inv = " ".join(str(r.choice([0, 1, 2, 3, 5, 8, 13, r.randrange(2**32)])) for _ in range(64))
    tab = " ".join(str(r.randrange(64)) for _ in range(16))
    cfg = ["/*!", "[config]", "name: fz22a private tuples %d" % seed, "kernel_name: k", "dimensions: 1", "global_size: 64 0 0", "local_size: 64 0 0", ""]
    for t in range(3):
        a, b = r.randrange(2**32) if t == 2 else r.randrange(16), r.randrange(16)
        cfg += ["[test]", "name: s%d t%d" % (seed, t), "arg_in: 0 buffer uint[64] " + inv, "arg_in: 1 buffer uint[1024] repeat 0",
                "arg_in: 2 buffer uint[16] " + tab, "arg_in: 3 uint %d" % a, "arg_in: 4 uint %d" % b, ""]
    print("\n".join(cfg) + "!*/\n" + src)


main()
