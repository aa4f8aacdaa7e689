/* Register file access for one wave: scalar/vector operands, inline
 * constants, poison tracking for --check-uninit, and the outstanding-load
 * queue behind the strict s_waitcnt model.
 *
 * Strict waitcnt (AMD Vega ISA guide 4.4 "Data Dependency Resolution"): a
 * VMEM/SMEM/LDS load writes its destination only when an s_waitcnt brings
 * the matching counter (vmcnt, lgkmcnt) low enough; until then the
 * destination keeps its old contents. Because code that reads such a
 * register is always wrong on hardware, the read is reported as a fault
 * naming both PCs. Loads retire in issue order per counter, except SMEM
 * (out of order: only lgkmcnt(0) retires it); see emu_wait and, for the
 * counters' capacity, emu_pending_add. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"

int emu_fault(emu_dispatch *d, emu_wave *w, const emu_inst *in, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  uint64_t pc = w ? w->pc - d->entry : 0;
  /* Which work-items: the work-group and the wave in it (a lane number in
   * the message completes the local id: wave * wave size + lane, 1-D). */
  char where[96] = "";
  if (w && d->in_group)
    snprintf(where, sizeof where, " [work-group (%u,%u,%u), wave %u of the group]", d->group_id[0], d->group_id[1],
             d->group_id[2], w->id_in_group);
  if (in)
    emu_err(d->dev, "kernel %s: pc 0x%llx: %s: %s%s", d->k->name, (unsigned long long)pc, isa_table[in->op].mnemonic, msg,
            where);
  else
    emu_err(d->dev, "kernel %s: pc 0x%llx: %s%s", d->k->name, (unsigned long long)pc, msg, where);
  return -1;
}

static void sname(char *b, size_t n, unsigned code) {
  if (code < OPC_FLAT_SCR_LO) snprintf(b, n, "s%u", code); /* SSRC codes of SGPRs (gfx9 encoding) */
  else if (code == OPC_VCC_LO) snprintf(b, n, "vcc_lo");
  else if (code == OPC_VCC_HI) snprintf(b, n, "vcc_hi");
  else if (code == OPC_M0) snprintf(b, n, "m0");
  else if (code == OPC_FLAT_SCR_LO) snprintf(b, n, "flat_scratch_lo");
  else if (code == OPC_FLAT_SCR_HI) snprintf(b, n, "flat_scratch_hi");
  else snprintf(b, n, "sgpr-code %u", code);
}

static uint64_t pending_pc(emu_wave *w, int vgpr, unsigned reg) {
  for (size_t i = 0; i < w->npend; i++) {
    emu_pending *p = &w->pend[i];
    if (p->vgpr == vgpr && reg >= p->reg && reg < p->reg + p->ndw) return p->pc;
  }
  return 0;
}

int emu_srange(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, unsigned ndw, const char *what) {
  /* above the general SGPRs (FLAT_SCRATCH, VCC, M0, EXEC...): not the descriptor's to limit */
  if (code >= d->dev->tgt->addressable_sgprs || code + ndw <= d->sgpr_limit) return 0;
  unsigned r = code >= d->sgpr_limit ? code : d->sgpr_limit;
  return emu_fault(d, w, in, "%s s%u beyond the %u SGPRs the kernel descriptor allocates", what, r, d->sgpr_limit);
}

