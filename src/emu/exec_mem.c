/* Memory instructions: SMEM (scalar loads through SGPR addresses or a
 * buffer V#), DS (LDS), MUBUF (buffer V#), FLAT / GLOBAL / SCRATCH.
 *
 * - Loads read memory when issued and deliver the data through the
 *   outstanding-load queue (wave.c): vmcnt for MUBUF/GLOBAL/SCRATCH/FLAT,
 *   lgkmcnt for SMEM and DS; from GFX10 a FLAT-segment access also takes
 *   an in-order place in lgkmcnt (exec_flat). Stores and atomics update
 *   memory at issue.
 * - Global addresses must fall inside one allocation (device.c), else the
 *   dispatch faults with PC, address and lane.
 * - Buffer addressing follows Vega ISA 8.1 "Buffer Instructions": index =
 *   vgpr index (+ lane when ADD_TID_ENABLE), offset = vgpr offset + inst
 *   offset; with SWIZZLE_ENABLE the address is interleaved by element size
 *   (4 bytes) and index stride; soffset is added outside the range check.
 *   Out-of-range loads return 0 and stores are dropped: for stride 0 per
 *   dword against num_records bytes, otherwise index >= num_records.
 * - Scratch: every lane's private byte o lives at
 *   wave_base + (o / 4) * 4 * wave_size + lane * 4 + o % 4 (element size 4,
 *   index stride the wave size: 256 bytes a dword in wave64), the same layout through the s[0:3] V# (MUBUF) and through
 *   FLAT_SCRATCH (SCRATCH instructions and flat private-aperture addresses).
 * - Flat addresses inside the shared / private apertures (EMU_*_APERTURE,
 *   reported by src_shared_base / src_private_base) go to LDS / scratch. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emu/check_internal.h"
#include "emu/emu_internal.h"

/* memcpy of an access's 1..16 bytes: constant sizes compile to plain
 * moves (a variable-size memcpy became `rep movsq`, the emulator's
 * hottest instruction on LDS-heavy kernels). */
static inline void copy_small(void *dst, const void *src, unsigned n) {
  switch (n) {
  case 4: memcpy(dst, src, 4); return;
  case 8: memcpy(dst, src, 8); return;
  case 16: memcpy(dst, src, 16); return;
  case 2: memcpy(dst, src, 2); return;
  case 1: memcpy(dst, src, 1); return;
  case 12: memcpy(dst, src, 12); return;
  default: memcpy(dst, src, n); return;
  }
}

int emu_gread(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t addr, void *dst, unsigned n, unsigned lane) {
  emu_alloc *a = emu_find(d->dev, addr, n);
  if (!a) return emu_fault(d, w, in, "address 0x%llx (%u bytes) outside every allocation (lane %u)", (unsigned long long)addr, n, lane);
  copy_small(dst, a->data + (addr - a->base), n);
  return 0;
}

int emu_gwrite(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t addr, const void *src, unsigned n, unsigned lane) {
  emu_alloc *a = emu_find(d->dev, addr, n);
  if (!a) return emu_fault(d, w, in, "address 0x%llx (%u bytes) outside every allocation (lane %u)", (unsigned long long)addr, n, lane);
  copy_small(a->data + (addr - a->base), src, n);
  return 0;
}

/* ------------------------------------------------------------ op shapes */

typedef struct memshape {
  unsigned bytes;   /* bytes per lane */
  unsigned ndw;     /* destination / data dwords */
  int sign, d16, hi;
} memshape;

/* The memory shape of `op`, from the ISA table's semantic columns. */
static memshape shape_of(isa_op op) {
  const isa_sem *sem = isa_sem_of(op);
  memshape s = {sem->bytes, 1, 0, 0, 0};
  if (sem->bytes > 4) s.ndw = sem->bytes / 4u;
  s.sign = (sem->flags & ISA_S_SIGNED) != 0;
  s.d16 = (sem->flags & ISA_S_D16) != 0;
  s.hi = (sem->flags & ISA_S_D16_HI) != 0;
  return s;
}

/* bf16 from an f32, rounded to nearest even; a NaN stays a quiet NaN */
static uint16_t f32_to_bf16(float f) {
  uint32_t u = emu_u32(f);
  if (isnan(f)) return (uint16_t)((u >> 16) | 0x40);
  return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}

/* One half of a packed 16-bit float add atomic (global/flat/ds pk_add_f16,
 * pk_add_bf16): the exact sum (f32 holds every f16 or bf16 sum exactly
 * before the one rounding) rounded to nearest even, denormals kept. */
static uint32_t pk_add_half(uint32_t a, uint32_t b, bool bf16) {
  if (bf16) return f32_to_bf16(emu_f32(a << 16) + emu_f32(b << 16));
  return emu_f2h((double)emu_h2f((uint16_t)a) + (double)emu_h2f((uint16_t)b), 0);
}

/* An f32 denormal as the zero of its sign (flush, sign preserved). */
static uint32_t ftz32(uint32_t u) { return (u & 0x7f800000u) == 0 && (u & 0x007fffffu) ? u & 0x80000000u : u; }

