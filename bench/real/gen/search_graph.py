#!/usr/bin/python3
"""Generates the search, hashing, n-body and graph programs of bench/real:
binary search, first-match linear search (a loop with a divergent exit
whose counter is used after it), open-addressing hash lookup, FNV-1a and
MurmurHash3 finalisers, direct and LDS-tiled n-body, BFS level expansion,
Bellman-Ford relaxation with atomic_min, PageRank pull step and k-means
assignment. Integer results are exact; n-body and PageRank carry absolute
tolerances from a float64 reference (see each generator function)."""
import numpy as np
from real_common import (emit, ints, fints, buf, buf_repeat, scalar, test, rel_tol,
                         F32, I32, U32, Rng)

G = 'search_graph.py'
M32 = 0xFFFFFFFF


def searches():
    src_b = r'''
/* lower_bound of each query in a sorted table (the search of GPU joins). */
kernel void lower_bound(global const int *table, int n, global const int *q, global int *pos, int nq)
{
    int i = get_global_id(0);
    if (i >= nq)
        return;
    int v = q[i], lo = 0, hi = n;
    while (lo < hi) {
        int m = lo + ((hi - lo) >> 1);
        if (table[m] < v) lo = m + 1; else hi = m;
    }
    pos[i] = lo;
}
'''
    tab = np.sort(ints(141, 1000, -5000, 5000)); q = ints(142, 500, -5200, 5200)
    t = test('1000 table, 500 queries', [buf('arg_in', 0, 'int', tab), scalar(1, 'int', 1000),
                                         buf('arg_in', 2, 'int', q), buf_repeat('arg_in', 3, 'int', 500, 0),
                                         buf('arg_out', 3, 'int', np.searchsorted(tab, q, 'left').astype(I32)),
                                         scalar(4, 'int', 500)], global_size=(512,), local_size=(64,))
    emit('lower_bound', 'lower_bound', 1, src_b, [t], 'binary search', G)
    src_l = r'''
/* Each work-item scans a shared pattern list (uniform loads) for the first
 * entry equal to its key; the loop exits divergently and the uniform
 * counter is used after it (the temporal-divergence case). */
kernel void first_match(global const int *keys, global const int *patterns, int np,
                        global int *where, global int *steps)
{
    int g = get_global_id(0);
    int key = keys[g];
    int i = 0;
    for (; i < np; ++i)
        if (patterns[i] == key)
            break;
    where[g] = i < np ? i : -1;
    steps[g] = i * 3 + 1;
}
'''
    npat = 200
    pat = ints(143, npat, 0, 400); keys = ints(144, 256, 0, 400)
    wh = np.array([int(np.argmax(pat == k)) if (pat == k).any() else -1 for k in keys], I32)
    st = np.array([(w if w >= 0 else npat) * 3 + 1 for w in wh], I32)
    t = test('256 keys, 200 patterns', [buf('arg_in', 0, 'int', keys), buf('arg_in', 1, 'int', pat),
                                        scalar(2, 'int', npat), buf_repeat('arg_in', 3, 'int', 256, 0),
                                        buf('arg_out', 3, 'int', wh), buf_repeat('arg_in', 4, 'int', 256, 0),
                                        buf('arg_out', 4, 'int', st)], global_size=(256,), local_size=(64,))
    emit('first_match', 'first_match', 1, src_l, [t], 'first-match search loop, divergent exit', G)


def murmur_fmix(h):
    h ^= h >> 16; h = (h * 0x85ebca6b) & M32; h ^= h >> 13; h = (h * 0xc2b2ae35) & M32; h ^= h >> 16
    return h


