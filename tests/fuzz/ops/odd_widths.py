#!/usr/bin/env python3
"""Writes an LLVM IR kernel test (stdout) for `wavecc-run --differential`:
add/sub/mul, udiv/sdiv/urem/srem (divisors made nonzero, no INT_MIN / -1),
shifts by amounts below the width, compares and selects, zext/sext of the
results, on integers of the widths given (argv[1], e.g. 7,17,24,33,40,48,56,63,64),
divergent inputs (session 18, fz18a: llvm-stress almost never makes such widths)."""
import sys

from kernel_header import header
widths=[int(x) for x in sys.argv[1].split(',')]
ops=[]
L=[]
L.append(header('odd widths', 'buffer ulong[256] random', '%d', 'ulong 0x123456789abcdef1'))
body=[]
n=0
def out(v, W, ext='zext'):
    global n
    if W < 64:
        body.append(f'  %o{n} = {ext} i{W} {v} to i64')
    elif W == 64:
        body.append(f'  %o{n} = add i64 {v}, 0')
    else:
        body.append(f'  %o{n} = trunc i{W} {v} to i64')
    body.append(f'  %q{n} = getelementptr i64, ptr addrspace(1) %ob, i32 {n}')
    body.append(f'  store i64 %o{n}, ptr addrspace(1) %q{n}')
    n+=1
for W in widths:
    p=f'w{W}'
    def tr(src, name):
        if W < 64: body.append(f'  %{name} = trunc i64 {src} to i{W}')
        elif W == 64: body.append(f'  %{name} = add i64 {src}, 0')
        else: body.append(f'  %{name} = zext i64 {src} to i{W}')
    tr('%a', p+'a'); tr('%b', p+'b'); tr('%u', p+'u')
    a, b, u = '%'+p+'a', '%'+p+'b', '%'+p+'u'
    sh = (1 << (W.bit_length()-1)) - 1  # < W
    body += [
      f'  %{p}add = add i{W} {a}, {b}', f'  %{p}sub = sub i{W} {a}, {u}', f'  %{p}mul = mul i{W} {a}, {b}',
      f'  %{p}b1 = or i{W} {b}, 1', f'  %{p}udiv = udiv i{W} {a}, %{p}b1', f'  %{p}urem = urem i{W} {a}, %{p}b1',
      f'  %{p}bp = lshr i{W} {b}, 1', f'  %{p}bq = or i{W} %{p}bp, 1',
      f'  %{p}sdiv = sdiv i{W} {a}, %{p}bq', f'  %{p}srem = srem i{W} {a}, %{p}bq',
      f'  %{p}sdn = sub i{W} 0, %{p}bq', f'  %{p}sdiv2 = sdiv i{W} {a}, %{p}sdn',
      f'  %{p}s = and i{W} {b}, {sh}', f'  %{p}shl = shl i{W} {a}, %{p}s', f'  %{p}lshr = lshr i{W} {a}, %{p}s', f'  %{p}ashr = ashr i{W} {a}, %{p}s',
      f'  %{p}c1 = icmp slt i{W} {a}, {b}', f'  %{p}c2 = icmp ugt i{W} {a}, {u}',
      f'  %{p}sel = select i1 %{p}c1, i{W} %{p}add, i{W} %{p}mul', f'  %{p}sel2 = select i1 %{p}c2, i{W} %{p}sub, i{W} 7',
      f'  %{p}udc = udiv i{W} {a}, 7', f'  %{p}sdc = sdiv i{W} {a}, -3', f'  %{p}src = srem i{W} {a}, 5', f'  %{p}urc = urem i{W} {a}, 10',
      f'  %{p}mc = mul i{W} {a}, 12345', f'  %{p}ac = add i{W} {a}, -1',
    ]
    for nm in ['add','sub','mul','udiv','urem','sdiv','srem','sdiv2','shl','lshr','ashr','sel','sel2','udc','sdc','src','urc','mc','ac']:
        out(f'%{p}{nm}', W, 'zext')
    for nm in ['add','sdiv','ashr','sdc','src']:
        out(f'%{p}{nm}', W, 'sext')
    for nm in ['c1','c2']:
        body.append(f'  %{p}{nm}z = zext i1 %{p}{nm} to i{W}')
        out(f'%{p}{nm}z', W)
L.append(f'''define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %u) {{
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %tid
  %a = load i64, ptr addrspace(1) %pa
  %t2 = add i32 %tid, 128
  %pb = getelementptr i64, ptr addrspace(1) %in, i32 %t2
  %b = load i64, ptr addrspace(1) %pb
  %base = mul i32 %tid, NSLOTS
  %ob = getelementptr i64, ptr addrspace(1) %out, i32 %base
''')
txt=''.join(L)+'\n'.join(body)+'\n  ret void\n}\n'
txt=txt.replace('NSLOTS', str(n)).replace('%d' % 0, '%d' % 0)
txt=txt.replace('ulong[%d]', 'ulong[%d]' % (n*128))
print(txt)
