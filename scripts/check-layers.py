#!/usr/bin/env python3
"""The folder layers and the call graph of wavecc, checked (issue 23).

Two checks, run by ctest (test `layers`, so by `make check` and .ci/run):

1. Folder layers. Every folder of src/ has a layer (LAYERS below, lowest
   first). A file may include, and its object file may call, only its own
   folder and folders of lower layers. Checked on the sources (#include
   "folder/...") and on the object files (a symbol a file leaves undefined
   that another folder's object defines), so a call upwards through a
   forward declaration is caught too.

2. Call cycles. From `nm` of every object file (defined vs undefined
   symbols) a file-level call graph; its strongly connected components
   over MAX_CYCLE files are errors unless ALLOWED lists exactly that
   component (today's known knots, to be untangled: the check fails when
   a new one appears or a listed one changes, so the list only shrinks).

Usage: scripts/check-layers.py BUILD_DIR   (a configured and built tree)
       scripts/check-layers.py --self-test
Exit status 0 when clean, 1 with one line per violation otherwise.
"""
import os
import re
import subprocess
import sys

# Lowest first. A folder may depend on folders of strictly lower layers
# (same-layer folders are independent of each other):
#   util      arena, bitsets, diagnostics, process spawning
#   api       include/wavecc: the public C API headers (declarations only)
#   target    the instruction table (isa.def/isa.h, isa_mode.def) and the
#             assembly-text parser: target facts the emulator shares
#   mir       machine IR: data structures, builder, text form, verifier,
#             and its analyses (liveness.c, loops.c)
#   emu       the emulator: util + target tables only
#   llvm      LLVM-IR import, IR passes and IR analyses (divergence.c)
#   emit      machine IR -> assembly text, encoder, code objects: reads
#             machine IR and the tables only, so the layers above may ask
#             it for encoding facts (LLVM's MC layer below CodeGen)
#   isel      instruction selection: LLVM IR -> machine IR
#   ra        register allocation: spilling, allocation, SSA elimination
#   passes    machine-IR passes around RA and the pass order (registry.c)
#   driver    the compile pipeline and the OpenCL front end
#   runner    the kernel test runner
#   icd       the OpenCL platform (libwavecc_icd.so): the public API
#             headers and the target list only; beside the runner, not
#             above it (neither calls the other: the runner reaches the ICD
#             through the system's OpenCL loader, like any host program)
# tools/ and tests/ sit on top and are not checked.
LAYERS = [
    ("util",),
    ("api",),
    ("target",),
    ("mir",),
    ("emu", "llvm", "emit"),
    ("isel",),
    ("ra",),
    ("passes",),
    ("driver",),
    ("runner", "icd"),
]
RANK = {f: i for i, group in enumerate(LAYERS) for f in group}
# The emulator is checked against its own short list as well: it must stay
# independent of the compiler.
EMU_DEPS = {"emu", "util", "api", "target"}

MAX_CYCLE = 3
# Known call-graph knots (strongly connected components over MAX_CYCLE
# files), to be untangled (issue 23). A ratchet: every component over
# MAX_CYCLE files must be one of these exactly, so a new knot, a file
# joining a listed one and a file leaving it (then shrink the list here)
# all fail. Paths relative to src/.
ALLOWED = {
    # None today: the isel knot (28 files on 2026-11-27) is gone (issue 23).
}

OPENCL_API = re.compile(r"^cl[A-Z]")
SRC_FOLDER = re.compile(r"^src/([a-z_]+)/")
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include\s+"([a-z_]+)/[^"]+"', re.M)


def folder_of(path):
    """Layer folder of a path relative to the repository, or None."""
    m = SRC_FOLDER.match(path)
    if m:
        return m.group(1)
    if path.startswith("include/wavecc/"):
        return "api"
    return None


def include_folder(name):
    return "api" if name == "wavecc" else name


def check_includes(root):
    errors = []
    for top in ("src", "include"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if not f.endswith((".c", ".h", ".cpp", ".def")):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, f), root)
                src = folder_of(rel)
                if src not in RANK:
                    errors.append(f"{rel}: folder has no layer (add it to LAYERS in {sys.argv[0]})")
                    continue
                with open(os.path.join(root, rel), encoding="utf-8") as fh:
                    text = fh.read()
                for m in INCLUDE.finditer(text):
                    dst = include_folder(m.group(1))
                    if dst not in RANK or dst == src:
                        continue
                    line = text.count("\n", 0, m.start()) + 1
                    if not allowed_dep(src, dst):
                        errors.append(f"{rel}:{line}: layer violation: {src} includes {m.group(0).strip()}")
    return errors


def allowed_dep(src, dst):
    if src == dst:
        return True
    if src == "emu" and dst not in EMU_DEPS:
        return False
    return RANK[dst] < RANK[src]


