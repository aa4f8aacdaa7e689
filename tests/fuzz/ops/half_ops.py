#!/usr/bin/env python3
"""Writes an LLVM IR kernel test (stdout) for `wavecc-run --differential`:
half, <2 x half>, <3 x half>, <4 x half> fadd/fsub/fmul/fneg/fma/fabs/minnum/
maxnum/copysign, constants, fcmp + select, fpext/fptrunc, fptosi.sat and
sitofp, on finite inputs (argv[1]: the seed; argv[2] = u: uniform indices).
No fmuladd (fused or not is the compiler's choice) and no plain fptosi
(poison out of range). Session 18, fz18a."""
import sys, random, struct

from kernel_header import header
random.seed(int(sys.argv[1]) if len(sys.argv)>1 else 1)
uniform = len(sys.argv)>2 and sys.argv[2]=='u'
def rh():
    while True:
        b = random.getrandbits(16)
        e = (b >> 10) & 31
        if e != 31 and (e > 2 or random.random() < 0.2): return b
vals = [rh() for _ in range(512)]
body=[]; n=0
def st(v, t):
    global n
    # store as i16 or <N x i16>
    body.append(f'  %q{n} = getelementptr i8, ptr addrspace(1) %ob, i32 {n*8}')
    body.append(f'  store {t} {v}, ptr addrspace(1) %q{n}, align 2')
    n+=1
for T, N in (('half',1), ('<2 x half>',2), ('<3 x half>',3), ('<4 x half>',4)):
    tag = 's' if N==1 else f'v{N}'
    for nm, off in (('a',0),('b',1),('c',2)):
        body.append(f'  %{tag}p{nm} = getelementptr half, ptr addrspace(1) %in, i32 %i{nm}')
        body.append(f'  %{tag}{nm} = load {T}, ptr addrspace(1) %{tag}p{nm}, align 2')
    a,b,c=f'%{tag}a',f'%{tag}b',f'%{tag}c'
    ops = [('fadd',f'fadd {T} {a}, {b}'),('fsub',f'fsub {T} {a}, {c}'),('fmul',f'fmul {T} {a}, {b}'),
           ('fneg',f'fneg {T} {a}'),
           ('fma',f'call {T} @llvm.fma.{"f16" if N==1 else f"v{N}f16"}({T} {a}, {T} {b}, {T} {c})'),
           ('fabs',f'call {T} @llvm.fabs.{"f16" if N==1 else f"v{N}f16"}({T} {a})'),
           ('mn',f'call {T} @llvm.minnum.{"f16" if N==1 else f"v{N}f16"}({T} {a}, {T} {b})'),
           ('mx',f'call {T} @llvm.maxnum.{"f16" if N==1 else f"v{N}f16"}({T} {a}, {T} {c})'),
           ('cs',f'call {T} @llvm.copysign.{"f16" if N==1 else f"v{N}f16"}({T} {a}, {T} {b})'),
           ('k1',f'fmul {T} {a}, {"0xH3C00" if N==1 else "<"+", ".join(["half 0xH4200"]*N)+">"}'),
           ('k2',f'fadd {T} {b}, {"0xH5140" if N==1 else "<"+", ".join(["half 0xH5140"]*N)+">"}'),
           ]
    for nm, e in ops:
        body.append(f'  %{tag}{nm} = {e}')
        st(f'%{tag}{nm}', T)
    # compares
    IT = 'i16' if N==1 else f'<{N} x i16>'
    I1 = 'i1' if N==1 else f'<{N} x i1>'
    for cc in ('olt','uge','oeq','une'):
        body.append(f'  %{tag}c{cc} = fcmp {cc} {T} {a}, {b}')
        body.append(f'  %{tag}s{cc} = select {I1} %{tag}c{cc}, {T} {c}, {T} {a}')
        st(f'%{tag}s{cc}', T)
    # conversions
    F32 = 'float' if N==1 else f'<{N} x float>'
    I32 = 'i32' if N==1 else f'<{N} x i32>'
    body.append(f'  %{tag}ext = fpext {T} {a} to {F32}')
    body.append(f'  %{tag}ext2 = fmul {F32} %{tag}ext, %{tag}ext')
    body.append(f'  %{tag}tr = fptrunc {F32} %{tag}ext2 to {T}')
    st(f'%{tag}tr', T)
    body.append(f'  %{tag}fi = call {IT} @llvm.fptosi.sat.{"i16.f16" if N==1 else f"v{N}i16.v{N}f16"}({T} {a})')
    st(f'%{tag}fi', IT)
    body.append(f'  %{tag}ib = bitcast {T} {b} to {IT}')
    body.append(f'  %{tag}ia = and {IT} %{tag}ib, {"255" if N==1 else "<"+", ".join(["i16 255"]*N)+">"}')
    body.append(f'  %{tag}if = sitofp {IT} %{tag}ia to {T}')
    st(f'%{tag}if', T)
decl = set()
import re
for l in body:
    for m in re.finditer(r'call (\S+|<\d+ x half>) @(llvm\.[a-z]+\.(?:f16|v\df16))\(([^)]*)\)', l):
        pass
decls = [f'declare {IT} @llvm.fptosi.sat.{S}({T})' for T,IT,S in (('half','i16','i16.f16'),('<2 x half>','<2 x i16>','v2i16.v2f16'),('<3 x half>','<3 x i16>','v3i16.v3f16'),('<4 x half>','<4 x i16>','v4i16.v4f16'))]
for fn, ar in (('fma',3),('fmuladd',3),('fabs',1),('minnum',2),('maxnum',2),('copysign',2)):
    for T,N in (('half',1),('<2 x half>',2),('<3 x half>',3),('<4 x half>',4)):
        s = "f16" if N==1 else f"v{N}f16"
        decls.append(f'declare {T} @llvm.{fn}.{s}(' + ', '.join([T]*ar) + ')')
idx = '''  %ia = add i32 %tid, 0
  %ib = add i32 %tid, 128
  %ic = add i32 %tid, 256
''' if not uniform else '''  %ia = add i32 %u, 0
  %ib = add i32 %u, 64
  %ic = add i32 %u, 200
'''
print(header('half ops', 'buffer ushort[512] ' + ' '.join(str(v) for v in vals), n * 128, 'uint 17') + '\n'.join(decls) + f'''
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %u) {{
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
{idx}  %base = mul i32 %tid, {n*8}
  %ob = getelementptr i8, ptr addrspace(1) %out, i32 %base
''' + '\n'.join(body) + '\n  ret void\n}')
