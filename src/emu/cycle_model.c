/* The occupancy-aware cycle model (issue 27): wemu_stats.cycles_occupancy,
 * next to the simple per-instruction sum of dispatch.c (cycles_estimate).
 *
 * What it models, for one compute unit (the dispatch's work-groups all run
 * on it, as in the simple model):
 *  - Occupancy: a SIMD holds as many waves as the kernel's resources allow
 *    (occupancy_waves below: VGPRs, SGPRs, LDS per work-group, work-groups
 *    per CU, the SIMD's wave slots; facts from the target description).
 *  - Each wave is a chain in time: an instruction issues when the wave is
 *    ready and takes its issue cycles: VALU from the target description
 *    (wavecc_cycle_costs: gfx9/CDNA 4 for a wave64 on a SIMD16, f64 and
 *    transcendental 16; RDNA 1 for wave32 and 2 for wave64 on a SIMD32,
 *    transcendental 4/8, f64 16/32; sources at the targets' values), the
 *    rest dispatch.c's per-class costs (SALU 1, SMEM 4, LDS 8, VMEM 16,
 *    branch 4, other -- s_delay_alu, s_nop, s_waitcnt -- 1). An
 *    instruction that reads a VGPR a VALU instruction writes waits until
 *    that result is ready, issue + the target's latency (RDNA: VALU 5,
 *    transcendental 10, f64 22 gfx1030 / 38 gfx1100, LLVM 19's scheduling
 *    models; gfx9/CDNA 0: the 4-cycle cadence covers it). This is the stall
 *    gfx11's s_delay_alu announces; it is timed the same with or without
 *    one, on every RDNA target (first VGPR of each operand only; SGPR
 *    results of VALU -- v_cmp into VCC -- and SALU latency are not timed).
 *    A load issued at time t completes
 *    at t + its latency (in issue order per counter, as vmcnt/lgkmcnt count
 *    down in order); an s_waitcnt waits only for the loads it retires and
 *    only for the latency still outstanding at that point. s_barrier
 *    holds every wave of the work-group until the last one arrives.
 *  - Latency is hidden by other waves: a SIMD interleaves its resident
 *    waves, so its time is the larger of (a) the issue cycles of all its
 *    waves (the SIMD is busy) and (b) the longest sequence of wave chains
 *    run one after another in one of its `occupancy` wave slots (each new
 *    wave takes the slot that frees first). The kernel's estimate is the
 *    largest SIMD time. More VGPRs mean fewer slots, so longer sequences.
 *  - Not modelled: memory bandwidth and cache hits (every load pays its
 *    class's latency), the instruction arbiter's one-issue-per-cycle-per-
 *    type limits across SIMDs, instruction cache, RDNA 3's dual issue of
 *    wave64 VALU and its transcendental unit running beside the VALU.
 *
 * Latencies, cycles (core clock): VMEM 300, SMEM 60, LDS 40 -- the values
 * of dispatch.c's simple model, which are of the order Chips and Cheese
 * measured on Vega by pointer chasing ("Measuring GPU Memory Latency",
 * 2021: vector L2 hits ~200 ns, scalar cache ~40 ns, at ~1.5 GHz); LDS from
 * the GCN architecture whitepaper's LDS pipeline depth. Occupancy rules:
 * AMDGPUUsage ("Kernel Descriptor": VGPR/SGPR granules) and LLVM's
 * AMDGPU::IsaInfo (getMaxWavesPerEU, getOccupancyWithLocalMemSize), through
 * the target description's fields. Compares two compilations of one kernel;
 * not a prediction of hardware time. */
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"

enum { LAT_VMEM = 300, LAT_SMEM = 60, LAT_LDS = 40 };
#define CM_MAX_PEND 64 /* per counter: beyond the widest counter (vmcnt 63) */

typedef struct cm_queue {
  uint64_t done[CM_MAX_PEND]; /* completion times, oldest first (ring) */
  unsigned head, n;
} cm_queue;

typedef struct cm_wave {
  uint64_t t;            /* when the wave can issue its next instruction */
  uint64_t *vready;      /* [256]: when each VGPR's VALU result is ready (NULL: no latencies) */
  uint64_t busy;         /* issue cycles of this wave so far */
  cm_queue q[3];         /* EMU_PEND_VM, _LGKM, _VS */
  unsigned epoch;        /* barriers passed */
  int after_barrier;     /* the last instruction was s_barrier */
} cm_wave;

/* One ended wave's chain, logged so the chains of work-groups run on
 * different worker threads go into the wave slots in the serial order. */
