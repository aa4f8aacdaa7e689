/* Kernel dispatch: checks and sets up a dispatch (dispatch_setup.c: the
 * kernarg segment, the AQL packet, scratch and each wave's initial state)
 * and runs its work-groups.
 *
 * - Scheduling: workgroups numbered in x, y, z order, run on worker
 *   threads (wemu_options.threads) that take the next number, or one after
 *   another; the waves of a workgroup round-robin one instruction at a
 *   time (or a seeded reproducible interleaving, schedule_seed); s_barrier
 *   holds a wave until every wave of its workgroup that has not ended
 *   reaches it. What parallel runs guarantee: src/emu/README.md.
 *
 * Cycle estimate (wemu_stats.cycles_estimate), a deliberately simple model
 * of one compute unit with 4 SIMDs: every wave-instruction costs its issue
 * cycles (emu_inst.xcost: SALU 1, VALU 4 as for a wave64 on a SIMD16, f64
 * and transcendental VALU 16, SMEM 4, LDS 8, VMEM 16, branch 4, other 1,
 * on every target); an s_waitcnt that
 * has to retire loads adds their latency (VMEM 300, SMEM 60, LDS 40); the
 * sum over waves is divided by 4 SIMDs. Good for comparing two compilations
 * of one kernel, not for predicting hardware time. cycle_model.c has the
 * occupancy-aware model (wemu_stats.cycles_occupancy). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "emu/check_internal.h"
#include "emu/emu_internal.h"

#define DEFAULT_LIMIT 400000000ull
/* A real GPU's watchdog ends a runaway kernel within seconds. 20 million
 * instructions in one wave is far beyond any kernel of the corpus (the
 * longest wave runs well under a million) and stops a two-instruction
 * endless loop in a few seconds of emulation. */
#define DEFAULT_WAVE_LIMIT 20000000ull

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}


void emu_inst_prepare(const wemu_device *dev, emu_inst *in) {
  uint32_t fl = isa_table[in->op].flags;
  in->xflags = 0;
  in->xvk = WAVECC_VK_FULL;
  switch (in->fmt) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPK: case ISA_FMT_SOPC:
    if ((in->op == ISA_S_SETREG_B32 || in->op == ISA_S_SETREG_IMM32_B32) && (in->simm16 & 63) == ISA_HWREG_MODE)
      in->xflags |= EMU_XF_MODE_WRITE;
    in->xclass = EMU_XC_SALU; in->xcost = 1; break;
  case ISA_FMT_SOPP:
    if (fl & ISA_F_BRANCH) { in->xclass = EMU_XC_BRANCH; in->xcost = 4; }
    else { in->xclass = EMU_XC_OTHER; in->xcost = 1; }
    break;
  case ISA_FMT_SMEM: in->xclass = EMU_XC_SMEM; in->xcost = 4; break;
  case ISA_FMT_DS: in->xclass = EMU_XC_LDS; in->xcost = 8; break;
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF: case ISA_FMT_FLAT: case ISA_FMT_GLOBAL: case ISA_FMT_SCRATCH:
    in->xclass = EMU_XC_VMEM; in->xcost = 16;
    if (in->fmt == ISA_FMT_MUBUF && !in->offen && !in->idxen) {
      if (fl & ISA_F_STORE) in->xflags |= EMU_XF_SPILL_STORE;
      else if (fl & ISA_F_LOAD) in->xflags |= EMU_XF_SPILL_LOAD;
    }
    break;
  default: {
    in->xclass = EMU_XC_VALU;
    if (in->op == ISA_V_WRITELANE_B32) in->xflags |= EMU_XF_SPILL_STORE;
    if (in->op == ISA_V_READLANE_B32) in->xflags |= EMU_XF_SPILL_LOAD;
    /* Quarter rate: f64 and transcendental (not v_ldexp / v_frexp). */
    isa_cost c = (isa_cost)isa_sem_of(in->op)->cost;
    in->xcost = (c == ISA_COST_F64 || c == ISA_COST_TRANS) ? 16 : 4;
    in->xvk = c == ISA_COST_F64 ? WAVECC_VK_F64 : c == ISA_COST_TRANS ? WAVECC_VK_TRANS : WAVECC_VK_FULL;
    break;
  }
  }
  emu_cm_prepare(in);
  emu_valu_prepare(dev, in);
  emu_poison_prepare(dev, in);
}