def hashing():
    src_p = r'''
/* Lookup in an open-addressing table (key, value pairs, empty = 0xffffffff,
 * linear probing from the Murmur3 finaliser of the key). */
uint fmix(uint h) { h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; return h ^ (h >> 16); }
kernel void hash_lookup(global const uint2 *table, uint mask, global const uint *q, global uint *out)
{
    int i = get_global_id(0);
    uint k = q[i];
    uint s = fmix(k) & mask;
    uint r = 0xffffffffu;
    for (;;) {
        uint2 e = table[s];
        if (e.x == k) { r = e.y; break; }
        if (e.x == 0xffffffffu) break;
        s = (s + 1) & mask;
    }
    out[i] = r;
}
'''
    size = 512; mask = size - 1
    tab = np.full((size, 2), 0xffffffff, U32)
    keys = [int(x) for x in np.unique(ints(151, 350, 0, 1 << 30))]
    for k in keys:
        s = murmur_fmix(k) & mask
        while tab[s, 0] != 0xffffffff:
            s = (s + 1) & mask
        tab[s] = (k, (k * 7 + 3) & M32)
    qs = np.array([keys[i] if i % 2 == 0 else (i * 2654435761) & 0x3fffffff for i in range(256)], U32)
    d = {k: (k * 7 + 3) & M32 for k in keys}
    out = np.array([d.get(int(x), 0xffffffff) for x in qs], U32)
    t = test('350 keys in 512 slots', [buf('arg_in', 0, 'uint2', tab), scalar(1, 'uint', mask),
                                       buf('arg_in', 2, 'uint', qs), buf_repeat('arg_in', 3, 'uint', 256, 0),
                                       buf('arg_out', 3, 'uint', out)], global_size=(256,), local_size=(64,))
    emit('hash_lookup', 'hash_lookup', 1, src_p, [t], 'open-addressing hash lookup', G)
    src_f = r'''
/* FNV-1a (32-bit) of variable-length byte strings given by offsets. */
kernel void fnv1a(global const uchar *bytes, global const int *off, global uint *h, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    uint x = 2166136261u;
    for (int j = off[i]; j < off[i + 1]; ++j)
        x = (x ^ bytes[j]) * 16777619u;
    h[i] = x;
}
'''
    n = 200
    lens = ints(152, n, 0, 40); off = np.concatenate([[0], np.cumsum(lens)]).astype(I32)
    by = np.array(ints(153, int(off[-1]), 0, 255), np.uint8)
    hs = []
    for i in range(n):
        x = 2166136261
        for j in range(off[i], off[i + 1]):
            x = ((x ^ int(by[j])) * 16777619) & M32
        hs.append(x)
    t = test('200 strings', [buf('arg_in', 0, 'uchar', by), buf('arg_in', 1, 'int', off),
                             buf_repeat('arg_in', 2, 'uint', n, 0), buf('arg_out', 2, 'uint', np.array(hs, U32)),
                             scalar(3, 'int', n)], global_size=(256,), local_size=(64,))
    emit('fnv1a', 'fnv1a', 1, src_f, [t], 'FNV-1a string hashing', G)
    src_m = r'''
/* MurmurHash3_x86_32 of 4-word keys with a per-launch seed. */
uint rotl(uint x, uint r) { return (x << r) | (x >> (32 - r)); }
kernel void murmur3(global const uint4 *key, global uint *h, uint seed)
{
    int i = get_global_id(0);
    uint4 k4 = key[i];
    uint k[4] = {k4.x, k4.y, k4.z, k4.w};
    uint x = seed;
    for (int j = 0; j < 4; ++j) {
        uint kk = k[j] * 0xcc9e2d51u;
        kk = rotl(kk, 15) * 0x1b873593u;
        x ^= kk;
        x = rotl(x, 13) * 5u + 0xe6546b64u;
    }
    x ^= 16u;
    x ^= x >> 16; x *= 0x85ebca6bu; x ^= x >> 13; x *= 0xc2b2ae35u; x ^= x >> 16;
    h[i] = x;
}
'''
    keys = np.array(Rng(154).u32(4 * 512), U32)
    seed = 0x9747b28c

    def rotl(x, r):
        return ((x << r) | (x >> (32 - r))) & M32
    hs = []
    for i in range(512):
        x = seed
        for j in range(4):
            kk = (int(keys[4 * i + j]) * 0xcc9e2d51) & M32
            kk = (rotl(kk, 15) * 0x1b873593) & M32
            x ^= kk
            x = (rotl(x, 13) * 5 + 0xe6546b64) & M32
        hs.append(murmur_fmix(x ^ 16))
    t = test('512 keys', [buf('arg_in', 0, 'uint4', keys), buf_repeat('arg_in', 1, 'uint', 512, 0),
                          buf('arg_out', 1, 'uint', np.array(hs, U32)), scalar(2, 'uint', seed)],
             global_size=(512,), local_size=(64,))
    emit('murmur3', 'murmur3', 1, src_m, [t], 'MurmurHash3 of 16-byte keys', G)


