#!/usr/bin/python3
"""LDS globals shared by kernels and the functions they call
(src/isel/isel_lds.c): f_lds_module.ll. A kernel and a noinline callee
address the same addrspace(3) global (issue 21 part 4: each function laid
out on its own put @b at different offsets); a global used only in
callees; two kernels reaching one function, one with a kernel-only global
of its own; LDS in functions reached through a (divergent) function
pointer; LDS in a recursive function; an extern (dynamic) LDS array read in
a callee, sized by a __local argument. LLVM IR (OpenCL C cannot call a
kernel-scope __local variable's function without inlining); host reference
only."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff

IR = r'''
; @a, @b, @d, @p, @q, @r, @dyn are used in functions; @c and @e only in kernels.
@a = internal addrspace(3) global [64 x i32] undef, align 4
@b = internal addrspace(3) global [64 x i32] undef, align 4
@c = internal addrspace(3) global [64 x i32] undef, align 4
@d = internal addrspace(3) global [64 x i32] undef, align 4
@e = internal addrspace(3) global [64 x i64] undef, align 8
@p = internal addrspace(3) global [64 x i32] undef, align 4
@q = internal addrspace(3) global [64 x i32] undef, align 4
@r = internal addrspace(3) global [64 x i32] undef, align 4
@dyn = external addrspace(3) global [0 x i32], align 4

define internal i32 @f(i32 %t) #0 {
  %pa = getelementptr [64 x i32], ptr addrspace(3) @a, i32 0, i32 %t
  %s = add i32 %t, 7
  store i32 %s, ptr addrspace(3) %pa
  %pb = getelementptr [64 x i32], ptr addrspace(3) @b, i32 0, i32 %t
  %v = load i32, ptr addrspace(3) %pb
  ret i32 %v
}

define internal void @put_d(i32 %t, i32 %v) #0 {
  %pd = getelementptr [64 x i32], ptr addrspace(3) @d, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %pd
  ret void
}

define internal i32 @get_d(i32 %t) #0 {
  %pd = getelementptr [64 x i32], ptr addrspace(3) @d, i32 0, i32 %t
  %v = load i32, ptr addrspace(3) %pd
  ret i32 %v
}

define internal i32 @via_p(i32 %t) #0 {
  %pp = getelementptr [64 x i32], ptr addrspace(3) @p, i32 0, i32 %t
  %v = load i32, ptr addrspace(3) %pp
  %r = add i32 %v, 1
  ret i32 %r
}

define internal i32 @via_q(i32 %t) #0 {
  %pq = getelementptr [64 x i32], ptr addrspace(3) @q, i32 0, i32 %t
  %v = load i32, ptr addrspace(3) %pq
  %r = mul i32 %v, 3
  ret i32 %r
}

; r[t] = r[t] * 3 + n for n = N..1, then r[t]
define internal i32 @rec(i32 %t, i32 %n) #0 {
entry:
  %pr = getelementptr [64 x i32], ptr addrspace(3) @r, i32 0, i32 %t
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %step
step:
  %v = load i32, ptr addrspace(3) %pr
  %m = mul i32 %v, 3
  %s = add i32 %m, %n
  store i32 %s, ptr addrspace(3) %pr
  %n1 = sub i32 %n, 1
  %res = call i32 @rec(i32 %t, i32 %n1)
  ret i32 %res
done:
  %w = load i32, ptr addrspace(3) %pr
  ret i32 %w
}

define internal i32 @get_dyn(i32 %t) #0 {
  %p = getelementptr [0 x i32], ptr addrspace(3) @dyn, i32 0, i32 %t
  %v = load i32, ptr addrspace(3) %p
  %r = shl i32 %v, 1
  ret i32 %r
}

; the kernel does not use @a itself: out[2g] = f(t) (= b[t] = x), out[2g+1] = c[t] (= x ^ 0x55)
define amdgpu_kernel void @k_shared(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @gid(i32 %t)
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %pb = getelementptr [64 x i32], ptr addrspace(3) @b, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %pb
  %pc = getelementptr [64 x i32], ptr addrspace(3) @c, i32 0, i32 %t
  %xc = xor i32 %x, 85
  store i32 %xc, ptr addrspace(3) %pc
  %r = call i32 @f(i32 %t)
  %vc = load i32, ptr addrspace(3) %pc
  %o = shl i32 %g, 1
  %po0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r, ptr addrspace(1) %po0
  %po1 = getelementptr i32, ptr addrspace(1) %po0, i32 1
  store i32 %vc, ptr addrspace(1) %po1
  ret void
}

; @d only in callees: out[2g] = get_d(t) (= x * 3), out[2g+1] = c[t] (= x + 1)
define amdgpu_kernel void @k_callee_only(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @gid(i32 %t)
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %pc = getelementptr [64 x i32], ptr addrspace(3) @c, i32 0, i32 %t
  %x1 = add i32 %x, 1
  store i32 %x1, ptr addrspace(3) %pc
  %x3 = mul i32 %x, 3
  call void @put_d(i32 %t, i32 %x3)
  %r = call i32 @get_d(i32 %t)
  %vc = load i32, ptr addrspace(3) %pc
  %o = shl i32 %g, 1
  %po0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r, ptr addrspace(1) %po0
  %po1 = getelementptr i32, ptr addrspace(1) %po0, i32 1
  store i32 %vc, ptr addrspace(1) %po1
  ret void
}

; a second kernel reaching @f, with an i64 kernel-only global @e:
; out[3g..3g+2] = f(t) (= x + 1), lo(e[t]), hi(e[t]) (e[t] = x * 2^32 + ~x)
define amdgpu_kernel void @k_two(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @gid(i32 %t)
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %pe = getelementptr [64 x i64], ptr addrspace(3) @e, i32 0, i32 %t
  %xh = zext i32 %x to i64
  %hi = shl i64 %xh, 32
  %nx = xor i32 %x, -1
  %lo = zext i32 %nx to i64
  %ev = or i64 %hi, %lo
  store i64 %ev, ptr addrspace(3) %pe
  %pb = getelementptr [64 x i32], ptr addrspace(3) @b, i32 0, i32 %t
  %x1 = add i32 %x, 1
  store i32 %x1, ptr addrspace(3) %pb
  %r = call i32 @f(i32 %t)
  %e2 = load i64, ptr addrspace(3) %pe
  %e2lo = trunc i64 %e2 to i32
  %e2s = lshr i64 %e2, 32
  %e2hi = trunc i64 %e2s to i32
  %o = mul i32 %g, 3
  call void @put3(ptr addrspace(1) %out, i32 %o, i32 %r, i32 %e2lo, i32 %e2hi)
  ret void
}

; p[t] = x, q[t] = ~x, then out[g] = (x & 1 ? via_p : via_q)(t)
define amdgpu_kernel void @k_indirect(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @gid(i32 %t)
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %pp = getelementptr [64 x i32], ptr addrspace(3) @p, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %pp
  %pq = getelementptr [64 x i32], ptr addrspace(3) @q, i32 0, i32 %t
  %nx = xor i32 %x, -1
  store i32 %nx, ptr addrspace(3) %pq
  %odd = and i32 %x, 1
  %isodd = icmp ne i32 %odd, 0
  %fp = select i1 %isodd, ptr @via_p, ptr @via_q
  %r = call i32 %fp(i32 %t)
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; r[t] = x, out[g] = rec(t, x & 7)
define amdgpu_kernel void @k_recursive(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @gid(i32 %t)
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %pr = getelementptr [64 x i32], ptr addrspace(3) @r, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %pr
  %n = and i32 %x, 7
  %r = call i32 @rec(i32 %t, i32 %n)
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; dynamic LDS (the __local argument sizes it): dyn[t] = x, c[t] = ~x;
; out[2g] = get_dyn(t) (= x * 2), out[2g+1] = c[t]
define amdgpu_kernel void @k_dynamic(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(3) %room) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @gid(i32 %t)
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pin
  %pd = getelementptr [0 x i32], ptr addrspace(3) @dyn, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %pd
  %pc = getelementptr [64 x i32], ptr addrspace(3) @c, i32 0, i32 %t
  %nx = xor i32 %x, -1
  store i32 %nx, ptr addrspace(3) %pc
  %r = call i32 @get_dyn(i32 %t)
  %vc = load i32, ptr addrspace(3) %pc
  %o = shl i32 %g, 1
  %po0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r, ptr addrspace(1) %po0
  %po1 = getelementptr i32, ptr addrspace(1) %po0, i32 1
  store i32 %vc, ptr addrspace(1) %po1
  ret void
}

define internal i32 @gid(i32 %t) alwaysinline {
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %g = add i32 %base, %t
  ret i32 %g
}

define internal void @put3(ptr addrspace(1) %out, i32 %o, i32 %v0, i32 %v1, i32 %v2) alwaysinline {
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %v0, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %v1, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %v2, ptr addrspace(1) %p2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

attributes #0 = { noinline }
'''


def main():
    rng = Rng(2104)
    n = 128
    X = [rng.of('uint') for _ in range(n)]
    lines = ['[config]', 'name: lds_module', 'dimensions: 1', 'global_size: %s' % sizes(n),
             'local_size: %s' % sizes(64), '']
    tests = []

    o = []
    for x in X:
        o += [x, x ^ 0x55]
    tests.append(Test('shared_with_callee', kernel_name='k_shared').inp(0, 'uint', n, X).out(1, 'uint', 2 * n, o))

    o = []
    for x in X:
        o += [(x * 3) & M32, (x + 1) & M32]
    tests.append(Test('callee_only', kernel_name='k_callee_only').inp(0, 'uint', n, X).out(1, 'uint', 2 * n, o))

    o = []
    for x in X:
        o += [(x + 1) & M32, x ^ M32, x]
    tests.append(Test('second_kernel', kernel_name='k_two').inp(0, 'uint', n, X).out(1, 'uint', 3 * n, o))

    o = [(x + 1) & M32 if x & 1 else ((x ^ M32) * 3) & M32 for x in X]
    tests.append(Test('indirect', kernel_name='k_indirect').inp(0, 'uint', n, X).out(1, 'uint', n, o))

    o = []
    for x in X:
        v = x
        for k in range(x & 7, 0, -1):
            v = (v * 3 + k) & M32
        o.append(v)
    tests.append(Test('recursive', kernel_name='k_recursive').inp(0, 'uint', n, X).out(1, 'uint', n, o))

    o = []
    for x in X:
        o += [(x * 2) & M32, x ^ M32]
    tests.append(Test('dynamic', kernel_name='k_dynamic').inp(0, 'uint', n, X).out(1, 'uint', 2 * n, o)
                 .local(2, 'uint', 64))

    for te in tests:
        lines += te.text().split('\n') + ['']
    lines = ['# LDS globals shared by kernels and the functions they call; host reference only.'] + lines[:-1]
    write_ll('f_lds_module.ll', lines, IR)


if __name__ == '__main__':
    main()
