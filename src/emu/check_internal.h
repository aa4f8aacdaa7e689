/* Kernel bug checks of the emulator (wemu_options.checks, wavecc-run
 * --check=LIST): the state they keep per dispatch and the hooks the
 * executor calls. One check per file:
 *   check.c         option names, per-dispatch state, work-group start,
 *                   the report format, the hook dispatchers below
 *   check_poison.c  definedness of registers, LDS and scratch (poison)
 *   check_race.c    per-barrier-interval access logs of LDS and global
 *                   memory (race)
 *   check_lines.c   DWARF .debug_line of the code object: PC -> file:line:col
 *   check_notes.c   wavecc's .wavecc.checks: private objects, division tests
 * The barrier, alignment, bounds and division checks are small and live in
 * check.c. Every report fails the dispatch (emu_err) with a message
 * "kernel K: check CLASS: pc 0x..: INSTRUCTION: what [at file:line:col]
 * [lane L = work-item (..) local (..) of work-group (..)]".
 *
 * The hooks are called only when d->chk is set (some check is on), so a
 * dispatch without checks pays one pointer test per instruction and per
 * memory access. */
#ifndef WAVECC_EMU_CHECK_INTERNAL_H
#define WAVECC_EMU_CHECK_INTERNAL_H

#include "emu/emu_internal.h"

/* One access of the race logs (check_race.c). */
typedef struct race_cell {
  uint32_t wgrp, rgrp;     /* work-group linear id + 1 of the last write / read; 0: none */
  uint32_t wepoch, repoch; /* the group's barrier interval of that access */
  uint32_t wsync, rsync;   /* atomics the accessing wave had executed before it */
  uint32_t wpc, rpc;       /* pc (offset from the kernel entry) */
  uint16_t wwave, rwave;   /* wave in the group */
  uint8_t watomic, rmulti; /* the write was atomic; reads by two waves in the interval */
  uint8_t wlane, rlane;
} race_cell;

/* Race log of one global allocation (created at its first access). */
typedef struct race_alloc {
  uint64_t base, size;
  race_cell *cells;        /* one per byte; NULL: too large, not logged */
} race_alloc;

/* Per wave of the running group. */
typedef struct check_wave {
  emu_lanes *vpois;        /* [EMU_NUM_VGPR] lanes holding a value computed from undefined data */
  uint32_t spois[EMU_NUM_SGPR]; /* undefined bits of an SGPR's value (written ones; never-written: sinit) */
  uint64_t exec_pois;      /* EXEC bits decided by undefined data */
  uint8_t scc_pois;
  emu_lanes live;          /* lanes of work-items (EXEC at the start) */
  uint32_t end_epoch;      /* barrier interval the wave ended in (+1; 0: running) */
  uint64_t end_pc;
} check_wave;

typedef struct emu_check {
  unsigned checks;         /* WEMU_CHECK_* */
  /* the group running */
  uint32_t gid[3], gsize[3], lsz[3];
  uint64_t goff[3], ngroups[3];
  uint32_t group_linear, epoch, nw;
  check_wave *wv;          /* [waves per group] */
  /* per instruction (pre hook -> post hook) */
  emu_lanes undef;         /* active lanes whose result comes from undefined data */
  emu_lanes undef_hi;      /* PLAN_PK: the same for the high result dword (undef: the low one) */
  emu_lanes undef_y;       /* a VOPD pair: the same for the Y half's result (undef: the X half's) */
  uint64_t sundef;         /* undefined bits of a scalar result (64: a pair) */
  uint8_t bitwise;         /* the SALU op is bitwise (sundef per bit) */
  emu_lanes data_undef;    /* store/atomic data lanes that are undefined */
  emu_lanes load_undef;    /* lanes that loaded undefined bytes */
  /* poison shadows: 1 = the byte holds defined data */
  uint8_t *lds_def;        /* [lds_size] */
  uint8_t *scratch_def;    /* [scratch_total], by global scratch address */
  /* race logs */
  race_cell *lds_race;     /* [lds_size] */
  race_alloc *galloc; size_t ngalloc, capgalloc;
  uint32_t *sync;          /* atomics executed, per wave of the dispatch (group * waves per group + wave) */
  uint64_t nsync;
  /* source lines (check_lines.c) */
  struct check_lines *lines;
  /* wavecc's .wavecc.checks records (check_notes.c) */
  struct check_notes *notes;
} emu_check;

/* Access kinds of emu_check_access. */
enum { CHK_READ = 1, CHK_WRITE = 2, CHK_ATOMIC = 3 };

/* True when emu_check_access of an LDS access can only update the poison
 * shadow (no alignment or race check, which may report or log): the
 * executor's per-lane LDS loops then call poison_lds_lane inline instead
 * (issue 28: the call was a tenth of LDS-heavy kernels' time). */
static inline int chk_lds_inline(const emu_check *c) { return !(c->checks & (WEMU_CHECK_ALIGN | WEMU_CHECK_RACE)); }

/* Whether the n <= 16 shadow bytes at `run` all say defined (1). */
static inline int chk_shadow_defined(const uint8_t *run, unsigned n) {
  uint64_t x, y;
  switch (n) {
  case 4: { uint32_t v; memcpy(&v, run, 4); return v == 0x01010101u; }
  case 8: memcpy(&x, run, 8); return x == 0x0101010101010101ull;
  case 16: memcpy(&x, run, 8); memcpy(&y, run + 8, 8); return (x & y) == 0x0101010101010101ull;
  default:
    for (unsigned i = 0; i < n; i++)
      if (!run[i]) return 0;
    return 1;
  }
}