typedef struct cm_end {
  uint64_t group, seq;   /* the work-group (serial number), the wave's end order in it */
  uint64_t t, busy;
  unsigned simd;
} cm_end;

/* One per worker thread of a dispatch (parallel.c): the running group's
 * waves, and the log of ended waves; emu_cm_merge packs the logs. */
struct emu_cycle_model {
  const wavecc_cycle_costs *cc; /* the target's VALU issue cycles and latencies */
  uint64_t *vready;      /* [waves_per_group * 256], or NULL when every latency is 0 */
  unsigned simds, occupancy, waves_per_group;
  cm_wave *wave;         /* [waves_per_group] */
  uint64_t *barrier;     /* [barriers]: latest arrival per epoch of the running work-group */
  unsigned nbarrier;
  uint64_t group;        /* the running work-group's serial number */
  unsigned started, ended; /* waves of the running group started / ended so far */
  unsigned *wave_simd;   /* [waves_per_group] */
  cm_end *log;           /* ended waves, in this worker's order (groups ascending) */
  size_t nlog, caplog;
  int oom;               /* a log entry was lost: no estimate */
};

/* w's outstanding accesses per EMU_PEND_* kind, in one pass. */
static void pend_counts(const emu_wave *w, unsigned n[3]) {
  n[0] = n[1] = n[2] = 0;
  for (size_t i = 0; i < w->npend; i++) n[w->pend[i].kind]++;
}

/* The VGPR rows instruction IN reads and writes, for the cycle model's
 * dependency stalls (emu_inst xrd / xwr): the first row of each VGPR
 * operand a VALU instruction reads (a v_fmac's accumulator, its
 * destination, is not counted: RDNA 3 forwards accumulation, s_delay_alu
 * FMA_ACCUM_CYCLE_1), its VGPR destination (two rows for an f64 result;
 * none for compares and v_readlane / v_readfirstlane, which write SGPRs),
 * and the address and store-data VGPRs of a memory instruction. */
static void note_rd(emu_inst *in, unsigned code) {
  if (code >= OPC_VGPR0 && code < OPC_VGPR0 + 256 && in->xnrd < 4) in->xrd[in->xnrd++] = (uint16_t)(code - OPC_VGPR0);
}
void emu_cm_prepare(emu_inst *in) {
  uint32_t fl = isa_table[in->op].flags;
  in->xnrd = in->xnwr = 0;
  int data = (fl & (ISA_F_STORE | ISA_F_ATOMIC)) != 0;
  switch (in->fmt) {
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P: {
    unsigned n = in->fmt == ISA_FMT_VOP1 ? 1 : in->fmt == ISA_FMT_VOP2 || in->fmt == ISA_FMT_VOPC ? 2 : 3;
    for (unsigned i = 0; i < n; i++) note_rd(in, in->src[i]);
    if (in->vopd) { note_rd(in, in->y_src0); note_rd(in, in->y_src1); }
    int sdst = isa_table[in->op].format == ISA_FMT_VOPC || in->op == ISA_V_READLANE_B32 || in->op == ISA_V_READFIRSTLANE_B32;
    if (!sdst && in->dst < 256) {
      in->xwr[in->xnwr++] = in->dst;
      if (in->xvk == WAVECC_VK_F64 && in->dst < 255) in->xwr[in->xnwr++] = (uint16_t)(in->dst + 1);
    }
    if (in->vopd && in->y_dst < 256) in->xwr[in->xnwr++] = in->y_dst;
    break;
  }
  case ISA_FMT_DS:
    note_rd(in, OPC_VGPR0 + in->addr);
    if (data) { note_rd(in, OPC_VGPR0 + in->data0); note_rd(in, OPC_VGPR0 + in->data1); }
    break;
  case ISA_FMT_FLAT: case ISA_FMT_GLOBAL: case ISA_FMT_SCRATCH:
    if (!in->vaddr_off) note_rd(in, OPC_VGPR0 + in->addr);
    if (data) note_rd(in, OPC_VGPR0 + in->data0);
    break;
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF:
    if (in->offen || in->idxen) note_rd(in, OPC_VGPR0 + in->vaddr);
    if (data) note_rd(in, OPC_VGPR0 + in->vdata);
    break;
  default: break;
  }
}

