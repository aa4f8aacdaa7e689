import random, struct, sys
random.seed(25)
# name, intrinsic, M, N, K, atype (ir type of one element, test type), dtype
SH = [
 ('f32_32x32x2', 'llvm.amdgcn.mfma.f32.32x32x2f32', 32,32,2, 'f32'),
 ('f32_16x16x4', 'llvm.amdgcn.mfma.f32.16x16x4f32', 16,16,4, 'f32'),
 ('f32_32x32x8f16', 'llvm.amdgcn.mfma.f32.32x32x8f16', 32,32,8, 'f16'),
 ('f32_16x16x16f16', 'llvm.amdgcn.mfma.f32.16x16x16f16', 16,16,16, 'f16'),
 ('f32_32x32x8bf16', 'llvm.amdgcn.mfma.f32.32x32x8bf16.1k', 32,32,8, 'bf16'),
 ('f32_16x16x16bf16', 'llvm.amdgcn.mfma.f32.16x16x16bf16.1k', 16,16,16, 'bf16'),
 ('f64_16x16x4', 'llvm.amdgcn.mfma.f64.16x16x4f64', 16,16,4, 'f64'),
 ('i32_32x32x8i8', 'llvm.amdgcn.mfma.i32.32x32x8i8', 32,32,8, 'i8'),
 ('i32_16x16x16i8', 'llvm.amdgcn.mfma.i32.16x16x16i8', 16,16,16, 'i8'),
 ('i32_32x32x16i8', 'llvm.amdgcn.mfma.i32.32x32x16.i8', 32,32,16, 'i8'),
 ('i32_16x16x32i8', 'llvm.amdgcn.mfma.i32.16x16x32.i8', 16,16,32, 'i8'),
 # gfx942's 8-bit float forms: A's type, then B's (they may differ)
 ('f32_16x16x32_fp8_fp8', 'llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8', 16,16,32, 'fp8', 'fp8'),
 ('f32_16x16x32_bf8_fp8', 'llvm.amdgcn.mfma.f32.16x16x32.bf8.fp8', 16,16,32, 'bf8', 'fp8'),
 ('f32_32x32x16_fp8_bf8', 'llvm.amdgcn.mfma.f32.32x32x16.fp8.bf8', 32,32,16, 'fp8', 'bf8'),
 ('f32_32x32x16_bf8_bf8', 'llvm.amdgcn.mfma.f32.32x32x16.bf8.bf8', 32,32,16, 'bf8', 'bf8'),
 # gfx942's xf32 forms: f32 sources read with 10 mantissa bits (truncated)
 ('f32_16x16x8_xf32', 'llvm.amdgcn.mfma.f32.16x16x8.xf32', 16,16,8, 'xf32'),
 ('f32_32x32x4_xf32', 'llvm.amdgcn.mfma.f32.32x32x4.xf32', 32,32,4, 'xf32'),
]
# gfx942's FNUZ 8-bit floats (fp8: E4M3, bias 8; bf8: E5M2, bias 16; 0x80
# is NaN, so zero is 0x00): the byte of x, which must be representable.
def fnuz8(x, eb):
  if x == 0: return 0
  mb = 7 - eb; bias = 1 << (eb - 1); sign = 0x80 if x < 0 else 0; x = abs(x)
  for e in range(1, 1 << eb):
    for m in range(1 << mb):
      if (1 + m / (1 << mb)) * 2.0 ** (e - bias) == x: return sign | e << mb | m
  raise ValueError(x)
F8VALS = [-4, -3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 3, 4]
# An f32 whose top 19 bits (sign, exponent, 10 mantissa bits) are x and
# whose 13 dropped mantissa bits are not zero, at least half an xf32 ulp:
# truncation reads x, rounding to nearest would read x + ulp, full f32
# precision neither (so the test tells the three apart).
def xf32_junk(x):
  if x == 0: return '0'
  bits = struct.unpack('<I', struct.pack('<f', float(x)))[0] | random.randint(0x1000, 0x1fff)
  return repr(struct.unpack('<f', struct.pack('<I', bits))[0])