/* poison_access's effect for one lane's LDS access of n <= 16 bytes at
 * `a`, which lds_check found inside the LDS (chk_lds_inline must hold):
 * a read of an undefined byte marks the lane in load_undef, a write sets
 * the shadow to the data's definedness (an atomic's also to the old
 * value's). Never reports. */
static inline void poison_lds_lane(emu_check *c, uint64_t a, unsigned n, unsigned lane, int kind) {
  if (!(c->checks & WEMU_CHECK_POISON)) return;
  emu_lanes bit = 1ull << lane;
  uint8_t *run = c->lds_def + a;
  int old_und = kind != CHK_WRITE && !chk_shadow_defined(run, n);
  if (old_und) c->load_undef |= bit;
  if (kind != CHK_READ) memset(run, !((c->data_undef & bit) || (kind == CHK_ATOMIC && old_und)), n);
}

/* check.c: the report. lane < 0: no lane. Returns -1 (a fault). */
int chk_report(emu_dispatch *d, emu_wave *w, const emu_inst *in, const char *cls, int lane, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* check_poison.c */
/* Before `in` runs: the definedness of what it computes, and a report
 * (-1) when undefined data decides something (poison_decides). */
int poison_before(emu_dispatch *d, emu_wave *w, const emu_inst *in);
/* After `in` ran: records the definedness of what it wrote. */
int poison_post(emu_dispatch *d, emu_wave *w, const emu_inst *in);
int poison_access(emu_dispatch *d, emu_wave *w, const emu_inst *in, int space, uint64_t addr, unsigned n, unsigned lane,
                  int kind, uint64_t scratch_base);

/* emu_inst.pplan (emu_poison_prepare) */
/* PLAN_PK: the packed-FP32 instructions (v_pk_fma_f32, v_pk_mul_f32,
 * v_pk_add_f32, v_pk_mov_b32) and v_mov_b64, whose two result dwords each
 * read one dword of each source (op_sel / op_sel_hi pick it; poison_pre,
 * pk_undef): definedness per result dword, through the hooks.
 * PLAN_POST: v_cndmask_b32 with an SGPR mask, or a VOPD pair with a
 * v_dual_cndmask_b32 half (poison_pre: per lane, the source the mask
 * selects), through the hooks. PLAN_NONE: the general code (cross-lane
 * ops, M0-relative moves, non-VALU). */
enum { PLAN_NONE, PLAN_FULL, PLAN_POST, PLAN_PK };

/* emu_check_pre / emu_check_post for the step loop (dispatch.c): the
 * common case inline, a VALU instruction with a plan reading only VGPR
 * rows under the poison check alone (a VOPD pair: each half its own rows,
 * emu_inst.pnx); the rest, and any undefined lane (the hooks compute it
 * again and report), through the hooks. */
static inline int emu_check_step_pre(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_check *c = d->chk;
  if (c->checks != WEMU_CHECK_POISON || in->pplan != PLAN_FULL || in->pns || in->pmask_in != EMU_NO_OPERAND)
    return emu_check_pre(d, w, in);
  const check_wave *cw = &c->wv[w->id_in_group];
  emu_lanes u = 0, uy = 0, m = w->exec & wavecc_lanes_all(w->nlanes);
  unsigned i = 0;
  for (; i < in->pnx; i++)
    for (unsigned k = 0, r = in->pvrow[i]; k < in->pvn[i]; k++, r++) u |= ~w->vinit[r] | cw->vpois[r];
  for (; i < in->pnv; i++)
    for (unsigned k = 0, r = in->pvrow[i]; k < in->pvn[i]; k++, r++) uy |= ~w->vinit[r] | cw->vpois[r];
  c->undef = u & m;
  c->undef_y = uy & m;
  return (u | uy) & m ? emu_check_pre(d, w, in) : 0;
}
static inline int emu_check_step_post(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_check *c = d->chk;
  if (c->checks != WEMU_CHECK_POISON || !in->pplan || in->pplan == PLAN_PK || in->pmask_out != EMU_NO_OPERAND)
    return emu_check_post(d, w, in);
  check_wave *cw = &c->wv[w->id_in_group];
  emu_lanes u = c->undef, ex = w->exec;
  for (unsigned k = 0; k < in->pdn; k++) cw->vpois[in->pdrow + k] = (cw->vpois[in->pdrow + k] & ~ex) | (u & ex);
  if (in->pyrow != EMU_NO_OPERAND) cw->vpois[in->pyrow] = (cw->vpois[in->pyrow] & ~ex) | (c->undef_y & ex);
  return 0;
}

/* check_race.c */
int race_access(emu_dispatch *d, emu_wave *w, const emu_inst *in, int space, uint64_t addr, unsigned n, unsigned lane,
                int kind);
void race_free(emu_check *c);

/* check_notes.c: the .wavecc.checks records of prog (NULL: none), and
 * the record of `kind` (NOTE_DIV_TRAP, NOTE_PRIVATE) at code address
 * `addr` (a PC minus the load base), or NULL. */
typedef struct check_note {
  uint64_t addr;
  uint32_t kind, obj_offset, obj_size;
} check_note;
enum { NOTE_DIV_TRAP = 1, NOTE_PRIVATE = 2 };
struct check_notes *notes_load(const wemu_program *prog);
void notes_free(struct check_notes *c);
const check_note *notes_find(const struct check_notes *c, uint64_t addr, uint32_t kind);

/* check_lines.c: the DWARF line table of prog (NULL: none or unreadable);
 * the source position of code offset `vaddr`, "" when unknown. */
struct check_lines *lines_load(const wemu_program *prog);
void lines_free(struct check_lines *l);
void lines_find(const struct check_lines *l, uint64_t vaddr, char *buf, size_t n);

#endif