unsigned emu_cm_occupancy(const wavecc_target *t, unsigned vgprs, unsigned sgprs, uint64_t lds_per_group,
                          unsigned waves_per_group) {
  unsigned occ = t->max_waves_per_simd;
  if (vgprs) occ = wavecc_waves_for_vgprs(t, vgprs); /* at most max_waves_per_simd */
  if (sgprs && t->sgprs_per_simd) {
    unsigned g = t->sgpr_granule ? t->sgpr_granule : 1, alloc = (sgprs + g - 1) / g * g;
    if (t->sgprs_per_simd / alloc < occ) occ = t->sgprs_per_simd / alloc;
  }
  unsigned groups = t->max_workgroups_per_cu;
  if (lds_per_group && t->lds_bytes / lds_per_group < groups) groups = (unsigned)(t->lds_bytes / lds_per_group);
  unsigned simds = t->simds_per_cu ? t->simds_per_cu : 1;
  unsigned by_groups = (groups * waves_per_group + simds - 1) / simds;
  if (by_groups < occ) occ = by_groups;
  return occ ? occ : 1;
}

emu_cycle_model *emu_cm_create(const emu_dispatch *d, uint64_t lds_per_group, unsigned waves_per_group) {
  emu_cycle_model *cm = calloc(1, sizeof *cm);
  if (!cm) return NULL;
  const wavecc_target *t = d->tgt;
  cm->simds = t->simds_per_cu ? t->simds_per_cu : 1;
  cm->occupancy = emu_cm_occupancy(t, d->vgpr_limit + d->agpr_limit, d->sgpr_limit, lds_per_group, waves_per_group);
  cm->waves_per_group = waves_per_group ? waves_per_group : 1;
  cm->wave = calloc(cm->waves_per_group, sizeof *cm->wave);
  cm->wave_simd = calloc(cm->waves_per_group, sizeof *cm->wave_simd);
  cm->cc = &t->cycle_costs;
  int lat = 0;
  for (unsigned k = 0; k < WAVECC_NUM_VK; k++) lat |= cm->cc->latency[k];
  if (lat) cm->vready = calloc((size_t)cm->waves_per_group * 256, sizeof *cm->vready);
  if (!cm->wave || !cm->wave_simd || (lat && !cm->vready)) {
    emu_cm_free(cm);
    return NULL;
  }
  return cm;
}

void emu_cm_free(emu_cycle_model *cm) {
  if (!cm) return;
  free(cm->wave);
  free(cm->wave_simd);
  free(cm->vready);
  free(cm->barrier);
  free(cm->log);
  free(cm);
}

void emu_cm_group(emu_cycle_model *cm, uint64_t group) {
  if (!cm) return;
  cm->group = group;
  cm->started = cm->ended = 0;
  if (cm->barrier) memset(cm->barrier, 0, cm->nbarrier * sizeof *cm->barrier);
}

void emu_cm_before(emu_cycle_model *cm, const emu_wave *w, unsigned counts[3]) {
  (void)cm;
  pend_counts(w, counts);
}

/* A wave ended: its chain goes into the log (emu_cm_merge places it). */
static void wave_end(emu_cycle_model *cm, const cm_wave *cw, unsigned simd) {
  if (cm->nlog == cm->caplog) {
    size_t n = cm->caplog ? 2 * cm->caplog : 64;
    cm_end *l = realloc(cm->log, n * sizeof *l);
    if (!l) { cm->oom = 1; return; }
    cm->log = l;
    cm->caplog = n;
  }
  cm->log[cm->nlog++] = (cm_end){cm->group, cm->ended++, cw->t, cw->busy, simd};
}

