"""Writes tests/kernels/f_symbol_names.ll: kernels and a callee whose
names are not assembler identifiers ("k x", "1e3", "-", "f n"). wavecc
wrote them bare in its assembly, which llvm-mc rejects (the corpus runs
--assembler=check, so the kernels did not build); the builtin ELF writer
must keep each name's bytes, since the runner looks kernels up by name."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, wrap, write_ll  # noqa: E402

IR = """define internal i32 @"f n"(i32 %x, i32 %y) noinline {
  %m = mul i32 %x, 3
  %r = xor i32 %m, %y
  ret i32 %r
}

define amdgpu_kernel void @"k x"(ptr addrspace(1) %out, ptr addrspace(1) %a) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %t
  %v = load i32, ptr addrspace(1) %p, align 4
  %r = call i32 @"f n"(i32 %v, i32 %t)
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

define amdgpu_kernel void @"1e3"(ptr addrspace(1) %out, ptr addrspace(1) %a) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %t
  %v = load i32, ptr addrspace(1) %p, align 4
  %r = add i32 %v, 1000
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

define amdgpu_kernel void @"-"(ptr addrspace(1) %out, ptr addrspace(1) %a) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %t
  %v = load i32, ptr addrspace(1) %p, align 4
  %r = sub i32 0, %v
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
"""

REFS = {
    'k x': lambda v, t: wrap(v * 3 ^ t, 'int'),
    '1e3': lambda v, t: wrap(v + 1000, 'int'),
    '-': lambda v, t: wrap(-v, 'int'),
}


def main():
    rng = Rng(2207)
    lanes = 64
    lines = ['[config]', 'name: kernels and a callee named "k x", "1e3", "-", "f n"', 'dimensions: 1',
             'global_size: %d 0 0' % lanes, 'local_size: %d 0 0' % lanes, '']
    for name, ref in REFS.items():
        a = [rng.of('int') for _ in range(lanes)]
        lines += ['[test]', 'name: kernel %s' % name, 'kernel_name: %s' % name,
                  'arg_in: 0 buffer int[%d] ' % lanes + ' '.join(['0'] * lanes),
                  'arg_out: 0 buffer int[%d] ' % lanes + ' '.join(str(ref(v, t)) for t, v in enumerate(a)),
                  'arg_in: 1 buffer int[%d] ' % lanes + ' '.join(map(str, a)), '']
    write_ll('f_symbol_names.ll', lines, IR)


if __name__ == '__main__':
    main()