uint64_t emu_atomic_apply(int k, uint64_t old, uint64_t src, uint64_t cmp, int is64) {
  uint64_t m = is64 ? ~0ull : 0xffffffffull;
  int64_t so = is64 ? (int64_t)old : (int32_t)old, ss = is64 ? (int64_t)src : (int32_t)src;
  switch (k) {
  case ISA_AT_SWAP: return src;
  case ISA_AT_CMPSWAP: return old == cmp ? src : old;
  case ISA_AT_ADD: return (old + src) & m;
  case ISA_AT_SUB: return (old - src) & m;
  case ISA_AT_RSUB: return (src - old) & m;
  case ISA_AT_SMIN: return so < ss ? old : src;
  case ISA_AT_UMIN: return old < src ? old : src;
  case ISA_AT_SMAX: return so > ss ? old : src;
  case ISA_AT_UMAX: return old > src ? old : src;
  case ISA_AT_AND: return old & src;
  case ISA_AT_OR: return old | src;
  case ISA_AT_XOR: return old ^ src;
  case ISA_AT_INC: return old >= src ? 0 : (old + 1) & m;
  case ISA_AT_DEC: return (old == 0 || old > src) ? src : old - 1;
  case ISA_AT_MSKOR: return (old & ~cmp) | src; /* ds_mskor: cmp holds the mask */
  /* 64-bit: the CDNA f64 atomics (global/flat_atomic_{add,min,max}_f64). */
  case ISA_AT_FADD: return is64 ? emu_u64(emu_f64(old) + emu_f64(src)) : emu_u32(emu_f32((uint32_t)old) + emu_f32((uint32_t)src));
  case ISA_AT_FMIN:
    return (is64 ? emu_f64(src) < emu_f64(old) : emu_f32((uint32_t)src) < emu_f32((uint32_t)old)) ? src : old;
  case ISA_AT_FMAX:
    return (is64 ? emu_f64(src) > emu_f64(old) : emu_f32((uint32_t)src) > emu_f32((uint32_t)old)) ? src : old;
  case ISA_AT_CSUB: return old >= src ? old - src : 0; /* 32-bit only (RDNA 2 ISA guide) */
  case ISA_AT_PK_FADD_F16: case ISA_AT_PK_FADD_BF16: {
    bool bf = k == ISA_AT_PK_FADD_BF16;
    return pk_add_half((uint32_t)old & 0xffff, (uint32_t)src & 0xffff, bf) |
           (uint64_t)pk_add_half((uint32_t)(old >> 16) & 0xffff, (uint32_t)(src >> 16) & 0xffff, bf) << 16;
  }
  default: return old;
  }
}

static int sgpr_hazard(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    unsigned c = code + i;
    if (c >= EMU_NUM_SGPR || !w->valu_sgpr_write[c]) continue;
    uint64_t between = w->ws - w->valu_sgpr_write[c] - 1;
    unsigned need = d->dev->tgt->hazard_waits[WAVECC_HZ_VALU_SGPR_VMEM];
    if (between < need)
      return emu_fault(d, w, in, "hazard: VALU write of s%u followed by a VMEM read of it needs %u wait states, only %llu present (insert s_nop)",
                       c, need, (unsigned long long)between);
  }
  return 0;
}

/* ------------------------------------------------------------ SMEM */

static int exec_smem(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  isa_op op = in->op;
  int err = 0;
  /* no scalar cache is modelled: write-backs and invalidations are no-ops */
  if (op == ISA_S_DCACHE_WB || op == ISA_S_DCACHE_INV || op == ISA_S_DCACHE_WB_VOL || op == ISA_S_DCACHE_INV_VOL) return 0;
  emu_pending p = {0};
  p.kind = 1; p.reg = in->sdata;
  if (op == ISA_S_MEMTIME || op == ISA_S_MEMREALTIME) {
    p.ndw = 2; p.vals = malloc(8);
    if (!p.vals) return emu_fault(d, w, in, "out of memory");
    /* the work-group's own count: the same whether groups run serially or in parallel */
    p.vals[0] = (uint32_t)d->group_executed; p.vals[1] = (uint32_t)(d->group_executed >> 32);
    return emu_pending_add(d, w, in, &p);
  }
  const emu_opshape *sh = &d->dev->shape[op];
  unsigned ndw = sh->ndefs ? sh->defw[0] : 1;
  uint64_t off = 0;
  if (in->imm) off = (uint64_t)(int64_t)in->offset; /* GFX10+: a signed 21-bit offset */
  else { off = emu_sread(d, w, in, in->soffset, &err); if (err) return -1; }
  if (in->imm && in->soffset != 0xffff) { off += emu_sread(d, w, in, in->soffset, &err); if (err) return -1; }
  p.ndw = (uint16_t)ndw;
  p.vals = calloc(ndw, 4);
  if (!p.vals) return emu_fault(d, w, in, "out of memory");
  if (in->sdata + ndw > d->dev->tgt->addressable_sgprs && in->sdata < d->dev->tgt->addressable_sgprs) { free(p.vals); return emu_fault(d, w, in, "destination s[%u:%u] out of range", in->sdata, in->sdata + ndw - 1); }
  if (emu_srange(d, w, in, in->sdata, ndw, "loads into")) { free(p.vals); return -1; }
  if (isa_sem_of(op)->flags & ISA_S_BUFFER) {
    if (emu_sreg_check(d, w, in, in->sbase, 4)) { free(p.vals); return -1; }
    uint64_t base = w->s[in->sbase] | (uint64_t)(w->s[in->sbase + 1] & 0xffff) << 32;
    uint32_t nrec = w->s[in->sbase + 2];
    for (unsigned i = 0; i < ndw; i++) {
      uint64_t o = (off & ~3ull) + 4 * i;
      if (o + 4 > nrec) continue; /* out of range: 0 */
      if (emu_gread(d, w, in, base + o, &p.vals[i], 4, 0)) { free(p.vals); return -1; }
    }
  } else {
    uint64_t base = emu_sread64(d, w, in, in->sbase, &err);
    if (err) { free(p.vals); return -1; }
    uint64_t addr = (base + off) & ~3ull;
    if (emu_gread(d, w, in, addr, p.vals, ndw * 4, 0)) { free(p.vals); return -1; }
  }
  return emu_pending_add(d, w, in, &p);
}

