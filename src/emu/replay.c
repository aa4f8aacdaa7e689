/* XNACK replay checks (wemu_options.xnack_replay), for code objects whose
 * target ID has xnack "any" or "+" (AMDGPUUsage "Target ID").
 *
 * With XNACK a page fault replays memory instructions. Model (as LLVM's
 * GCNHazardRecognizer::checkSoftClauseHazards and its early-clobber SMEM
 * forms encode it):
 *   - a soft clause, a run of SMEM or of VMEM (MUBUF, FLAT, GLOBAL,
 *     SCRATCH) instructions with nothing else between (isa_clause_of), is
 *     replayed from its first instruction when one of them faults, after
 *     the others may have written their results. So in a clause of two or
 *     more, no instruction may write a register that an instruction of the
 *     clause reads (itself included): the replay would read the new value.
 *     Checked once an instruction joins a clause whose earlier members
 *     write registers (as LLVM: stores alone before a load are not
 *     replayed with it).
 *   - one scalar load of several dwords that is not naturally aligned may
 *     span two pages: one part may return before the other faults, so it
 *     must not overwrite its own address (sbase, soffset) either. A
 *     naturally aligned one faults whole (LLVM constrains only the others).
 * The check runs as the wave executes, on the real instruction stream
 * (branches and s_nop end a clause) and the real scalar addresses; a
 * violation fails the dispatch naming both PCs and the register. It does
 * not re-execute instructions. */
#include <string.h>

#include "emu/emu_internal.h"

static void add(uint64_t *set, unsigned unit, unsigned n) {
  for (unsigned i = 0; i < n && unit + i < 512; i++) set[(unit + i) >> 6] |= 1ull << ((unit + i) & 63);
}

/* An SGPR operand code's unit (numbered SGPRs, VCC, M0 ...), 0 dwords for
 * constants and "off" (0x7f / 0xffff). */
static void add_s(uint64_t *set, unsigned code, unsigned n) {
  if (code < EMU_NUM_SGPR && code != 0x7f) add(set, code, n);
}

/* The registers `in` reads (address and data) and writes. */
static void operands(const emu_dispatch *d, const emu_inst *in, uint64_t *r, uint64_t *wr) {
  const emu_opshape *sh = &d->dev->shape[in->op];
  const isa_sem *sem = isa_sem_of(in->op);
  unsigned ndw = sem->bytes > 4 ? sem->bytes / 4u : 1;
  bool store = (isa_table[in->op].flags & ISA_F_STORE) != 0, atomic = sem->atomic != ISA_AT_NONE;
  bool ret = (!store && !atomic) || (atomic && in->glc);
  unsigned data = atomic && sem->atomic == ISA_AT_CMPSWAP ? 2 * ndw : ndw;
  switch (in->fmt) {
  case ISA_FMT_SMEM:
    /* the ISA table's signature: s_dcache_* have no operands, s_memtime no address */
    if (sh->nuses) {
      add_s(r, in->sbase, (sem->flags & ISA_S_BUFFER) ? 4 : 2);
      if (!in->imm || in->soffset != 0xffff) add_s(r, in->soffset, 1);
    }
    if (sh->ndefs) add_s(wr, in->sdata, sh->defw[0]);
    return;
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF:
    /* the cache invalidates and write-backs (buffer_wbinvl1_vol, buffer_inv,
     * buffer_wbl2 ...) have no operands: their zero vdata/srsrc fields name
     * no register. Read as a load's, they "wrote" v0, so a clause such as
     * buffer_wbinvl1_vol; global_load_dword v3, v3, s[8:9] looked like one
     * whose earlier member writes a register (as LLVM, a clause whose
     * earlier members write nothing is not replayed over the new value). */
    if (!sh->nuses && !sh->ndefs) return;
    add_s(r, in->srsrc, 4);
    add_s(r, in->soffset, 1);
    add(r, 256 + in->vaddr, (in->offen ? 1u : 0u) + (in->idxen ? 1u : 0u));
    if (store || atomic) add(r, 256 + in->vdata, data);
    if (ret && !in->lds) add(wr, 256 + in->vdata, ndw);
    return;
  default: /* FLAT, GLOBAL, SCRATCH */
    if (in->saddr != 0x7f && in->fmt != ISA_FMT_FLAT) add_s(r, in->saddr, in->fmt == ISA_FMT_GLOBAL ? 2 : 1);
    if (in->fmt != ISA_FMT_SCRATCH || in->saddr == 0x7f)
      add(r, 256 + in->addr, in->fmt == ISA_FMT_SCRATCH || (in->fmt == ISA_FMT_GLOBAL && in->saddr != 0x7f) ? 1 : 2);
    if (store || atomic) add(r, 256 + in->data0, data);
    if (ret) add(wr, 256 + in->vdst, ndw);
    return;
  }
}

