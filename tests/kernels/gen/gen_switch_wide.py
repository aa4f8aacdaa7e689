"""Writes tests/kernels/f_switch_wide.ll: switches with 300 cases.

k_div switches on a divergent value (each lane its own case); before
issue 22 the lowered decision tree kept one lane mask per edge into the
default block live (300 cases: "1110 SGPR dwords to spill at once";
2,500: 8 GB and out of memory). k_uni switches on a kernel argument, each
case in a block of its own feeding a 301-way phi, and k_same sends all
300 cases straight to the join (one phi entry per edge): a phi with 256
or more operands overflowed the machine IR's 8-bit operand count (Debug
assert, Release "was never assigned a register")."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, wrap, write_ll  # noqa: E402

N = 300


def case_value(i):
    return i * 3 - 100


def ir_div():
    cases = ' '.join('i32 %d, label %%c%d' % (case_value(i), i) for i in range(N))
    body = ['define amdgpu_kernel void @k_div(ptr addrspace(1) %out, ptr addrspace(1) %a) {',
            'entry:',
            '  %tid = call i32 @llvm.amdgcn.workitem.id.x()',
            '  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %tid',
            '  %x = load i32, ptr addrspace(1) %p, align 4',
            '  switch i32 %%x, label %%d [ %s ]' % cases]
    for i in range(N):
        body += ['c%d:' % i, '  %%m%d = mul i32 %%x, %d' % (i, i + 1), '  %%r%d = add i32 %%m%d, %d' % (i, i, i),
                 '  br label %j']
    body += ['d:', '  %rd = sub i32 0, %x', '  br label %j', 'j:',
             '  %r = phi i32 [ %rd, %d ], ' + ', '.join('[ %%r%d, %%c%d ]' % (i, i) for i in range(N)),
             '  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid',
             '  store i32 %r, ptr addrspace(1) %q, align 4', '  ret void', '}', '']
    return '\n'.join(body)


def ref_div(x):
    for i in range(N):
        if x == case_value(i):
            return wrap(x * (i + 1) + i, 'int')
    return wrap(-x, 'int')


def ir_uni():
    cases = ' '.join('i32 %d, label %%c%d' % (case_value(i), i) for i in range(N))
    body = ['define amdgpu_kernel void @k_uni(ptr addrspace(1) %out, i32 %u) {',
            'entry:',
            '  %tid = call i32 @llvm.amdgcn.workitem.id.x()',
            '  switch i32 %%u, label %%d [ %s ]' % cases]
    for i in range(N):
        body += ['c%d:' % i, '  br label %j']
    body += ['d:', '  br label %j', 'j:',
             '  %k = phi i32 [ -1, %d ], ' + ', '.join('[ %d, %%c%d ]' % (7 * i + 1, i) for i in range(N)),
             '  %r = add i32 %k, %tid',
             '  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid',
             '  store i32 %r, ptr addrspace(1) %q, align 4', '  ret void', '}', '']
    return '\n'.join(body)


def ref_uni(u, tid):
    for i in range(N):
        if u == case_value(i):
            return 7 * i + 1 + tid
    return -1 + tid


def ir_same():
    cases = ' '.join('i32 %d, label %%j' % case_value(i) for i in range(N))
    return '\n'.join([
        'define amdgpu_kernel void @k_same(ptr addrspace(1) %out, i32 %u) {',
        'entry:',
        '  %tid = call i32 @llvm.amdgcn.workitem.id.x()',
        '  %m = mul i32 %u, 5',
        '  switch i32 %%u, label %%d [ %s ]' % cases,
        'd:', '  br label %j', 'j:',
        '  %k = phi i32 [ -1, %d ], ' + ', '.join(['[ %m, %entry ]'] * N),
        '  %r = add i32 %k, %tid',
        '  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid',
        '  store i32 %r, ptr addrspace(1) %q, align 4', '  ret void', '}', ''])


def ref_same(u, tid):
    hit = any(u == case_value(i) for i in range(N))
    return (5 * u if hit else -1) + tid


def main():
    rng = Rng(2204)
    lines = ['[config]', 'name: switches with 300 cases (divergent, uniform, all cases to the join)', 'dimensions: 1', '']
    for lanes in (64, 40, 128):
        # most lanes on a case (every case value appears), some on the default
        xs = []
        for t in range(lanes):
            if rng.range(0, 5) == 0:
                xs.append(rng.range(-2000, 2000))
            else:
                xs.append(case_value(rng.range(0, N - 1)))
        lines += ['[test]', 'name: divergent %d lanes' % lanes, 'kernel_name: k_div',
                  'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes,
                  'arg_in: 0 buffer int[%d] ' % lanes + ' '.join(['0'] * lanes),
                  'arg_out: 0 buffer int[%d] ' % lanes + ' '.join(str(ref_div(x)) for x in xs),
                  'arg_in: 1 buffer int[%d] ' % lanes + ' '.join(map(str, xs)), '']
    for u in (case_value(0), case_value(N - 1), case_value(137), -101, 5, case_value(255), case_value(256)):
        for kern, ref in (('k_uni', ref_uni), ('k_same', ref_same)):
            lanes = 64
            lines += ['[test]', 'name: %s u=%d' % (kern, u), 'kernel_name: %s' % kern,
                      'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes,
                      'arg_in: 0 buffer int[%d] ' % lanes + ' '.join(['0'] * lanes),
                      'arg_out: 0 buffer int[%d] ' % lanes + ' '.join(str(ref(u, t)) for t in range(lanes)),
                      'arg_in: 1 int %d' % u, '']
    ir = ir_div() + '\n' + ir_uni() + '\n' + ir_same() + '\ndeclare i32 @llvm.amdgcn.workitem.id.x()\n'
    write_ll('f_switch_wide.ll', lines, ir)


if __name__ == '__main__':
    main()