/* ------------------------------------------------------------ LDS */

static int lds_check(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t a, unsigned n, unsigned lane) {
  if (in->gds) { /* GDS: the limit is M0's (llc-19 sets it to the kernel's amdgpu-gds-size) */
    uint32_t lim = w->s[OPC_M0] < d->tgt->gds_bytes ? w->s[OPC_M0] : d->tgt->gds_bytes;
    if (a + n > lim)
      return emu_fault(d, w, in, "GDS address 0x%llx (%u bytes) outside the %u bytes M0 allows (lane %u)", (unsigned long long)a, n, lim, lane);
    return 0;
  }
  if (a + n > d->lds_size || a > d->lds_size)
    return emu_fault(d, w, in, "LDS address 0x%llx (%u bytes) outside the %u-byte LDS allocation (lane %u)", (unsigned long long)a, n, d->lds_size, lane);
  return 0;
}

static int exec_ds(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  isa_op op = in->op;
  const isa_sem *sem = isa_sem_of(op);
  emu_lanes exec = w->exec;
  int res;
  if (emu_exec_ds_wave(d, w, in, &res)) return res;
  uint8_t *mem = d->lds;
  if (in->gds) { /* GDS atomics: the generic path on the GDS memory (exec_gds.c) */
    mem = emu_gds(d);
    if (!mem) return emu_fault(d, w, in, "out of memory");
    if (!(sem->atomic != ISA_AT_NONE)) return emu_fault(d, w, in, "GDS: only atomics are modelled");
  }
  if (w->salu_m0_write && (sem->flags & ISA_S_ADDTID) && w->ws - w->salu_m0_write - 1 < d->dev->tgt->hazard_waits[WAVECC_HZ_SALU_M0])
    return emu_fault(d, w, in, "hazard: SALU write of M0 followed by LDS add-TID needs %u wait state", d->dev->tgt->hazard_waits[WAVECC_HZ_SALU_M0]);
  memshape ms = shape_of(op);
  int at = sem->atomic;
  int two = (sem->flags & ISA_S_TWO_ADDR) != 0;
  int st64 = (sem->flags & ISA_S_ST64) != 0;
  int rtn = (sem->flags & ISA_S_RTN) != 0;
  int is_write = (isa_table[op].flags & ISA_F_STORE) != 0;
  if (sem->flags & ISA_S_SRC2) return emu_fault(d, w, in, "ds *_src2 instructions are not supported");
  if (emu_vcheck(d, w, in, in->addr, 1, exec)) return -1;
  unsigned elem = ms.bytes; /* per element for the two-address forms */
  unsigned ndata = two ? (elem / 4) : ms.ndw;
  /* Operand reads */
  if ((is_write || at != ISA_AT_NONE || op == ISA_DS_PERMUTE_B32 || op == ISA_DS_BPERMUTE_B32) && emu_vcheck(d, w, in, in->data0, ndata, exec)) return -1;
  if ((two && is_write) || at == ISA_AT_CMPSWAP || at == ISA_AT_MSKOR || (two && at == ISA_AT_SWAP))
    if (emu_vcheck(d, w, in, in->data1, ndata, exec)) return -1;
  emu_pending p = {0};
  unsigned rdw = two ? 2 * ndata : (ms.d16 ? 1 : (ms.bytes + 3) / 4);
  if (rtn) {
    p.kind = 1; p.vgpr = 1; p.reg = in->vdst; p.ndw = (uint16_t)rdw; p.lanes = exec;
    p.vals = calloc((size_t)rdw * EMU_MAX_LANES, 4);
    if (!p.vals) return emu_fault(d, w, in, "out of memory");
    if (ms.d16) { p.maskw = malloc(EMU_MAX_LANES * 4); if (!p.maskw) { free(p.vals); return emu_fault(d, w, in, "out of memory"); } for (unsigned l = 0; l < w->nlanes; l++) p.maskw[l] = ms.hi ? 0xffff0000u : 0xffffu; }
  }
  if (op == ISA_DS_SWIZZLE_B32 || op == ISA_DS_PERMUTE_B32 || op == ISA_DS_BPERMUTE_B32) {
    unsigned off = (unsigned)in->offset | (unsigned)in->offset1 << 8;
    for (unsigned l = 0; l < w->nlanes; l++) {
      if (!((exec >> l) & 1)) continue;
      uint32_t v = 0;
      if (op == ISA_DS_BPERMUTE_B32) { unsigned src = ((w->v[in->addr][l] + off) >> 2) & (w->nlanes - 1); v = ((exec >> src) & 1) ? w->v[in->data0][src] : 0; p.vals[l] = v; }
      else if (op == ISA_DS_PERMUTE_B32) { unsigned dst = ((w->v[in->addr][l] + off) >> 2) & (w->nlanes - 1); p.vals[dst] = w->v[in->data0][l]; }
      else {
        unsigned src = l;
        if (off & 0x8000) { /* quad permute */
          unsigned q = l & ~3u, sel = (off >> (2 * (l & 3))) & 3; src = q + sel;
        } else { /* bit mode within 32-lane groups */
          unsigned and_m = off & 31, or_m = (off >> 5) & 31, xor_m = (off >> 10) & 31;
          src = (l & 32) | ((((l & 31) & and_m) | or_m) ^ xor_m);
        }
        /* ds_swizzle_b32's source is the ADDR field (llvm-mc: "ds_swizzle_b32 v5, v1" puts v1 there) */
        p.vals[l] = ((exec >> src) & 1) ? w->v[in->addr][src] : 0;
      }
    }
    return emu_pending_add(d, w, in, &p);
  }
  int lds_inline = d->chk && chk_lds_inline(d->chk);
  for (unsigned l = 0; l < w->nlanes; l++) {
    if (!((exec >> l) & 1)) continue;
    uint64_t base = w->v[in->addr][l];
    unsigned nacc = two ? 2 : 1;
    for (unsigned k = 0; k < nacc; k++) {
      uint64_t a;
      if (two) a = base + (uint64_t)(k ? in->offset1 : (unsigned)in->offset) * elem * (st64 ? 64 : 1);
      else a = base + ((unsigned)in->offset | (unsigned)in->offset1 << 8);
      a &= 0xffffffffull;
      if (lds_check(d, w, in, a, elem, l)) { free(p.vals); free(p.maskw); return -1; }
      if (d->chk && !in->gds) {
        int kind = is_write ? CHK_WRITE : at != ISA_AT_NONE ? CHK_ATOMIC : CHK_READ;
        if (lds_inline) poison_lds_lane(d->chk, a, elem, l, kind);
        else if (emu_check_access(d, w, in, 1, a, elem, l, kind, 0)) { free(p.vals); free(p.maskw); return -1; }
      }
      uint8_t *m = mem + a;
      unsigned dreg = two ? (k ? in->data1 : in->data0) : in->data0;
      if (is_write) {
        uint32_t buf[4];
        for (unsigned i = 0; i < (elem + 3) / 4; i++) buf[i] = w->v[dreg + i][l];
        if (ms.d16 && ms.hi) buf[0] >>= 16;
        copy_small(m, buf, elem);
      } else if (at != ISA_AT_NONE) {
        int is64 = elem == 8;
        uint64_t old = 0, src = w->v[in->data0][l], cmp = 0;
        memcpy(&old, m, elem);
        if (is64) src |= (uint64_t)w->v[in->data0 + 1][l] << 32;
        if (at == ISA_AT_CMPSWAP || at == ISA_AT_MSKOR) {
          /* ds_cmpst: data0 = compare, data1 = new value; ds_mskor: data0 = mask, data1 = or-value */
          uint64_t x1 = w->v[in->data1][l];
          if (is64) x1 |= (uint64_t)w->v[in->data1 + 1][l] << 32;
          cmp = src; src = x1;
          /* gfx11 ds_cmpstore: data0 = new value, data1 = compare (RDNA 3 guide, DS_CMPSTORE_B32) */
          if (op == ISA_DS_CMPSTORE_B32 || op == ISA_DS_CMPSTORE_B64 || op == ISA_DS_CMPSTORE_RTN_B32 ||
              op == ISA_DS_CMPSTORE_RTN_B64) { uint64_t t = cmp; cmp = src; src = t; }
        }
        uint64_t nv = emu_atomic_apply(at, old, src, cmp, is64);
        memcpy(m, &nv, elem);
        if (rtn) { p.vals[l] = (uint32_t)old; if (is64) p.vals[EMU_MAX_LANES + l] = (uint32_t)(old >> 32); }
      } else { /* read */
        uint32_t buf[4] = {0};
        copy_small(buf, m, elem);
        if (ms.bytes < 4 && !two) {
          uint32_t x = buf[0];
          if (ms.bytes == 1) x = ms.sign ? (uint32_t)(int32_t)(int8_t)x : (x & 0xff);
          else x = ms.sign ? (uint32_t)(int32_t)(int16_t)x : (x & 0xffff);
          if (ms.d16) x = ms.hi ? x << 16 : x & 0xffff;
          buf[0] = x;
        }
        for (unsigned i = 0; i < (elem + 3) / 4; i++) p.vals[(k * (elem / 4 ? elem / 4 : 1) + i) * EMU_MAX_LANES + l] = buf[i];
      }
    }
  }
  if (rtn) return emu_pending_add(d, w, in, &p);
  p.kind = 1; p.ndw = 0; p.lanes = 0; /* LDS writes count in lgkmcnt */
  return emu_pending_add(d, w, in, &p);
}

