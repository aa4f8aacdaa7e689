#!/usr/bin/env python3
"""f_vop3_literal_fold.ll: VALU operations whose sources are SGPR constants,
kernel arguments and VGPRs (simplify.c fold_valu_literals, GFX10+ VOP3
literals; the constant bus of 1 or 2 scalar values). Host reference:
Python integer arithmetic, f32/f16 rounding through struct, an exactly
rounded fma through fractions. fz17b, session 17."""
import os
import struct, fractions
N=64
BODY = r'''target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fma.f32(float, float, float)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)

define amdgpu_kernel void @lit(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %a, i32 %b) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %px = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %px
  %base = mul i32 %i, 24
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %base
  ; 0 xor3
  %r0a = xor i32 %x, %a
  %r0 = xor i32 %r0a, -559038737
  store i32 %r0, ptr addrspace(1) %o
  ; 1 bfi literal mask, SGPR a
  %r1a = and i32 %a, -16711936
  %r1b = and i32 %x, 16711935
  %r1 = or i32 %r1a, %r1b
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  ; 2 bfi VGPR mask, SGPR a, literal
  %r2a = and i32 %a, %x
  %nx = xor i32 %x, -1
  %r2b = and i32 %nx, 305419896
  %r2 = or i32 %r2a, %r2b
  %o2 = getelementptr i32, ptr addrspace(1) %o, i32 2
  store i32 %r2, ptr addrspace(1) %o2
  ; 3 select of two literals
  %c3 = icmp ult i32 %x, 100000
  %r3 = select i1 %c3, i32 305419896, i32 -1698898192
  %o3 = getelementptr i32, ptr addrspace(1) %o, i32 3
  store i32 %r3, ptr addrspace(1) %o3
  ; 4 select SGPR b / literal on a compare with SGPR a
  %c4 = icmp ult i32 %x, %a
  %r4 = select i1 %c4, i32 %b, i32 1431655765
  %o4 = getelementptr i32, ptr addrspace(1) %o, i32 4
  store i32 %r4, ptr addrspace(1) %o4
  ; 5 fma with two literals
  %xl = and i32 %x, 65535
  %xf = uitofp i32 %xl to float
  %r5f = call float @llvm.fma.f32(float %xf, float 0x400D9999A0000000, float 12345.5)
  %r5 = bitcast float %r5f to i32
  %o5 = getelementptr i32, ptr addrspace(1) %o, i32 5
  store i32 %r5, ptr addrspace(1) %o5
  ; 6 med3 with two literals
  %r6a = call i32 @llvm.smax.i32(i32 %x, i32 -100000)
  %r6 = call i32 @llvm.smin.i32(i32 %r6a, i32 200000)
  %o6 = getelementptr i32, ptr addrspace(1) %o, i32 6
  store i32 %r6, ptr addrspace(1) %o6
  ; 7 mul literal + SGPR
  %r7a = mul i32 %x, 1000003
  %r7 = add i32 %r7a, %a
  %o7 = getelementptr i32, ptr addrspace(1) %o, i32 7
  store i32 %r7, ptr addrspace(1) %o7
  ; 8 fcmp with literal
  %c8 = fcmp olt float %xf, 2500.5
  %r8 = select i1 %c8, i32 1, i32 2
  %o8 = getelementptr i32, ptr addrspace(1) %o, i32 8
  store i32 %r8, ptr addrspace(1) %o8
  ; 9-10 i64 mul by constant
  %x64 = zext i32 %x to i64
  %p = mul i64 %x64, 2271560481
  %o9 = getelementptr i32, ptr addrspace(1) %o, i32 9
  store i64 %p, ptr addrspace(1) %o9, align 4
  ; 11-12 i64 add constant
  %q = add i64 %x64, 4886718345
  %o11 = getelementptr i32, ptr addrspace(1) %o, i32 11
  store i64 %q, ptr addrspace(1) %o11, align 4
  ; 13-14 shl of a constant
  %sa = and i64 %x64, 63
  %s = shl i64 4886718345, %sa
  %o13 = getelementptr i32, ptr addrspace(1) %o, i32 13
  store i64 %s, ptr addrspace(1) %o13, align 4
  ; 15 f16
  %x10 = and i32 %x, 1023
  %h = uitofp i32 %x10 to half
  %t1 = fmul half %h, 0xH63D1
  %t2 = fadd half %t1, 0xH4280
  %t2i = bitcast half %t2 to i16
  %t2z = zext i16 %t2i to i32
  %o15 = getelementptr i32, ptr addrspace(1) %o, i32 15
  store i32 %t2z, ptr addrspace(1) %o15
  ; 16 i16
  %x16 = trunc i32 %x to i16
  %m16 = mul i16 %x16, 12345
  %a16 = add i16 %m16, 777
  %a16z = zext i16 %a16 to i32
  %o16 = getelementptr i32, ptr addrspace(1) %o, i32 16
  store i32 %a16z, ptr addrspace(1) %o16
  ; 17-18 f64
  %d = uitofp i32 %x to double
  %d1 = fmul double %d, 3.3
  %d2 = fadd double %d1, 1.0e10
  %o17 = getelementptr i32, ptr addrspace(1) %o, i32 17
  store double %d2, ptr addrspace(1) %o17, align 4
  ; 19 add3 / lshl_add
  %s19 = shl i32 %x, 3
  %s19b = add i32 %s19, 65537
  %r19 = add i32 %s19b, %a
  %o19 = getelementptr i32, ptr addrspace(1) %o, i32 19
  store i32 %r19, ptr addrspace(1) %o19
  ; 20 bfe-ish
  %s20 = lshr i32 %x, 5
  %r20 = and i32 %s20, 131057
  %o20 = getelementptr i32, ptr addrspace(1) %o, i32 20
  store i32 %r20, ptr addrspace(1) %o20
  ; 21 umax SGPR, umin literal
  %r21a = call i32 @llvm.umax.i32(i32 %x, i32 %a)
  %r21 = call i32 @llvm.umin.i32(i32 %r21a, i32 -2147483647)
  %o21 = getelementptr i32, ptr addrspace(1) %o, i32 21
  store i32 %r21, ptr addrspace(1) %o21
  ; 22 select between two SGPRs on a divergent mask
  %lb = and i32 %x, 1
  %c22 = icmp ne i32 %lb, 0
  %r22 = select i1 %c22, i32 %a, i32 %b
  %o22 = getelementptr i32, ptr addrspace(1) %o, i32 22
  store i32 %r22, ptr addrspace(1) %o22
  ; 23 float select literal / inline
  %c23 = fcmp ogt float %xf, 60000.0
  %r23 = select i1 %c23, float 7.5, float 0x405EDD2F20000000
  %o23 = getelementptr i32, ptr addrspace(1) %o, i32 23
  store float %r23, ptr addrspace(1) %o23
  ret void
}
'''
M32=0xffffffff
def f32(x): return struct.unpack('<f', struct.pack('<f', x))[0]
def f32b(x): return struct.unpack('<I', struct.pack('<f', x))[0]
def f16(x):
    if abs(x) >= 65520.0: return float('inf') if x>0 else float('-inf')
    return struct.unpack('<e', struct.pack('<e', x))[0]
