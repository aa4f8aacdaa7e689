/* The race check (WEMU_CHECK_RACE): a log per byte of LDS and of every
 * global buffer the kernel touches, holding the last write and the last
 * read: which work-group and wave, in which barrier interval of its group
 * (emu_check.epoch, counted at each release of s_barrier), how many atomics
 * the wave had executed before, and the PC and lane.
 *
 * Two accesses conflict when they touch the same byte, at least one writes,
 * and they come from different waves (lanes of one wave run in lockstep and
 * are not reported). A conflict is a race unless something orders it:
 * - a barrier: both accesses in one work-group, in different intervals;
 * - atomics: both accesses atomic (compare-and-swap loops, counters), or
 *   the earlier wave executed an atomic after its access (a release) and
 *   the later wave one before its access (an acquire). Every atomic counts
 *   as acquire-release: the check never reports an order the memory model
 *   can give, at the price of missing races between relaxed atomics.
 * - A plain read next to an atomic write is not reported (polling a flag
 *   that atomics update is common and usually volatile).
 *
 * The log does not depend on the order the emulator runs waves in (it runs
 * them round-robin, and work-groups one after another, so a missing barrier
 * or a cross-group conflict gives the intended answer): it finds the
 * conflict whatever order the hardware would pick. Global buffers larger
 * than RACE_MAX_ALLOC bytes, and those past RACE_MAX_TOTAL bytes of
 * logged buffers, are not logged (the log takes 40 bytes a byte). */
#include <stdlib.h>
#include <string.h>

#include "emu/check_internal.h"

/* Buffers logged per dispatch, in bytes of buffer (40 bytes of log each;
 * calloc'ed, so pages never touched cost no memory). */
#define RACE_MAX_ALLOC (16ull << 20)
#define RACE_MAX_TOTAL (32ull << 20)

typedef struct who {
  uint32_t grp, epoch, sync, pc;
  uint16_t wave;
  uint8_t lane;
} who;

void race_free(emu_check *c) {
  free(c->lds_race);
  for (size_t i = 0; i < c->ngalloc; i++) free(c->galloc[i].cells);
  free(c->galloc);
  free(c->sync);
}

static uint32_t sync_of(const emu_check *c, uint32_t grp1, uint16_t wave) {
  uint64_t i = (uint64_t)(grp1 - 1) * c->nw + wave;
  return c->sync && i < c->nsync ? c->sync[i] : 0;
}

/* Whether an earlier access (grp1, wave, epoch, sync) is ordered before cur. */
static int ordered(const emu_check *c, uint32_t grp1, uint16_t wave, uint32_t epoch, uint32_t sync, const who *cur) {
  if (grp1 == cur->grp && wave == cur->wave) return 1;
  if (grp1 == cur->grp && epoch != cur->epoch) return 1;
  return sync_of(c, grp1, wave) > sync && cur->sync > 0;
}

static race_cell *global_cells(emu_dispatch *d, uint64_t addr, unsigned n) {
  emu_check *c = d->chk;
  emu_alloc *a = emu_find(d->dev, addr, n);
  if (!a || a->internal) return NULL;
  for (size_t i = 0; i < c->ngalloc; i++)
    if (c->galloc[i].base == a->base) return c->galloc[i].cells ? c->galloc[i].cells + (addr - a->base) : NULL;
  if (c->ngalloc == c->capgalloc) {
    size_t nc = c->capgalloc ? 2 * c->capgalloc : 8;
    race_alloc *g = realloc(c->galloc, nc * sizeof *g);
    if (!g) return NULL;
    c->galloc = g; c->capgalloc = nc;
  }
  race_alloc *r = &c->galloc[c->ngalloc++];
  r->base = a->base; r->size = a->size;
  uint64_t logged = 0;
  for (size_t i = 0; i + 1 < c->ngalloc; i++) logged += c->galloc[i].cells ? c->galloc[i].size : 0;
  r->cells = a->size <= RACE_MAX_ALLOC && logged + a->size <= RACE_MAX_TOTAL ? calloc(a->size ? a->size : 1, sizeof *r->cells)
                                                                              : NULL;
  return r->cells ? r->cells + (addr - a->base) : NULL;
}