/* ------------------------------------------------------------ per-lane access helpers */

/* One lane's access to an address space: 0 global, 1 LDS, 2 scratch (offset). */
static int lane_rw(emu_dispatch *d, emu_wave *w, const emu_inst *in, int space, uint64_t addr, uint8_t *buf, unsigned n,
                   unsigned lane, int write, uint64_t scratch_base) {
  if (space == 1) {
    if (lds_check(d, w, in, addr, n, lane)) return -1;
    if (write) copy_small(d->lds + addr, buf, n); else copy_small(buf, d->lds + addr, n);
    return 0;
  }
  if (space == 2) {
    for (unsigned i = 0; i < n; i++) {
      uint64_t o = addr + i;
      uint64_t ga = scratch_base + (o / 4) * 4 * w->nlanes + lane * 4 + o % 4; /* dwords interleaved across the wave */
      if (o >= d->scratch_per_lane + 64 * 1024)
        return emu_fault(d, w, in, "scratch offset 0x%llx beyond the private segment (%u bytes per lane) (lane %u)", (unsigned long long)o, d->scratch_per_lane, lane);
      if (write ? emu_gwrite(d, w, in, ga, buf + i, 1, lane) : emu_gread(d, w, in, ga, buf + i, 1, lane)) return -1;
    }
    return 0;
  }
  return write ? emu_gwrite(d, w, in, addr, buf, n, lane) : emu_gread(d, w, in, addr, buf, n, lane);
}