def f16b(x): return struct.unpack('<H', struct.pack('<e', x))[0]
def f64b(x): return struct.unpack('<Q', struct.pack('<d', x))[0]
def s32(x): x&=M32; return x-(1<<32) if x>>31 else x
def fma32(a,b,c):
    r=fractions.Fraction(a)*fractions.Fraction(b)+fractions.Fraction(c)
    # round exact rational to f32: via double may double-round; do careful
    d=float(r)  # nearest double
    # correct: check candidates
    f=f32(d)
    import math
    cands=[f, math.nextafter(f, math.inf), math.nextafter(f,-math.inf)]
    cands=[f32(c) for c in cands]
    best=min(cands, key=lambda c:(abs(fractions.Fraction(c)-r), f32b(c)&1))
    return best
A=0x3c5a9f17; B=0x8001f00d
xs=[(i*0x9E3779B1 ^ (i<<7)) & M32 for i in range(N)]
xs[0]=0; xs[1]=99999; xs[2]=100000; xs[3]=A; xs[4]=M32; xs[5]=0x80000000
NO=24
out=[]
for i,x in enumerate(xs):
    r=[0]*NO
    r[0]=(x ^ A ^ 0xdeadbeef)&M32
    r[1]=(A & 0xff00ff00) | (x & 0x00ff00ff)
    r[2]=((A & x) | (0x12345678 & ~x))&M32
    r[3]=0x12345678 if x < 100000 else 0x9abcdef0
    r[4]=B if x < A else 0x55555555
    xf=float(x & 0xffff)
    r[5]=f32b(fma32(xf, f32(3.7), f32(12345.5)))
    sx=s32(x)
    r[6]=min(max(sx,-100000),200000)&M32
    r[7]=(x*1000003 + A)&M32
    r[8]=1 if xf < 2500.5 else 2
    p=x*0x87654321
    r[9]=p&M32; r[10]=p>>32
    q=(x+0x123456789)&((1<<64)-1)
    r[11]=q&M32; r[12]=q>>32
    s=(0x123456789 << (x&63))&((1<<64)-1)
    r[13]=s&M32; r[14]=s>>32
    h=f16(float(x&0x3ff)); t=f16(h*f16(1000.5)); t=f16(t+f16(3.25))
    r[15]=f16b(t)
    x16=x&0xffff; r[16]=(x16*12345+777)&0xffff
    d=float(x)*3.3; d=d+1.0e10; bb=f64b(d)
    r[17]=bb&M32; r[18]=bb>>32
    r[19]=((x<<3)+0x10001+A)&M32
    r[20]=((x>>5)&0x1fff1)
    r[21]=min(max(x,A),0x80000001)
    r[22]=A if x&1 else B
    r[23]=f32b(7.5 if xf > 60000.0 else f32(123.456))
    out.extend(r)
hdr=f"""; [config]
; name: GFX10+ VOP3 literals and SGPR constants (fold_valu_literals), constant bus
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; # Hand-written (fz17b, session 17): VALU operations whose sources are
; # SGPR constants, kernel arguments and VGPRs, so that simplify's
; # fold_valu_literals may fold literals: xor3/bfi/cndmask/med3/mad/
; # 64-bit add/shift/mul, f16/i16/f64 with constants, compares with
; # constants. Expected values from a host computation (Python).
;
; [test]
; name: literals
; kernel_name: lit
; arg_in: 0 buffer uint[{N*NO}] repeat 0
; arg_out: 0 buffer uint[{N*NO}] {' '.join(str(v) for v in out)}
; arg_in: 1 buffer uint[{N}] {' '.join(str(v) for v in xs)}
; arg_in: 2 uint {A}
; arg_in: 3 uint {B}
"""
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'f_vop3_literal_fold.ll'), 'w').write(hdr + "\n" + BODY)