def objects(root, build):
    """{source path relative to src/: object path} from CMake's object dirs."""
    objs = {}
    # src/CMakeLists.txt's libraries, and those of folders with their own
    # CMakeLists.txt (src/icd): <build>/src/<folder>/CMakeFiles/<lib>.dir.
    bases = [(os.path.join(build, "src", "CMakeFiles"), "")]
    for sub in sorted(os.listdir(os.path.join(build, "src"))):
        if os.path.isdir(os.path.join(build, "src", sub, "CMakeFiles")):
            bases.append((os.path.join(build, "src", sub, "CMakeFiles"), sub))
    for base, prefix in bases:
        for lib in sorted(os.listdir(base)):
            d = os.path.join(base, lib)
            if not lib.endswith(".dir"):
                continue
            for dirpath, _, files in os.walk(d):
                for f in files:
                    if f.endswith(".o"):
                        o = os.path.join(dirpath, f)
                        src = os.path.join(prefix, os.path.relpath(o, d)[: -len(".o")])
                        # Objects of sources moved or deleted since stay in the
                        # build tree: only those of today's sources count.
                        if os.path.exists(os.path.join(root, "src", src)):
                            objs[src] = o
    return objs


def symbols(objs):
    """{source: (defined, undefined)} from one `nm -P -A` over all objects."""
    by_obj = {o: src for src, o in objs.items()}
    out = subprocess.run(["nm", "-P", "-A", *sorted(by_obj)], check=True, capture_output=True, text=True).stdout
    syms = {src: (set(), set()) for src in objs}
    for line in out.splitlines():
        path, _, rest = line.partition(": ")
        parts = rest.split()
        if path not in by_obj or len(parts) < 2:
            continue
        defined, undefined = syms[by_obj[path]]
        name, kind = parts[0], parts[1]
        if kind == "U":
            undefined.add(name)
        elif kind in "TDRBCGSVW":
            defined.add(name)
    return syms


def call_graph(root, build):
    objs = objects(root, build)
    if not objs:
        sys.exit(f"{sys.argv[0]}: no object files under {build}/src/CMakeFiles (build first)")
    syms = symbols(objs)
    owner = {}
    for src, (defined, _) in syms.items():
        for s in defined:
            # The ICD's exported OpenCL entry points (clGetPlatformInfo, ...)
            # share their names with the loader's, which the runner links:
            # the loader finds them with dlsym, nothing links against them.
            if folder_of("src/" + src) == "icd" and OPENCL_API.match(s):
                continue
            owner[s] = src
    graph = {src: set() for src in syms}
    for src, (_, undefined) in syms.items():
        for s in undefined:
            if s in owner and owner[s] != src:
                graph[src].add(owner[s])
    return graph


def sccs(graph):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                out.append(comp)
    return out


def check_calls(root, build):
    errors = []
    graph = call_graph(root, build)
    for src, dsts in sorted(graph.items()):
        sf = folder_of("src/" + src)
        for dst in sorted(dsts):
            df = folder_of("src/" + dst)
            if sf in RANK and df in RANK and not allowed_dep(sf, df):
                errors.append(f"src/{src}: layer violation: {sf} calls into src/{dst} ({df})")
    big = [comp for comp in sccs(graph) if len(comp) > MAX_CYCLE]
    for comp in big:
        if any(comp == allowed for allowed in ALLOWED.values()):
            continue
        errors.append(f"call cycle over {MAX_CYCLE} files ({len(comp)}): " + " ".join(sorted(comp)))
        for name, allowed in ALLOWED.items():
            if comp & allowed:
                errors.append(f"  (the known {name} now also holds: " + " ".join(sorted(comp - allowed)) +
                              "; no longer: " + " ".join(sorted(allowed - comp)) + ")")
    for name, allowed in ALLOWED.items():
        if not any(comp & allowed for comp in big):
            errors.append(f"the known {name} is gone: remove it from ALLOWED in scripts/check-layers.py")
    return errors


def self_test():
    """The checks on made-up inputs: each kind of problem is found."""
    g = {"a": {"b"}, "b": {"c"}, "c": {"d"}, "d": {"a"}, "e": {"a"}, "f": set()}
    comps = sorted(sorted(c) for c in sccs(g))
    assert comps == [["a", "b", "c", "d"], ["e"], ["f"]], comps
    assert allowed_dep("passes", "ra") and not allowed_dep("ra", "passes")
    assert not allowed_dep("mir", "passes") and not allowed_dep("target", "mir")
    assert not allowed_dep("emu", "mir") and allowed_dep("emu", "target")
    assert not allowed_dep("llvm", "emit") and not allowed_dep("emit", "llvm")
    m = INCLUDE.search('/* x */\n#include "passes/passes.h"\n')
    assert m and m.group(1) == "passes"
    print("check-layers: self-test passed")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    errors = check_includes(root) + check_calls(root, sys.argv[1])
    for e in errors:
        print(e)
    if errors:
        print(f"check-layers: {len(errors)} problem(s); layers and allowed knots: scripts/check-layers.py")
        return 1
    print("check-layers: folder layers and call cycles clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