/* Checks `ndw` SGPR-file registers starting at `code` for poison/pending. */
int emu_sreg_check(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, unsigned ndw) {
  if (emu_srange(d, w, in, code, ndw, "reads")) return -1;
  for (unsigned i = 0; i < ndw; i++) {
    unsigned c = code + i;
    if (c >= EMU_NUM_SGPR || c == OPC_EXEC_LO || c == OPC_EXEC_HI) continue;
    char nm[32];
    if (w->spend[c] && !d->dev->opt.lax_waitcnt) {
      sname(nm, sizeof nm, c);
      return emu_fault(d, w, in, "reads %s before an s_waitcnt covers the load at pc 0x%llx (missing lgkmcnt wait)",
                       nm, (unsigned long long)(pending_pc(w, 0, c) - d->entry));
    }
    if (!w->sinit[c] && d->check_uninit) {
      /* With EXEC = 0 (a block no lane runs, which masked code enters)
       * an SALU read of a never-written SGPR is not reported: masked code
       * reads a uniform VALU result back with v_readfirstlane_b32 there,
       * which then reads lane 0 (ISA), never written in that block (stress
       * 79902/79903/79906/79909/79928 at gfx900 -O0 8/24: s_and_b32 of it
       * for s_set_gpr_idx_on before a v_mov_b32 with EXEC = 0), or reloads
       * an SGPR spilled in an arm the wave skipped (79921: the mask of an
       * if in that block, and-ed with EXEC = 0). Whether such a value
       * decides EXEC, a branch, an address or a store is the poison
       * check's question (bit-precise: EXEC & undefined is a defined 0),
       * and it asks it whenever poison is on (the default). */
      if (!w->exec && isa_fmt_salu(in->fmt) && in->op != ISA_S_SETPC_B64 && in->op != ISA_S_SWAPPC_B64) continue;
      sname(nm, sizeof nm, c);
      return emu_fault(d, w, in, "reads never-written %s", nm);
    }
  }
  return 0;
}

