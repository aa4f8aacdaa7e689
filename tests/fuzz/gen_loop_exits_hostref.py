#!/usr/bin/env python3
"""Host reference for gen_loop_exits.py kernels: compiles the kernel as C (clang-19), runs
the 64 work-items one after another (the kernels have no barriers) and prints each
test's out[] (1024 uints). Usage: gen_loop_exits_hostref.py FILE.cl"""
import os, re, subprocess, sys, tempfile
tmp = tempfile.mkdtemp()
f = open(sys.argv[1]).read()
hdr, src = f.split("!*/", 1)
tests = hdr.split("[test]")[1:]
pre = r'''
#include <stdio.h>
#include <stdint.h>
typedef uint32_t uint; typedef uint64_t ulong;
static uint g_tid;
static uint get_global_id(int d) { return g_tid; }
static uint mul_hi(uint a, uint b) { return (uint)(((ulong)a * b) >> 32); }
#define kernel
#define global
#define constant
'''
out = []
for t in tests:
    vals = {}
    for line in t.splitlines():
        m = re.match(r"arg_in: (\d) (.*)", line.strip())
        if m: vals[int(m.group(1))] = m.group(2)
    inb = vals[0].split()[2:]; tab = vals[2].split()[2:]; a = vals[3].split()[1]; b = vals[4].split()[1]
    main = "int main(void){ static uint in[64]={%s}; static uint tab[16]={%s}; static uint out[1024];\n for (g_tid=0; g_tid<64; g_tid++) k(in,out,tab,%su,%su);\n for(int i=0;i<1024;i++) printf(\"%%u\\n\", out[i]); return 0;}\n" % (",".join(x+"u" for x in inb), ",".join(x+"u" for x in tab), a, b)
    open(os.path.join(tmp, "h.c"), "w").write(pre + src + main)
    subprocess.check_call(["clang-19", "-O1", "-w", "-o", os.path.join(tmp, "h"), os.path.join(tmp, "h.c")])
    out.append(subprocess.check_output([os.path.join(tmp, "h")]).decode().split())
for i, o in enumerate(out): print("test", i, " ".join(o))
