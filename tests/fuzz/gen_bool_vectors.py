#!/usr/bin/env python3
"""fz22a: random LLVM IR kernels with <N x i1> vectors (lower_bool_vectors.c:
inserts and extracts at variable indices, vectors rebuilt from packed bits,
bitcasts to and from integers, logic and selects of whole vectors, shuffles)
carried by a loop with a divergent if inside, for wavecc-run --differential.
Indices are taken modulo N (no poison). Usage: gen_bool_vectors.py SEED > F.ll"""
import random, sys


def main():
    seed = int(sys.argv[1])
    r = random.Random(seed)
    N = r.choice([2, 4, 8, 8, 16, 16, 32, 64])
    W = max(N, 8)
    V = "<%d x i1>" % N
    IT = "i%d" % N
    L = []
    cnt = [0]

    def t():
        cnt[0] += 1
        return "%%t%d" % cnt[0]

    def scal(vals):  # a random i32 from vals
        return r.choice(vals)

    def body(vecs, ints, nops):
        """emit nops random operations; returns (vecs, ints)"""
        vecs, ints = list(vecs), list(ints)
        for _ in range(nops):
            k = r.random()
            if k < 0.25:  # insert at a variable index
                i = t(); L.append("  %s = urem i32 %s, %d" % (i, scal(ints), N))
                c = t(); L.append("  %s = icmp %s i32 %s, %s" % (c, r.choice(["ult", "eq", "sgt", "ne"]), scal(ints), scal(ints)))
                v = t(); L.append("  %s = insertelement %s %s, i1 %s, i32 %s" % (v, V, r.choice(vecs), c, i)); vecs.append(v)
            elif k < 0.45:  # extract at a variable index
                i = t(); L.append("  %s = urem i32 %s, %d" % (i, scal(ints), N))
                e = t(); L.append("  %s = extractelement %s %s, i32 %s" % (e, V, r.choice(vecs), i))
                z = t(); L.append("  %s = zext i1 %s to i32" % (z, e))
                s = t(); L.append("  %s = %s i32 %s, %s" % (s, r.choice(["add", "xor", "mul"]), scal(ints), z)); ints.append(s)
            elif k < 0.55:  # extract at a constant index
                e = t(); L.append("  %s = extractelement %s %s, i32 %d" % (e, V, r.choice(vecs), r.randrange(N)))
                s = t(); L.append("  %s = select i1 %s, i32 %s, i32 %s" % (s, e, scal(ints), scal(ints))); ints.append(s)
            elif k < 0.65:  # bitcast to an integer and back
                b = t(); L.append("  %s = bitcast %s %s to %s" % (b, V, r.choice(vecs), IT))
                z = t()
                if N < 32: L.append("  %s = zext %s %s to i32" % (z, IT, b))
                elif N == 32: L.append("  %s = add i32 %s, 0" % (z, b))
                else: L.append("  %s = trunc %s %s to i32" % (z, IT, b))
                s = t(); L.append("  %s = add i32 %s, %s" % (s, scal(ints), z)); ints.append(s)
                if r.random() < 0.5:
                    m = t(); L.append("  %s = %s %s %s, %s" % (m, r.choice(["xor", "add", "mul"]), IT, b, r.randrange(1, 200)))
                    v = t(); L.append("  %s = bitcast %s %s to %s" % (v, IT, m, V)); vecs.append(v)
            elif k < 0.75:  # logic of whole vectors
                v = t(); L.append("  %s = %s %s %s, %s" % (v, r.choice(["and", "or", "xor"]), V, r.choice(vecs), r.choice(vecs))); vecs.append(v)
            elif k < 0.82:  # select of whole vectors on a scalar
                c = t(); L.append("  %s = icmp ult i32 %s, %s" % (c, scal(ints), scal(ints)))
                v = t(); L.append("  %s = select i1 %s, %s %s, %s %s" % (v, c, V, r.choice(vecs), V, r.choice(vecs))); vecs.append(v)
            elif k < 0.9:  # shuffle
                mask = ", ".join("i32 %d" % r.randrange(2 * N) for _ in range(N))
                v = t(); L.append("  %s = shufflevector %s %s, %s %s, <%d x i32> <%s>" % (v, V, r.choice(vecs), V, r.choice(vecs), N, mask)); vecs.append(v)
            else:  # compare of a splat against lanes
                sp = t(); L.append("  %s = insertelement <%d x i32> poison, i32 %s, i32 0" % (sp, N, scal(ints)))
                s2 = t(); L.append("  %s = shufflevector <%d x i32> %s, <%d x i32> poison, <%d x i32> zeroinitializer" % (s2, N, sp, N, N))
                c = ", ".join("i32 %d" % r.randrange(64) for _ in range(N))
                v = t(); L.append("  %s = icmp ult <%d x i32> %s, <%s>" % (v, N, s2, c)); vecs.append(v)
        return vecs, ints

    L.append("define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %a, i32 %b) {")
    L.append("entry:")
    L.append("  %tid = call i32 @llvm.amdgcn.workitem.id.x()")
    L.append("  %ti = and i32 %tid, 63")
    L.append("  %xp = getelementptr i32, ptr addrspace(1) %in, i32 %ti")
    L.append("  %x = load i32, ptr addrspace(1) %xp")
    L.append("  %x64 = zext i32 %x to i64")
    L.append("  %xs = mul i64 %x64, 2654435761")
    L.append("  %xw = trunc i64 %xs to " + IT if N < 64 else "  %xw = add i64 %xs, 12345")
    L.append("  %%v0 = bitcast %s %%xw to %s" % (IT, V))
    L.append("  %trip0 = and i32 %a, 7")
    L.append("  %trip = add i32 %trip0, 2")
    L.append("  br label %loop")
    L.append("loop:")
    L.append("  %i = phi i32 [ 0, %entry ], [ %in1, %latch ]")
    L.append("  %%v = phi %s [ %%v0, %%entry ], [ %%vl, %%latch ]" % V)
    L.append("  %acc = phi i32 [ 0, %entry ], [ %accl, %latch ]")
    ints = ["%i", "%acc", "%x", "%tid", "%a", "%b", "7"]
    vecs, ints2 = body(["%v"], ints, r.randrange(2, 6))
    L.append("  %dc = and i32 %x, 1")
    L.append("  %dcc = icmp eq i32 %dc, 0" if r.random() < 0.7 else "  %dcc = icmp ult i32 %i, %b")
    L.append("  br i1 %dcc, label %then, label %join")
    vb, ib = vecs[-1], ints2[-1]
    L.append("then:")
    vecs3, ints3 = body(vecs, ints2, r.randrange(1, 5))
    vt, it_ = vecs3[-1], ints3[-1]
    L.append("  br label %join")
    L.append("join:")
    L.append("  %%vj = phi %s [ %s, %%loop ], [ %s, %%then ]" % (V, vb, vt))
    L.append("  %%ij = phi i32 [ %s, %%loop ], [ %s, %%then ]" % (ib, it_))
    L.append("  br label %latch")
    L.append("latch:")
    vecs4, ints4 = body(["%vj"], ["%ij", "%i", "%x", "%tid", "%a"], r.randrange(1, 4))
    L.append("  %vl = xor " + V + " " + vecs4[-1] + ", " + r.choice(["zeroinitializer", "%vj"]) if r.random() < 0.3 else "  %vl = or " + V + " " + vecs4[-1] + ", zeroinitializer")
    L.append("  %accl = add i32 " + ints4[-1] + ", %acc")
    L.append("  %in1 = add i32 %i, 1")
    L.append("  %lc = icmp ult i32 %in1, %trip")
    L.append("  br i1 %lc, label %loop, label %exit")
    L.append("exit:")
    L.append("  %%fb = bitcast %s %%vl to %s" % (V, IT))
    if N < 32: L.append("  %fz = zext " + IT + " %fb to i32")
    elif N == 32: L.append("  %fz = add i32 %fb, 0")
    else: L.append("  %fz = trunc i64 %fb to i32")
    if N == 64:
        L.append("  %fh = lshr i64 %fb, 32"); L.append("  %fh32 = trunc i64 %fh to i32")
    else:
        L.append("  %fh32 = add i32 %fz, 1")
    L.append("  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %tid")
    L.append("  store i32 %fz, ptr addrspace(1) %o0")
    L.append("  %t64 = add i32 %tid, 64")
    L.append("  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 %t64")
    L.append("  store i32 %accl, ptr addrspace(1) %o1")
    L.append("  %t128 = add i32 %tid, 128")
    L.append("  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 %t128")
    L.append("  store i32 %fh32, ptr addrspace(1) %o2")
    L.append("  ret void")
    L.append("}")
    L.append("declare i32 @llvm.amdgcn.workitem.id.x()")
    rr = random.Random(seed * 3 + 1)
    inv = " ".join(str(rr.randrange(2**32)) for _ in range(64))
    hdr = ["[config]", "name: fz22a bool vectors %d" % seed, "kernel_name: k", "dimensions: 1", "global_size: 64 0 0", "local_size: 64 0 0", ""]
    for tt in range(2):
        hdr += ["[test]", "name: s%d t%d" % (seed, tt), "arg_in: 0 buffer uint[192] repeat 0", "arg_in: 1 buffer uint[64] " + inv,
                "arg_in: 2 uint %d" % rr.randrange(16), "arg_in: 3 uint %d" % rr.randrange(40), ""]
    print("\n".join("; " + h for h in hdr))
    print('target triple = "amdgcn-amd-amdhsa"\n')
    print("\n".join(L))


main()
