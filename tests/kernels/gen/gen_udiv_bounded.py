# Generates tests/kernels/f_udiv_bounded_const.ll: unsigned division and
# remainder by constants of bounded dividends, checked against Python.
import random
random.seed(2311)
N=256
vals=list(range(256))  # lane i: exhaustive low byte
vals=[v | (random.getrandbits(32) & ~0xff) if i>=0 else v for i,v in enumerate(vals)]
vals[0]=0; vals[1]=0xffffffff; vals[2]=0x7fffffff; vals[3]=0x80000000; vals[4]=0x00ffffff; vals[5]=0x00fffffe
ops=[]  # (irtype bits, mask or None, op, const)
for mask in [127,255,4095,0x1ffff,0xffffff]:
    for d in [3,5,6,7,10,24,100,127,255,641,1000003]:
        if d<=mask*2:
            ops.append((32,mask,'udiv',d)); ops.append((32,mask,'urem',d))
for bits,ds in [(7,[3,5,7,100,127,125]),(12,[3,7,24,4095,4093,1000]),(24,[3,7,24,641,0xffffff,0xfffffd]),(16,[3,7,255,65535,65533]),(8,[3,7,255,253])]:
    for d in ds:
        ops.append((bits,None,'udiv',d)); ops.append((bits,None,'urem',d))
lines=[]
lines.append('target triple = "amdgcn-amd-amdhsa"')
lines.append('declare i32 @llvm.amdgcn.workitem.id.x()')
lines.append('declare i32 @llvm.amdgcn.workgroup.id.x()')
lines.append('define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {')
lines.append('  %t = call i32 @llvm.amdgcn.workitem.id.x()\n  %g = call i32 @llvm.amdgcn.workgroup.id.x()\n  %g64 = mul i32 %g, 64\n  %i = add i32 %g64, %t')
lines.append('  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n  %x = load i32, ptr addrspace(1) %p')
exp=[]
for k,(bits,mask,op,d) in enumerate(ops):
    if bits==32:
        lines.append(f'  %m{k} = and i32 %x, {mask}\n  %r{k} = {op} i32 %m{k}, {d}\n  %z{k} = bitcast i32 %r{k} to i32')
    else:
        lines.append(f'  %m{k} = trunc i32 %x to i{bits}\n  %q{k} = {op} i{bits} %m{k}, {d}\n  %z{k} = zext i{bits} %q{k} to i32')
    lines.append(f'  %o{k} = add i32 %i, {k*N}\n  %po{k} = getelementptr i32, ptr addrspace(1) %out, i32 %o{k}\n  store i32 %z{k}, ptr addrspace(1) %po{k}')
    for v in vals:
        n = v & mask if bits==32 else v & ((1<<bits)-1)
        dd = d & ((1<<bits)-1)
        exp.append((n//dd) if op=='udiv' else (n%dd))
lines.append('  ret void\n}')
# the same operations on uniform values: a loop over the group's 64 words
body=lines[6:-1]
lines.append('define amdgpu_kernel void @ku(ptr addrspace(1) %in, ptr addrspace(1) %out) {')
lines.append('entry:\n  %g = call i32 @llvm.amdgcn.workgroup.id.x()\n  %g64 = mul i32 %g, 64\n  br label %loop')
lines.append('loop:\n  %j = phi i32 [ 0, %entry ], [ %j1, %loop ]\n  %i = add i32 %g64, %j')
lines.append('  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n  %x = load i32, ptr addrspace(1) %p')
lines.extend(body)
lines.append('  %j1 = add i32 %j, 1\n  %c = icmp eq i32 %j1, 64\n  br i1 %c, label %done, label %loop\ndone:\n  ret void\n}')
def arr(a):
    out=[]
    for i in range(0,len(a),16): out.append(';   '+' '.join(hex(x) for x in a[i:i+16]))
    return ' \\\n'.join(out)
hdr=f"""; Unsigned division and remainder by constants of range-bounded dividends
; (isel_div64.c magic_below: one v_mul_hi_u32 for a dividend the selection
; bounds, cq26c session 23) and of i7/i8/i12/i16/i24 values, including
; constants that are negative in their type (i7 125 = -3). Lane i of 256
; loads in[i] (low byte i: every i8 value; the rest random; a few edge
; values) and stores op k's result at out[k * 256 + i]; ku does the same
; on uniform values (SALU), a loop over its group's 64 words. Expected outputs
; from Python integer division (tests/kernels/gen/gen_udiv_bounded.py).
; [config]
; name: bounded udiv/urem by constants
; kernel_name: k
; dimensions: 1
; global_size: 256 0 0
; local_size: 64 0 0
;
; [test]
; name: all
; arg_in: 0 buffer uint[{N}] \\
{arr(vals)}
; arg_out: 1 buffer uint[{len(exp)}] \\
{arr(exp)}
;
; [test]
; name: uniform
; kernel_name: ku
; arg_in: 0 buffer uint[{N}] \\
{arr(vals)}
; arg_out: 1 buffer uint[{len(exp)}] \\
{arr(exp)}
"""
import os
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'f_udiv_bounded_const.ll'),'w').write(hdr+'\n'.join(lines)+'\n')

