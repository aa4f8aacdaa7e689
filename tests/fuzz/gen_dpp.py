#!/usr/bin/env python3
"""fz24: random LLVM IR kernels of DPP intrinsics (llvm.amdgcn.update.dpp,
mov.dpp, mov.dpp8) with the expected values from a host model of the ISA
guides' DPP (Vega ISA guide "DPP"; RDNA 2/3 guides "DPP16", "DPP8"):
chains of DPP moves over loaded values, old operands that are other
values, constants or kernel arguments, i32/float/i64/double/<2 x i32>
values, divergent ifs around a DPP (lanes EXEC disables are invalid
sources), and a loop of DPP steps. The model is written from the guides,
independently of src/emu/exec_dpp.c, so it checks the emulator as well as
both compilers. Usage: gen_dpp.py SEED FAMILY WAVE > k.ll, FAMILY gfx9
(gfx900: wave shifts, row_bcast), cdna (gfx90a/gfx942: also
row_newbcast) or gfx10 (GFX10+: row_share, row_xmask, DPP8), WAVE 32/64."""
import random, sys

M32 = 0xffffffff

class K:
    def __init__(s, seed, fam, wave):
        s.r = random.Random(seed); s.fam = fam; s.W = wave; s.N = 64
        s.ir = []; s.nv = 0; s.vals = {}; s.outs = []
        s.inp = [s.r.randrange(2**32) if s.r.random() < 0.7 else s.r.randrange(100) for _ in range(2 * s.N)]
        s.a = s.r.randrange(2**32)
    def tmp(s): s.nv += 1; return "%%t%d" % s.nv
    def ctrl(s):
        r = s.r; f = s.fam
        c = [lambda: r.randrange(256), lambda: 0x100 + r.randrange(1, 16), lambda: 0x110 + r.randrange(1, 16),
             lambda: 0x120 + r.randrange(1, 16), lambda: 0x140, lambda: 0x141]
        if f in ("gfx9", "cdna"): c += [lambda: r.choice([0x130, 0x134, 0x138, 0x13c]), lambda: r.choice([0x142, 0x143])]
        if f == "cdna": c += [lambda: 0x150 + r.randrange(16)]
        if f == "gfx10": c += [lambda: 0x150 + r.randrange(16), lambda: 0x160 + r.randrange(16)]
        return r.choice(c)()
    def src_lane(s, c, l):
        W = s.W; row = l & ~15; i = l & 15; k = c & 15
        if c <= 0xff: return (l & ~3) + ((c >> (2 * (l & 3))) & 3)
        if 0x101 <= c <= 0x10f: return l + k if i + k < 16 else None
        if 0x111 <= c <= 0x11f: return l - k if i >= k else None
        if 0x121 <= c <= 0x12f: return row + ((i - k) & 15)
        if c == 0x130: return l + 1 if l + 1 < W else None
        if c == 0x134: return (l + 1) % W
        if c == 0x138: return l - 1 if l else None
        if c == 0x13c: return (l - 1) % W
        if c == 0x140: return row + 15 - i
        if c == 0x141: return (l & ~7) + 7 - (l & 7)
        if c == 0x142: return row - 1 if row else None
        if c == 0x143: return 31 if l >= 32 else None
        if 0x150 <= c <= 0x15f: return row + k
        if 0x160 <= c <= 0x16f: return row + (i ^ k)
        raise ValueError(c)
    # per-lane models: values are lists over the N work-items (dwords)
    def dpp16(s, old, src, c, rm, bm, bc, exe):
        out = list(old)
        for w0 in range(0, s.N, s.W):
            for l in range(s.W):
                g = w0 + l
                if not exe[g]: continue
                if not (rm >> (l // 16)) & 1 or not (bm >> ((l // 4) & 3)) & 1: continue
                sl = s.src_lane(c, l)
                if sl is not None and exe[w0 + sl]: out[g] = src[w0 + sl]
                elif bc: out[g] = 0
        return out
    def dpp8(s, src, sel, exe):
        out = [None] * s.N
        for w0 in range(0, s.N, s.W):
            for l in range(s.W):
                if not exe[w0 + l]: continue
                sl = (l & ~7) + ((sel >> (3 * (l & 7))) & 7)
                out[w0 + l] = src[w0 + sl] if exe[w0 + sl] else 0
        return out
    def emit(s, t): s.ir.append("  " + t)
    def store(s, name, vals):
        k = len(s.outs); s.outs.append(vals)
        p = s.tmp(); q = s.tmp()
        s.emit("%s = add i32 %%tid, %d" % (p, 64 * k))
        s.emit("%s = getelementptr i32, ptr addrspace(1) %%out, i32 %s" % (q, p))
        s.emit("store i32 %s, ptr addrspace(1) %s" % (name, q))
    def pick(s):
        return s.r.choice(list(s.vals.items()))
    def op(s, exe, allow_undef_old=True):
        """one DPP on a random value; returns (name, vals) of an i32 result
        defined in the lanes of exe"""
        r = s.r
        sname, sv = s.pick()
        ty = r.choice(["i32", "i32", "float", "i64", "double", "v2i32"])
        c = s.ctrl()
        rm = r.choice([15, 15, 15, r.randrange(16), 0xa, 0x5, r.randrange(64)])
        bm = r.choice([15, 15, 15, r.randrange(16), r.randrange(64)])
        bc = r.random() < 0.4
        kind = r.random()
        if kind < 0.12 and s.fam == "gfx10":
            sel = r.randrange(1 << 24)
            ty = "i32" # llvm.amdgcn.mov.dpp8 is i32 only
            return s.typed(ty, sname, sv, None, None, lambda o, x: s.dpp8(x, sel, exe),
                           lambda a, o: "@llvm.amdgcn.mov.dpp8.i32(i32 %s, i32 %d)" % (a, sel))
        if kind < 0.3:
            ty = r.choice(["i32", "i64"]) # llvm.amdgcn.mov.dpp takes integers only
            # mov.dpp: old undefined, so every lane that is not written is
            # undefined: only bound_ctrl with all rows and banks
            rm2, bm2 = 15, 15
            return s.typed(ty, sname, sv, None, None, lambda o, x: s.dpp16([None] * s.N, x, c, rm2, bm2, True, exe),
                           lambda a, o: "@llvm.amdgcn.mov.dpp.%s(%s %s, i32 %d, i32 %d, i32 %d, i1 true)" % (s.ity(ty), s.lty(ty), a, c, rm2, bm2))
        ok = r.random()
        if ok < 0.5: oname, ov = s.pick()
        elif ok < 0.7: k = r.randrange(2**32) if r.random() < 0.5 else r.randrange(65); oname, ov = str(k), [k] * s.N
        elif ok < 0.85: oname, ov = "%a", [s.a] * s.N
        else: oname, ov = sname, sv
        return s.typed(ty, sname, sv, oname, ov, lambda o, x: s.dpp16(o, x, c, rm, bm, bc, exe),
                       lambda a, o: "@llvm.amdgcn.update.dpp.%s(%s %s, %s %s, i32 %d, i32 %d, i32 %d, i1 %s)" % (
                           s.ity(ty), s.lty(ty), o, s.lty(ty), a, c, rm, bm, "true" if bc else "false"))
    def ity(s, ty): return {"i32": "i32", "float": "f32", "i64": "i64", "double": "f64", "v2i32": "v2i32"}[ty]
    def lty(s, ty): return {"i32": "i32", "float": "float", "i64": "i64", "double": "double", "v2i32": "<2 x i32>"}[ty]
    def typed(s, ty, sname, sv, oname, ov, model, call):
        """the DPP on type ty: i32 values sname (and oname) made into ty,
        the call, its result folded back to one i32"""
        r = s.r
        hi_s = s.pick(); hi_o = s.pick()
        def widen(name, vals, hi):
            if name is None: return None, None
            if ty == "i32": return name, [vals]
            if ty == "float":
                t = s.tmp(); s.emit("%s = bitcast i32 %s to float" % (t, name)); return t, [vals]
            a, b, c2 = s.tmp(), s.tmp(), s.tmp()
            s.emit("%s = zext i32 %s to i64" % (a, name)); s.emit("%s = zext i32 %s to i64" % (b, hi[0]))
            d = s.tmp(); s.emit("%s = shl i64 %s, 32" % (d, b)); s.emit("%s = or i64 %s, %s" % (c2, a, d))
            if ty == "i64": return c2, [vals, hi[1]]
            e = s.tmp()
            s.emit("%s = bitcast i64 %s to %s" % (e, c2, "double" if ty == "double" else "<2 x i32>"))
            return e, [vals, hi[1]]
        a, av = widen(sname, sv, hi_s)
        o, ovv = widen(oname, ov, hi_o) if oname is not None else (None, None)
        res = s.tmp()
        s.emit("%s = call %s %s" % (res, s.lty(ty), call(a, o)))
        outs = [model(ovv[d] if ovv else [None] * s.N, av[d]) for d in range(len(av))]
        # fold to i32: low dword xor high dword * 3
        if ty == "i32": return res, outs[0]
        if ty == "float":
            t = s.tmp(); s.emit("%s = bitcast float %s to i32" % (t, res)); return t, outs[0]
        i = res
        if ty != "i64":
            i = s.tmp(); s.emit("%s = bitcast %s %s to i64" % (i, s.lty(ty), res))
        lo, sh, hi, m, x = s.tmp(), s.tmp(), s.tmp(), s.tmp(), s.tmp()
        s.emit("%s = trunc i64 %s to i32" % (lo, i)); s.emit("%s = lshr i64 %s, 32" % (sh, i))
        s.emit("%s = trunc i64 %s to i32" % (hi, sh)); s.emit("%s = mul i32 %s, 3" % (m, hi))
        s.emit("%s = xor i32 %s, %s" % (x, lo, m))
        vals = [None if (p is None or q is None) else (p ^ (q * 3)) & M32 for p, q in zip(outs[0], outs[1])]
        return x, vals
    def gen(s):
        r = s.r; N = s.N
        full = [True] * N
        tidv = list(range(N))
        s.emit("%tid = call i32 @llvm.amdgcn.workitem.id.x()")
        s.emit("%p0 = getelementptr i32, ptr addrspace(1) %in, i32 %tid")
        s.emit("%v0 = load i32, ptr addrspace(1) %p0")
        s.emit("%tid64 = add i32 %tid, 64")
        s.emit("%p1 = getelementptr i32, ptr addrspace(1) %in, i32 %tid64")
        s.emit("%v1 = load i32, ptr addrspace(1) %p1")
        s.vals["%v0"] = s.inp[:N]; s.vals["%v1"] = s.inp[N:]; s.vals["%tid"] = tidv
        for _ in range(r.randrange(3, 9)):
            k = r.random()
            if k < 0.15:
                # plain arithmetic between DPPs (llc-19 may combine it)
                (an, av), (bn, bv) = s.pick(), s.pick()
                t = s.tmp(); o = r.choice(["add", "xor", "sub", "mul"])
                s.emit("%s = %s i32 %s, %s" % (t, o, an, bn))
                f = {"add": lambda x, y: x + y, "xor": lambda x, y: x ^ y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y}[o]
                s.vals[t] = [(f(x, y) & M32) if x is not None and y is not None else None for x, y in zip(av, bv)]
                continue
            if k < 0.3:
                # a DPP in a divergent if; the join's phi takes a value of
                # all lanes otherwise
                msk = r.choice([1, 2, 3, 5, 6, 12, 17, 48])
                want = r.randrange(2)
                exe = [((t & msk) != 0) == bool(want) for t in tidv]
                s.nif = getattr(s, "nif", 0) + 1
                c, t1 = s.tmp(), s.tmp()
                s.emit("%s = and i32 %%tid, %d" % (t1, msk))
                s.emit("%s = icmp %s i32 %s, 0" % (c, "ne" if want else "eq", t1))
                s.emit("br i1 %s, label %%then%d, label %%join%d" % (c, s.nif, s.nif))
                s.ir.append("then%d:" % s.nif)
                name, vals = s.op(exe)
                s.emit("br label %%join%d" % s.nif)
                s.ir.append("join%d:" % s.nif)
                en, ev = s.pick()
                ph = s.tmp()
                s.emit("%s = phi i32 [ %s, %%then%d ], [ %s, %%%s ]" % (ph, name, s.nif, en, s.cur))
                s.vals[ph] = [vals[i] if exe[i] else ev[i] for i in range(N)]
                s.cur = "join%d" % s.nif
                continue
            name, vals = s.op(full)
            s.vals[name] = vals
            if r.random() < 0.5: s.store(name, vals)
        # store a few at the end
        for nm, v in list(s.vals.items())[-3:]: s.store(nm, v)
        return s.ir
    def text(s):
        s.cur = "entry"
        body = s.gen()
        outs = []
        for o in s.outs: outs += o
        # undefined lanes (mov.dpp8 never; update.dpp with undef old) do not occur by construction
        assert all(x is not None for x in outs), "undefined value stored"
        hdr = ["; [config]", "; name: fz24 gen_dpp %s %d" % (s.fam, s.W), "; dimensions: 1", "; global_size: 64 0 0",
               "; local_size: 64 0 0", ";", "; [test]", "; name: dpp", "; kernel_name: k",
               "; arg_in: 0 buffer uint[128] " + " ".join(str(x) for x in s.inp),
               "; arg_out: 1 buffer uint[%d] " % len(outs) + " ".join(str(x) for x in outs),
               "; arg_in: 2 uint %d" % s.a]
        decl = set()
        for l in body:
            if "dpp" in l and "@llvm.amdgcn" in l:
                nm = l.split("@")[1].split("(")[0]
                decl.add(nm)
        ds = []
        for nm in sorted(decl):
            base, sfx = nm.rsplit(".", 1)
            ty = {"i32": "i32", "f32": "float", "i64": "i64", "f64": "double", "v2i32": "<2 x i32>"}[sfx]
            if base.endswith("update.dpp"): ds.append("declare %s @%s(%s, %s, i32, i32, i32, i1) #1" % (ty, nm, ty, ty))
            elif base.endswith("mov.dpp"): ds.append("declare %s @%s(%s, i32, i32, i32, i1) #1" % (ty, nm, ty))
            else: ds.append("declare %s @%s(%s, i32) #1" % (ty, nm, ty))
        return ("\n".join(hdr) + "\n\ntarget triple = \"amdgcn-amd-amdhsa\"\n\n" +
                "define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %a) {\nentry:\n" +
                "\n".join(body) + "\n  ret void\n}\n\ndeclare i32 @llvm.amdgcn.workitem.id.x()\n" + "\n".join(ds) +
                "\nattributes #1 = { convergent nounwind readnone }\n")

def main():
    seed, fam, wave = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    print(K(seed, fam, wave).text())
main()
