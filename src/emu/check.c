/* The kernel bug checks (wemu_options.checks): option names, the state of
 * one dispatch, the report, and the hooks the executor calls (emu_check_*
 * in emu_internal.h). The poison and race checks live in check_poison.c
 * and check_race.c; the small ones are here:
 *
 * - barrier: an s_barrier executed with EXEC not all of the wave's
 *   work-items (lanes of a group reaching different barriers, or a barrier
 *   inside divergent control flow); at a release, waves of the group
 *   waiting at different s_barrier instructions; a wave that ended in the
 *   interval the others end with a barrier (OpenCL C 6.15.8: every
 *   work-item of the group must reach each barrier).
 * - align: an access of N bytes (per lane and element) at an address that
 *   is not a multiple of min(N, 4): the ISA forms that the type's natural
 *   alignment would allow (gfx900 tolerates unaligned global access, other
 *   devices and LDS modes do not).
 * - bounds: a private (scratch) access past the private segment the kernel
 *   descriptor and metadata ask for (private_segment_size, plus the dynamic
 *   stack): it lands in another lane's or the next object's memory; with
 *   wavecc's .wavecc.checks, an access outside the stack object the
 *   instruction is for (check_notes.c).
 * - div: v_rcp_iflag_f32 of zero in an active lane. Both compilers expand
 *   32-bit integer division and remainder into v_cvt_f32_u32 +
 *   v_rcp_iflag_f32 (AMDGPU's integer-division expansion, AMDGPUCodeGenPrepare
 *   / SITargetLowering::LowerUDIVREM), and the iflag form is used for
 *   nothing else, so a zero input is an integer division by zero. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "emu/check_internal.h"

static const struct { const char *name; unsigned bit; } check_names[] = {
    {"uninit", WEMU_CHECK_UNINIT}, {"poison", WEMU_CHECK_POISON}, {"race", WEMU_CHECK_RACE},
    {"barrier", WEMU_CHECK_BARRIER}, {"align", WEMU_CHECK_ALIGN}, {"bounds", WEMU_CHECK_BOUNDS},
    {"div", WEMU_CHECK_DIV},
};

int wemu_check_parse(const char *list, unsigned *out) {
  if (!list || !out) return -1;
  unsigned v = 0;
  const char *s = list;
  while (*s) {
    const char *e = strchr(s, ',');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    int found = 0;
    if (n == 3 && !strncmp(s, "all", 3)) { v |= WEMU_CHECK_ALL; found = 1; }
    else if (n == 4 && !strncmp(s, "none", 4)) { v = 0; found = 1; }
    for (size_t i = 0; !found && i < sizeof check_names / sizeof check_names[0]; i++)
      if (strlen(check_names[i].name) == n && !strncmp(s, check_names[i].name, n)) { v |= check_names[i].bit; found = 1; }
    if (!found) return -1;
    s += n;
    if (*s == ',') s++;
  }
  *out = v;
  return 0;
}

int chk_report(emu_dispatch *d, emu_wave *w, const emu_inst *in, const char *cls, int lane, const char *fmt, ...) {
  char msg[320], dis[160] = "", pos[200] = "", who[200] = "";
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  emu_check *c = d->chk;
  if (in) emu_disasm(d->dev, in, dis, sizeof dis);
  char at[210] = "";
  lines_find(c->lines, w->pc - d->prog->load_base, pos, sizeof pos);
  if (pos[0]) snprintf(at, sizeof at, " at %s", pos);
  if (lane >= 0) {
    uint64_t flat = (uint64_t)w->id_in_group * w->nlanes + (unsigned)lane;
    uint32_t l[3] = {(uint32_t)(flat % c->gsize[0]), (uint32_t)(flat / c->gsize[0] % c->gsize[1]),
                     (uint32_t)(flat / ((uint64_t)c->gsize[0] * c->gsize[1]))};
    uint64_t g[3];
    for (int i = 0; i < 3; i++) g[i] = (uint64_t)c->gid[i] * c->lsz[i] + l[i] + c->goff[i];
    snprintf(who, sizeof who, "; lane %d = work-item (%llu,%llu,%llu), local (%u,%u,%u) of work-group (%u,%u,%u)", lane,
             (unsigned long long)g[0], (unsigned long long)g[1], (unsigned long long)g[2], l[0], l[1], l[2], c->gid[0],
             c->gid[1], c->gid[2]);
  } else {
    snprintf(who, sizeof who, "; wave %u of work-group (%u,%u,%u)", w->id_in_group, c->gid[0], c->gid[1], c->gid[2]);
  }
  emu_err(d->dev, "kernel %s: check %s: pc 0x%llx%s: %s: %s%s", d->k->name, cls,
          (unsigned long long)(w->pc - d->entry), at, dis[0] ? dis : "-", msg, who);
  return -1;
}

int emu_check_begin(emu_dispatch *d, unsigned nwaves, const uint64_t lsz[3], const uint64_t goff[3],
                    const uint64_t ngroups[3]) {
  emu_check *c = calloc(1, sizeof *c);
  if (!c) { emu_err(d->dev, "out of memory"); return -1; }
  d->chk = c;
  c->checks = d->dev->opt.checks;
  for (int i = 0; i < 3; i++) { c->lsz[i] = (uint32_t)lsz[i]; c->goff[i] = goff[i]; c->ngroups[i] = ngroups[i]; }
  c->wv = calloc(nwaves ? nwaves : 1, sizeof *c->wv);
  if (!c->wv) { emu_err(d->dev, "out of memory"); return -1; }
  for (unsigned i = 0; i < nwaves; i++) {
    c->wv[i].vpois = calloc(EMU_NUM_VGPR, sizeof(emu_lanes));
    if (!c->wv[i].vpois) { emu_err(d->dev, "out of memory"); return -1; }
  }
  c->nw = nwaves;
  if (c->checks & WEMU_CHECK_POISON) {
    c->lds_def = calloc(d->lds_size ? d->lds_size : 1, 1);
    c->scratch_def = calloc(d->scratch_total ? d->scratch_total : 1, 1);
    if (!c->lds_def || !c->scratch_def) { emu_err(d->dev, "out of memory"); return -1; }
  }
  if (c->checks & WEMU_CHECK_RACE) {
    c->lds_race = calloc(d->lds_size ? d->lds_size : 1, sizeof *c->lds_race);
    uint64_t n = ngroups[0] * ngroups[1] * ngroups[2] * nwaves;
    /* Atomic counts order accesses between groups; beyond 16 M waves they
     * are not kept (atomics then order nothing between groups). */
    if (n <= (16u << 20)) { c->nsync = n; c->sync = calloc(n ? n : 1, sizeof *c->sync); }
    if (!c->lds_race || (c->nsync && !c->sync)) { emu_err(d->dev, "out of memory"); return -1; }
  }
  c->lines = lines_load(d->prog);
  c->notes = notes_load(d->prog);
  return 0;
}