static int first_common(const uint64_t *a, const uint64_t *b) {
  for (unsigned i = 0; i < 8; i++)
    if (a[i] & b[i]) return (int)(i * 64 + (unsigned)__builtin_ctzll(a[i] & b[i]));
  return -1;
}

static void reg_name(char *buf, size_t n, int unit) {
  if (unit >= 256) snprintf(buf, n, "v%d", unit - 256);
  else snprintf(buf, n, "s%d", unit);
}

/* Is the scalar load `in` (about to run) not naturally aligned? Reads the
 * address registers without the strict checks (exec_smem makes them). */
static bool smem_unaligned(const emu_wave *w, const emu_inst *in, unsigned ndw) {
  if (in->sbase + 1 >= EMU_NUM_SGPR) return false;
  uint64_t base = w->s[in->sbase] | (uint64_t)w->s[in->sbase + 1] << 32;
  if (isa_sem_of(in->op)->flags & ISA_S_BUFFER) base &= 0xffffffffffffull;
  uint64_t off = in->imm ? (uint32_t)in->offset : 0;
  if (!in->imm && in->soffset < EMU_NUM_SGPR) off = w->s[in->soffset];
  if (in->imm && in->soffset != 0xffff && in->soffset < EMU_NUM_SGPR) off += w->s[in->soffset];
  return ((base + off) & ~3ull) % (ndw * 4ull) != 0;
}

int emu_replay_check(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  isa_clause k = isa_clause_of(in->fmt);
  if (k != w->clause_kind || k == ISA_CLAUSE_NONE) {
    w->clause_kind = (uint8_t)k;
    w->clause_n = 0;
    w->clause_pc = w->pc;
    memset(w->clause_reads, 0, sizeof w->clause_reads);
    memset(w->clause_writes, 0, sizeof w->clause_writes);
  }
  if (k == ISA_CLAUSE_NONE) return 0;
  uint64_t r[8] = {0}, wr[8] = {0};
  operands(d, in, r, wr);
  char nm[16];
  int u = first_common(wr, r);
  unsigned ndw = in->fmt == ISA_FMT_SMEM && d->dev->shape[in->op].ndefs ? d->dev->shape[in->op].defw[0] : 1;
  if (u >= 0 && in->fmt == ISA_FMT_SMEM && ndw > 1 && smem_unaligned(w, in, ndw)) {
    reg_name(nm, sizeof nm, u);
    return emu_fault(d, w, in, "XNACK replay: this load is not naturally aligned (it may span pages) and overwrites "
                     "its address register %s, which a replay after a fault reads", nm);
  }
  bool earlier_writes = false;
  for (unsigned i = 0; i < 8; i++) {
    earlier_writes |= w->clause_writes[i] != 0;
    w->clause_reads[i] |= r[i], w->clause_writes[i] |= wr[i];
  }
  w->clause_n++;
  if (earlier_writes && (u = first_common(w->clause_writes, w->clause_reads)) >= 0) {
    reg_name(nm, sizeof nm, u);
    return emu_fault(d, w, in, "XNACK replay: the soft clause from pc 0x%llx (%u instructions) writes %s, which "
                     "one of its instructions reads: a replay from its start would read the new value (s_nop "
                     "ends a clause)", (unsigned long long)(w->clause_pc - d->entry), w->clause_n, nm);
  }
  return 0;
}
