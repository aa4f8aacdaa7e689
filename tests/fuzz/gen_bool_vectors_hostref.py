#!/usr/bin/env python3
"""Host reference for gen_bool_vectors.py kernels: the IR compiled for the host (clang-19
-O0; workitem.id.x becomes an argument, addrspace(1) pointers plain ones), run for the 64
work-items one after another; prints each test's out[192] on one line.
Usage: gen_bool_vectors_hostref.py FILE.ll"""
import re, subprocess, sys, os, tempfile
tmp = tempfile.mkdtemp()
f = sys.argv[1]; s = open(f).read()
hdr = [l[2:] for l in s.splitlines() if l.startswith('; ')]
ir = "\n".join(l for l in s.splitlines() if not l.startswith(';'))
ir = ir.replace('target triple = "amdgcn-amd-amdhsa"', '')
ir = ir.replace('define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %a, i32 %b)', 'define void @k(ptr %out, ptr %in, i32 %a, i32 %b, i32 %tidarg)')
ir = ir.replace('%tid = call i32 @llvm.amdgcn.workitem.id.x()', '%tid = add i32 %tidarg, 0').replace('ptr addrspace(1)', 'ptr')
ir = ir.replace('declare i32 @llvm.amdgcn.workitem.id.x()', '')
open(os.path.join(tmp, 'h.ll'), 'w').write(ir)
tests = "\n".join(hdr).split('[test]')[1:]
for t in tests:
    inv = re.search(r'arg_in: 1 buffer uint\[64\] (.*)', t).group(1).split()
    a = re.search(r'arg_in: 2 uint (\d+)', t).group(1); b = re.search(r'arg_in: 3 uint (\d+)', t).group(1)
    c = '#include <stdio.h>\n#include <stdint.h>\nvoid k(uint32_t*, uint32_t*, uint32_t, uint32_t, uint32_t);\nint main(void){static uint32_t in[64]={%s}; static uint32_t out[192]; for(uint32_t t=0;t<64;t++) k(out,in,%su,%su,t); for(int i=0;i<192;i++) printf("%%u ", out[i]); printf("\\n"); return 0;}\n' % (",".join(x + "u" for x in inv), a, b)
    open(os.path.join(tmp, 'hm.c'), 'w').write(c)
    subprocess.check_call(['clang-19', '-O0', '-w', '-o', os.path.join(tmp, 'hbin'), os.path.join(tmp, 'hm.c'), os.path.join(tmp, 'h.ll')])
    print(subprocess.check_output([os.path.join(tmp, 'hbin')]).decode().strip())