static int race_report(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned lane, const char *mine, const char *space,
                       uint64_t addr, const char *theirs, uint32_t grp1, uint16_t wave, uint8_t olane, uint32_t pc) {
  emu_check *c = d->chk;
  uint64_t g = grp1 - 1;
  unsigned gx = (unsigned)(g % c->ngroups[0]), gy = (unsigned)(g / c->ngroups[0] % c->ngroups[1]),
           gz = (unsigned)(g / (c->ngroups[0] * c->ngroups[1]));
  char pos[200] = "";
  lines_find(c->lines, d->entry - d->prog->load_base + pc, pos, sizeof pos);
  return chk_report(d, w, in, "race", (int)lane,
                    "data race: %s of %s address 0x%llx conflicts with the %s by lane %u of wave %u of work-group "
                    "(%u,%u,%u) at pc 0x%x%s%s (no barrier or atomic orders them)",
                    mine, space, (unsigned long long)addr, theirs, olane, wave, gx, gy, gz, pc, pos[0] ? " at " : "", pos);
}

int race_access(emu_dispatch *d, emu_wave *w, const emu_inst *in, int space, uint64_t addr, unsigned n, unsigned lane,
                int kind) {
  emu_check *c = d->chk;
  race_cell *cells;
  if (space == 2) return 0;
  if (space == 1) {
    if (addr + n > d->lds_size) return 0;
    cells = c->lds_race + addr;
  } else {
    if (d->scratch_total && addr >= d->scratch_alloc && addr < d->scratch_alloc + d->scratch_total) return 0;
    cells = global_cells(d, addr, n);
    if (!cells) return 0;
  }
  const char *sp = space == 1 ? "LDS" : "global";
  who cur = {c->group_linear + 1, c->epoch, sync_of(c, c->group_linear + 1, (uint16_t)w->id_in_group),
             (uint32_t)(w->pc - d->entry), (uint16_t)w->id_in_group, (uint8_t)lane};
  for (unsigned i = 0; i < n; i++) {
    race_cell *x = &cells[i];
    int wr_conf = x->wgrp && !ordered(c, x->wgrp, x->wwave, x->wepoch, x->wsync, &cur);
    if (kind == CHK_READ) {
      if (wr_conf && !x->watomic)
        return race_report(d, w, in, lane, "read", sp, addr + i, "write", x->wgrp, x->wwave, x->wlane, x->wpc);
      if (!x->rgrp || ordered(c, x->rgrp, x->rwave, x->repoch, x->rsync, &cur)) {
        x->rgrp = cur.grp; x->rwave = cur.wave; x->repoch = cur.epoch; x->rsync = cur.sync; x->rpc = cur.pc;
        x->rlane = cur.lane; x->rmulti = 0;
      } else if (x->rwave != cur.wave || x->rgrp != cur.grp) x->rmulti = 1;
      continue;
    }
    if (wr_conf && !(kind == CHK_ATOMIC && x->watomic))
      return race_report(d, w, in, lane, kind == CHK_ATOMIC ? "atomic" : "write", sp, addr + i,
                         x->watomic ? "atomic" : "write", x->wgrp, x->wwave, x->wlane, x->wpc);
    if (kind == CHK_WRITE && x->rgrp && !ordered(c, x->rgrp, x->rwave, x->repoch, x->rsync, &cur) &&
        (x->rwave != cur.wave || x->rgrp != cur.grp || x->rmulti))
      return race_report(d, w, in, lane, "write", sp, addr + i,
                         x->rwave != cur.wave || x->rgrp != cur.grp ? "read" : "read (and one by another wave)",
                         x->rgrp, x->rwave, x->rlane, x->rpc);
    x->wgrp = cur.grp; x->wwave = cur.wave; x->wepoch = cur.epoch; x->wsync = cur.sync; x->wpc = cur.pc;
    x->wlane = cur.lane; x->watomic = kind == CHK_ATOMIC;
    x->rgrp = 0; x->rmulti = 0;
  }
  return 0;
}
