#!/usr/bin/python3
"""Generates the stencil, scan and reduction programs of bench/real: 2D
5-point Jacobi, 2D 9-point with an LDS halo tile, 3D 7-point, separable 1D
convolution, Hillis-Steele and Blelloch work-group scans, LDS tree and
unrolled reductions, an atomic max. Integer data (or small integers in
float32), so expected values are exact."""
import numpy as np
from real_common import (emit, ints, fints, buf, buf_repeat, scalar, local, test,
                         F32, I32)

G = 'stencil_scan.py'


def jacobi2d():
    src = r'''
/* One Jacobi sweep of the 2D Laplace stencil; boundary cells copied. */
kernel void jacobi2d(global const float *in, global float *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    int i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = in[i];
        return;
    }
    out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}
'''
    W, H = 40, 24
    a = fints(71, W * H, -64, 64) * F32(4)
    g = a.reshape(H, W).astype(np.float64); o = g.copy()
    o[1:-1, 1:-1] = 0.25 * (g[1:-1, :-2] + g[1:-1, 2:] + g[:-2, 1:-1] + g[2:, 1:-1])
    t = test('40x24', [buf('arg_in', 0, 'float', a), buf_repeat('arg_in', 1, 'float', W * H, 0),
                       buf('arg_out', 1, 'float', o.astype(F32)), scalar(2, 'int', W), scalar(3, 'int', H)],
             global_size=(40, 24), local_size=(8, 8))
    emit('jacobi2d', 'jacobi2d', 2, src, [t], '2D 5-point Jacobi sweep', G)


def stencil9_lds():
    src = r'''
/* 3x3 weighted stencil (1 2 1 / 2 4 2 / 1 2 1) over a 16x16 tile plus a
 * one-cell halo loaded into LDS; clamp-to-edge addressing. */
#define T 16
int clampi(int v, int hi) { return v < 0 ? 0 : (v > hi ? hi : v); }
kernel __attribute__((reqd_work_group_size(T, T, 1)))
void blur9_lds(global const int *in, global int *out, int w, int h)
{
    local int tile[T + 2][T + 2];
    int lx = get_local_id(0), ly = get_local_id(1);
    int bx = get_group_id(0) * T - 1, by = get_group_id(1) * T - 1;
    for (int j = ly; j < T + 2; j += T)
        for (int i = lx; i < T + 2; i += T)
            tile[j][i] = in[clampi(by + j, h - 1) * w + clampi(bx + i, w - 1)];
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = get_global_id(0), y = get_global_id(1);
    if (x < w && y < h) {
        int s = tile[ly][lx] + 2 * tile[ly][lx + 1] + tile[ly][lx + 2]
              + 2 * tile[ly + 1][lx] + 4 * tile[ly + 1][lx + 1] + 2 * tile[ly + 1][lx + 2]
              + tile[ly + 2][lx] + 2 * tile[ly + 2][lx + 1] + tile[ly + 2][lx + 2];
        out[y * w + x] = s >> 4;
    }
}
'''
    W, H = 48, 32
    a = ints(72, W * H, 0, 255)
    g = a.reshape(H, W).astype(np.int64)
    p = np.pad(g, 1, mode='edge')
    k = [[1, 2, 1], [2, 4, 2], [1, 2, 1]]
    s = sum(k[j][i] * p[j:j + H, i:i + W] for j in range(3) for i in range(3))
    t = test('48x32', [buf('arg_in', 0, 'int', a), buf_repeat('arg_in', 1, 'int', W * H, 0),
                       buf('arg_out', 1, 'int', (s >> 4).astype(I32)), scalar(2, 'int', W), scalar(3, 'int', H)],
             global_size=(W, H), local_size=(16, 16))
    emit('blur9_lds', 'blur9_lds', 2, src, [t], '2D 9-point stencil with an LDS halo tile', G)


def stencil3d():
    src = r'''
/* 3D 7-point stencil (heat equation step), interior points only; each
 * work-item marches along z (the "2.5D" blocking of stencil codes). */
kernel void heat3d(global const float *in, global float *out, int nx, int ny, int nz, float c0, float c1)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)
        return;
    int sxy = nx * ny;
    for (int z = 1; z < nz - 1; ++z) {
        int i = z * sxy + y * nx + x;
        out[i] = c0 * in[i] + c1 * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx]
                                    + in[i - sxy] + in[i + sxy]);
    }
}
'''
    NX, NY, NZ = 16, 16, 12
    a = fints(73, NX * NY * NZ, -20, 20)
    g = a.reshape(NZ, NY, NX).astype(np.float64); o = np.zeros_like(g)
    o[1:-1, 1:-1, 1:-1] = -6 * g[1:-1, 1:-1, 1:-1] + 2 * (
        g[1:-1, 1:-1, :-2] + g[1:-1, 1:-1, 2:] + g[1:-1, :-2, 1:-1] + g[1:-1, 2:, 1:-1]
        + g[:-2, 1:-1, 1:-1] + g[2:, 1:-1, 1:-1])
    t = test('16x16x12', [buf('arg_in', 0, 'float', a), buf_repeat('arg_in', 1, 'float', a.size, 0),
                          buf('arg_out', 1, 'float', o.astype(F32)), scalar(2, 'int', NX),
                          scalar(3, 'int', NY), scalar(4, 'int', NZ), scalar(5, 'float', -6),
                          scalar(6, 'float', 2)], global_size=(16, 16), local_size=(16, 4))
    emit('heat3d', 'heat3d', 2, src, [t], '3D 7-point stencil marching in z', G)


