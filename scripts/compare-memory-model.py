#!/usr/bin/env python3
"""Compare wavecc's memory-model code with llc-19's over generated kernels.

usage: scripts/compare-memory-model.py WAVECC MCPU [--waits] [--keep DIR]

Generates one kernel per (global/flat/LDS, syncscope incl. -one-as and
singlethread, load/store/atomicrmw with and without a used result/cmpxchg,
ordering), fences per scope and ordering, volatile accesses and private
atomics; compiles each with llc-19 and WAVECC at MCPU and compares the
sequence of memory instructions with their cache bits (glc/slc/dlc,
sc0/nt/sc1) and cache-maintenance instructions (--waits: s_waitcnt* too,
where scheduling differences show). Prints each difference and a count.
Known differences that are not the memory model: fences after a kernel-
argument load (llc: s_load, wavecc: global_load) and private atomics
(llc promotes the alloca)."""
import os, re, subprocess, sys, tempfile

def generate(out):
    scopes = {"system": "", "agent": ' syncscope("agent")', "workgroup": ' syncscope("workgroup")',
              "wavefront": ' syncscope("wavefront")', "oneas": ' syncscope("one-as")', "agentoneas": ' syncscope("agent-one-as")',
              "single": ' syncscope("singlethread")'}
    spaces = {"global": "addrspace(1)", "flat": "", "lds": "addrspace(3)"}
    def k(name, params, body):
        with open(os.path.join(out, name + ".ll"), "w") as f:
            f.write('target triple = "amdgcn-amd-amdhsa"\n')
            f.write(f"define amdgpu_kernel void @{name}({params}) {{\n{body}  ret void\n}}\n")
    for sn, s in scopes.items():
        for an, a in spaces.items():
            P = f"ptr {a} %p, ptr addrspace(1) %q, i32 %v"
            for o in ["monotonic", "acquire", "seq_cst"]:
                k(f"ld_{an}_{sn}_{o}", P, f"  %r = load atomic i32, ptr {a} %p{s} {o}, align 4\n  store i32 %r, ptr addrspace(1) %q\n")
            for o in ["monotonic", "release", "seq_cst"]:
                k(f"st_{an}_{sn}_{o}", P, f"  store atomic i32 %v, ptr {a} %p{s} {o}, align 4\n")
            for o in ["monotonic", "acquire", "release", "acq_rel", "seq_cst"]:
                k(f"rmw_{an}_{sn}_{o}", P, f"  %r = atomicrmw add ptr {a} %p, i32 %v{s} {o}, align 4\n  store i32 %r, ptr addrspace(1) %q\n")
                k(f"rmwn_{an}_{sn}_{o}", P, f"  %r = atomicrmw xchg ptr {a} %p, i32 %v{s} {o}, align 4\n")
                fo = "monotonic" if o in ("monotonic", "release") else "acquire"
                k(f"cas_{an}_{sn}_{o}", P, f"  %r = cmpxchg ptr {a} %p, i32 %v, i32 7{s} {o} {fo}, align 4\n  %e = extractvalue {{i32, i1}} %r, 0\n  store i32 %e, ptr addrspace(1) %q\n")
                if o in ("release", "seq_cst"):
                    k(f"casf_{an}_{sn}_{o}", P, f"  %r = cmpxchg ptr {a} %p, i32 %v, i32 7{s} {o} monotonic, align 4\n")
            k(f"vld_{an}_{sn}", P, f"  %r = load volatile i32, ptr {a} %p\n  store i32 %r, ptr addrspace(1) %q\n") if sn == "system" else None
            k(f"vst_{an}_{sn}", P, f"  store volatile i32 %v, ptr {a} %p\n") if sn == "system" else None
        for o in ["acquire", "release", "acq_rel", "seq_cst"]:
            k(f"fence_{sn}_{o}", "ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %v",
              f"  %a = load i32, ptr addrspace(1) %p\n  fence{s} {o}\n  store i32 %a, ptr addrspace(1) %q\n")
        # private atomics
        k(f"priv_{sn}", "ptr addrspace(1) %q, i32 %v, i32 %i",
          f"  %b = alloca [4 x i32], addrspace(5)\n  %p = getelementptr [4 x i32], ptr addrspace(5) %b, i32 0, i32 %i\n  store i32 %v, ptr addrspace(5) %p\n  %r = atomicrmw add ptr addrspace(5) %p, i32 %v{s} seq_cst\n  %l = load atomic i32, ptr addrspace(5) %p{s} acquire, align 4\n  %s = add i32 %r, %l\n  store i32 %s, ptr addrspace(1) %q\n")


MODS = {"glc", "slc", "dlc", "sc0", "sc1", "nt"}


def seq(asm, waits):
    out = []
    for line in asm.splitlines():
        line = line.split(";")[0].strip()
        if not line or line.startswith("."): continue
        m = line.split()[0]
        if m.startswith("s_waitcnt"):
            if waits: out.append(line)
        elif re.match(r"(global_|flat_|buffer_|scratch_|ds_)", m):
            mods = sorted(t.strip(",") for t in line.split()[1:] if t.strip(",") in MODS)
            out.append(" ".join([m] + mods))
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) < 2: sys.exit(__doc__)
    wavecc, cpu = args[0], args[1]
    waits = "--waits" in sys.argv
    d = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else tempfile.mkdtemp(prefix="wavecc-mm-")
    generate(d)
    same = diff = err = 0
    for f in sorted(os.listdir(d)):
        if not f.endswith(".ll"): continue
        p = os.path.join(d, f)
        a = subprocess.run(["llc-19", "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", p, "-o", "-"], capture_output=True, text=True, timeout=60)
        b = subprocess.run([wavecc, f"-mcpu={cpu}", p, "-S", "-o", "-"], capture_output=True, text=True, timeout=60)
        if a.returncode or b.returncode:
            err += 1; print(f"ERR {f}: {a.stderr[:200]} {b.stderr[:200]}"); continue
        x, y = seq(a.stdout, waits), seq(b.stdout, waits)
        if x == y: same += 1
        else:
            diff += 1; print(f"DIFF {f}\n  llc:    {x}\n  wavecc: {y}")
    print(f"{cpu}: same {same} differ {diff} errors {err}")


if __name__ == "__main__":
    main()