/* Counts instruction IN in the statistics ST; its issue cycles into *COST. */
static void klass(const emu_inst *in, wemu_stats *st, uint64_t *cost) {
  switch (in->xclass) {
  case EMU_XC_SALU: st->salu++; break;
  case EMU_XC_BRANCH: st->branch++; break;
  case EMU_XC_OTHER: st->other++; break;
  case EMU_XC_SMEM: st->smem++; break;
  case EMU_XC_LDS: st->lds++; break;
  case EMU_XC_VMEM: st->vmem++; break;
  default: st->valu++; break;
  }
  if (in->xflags) {
    if (in->xflags & EMU_XF_MODE_WRITE) st->mode_writes++;
    if (in->xflags & EMU_XF_SPILL_STORE) st->spill_stores++;
    if (in->xflags & EMU_XF_SPILL_LOAD) st->spill_loads++;
  }
  *cost = in->xcost;
}

static int step(emu_dispatch *d, emu_wave *w, const wg_ctx *g, uint64_t *cycles) {
  wemu_program *p = d->prog;
  uint64_t vpc = w->pc - p->load_base;
  if (w->pc < p->load_base || vpc < p->text_lo || vpc >= p->text_hi || (vpc & 3)) {
    uint64_t target = w->pc;
    w->pc = w->last_pc; /* report the branch / call that left the code */
    return emu_fault(d, w, NULL, "control transfer to 0x%llx, outside the code (unresolved call target?)", (unsigned long long)target);
  }
  w->last_pc = w->pc;
  uint64_t slot = (vpc - p->text_lo) / 4;
  emu_inst *in = &p->dcache[slot], bad_inst;
  /* Each instruction is decoded once, when first executed; worker threads
   * share the cache: dvalid 1 (decoded) is published with release order
   * after the entry, 2 marks a slot that does not decode. */
  uint8_t valid = __atomic_load_n(&p->dvalid[slot], __ATOMIC_ACQUIRE);
  if (valid == 0) {
    emu_par_lock(d->par);
    if (!__atomic_load_n(&p->dvalid[slot], __ATOMIC_ACQUIRE)) {
      uint8_t v = emu_decode(d->dev, p, vpc, &p->dcache[slot]) ? 2 : 1;
      if (v == 1) emu_inst_prepare(d->dev, &p->dcache[slot]);
      __atomic_store_n(&p->dvalid[slot], v, __ATOMIC_RELEASE);
    }
    emu_par_unlock(d->par);
    valid = __atomic_load_n(&p->dvalid[slot], __ATOMIC_ACQUIRE);
  }
  if (valid != 1) {
    /* decode again for the message (into a local: the cache is shared) */
    in = &bad_inst;
    if (emu_decode(d->dev, p, vpc, in)) {
      char msg[512];
      const char *m = d->dev->err;
      if (!strncmp(m, "pc 0x", 5) && strstr(m, ": ")) m = strstr(m, ": ") + 2; /* re-based below */
      snprintf(msg, sizeof msg, "%s", m);
      emu_err(d->dev, "kernel %s: pc 0x%llx: %s", d->k->name, (unsigned long long)(w->pc - d->entry), msg);
      return -1;
    }
  }
  uint64_t cost = 1;
  klass(in, d->st, &cost);
  if (in->fmt >= ISA_FMT_VOP1 && in->fmt <= ISA_FMT_VOP3P) d->st->active_lanes_sum += (uint64_t)popc64(w->exec);
  d->st->wave_instructions++;
  w->instructions++;
  d->group_executed++;
  /* the dispatch-wide limit: with worker threads, a shared count updated
   * every 4096 instructions of each */
  uint64_t total = ++d->executed;
  if (d->par && (d->executed & 0xfff) == 0) total = emu_par_add_executed(d->par, 0x1000);
  else if (d->par) total = 0;
  if (total > d->limit)
    return emu_fault(d, w, in, "instruction limit of %llu wave-instructions reached (endless loop?)", (unsigned long long)d->limit);
  if (w->instructions > d->wave_limit)
    return emu_fault(d, w, in, "kernel did not finish within %llu instructions per wave (endless loop? see --max-steps)",
                     (unsigned long long)d->wave_limit);
  if (d->deadline > 0 && (d->executed & 0xffff) == 0 && now_seconds() > d->deadline)
    return emu_fault(d, w, in, "kernel did not finish within %g seconds (see --timeout)", d->dev->opt.timeout_seconds);
  /* Latency of loads retired by this s_waitcnt (for the cycle estimate). */
  size_t npend_before = w->npend;
  int vm_before = 0;
  if (in->op == ISA_S_WAITCNT)
    for (size_t i = 0; i < w->npend; i++) vm_before += w->pend[i].kind == 0;
  d->twlen = 0; d->tw[0] = 0;
  uint64_t pc = w->pc;
  uint64_t exec_before = w->exec;
  int rc;
  if (d->dev->opt.xnack_replay && p->xnack_replay && emu_replay_check(d, w, in)) return -1;
  if ((d->tgt->trans_use_valus || d->tgt->valu_mask_write_hazard || d->tgt->partial_forwarding_hazard ||
       d->tgt->mad64_dst_apart) &&
      emu_gfx11_hazards(d, w, in))
    return -1;
  unsigned cm_counts[3];
  if (d->cm) emu_cm_before(d->cm, w, cm_counts);
  emu_inst idx_copy; /* the poison check's plan names unindexed rows */
  const emu_inst *cin = d->chk && w->gpr_idx_on ? emu_poison_indexed(d->dev, w, in, &idx_copy) : in;
  if (d->chk && emu_check_step_pre(d, w, cin)) return -1;
  switch (in->fmt) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPK: case ISA_FMT_SOPC: case ISA_FMT_SOPP:
    rc = emu_exec_salu(d, w, in); break;
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P:
    rc = emu_exec_valu(d, w, in); break;
  default:
    rc = emu_exec_mem(d, w, in); break;
  }
  if (rc < 0) return -1;
  if (d->tgt->hazard_waits[WAVECC_HZ_VALU_VGPR_DPP] && in->fmt >= ISA_FMT_VOP1 && in->fmt <= ISA_FMT_VOP3P)
    emu_dpp_note_writes(d, w, in, exec_before);
  if (d->cm) emu_cm_after(d->cm, w, in, cost, cm_counts);
  if (d->chk && emu_check_step_post(d, w, cin)) return -1;
  if (in->op == ISA_S_WAITCNT && w->npend < npend_before) {
    int vm_after = 0;
    for (size_t i = 0; i < w->npend; i++) vm_after += w->pend[i].kind == 0;
    cost += vm_after < vm_before ? 300 : 50;
  }
  *cycles += cost;
  if (d->trace) {
    char dis[160];
    emu_disasm(d->dev, in, dis, sizeof dis);
    fprintf(d->trace, "wg(%u,%u,%u) w%u pc 0x%04llx %-48s exec=%016llx%s%s\n", g->gid[0], g->gid[1], g->gid[2], w->id_in_group,
            (unsigned long long)(pc - d->entry), dis, (unsigned long long)exec_before, d->twlen ? " ;" : "", d->tw);
  }
  if (rc == 0) w->pc += in->size;
  w->ws++;
  if (w->done) emu_pending_drop(w);
  return 0;
}