void emu_check_end(emu_dispatch *d) {
  emu_check *c = d->chk;
  if (!c) return;
  for (unsigned i = 0; i < c->nw; i++) free(c->wv[i].vpois);
  free(c->wv);
  free(c->lds_def);
  free(c->scratch_def);
  race_free(c);
  lines_free(c->lines);
  notes_free(c->notes);
  free(c);
  d->chk = NULL;
}

void emu_check_group(emu_dispatch *d, emu_wave *waves, unsigned nw, const uint32_t gid[3], const uint32_t size[3]) {
  emu_check *c = d->chk;
  memcpy(c->gid, gid, sizeof c->gid);
  memcpy(c->gsize, size, sizeof c->gsize);
  c->group_linear = (uint32_t)(gid[0] + c->ngroups[0] * (gid[1] + c->ngroups[1] * (uint64_t)gid[2]));
  c->epoch = 0;
  for (unsigned i = 0; i < nw; i++) {
    check_wave *cw = &c->wv[i];
    memset(cw->vpois, 0, EMU_NUM_VGPR * sizeof(emu_lanes));
    memset(cw->spois, 0, sizeof cw->spois);
    cw->exec_pois = 0; cw->scc_pois = 0;
    cw->live = waves[i].exec;
    cw->end_epoch = 0; cw->end_pc = 0;
  }
  /* LDS and this group's scratch start undefined (the hardware leaves
   * whatever the previous group wrote). */
  if (c->lds_def) memset(c->lds_def, 0, d->lds_size);
  if (c->scratch_def) /* this worker's blocks (dispatch.c: scratch_wave0) */
    memset(c->scratch_def + (uint64_t)d->scratch_wave0 * d->scratch_per_wave, 0, (size_t)c->nw * d->scratch_per_wave);
  if (c->lds_race) memset(c->lds_race, 0, (size_t)d->lds_size * sizeof *c->lds_race);
}

