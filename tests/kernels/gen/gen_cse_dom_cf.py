#!/usr/bin/env python3
"""Writes tests/kernels/f_cse_dom_divergent.ll and f_masked_loop_exits.ll
(session 17, fz17a): hand-made kernels for cse-dom (passes/cse_dom.c) and
the masked selector (isel/isel_cf.c, isel_cf_loops.c, exec_cleanup.c).

f_cse_dom_divergent.ll: the same address offsets (tid << 2, k << 2) are
computed in a dominating block and again under a uniform if, a divergent
if, a loop with a divergent break and an if inside that loop, so cse-dom
may share the VALU results across blocks with EXEC changed between.

f_masked_loop_exits.ll: a loop with three exits to three different blocks
(two divergent breaks, one from inside nested ifs, and a divergent trip
count), entered only by lanes below a bound, so a whole wave may skip it;
the loop is not a tree of ifs, so it goes to masked linearisation.

Expected values come from a host model of the IR below."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

M = 0xffffffff

IR1 = """define amdgpu_kernel void @k(ptr addrspace(1) noundef readonly align 4 %in, ptr addrspace(1) noundef readonly align 4 %in2, ptr addrspace(1) noundef align 4 %out, i32 %u) {
entry:
  %tid = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i
  %x = load i32, ptr addrspace(1) %p, align 4
  %s = shl i32 %x, 3
  %uc = icmp eq i32 %u, 0
  br i1 %uc, label %uthen, label %ujoin

uthen:
  %ob = getelementptr inbounds i8, ptr addrspace(1) %out, i64 1024
  %po = getelementptr inbounds i32, ptr addrspace(1) %ob, i64 %i
  store i32 %x, ptr addrspace(1) %po, align 4
  br label %ujoin

ujoin:
  %x7 = and i32 %x, 7
  %c = icmp ult i32 %x7, 3
  br i1 %c, label %dthen, label %djoin

dthen:
  %pi2 = getelementptr inbounds i32, ptr addrspace(1) %in2, i64 %i
  %y = load i32, ptr addrspace(1) %pi2, align 4
  %r = xor i32 %y, %s
  br label %djoin

djoin:
  %t = phi i32 [ %x, %ujoin ], [ %r, %dthen ]
  %x15 = and i32 %x, 15
  %n = add nuw nsw i32 %x15, 1
  br label %loop

loop:
  %j = phi i32 [ 0, %djoin ], [ %jn, %latch ]
  %acc = phi i32 [ %t, %djoin ], [ %acc2, %latch ]
  %tj = add i32 %tid, %j
  %k32 = and i32 %tj, 255
  %k = zext nneg i32 %k32 to i64
  %pk = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %k
  %v = load i32, ptr addrspace(1) %pk, align 4
  %va = xor i32 %v, %acc
  %v7 = and i32 %va, 7
  %brk = icmp eq i32 %v7, 0
  br i1 %brk, label %exit, label %body

body:
  %a5 = mul i32 %acc, 5
  %acc1 = add i32 %a5, %v
  %a1 = and i32 %acc1, 1
  %odd = icmp ne i32 %a1, 0
  br i1 %odd, label %oddb, label %latch

oddb:
  %pk2 = getelementptr inbounds i32, ptr addrspace(1) %in2, i64 %k
  %w = load i32, ptr addrspace(1) %pk2, align 4
  %acc1b = xor i32 %acc1, %w
  br label %latch

latch:
  %acc2 = phi i32 [ %acc1, %body ], [ %acc1b, %oddb ]
  %jn = add nuw nsw i32 %j, 1
  %cont = icmp ult i32 %jn, %n
  br i1 %cont, label %loop, label %exit

exit:
  %af = phi i32 [ %acc, %loop ], [ %acc2, %latch ]
  %jf = phi i32 [ %j, %loop ], [ %jn, %latch ]
  %jm = mul i32 %jf, 1000003
  %res = add i32 %af, %jm
  %pr = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %res, ptr addrspace(1) %pr, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
"""


def model1(inp, in2, out, u, n):
    out = list(out)
    for tid in range(n):
        x = inp[tid]
        s = (x << 3) & M
        if u == 0:
            out[256 + tid] = x
        t = (in2[tid] ^ s) if (x & 7) < 3 else x
        nn = (x & 15) + 1
        j, acc = 0, t
        while True:
            k = (tid + j) & 255
            v = inp[k]
            if ((v ^ acc) & 7) == 0:
                af, jf = acc, j
                break
            acc1 = (acc * 5 + v) & M
            if acc1 & 1:
                acc1 ^= in2[k]
            jn = j + 1
            if jn < nn:
                j, acc = jn, acc1
                continue
            af, jf = acc1, jn
            break
        out[tid] = (af + jf * 1000003) & M
    return out


IR2 = """define amdgpu_kernel void @k(ptr addrspace(1) noundef readonly align 4 %in, ptr addrspace(1) noundef align 4 %out, i32 %lim) {
entry:
  %tid = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i
  %x = load i32, ptr addrspace(1) %p, align 4
  %enter = icmp ult i32 %tid, %lim
  %x7 = and i32 %x, 7
  %n = add nuw nsw i32 %x7, 2
  %t3 = mul i32 %tid, 3
  br i1 %enter, label %loop, label %skip

skip:
  %xs = xor i32 %x, 21845
  br label %tail

loop:
  %j = phi i32 [ 0, %entry ], [ %jn, %latch ]
  %acc = phi i32 [ %x, %entry ], [ %acc3, %latch ]
  %tj = add i32 %t3, %j
  %k32 = and i32 %tj, 255
  %k = zext nneg i32 %k32 to i64
  %pk = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %k
  %v = load i32, ptr addrspace(1) %pk, align 4
  %v15 = and i32 %v, 15
  %a1 = icmp eq i32 %v15, 0
  br i1 %a1, label %exitA, label %b1

b1:
  %v16 = and i32 %v, 16
  %c1 = icmp ne i32 %v16, 0
  br i1 %c1, label %n1, label %n2

n1:
  %c2 = icmp ugt i32 %v, %acc
  br i1 %c2, label %n11, label %latch

n11:
  %d = sub i32 %v, %acc
  %d31 = and i32 %d, 31
  %e2 = icmp eq i32 %d31, 7
  br i1 %e2, label %exitB, label %latch

n2:
  %v3 = lshr i32 %v, 3
  %an2 = add i32 %acc, %v3
  br label %latch

latch:
  %acc3 = phi i32 [ %acc, %n1 ], [ %d, %n11 ], [ %an2, %n2 ]
  %jn = add nuw nsw i32 %j, 1
  %cont = icmp ult i32 %jn, %n
  br i1 %cont, label %loop, label %exitC

exitA:
  %ra0 = mul i32 %acc, 3
  %ra = add i32 %ra0, 1
  %ja = add i32 %j, 100
  br label %tail

exitB:
  %rb = xor i32 %d, 11259375
  %jb = add i32 %j, 200
  br label %tail

exitC:
  br label %tail

tail:
  %res = phi i32 [ %xs, %skip ], [ %ra, %exitA ], [ %rb, %exitB ], [ %acc3, %exitC ]
  %jr = phi i32 [ 7, %skip ], [ %ja, %exitA ], [ %jb, %exitB ], [ %jn, %exitC ]
  %pr = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %res, ptr addrspace(1) %pr, align 4
  %ob = getelementptr inbounds i8, ptr addrspace(1) %out, i64 1024
  %pj = getelementptr inbounds i32, ptr addrspace(1) %ob, i64 %i
  store i32 %jr, ptr addrspace(1) %pj, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
"""


def model2(inp, out, lim, n):
    out = list(out)
    for tid in range(n):
        x = inp[tid]
        if not tid < lim:
            out[tid], out[256 + tid] = x ^ 21845, 7
            continue
        nn = (x & 7) + 2
        j, acc = 0, x
        while True:
            v = inp[(tid * 3 + j) & 255]
            if (v & 15) == 0:
                res, jr = (acc * 3 + 1) & M, j + 100
                break
            if v & 16:
                if v > acc:
                    d = (v - acc) & M
                    if (d & 31) == 7:
                        res, jr = d ^ 11259375, j + 200
                        break
                    acc3 = d
                else:
                    acc3 = acc
            else:
                acc3 = (acc + (v >> 3)) & M
            jn = j + 1
            if jn < nn:
                j, acc = jn, acc3
                continue
            res, jr = acc3, jn
            break
        out[tid], out[256 + tid] = res, jr
    return out


def vals(v):
    return ' '.join(str(a) for a in v)


def biased(rng, count):
    """uint values whose low bits hit the kernels' conditions often"""
    r = []
    for _ in range(count):
        a = rng.of('uint')
        sel = rng.range(0, 5)
        if sel == 0:
            a &= ~15 & M
        elif sel == 1:
            a &= 0xff
        r.append(a)
    return r


def main():
    rng = Rng(1717)
    lines = ['[config]', 'name: cse-dom across uniform/divergent ifs and a loop with a divergent break',
             'kernel_name: k', 'dimensions: 1', '']
    for name, n, u in (('one wave, u=0', 64, 0), ('four waves, u=1', 256, 1), ('partial wave, u=0', 40, 0),
                       ('two waves, u=0', 128, 0)):
        inp, in2, out = biased(rng, 256), biased(rng, 256), [rng.of('uint') for _ in range(512)]
        exp = model1(inp, in2, out, u, n)
        lines += ['[test]', 'name: ' + name, 'global_size: %d 0 0' % n, 'local_size: %d 0 0' % n,
                  'arg_in: 0 buffer uint[256] ' + vals(inp), 'arg_in: 1 buffer uint[256] ' + vals(in2),
                  'arg_in: 2 buffer uint[512] ' + vals(out), 'arg_out: 2 buffer uint[512] ' + vals(exp),
                  'arg_in: 3 uint %d' % u, '']
    write_ll('f_cse_dom_divergent.ll', lines, IR1)

    lines = ['[config]', 'name: masked loop with three exit targets, nested ifs, waves no lane enters',
             'kernel_name: k', 'dimensions: 1', '']
    for name, n, lim in (('lanes below 40 of 128', 128, 40), ('all of 64', 64, 64), ('none', 64, 0),
                         ('lanes below 200 of 256', 256, 200), ('lanes below 3 of 96', 96, 3)):
        inp, out = biased(rng, 256), [rng.of('uint') for _ in range(512)]
        exp = model2(inp, out, lim, n)
        lines += ['[test]', 'name: ' + name, 'global_size: %d 0 0' % n, 'local_size: %d 0 0' % n,
                  'arg_in: 0 buffer uint[256] ' + vals(inp), 'arg_in: 1 buffer uint[512] ' + vals(out),
                  'arg_out: 1 buffer uint[512] ' + vals(exp), 'arg_in: 2 uint %d' % lim, '']
    write_ll('f_masked_loop_exits.ll', lines, IR2)


if __name__ == '__main__':
    main()