/* The next number of a work-group's interleaving (splitmix64). */
static uint64_t sched_next(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Runs the NW waves of workgroup G until every wave ended; a barrier every
 * live wave waits at is released. Without a schedule seed the waves take
 * turns one instruction each (round-robin); with one (wemu_options.
 * schedule_seed) each round starts at a pseudo-random wave and gives each
 * wave a burst of 1 to 8 instructions, a sequence that depends only on the
 * seed and the group id, so a run is reproducible on any number of
 * threads. Returns 0, or -1 when a wave faulted (error set). */
static int run_workgroup(emu_dispatch *D, emu_wave *waves, unsigned nw, const wg_ctx *g, uint64_t *cycles) {
  memcpy(D->group_id, g->gid, sizeof D->group_id);
  D->in_group = 1;
  D->group_executed = 0;
  uint64_t seed = D->dev->opt.schedule_seed, rng = 0;
  if (seed) rng = seed ^ ((uint64_t)g->gid[0] | (uint64_t)g->gid[1] << 21 | (uint64_t)g->gid[2] << 42);
  for (;;) {
    int live = 0, progressed = 0;
    unsigned first = seed ? (unsigned)(sched_next(&rng) % nw) : 0;
    for (unsigned k = 0; k < nw; k++) {
      unsigned wi = first + k; /* first < nw: no division on this path */
      emu_wave *w = &waves[wi >= nw ? wi - nw : wi];
      if (w->done) continue;
      live++;
      if (w->at_barrier) continue;
      unsigned burst = seed ? 1 + (unsigned)(sched_next(&rng) & 7) : 1;
      for (unsigned b = 0; b < burst && !w->done && !w->at_barrier; b++)
        if (step(D, w, g, cycles)) return -1;
      progressed = 1;
    }
    if (!live) return 0;
    if (!progressed) {
      /* Every live wave waits at the barrier: release them. */
      if (D->chk && emu_check_barrier(D, waves, nw)) return -1;
      for (unsigned wi = 0; wi < nw; wi++) waves[wi].at_barrier = 0;
    }
  }
}

/* At least N wave states with register files from DEV's cache (grown as
 * needed); NULL with the error set when out of memory. */
static emu_wave *emu_waves_get(wemu_device *dev, unsigned n) {
  if (n <= dev->nwave_cache) return dev->wave_cache;
  emu_wave *w = realloc(dev->wave_cache, (size_t)n * sizeof *w);
  if (!w) { emu_err(dev, "out of memory"); return NULL; }
  memset(w + dev->nwave_cache, 0, (size_t)(n - dev->nwave_cache) * sizeof *w);
  dev->wave_cache = w;
  for (; dev->nwave_cache < n; dev->nwave_cache++)
    if (!(w[dev->nwave_cache].v = malloc(sizeof(uint32_t[EMU_NUM_VGPR][EMU_MAX_LANES])))) { emu_err(dev, "out of memory"); return NULL; }
  return w;
}

/* What the workers of one dispatch share. Groups are numbered in the
 * serial order (x fastest, then y, then z) and claimed in that order. */
typedef struct groups {
  const emu_dispatch *proto;   /* the prepared dispatch, copied by each worker */
  const grid *G;
  uint64_t ngroups;
  unsigned nwaves;             /* waves of a full group */
  unsigned nthreads;
  emu_wave *waves;             /* nwaves per worker (the device's cached wave states) */
  _Atomic uint64_t next;       /* the next group to claim */
  _Atomic uint64_t fault_at;   /* the lowest group that faulted; ngroups: none */
  char err[512];               /* its message */
  wemu_stats *stats;           /* per worker, summed afterwards (sums do not depend on the order) */
  uint64_t *cycles;
  emu_cycle_model **cm;        /* per worker (cycle_model.c), merged afterwards in group order */
  uint8_t *ran;                /* per worker: it started (the others wait for worker 0, see WEMU_PAR_START_AFTER) */
  emu_par_crew *crew;          /* the other workers' threads, started by worker 0 (emu_par_run) */
} groups;

/* Worker 0 starts the other workers once it has executed
 * WEMU_PAR_START_AFTER wave-instructions of the dispatch and groups are
 * left (unless wemu_options.threads_eager): a thread, its stack, LDS,
 * wave states and check state cost ~0.1-1 ms of CPU (measured
 * 2026-11-29, --threads=1 against 2 on the 28 runner-speed files, cache
 * warm, least of 7 alternated: geometric mean 0.943 of the CPU), more
 * than most test dispatches take (a few thousand wave-instructions, tens
 * of microseconds), and on a loaded machine worker 0 then waits for a
 * thread the scheduler has not run yet. Which worker runs which group
 * does not change results (group_worker), so this only moves time. */

/* Notes that group GI faulted with the message in DEV: the lowest faulting
 * group wins, which is the one a serial run stops at. */
static void group_fault(groups *c, uint64_t gi, const wemu_device *dev, emu_par *par) {
  emu_par_lock(par);
  if (gi < atomic_load(&c->fault_at)) {
    atomic_store(&c->fault_at, gi);
    snprintf(c->err, sizeof c->err, "%s", dev->err);
  }
  emu_par_unlock(par);
}

/* Worker T: runs groups from the common queue until none is left, or
 * every group left comes after one that faulted. */
static void group_worker(void *arg, unsigned t) {
  groups *c = arg;
  c->ran[t] = 1;
  emu_dispatch D = *c->proto;
  wemu_device *own = NULL;
  if (c->nthreads > 1) { /* its own error line */
    own = malloc(sizeof *own);
    if (!own) { group_fault(c, 0, c->proto->dev, D.par); return; }
    *own = *c->proto->dev;
    D.dev = own;
  }
  D.st = &c->stats[t];
  D.scratch_wave0 = t * c->nwaves;
  const unsigned wave = D.tgt->wave_size;
  const grid *G = c->G;
  emu_wave *waves = c->waves + (size_t)t * c->nwaves;
  D.lds = calloc(D.lds_size ? D.lds_size : 1, 1);
  int ok = D.lds != NULL;
  if (!ok) { emu_err(D.dev, "out of memory"); group_fault(c, 0, D.dev, D.par); }
  uint64_t cycles = 0;
  D.cm = c->cm[t] = emu_cm_create(&D, D.lds_size, c->nwaves); /* NULL (out of memory): no occupancy figure */
  /* Bug checks: each worker keeps its own state (definedness, barrier
   * intervals are per group); the race check's logs are dispatch-wide, so
   * with it there is one worker (wemu_dispatch). */
  D.chk = NULL;
  if (ok && D.dev->opt.checks && emu_check_begin(&D, c->nwaves, G->lsz, G->goff, G->ngroups)) {
    ok = 0;
    group_fault(c, 0, D.dev, D.par);
  }
  for (uint64_t gi; ok && (gi = atomic_fetch_add(&c->next, 1)) < c->ngroups && gi < atomic_load(&c->fault_at);) {
    uint64_t gidv[3] = {gi % G->ngroups[0], gi / G->ngroups[0] % G->ngroups[1], gi / (G->ngroups[0] * G->ngroups[1])};
    wg_ctx g = {{(uint32_t)gidv[0], (uint32_t)gidv[1], (uint32_t)gidv[2]}, {0, 0, 0}};
    for (unsigned i = 0; i < 3; i++) {
      uint64_t rem = G->gsz[i] - gidv[i] * G->lsz[i];
      g.size[i] = (uint32_t)(rem < G->lsz[i] ? rem : G->lsz[i]);
    }
    uint64_t items = (uint64_t)g.size[0] * g.size[1] * g.size[2];
    unsigned nw = (unsigned)((items + wave - 1) / wave);
    memset(D.lds, 0, D.lds_size ? D.lds_size : 1);
    emu_cm_group(D.cm, gi);
    D.st->workgroups++;
    for (unsigned wi = 0; wi < nw; wi++) {
      emu_init_wave(&D, &waves[wi], &g, wi, items);
      D.st->waves++;
    }
    if (D.chk) emu_check_group(&D, waves, nw, g.gid, g.size);
    if (run_workgroup(&D, waves, nw, &g, &cycles)) { group_fault(c, gi, D.dev, D.par); break; }
    if (t == 0 && c->crew && D.st->wave_instructions >= WEMU_PAR_START_AFTER && atomic_load(&c->next) < c->ngroups)
      emu_par_start(c->crew);
  }
  c->cycles[t] = cycles;
  for (unsigned i = 0; i < c->nwaves; i++) emu_pending_drop(&waves[i]);
  emu_check_end(&D);
  free(D.lds);
  free(D.gds);
  free(own);
}

/* Runs every group of the prepared dispatch D on NTHREADS workers and sums
 * their statistics into *ST. Returns 0, or -1 with the device error set
 * to the fault of the lowest faulting group. */
static int run_groups(emu_dispatch *D, const grid *G, unsigned nwaves, unsigned nthreads, wemu_stats *st) {
  groups c;
  memset(&c, 0, sizeof c);
  c.proto = D; c.G = G; c.nwaves = nwaves; c.nthreads = nthreads;
  c.ngroups = G->ngroups[0] * G->ngroups[1] * G->ngroups[2];
  atomic_init(&c.next, 0);
  atomic_init(&c.fault_at, c.ngroups);
  if (!(c.waves = emu_waves_get(D->dev, nwaves * nthreads))) return -1;
  c.stats = calloc(nthreads, sizeof *c.stats);
  c.cycles = calloc(nthreads, sizeof *c.cycles);
  c.cm = calloc(nthreads, sizeof *c.cm);
  c.ran = calloc(nthreads, 1);
  if (!c.stats || !c.cycles || !c.cm || !c.ran) {
    free(c.stats); free(c.cycles); free(c.cm); free(c.ran);
    emu_err(D->dev, "out of memory");
    return -1;
  }
  emu_par_run(nthreads, group_worker, &c, &c.crew, !D->dev->opt.threads_eager);
  c.crew = NULL; /* died with the run */
  uint64_t cycles = 0;
  for (unsigned t = 0; t < nthreads; t++) {
    const wemu_stats *s = &c.stats[t];
    st->wave_instructions += s->wave_instructions; st->salu += s->salu; st->valu += s->valu; st->smem += s->smem;
    st->vmem += s->vmem; st->lds += s->lds; st->branch += s->branch; st->other += s->other;
    st->mode_writes += s->mode_writes; st->active_lanes_sum += s->active_lanes_sum;
    st->spill_stores += s->spill_stores; st->spill_loads += s->spill_loads;
    st->waves += s->waves; st->workgroups += s->workgroups;
    cycles += c.cycles[t];
  }
  st->cycles_estimate = cycles / 4;
  /* The models of the workers that ran (worker 0 first): one that never
   * started has no model and no groups. */
  unsigned nran = 0;
  for (unsigned t = 0; t < nthreads; t++)
    if (c.ran[t]) c.cm[nran++] = c.cm[t];
  st->workers = nran;
  st->cycles_occupancy = emu_cm_merge(c.cm, nran);
  st->waves_per_simd = emu_cm_waves_per_simd(c.cm[0]);
  for (unsigned t = 0; t < nran; t++) emu_cm_free(c.cm[t]);
  free(c.stats); free(c.cycles); free(c.cm); free(c.ran);
  if (atomic_load(&c.fault_at) < c.ngroups) {
    if (nthreads > 1) snprintf(D->dev->err, sizeof D->dev->err, "%s", c.err);
    return -1;
  }
  return 0;
}

int wemu_dispatch(wemu_device *dev, wemu_program *prog, const char *kernel, const wemu_arg *args, uint32_t num_args,
                  uint32_t dims, const uint64_t global_size[3], const uint64_t *local_size, const uint64_t *global_offset,
                  wemu_stats *stats) {
  if (!dev) return -1;
  dev->err[0] = 0;
  grid G;
  emu_kernel *k = emu_check_dispatch(dev, prog, kernel, args, num_args, dims, global_size, local_size, global_offset, &G);
  if (!k) return -1;
  uint64_t ltotal = G.lsz[0] * G.lsz[1] * G.lsz[2];

  emu_dispatch D;
  memset(&D, 0, sizeof D);
  D.dev = dev; D.prog = prog; D.k = k;
  /* The wave size: kernel_code_properties ENABLE_WAVEFRONT_SIZE32 (bit 10,
   * GFX10+; AMDGPUUsage "Kernel Descriptor") picks the target's instance. */
  D.tgt = wavecc_target_variant(dev->tgt, (k->kcode_props >> 10) & 1 ? 32 : 64);
  if (!D.tgt) {
    emu_err(dev, "kernel %s: its descriptor asks for wave%s, which %s does not have", kernel,
            (k->kcode_props >> 10) & 1 ? "32" : "64", dev->tgt->name);
    return -1;
  }
  wemu_stats local_stats;
  memset(&local_stats, 0, sizeof local_stats);
  D.st = &local_stats;
  struct timespec t_start, c_start;
  clock_gettime(CLOCK_MONOTONIC, &t_start);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c_start);
  D.trace = dev->opt.trace ? (dev->opt.trace_file ? (FILE *)dev->opt.trace_file : stderr) : NULL;
  /* With preloaded kernel arguments the firmware starts the kernel 256
   * bytes past its entry: the block there serves firmware without
   * preloading (LLVM 19: s_trap 2; AMDGPUUsage "Preloaded Kernel
   * Arguments"). The emulator is firmware with it. */
  D.entry = prog->load_base + k->entry + ((k->kernarg_preload & 0x7f) ? 256 : 0);
  D.limit = dev->opt.max_wave_instructions ? dev->opt.max_wave_instructions : DEFAULT_LIMIT;
  D.wave_limit = dev->opt.max_steps ? dev->opt.max_steps : DEFAULT_WAVE_LIMIT;
  emu_set_register_limits(&D);
  D.check_uninit = dev->opt.check_uninit;
  D.deadline = dev->opt.timeout_seconds > 0 ? now_seconds() + dev->opt.timeout_seconds : 0;

  /* LDS: static size, then each dynamic __local argument (16-byte aligned). */
  uint32_t group_static = k->info.group_segment_size > k->kd_group_size ? k->info.group_segment_size : k->kd_group_size;
  /* 64-bit arithmetic: a descriptor's 0xfffffff1 must not wrap to 0. */
  uint64_t lds_total = ((uint64_t)group_static + 15) & ~15ull;
  int rc = -1;
  const wavecc_target *tgt = D.tgt;
  const unsigned wave = tgt->wave_size;
  unsigned nwaves = (unsigned)((ltotal + wave - 1) / wave);

  /* Kernarg segment. */
  uint32_t ksize = k->info.kernarg_size ? k->info.kernarg_size : k->kd_kernarg_size;
  /* The runtime hands out kernarg memory 16-byte aligned and in blocks
   * larger than the segment, so a compiler may read past the last argument
   * with one wide SMEM load (llc-19 loads trailing 4-byte arguments with
   * s_load_dwordx4): round the allocation up to the widest SMEM load
   * (s_load_dwordx16, 64 bytes). Reads beyond that still fault. */
  uint64_t kalloc = ((uint64_t)(ksize ? ksize : 16) + 63) & ~63ull;
  uint64_t kern = emu_alloc_internal(dev, kalloc, 1);
  uint64_t packet = emu_alloc_internal(dev, 64, 1);
  uint64_t queue = emu_alloc_internal(dev, 256, 1);
  if (!kern || !packet || !queue) goto out;
  if (emu_write_kernargs(dev, k, kernel, args, num_args, &G, kern, queue, ksize, &lds_total)) goto out;
  if (lds_total > tgt->lds_bytes) {
    emu_err(dev, "kernel %s: %llu bytes of LDS exceed the %u KiB of %s", kernel, (unsigned long long)lds_total, tgt->lds_bytes / 1024, tgt->name);
    goto out;
  }
  /* Work-groups in parallel: not with a trace (one ordered stream), not
   * with the race check (its logs of accesses and atomics are one
   * dispatch-wide state, check_race.c; the other checks' state is per
   * worker), nor with more workers than groups. */
  uint64_t ngroups = G.ngroups[0] * G.ngroups[1] * G.ngroups[2];
  unsigned nthreads = D.trace || (dev->opt.checks & WEMU_CHECK_RACE) ? 1 : emu_par_threads(&dev->opt);
  if (nthreads > ngroups) nthreads = (unsigned)ngroups;
  if (nthreads > 1 && !(D.par = emu_par_new())) nthreads = 1;
  if (emu_setup_scratch(&D, kernel, nwaves * nthreads)) goto out;
  D.dispatch_ptr = packet; D.kernarg_ptr = kern; D.queue_ptr = queue;
  emu_write_packet(&D, &G, lds_total);
  D.lds_size = (uint32_t)lds_total;
  if (run_groups(&D, &G, nwaves, nthreads, &local_stats)) goto out;
  rc = 0;
out:
  emu_par_free(D.par);
  emu_free_internal(dev);
  struct timespec t_end, c_end;
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c_end);
  local_stats.host_cpu_seconds = (double)(c_end.tv_sec - c_start.tv_sec) + 1e-9 * (double)(c_end.tv_nsec - c_start.tv_nsec);
  local_stats.host_seconds = (double)(t_end.tv_sec - t_start.tv_sec) + 1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec);
  if (stats) *stats = local_stats;
  return rc;
}
