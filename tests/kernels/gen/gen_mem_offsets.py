#!/usr/bin/env python3
"""Writes tests/kernels/f_mem_imm_offsets.ll: loads and stores whose
addresses are a GEP's variable part plus a constant, at the edges of the
immediate offset fields wavecc folds the constant into (src/isel/isel_mem.c:
global -4096..4095, flat 0..4095, DS 0..65535, MUBUF scratch 0..4095,
s_load 0..4095) and just past them (then the constant is added in
registers). The host reference is the data movement itself: each output
is the input word at the same address arithmetic."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

N = 128            # work-items (two groups of 64)
PAD = 1040         # words before and after the work-items' words (4160 bytes)
GLOBAL_OFFS = [-4096, -4100, -4, 4, 4092, 4096]   # bytes from &in[PAD + gid]
FLAT_OFFS = [8, 4092, 4096]
CONST_OFFS = [12, 4092, 4096]                     # bytes from the uniform pointer
LDS_WORDS = 16384                                 # 64 KiB
LDS_OFF = 65280                                   # bytes: 65280 + 63 * 4 + 4 = 65536

# work-item ids: %tid, %gid (i32) and %g (i64)
PRO = '''  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %gid = add i32 %base, %tid
  %g = zext i32 %gid to i64
'''

IR = r'''@lds = internal addrspace(3) global [16384 x i32] poison, align 4

define amdgpu_kernel void @k_global(ptr addrspace(1) %in, ptr addrspace(1) %out) {
{PRO}  %w = add i64 %g, 1040
  %p = getelementptr i32, ptr addrspace(1) %in, i64 %w
  %o8 = mul i64 %g, 9
  %q = getelementptr i32, ptr addrspace(1) %out, i64 %o8
{GLOBAL}{FLAT}  ret void
}

define amdgpu_kernel void @k_const(ptr addrspace(4) %c, ptr addrspace(1) %out) {
{PRO}  %o3 = mul i64 %g, 3
  %q = getelementptr i32, ptr addrspace(1) %out, i64 %o3
{CONST}  ret void
}

define amdgpu_kernel void @k_lds(ptr addrspace(1) %in, ptr addrspace(1) %out) {
{PRO}  %pi = getelementptr i32, ptr addrspace(1) %in, i64 %g
  %v = load i32, ptr addrspace(1) %pi, align 4
  %l = getelementptr [16384 x i32], ptr addrspace(3) @lds, i32 0, i32 %tid
  %lhi = getelementptr inbounds i8, ptr addrspace(3) %l, i32 65280
  store i32 %v, ptr addrspace(3) %lhi, align 4
  %l2 = getelementptr inbounds i8, ptr addrspace(3) %l, i32 256
  store i32 %tid, ptr addrspace(3) %l2, align 4
  call void @llvm.amdgcn.s.barrier()
  %r = sub i32 63, %tid
  %m = getelementptr [16384 x i32], ptr addrspace(3) @lds, i32 0, i32 %r
  %mhi = getelementptr inbounds i8, ptr addrspace(3) %m, i32 65280
  %x = load i32, ptr addrspace(3) %mhi, align 4
  %e = and i32 %tid, 62
  %n = getelementptr [16384 x i32], ptr addrspace(3) @lds, i32 0, i32 %e
  %n2 = getelementptr inbounds i8, ptr addrspace(3) %n, i32 256
  %y = load <2 x i32>, ptr addrspace(3) %n2, align 8
  %o3 = mul i64 %g, 3
  %q = getelementptr i32, ptr addrspace(1) %out, i64 %o3
  store i32 %x, ptr addrspace(1) %q, align 4
  %q1 = getelementptr inbounds i8, ptr addrspace(1) %q, i64 4
  store <2 x i32> %y, ptr addrspace(1) %q1, align 4
  ret void
}

define amdgpu_kernel void @k_private(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %i) {
  %arr = alloca [16 x i32], align 4, addrspace(5)
{PRO}  %pi = getelementptr i32, ptr addrspace(1) %in, i64 %g
  %v = load i32, ptr addrspace(1) %pi, align 4
  %a = getelementptr [16 x i32], ptr addrspace(5) %arr, i32 0, i32 %i
  store volatile i32 %v, ptr addrspace(5) %a, align 4
  %a2 = getelementptr inbounds i8, ptr addrspace(5) %a, i32 8
  store volatile i32 %gid, ptr addrspace(5) %a2, align 4
  %x = load volatile i32, ptr addrspace(5) %a, align 4
  %y = load volatile i32, ptr addrspace(5) %a2, align 4
  %s = add i32 %x, %y
  %o2 = mul i64 %g, 2
  %q = getelementptr i32, ptr addrspace(1) %out, i64 %o2
  store i32 %s, ptr addrspace(1) %q, align 4
  %q1 = getelementptr inbounds i8, ptr addrspace(1) %q, i64 4
  store i32 %y, ptr addrspace(1) %q1, align 4
  ret void
}

define amdgpu_kernel void @k_saddr(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = zext i32 %tid to i64
  %t2 = add nuw nsw i64 %t, 2
  %pa = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %t2
  %pb = getelementptr inbounds i8, ptr addrspace(1) %pa, i64 -8
  %a = load i32, ptr addrspace(1) %pa, align 4
  %b = load i32, ptr addrspace(1) %pb, align 4
  %r = getelementptr inbounds [4 x i32], ptr addrspace(1) %out, i64 %t, i64 1
  store i32 %a, ptr addrspace(1) %r, align 4
  %r3 = getelementptr inbounds [4 x i32], ptr addrspace(1) %out, i64 %t, i64 3
  store i32 %b, ptr addrspace(1) %r3, align 4
  %r0 = getelementptr inbounds [4 x i32], ptr addrspace(1) %out, i64 %t, i64 0
  store <2 x i32> <i32 7, i32 9>, ptr addrspace(1) %r0, align 4
  %r2 = getelementptr inbounds [4 x i32], ptr addrspace(1) %out, i64 %t, i64 2
  %c = load i32, ptr addrspace(1) %r2, align 4
  %s = add i32 %c, %a
  store i32 %s, ptr addrspace(1) %r2, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()
'''


def access(name, ptr, off, outk, space='addrspace(1)'):
    """IR: load the word at ptr + off bytes and store it to q + 4 * outk."""
    return ('  %{n}a = getelementptr inbounds i8, ptr {s} %{p}, i64 {o}\n'
            '  %{n} = load i32, ptr {s} %{n}a, align 4\n'
            '  %{n}q = getelementptr inbounds i8, ptr addrspace(1) %q, i64 {k}\n'
            '  store i32 %{n}, ptr addrspace(1) %{n}q, align 4\n').format(n=name, p=ptr, o=off, k=4 * outk, s=space)


def main():
    rng = Rng(0x0ff5e7)
    words = N + 2 * PAD
    data = [rng.bits(32) for _ in range(words)]
    glob = ''.join(access('g%d' % k, 'p', off, k) for k, off in enumerate(GLOBAL_OFFS))
    flat = '  %pf = addrspacecast ptr addrspace(1) %p to ptr\n'
    flat += ''.join(access('f%d' % k, 'pf', off, len(GLOBAL_OFFS) + k, '') for k, off in enumerate(FLAT_OFFS))
    flat = flat.replace('ptr  %', 'ptr %')
    const = ''.join(access('c%d' % k, 'c', off, k, 'addrspace(4)') for k, off in enumerate(CONST_OFFS))
    ir = IR.replace('{PRO}', PRO).replace('{GLOBAL}', glob).replace('{FLAT}', flat).replace('{CONST}', const)
    nout = len(GLOBAL_OFFS) + len(FLAT_OFFS)
    out_g = []
    for g in range(N):
        for off in GLOBAL_OFFS + FLAT_OFFS:
            out_g.append(data[PAD + g + off // 4])
    cdata = data[:1100]
    out_c = [cdata[off // 4] for _ in range(N) for off in CONST_OFFS]
    vin = data[:N]
    out_l = []
    for g in range(N):
        t = g % 64
        grp = g - t
        e = t & 62
        out_l += [vin[grp + 63 - t], e, e + 1]
    out_p = []
    for g in range(N):
        out_p += [(vin[g] + g) & 0xffffffff, g]

    # k_saddr: row t of out = {7, 9 (over in[t + 2]), its initial word 2
    # + in[t + 2], in[t]}
    sout_in = [rng.bits(32) for _ in range(256)]
    sout = []
    for t in range(64):
        sout += [7, 9, (sout_in[4 * t + 2] + vin[t + 2]) & 0xffffffff, vin[t]]

    def hexes(v):
        return ' '.join('0x%x' % x for x in v)
    lines = ['[config]', 'name: immediate offsets of global, flat, constant, LDS and scratch accesses', 'dimensions: 1', '',
             '[test]', 'name: global and flat offsets -4100..4096', 'kernel_name: k_global',
             'global_size: %d 0 0' % N, 'local_size: 64 0 0',
             'arg_in: 0 buffer uint[%d] %s' % (words, hexes(data)),
             'arg_out: 1 buffer uint[%d] %s' % (N * nout, hexes(out_g)), '',
             '[test]', 'name: constant (s_load) offsets 12, 4092, 4096', 'kernel_name: k_const',
             'global_size: %d 0 0' % N, 'local_size: 64 0 0',
             'arg_in: 0 buffer uint[%d] %s' % (len(cdata), hexes(cdata)),
             'arg_out: 1 buffer uint[%d] %s' % (N * len(CONST_OFFS), hexes(out_c)), '',
             '[test]', 'name: LDS offsets 65280 and 256 (ds_read_b64)', 'kernel_name: k_lds',
             'global_size: %d 0 0' % N, 'local_size: 64 0 0',
             'arg_in: 0 buffer uint[%d] %s' % (N, hexes(vin)),
             'arg_out: 1 buffer uint[%d] %s' % (N * 3, hexes(out_l)), '',
             '[test]', 'name: scratch offset 8', 'kernel_name: k_private',
             'global_size: %d 0 0' % N, 'local_size: 64 0 0',
             'arg_in: 0 buffer uint[%d] %s' % (N, hexes(vin)),
             'arg_out: 1 buffer uint[%d] %s' % (N * 2, hexes(out_p)),
             'arg_in: 2 int 3', '',
             '[test]', 'name: SGPR base + 32-bit VGPR offset (work-item id index)', 'kernel_name: k_saddr',
             'global_size: 64 0 0', 'local_size: 64 0 0',
             'arg_in: 0 buffer uint[%d] %s' % (N, hexes(vin)),
             'arg_in: 1 buffer uint[256] %s' % hexes(sout_in),
             'arg_out: 1 buffer uint[256] %s' % hexes(sout)]
    write_ll('f_mem_imm_offsets.ll', lines, ir)


if __name__ == '__main__':
    main()