/* div: v_rcp_iflag_f32 of +-0 in an active lane. */
static int div_check(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  unsigned code = in->src[0];
  for (unsigned l = 0; l < w->nlanes; l++) {
    if (!((w->exec >> l) & 1)) continue;
    uint32_t v;
    if (code >= OPC_VGPR0) v = w->v[code - OPC_VGPR0][l];
    else if (code < EMU_NUM_SGPR) v = w->s[code];
    else { int ok; v = (uint32_t)emu_const64(in, code, 0, 0, &ok); }
    if ((v & 0x7fffffffu) == 0)
      return chk_report(d, w, in, "div", (int)l, "integer division by zero (the divisor converted to float is 0)");
  }
  return 0;
}

/* div: the s_trap of wavecc -fcheck-div's test (check_notes.c), which runs
 * for the lanes whose divisor is 0 (a uniform divisor: all of them). With
 * EXEC = 0 the code should have skipped it, and the trap's own fault says
 * so. */
static int div_trap(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  if (!w->exec || !notes_find(d->chk->notes, w->pc - d->prog->load_base, NOTE_DIV_TRAP)) return 0;
  return chk_report(d, w, in, "div", __builtin_ctzll(w->exec),
                    "integer division by zero (the divisor of the division or remainder here is 0; wavecc "
                    "-fcheck-div's test)");
}

/* bounds: a lane's private access of n bytes at lane offset `off` outside
 * the stack object wavecc says the instruction accesses (check_notes.c). */
static int object_bounds(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t off, unsigned n, unsigned lane) {
  const check_note *r = notes_find(d->chk->notes, w->pc - d->prog->load_base, NOTE_PRIVATE);
  if (!r || (off >= r->obj_offset && off + n <= (uint64_t)r->obj_offset + r->obj_size)) return 0;
  return chk_report(d, w, in, "bounds", (int)lane,
                    "private access of %u bytes at offset %llu is outside its object, the %u-byte private array at "
                    "offset %u (it lands %s; an index out of the array's bounds)",
                    n, (unsigned long long)off, r->obj_size, r->obj_offset,
                    off < r->obj_offset ? "before it" : "past its end, in another private object");
}

int emu_check_pre(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_check *c = d->chk;
  if ((c->checks & WEMU_CHECK_DIV) && in->op == ISA_V_RCP_IFLAG_F32 && div_check(d, w, in)) return -1;
  if ((c->checks & WEMU_CHECK_DIV) && in->op == ISA_S_TRAP && div_trap(d, w, in)) return -1;
  if ((c->checks & WEMU_CHECK_POISON) && poison_before(d, w, in)) return -1;
  if ((c->checks & WEMU_CHECK_BARRIER) && in->op == ISA_S_BARRIER) {
    check_wave *cw = &c->wv[w->id_in_group];
    if (w->exec != cw->live) {
      emu_lanes miss = cw->live & ~w->exec;
      return chk_report(d, w, in, "barrier", miss ? __builtin_ctzll(miss) : -1,
                        "barrier divergence: s_barrier reached by %d of the wave's %d work-items (the others are on "
                        "another path; every work-item of a group must reach each barrier)",
                        popc64(w->exec & cw->live), popc64(cw->live));
    }
  }
  return 0;
}

int emu_check_post(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_check *c = d->chk;
  if ((c->checks & WEMU_CHECK_POISON) && poison_post(d, w, in)) return -1;
  if ((c->checks & WEMU_CHECK_RACE) && c->sync && isa_sem_of(in->op)->atomic != ISA_AT_NONE) {
    uint64_t i = (uint64_t)c->group_linear * c->nw + w->id_in_group;
    if (i < c->nsync) c->sync[i]++;
  }
  if (w->done && !c->wv[w->id_in_group].end_epoch) {
    c->wv[w->id_in_group].end_epoch = c->epoch + 1;
    c->wv[w->id_in_group].end_pc = w->pc;
  }
  return 0;
}

