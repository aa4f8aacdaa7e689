#!/usr/bin/env python3
"""fz22a: LLVM IR kernels with a <N x i32> (N 4..16) loop-carried vector written and read
at uniform variable indices (VGPR tuples indexed in place, isel_vector_index.c: tuple
phis at a loop header, a divergent if's join and an inner loop, freeze of a tuple, reads
at divergent indices), for wavecc-run --differential. Usage: gen_tuple_ir.py SEED > F.ll"""
import random, sys
seed = int(sys.argv[1]); r = random.Random(seed)
N = r.choice([4, 5, 6, 8, 12, 16]); V = "<%d x i32>" % N
L = []; c = [0]
def t():
    c[0] += 1; return "%%t%d" % c[0]
def ops(vec, ints, n, uni_idx):
    for _ in range(n):
        k = r.random()
        idx = t(); L.append("  %s = urem i32 %s, %d" % (idx, r.choice(uni_idx), N)) if r.random() < 0.7 else L.append("  %s = and i32 %s, %d" % (idx, r.choice(uni_idx), (1 << (N.bit_length() - 1)) - 1))
        if k < 0.4:
            v = t(); L.append("  %s = insertelement %s %s, i32 %s, i32 %s" % (v, V, vec, r.choice(ints), idx)); vec = v
        elif k < 0.75:
            e = t(); L.append("  %s = extractelement %s %s, i32 %s" % (e, V, vec, idx))
            s = t(); L.append("  %s = %s i32 %s, %s" % (s, r.choice(["add", "xor", "mul", "sub"]), e, r.choice(ints))); ints = ints + [s]
        elif k < 0.85:
            v = t(); L.append("  %s = freeze %s %s" % (v, V, vec)); vec = v
        else:  # divergent index read
            di = t(); L.append("  %s = urem i32 %s, %d" % (di, r.choice(["%x", "%tid", ints[-1]]), N))
            e = t(); L.append("  %s = extractelement %s %s, i32 %s" % (e, V, vec, di))
            s = t(); L.append("  %s = add i32 %s, %s" % (s, e, r.choice(ints))); ints = ints + [s]
    return vec, ints
L.append("define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %a, i32 %b) {")
L.append("entry:")
L.append("  %tid = call i32 @llvm.amdgcn.workitem.id.x()")
L.append("  %xp = getelementptr i32, ptr addrspace(1) %in, i32 %tid")
L.append("  %x = load i32, ptr addrspace(1) %xp")
L.append("  %%vp = getelementptr %s, ptr addrspace(1) %%in, i32 %%tid" % V)
L.append("  %%v0 = load %s, ptr addrspace(1) %%vp, align 4" % V)
L.append("  %trip = and i32 %a, 7")
L.append("  %trip1 = add i32 %trip, 2")
L.append("  br label %loop")
L.append("loop:")
L.append("  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]")
L.append("  %%v = phi %s [ %%v0, %%entry ], [ %%vl, %%latch ]" % V)
L.append("  %acc = phi i32 [ 0, %entry ], [ %accl, %latch ]")
uni = ["%i", "%a", "%b"]
v1, i1 = ops("%v", ["%i", "%x", "%acc", "%tid"], r.randrange(1, 5), uni)
L.append("  %dc0 = and i32 %x, " + str(r.choice([1, 2, 3])))
L.append("  %dc = icmp eq i32 %dc0, 0")
L.append("  br i1 %dc, label %then, label %else")
L.append("then:")
v2, i2 = ops(v1, i1, r.randrange(1, 4), uni)
L.append("  br label %join")
L.append("else:")
v3, i3 = ops(v1, i1, r.randrange(0, 3), uni)
L.append("  br label %join")
L.append("join:")
L.append("  %%vj = phi %s [ %s, %%then ], [ %s, %%else ]" % (V, v2, v3))
L.append("  %%ij = phi i32 [ %s, %%then ], [ %s, %%else ]" % (i2[-1], i3[-1]))
L.append("  %uc0 = and i32 %i, 1")
L.append("  %uc = icmp eq i32 %uc0, %b")
L.append("  br i1 %uc, label %inner.pre, label %latch")
L.append("inner.pre:")
L.append("  br label %inner")
L.append("inner:")
L.append("  %j = phi i32 [ 0, %inner.pre ], [ %j1, %inner ]")
L.append("  %%w = phi %s [ %%vj, %%inner.pre ], [ %%wl, %%inner ]" % V)
L.append("  %jacc = phi i32 [ %ij, %inner.pre ], [ %jaccl, %inner ]")
uni2 = ["%i", "%j", "%a"]
w1, j1 = ops("%w", ["%jacc", "%j", "%x"], r.randrange(1, 4), uni2)
L.append("  %%wl = freeze %s %s" % (V, w1))
L.append("  %%jaccl = add i32 %s, 1" % j1[-1])
L.append("  %j1 = add i32 %j, 1")
L.append("  %jc = icmp ult i32 %j1, 3")
L.append("  br i1 %jc, label %inner, label %inner.exit")
L.append("inner.exit:")
L.append("  br label %latch")
L.append("latch:")
L.append("  %%vl = phi %s [ %%vj, %%join ], [ %%wl, %%inner.exit ]" % V)
L.append("  %accl = phi i32 [ %ij, %join ], [ %jaccl, %inner.exit ]")
L.append("  %i1 = add i32 %i, 1")
L.append("  %lc = icmp ult i32 %i1, %trip1")
L.append("  br i1 %lc, label %loop, label %exit")
L.append("exit:")
L.append("  %%op = getelementptr %s, ptr addrspace(1) %%out, i32 %%tid" % V)
L.append("  store %s %%vl, ptr addrspace(1) %%op, align 4" % V)
L.append("  %%o2i = add i32 %%tid, %d" % (64 * 16))
L.append("  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 %o2i")
L.append("  store i32 %accl, ptr addrspace(1) %o2")
L.append("  ret void")
L.append("}")
L.append("declare i32 @llvm.amdgcn.workitem.id.x()")
rr = random.Random(seed + 99)
inv = " ".join(str(rr.randrange(2**32)) for _ in range(64 * 16))
hdr = ["[config]", "name: fz22a tuple ir %d" % seed, "kernel_name: k", "dimensions: 1", "global_size: 64 0 0", "local_size: 64 0 0", ""]
for tt in range(3):
    hdr += ["[test]", "name: s%d t%d" % (seed, tt), "arg_in: 0 buffer uint[%d] repeat 0" % (64 * 16 + 64), "arg_in: 1 buffer uint[%d] %s" % (64 * 16, inv),
            "arg_in: 2 uint %d" % rr.randrange(16), "arg_in: 3 uint %d" % rr.randrange(2), ""]
print("\n".join("; " + h for h in hdr)); print('target triple = "amdgcn-amd-amdhsa"\n'); print("\n".join(L))