def nbody():
    src_d = r'''
/* Direct-sum gravitational acceleration with softening (pos.w = mass). */
kernel void nbody_direct(global const float4 *pos, global float4 *acc, int n, float eps2)
{
    int i = get_global_id(0);
    float4 p = pos[i];
    float3 a = (float3)(0.0f);
    for (int j = 0; j < n; ++j) {
        float4 q = pos[j];
        float3 d = q.xyz - p.xyz;
        float r2 = dot(d, d) + eps2;
        float inv = rsqrt(r2);
        a += d * (q.w * inv * inv * inv);
    }
    acc[i] = (float4)(a, 0.0f);
}
'''
    src_t = r'''
/* The same with 64-body tiles staged in LDS (the GPU Gems style n-body). */
#define T 64
kernel __attribute__((reqd_work_group_size(T, 1, 1)))
void nbody_tiled(global const float4 *pos, global float4 *acc, int n, float eps2)
{
    local float4 tile[T];
    int i = get_global_id(0), l = get_local_id(0);
    float4 p = pos[i];
    float3 a = (float3)(0.0f);
    for (int t = 0; t < n; t += T) {
        tile[l] = pos[t + l];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < T; ++j) {
            float4 q = tile[j];
            float3 d = q.xyz - p.xyz;
            float r2 = dot(d, d) + eps2;
            float inv = rsqrt(r2);
            a += d * (q.w * inv * inv * inv);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    acc[i] = (float4)(a, 0.0f);
}
'''
    n = 256
    r = Rng(161)
    p = np.zeros((n, 4), F32)
    p[:, 0] = r.floats(n, -4, 4); p[:, 1] = r.floats(n, -4, 4); p[:, 2] = r.floats(n, -4, 4)
    p[:, 3] = r.floats(n, 0.5, 2)
    eps2 = 0.25
    P = p.astype(np.float64)
    d = P[None, :, :3] - P[:, None, :3]
    r2 = (d * d).sum(-1) + eps2
    a = (d * (P[None, :, 3] * r2 ** -1.5)[..., None]).sum(1)
    out = np.zeros((n, 4), F32); out[:, :3] = a
    # rsqrt is allowed 2 ulp in OpenCL, each of the 256 terms is bounded by
    # mass/eps^3 = 16, so 256 * 16 * 2^-20 of absolute error is generous.
    tol = '0.004'
    for name, src in (('nbody_direct', src_d), ('nbody_tiled', src_t)):
        t = test('256 bodies', [buf('arg_in', 0, 'float4', p), buf_repeat('arg_in', 1, 'float4', n, 0, 0, 0, 0),
                                buf('arg_out', 1, 'float4', out, tol=tol), scalar(2, 'int', n),
                                scalar(3, 'float', eps2)], global_size=(n,), local_size=(64,))
        emit(name, name, 1, src, [t], 'n-body accelerations, absolute tolerance ' + tol, G)


def graph(seed, n, deg):
    rs = np.random.RandomState(seed)
    rp = [0]; cl = []
    for i in range(n):
        k = int(rs.randint(1, deg + 1))
        cl += sorted(rs.choice(n, k, replace=False).tolist()); rp.append(len(cl))
    return np.array(rp, I32), np.array(cl, I32)


