#!/usr/bin/env python3
"""Writes tests/kernels/f_masked_cf.ll: divergent control flow through
masked linearisation (isel_cf.c; the kernels carry "wavecc-no-structurize")
with waves whose lanes take no arm, enter no loop, or leave a loop by
different exits. Host reference below; run from the repository root."""
import random

N = 256  # 4 waves of 64 (8 of 32 at wave32)
M = 0xFFFFFFFF


def nested_inputs(rng):
    """in[2g] = x (bits pick the arms), in[2g+1] = n (trip count).
    Work-items 64..127: x = 0 (no lane takes the then arm);
    128..191: n = 0 (no lane enters the loop); 192..223: one lane of 32
    takes the arm; the rest random."""
    xs, ns = [], []
    for g in range(N):
        x, n = rng.getrandbits(32), rng.randrange(0, 9)
        if 64 <= g < 128:
            x = 0
        if 128 <= g < 192:
            n = 0
        if 192 <= g < 224:
            x = 0xFFFFFFFF if g == 200 else 0
        xs.append(x)
        ns.append(n)
    return xs, ns


def nested_ref(x, n):
    if n == 0:
        return (x * 3) & M
    a, j = x & 0xFFFF, 0
    while True:
        if (x >> j) & 1:
            if (x >> (j + 8)) & 1:
                a = (a + j * 77) & M
            else:
                a ^= j << 5
        j += 1
        if j >= n:
            return a


def exits_ref(x, n):
    i, v = 0, x
    while True:
        if v > 100000:
            return (v + 1000000) & M
        v1 = (v * 3 + i) & M
        if v1 % 7 == 0:
            return (v1 + 2000000) & M
        i += 1
        if i >= n:
            return v1
        v = v1


def exits_inputs(rng):
    xs, ns = [], []
    for g in range(N):
        x, n = rng.randrange(0, 60000), rng.randrange(1, 12)
        if 64 <= g < 128:
            x = 200000 + g  # every lane leaves by the first exit at once
        xs.append(x)
        ns.append(n)
    return xs, ns


def fmt(vals):
    out, line = [], []
    for k, v in enumerate(vals):
        line.append(str(v))
        if len(line) == 16:
            out.append(' '.join(line))
            line = []
    if line:
        out.append(' '.join(line))
    return ' \\\n;     '.join(out)


IR = r'''
target triple = "amdgcn-amd-amdhsa"

define internal i32 @gid() alwaysinline {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %g = add i32 %base, %t
  ret i32 %g
}

; a loop some waves do not enter, an if in it that some waves never take,
; an if/else inside that
define amdgpu_kernel void @k_nested(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %g = call i32 @gid()
  %g2 = shl i32 %g, 1
  %px = getelementptr i32, ptr addrspace(1) %in, i32 %g2
  %x = load i32, ptr addrspace(1) %px
  %pn = getelementptr i32, ptr addrspace(1) %px, i32 1
  %n = load i32, ptr addrspace(1) %pn
  %a0 = and i32 %x, 65535
  %none = icmp eq i32 %n, 0
  br i1 %none, label %skip, label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j1, %latch ]
  %a = phi i32 [ %a0, %entry ], [ %a3, %latch ]
  %xs = lshr i32 %x, %j
  %b1 = and i32 %xs, 1
  %t1 = icmp ne i32 %b1, 0
  br i1 %t1, label %then, label %latch
then:
  %j8 = add i32 %j, 8
  %xs2 = lshr i32 %x, %j8
  %b2 = and i32 %xs2, 1
  %t2 = icmp ne i32 %b2, 0
  br i1 %t2, label %armA, label %armB
armA:
  %jm = mul i32 %j, 77
  %a1 = add i32 %a, %jm
  br label %join
armB:
  %js = shl i32 %j, 5
  %a2 = xor i32 %a, %js
  br label %join
join:
  %aj = phi i32 [ %a1, %armA ], [ %a2, %armB ]
  br label %latch
latch:
  %a3 = phi i32 [ %a, %loop ], [ %aj, %join ]
  %j1 = add i32 %j, 1
  %more = icmp ult i32 %j1, %n
  br i1 %more, label %loop, label %done
skip:
  %x3 = mul i32 %x, 3
  br label %done
done:
  %r = phi i32 [ %x3, %skip ], [ %a3, %latch ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; three ways out of a loop, each with its own value at the join
define amdgpu_kernel void @k_exits(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %g = call i32 @gid()
  %g2 = shl i32 %g, 1
  %px = getelementptr i32, ptr addrspace(1) %in, i32 %g2
  %x = load i32, ptr addrspace(1) %px
  %pn = getelementptr i32, ptr addrspace(1) %px, i32 1
  %n = load i32, ptr addrspace(1) %pn
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %v = phi i32 [ %x, %entry ], [ %v1, %latch ]
  %big = icmp ugt i32 %v, 100000
  br i1 %big, label %exitA, label %body
body:
  %v3 = mul i32 %v, 3
  %v1 = add i32 %v3, %i
  %r7 = urem i32 %v1, 7
  %z = icmp eq i32 %r7, 0
  br i1 %z, label %exitB, label %latch
latch:
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
exitA:
  %ra = add i32 %v, 1000000
  br label %done
exitB:
  %rb = add i32 %v1, 2000000
  br label %done
done:
  %r = phi i32 [ %ra, %exitA ], [ %rb, %exitB ], [ %v1, %latch ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

attributes #0 = { "wavecc-no-structurize" }
'''


def main():
    rng = random.Random(1729)
    hdr = ['# GENERATED by tests/kernels/gen/gen_masked_cf.py -- do not edit.',
           '# Divergent loops and ifs through masked linearisation (isel_cf.c),',
           '# with waves that take no arm, enter no loop, or all leave by one exit.',
           '[config]', 'name: masked_cf', 'dimensions: 1', 'global_size: %d 0 0' % N, 'local_size: 64 0 0', '']
    tests = []
    xs, ns = nested_inputs(rng)
    inp = [v for p in zip(xs, ns) for v in p]
    tests.append(('nested', 'k_nested', inp, [nested_ref(x, n) for x, n in zip(xs, ns)]))
    xs, ns = exits_inputs(rng)
    inp = [v for p in zip(xs, ns) for v in p]
    tests.append(('exits', 'k_exits', inp, [exits_ref(x, n) for x, n in zip(xs, ns)]))
    lines = list(hdr)
    for name, kn, inp, out in tests:
        lines += ['[test]', 'name: ' + name, 'kernel_name: ' + kn,
                  'arg_in: 0 buffer uint[%d] %s' % (len(inp), fmt(inp)),
                  'arg_out: 1 buffer uint[%d] %s' % (len(out), fmt(out)), '']
    text = '\n'.join('; ' + l if l else ';' for l in lines) + '\n' + IR
    open('tests/kernels/f_masked_cf.ll', 'w').write(text)


if __name__ == '__main__':
    main()