def num(x): return str(int(x)) if x == int(x) else str(x)
def bf16(x): return struct.unpack('<I', struct.pack('<f', float(x)))[0] >> 16
def gen(shapes, regex, name, desc):
  tests=[]; kern=[]; decls=set()
  for (nm, intr, M, N, K, at, *bts) in shapes:
    bt = bts[0] if bts else at
    G = 64//M; KL = K//G; R = M*N//64
    f8 = at in ('fp8', 'bf8')
    ety = {'xf32':'float','f32':'float','f16':'half','bf16':'i16','f64':'double','i8':'i8','fp8':'i8','bf8':'i8'}[at]
    cty = {'xf32':'float','f32':'float','f16':'float','bf16':'float','f64':'double','i8':'i32','fp8':'float','bf8':'float'}[at]
    lo,hi = (-8,7) if at=='i8' else (-3,3)
    if f8:
      A=[[random.choice(F8VALS) for k in range(K)] for i in range(M)]
      B=[[random.choice(F8VALS) for j in range(N)] for k in range(K)]
    else:
      A=[[random.randint(lo,hi) for k in range(K)] for i in range(M)]
      B=[[random.randint(lo,hi) for j in range(N)] for k in range(K)]
    C=[[random.randint(-20,20) for j in range(N)] for i in range(M)]
    D=[[C[i][j]+sum(A[i][k]*B[k][j] for k in range(K)) for j in range(N)] for i in range(M)]
    tt = {'xf32':'float','f32':'float','f16':'half','bf16':'ushort','f64':'double','i8':'char','fp8':'uchar','bf8':'uchar'}[at]
    ct = {'xf32':'float','f32':'float','f16':'float','bf16':'float','f64':'double','i8':'int','fp8':'float','bf8':'float'}[at]
    fa=[A[i][k] for i in range(M) for k in range(K)]
    fb=[B[k][j] for j in range(N) for k in range(K)]  # column-major B
    if at=='bf16': fa=[bf16(x) for x in fa]; fb=[bf16(x) for x in fb]
    if at=='xf32': fa=[xf32_junk(x) for x in fa]; fb=[xf32_junk(x) for x in fb]
    if f8:
      fa=[fnuz8(x, 4 if at=='fp8' else 5) for x in fa]; fb=[fnuz8(x, 4 if bt=='fp8' else 5) for x in fb]
    D=[[num(x) for x in row] for row in D]
    tests.append(f'''; [test]
; name: {nm} (D = A * B + C, {M}x{N}, K = {K})
; kernel_name: k_{nm}
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer {tt}[{M*K}] {' '.join(map(str,fa))}
; arg_in: 1 buffer {tt}[{K*N}] {' '.join(map(str,fb))}
; arg_in: 2 buffer {ct}[{M*N}] {' '.join(str(C[i][j]) for i in range(M) for j in range(N))}
; arg_out: 3 buffer {ct}[{M*N}] {' '.join(str(D[i][j]) for i in range(M) for j in range(N))}
;''')
    # source operand type
    if at in ('i8', 'fp8', 'bf8'): sty='i64' if KL == 8 else 'i32'
    elif KL==1: sty=ety
    else: sty=f'<{KL} x {ety}>'
    vty=f'<{R} x {cty}>'
    decls.add(f'declare {vty} @{intr}({sty}, {sty}, {vty}, i32, i32, i32)')
    L=[]
    L.append(f'define amdgpu_kernel void @k_{nm}(ptr addrspace(1) %A, ptr addrspace(1) %B, ptr addrspace(1) %C, ptr addrspace(1) %D) {{')
    L.append('  %l = call i32 @llvm.amdgcn.workitem.id.x()')
    L.append(f'  %i = urem i32 %l, {M}')
    L.append(f'  %g = udiv i32 %l, {M}')
    L.append(f'  %ai0 = mul nuw nsw i32 %i, {K}')
    L.append(f'  %gk = mul nuw nsw i32 %g, {KL}')
    L.append('  %ai = add nuw nsw i32 %ai0, %gk')
    L.append(f'  %j = urem i32 %l, {N}')
    L.append(f'  %bi0 = mul nuw nsw i32 %j, {K}')
    L.append('  %bi = add nuw nsw i32 %bi0, %gk')
    L.append(f'  %pa = getelementptr {ety}, ptr addrspace(1) %A, i32 %ai')
    L.append(f'  %pb = getelementptr {ety}, ptr addrspace(1) %B, i32 %bi')
    L.append(f'  %a = load {sty}, ptr addrspace(1) %pa, align 4')
    L.append(f'  %b = load {sty}, ptr addrspace(1) %pb, align 4')
    L.append(f'  %q = udiv i32 %l, {N}')
    # every index is a small non-negative number (nuw nsw, as clang -O2
    # marks such arithmetic), so a compiler may fold the constant offsets
    # C/D row of element r: f64 (one VGPR pair per element) has row r*G + q,
    # the others row (r//4)*4G + 4q + r%4 (AMD's matrix instruction calculator).
    L.append(f'  %q4 = mul nuw nsw i32 %q, {(1 if at=="f64" else 4)*N}')
    L.append('  %base = add nuw nsw i32 %q4, %j')
    prev='poison'
    for r in range(R):
      off=(r*G if at=='f64' else (r//4)*4*G + r%4)*N
      L.append(f'  %ci{r} = add nuw nsw i32 %base, {off}')
      L.append(f'  %cp{r} = getelementptr {cty}, ptr addrspace(1) %C, i32 %ci{r}')
      L.append(f'  %cv{r} = load {cty}, ptr addrspace(1) %cp{r}')
      L.append(f'  %c{r} = insertelement {vty} {prev}, {cty} %cv{r}, i32 {r}')
      prev=f'%c{r}'
    L.append(f'  %d = call {vty} @{intr}({sty} %a, {sty} %b, {vty} {prev}, i32 0, i32 0, i32 0)')
    for r in range(R):
      L.append(f'  %dv{r} = extractelement {vty} %d, i32 {r}')
      L.append(f'  %dp{r} = getelementptr {cty}, ptr addrspace(1) %D, i32 %ci{r}')
      L.append(f'  store {cty} %dv{r}, ptr addrspace(1) %dp{r}')
    L.append('  ret void')
    L.append('}')
    kern.append('\n'.join(L))
  out=f'''{desc}
;
; [config]
; name: {name}
; device_regex: {regex}
; dimensions: 1
;
''' + '\n'.join(tests) + '''

target triple = "amdgcn-amd-amdhsa"

''' + '\n\n'.join(kern) + '\n\ndeclare i32 @llvm.amdgcn.workitem.id.x()\n' + '\n'.join(sorted(decls)) + '\n'
  return out
desc='''; MFMA on CDNA 2/3 (issue 25): one wave computes D = A * B + C with
; llvm.amdgcn.mfma.* for each single-block f32 (from f32, f16, bf16) and
; f64 shape; each lane loads its elements of A (row-major), B (stored
; column-major) and C and stores D in the layout of AMD's matrix
; instruction calculator (src/emu/exec_mfma.c). Host reference: small
; integers, so every sum is exact. Both compilers select the MFMA
; (wavecc in the VGPR form, llc-19 with AGPRs). GENERATED by tests/kernels/gen/gen_mfma.py.'''
open(sys.argv[1]+'/f_cdna_mfma.ll','w').write(gen(SH[:7], 'gfx90a|gfx942', 'cdna mfma', desc))
desc8=desc.replace('each single-block f32 (from f32, f16, bf16) and\n; f64 shape','the gfx90a i8 shapes (32x32x8, 16x16x16; gfx942\n; replaced them)')
open(sys.argv[1]+'/f_cdna_mfma_i8.ll','w').write(gen(SH[7:9], 'gfx90a', 'cdna mfma i8', desc8))
desc942=desc.replace('each single-block f32 (from f32, f16, bf16) and\n; f64 shape','gfx942\'s i8 shapes (32x32x16, 16x16x32)')
open(sys.argv[1]+'/f_cdna_mfma_i8_gfx942.ll','w').write(gen(SH[9:11], 'gfx942', 'cdna mfma i8 gfx942', desc942))
descf8=desc.replace('each single-block f32 (from f32, f16, bf16) and\n; f64 shape','gfx942\'s f32-from-fp8/bf8 shapes (16x16x32,\n; 32x32x16; A and B in either 8-bit format, FNUZ encodings, values\n; from +-{0.5, 1, 1.5, 2, 3, 4} and 0)').replace('small\n; integers', 'small\n; halves and integers')
open(sys.argv[1]+'/f_cdna_mfma_fp8_gfx942.ll','w').write(gen(SH[11:15], 'gfx942', 'cdna mfma fp8 gfx942', descf8))
descx=desc.replace('each single-block f32 (from f32, f16, bf16) and\n; f64 shape','gfx942\'s f32-from-xf32 shapes (16x16x8, 32x32x4;\n; two f32 of A and B per lane, each read with 10 mantissa bits: the\n; inputs are small integers with junk in the 13 dropped bits, which the\n; hardware truncates away; rounding would add an ulp)')
open(sys.argv[1]+'/f_cdna_mfma_xf32_gfx942.ll','w').write(gen(SH[15:], 'gfx942', 'cdna mfma xf32 gfx942', descx))
