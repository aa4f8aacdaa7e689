#!/usr/bin/env python3
"""Writes tests/kernels/f_mem_merge.ll: neighbouring global and flat
accesses that mem-merge joins into dwordx2..x4 (src/passes/mem_merge.c)
next to accesses that must keep them apart: a store through another
pointer into the same words (k_alias: the pointer is the row plus a
run-time word count, so only the run-time value says they alias), loads
and stores of one row interleaved so that a moved load or store would see
or overwrite the wrong word (k_interleave), under-aligned and volatile
neighbours (k_align), and flat accesses beside LDS (k_flat). The host
reference is the sequence of loads and stores itself, executed in order."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import Rng, write_ll  # noqa: E402

N = 128   # work-items (two groups of 64)
W = 16    # words per work-item row

PRO = '''  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %gid = add i32 %base, %tid
  %g = zext i32 %gid to i64
  %r0 = mul i64 %g, 16
  %row = getelementptr inbounds i32, ptr addrspace(1) %io, i64 %r0
'''


def gep(name, ptr, word, space='addrspace(1)'):
    return '  %{n} = getelementptr inbounds i32, ptr {s} %{p}, i64 {w}\n'.format(n=name, p=ptr, w=word, s=space)


IR = r'''@lds = internal addrspace(3) global [64 x i32] poison, align 4

; row[0..3] = gid + 1..4 with row[1] read back through %q = row + k (k = 1)
; between the stores; row[5] = that value; row[8] then row[9] loaded around
; a store of 77 through %q + 8 (= row[9]): row[6] = row[8] + row[9]
define amdgpu_kernel void @k_alias(ptr addrspace(1) %io, i64 %k) {
{PRO}  %q = getelementptr inbounds i32, ptr addrspace(1) %row, i64 %k
  %v1 = add i32 %gid, 1
  %v2 = add i32 %gid, 2
  %v3 = add i32 %gid, 3
  %v4 = add i32 %gid, 4
{G_ALIAS}  store i32 %v1, ptr addrspace(1) %row, align 4
  store i32 %v2, ptr addrspace(1) %p1, align 4
  %x = load i32, ptr addrspace(1) %q, align 4
  store i32 %v3, ptr addrspace(1) %p2, align 4
  store i32 %v4, ptr addrspace(1) %p3, align 4
  store i32 %x, ptr addrspace(1) %p5, align 4
  %y8 = load i32, ptr addrspace(1) %p8, align 4
  store i32 77, ptr addrspace(1) %q8, align 4
  %y9 = load i32, ptr addrspace(1) %p9, align 4
  %s = add i32 %y8, %y9
  store i32 %s, ptr addrspace(1) %p6, align 4
  ret void
}

; one row, in this order: x = row[1]; row[1] = gid; y = row[2];
; row[2] = x; z = row[1]; w = row[3]; row[3] = y; row[0] = z + w;
; row[4..7] = x, y, z, w (stored 7, 5, 4, 6)
define amdgpu_kernel void @k_interleave(ptr addrspace(1) %io) {
{PRO}{G_INTER}  %x = load i32, ptr addrspace(1) %p1, align 4
  store i32 %gid, ptr addrspace(1) %p1, align 4
  %y = load i32, ptr addrspace(1) %p2, align 4
  store i32 %x, ptr addrspace(1) %p2, align 4
  %z = load i32, ptr addrspace(1) %p1, align 4
  %w = load i32, ptr addrspace(1) %p3, align 4
  store i32 %y, ptr addrspace(1) %p3, align 4
  %zw = add i32 %z, %w
  store i32 %zw, ptr addrspace(1) %row, align 4
  store i32 %w, ptr addrspace(1) %p7, align 4
  store i32 %y, ptr addrspace(1) %p5, align 4
  store i32 %x, ptr addrspace(1) %p4, align 4
  store i32 %z, ptr addrspace(1) %p6, align 4
  ret void
}

; words 8..11 of the row loaded with align 2, 4, volatile and 4; their
; sum times 1..4 stored to words 0..3 with align 2, 4, 4 and volatile;
; <3 x i32> at words 12..14 and i32 at 15 loaded and stored rotated
define amdgpu_kernel void @k_align(ptr addrspace(1) %io) {
{PRO}{G_ALIGN}  %a = load i32, ptr addrspace(1) %p8, align 2
  %b = load i32, ptr addrspace(1) %p9, align 4
  %c = load volatile i32, ptr addrspace(1) %p10, align 4
  %d = load i32, ptr addrspace(1) %p11, align 4
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %s = add i32 %ab, %cd
  %s2 = shl i32 %s, 1
  %s3 = mul i32 %s, 3
  %s4 = shl i32 %s, 2
  store i32 %s, ptr addrspace(1) %row, align 2
  store i32 %s2, ptr addrspace(1) %p1, align 4
  store i32 %s3, ptr addrspace(1) %p2, align 4
  store volatile i32 %s4, ptr addrspace(1) %p3, align 4
  %v = load <3 x i32>, ptr addrspace(1) %p12, align 4
  %e = load i32, ptr addrspace(1) %p15, align 4
  %v0 = extractelement <3 x i32> %v, i64 0
  %v1 = extractelement <3 x i32> %v, i64 1
  %v2 = extractelement <3 x i32> %v, i64 2
  %n = insertelement <3 x i32> poison, i32 %e, i64 0
  %n1 = insertelement <3 x i32> %n, i32 %v0, i64 1
  %n2 = insertelement <3 x i32> %n1, i32 %v1, i64 2
  store <3 x i32> %n2, ptr addrspace(1) %p12, align 4
  store i32 %v2, ptr addrspace(1) %p15, align 4
  ret void
}

; flat: row[0..3] = gid * 1..4 stored through a flat pointer with an LDS
; store and load of the work-item's slot between them; row[4] = the
; LDS word read back + row[8] (flat loads of 8 and 9: row[5] = row[9])
define amdgpu_kernel void @k_flat(ptr addrspace(1) %io) {
{PRO}  %f = addrspacecast ptr addrspace(1) %row to ptr
{G_FLAT}  %l = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %tid
  %m1 = mul i32 %gid, 1
  %m2 = mul i32 %gid, 2
  %m3 = mul i32 %gid, 3
  %m4 = mul i32 %gid, 4
  %a = load i32, ptr %f8, align 4
  store i32 %m1, ptr %f, align 4
  store i32 %m2, ptr %f1, align 4
  store i32 %a, ptr addrspace(3) %l, align 4
  store i32 %m3, ptr %f2, align 4
  %b = load i32, ptr addrspace(3) %l, align 4
  store i32 %m4, ptr %f3, align 4
  %c = load i32, ptr %f9, align 4
  %bb = add i32 %b, %a
  store i32 %bb, ptr %f4, align 4
  store i32 %c, ptr %f5, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
'''


def main():
    rng = Rng(0x3e63e)
    init = [rng.bits(32) for _ in range(N * W)]
    m = 0xffffffff

    def rows(fn):
        out = list(init)
        for g in range(N):
            fn(g, out, g * W)
        return out

    def alias(g, o, r):
        o[r + 0], o[r + 1] = g + 1, g + 2
        x = o[r + 1]
        o[r + 2], o[r + 3] = g + 3, g + 4
        o[r + 5] = x
        y8 = o[r + 8]
        o[r + 9] = 77
        y9 = o[r + 9]
        o[r + 6] = (y8 + y9) & m

    def inter(g, o, r):
        x = o[r + 1]
        o[r + 1] = g
        y = o[r + 2]
        o[r + 2] = x
        z = o[r + 1]
        w = o[r + 3]
        o[r + 3] = y
        o[r + 0] = (z + w) & m
        o[r + 7], o[r + 5], o[r + 4], o[r + 6] = w, y, x, z

    def align(g, o, r):
        s = (o[r + 8] + o[r + 9] + o[r + 10] + o[r + 11]) & m
        o[r + 0], o[r + 1], o[r + 2], o[r + 3] = s, (2 * s) & m, (3 * s) & m, (4 * s) & m
        v = o[r + 12:r + 15]
        e = o[r + 15]
        o[r + 12], o[r + 13], o[r + 14], o[r + 15] = e, v[0], v[1], v[2]

    def flat(g, o, r):
        a = o[r + 8]
        o[r + 0], o[r + 1], o[r + 2], o[r + 3] = g, 2 * g, 3 * g, 4 * g
        o[r + 4] = (a + a) & m
        o[r + 5] = o[r + 9]

    g_alias = ''.join(gep('p%d' % w, 'row', w) for w in (1, 2, 3, 5, 6, 8, 9)) + gep('q8', 'q', 8)
    g_inter = ''.join(gep('p%d' % w, 'row', w) for w in range(1, 8))
    g_align = ''.join(gep('p%d' % w, 'row', w) for w in (1, 2, 3, 8, 9, 10, 11, 12, 15))
    g_flat = ''.join(gep('f%d' % w, 'f', w, '') for w in (1, 2, 3, 4, 5, 8, 9)).replace('ptr  %', 'ptr %')
    ir = IR.replace('{PRO}', PRO).replace('{G_ALIAS}', g_alias).replace('{G_INTER}', g_inter)
    ir = ir.replace('{G_ALIGN}', g_align).replace('{G_FLAT}', g_flat)

    def hexes(v):
        return ' '.join('0x%x' % x for x in v)

    def test(name, kernel, fn, extra=()):
        return ['[test]', 'name: ' + name, 'kernel_name: ' + kernel, 'global_size: %d 0 0' % N,
                'local_size: 64 0 0', 'arg_in: 0 buffer uint[%d] %s' % (N * W, hexes(init)),
                'arg_out: 0 buffer uint[%d] %s' % (N * W, hexes(rows(fn)))] + list(extra) + ['']
    lines = ['[config]', 'name: merged global and flat accesses beside aliasing ones', 'dimensions: 1', '']
    lines += test('a store through another pointer into the merged words', 'k_alias', alias, ['arg_in: 1 long 1'])
    lines += test('loads and stores of one row interleaved', 'k_interleave', inter)
    lines += test('under-aligned, volatile and 3-dword neighbours', 'k_align', align)
    lines += test('flat accesses beside LDS', 'k_flat', flat)
    write_ll('f_mem_merge.ll', lines[:-1], ir)


if __name__ == '__main__':
    main()
