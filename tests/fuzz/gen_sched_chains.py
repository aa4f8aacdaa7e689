#!/usr/bin/env python3
"""fz22a: OpenCL kernels with several independent dependency chains that sched-ilp
(src/passes/sched_ilp.c) interleaves: float/double divisions (v_div_scale/v_div_fmas on
VCC), 64-bit adds and multiplies (carries), uniform 64-bit math (SCC), mul_hi, sqrt,
remainders, a divergent if, in a loop. For wavecc-run --differential (no host reference:
judge a difference with a one-store copy run with --compiler=pocl).
Usage: gen_sched_chains.py SEED > FILE.cl"""
import random, sys
seed = int(sys.argv[1]); r = random.Random(seed)
L = []
def emit(x): L.append("    " + x)
nch = r.randrange(3, 9)
types = [r.choice(["uint", "ulong", "float", "double", "int", "long"]) for _ in range(nch)]
def op(t, v, k):
    u = "ua" if t in ("uint", "int") else "ul" if t in ("ulong", "long") else "uf" if t == "float" else "ud"
    ops = {"uint": ["%s * 2654435761u + %s", "mul_hi(%s, %s | 1u)", "(%s ^ (%s >> 3))", "rotate(%s, (%s & 31u))", "(%s / ((%s & 255u) | 1u))", "(%s > 7u ? %s : 7u)"],
           "int": ["%s * -7 + %s", "mad24(%s, (int)(%s), 3)", "(%s / ((%s & 127) | 1))", "(%s < 0 ? -%s : 5)", "(int)abs_diff(%s, (int)(%s))"],
           "ulong": ["%s * 0x9E3779B97F4A7C15ul + %s", "(%s + (%s << 33))", "mul_hi(%s, %s | 1ul)", "(%s / ((%s & 1023ul) | 1ul))", "(%s ^ (%s >> 17))"],
           "long": ["%s * -3l + %s", "(%s - (%s >> 7))", "(%s %% ((%s & 63l) | 1l))"],
           "float": ["%s / (%s + 3.5f)", "sqrt(fabs(%s) + fabs(%s))", "fma(%s, 0.5f, %s)", "(%s * 1.25f - %s)", "native_recip(fabs(%s) + 1.0f) + %s", "exp2(fmin(%s, 8.0f)) - %s"],
           "double": ["%s / (%s + 2.25)", "sqrt(fabs(%s) + fabs(%s))", "fma(%s, 0.75, %s)", "(%s * 1.5 - %s)", "rsqrt(fabs(%s) + 1.0) + %s"]}[t]
    f = r.choice(ops)
    r.choice((0, 1, 2))  # a draw kept so seeds 1-160 give the kernels fz22a ran
    n = f.count("%s")
    args = [v] + [r.choice([u, "(%s)%s" % (t, r.choice(["x", "tid", "ua", "(ua + i)"])), v]) for _ in range(n - 1)]
    return "(%s)(%s)" % (t, f % tuple(args))
emit("uint tid = get_global_id(0);")
emit("uint x = in[tid & 63];")
emit("uint ua = a; ulong ul = ((ulong)a << 32) | b; float uf = (float)a * 0.125f; double ud = (double)b * 0.375;")
for c in range(nch):
    emit("%s c%d = (%s)(x + %du);" % (types[c], c, types[c], c * 7 + 1))
emit("for (uint i = 0; i < (a & 3u) + 1u; i++) {")
for step in range(r.randrange(2, 6)):
    order = list(range(nch)); r.shuffle(order)
    for c in order:
        emit("    c%d = %s;" % (c, op(types[c], "c%d" % c, step)))
    if r.random() < 0.3:
        emit("    ua = ua * 1103515245u + 12345u; ul += (ulong)ua * 3ul;")
    if r.random() < 0.3:
        c = r.randrange(nch)
        emit("    if ((x & %du) != 0u) c%d = %s;" % (1 << r.randrange(4), c, op(types[c], "c%d" % c, 0)))
emit("}")
for c in range(nch):
    t = types[c]
    if t in ("float", "double"):
        emit("out[%d * 64 + tid] = (uint)(isnan(c%d) ? 7 : isinf(c%d) ? 9 : 0) ^ as_uint((float)c%d);" % (c, c, c, c))
    elif t in ("ulong", "long"):
        emit("out[%d * 64 + tid] = (uint)c%d ^ (uint)((ulong)c%d >> 32);" % (c, c, c))
    else:
        emit("out[%d * 64 + tid] = (uint)c%d;" % (c, c))
src = "kernel void k(global const uint *in, global uint *out, uint a, uint b) {\n" + "\n".join(L) + "\n}\n"
rr = random.Random(seed * 5 + 3)
inv = " ".join(str(rr.choice([0, 1, 3, 100, rr.randrange(2**32), rr.randrange(1000)])) for _ in range(64))
cfg = ["/*!", "[config]", "name: fz22a chains %d" % seed, "kernel_name: k", "dimensions: 1", "global_size: 64 0 0", "local_size: 64 0 0", "build_options: -cl-std=CL1.2", ""]
for tt in range(2):
    cfg += ["[test]", "name: s%d t%d" % (seed, tt), "arg_in: 0 buffer uint[64] " + inv, "arg_in: 1 buffer uint[512] repeat 0",
            "arg_in: 2 uint %d" % rr.randrange(16), "arg_in: 3 uint %d" % rr.randrange(2**32), ""]
print("\n".join(cfg) + "!*/\n" + src)
