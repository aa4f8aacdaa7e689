#!/usr/bin/python3
"""Generates tests/kernels/f_overflow_narrow.ll: llvm.{u,s}{add,sub}.with.overflow
on i16 and i8 (usubo.ll of LLVM's AMDGPU tests: wavecc refused
usub.with.overflow.i16). Each lane writes the result (zero-extended) and
the overflow bit. Host reference: exact integer arithmetic."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kt  # noqa: E402

N = 64
OPS = [('uadd', False, True), ('usub', False, False), ('sadd', True, True), ('ssub', True, False)]

KERNEL = """
define amdgpu_kernel void @{op}_{t}(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {{
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr {t}, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr {t}, ptr addrspace(1) %b, i32 %i
  %x = load {t}, ptr addrspace(1) %pa
  %y = load {t}, ptr addrspace(1) %pb
  %r = call {{ {t}, i1 }} @llvm.{op}.with.overflow.{t}({t} %x, {t} %y)
  %v = extractvalue {{ {t}, i1 }} %r, 0
  %o = extractvalue {{ {t}, i1 }} %r, 1
  %vz = zext {t} %v to i32
  %oz = zext i1 %o to i32
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %vz, ptr addrspace(1) %p0
  %j = add i32 %i, 64
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 %j
  store i32 %oz, ptr addrspace(1) %p1
  ret void
}}
declare {{ {t}, i1 }} @llvm.{op}.with.overflow.{t}({t}, {t})
"""


def main():
    r = kt.Rng(2616)
    lines = ['[config]', 'name: add/sub with overflow on i16 and i8', 'dimensions: 1',
             'global_size: %d 0 0' % N, 'local_size: %d 0 0' % N, '']
    ir = 'declare i32 @llvm.amdgcn.workitem.id.x()\n'
    for bits, t, ct in ((16, 'i16', 'ushort'), (8, 'i8', 'uchar')):
        m = (1 << bits) - 1
        edge = [0, 1, m, m >> 1, (m >> 1) + 1]
        xs = [e for e in edge for _ in edge] + [r.bits(bits) for _ in range(N - len(edge) ** 2)]
        ys = [e for _ in edge for e in edge] + [r.bits(bits) for _ in range(N - len(edge) ** 2)]
        for op, signed, add in OPS:
            def sv(v):
                return v - (1 << bits) if signed and v >> (bits - 1) else v
            res, ovf = [], []
            for x, y in zip(xs, ys):
                e = sv(x) + sv(y) if add else sv(x) - sv(y)
                res.append(e & m)
                lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, m)
                ovf.append(int(not lo <= e <= hi))
            lines += ['[test]', 'name: %s.with.overflow.%s' % (op, t), 'kernel_name: %s_%s' % (op, t),
                      'arg_in: 0 buffer %s[%d] %s' % (ct, N, ' '.join(map(str, xs))),
                      'arg_in: 1 buffer %s[%d] %s' % (ct, N, ' '.join(map(str, ys))),
                      'arg_in: 2 buffer uint[%d] repeat 0' % (2 * N),
                      'arg_out: 2 buffer uint[%d] %s' % (2 * N, ' '.join(map(str, res + ovf))), '']
            ir += KERNEL.format(op=op, t=t)
    kt.write_ll('f_overflow_narrow.ll', lines, ir)


if __name__ == '__main__':
    main()