void emu_cm_after(emu_cycle_model *cm, const emu_wave *w, const emu_inst *in, uint64_t issue, const unsigned before[3]) {
  if (!cm || w->id_in_group >= cm->waves_per_group) return;
  cm_wave *cw = &cm->wave[w->id_in_group];
  if (w->instructions == 1) { /* a new wave (init_wave cleared its count) */
    memset(cw, 0, sizeof *cw);
    if (cm->vready) {
      cw->vready = cm->vready + (size_t)w->id_in_group * 256;
      memset(cw->vready, 0, 256 * sizeof *cw->vready);
    }
    /* SIMDs round-robin over the dispatch's waves in serial order: full
     * groups before this one, then this group's start order */
    cm->wave_simd[w->id_in_group] = (unsigned)((cm->group * cm->waves_per_group + cm->started++) % cm->simds);
  }
  if (cw->after_barrier) { /* every wave of the group has arrived by now */
    if (cw->epoch - 1 < cm->nbarrier && cm->barrier[cw->epoch - 1] > cw->t) cw->t = cm->barrier[cw->epoch - 1];
    cw->after_barrier = 0;
  }
  uint64_t start = cw->t;
  unsigned nows[3];
  pend_counts(w, nows);
  for (unsigned k = 0; k < 3; k++) {
    cm_queue *q = &cw->q[k];
    unsigned now = nows[k];
    if (now < before[k]) { /* retired by this s_waitcnt: wait for the newest of them */
      unsigned r = before[k] - now;
      if (r > q->n) r = q->n;
      if (r) {
        uint64_t done = q->done[(q->head + r - 1) % CM_MAX_PEND];
        if (done > start) start = done;
        q->head = (q->head + r) % CM_MAX_PEND;
        q->n -= r;
      }
    }
  }
  if (cw->vready) /* a VGPR a VALU instruction has not finished writing */
    for (unsigned i = 0; i < in->xnrd; i++)
      if (cw->vready[in->xrd[i]] > start) start = cw->vready[in->xrd[i]];
  if (in->xclass == EMU_XC_VALU) {
    if (cm->cc->issue[in->xvk]) issue = cm->cc->issue[in->xvk];
    if (cw->vready && cm->cc->latency[in->xvk])
      for (unsigned i = 0; i < in->xnwr; i++) cw->vready[in->xwr[i]] = start + cm->cc->latency[in->xvk];
  }
  cw->t = start + issue;
  cw->busy += issue;
  for (unsigned k = 0; k < 3; k++) {
    cm_queue *q = &cw->q[k];
    unsigned now = nows[k];
    if (now <= before[k]) continue;
    uint64_t lat = in->fmt == ISA_FMT_SMEM ? LAT_SMEM : in->fmt == ISA_FMT_DS ? LAT_LDS : LAT_VMEM;
    for (unsigned i = before[k]; i < now && q->n < CM_MAX_PEND; i++) {
      uint64_t done = start + lat, prev = q->n ? q->done[(q->head + q->n - 1) % CM_MAX_PEND] : 0;
      q->done[(q->head + q->n) % CM_MAX_PEND] = done > prev ? done : prev; /* in order */
      q->n++;
    }
  }
  if (in->op == ISA_S_BARRIER) {
    if (cw->epoch >= cm->nbarrier) {
      unsigned n = cm->nbarrier ? 2 * cm->nbarrier : 16;
      uint64_t *b = realloc(cm->barrier, n * sizeof *b);
      if (!b) return; /* the barrier then costs nothing: an estimate */
      memset(b + cm->nbarrier, 0, (n - cm->nbarrier) * sizeof *b);
      cm->barrier = b;
      cm->nbarrier = n;
    }
    if (cw->t > cm->barrier[cw->epoch]) cm->barrier[cw->epoch] = cw->t;
    cw->epoch++;
    cw->after_barrier = 1;
  }
  if (w->done) wave_end(cm, cw, cm->wave_simd[w->id_in_group]);
}

static int end_order(const void *a, const void *b) {
  const cm_end *x = a, *y = b;
  if (x->group != y->group) return x->group < y->group ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

uint64_t emu_cm_merge(emu_cycle_model *const *cms, unsigned n) {
  size_t total = 0;
  const emu_cycle_model *any = NULL;
  for (unsigned i = 0; i < n; i++) {
    if (!cms[i] || cms[i]->oom) return 0;
    total += cms[i]->nlog;
    any = cms[i];
  }
  if (!any) return 0;
  cm_end *all = malloc((total ? total : 1) * sizeof *all);
  uint64_t *slot = calloc((size_t)any->simds * any->occupancy, sizeof *slot);
  uint64_t *busy = calloc(any->simds, sizeof *busy);
  uint64_t worst = 0;
  if (all && slot && busy) {
    size_t k = 0;
    for (unsigned i = 0; i < n; i++) {
      if (cms[i]->nlog) memcpy(all + k, cms[i]->log, cms[i]->nlog * sizeof *all);
      k += cms[i]->nlog;
    }
    qsort(all, total, sizeof *all, end_order);
    for (size_t i = 0; i < total; i++) { /* the slot of its SIMD that frees first */
      uint64_t *sl = slot + (size_t)all[i].simd * any->occupancy, *best = sl;
      for (unsigned j = 1; j < any->occupancy; j++)
        if (sl[j] < *best) best = &sl[j];
      *best += all[i].t;
      busy[all[i].simd] += all[i].busy;
    }
    for (unsigned s = 0; s < any->simds; s++) {
      uint64_t t = busy[s];
      for (unsigned j = 0; j < any->occupancy; j++)
        if (slot[(size_t)s * any->occupancy + j] > t) t = slot[(size_t)s * any->occupancy + j];
      if (t > worst) worst = t;
    }
  }
  free(all);
  free(slot);
  free(busy);
  return worst;
}

unsigned emu_cm_waves_per_simd(const emu_cycle_model *cm) { return cm ? cm->occupancy : 0; }