/* A report about the s_barrier a waiting wave executed (its pc has moved on). */
static int at_barrier_report(emu_dispatch *d, emu_wave *w, const char *fmt, unsigned a, unsigned long long b,
                             unsigned long long c) {
  uint64_t pc = w->pc;
  w->pc = w->last_pc;
  chk_report(d, w, NULL, "barrier", -1, fmt, a, b, c);
  w->pc = pc;
  return -1;
}

int emu_check_barrier(emu_dispatch *d, emu_wave *waves, unsigned nw) {
  emu_check *c = d->chk;
  if (c->checks & WEMU_CHECK_BARRIER) {
    emu_wave *first = NULL;
    for (unsigned i = 0; i < nw; i++) {
      emu_wave *w = &waves[i];
      if (w->done) continue;
      if (!first) { first = w; continue; }
      if (w->last_pc != first->last_pc)
        return at_barrier_report(d, w,
                                 "waves of one work-group wait at different barriers: wave %u at pc 0x%llx, this one "
                                 "at pc 0x%llx",
                                 first->id_in_group, (unsigned long long)(first->last_pc - d->entry),
                                 (unsigned long long)(w->last_pc - d->entry));
    }
    for (unsigned i = 0; first && i < nw; i++)
      if (c->wv[i].end_epoch == c->epoch + 1)
        return at_barrier_report(d, first,
                                 "wave %u ended (s_endpgm at pc 0x%llx) while the other waves of its work-group wait "
                                 "at this s_barrier: every work-item of a group must reach each barrier%.0llu",
                                 i, (unsigned long long)(c->wv[i].end_pc - d->entry), 0ull);
  }
  c->epoch++;
  return 0;
}

static int bounds_report(emu_dispatch *d, emu_wave *w, const emu_inst *in, long long off, unsigned n, unsigned lane) {
  return chk_report(d, w, in, "bounds", (int)lane,
                    "private access of %u bytes at offset %lld is outside the kernel's %u-byte private segment "
                    "(a private array indexed out of bounds, or a stack overflow)",
                    n, off, d->scratch_per_lane);
}

int emu_check_scratch(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t ga, unsigned n, unsigned lane) {
  if (!d->chk || !(d->chk->checks & WEMU_CHECK_BOUNDS)) return 0;
  /* the lane's private offset of a swizzled address (exec_mem.c) */
  int64_t rel = (int64_t)(ga - w->scratch_base);
  long long o = rel >= 0 ? (long long)((uint64_t)rel / (4 * w->nlanes) * 4 + (uint64_t)rel % 4) : rel;
  if (rel < 0 || (uint64_t)rel >= d->scratch_per_wave || (uint64_t)o + n > d->scratch_per_lane)
    return bounds_report(d, w, in, o, n, lane);
  return object_bounds(d, w, in, (uint64_t)o, n, lane);
}

int emu_check_access(emu_dispatch *d, emu_wave *w, const emu_inst *in, int space, uint64_t addr, unsigned n,
                     unsigned lane, int kind, uint64_t scratch_base) {
  emu_check *c = d->chk;
  static const char *const spaces[] = {"global", "LDS", "private"};
  if ((c->checks & WEMU_CHECK_ALIGN) && n >= 2 && addr % (n < 4 ? n : 4))
    return chk_report(d, w, in, "align", (int)lane, "%u-byte %s access at 0x%llx is not %u-byte aligned", n,
                      spaces[space], (unsigned long long)addr, n < 4 ? n : 4);
  if ((c->checks & WEMU_CHECK_BOUNDS) && space == 2 &&
      (addr + n > d->scratch_per_lane ? bounds_report(d, w, in, (long long)addr, n, lane)
                                       : object_bounds(d, w, in, addr, n, lane)))
    return -1;
  if ((c->checks & WEMU_CHECK_BOUNDS) && space == 0 && d->scratch_total && addr >= d->scratch_alloc &&
      addr < d->scratch_alloc + d->scratch_total && emu_check_scratch(d, w, in, addr, n, lane))
    return -1;
  if ((c->checks & WEMU_CHECK_POISON) && poison_access(d, w, in, space, addr, n, lane, kind, scratch_base)) return -1;
  if ((c->checks & WEMU_CHECK_RACE) && race_access(d, w, in, space, addr, n, lane, kind)) return -1;
  return 0;
}