uint64_t emu_const64(const emu_inst *in, unsigned code, int fp64, int sext, int *ok) {
  *ok = 1;
  if (code >= OPC_ZERO && code <= OPC_INT_POS_LAST) return (uint64_t)(code - OPC_ZERO);
  if (code > OPC_INT_POS_LAST && code <= OPC_INT_NEG_LAST) return (uint64_t)(int64_t)(OPC_INT_POS_LAST - (int)code);
  if (code >= OPC_FLT_FIRST && code <= OPC_FLT_LAST) {
    static const uint32_t f32[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
    static const uint64_t f64[] = {0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
                                   0x4000000000000000ull, 0xc000000000000000ull, 0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull};
    return fp64 ? f64[code - OPC_FLT_FIRST] : f32[code - OPC_FLT_FIRST];
  }
  if (code == OPC_LITERAL) {
    if (fp64) return (uint64_t)in->literal << 32;
    return sext ? (uint64_t)(int64_t)(int32_t)in->literal : in->literal;
  }
  *ok = 0;
  return 0;
}

/* Reads a 32-bit scalar operand (SGPR, special register or constant). */
uint32_t emu_sread(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, int *err) {
  int ok;
  if (code < EMU_NUM_SGPR) {
    if (code == OPC_NULL && d->dev->tgt->has_sgpr_null) return 0;
    if (code == OPC_EXEC_LO) return (uint32_t)w->exec;
    if (code == OPC_EXEC_HI && w->nlanes <= 32) { *err = 1; emu_fault(d, w, in, "reads exec_hi, which is no part of EXEC in wave%u", w->nlanes); return 0; }
    if (code == OPC_EXEC_HI) return (uint32_t)(w->exec >> 32);
    if (emu_sreg_check(d, w, in, code, 1)) { *err = 1; return 0; }
    return w->s[code];
  }
  uint64_t c = emu_const64(in, code, 0, 0, &ok);
  if (ok) return (uint32_t)c;
  switch (code) {
  case OPC_SHARED_BASE: return (uint32_t)(EMU_SHARED_APERTURE >> 32);
  case OPC_SHARED_LIMIT: return (uint32_t)((EMU_SHARED_APERTURE + EMU_APERTURE_SIZE - 1) >> 32);
  case OPC_PRIVATE_BASE: return (uint32_t)(EMU_PRIVATE_APERTURE >> 32);
  case OPC_PRIVATE_LIMIT: return (uint32_t)((EMU_PRIVATE_APERTURE + EMU_APERTURE_SIZE - 1) >> 32);
  case OPC_VCCZ: return emu_vcc_mask(w) == 0;
  case OPC_EXECZ: return w->exec == 0;
  case OPC_SCC: return w->scc;
  case OPC_POPS_WAVE_ID: return 0;
  default: break;
  }
  *err = 1;
  emu_fault(d, w, in, "unsupported scalar operand code %u", code);
  return 0;
}

/* Reads a 64-bit scalar operand (an aligned SGPR pair, VCC, EXEC, constant). */
uint64_t emu_sread64(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, int *err) {
  int ok;
  if (code == OPC_EXEC_LO && w->nlanes <= 32) { *err = 1; emu_fault(d, w, in, "reads EXEC as 64 bits in wave%u (exec_lo is all of it)", w->nlanes); return 0; }
  if (code == OPC_EXEC_LO) return w->exec;
  if (code == OPC_NULL && d->dev->tgt->has_sgpr_null) return 0;
  if (code < EMU_NUM_SGPR - 1) {
    if (emu_sreg_check(d, w, in, code, 2)) { *err = 1; return 0; }
    return (uint64_t)w->s[code] | (uint64_t)w->s[code + 1] << 32;
  }
  uint32_t sf = isa_sem_of(in->op)->flags;
  if ((sf & ISA_S_IMM64_ZEXT) && code == OPC_LITERAL) return in->literal;
  /* a 64-bit operand's inline float constant is the f64 pattern, SALU or
   * VALU, integer op or float (llc-19 builds 0x3ff0000000000000 << n with
   * s_lshl_b64 s[..], 1.0, s2 and v_lshlrev_b64 v[..], v2, 1.0: LLVM's
   * isInlinableLiteral64 for every 64-bit operand); a literal there stays
   * a 32-bit integer */
  bool f64k = code >= OPC_FLT_FIRST && code <= OPC_FLT_LAST;
  uint64_t c = emu_const64(in, code, f64k || (sf & (ISA_S_IMM64 | ISA_S_IMM64_ZEXT)) != 0, (sf & ISA_S_IMM64_SIGNED) != 0, &ok);
  if (ok) return c;
  if (code == OPC_SHARED_BASE) return EMU_SHARED_APERTURE;
  if (code == OPC_PRIVATE_BASE) return EMU_PRIVATE_APERTURE;
  if (code == OPC_SHARED_LIMIT) return EMU_SHARED_APERTURE + EMU_APERTURE_SIZE - 1;
  if (code == OPC_PRIVATE_LIMIT) return EMU_PRIVATE_APERTURE + EMU_APERTURE_SIZE - 1;
  return emu_sread(d, w, in, code, err);
}

static void trace_add(emu_dispatch *d, const char *fmt, unsigned a, uint32_t v) {
  if (!d->trace || d->twlen + 40 >= sizeof d->tw) return;
  d->twlen += (size_t)snprintf(d->tw + d->twlen, sizeof d->tw - d->twlen, fmt, a, v);
}

/* Writes an SGPR-file register (EXEC halves update the mask; in wave32
 * exec_lo is all of EXEC and exec_hi may not be written). */
int emu_swrite(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, uint32_t v) {
  if (code == OPC_NULL && d->dev->tgt->has_sgpr_null) return 0;
  if (code == OPC_EXEC_LO) {
    w->exec = ((w->exec & ~0xffffffffull) | v) & wavecc_lanes_all(w->nlanes);
    trace_add(d, " exec_lo=%u%08x", 0, v);
    return 0;
  }
  if (code == OPC_EXEC_HI && w->nlanes <= 32) return emu_fault(d, w, in, "writes exec_hi, which is no part of EXEC in wave%u", w->nlanes);
  if (code == OPC_EXEC_HI) { w->exec = (w->exec & 0xffffffffull) | (uint64_t)v << 32; trace_add(d, " exec_hi=%u%08x", 0, v); return 0; }
  if (code >= EMU_NUM_SGPR || code == 125) return emu_fault(d, w, in, "write to read-only operand code %u", code);
  if (code >= 108 && code <= 123) return emu_fault(d, w, in, "write to trap temporary ttmp%u", code - 108);
  if (emu_srange(d, w, in, code, 1, "writes")) return -1;
  if (w->spend[code] && !d->dev->opt.lax_waitcnt) {
    char nm[32];
    sname(nm, sizeof nm, code);
    return emu_fault(d, w, in, "overwrites %s while the load into it at pc 0x%llx is outstanding (missing lgkmcnt wait)",
                     nm, (unsigned long long)(pending_pc(w, 0, code) - d->entry));
  }
  w->s[code] = v;
  w->sinit[code] = 1;
  if (code == OPC_VCC_LO) trace_add(d, " vcc_lo%.0u=0x%08x", 0u, v);
  else if (code == OPC_VCC_HI) trace_add(d, " vcc_hi%.0u=0x%08x", 0u, v);
  else if (code == OPC_M0) trace_add(d, " m0%.0u=0x%08x", 0u, v);
  else trace_add(d, " s%u=0x%08x", code, v);
  return 0;
}

/* A lane mask (VCC, a v_cmp result, a carry): one SGPR in wave32, an
 * aligned pair in wave64 (wavecc_target.lane_mask_dwords). */
uint64_t emu_mask_read(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, int *err) {
  if (w->nlanes > 32) return emu_sread64(d, w, in, code, err);
  if (code == OPC_EXEC_LO) return w->exec & 0xffffffffull;
  return emu_sread(d, w, in, code, err);
}

int emu_mask_write(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, uint64_t v) {
  if (w->nlanes > 32) return emu_swrite64(d, w, in, code, v);
  if (code == OPC_EXEC_LO) { w->exec = v & 0xffffffffull; trace_add(d, " exec_lo=%u%08x", 0, (uint32_t)v); return 0; }
  return emu_swrite(d, w, in, code, (uint32_t)v);
}

uint64_t emu_vcc_mask(const emu_wave *w) {
  return w->nlanes > 32 ? (uint64_t)w->s[OPC_VCC_LO] | (uint64_t)w->s[OPC_VCC_HI] << 32 : w->s[OPC_VCC_LO];
}

int emu_swrite64(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, uint64_t v) {
  if (code == OPC_NULL && d->dev->tgt->has_sgpr_null) return 0; /* a 64-bit NULL: not NULL and EXEC_LO */
  if (code == OPC_EXEC_LO && w->nlanes <= 32) return emu_fault(d, w, in, "writes EXEC as 64 bits in wave%u", w->nlanes);
  if (code == OPC_EXEC_LO) {
    w->exec = v;
    if (d->trace && d->twlen + 32 < sizeof d->tw) d->twlen += (size_t)snprintf(d->tw + d->twlen, sizeof d->tw - d->twlen, " exec=0x%016llx", (unsigned long long)v);
    return 0;
  }
  if (emu_swrite(d, w, in, code, (uint32_t)v)) return -1;
  return emu_swrite(d, w, in, code + 1, (uint32_t)(v >> 32));
}


/* Checks VGPRs [vreg, vreg+ndw) in `lanes` for poison / outstanding loads. */
int emu_vrange_full(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned vreg, unsigned ndw, const char *what) {
  if (w->vgprs_released)
    return emu_fault(d, w, in, "%s v%u after s_sendmsg MSG_DEALLOC_VGPRS gave the wave's VGPRs back", what, vreg);
  if (w->nmfma && emu_mfma_vhazard(d, w, in, vreg, ndw, what)) return -1;
  /* gfx90a/gfx942: 64-bit and wider operands start at an even register;
   * hardware raises an illegal instruction otherwise (LLVM VReg_64_Align2). */
  unsigned align = d->dev->tgt->vgpr_tuple_align;
  int acc = vreg >= EMU_AGPR0;
  unsigned r0 = acc ? vreg - EMU_AGPR0 : vreg;
  if (ndw > 1 && align > 1 && r0 % align)
    return emu_fault(d, w, in, "illegal instruction: %s[%u:%u] is not aligned to %u registers (%s needs even-aligned 64-bit and wider operands)",
                     acc ? "a" : "v", r0, r0 + ndw - 1, align, d->dev->tgt->name);
  unsigned limit = acc ? d->agpr_limit : d->vgpr_limit;
  if (r0 + ndw <= limit) return 0;
  unsigned r = r0 >= limit ? r0 : limit;
  if (acc)
    return emu_fault(d, w, in, "%s a%u beyond the %u AGPRs the kernel descriptor allocates (past ACCUM_OFFSET)", what, r, limit);
  return emu_fault(d, w, in, "%s v%u beyond the %u VGPRs the kernel descriptor allocates", what, r, limit);
}

int emu_vcheck_full(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned vreg, unsigned ndw, emu_lanes lanes) {
  if (emu_vrange_full(d, w, in, vreg, ndw, "reads")) return -1;
  for (unsigned i = 0; i < ndw; i++) {
    unsigned r = vreg + i;
    if ((w->vpend[r] & lanes) && !d->dev->opt.lax_waitcnt)
      return emu_fault(d, w, in, "reads v%u before an s_waitcnt covers the load at pc 0x%llx (missing vmcnt/lgkmcnt wait)",
                       r, (unsigned long long)(pending_pc(w, 1, r) - d->entry));
    if (d->check_uninit && (lanes & ~w->vinit[r])) {
      int lane = __builtin_ctzll(lanes & ~w->vinit[r]);
      return emu_fault(d, w, in, "reads never-written v%u (lane %d)", r, lane);
    }
  }
  return 0;
}

void emu_vwrite(emu_dispatch *d, emu_wave *w, unsigned vreg, unsigned lane, uint32_t v) {
  (void)d;
  w->v[vreg][lane] = v;
  w->vinit[vreg] |= 1ull << lane;
  w->vundef[vreg] &= ~(1ull << lane);
  w->vexec0[vreg] = 0;
}

void emu_trace_vwrite(emu_dispatch *d, const emu_wave *w, unsigned vreg, unsigned ndw) {
  if (!d->trace) return;
  unsigned lane = w->exec ? (unsigned)__builtin_ctzll(w->exec) : 0;
  for (unsigned i = 0; i < ndw && vreg + i < EMU_NUM_VGPR; i++)
    if (d->twlen + 48 < sizeof d->tw)
      d->twlen += (size_t)snprintf(d->tw + d->twlen, sizeof d->tw - d->twlen, " v%u[%u]=0x%08x", vreg + i, lane, w->v[vreg + i][lane]);
}

static void retire(emu_wave *w, emu_pending *p) {
  if (p->vgpr) {
    for (unsigned i = 0; i < p->ndw; i++) {
      unsigned r = p->reg + i;
      if (r >= EMU_NUM_VGPR) break;
      if (!p->maskw && p->lanes == wavecc_lanes_all(w->nlanes)) /* the common case: every lane, whole dwords */
        memcpy(w->v[r], &p->vals[i * EMU_MAX_LANES], w->nlanes * sizeof w->v[r][0]);
      else for (unsigned l = 0; l < w->nlanes; l++) {
        if (!((p->lanes >> l) & 1)) continue;
        uint32_t nv = p->vals[i * EMU_MAX_LANES + l];
        if (p->maskw) { uint32_t m = p->maskw[i * EMU_MAX_LANES + l]; nv = (w->v[r][l] & ~m) | (nv & m); }
        w->v[r][l] = nv;
      }
      w->vinit[r] |= p->lanes;
      w->vundef[r] &= ~p->lanes;
      w->vpend[r] &= ~p->lanes;
      if (p->lanes) w->vexec0[r] = 0; /* a later load that wrote lanes (the complement's half of a whole-wave reload) */
    }
  } else {
    for (unsigned i = 0; i < p->ndw && p->reg + i < EMU_NUM_SGPR; i++) {
      w->s[p->reg + i] = p->vals[i];
      w->sinit[p->reg + i] = 1;
      w->spend[p->reg + i] = 0;
    }
  }
  free(p->vals);
  free(p->maskw);
}

/* Whether a queued access returns out of order within its counter: SMEM
 * in lgkmcnt (Vega ISA 4.4); VMEM and LDS return in order. */
static bool pend_ooo(const emu_pending *p) {
  return p->kind == 1 && isa_table[p->op].format == ISA_FMT_SMEM;
}

/* s_waitcnt: "at most vm / lgkm accesses of the counter outstanding".
 * Each access counts at least one, so at most that many of the in-order
 * accesses remain, and those are the newest: the older ones retire. An
 * out-of-order access (SMEM) is known complete only at a count of 0; with
 * SMEM outstanding, lgkmcnt(N > 0) still retires the LDS accesses older
 * than the newest N (Vega ISA 4.4: LDS returns in order). */
int emu_wait(emu_dispatch *d, emu_wave *w, unsigned vm, unsigned lgkm) {
  emu_wait_counter(d, w, EMU_PEND_VM, vm);
  return emu_wait_counter(d, w, EMU_PEND_LGKM, lgkm);
}

int emu_wait_counter(emu_dispatch *d, emu_wave *w, unsigned kind, unsigned lim) {
  unsigned cnt = 0;
  for (size_t i = 0; i < w->npend; i++) cnt += w->pend[i].kind == kind && !pend_ooo(&w->pend[i]);
  size_t j = 0;
  for (size_t i = 0; i < w->npend; i++) {
    bool ooo = pend_ooo(&w->pend[i]);
    if (w->pend[i].kind == kind && (ooo ? lim == 0 : cnt > lim)) {
      emu_pending *p = &w->pend[i];
      if (d->trace && p->ndw && d->twlen + 48 < sizeof d->tw)
        d->twlen += (size_t)snprintf(d->tw + d->twlen, sizeof d->tw - d->twlen, " %s%u..%u<-pc 0x%llx", p->vgpr ? "v" : "s",
                                     p->reg, p->reg + p->ndw - 1, (unsigned long long)(p->pc - d->entry));
      retire(w, p);
      if (!ooo) cnt--;
    }
    else w->pend[j++] = w->pend[i];
  }
  w->npend = j;
  return 0;
}

/* Queues a load result (takes ownership of p->vals/p->maskw). In lax mode
 * the result is written at once. */
int emu_pending_add(emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_pending *p) {
  p->pc = w->pc; p->op = in->op;
  if (d->dev->opt.lax_waitcnt) { retire(w, p); return 0; }
  if (w->npend == w->cappend) {
    size_t nc = w->cappend ? w->cappend * 2 : 16;
    emu_pending *np = realloc(w->pend, nc * sizeof *np);
    if (!np) { free(p->vals); free(p->maskw); return emu_fault(d, w, in, "out of memory"); }
    w->pend = np; w->cappend = nc;
  }
  if (p->vgpr && p->ndw && emu_vrange(d, w, in, p->reg, p->ndw, "loads into")) {
    free(p->vals);
    free(p->maskw);
    return -1;
  }
  if (p->vgpr) for (unsigned i = 0; i < p->ndw && p->reg + i < EMU_NUM_VGPR; i++) w->vpend[p->reg + i] |= p->lanes;
  else for (unsigned i = 0; i < p->ndw && p->reg + i < EMU_NUM_SGPR; i++) w->spend[p->reg + i] = 1;
  w->pend[w->npend++] = *p;
  /* A counter holds at most its target's maximum (gfx900: vmcnt 63,
   * lgkmcnt 15): gfx9 stalls an issue that would exceed it until one
   * completes, so once more in-order accesses are queued the oldest have
   * returned (emu_wait; which one returned is unknown when SMEM is
   * outstanding, so SMEM stays queued). wavecc relies on this, as
   * llc-19 does: with only in-order accesses outstanding,
   * src/passes/waitcnt.c inserts no wait before the access that would
   * exceed the counter and counts the oldest complete for the
   * instructions after it (not for that access's own operands); with an
   * out-of-order access (SMEM) outstanding it waits explicitly. */
  emu_wait(d, w, wavecc_counter_max(d->dev->tgt, WAVECC_CNT_VM), wavecc_counter_max(d->dev->tgt, WAVECC_CNT_LGKM));
  if (d->dev->tgt->counters[WAVECC_CNT_VS].bits)
    emu_wait_counter(d, w, EMU_PEND_VS, wavecc_counter_max(d->dev->tgt, WAVECC_CNT_VS));
  return 0;
}

void emu_pending_drop(emu_wave *w) {
  for (size_t i = 0; i < w->npend; i++) { free(w->pend[i].vals); free(w->pend[i].maskw); }
  w->npend = 0;
  memset(w->vpend, 0, sizeof w->vpend);
  memset(w->spend, 0, sizeof w->spend);
}