/* A VMEM load's sub-dword value in dv[0] as the register receives it:
 * sign- or zero-extended, or a d16 half in the low or high 16 bits. */
static inline void load_extend(memshape ms, uint32_t dv[4]) {
  if (ms.bytes >= 4) return;
  uint32_t x = dv[0];
  if (ms.bytes == 1) x = ms.sign ? (uint32_t)(int32_t)(int8_t)x : (x & 0xff);
  else x = ms.sign ? (uint32_t)(int32_t)(int16_t)x : (x & 0xffff);
  if (ms.d16) x = ms.hi ? x << 16 : x & 0xffff;
  dv[0] = x;
}

/* The whole-wave path of a plain global load or store (issue 28: the
 * per-lane check call and allocation search were most of a global
 * access's time). It applies when every active lane's access is global
 * (not LDS, scratch or out of range), all of them lie inside one
 * allocation that is not the scratch allocation, and no check may report
 * or log one of them (alignment and race are off; poison reports only a
 * store of undefined data, and reads nothing global): the per-lane path
 * would then pass every check and only copy, in lane order, as here.
 * 1 when done (a load's lanes in `vals`), 0 when the caller must take the
 * per-lane path. */
static int vmem_global_wave(emu_dispatch *d, emu_wave *w, const uint64_t *addr, const int *space, const uint8_t *oob,
                            memshape ms, int is_store, unsigned data_reg, uint32_t *vals) {
  emu_lanes exec = w->exec;
  if (!exec) return 0;
  if (d->chk && (!chk_lds_inline(d->chk) || (is_store && (d->chk->checks & WEMU_CHECK_POISON) && (d->chk->data_undef & exec))))
    return 0;
  uint64_t lo = UINT64_MAX, hi = 0;
  for (emu_lanes m = exec; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    if (space[l] || (oob && oob[l]) || addr[l] > UINT64_MAX - ms.bytes) return 0;
    if (addr[l] < lo) lo = addr[l];
    if (addr[l] + ms.bytes > hi) hi = addr[l] + ms.bytes;
  }
  emu_alloc *a = emu_find(d->dev, lo, hi - lo);
  if (!a || (d->scratch_total && lo < d->scratch_alloc + d->scratch_total && hi > d->scratch_alloc)) return 0;
  uint8_t *mem = a->data - a->base;
  for (emu_lanes m = exec; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    uint32_t dv[4] = {0};
    if (is_store) {
      for (unsigned i = 0; i < ms.ndw; i++) dv[i] = w->v[data_reg + i][l];
      if (ms.d16 && ms.hi) dv[0] >>= 16;
      copy_small(mem + addr[l], dv, ms.bytes);
      continue;
    }
    copy_small(dv, mem + addr[l], ms.bytes);
    load_extend(ms, dv);
    for (unsigned i = 0; i < ms.ndw; i++) vals[i * EMU_MAX_LANES + l] = dv[i];
  }
  return 1;
}