def graphs():
    src_bfs = r'''
/* One top-down BFS level: vertices at level `cur` mark unvisited neighbours
 * (level -1) with cur + 1 and raise a flag (same value from every writer). */
kernel void bfs_step(global const int *rowptr, global const int *col, global int *level,
                     global int *changed, int n, int cur)
{
    int v = get_global_id(0);
    if (v >= n || level[v] != cur)
        return;
    for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) {
        int u = col[e];
        if (level[u] < 0) {
            level[u] = cur + 1;
            *changed = 1;
        }
    }
}
'''
    n = 300
    rp, cl = graph(171, n, 6)
    lev = np.full(n, -1, I32); lev[0] = 0
    frontier = [0]; cur = 0
    while cur < 2:
        nxt = []
        for v in frontier:
            for u in cl[rp[v]:rp[v + 1]]:
                if lev[u] < 0:
                    lev[u] = cur + 1; nxt.append(int(u))
        frontier = nxt; cur += 1
    before = lev.copy()
    after = lev.copy()
    for v in range(n):
        if before[v] == 2:
            for u in cl[rp[v]:rp[v + 1]]:
                if after[u] < 0:
                    after[u] = 3
    t = test('300 vertices, level 2 -> 3', [buf('arg_in', 0, 'int', rp), buf('arg_in', 1, 'int', cl),
                                           buf('arg_in', 2, 'int', before), buf('arg_out', 2, 'int', after),
                                           buf_repeat('arg_in', 3, 'int', 1, 0), buf_repeat('arg_out', 3, 'int', 1, 1),
                                           scalar(4, 'int', n), scalar(5, 'int', 2)],
             global_size=(320,), local_size=(64,))
    emit('bfs_step', 'bfs_step', 1, src_bfs, [t], 'BFS level expansion on CSR', G)
    src_sp = r'''
/* One Bellman-Ford sweep: every vertex with a finite distance relaxes its
 * out-edges with atomic_min (the result of a sweep is order-independent
 * up to which sweep a value arrives in; the test input makes it exact by
 * reading distances from a separate array). */
kernel void sssp_relax(global const int *rowptr, global const int *col, global const int *w,
                       global const int *dist_in, global int *dist_out, int n)
{
    int v = get_global_id(0);
    if (v >= n)
        return;
    int d = dist_in[v];
    if (d == 0x7fffffff)
        return;
    for (int e = rowptr[v]; e < rowptr[v + 1]; ++e)
        atomic_min(&dist_out[col[e]], d + w[e]);
}
'''
    n = 300
    rp, cl = graph(172, n, 5)
    wt = ints(173, len(cl), 1, 20)
    INF = 0x7fffffff
    din = np.full(n, INF, np.int64)
    rs = np.random.RandomState(174)
    for v in rs.choice(n, 60, replace=False):
        din[v] = int(rs.randint(0, 100))
    dout = din.copy()
    for v in range(n):
        if din[v] != INF:
            for e in range(rp[v], rp[v + 1]):
                dout[cl[e]] = min(dout[cl[e]], din[v] + wt[e])
    t = test('300 vertices', [buf('arg_in', 0, 'int', rp), buf('arg_in', 1, 'int', cl), buf('arg_in', 2, 'int', wt),
                              buf('arg_in', 3, 'int', din.astype(I32)), buf('arg_in', 4, 'int', din.astype(I32)),
                              buf('arg_out', 4, 'int', dout.astype(I32)), scalar(5, 'int', n)],
             global_size=(320,), local_size=(64,))
    emit('sssp_relax', 'sssp_relax', 1, src_sp, [t], 'Bellman-Ford relaxation, atomic_min', G)
    src_pr = r'''
/* PageRank pull step over the transposed graph (in-edges in CSR):
 * r'(v) = (1 - d) / n + d * sum over in-edges u of r(u) / outdeg(u). */
kernel void pagerank_pull(global const int *rowptr, global const int *src, global const int *outdeg,
                          global const float *rank, global float *next, int n, float d)
{
    int v = get_global_id(0);
    if (v >= n)
        return;
    float s = 0.0f;
    for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) {
        int u = src[e];
        s += rank[u] / (float)outdeg[u];
    }
    next[v] = (1.0f - d) / (float)n + d * s;
}
'''
    n = 256
    rp, cl = graph(175, n, 8)      # read as in-edges
    od = np.bincount(cl, minlength=n).astype(I32); od[od == 0] = 1
    rk = (Rng(176).floats(n, 0.5, 1.5) / F32(n)).astype(F32)
    nx = np.array([(1 - 0.85) / n + 0.85 * sum(float(rk[u]) / float(od[u]) for u in cl[rp[v]:rp[v + 1]])
                   for v in range(n)])
    # <= 8 terms, each a correctly rounded division: relative error ~1e-6
    t = test('256 vertices', [buf('arg_in', 0, 'int', rp), buf('arg_in', 1, 'int', cl), buf('arg_in', 2, 'int', od),
                              buf('arg_in', 3, 'float', rk), buf_repeat('arg_in', 4, 'float', n, 0),
                              buf('arg_out', 4, 'float', nx.astype(F32), tol=rel_tol(nx, 1e-5)),
                              scalar(5, 'int', n), scalar(6, 'float', 0.85)], global_size=(256,), local_size=(64,))
    emit('pagerank_pull', 'pagerank_pull', 1, src_pr, [t], 'PageRank pull iteration', G)


def kmeans():
    src = r'''
/* k-means assignment: nearest of k centroids (squared distance, ties to the
 * lower index) for points of dimension `dim`, feature-major layout. */
kernel void kmeans_assign(global const float *pts, global const float *cent, global int *member,
                          int n, int k, int dim)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float best = INFINITY;
    int bi = 0;
    for (int c = 0; c < k; ++c) {
        float d = 0.0f;
        for (int f = 0; f < dim; ++f) {
            float t = pts[f * n + i] - cent[c * dim + f];
            d += t * t;
        }
        if (d < best) { best = d; bi = c; }
    }
    member[i] = bi;
}
'''
    n, k, dim = 500, 8, 6
    p = fints(181, n * dim, -20, 20); c = fints(182, k * dim, -20, 20)
    P = p.reshape(dim, n).T.astype(np.float64); C = c.reshape(k, dim).astype(np.float64)
    dd = ((P[:, None, :] - C[None]) ** 2).sum(-1)
    m = np.argmin(dd, axis=1).astype(I32)
    t = test('500 points, k=8, dim=6', [buf('arg_in', 0, 'float', p), buf('arg_in', 1, 'float', c),
                                        buf_repeat('arg_in', 2, 'int', n, 0), buf('arg_out', 2, 'int', m),
                                        scalar(3, 'int', n), scalar(4, 'int', k), scalar(5, 'int', dim)],
             global_size=(512,), local_size=(64,))
    emit('kmeans_assign', 'kmeans_assign', 1, src, [t], 'k-means assignment (exact integer distances)', G)


if __name__ == '__main__':
    searches(); hashing(); nbody(); graphs(); kmeans()