def conv1d():
    src = r'''
/* Row pass of a separable 7-tap convolution, taps in __constant, zero
 * padding. */
#define R 3
kernel void conv_row(global const int *in, global int *out, constant int *taps, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    int s = 0;
    for (int k = -R; k <= R; ++k) {
        int xx = x + k;
        if (xx >= 0 && xx < w)
            s += taps[k + R] * in[y * w + xx];
    }
    out[y * w + x] = s;
}
'''
    W, H = 64, 12
    a = ints(74, W * H, -100, 100); taps = np.array([1, -3, 7, 12, 7, -3, 1], I32)
    g = np.pad(a.reshape(H, W).astype(np.int64), ((0, 0), (3, 3)))
    s = sum(int(taps[k]) * g[:, k:k + W] for k in range(7))
    t = test('64x12', [buf('arg_in', 0, 'int', a), buf_repeat('arg_in', 1, 'int', W * H, 0),
                       buf('arg_out', 1, 'int', s.astype(I32)), buf('arg_in', 2, 'int', taps),
                       scalar(3, 'int', W), scalar(4, 'int', H)], global_size=(64, 12), local_size=(64, 1))
    emit('conv_row', 'conv_row', 2, src, [t], 'separable convolution, row pass', G)


def scans():
    src_hs = r'''
/* Inclusive scan of each 128-element block (Hillis-Steele, double-buffered
 * in LDS), block sums written for a later pass. */
#define B 128
kernel __attribute__((reqd_work_group_size(B, 1, 1)))
void scan_hs(global const int *in, global int *out, global int *sums)
{
    local int buf[2][B];
    int l = get_local_id(0), g = get_global_id(0);
    int p = 0;
    buf[0][l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < B; off <<= 1) {
        int v = buf[p][l];
        if (l >= off)
            v += buf[p][l - off];
        buf[1 - p][l] = v;
        p = 1 - p;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[g] = buf[p][l];
    if (l == B - 1)
        sums[get_group_id(0)] = buf[p][l];
}
'''
    src_bl = r'''
/* Exclusive scan of 2*64 elements per work-group (Blelloch up-sweep and
 * down-sweep in LDS, two elements per work-item). */
#define N 128
kernel __attribute__((reqd_work_group_size(N / 2, 1, 1)))
void scan_blelloch(global const int *in, global int *out)
{
    local int t[N];
    int l = get_local_id(0), base = get_group_id(0) * N;
    t[2 * l] = in[base + 2 * l];
    t[2 * l + 1] = in[base + 2 * l + 1];
    int off = 1;
    for (int d = N >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            int ai = off * (2 * l + 1) - 1, bi = off * (2 * l + 2) - 1;
            t[bi] += t[ai];
        }
        off <<= 1;
    }
    if (l == 0)
        t[N - 1] = 0;
    for (int d = 1; d < N; d <<= 1) {
        off >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            int ai = off * (2 * l + 1) - 1, bi = off * (2 * l + 2) - 1;
            int v = t[ai];
            t[ai] = t[bi];
            t[bi] += v;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + 2 * l] = t[2 * l];
    out[base + 2 * l + 1] = t[2 * l + 1];
}
'''
    n = 512
    a = ints(81, n, -50, 50)
    blocks = a.reshape(-1, 128).astype(np.int64)
    inc = np.cumsum(blocks, axis=1)
    t = test('4 blocks of 128', [buf('arg_in', 0, 'int', a), buf_repeat('arg_in', 1, 'int', n, 0),
                                 buf('arg_out', 1, 'int', inc.astype(I32)),
                                 buf_repeat('arg_in', 2, 'int', 4, 0),
                                 buf('arg_out', 2, 'int', inc[:, -1].astype(I32))],
             global_size=(n,), local_size=(128,))
    emit('scan_hs', 'scan_hs', 1, src_hs, [t], 'Hillis-Steele inclusive block scan', G)
    exc = inc - blocks
    t = test('4 blocks of 128', [buf('arg_in', 0, 'int', a), buf_repeat('arg_in', 1, 'int', n, 0),
                                 buf('arg_out', 1, 'int', exc.astype(I32))],
             global_size=(n // 2,), local_size=(64,))
    emit('scan_blelloch', 'scan_blelloch', 1, src_bl, [t], 'Blelloch exclusive block scan', G)


def reductions():
    src_tree = r'''
/* Sum of 2 * 256 elements per work-group: first add on load, then an LDS
 * tree with sequential addressing, the last 32 lanes unrolled with
 * barriers kept (portable to any wave size). */
#define WG 256
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduce_sum(global const int *in, global int *out, int n)
{
    local int s[WG];
    int l = get_local_id(0);
    int i = get_group_id(0) * (2 * WG) + l;
    int v = 0;
    if (i < n) v = in[i];
    if (i + WG < n) v += in[i + WG];
    s[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = WG / 2; w > 0; w >>= 1) {
        if (l < w)
            s[l] += s[l + w];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = s[0];
}
'''
    src_grid = r'''
/* Grid-stride max-abs and argmax of a float array, per work-group result:
 * (value, index) pairs reduced in LDS, lowest index wins ties. */
#define WG 64
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduce_amax(global const float *in, global float *vmax, global int *imax, int n)
{
    local float sv[WG];
    local int si[WG];
    int l = get_local_id(0);
    float bv = -1.0f;
    int bi = 0x7fffffff;
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        float v = fabs(in[i]);
        if (v > bv || (v == bv && i < bi)) { bv = v; bi = i; }
    }
    sv[l] = bv; si[l] = bi;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = WG / 2; w > 0; w >>= 1) {
        if (l < w) {
            float ov = sv[l + w]; int oi = si[l + w];
            if (ov > sv[l] || (ov == sv[l] && oi < si[l])) { sv[l] = ov; si[l] = oi; }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) { vmax[get_group_id(0)] = sv[0]; imax[get_group_id(0)] = si[0]; }
}
'''
    src_atom = r'''
/* Dot product with an unrolled-by-4 grid-stride loop; each work-group adds
 * its LDS-reduced partial into one int with atomic_add. */
#define WG 64
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void dot_atomic(global const int4 *a, global const int4 *b, global int *out, int n4)
{
    local int s[WG];
    int l = get_local_id(0);
    int acc = 0;
    for (int i = get_global_id(0); i < n4; i += get_global_size(0)) {
        int4 p = a[i] * b[i];
        acc += p.x + p.y + p.z + p.w;
    }
    s[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = WG / 2; w > 0; w >>= 1) {
        if (l < w)
            s[l] += s[l + w];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        atomic_add(out, s[0]);
}
'''
    n = 2000
    a = ints(91, n, -1000, 1000)
    parts = [int(a[g * 512:(g + 1) * 512].astype(np.int64).sum()) for g in range(4)]
    t = test('2000 ints, 4 groups', [buf('arg_in', 0, 'int', a), buf_repeat('arg_in', 1, 'int', 4, 0),
                                     buf('arg_out', 1, 'int', np.array(parts, I32)), scalar(2, 'int', n)],
             global_size=(1024,), local_size=(256,))
    emit('reduce_sum', 'reduce_sum', 1, src_tree, [t], 'LDS tree sum reduction', G)
    n = 3000
    f = fints(92, n, -30000, 30000) / F32(8)
    G_ = 4; gs = 64 * G_
    vm, im = [], []
    for g in range(G_):
        best = (-1.0, 0x7fffffff)
        for l in range(64):
            for i in range(g * 64 + l, n, gs):
                v = abs(float(f[i]))
                if v > best[0] or (v == best[0] and i < best[1]):
                    best = (v, i)
        vm.append(best[0]); im.append(best[1])
    t = test('3000 floats, 4 groups', [buf('arg_in', 0, 'float', f), buf_repeat('arg_in', 1, 'float', 4, 0),
                                       buf('arg_out', 1, 'float', np.array(vm, F32)),
                                       buf_repeat('arg_in', 2, 'int', 4, 0),
                                       buf('arg_out', 2, 'int', np.array(im, I32)), scalar(3, 'int', n)],
             global_size=(gs,), local_size=(64,))
    emit('reduce_amax', 'reduce_amax', 1, src_grid, [t], 'grid-stride argmax of |x|', G)
    n4 = 600
    a = ints(93, 4 * n4, -100, 100); b = ints(94, 4 * n4, -100, 100)
    d = int((a.astype(np.int64) * b).sum())
    t = test('2400 ints', [buf('arg_in', 0, 'int4', a), buf('arg_in', 1, 'int4', b),
                           buf_repeat('arg_in', 2, 'int', 1, 0), buf('arg_out', 2, 'int', np.array([d], I32)),
                           scalar(3, 'int', n4)], global_size=(256,), local_size=(64,))
    emit('dot_atomic', 'dot_atomic', 1, src_atom, [t], 'dot product, LDS + atomic_add', G)


if __name__ == '__main__':
    jacobi2d(); stencil9_lds(); stencil3d(); conv1d(); scans(); reductions()