/* Common tail of VMEM/FLAT: per-lane address list -> loads/stores/atomics. */
static int vmem_lanes(emu_dispatch *d, emu_wave *w, const emu_inst *in, const uint64_t *addr, const int *space,
                      const uint8_t *oob, unsigned data_reg, unsigned dst_reg, uint64_t scratch_base) {
  const isa_sem *sem = isa_sem_of(in->op);
  emu_lanes exec = w->exec;
  memshape ms = shape_of(in->op);
  int at = sem->atomic;
  int is_store = (isa_table[in->op].flags & ISA_F_STORE) != 0;
  int is_load = !is_store && at == ISA_AT_NONE;
  assert(!(sem->flags & ISA_S_FORMAT)); /* exec_typed.c */
  /* the global/buffer f32 add of a GPU whose memory atomics ignore MODE
   * and flush f32 denormals (wavecc_target.fp_atomic_add_f32_ftz: gfx90a) */
  bool ftz_add = at == ISA_AT_FADD && ms.ndw == 1 && in->fmt != ISA_FMT_FLAT && d->dev->tgt->fp_atomic_add_f32_ftz;
  unsigned dn = at == ISA_AT_CMPSWAP ? 2 * ms.ndw : ms.ndw;
  /* A spill store (MUBUF "off", no index) may save lanes no code wrote: the
   * whole-wave save of the temporary VGPR of an SGPR spill to scratch
   * (seed D96336). It is not an uninitialised read; poison is not carried
   * through memory, so the reload makes those lanes look written. */
  int save_uninit = d->check_uninit;
  if (is_store && in->fmt == ISA_FMT_MUBUF && !in->offen && !in->idxen) d->check_uninit = 0;
  int bad = (is_store || at != ISA_AT_NONE) && emu_vcheck(d, w, in, data_reg, ms.d16 ? 1 : dn, exec);
  d->check_uninit = save_uninit;
  if (bad) return -1;
  emu_pending p = {0};
  int ret = is_load || (at != ISA_AT_NONE && in->glc);
  if (ret) {
    p.kind = 0; p.vgpr = 1; p.reg = (uint16_t)dst_reg; p.ndw = (uint16_t)ms.ndw; p.lanes = exec;
    p.vals = calloc((size_t)ms.ndw * EMU_MAX_LANES, 4);
    if (!p.vals) return emu_fault(d, w, in, "out of memory");
    if (ms.d16) { p.maskw = malloc(EMU_MAX_LANES * 4); if (!p.maskw) { free(p.vals); return emu_fault(d, w, in, "out of memory"); } for (unsigned l = 0; l < w->nlanes; l++) p.maskw[l] = ms.hi ? 0xffff0000u : 0xffffu; }
  }
  if (at == ISA_AT_NONE && vmem_global_wave(d, w, addr, space, oob, ms, is_store, data_reg, p.vals)) {
    if (ret) return emu_pending_add(d, w, in, &p);
    p.kind = d->dev->tgt->counters[WAVECC_CNT_VS].bits ? EMU_PEND_VS : EMU_PEND_VM; p.ndw = 0; p.lanes = 0;
    return emu_pending_add(d, w, in, &p);
  }
  /* Global atomics are atomic across work-groups running on other threads:
   * the whole instruction holds the dispatch's lock (lanes in order). */
  emu_par *lock = at != ISA_AT_NONE ? d->par : NULL;
  emu_par_lock(lock);
  for (unsigned l = 0; l < w->nlanes; l++) {
    if (!((exec >> l) & 1)) continue;
    uint8_t buf[16] = {0};
    /* kernel bug checks (check.c): 1 read, 2 write, 3 atomic */
    if (d->chk && !(oob && oob[l]) &&
        emu_check_access(d, w, in, space[l], addr[l], ms.bytes, l, is_store ? 2 : at != ISA_AT_NONE ? 3 : 1, scratch_base))
      goto fail;
    if (is_store) {
      uint32_t dv[4];
      for (unsigned i = 0; i < ms.ndw; i++) dv[i] = w->v[data_reg + i][l];
      if (ms.d16 && ms.hi) dv[0] >>= 16;
      copy_small(buf, dv, ms.bytes);
      if (oob && oob[l]) continue; /* dropped */
      if (lane_rw(d, w, in, space[l], addr[l], buf, ms.bytes, l, 1, scratch_base)) goto fail;
    } else if (at != ISA_AT_NONE) {
      int is64 = ms.ndw == 2;
      uint64_t old = 0, src = w->v[data_reg][l], cmp = 0;
      if (is64) src |= (uint64_t)w->v[data_reg + 1][l] << 32;
      if (at == ISA_AT_CMPSWAP) { cmp = w->v[data_reg + ms.ndw][l]; if (is64) cmp |= (uint64_t)w->v[data_reg + 3][l] << 32; }
      if (oob && oob[l]) { old = 0; }
      else {
        /* 16-byte buffers: lane_rw's copy has a 16-byte case (ms.bytes is at most 8 here) */
        uint64_t ob[2] = {0}, nb[2] = {0};
        if (lane_rw(d, w, in, space[l], addr[l], (uint8_t *)ob, ms.bytes, l, 0, scratch_base)) goto fail;
        old = ob[0];
        if (ftz_add) nb[0] = ftz32((uint32_t)emu_atomic_apply(at, ftz32((uint32_t)old), ftz32((uint32_t)src), cmp, 0));
        else nb[0] = emu_atomic_apply(at, old, src, cmp, is64);
        if (lane_rw(d, w, in, space[l], addr[l], (uint8_t *)nb, ms.bytes, l, 1, scratch_base)) goto fail;
      }
      if (ret) { p.vals[l] = (uint32_t)old; if (is64) p.vals[EMU_MAX_LANES + l] = (uint32_t)(old >> 32); }
    } else {
      if (!(oob && oob[l]) && lane_rw(d, w, in, space[l], addr[l], buf, ms.bytes, l, 0, scratch_base)) goto fail;
      uint32_t dv[4];
      memcpy(dv, buf, 16);
      load_extend(ms, dv);
      for (unsigned i = 0; i < ms.ndw; i++) p.vals[i * EMU_MAX_LANES + l] = dv[i];
    }
  }
  emu_par_unlock(lock);
  if (ret) return emu_pending_add(d, w, in, &p);
  /* Stores and non-returning atomics count in vscnt where the target has
   * it (RDNA: s_waitcnt_vscnt), else in vmcnt (gfx9). */
  p.kind = d->dev->tgt->counters[WAVECC_CNT_VS].bits ? EMU_PEND_VS : EMU_PEND_VM; p.ndw = 0; p.lanes = 0;
  return emu_pending_add(d, w, in, &p);
fail:
  emu_par_unlock(lock);
  free(p.vals); free(p.maskw);
  return -1;
}

