#!/usr/bin/env python3
"""fz19a: random OpenCL C kernels with loops whose exits (break, goto out of
several loops, return) are uniform or divergent, divergent ifs and loops
inside, uniform VALU values (64-bit mads, small divisions), for wavecc-run
--differential."""
import random, sys

class G:
    def __init__(s, seed):
        s.r = random.Random(seed); s.seed = seed; s.lines = []; s.ind = 1
        s.lbl = 0; s.loopdepth = 0; s.labels = []; s.nloops = 0; s.stores = 0
    def emit(s, t): s.lines.append("    " * s.ind + t)
    def uexpr(s, d=0):
        r = s.r
        leaves = ["u%d" % r.randrange(4), "a", "b", str(r.randrange(20)), "tab[u%d & 15]" % r.randrange(4)] + (["i%d" % r.randrange(s.loopdepth)] if s.loopdepth else [])
        if d > 2 or r.random() < 0.3: return r.choice(leaves)
        op = r.choice(["+", "-", "*", "^", "&", "|", "/", "%", "mad", "shr", "mul_hi"])
        x, y = s.uexpr(d + 1), s.uexpr(d + 1)
        if op in "/%": return "(%s %s ((%s & 0xff) | 1u))" % (x, op, y)
        if op == "mad": return "(uint)((ulong)(%s) * (ulong)(%s) + (ulong)(%s))" % (x, y, s.uexpr(d + 1))
        if op == "shr": return "(uint)(((ulong)(%s) * (ulong)(%s)) >> 29)" % (x, y)
        if op == "mul_hi": return "mul_hi((uint)(%s), (uint)(%s))" % (x, y)
        return "(%s %s %s)" % (x, op, y)
    def dexpr(s, d=0):
        r = s.r
        leaves = ["d%d" % r.randrange(4), "x", "tid", "in[(d%d + u%d) & 63]" % (r.randrange(4), r.randrange(4))]
        if r.random() < 0.4: return s.uexpr(d + 1) if r.random() < 0.5 else r.choice(leaves)
        if d > 2: return r.choice(leaves)
        op = r.choice(["+", "-", "*", "^", "&", "|", "/", "mad", "shr"])
        x, y = s.dexpr(d + 1), s.dexpr(d + 1)
        if op == "/": return "(%s / ((%s & 0xff) | 1u))" % (x, y)
        if op == "mad": return "(uint)((ulong)(%s) * (ulong)(%s) + (ulong)(%s))" % (x, y, s.dexpr(d + 1))
        if op == "shr": return "(uint)(((ulong)(%s) * (ulong)(%s)) >> 31)" % (x, y)
        return "(%s %s %s)" % (x, op, y)
    def ucond(s): return "((%s) & %d) == %d" % (s.uexpr(), s.r.choice([1, 3, 7]), s.r.randrange(2))
    def dcond(s): return "((%s) & %d) == %d" % (s.dexpr(), s.r.choice([1, 3, 7]), s.r.randrange(2))
    def store(s, v):
        s.stores += 1
        s.emit("out[64 * %d + tid] = %s;" % (s.stores % 8 + 8, v))
    def block(s, n, div):
        for _ in range(n): s.stmt(div)
    def stmt(s, div):
        r = s.r; k = r.random()
        if k < 0.35 or s.ind > 5:
            if div or r.random() < PDIV: s.emit("d%d = %s;" % (r.randrange(4), s.dexpr()))
            else: s.emit("u%d = %s;" % (r.randrange(4), s.uexpr()))
        elif k < 0.5:
            dc = r.random() < PDIV
            s.emit("if (%s) {" % (s.dcond() if dc else s.ucond())); s.ind += 1
            s.block(r.randrange(1, 3), div or dc); s.ind -= 1
            if r.random() < 0.5:
                s.emit("} else {"); s.ind += 1; s.block(r.randrange(1, 3), div or dc); s.ind -= 1
            s.emit("}")
        elif k < 0.75:
            s.loop(div, divergent_trip=r.random() < PDIV / 2)
        elif s.loopdepth and k < 0.95:
            # an exit: uniform (the point of the exercise) or divergent
            dc = (div and r.random() < 0.5) or r.random() < PDIV / 3
            c = s.dcond() if dc else s.ucond()
            e = r.random()
            if e < 0.35: s.emit("if (%s) break;" % c)
            elif e < 0.5: s.emit("if (%s) continue;" % c)
            elif e < 0.8 and s.labels:
                s.emit("if (%s) { d%d += %s; goto %s; }" % (c, r.randrange(4), s.uexpr(), r.choice(s.labels)))
            else:
                s.emit("if (%s) {" % c); s.ind += 1
                s.emit("out[tid] = d0 + d1 * 3u + u0 * 5u + u1 * 7u + d2 + u2 + d3 * 11u + u3 * 13u + %d;" % r.randrange(1000))
                s.emit("return;"); s.ind -= 1; s.emit("}")
        else:
            s.emit("d%d ^= %s;" % (r.randrange(4), s.dexpr()))
    def loop(s, div, divergent_trip):
        r = s.r; i = "i%d" % s.loopdepth
        s.nloops += 1
        if s.nloops > 7: return
        trip = "(d%d & 3u) + 1u" % r.randrange(4) if divergent_trip else "(%s & 3u) + %du" % (s.uexpr(), r.randrange(1, 3))
        lab = None
        if r.random() < 0.5:
            s.lbl += 1; lab = "L%d" % s.lbl
        s.emit("for (uint %s = 0; %s < %s; %s++) {" % (i, i, trip, i)); s.ind += 1
        s.loopdepth += 1
        outer = list(s.labels)
        s.block(r.randrange(2, 5), div or divergent_trip)
        s.loopdepth -= 1
        s.ind -= 1; s.emit("}")
        if lab:
            # make the label reachable from inner loops: generated after, so
            # only nested loops emitted later could use it; instead put the
            # label pool in place while generating the body next time
            pass
    def gen(s):
        r = s.r
        # labels: every loop at top level may carry a label after it that inner gotos use
        out = []
        s.emit("uint tid = get_global_id(0);")
        s.emit("uint x = in[tid & 63];")
        s.emit("uint u0 = a, u1 = b, u2 = tab[a & 15], u3 = 7u;")
        s.emit("uint d0 = x, d1 = tid, d2 = in[(tid * 5u) & 63], d3 = x ^ a;")
        for t in range(r.randrange(2, 4)):
            lab = "L%d" % t
            s.labels = [lab]
            s.loop(False, divergent_trip=r.random() < 0.2)
            s.labels = []
            s.emit("%s: ;" % lab)
            s.emit("d%d += %s;" % (r.randrange(4), s.dexpr()))
            s.store("d0 + u0")
        s.emit("out[tid] = d0 + d1 * 3u + u0 * 5u + u1 * 7u + d2 + u2 + d3 * 11u + u3 * 13u;")
        return "kernel void k(global const uint *in, global uint *out, constant uint *tab, uint a, uint b) {\n" + "\n".join(s.lines) + "\n}\n"

PDIV = 0.6
def main():
    global PDIV
    seed = int(sys.argv[1])
    if len(sys.argv) > 2: PDIV = float(sys.argv[2])
    g = G(seed)
    src = g.gen()
    r = random.Random(seed * 7 + 1)
    inv = " ".join(str(r.choice([0, 1, 2, 3, 5, 8, 13, r.randrange(2**32)])) for _ in range(64))
    tab = " ".join(str(r.randrange(64)) for _ in range(16))
    cfg = ["/*!", "[config]", "name: fz19a genue %d" % seed, "kernel_name: k", "dimensions: 1", "global_size: 64 0 0", "local_size: 64 0 0", ""]
    for t in range(3):
        a, b = r.randrange(2**32) if t == 2 else r.randrange(16), r.randrange(16)
        cfg += ["[test]", "name: s%d t%d" % (seed, t), "arg_in: 0 buffer uint[64] " + inv, "arg_in: 1 buffer uint[1024] repeat 0",
                "arg_in: 2 buffer uint[16] " + tab, "arg_in: 3 uint %d" % a, "arg_in: 4 uint %d" % b, ""]
    print("\n".join(cfg) + "!*/\n" + src)
main()
