#!/usr/bin/env python3
"""Writes an LLVM IR kernel test (stdout) for `wavecc-run --differential`:
the integer intrinsics on i8/i16/i32/i64 -- {s,u}{add,sub}.with.overflow,
{s,u}mul.with.overflow (i32 only: wavecc refuses i8/i16/i64), {s,u}{add,sub}.sat,
fshl/fshr (run-time and constant amounts), bitreverse, ctpop, bswap, ctlz/cttz
(zero allowed), abs, smin/smax/umin/umax -- on divergent inputs, or uniform
ones (SALU) with argv[1] = u (session 18, fz18a)."""
import sys

from kernel_header import header
uniform = len(sys.argv) > 1 and sys.argv[1] == 'u'
types=['i8','i16','i32','i64']
body=[]; decls=set(); n=0
def st(v,t):
    global n
    if t=='i64': body.append(f'  %o{n} = add i64 {v}, 0')
    elif t=='i1': body.append(f'  %o{n} = zext i1 {v} to i64')
    else: body.append(f'  %o{n} = zext {t} {v} to i64')
    body.append(f'  %q{n} = getelementptr i64, ptr addrspace(1) %ob, i32 {n}')
    body.append(f'  store i64 %o{n}, ptr addrspace(1) %q{n}')
    n+=1
for t in types:
    W=int(t[1:])
    for v,src in (('a','%a'),('b','%b'),('c','%c')):
        if t=='i64': body.append(f'  %{t}{v} = add i64 {src}, 0')
        else: body.append(f'  %{t}{v} = trunc i64 {src} to {t}')
    a,b,c=f'%{t}a',f'%{t}b',f'%{t}c'
    for ov in ['sadd','uadd','ssub','usub'] + (['smul','umul'] if t == 'i32' else []):
        nm=f'llvm.{ov}.with.overflow.{t}'
        decls.add(f'declare {{{t}, i1}} @{nm}({t}, {t})')
        body.append(f'  %{t}{ov}o = call {{{t}, i1}} @{nm}({t} {a}, {t} {b})')
        body.append(f'  %{t}{ov}v = extractvalue {{{t}, i1}} %{t}{ov}o, 0')
        body.append(f'  %{t}{ov}f = extractvalue {{{t}, i1}} %{t}{ov}o, 1')
        st(f'%{t}{ov}v',t); st(f'%{t}{ov}f','i1')
    for s in ['sadd','uadd','ssub','usub']:
        nm=f'llvm.{s}.sat.{t}'
        decls.add(f'declare {t} @{nm}({t}, {t})')
        y = b
        if 'shl' in s:
            body.append(f'  %{t}{s}amt = and {t} {b}, {W-1}'); y=f'%{t}{s}amt'
        body.append(f'  %{t}{s}s = call {t} @{nm}({t} {a}, {t} {y})'); st(f'%{t}{s}s',t)
    for f in ['fshl','fshr']:
        nm=f'llvm.{f}.{t}'; decls.add(f'declare {t} @{nm}({t}, {t}, {t})')
        body.append(f'  %{t}{f} = call {t} @{nm}({t} {a}, {t} {b}, {t} {c})'); st(f'%{t}{f}',t)
        body.append(f'  %{t}{f}k = call {t} @{nm}({t} {a}, {t} {b}, {t} 3)'); st(f'%{t}{f}k',t)
    for u in ['bitreverse','ctpop']:
        nm=f'llvm.{u}.{t}'; decls.add(f'declare {t} @{nm}({t})')
        body.append(f'  %{t}{u} = call {t} @{nm}({t} {a})'); st(f'%{t}{u}',t)
    if t!='i8':
        nm=f'llvm.bswap.{t}'; decls.add(f'declare {t} @{nm}({t})')
        body.append(f'  %{t}bswap = call {t} @{nm}({t} {a})'); st(f'%{t}bswap',t)
    for u in ['ctlz','cttz']:
        nm=f'llvm.{u}.{t}'; decls.add(f'declare {t} @{nm}({t}, i1)')
        body.append(f'  %{t}{u}0 = and {t} {a}, {b}')
        body.append(f'  %{t}{u} = call {t} @{nm}({t} %{t}{u}0, i1 false)'); st(f'%{t}{u}',t)
    nm=f'llvm.abs.{t}'; decls.add(f'declare {t} @{nm}({t}, i1)')
    body.append(f'  %{t}abs = call {t} @{nm}({t} {a}, i1 false)'); st(f'%{t}abs',t)
    for m in ['smin','smax','umin','umax']:
        nm=f'llvm.{m}.{t}'; decls.add(f'declare {t} @{nm}({t}, {t})')
        body.append(f'  %{t}{m} = call {t} @{nm}({t} {a}, {t} {b})'); st(f'%{t}{m}',t)
    # mul hi via wider
if uniform:
    ld = '''  %pa = getelementptr i64, ptr addrspace(1) %in, i32 3
  %a = load i64, ptr addrspace(1) %pa
  %pb = getelementptr i64, ptr addrspace(1) %in, i32 101
  %b = load i64, ptr addrspace(1) %pb
  %c = add i64 %u, 0
'''
else:
    ld = '''  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %tid
  %a = load i64, ptr addrspace(1) %pa
  %t2 = add i32 %tid, 128
  %pb = getelementptr i64, ptr addrspace(1) %in, i32 %t2
  %b = load i64, ptr addrspace(1) %pb
  %t3 = xor i32 %tid, 77
  %pc = getelementptr i64, ptr addrspace(1) %in, i32 %t3
  %c = load i64, ptr addrspace(1) %pc
'''
print(header('int intrinsics', 'buffer ulong[256] random', n * 128, 'ulong 0x923456789abcdef1') + '\n'.join(sorted(decls)) + f'''
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %u) {{
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
{ld}  %base = mul i32 %tid, {n}
  %ob = getelementptr i64, ptr addrspace(1) %out, i32 %base
''' + '\n'.join(body) + '\n  ret void\n}')