/* ------------------------------------------------------------ MUBUF */

/* Faults a scratch access (global address `ga`) outside wave w's private
 * segment block: past its end that is a stack overflow when the kernel has
 * a dynamic stack (recursion) or is inside a call, reported with the call
 * depth and sizes; on hardware it would overwrite the next wave's stack. */
static int scratch_overflow(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t ga, unsigned lane) {
  int64_t rel = (int64_t)(ga - w->scratch_base);
  long long o = rel >= 0 ? (long long)((uint64_t)rel / (4 * w->nlanes) * 4 + (uint64_t)rel % 4) : -1;
  if ((d->dynamic_stack || w->call_depth) && rel >= 0)
    return emu_fault(d, w, in,
                     "stack overflow at call depth %u: scratch offset %lld is past the %u bytes per work-item "
                     "(%u of them dynamic stack; more with wemu_options.dynamic_stack_bytes or wavecc-run "
                     "--stack-size=BYTES) (lane %u)",
                     w->call_depth, o, d->scratch_per_lane, d->dynamic_stack, lane);
  return emu_fault(d, w, in, "scratch address 0x%llx outside this wave's private segment (%u bytes per work-item) (lane %u)",
                   (unsigned long long)ga, d->scratch_per_lane, lane);
}

static int exec_mubuf(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  isa_op op = in->op;
  int err = 0;
  /* Cache maintenance: one coherent memory here, nothing to write back. */
  if (op == ISA_BUFFER_WBINVL1 || op == ISA_BUFFER_WBINVL1_VOL || op == ISA_BUFFER_GL0_INV || op == ISA_BUFFER_GL1_INV ||
      op == ISA_BUFFER_WBL2 || op == ISA_BUFFER_INVL2 || op == ISA_BUFFER_INV)
    return 0;
  if (sgpr_hazard(d, w, in, in->srsrc, 4) || sgpr_hazard(d, w, in, in->soffset, 1)) return -1;
  if (emu_sreg_check(d, w, in, in->srsrc, 4)) return -1;
  uint32_t *vs = &w->s[in->srsrc];
  uint64_t base = vs[0] | (uint64_t)(vs[1] & 0xffff) << 32;
  uint32_t stride = (vs[1] >> 16) & 0x3fff, nrec = vs[2];
  int swz = (vs[1] >> 31) & 1;
  unsigned idx_stride = 8u << ((vs[3] >> 21) & 3);
  int add_tid = (vs[3] >> 23) & 1;
  uint32_t soff = emu_sread(d, w, in, in->soffset, &err);
  if (err) return -1;
  emu_lanes exec = w->exec;
  unsigned nv = (in->offen ? 1u : 0u) + (in->idxen ? 1u : 0u);
  if (nv && emu_vcheck(d, w, in, in->vaddr, nv, exec)) return -1;
  memshape ms = shape_of(op);
  /* typed access (exec_typed.c): the element's bytes by the V#'s format */
  int typed = (isa_sem_of(op)->flags & ISA_S_FORMAT) != 0;
  unsigned ebytes = ms.bytes;
  if (typed && emu_typed_buffer_bytes(d, w, in, vs, &ebytes)) return -1;
  uint64_t addr[EMU_MAX_LANES];
  int space[EMU_MAX_LANES];
  uint8_t oob[EMU_MAX_LANES];
  /* A V# into the scratch allocation: each wave may touch its own block only. */
  int scratch_v = d->scratch_total && base >= d->scratch_alloc && base < d->scratch_alloc + d->scratch_total;
  for (unsigned l = 0; l < w->nlanes; l++) {
    space[l] = 0; oob[l] = 0; addr[l] = 0;
    if (!((exec >> l) & 1)) continue;
    uint64_t index = in->idxen ? w->v[in->vaddr][l] : 0;
    uint64_t off = (in->offen ? w->v[in->vaddr + (in->idxen ? 1 : 0)][l] : 0) + (uint32_t)in->offset;
    if (add_tid) index += l;
    uint64_t bo;
    if (swz) {
      uint64_t imsb = index / idx_stride, ilsb = index % idx_stride, omsb = off / 4, olsb = off % 4;
      bo = (imsb * stride + omsb * 4) * idx_stride + ilsb * 4 + olsb;
    } else bo = index * stride + off;
    if (stride == 0 || !in->idxen) { if (off + ebytes > nrec && !(swz && add_tid)) oob[l] = 1; }
    else if (index >= nrec) oob[l] = 1;
    addr[l] = base + soff + bo;
    if (scratch_v && (addr[l] < w->scratch_base || addr[l] + ebytes > w->scratch_base + d->scratch_per_wave)) {
      if (emu_check_scratch(d, w, in, addr[l], ebytes, l)) return -1; /* --check=bounds names the bug */
      return scratch_overflow(d, w, in, addr[l], l);
    }
  }
  /* A load with EXEC = 0 writes nothing: remember it for the strict check
   * on cross-lane reads (v_readlane of a reload under EXEC = 0, D99507). */
  if (!exec && (isa_table[op].flags & ISA_F_LOAD))
    for (unsigned i = 0; i < ms.bytes / 4 + (ms.bytes % 4 != 0) && in->vdata + i < EMU_NUM_VGPR; i++) w->vexec0[in->vdata + i] = 1;
  if (typed) return emu_typed_buffer_lanes(d, w, in, vs, addr, oob);
  return vmem_lanes(d, w, in, addr, space, oob, in->vdata, in->vdata, 0);
}

/* ------------------------------------------------------------ FLAT / GLOBAL / SCRATCH */

static int exec_flat(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_lanes exec = w->exec;
  int err = 0;
  uint64_t addr[EMU_MAX_LANES];
  int space[EMU_MAX_LANES];
  uint64_t sbase = 0;
  int need_scratch = 0;
  if (in->fmt == ISA_FMT_GLOBAL && in->saddr != 0x7f) {
    if (sgpr_hazard(d, w, in, in->saddr, 2)) return -1;
    sbase = emu_sread64(d, w, in, in->saddr, &err);
    if (err) return -1;
    if (emu_vcheck(d, w, in, in->addr, 1, exec)) return -1;
  } else if (in->fmt == ISA_FMT_SCRATCH) {
    /* SADDR and/or the address VGPR: gfx9/gfx10 one of them; gfx11 and
     * gfx940 either, both (SVE) or neither (decode sets vaddr_off). */
    if (in->saddr != 0x7f) {
      if (sgpr_hazard(d, w, in, in->saddr, 1)) return -1;
      sbase = emu_sread(d, w, in, in->saddr, &err);
      if (err) return -1;
    }
    if ((in->saddr != 0x7f ? in->sve : !in->vaddr_off) && emu_vcheck(d, w, in, in->addr, 1, exec)) return -1;
  } else if (emu_vcheck(d, w, in, in->addr, 2, exec)) return -1;
  for (unsigned l = 0; l < w->nlanes; l++) {
    space[l] = 0; addr[l] = 0;
    if (!((exec >> l) & 1)) continue;
    uint64_t a;
    if (in->fmt == ISA_FMT_SCRATCH) {
      /* SADDR or VADDR (gfx9/gfx10); on gfx11 either, both (SVS) or neither */
      bool vaddr = in->saddr != 0x7f ? in->sve : !in->vaddr_off;
      a = (in->saddr != 0x7f ? sbase : 0) + (vaddr ? w->v[in->addr][l] : 0) + (int64_t)in->offset;
      addr[l] = a & 0xffffffffull; space[l] = 2; need_scratch = 1;
      continue;
    }
    if (in->fmt == ISA_FMT_GLOBAL && in->saddr != 0x7f) a = sbase + w->v[in->addr][l] + (int64_t)in->offset;
    else a = ((uint64_t)w->v[in->addr][l] | (uint64_t)w->v[in->addr + 1][l] << 32) + (int64_t)in->offset;
    addr[l] = a;
    if (in->fmt == ISA_FMT_FLAT) {
      if (a >= EMU_SHARED_APERTURE && a < EMU_SHARED_APERTURE + EMU_APERTURE_SIZE) { space[l] = 1; addr[l] = a - EMU_SHARED_APERTURE; }
      else if (a >= EMU_PRIVATE_APERTURE && a < EMU_PRIVATE_APERTURE + EMU_APERTURE_SIZE) { space[l] = 2; addr[l] = a - EMU_PRIVATE_APERTURE; need_scratch = 1; }
    }
  }
  uint64_t scratch_base = 0;
  if (need_scratch) {
    /* FLAT_SCRATCH holds this wave's scratch base: s[102:103] on gfx9, set
     * up by the kernel prolog; a hardware register on RDNA (written with
     * s_setreg on gfx10, by the hardware on gfx11). */
    if (d->tgt->flat_scratch_init == WAVECC_FS_SGPR_PAIR) {
      if (emu_sreg_check(d, w, in, OPC_FLAT_SCR_LO, 2)) return -1;
      scratch_base = (uint64_t)w->s[OPC_FLAT_SCR_LO] | (uint64_t)w->s[OPC_FLAT_SCR_HI] << 32;
    } else if (w->flat_scratch_set != 3) {
      return emu_fault(d, w, in, "scratch access before FLAT_SCRATCH is set up (s_setreg of HW_REG_FLAT_SCR_LO/HI)");
    } else {
      scratch_base = w->flat_scratch;
    }
  }
  if (vmem_lanes(d, w, in, addr, space, NULL, in->data0, in->vdst, scratch_base)) return -1;
  if (in->fmt != ISA_FMT_FLAT || !d->tgt->flat_lgkm_in_order) return 0;
  /* A FLAT-segment access also counts in lgkmcnt (it may reach LDS; LLVM
   * FLATInstructions.td: "executed as both an LDS and a Buffer
   * instruction"). From GFX10 it returns in order with LDS accesses, so it
   * occupies a place in the in-order lgkm count: llc-19 relies on that
   * (ds_load, flat_store, lgkmcnt(1) retires the ds_load). On gfx9 it is
   * out of order and is not counted: no lgkmcnt(N > 0) may rely on it. */
  emu_pending tok = {0};
  tok.kind = EMU_PEND_LGKM;
  return emu_pending_add(d, w, in, &tok);
}

int emu_exec_mem(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  switch (in->fmt) {
  case ISA_FMT_SMEM: return exec_smem(d, w, in);
  case ISA_FMT_DS: return exec_ds(d, w, in);
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF: return exec_mubuf(d, w, in);
  default: return exec_flat(d, w, in);
  }
}
