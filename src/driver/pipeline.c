/* The compiler pipeline, readable top to bottom (../shared/DESIGN.md
 * "Pipeline"):
 *
 *   1. import (parse, verify, inline, the IR passes of src/llvm)
 *   for each real (not inlined) function, callees first, then each kernel
 *   (compile_program):
 *     2. divergence  3. isel (EXEC-mask control flow included)
 *     4. the machine-IR passes, in the one order there is:
 *        mir_pass_pipeline (src/passes/registry.c; wavecc --print-passes)
 *     a budget failure compiles the program again as retry_policy says
 *   a calling kernel's registers and stack cover its callees'
 *   5. emission of the whole module (assembly and/or the builtin code
 *      object; llvm-mc + ld.lld for --assembler=llvm-mc).
 *
 * Every kernel gets one arena that all its passes allocate from, freed
 * after emission. --print-after=PASS / all dumps after a pass; in
 * WAVECC_VERIFY builds the machine IR verifier runs after every pass;
 * --time-passes sums wall time per pass over all kernels.
 */
#include "driver/pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "driver/llc_options.h"
#include "emit/encode.h"
#include "isel/isel.h"
#include "llvm/divergence.h"
#include "llvm/expand_atomics.h"
#include "llvm/expand_buffer_ops.h"
#include "llvm/scalarize_vector_intrinsics.h"
#include "llvm/import.h"
#include "llvm/llc_passes.h"
#include "mir/mir.h"
#include "passes/passes.h"
#include "target/target.h"

#ifdef WAVECC_VERIFY
#define VERIFY_DEFAULT true
#else
#define VERIFY_DEFAULT false
#endif

enum { MAX_TIMERS = 24 };
typedef struct pass_timers {
  const char *name[MAX_TIMERS];
  double sec[MAX_TIMERS];
  unsigned n;
  bool on; /* --time-passes: only then are the clocks read */
} pass_timers;

/* CPU time of this thread: the pipeline runs on one thread, and on a
 * shared machine wall time would charge a pass with the time the process
 * waited for a core (per-pass figures varied 2x between runs under load). */
static double now_sec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* now_sec() for pass timer T, 0 when T is off: CLOCK_THREAD_CPUTIME_ID
 * is a system call (the vDSO has no thread clocks), two per pass and
 * program, ~1,000 in a 6-kernel compile; 0.7 % of a --no-cache
 * wavecc-run (perf, 2026-11-29) for figures only --time-passes prints. */
static double timer_now(const pass_timers *t) { return t->on ? now_sec() : 0; }

static void timer_add(pass_timers *t, const char *name, double sec) {
  if (!t->on) return;
  for (unsigned i = 0; i < t->n; i++)
    if (strcmp(t->name[i], name) == 0) {
      t->sec[i] += sec;
      return;
    }
  if (t->n < MAX_TIMERS) {
    t->name[t->n] = name;
    t->sec[t->n++] = sec;
  }
}

static bool wants_dump(const wavecc_options *o, const char *pass) {
  return o->print_after && (strcmp(o->print_after, "all") == 0 || strcmp(o->print_after, pass) == 0);
}

/* Appends printf-style text to a malloc'ed report string. */
static void report_add(char **rep, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void report_add(char **rep, const char *fmt, ...) {
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  size_t a = *rep ? strlen(*rep) : 0, b = strlen(line);
  char *p = realloc(*rep, a + b + 1);
  if (!p) return;
  memcpy(p + a, line, b + 1);
  *rep = p;
}

/* "structured", "masked (isel_struct.c:LINE)", ... for --stats: how isel
 * lowered p's divergent branches and, when not structured, why. */
static const char *cf_lowering_name(const mir_program *p, char *buf, size_t n) {
  static const char *const names[] = {"none", "structured", "if/else", "masked"};
  const char *name = names[p->cf_lowering];
  if (p->cf_lowering < MIR_CF_IFELSE) return name;
  if (p->cf_budget_retry) snprintf(buf, n, "%s (register budget)", name);
  else if (p->cf_reject_line) snprintf(buf, n, "%s (%s:%u)", name, p->cf_reject_file, p->cf_reject_line);
  else snprintf(buf, n, "%s (wavecc-no-structurize)", name);
  return buf;
}

/* Forced budgets (--max-vgprs/--max-sgprs): the smaller of the flag and
 * the kernel's attributes wins (0 = no limit on either side). */
static void force_budget(uint32_t *budget, unsigned flag) {
  if (flag && (!*budget || flag < *budget)) *budget = flag;
}

/* Retries of one program whose allocation failed for fragmentation: the
 * registers taken off each file's budget (see compile loop). */
typedef struct budget_shrink {
  unsigned tries, vgprs, sgprs;
  uint8_t slack; /* abi.tuple_slack: the failing file, then both (3) */
} budget_shrink;
#define MAX_SHRINK 5

/* Lowers p's budgets by the registers a fragmentation retry took off
 * (spiller and allocator then both aim lower; the kernel still fits the
 * real budget). */
static void shrink_budget(mir_program *p, const budget_shrink *s) {
  p->abi.tuple_slack = s->slack;
  if (s->vgprs) {
    unsigned v = mir_vgpr_budget(p);
    p->abi.num_vgprs_budget = v > s->vgprs + 1 ? v - s->vgprs : v;
  }
  if (s->sgprs) {
    /* num_sgprs_budget counts VCC, FLAT_SCRATCH and XNACK_MASK as the
     * "amdgpu-num-sgpr" attribute does; mir_sgpr_budget excludes them. */
    unsigned b = p->abi.num_sgprs_budget ? p->abi.num_sgprs_budget : MIR_MAX_SGPRS;
    p->abi.num_sgprs_budget = b > s->sgprs + 8 ? b - s->sgprs : b;
  }
}

/* Runs the machine-IR passes after isel on one program, in the one pass
 * order there is (mir_pass_pipeline, src/passes/registry.c). */
static int run_mir_passes(mir_program *p, const wavecc_options *o, diag *d, FILE *dump, pass_timers *tm) {
  unsigned n;
  const mir_pass_info *const *order = mir_pass_pipeline(&n);
  for (unsigned i = 0; i < n; i++) {
    double t0 = timer_now(tm);
    int rc = mir_run_pass(p, order[i], d, VERIFY_DEFAULT, o->print_after, dump);
    timer_add(tm, order[i]->name, timer_now(tm) - t0);
    if (rc) return rc;
  }
  return 0;
}

/* What to do after the machine-IR passes failed on a program. */
typedef enum retry_kind {
  RETRY_NONE,         /* report the failure */
  RETRY_SHRINK,       /* allocate again, keeping more slack or to a smaller budget */
  RETRY_NO_GPR_IDX,   /* select again without indexed vector tuples (isel_vector_index.c) */
  RETRY_NO_COALESCE,  /* compile again without vector folding and register affinities */
  RETRY_UNSTRUCTURED, /* compile again with masked control flow instead of structured regions */
} retry_kind;

/* Budget failures are retried, each way at most once (shrinking up to
 * MAX_SHRINK times), in this order; an internal error is never retried:
 * it must not be hidden.
 * - RETRY_SHRINK: demand fit the budget but no free range was left for a
 *   tuple: the spiller kept too little slack.
 * - RETRY_NO_GPR_IDX: a private vector read or written at a uniform index
 *   lives whole in one VGPR tuple (up to 16 registers, and its operands
 *   beside it at the create): selected again as compare-and-select chains.
 * - RETRY_NO_COALESCE: folded vectors and register affinities leave the
 *   file more fragmented under a small budget (values sit where their
 *   partners want them), and the allocator cannot always clear a range
 *   for a tuple.
 * - RETRY_UNSTRUCTURED: structured regions keep uniform values (V#s,
 *   masks) in SGPRs across loops; under a small budget the allocator can
 *   then fail where masked linearisation fits. */
static retry_kind retry_policy(const mir_program *p, const budget_shrink *s) {
  if (!p->budget_failed) return RETRY_NONE;
  if (p->fragmented && s->tries < MAX_SHRINK) return RETRY_SHRINK;
  if (p->gpr_idx) return RETRY_NO_GPR_IDX;
  if (!p->no_coalesce) return RETRY_NO_COALESCE;
  if (p->structured) return RETRY_UNSTRUCTURED;
  return RETRY_NONE;
}

/* The next RETRY_SHRINK after a fragmentation failure in file
 * `fragmented` (1 SGPRs, 2 VGPRs): the first time the spiller keeps room
 * for the widest tuple in the failing file (spill.c file_slack), the
 * second time in both (the other file's spill code can change the
 * first's: SGPR lanes are VGPRs); after that, each retry takes twice as
 * many registers more off the failing file's budget (1, 2, 4, ...: a
 * file whose demand sits at the budget often needs several registers of
 * room before an aligned tuple range is free; llvm-stress seed 60205 at
 * -O0 needed more than the three single steps there were). */
static void shrink_step(budget_shrink *s, uint8_t fragmented) {
  if (s->slack != 3) {
    s->slack = s->slack ? 3 : fragmented;
  } else {
    s->tries++;
    unsigned step = 1u << (s->tries - 1);
    if (fragmented == 2) s->vgprs += step;
    else s->sgprs += step;
  }
}

/* Drops a failed program (its arena: the program is gone after this) and
 * the diagnostics it reported, before compiling it again. */
static void drop_program(diag *d, size_t diag_len, int diag_errors, arena *mem, mir_program **prog) {
  diag_rollback(d, diag_len, diag_errors);
  arena_free(mem);
  *prog = NULL;
}

/* Prepares compiling `fn` again after a budget failure: drops the
 * failed program and its diagnostics and marks the function with `attr`
 * (an opt-out the next compilation reads). */
static void retry_without(diag *d, size_t diag_len, int diag_errors, arena *mem, mir_program **prog, LLVMValueRef fn,
                          const char *attr) {
  drop_program(d, diag_len, diag_errors, mem, prog);
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(LLVMGetTypeContext(LLVMTypeOf(fn)), attr, (unsigned)strlen(attr), "", 0));
}

/* The stages around the machine-IR passes, as --print-after and
 * --time-passes name them. */
static const char *const stages_before[][2] = {
    {"import", "LLVM IR in: parse, verify, inline, IR passes (src/llvm)"},
    {"divergence", "uniform and divergent values, per kernel and function (src/llvm/divergence.c)"},
    {"isel", "instruction selection, EXEC-mask control flow included (src/isel)"},
};
static const char *const stage_emit[2] = {"emit", "assembly text of the module (src/emit); then the code object"};

/* --print-after names: the stages and the registered machine-IR passes (a
 * misspelt name used to be accepted and print nothing). */
static bool known_dump_name(const char *name) {
  if (!strcmp(name, "all") || !strcmp(name, stage_emit[0])) return true;
  for (unsigned i = 0; i < sizeof stages_before / sizeof stages_before[0]; i++)
    if (!strcmp(name, stages_before[i][0])) return true;
  return mir_pass_lookup(name) != NULL;
}

static int check_print_after(const wavecc_options *o, diag *d) {
  if (!o->print_after || known_dump_name(o->print_after)) return 0;
  unsigned n;
  const mir_pass_info *pl = mir_pass_list(&n);
  char names[512] = "";
  for (unsigned i = 0; i < sizeof stages_before / sizeof stages_before[0]; i++) {
    size_t l = strlen(names);
    snprintf(names + l, sizeof names - l, "%s%s", i ? ", " : "", stages_before[i][0]);
  }
  for (unsigned i = 0; i < n; i++) {
    size_t l = strlen(names);
    snprintf(names + l, sizeof names - l, ", %s", pl[i].name);
  }
  diag_error(d, NULL, "unknown pass '%s' for --print-after (passes: %s, %s; or all)", o->print_after, names,
             stage_emit[0]);
  return -1;
}

void wavecc_print_passes(FILE *out) {
  fputs("wavecc pass order (per kernel and function, from import to emit):\n", out);
  for (unsigned i = 0; i < sizeof stages_before / sizeof stages_before[0]; i++)
    fprintf(out, "  %-15s %s\n", stages_before[i][0], stages_before[i][1]);
  unsigned n;
  const mir_pass_info *const *order = mir_pass_pipeline(&n);
  for (unsigned i = 0; i < n; i++) fprintf(out, "  %-15s %s\n", order[i]->name, order[i]->description);
  fprintf(out, "  %-15s %s\n", stage_emit[0], stage_emit[1]);
}

/* One compilation's state, shared by its steps. Program k < nk is kernel
 * k, program nk + k function k of the module's list (calls,
 * isel_calls.c). */
typedef struct pipeline {
  const wavecc_options *o;
  const wavecc_target *target; /* -mcpu's (gfx900 by default) */
  diag *d;
  FILE *dump;
  pass_timers tm;
  wir_module m;
  isel_call_abi ca;
  bool calls;
  unsigned nk, np;
  arena *mems;                /* [np] one arena per program */
  mir_program **progs;        /* [np] */
  budget_shrink *shrink;      /* [np] */
  unsigned retried;           /* the program compiled again unstructured */
} pipeline;

/* Divergence analysis and instruction selection of program k (into
 * pl->progs[k]), with their dumps; the verifier after isel. */
static int select_program(pipeline *pl, unsigned k, LLVMValueRef fn) {
  const wavecc_options *o = pl->o;
  arena *mem = &pl->mems[k];
  /* 2. Divergence analysis: uniform values -> SGPRs. */
  double t0 = timer_now(&pl->tm);
  divergence_info *di = divergence_analyze(fn, mem);
  timer_add(&pl->tm, "divergence", timer_now(&pl->tm) - t0);
  if (wants_dump(o, "divergence")) divergence_print(di, fn, pl->dump);

  /* 3. Instruction selection, EXEC-mask control flow included. */
  t0 = timer_now(&pl->tm);
  mir_program *p = isel_kernel(fn, di, mem, o->opt_level, pl->calls ? &pl->ca : NULL, pl->target, pl->d);
  timer_add(&pl->tm, "isel", timer_now(&pl->tm) - t0);
  if (!p) return -1;
  p->cur_loc = 0; /* code later passes add has no source position of its own */
  p->cur_chk = 0;
  pl->progs[k] = p;
  p->cf_budget_retry = k == pl->retried;
  if (wants_dump(o, "isel")) {
    fprintf(pl->dump, "# *** machine IR after isel ***\n");
    mir_print(p, pl->dump);
  }
  if (VERIFY_DEFAULT && mir_verify(p, false, "isel", pl->dump)) {
    diag_error(pl->d, p->name, "internal: machine IR verifier failed after isel");
    return -1;
  }
  return 0;
}

/* Compiles program k through selection and the machine-IR passes, and
 * again while retry_policy asks for it. Returns 0 or the failure's rc. */
static int compile_program(pipeline *pl, unsigned k) {
  const wavecc_options *o = pl->o;
  diag *d = pl->d;
  LLVMValueRef fn = k < pl->nk ? pl->m.kernels[k] : pl->m.functions[k - pl->nk];
  for (;;) {
    arena_init(&pl->mems[k]);
    size_t diag_len = d->len;
    int diag_errors = d->errors;
    if (select_program(pl, k, fn)) return -1;
    mir_program *p = pl->progs[k];

    /* 4. Liveness, spilling, register allocation, SSA elimination, frames, waitcnt, hazards. */
    force_budget(&p->abi.num_vgprs_budget, o->max_vgprs);
    force_budget(&p->abi.num_sgprs_budget, o->max_sgprs);
    if (o->spill_sgprs_to_scratch) p->abi.sgpr_spill_scratch = true;
    p->no_coalesce = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "wavecc-no-coalesce", 18) != NULL;
    shrink_budget(p, &pl->shrink[k]);
    /* the target ID's xnack setting constrains allocation and hazards (XNACK replay) */
    if (o->mattr) llc_mattr_target_id(p->target, o->mattr, &p->target_xnack, &p->target_sramecc);
    int rc = run_mir_passes(p, o, d, pl->dump, &pl->tm);
    if (!rc && k >= pl->nk) pl->ca.clobbers[k - pl->nk] = (uint16_t)(p->vgpr_clobber + 1);
    retry_kind retry = rc ? retry_policy(p, &pl->shrink[k]) : RETRY_NONE;
    switch (retry) {
    case RETRY_NONE:
      return rc;
    case RETRY_SHRINK: /* each time allocate again (all of this program) */
      shrink_step(&pl->shrink[k], p->fragmented);
      drop_program(d, diag_len, diag_errors, &pl->mems[k], &pl->progs[k]); /* p is gone after this */
      break;
    case RETRY_NO_GPR_IDX: /* the attribute is isel_vector_index.c's opt-out */
      retry_without(d, diag_len, diag_errors, &pl->mems[k], &pl->progs[k], fn, "wavecc-no-gpr-idx");
      memset(&pl->shrink[k], 0, sizeof pl->shrink[k]);
      break;
    case RETRY_NO_COALESCE:
      retry_without(d, diag_len, diag_errors, &pl->mems[k], &pl->progs[k], fn, "wavecc-no-coalesce");
      memset(&pl->shrink[k], 0, sizeof pl->shrink[k]);
      break;
    case RETRY_UNSTRUCTURED: /* the attribute is isel_struct.c's opt-out */
      retry_without(d, diag_len, diag_errors, &pl->mems[k], &pl->progs[k], fn, "wavecc-no-structurize");
      memset(&pl->shrink[k], 0, sizeof pl->shrink[k]);
      pl->retried = k;
      break;
    }
  }
}

/* 5. Emission: assembly for the whole module (with its data objects:
 * initialised globals) when asked for or needed, then the code object
 * from the builtin assembler. */
static int emit_module(pipeline *pl, arena *data_mem, char **asm_text, size_t *asm_len, void **elf, size_t *elf_size) {
  const wavecc_options *o = pl->o;
  diag *d = pl->d;
  isel_call_abi *ca = &pl->ca;
  unsigned nk = pl->nk, nf = pl->m.num_functions;
  mir_module_data md = {0};
  int rc = isel_module_data(pl->m.mod, data_mem, d, &md);
  if (!rc && pl->calls) {
    /* symbols: the module's functions, then the external ones */
    const char **names = arena_alloc(data_mem, (nf + ca->num_externs) * sizeof *names);
    uint8_t *got = arena_alloc(data_mem, nf + ca->num_externs + 1);
    memset(got, 0, nf + ca->num_externs + 1);
    for (unsigned k = 0; k < nf; k++) names[k] = pl->progs[nk + k]->name;
    for (unsigned k = 0; k < ca->num_externs; k++) {
      size_t len; /* the module outlives emission */
      names[nf + k] = LLVMGetValueName2(ca->externs[k], &len);
      got[nf + k] = isel_extern_through_got(ca->externs[k]);
    }
    md.funcs = names;
    md.funcs_got = got;
    md.num_funcs = nf + ca->num_externs;
    md.num_defined_funcs = nf;
  }
  /* The builtin assembler encodes straight from machine IR; assembly text
   * is written for -S, for llvm-mc, for the cross-check and for dumps. */
  bool obj = o->output == WAVECC_OUTPUT_OBJ, builtin = obj && o->assembler != WAVECC_ASSEMBLER_LLVM_MC;
  size_t xlen;
  /* A relocatable object (llc-19's -filetype=obj) leaves calls to other
   * modules' functions to ld.lld; a linked code object cannot. */
  const char *undef = obj ? isel_undefined_data(pl->m.mod) : NULL;
  if (!rc && undef) {
    diag_error(d, NULL, "reference to undefined global '%s': wavecc links nothing (define it, or write a relocatable "
               "object with -mtriple or -filetype=obj and link it with the defining one by ld.lld)", undef);
    rc = -1;
  }
  if (!rc && obj && (!nk || ca->num_externs)) {
    /* wavecc writes whole code objects; linking with another one's code
     * is ld.lld's job, from wavecc's assembly */
    if (!nk)
      diag_error(d, NULL, "a module without kernels (functions for other code objects) is written only as assembly (-S)");
    else
      diag_error(d, NULL, "call to undefined function '%s': wavecc links nothing (inline or define it, or write assembly "
                 "with -S and link it with the callee's code object by ld.lld)", LLVMGetValueName2(ca->externs[0], &xlen));
    rc = -1;
  }
  if (!rc && (!builtin || o->assembler == WAVECC_ASSEMBLER_CHECK || wants_dump(o, "emit"))) {
    double t0 = timer_now(&pl->tm);
    FILE *f = open_memstream(asm_text, asm_len);
    rc = mir_emit_module_data(pl->progs, pl->np, &md, f, d);
    fclose(f);
    timer_add(&pl->tm, "emit", timer_now(&pl->tm) - t0);
    if (wants_dump(o, "emit")) fputs(*asm_text, pl->dump);
  }
  if (!rc && builtin) {
    double t0 = timer_now(&pl->tm);
    uint64_t n;
    rc = mir_write_code_object(pl->progs, pl->np, &md, elf, elf_size, &n, d);
    timer_add(&pl->tm, "encode", timer_now(&pl->tm) - t0);
  }
  return rc;
}

/* The kernels' statistics into r, and their --stats lines. */
static void report_stats(const pipeline *pl, wavecc_result *r) {
  mir_program **progs = pl->progs;
  r->kernels = calloc(pl->m.num_kernels, sizeof *r->kernels);
  r->num_kernels = pl->m.num_kernels;
  for (unsigned k = 0; k < pl->m.num_kernels; k++) {
    mir_kernel_stats(progs[k], &r->kernels[k]);
    r->output_instructions += r->kernels[k].instructions;
    if (pl->o->stats) {
      wavecc_kernel_stats *s = &r->kernels[k];
      char cfbuf[64];
      report_add(&r->report,
                 "%s: instructions %u, code bytes %u, NumSgprs %u, NumVgprs %u, ScratchSize %u, "
                 "Occupancy %u, MaxLiveSGPRs %u (allocated %u), MaxLiveVGPRs %u (allocated %u), spills %u, reloads %u, "
                 "mode writes %u, divergent control flow %s\n",
                 s->name, s->instructions, s->code_bytes, s->sgprs, s->vgprs, s->scratch_bytes, s->occupancy,
                 s->maxlive_sgprs, progs[k]->num_sgprs_used, s->maxlive_vgprs, progs[k]->num_vgprs_used,
                 s->spills, s->reloads, s->mode_writes, cf_lowering_name(progs[k], cfbuf, sizeof cfbuf));
    }
  }
  /* functions have no descriptor line: name only those not structured */
  for (unsigned k = pl->m.num_kernels; k < pl->np && pl->o->stats; k++)
    if (progs[k]->cf_lowering >= MIR_CF_IFELSE) {
      char cfbuf[64];
      report_add(&r->report, "function %s: divergent control flow %s\n", progs[k]->name,
                 cf_lowering_name(progs[k], cfbuf, sizeof cfbuf));
    }
}

static void report_times(const pass_timers *tm, wavecc_result *r) {
  double total = 0;
  for (unsigned i = 0; i < tm->n; i++) total += tm->sec[i];
  report_add(&r->report, "===== wavecc pass times =====\n");
  for (unsigned i = 0; i < tm->n; i++)
    report_add(&r->report, "%10.6f s %5.1f%%  %s\n", tm->sec[i], total > 0 ? 100.0 * tm->sec[i] / total : 0.0,
               tm->name[i]);
  report_add(&r->report, "%10.6f s total\n", total);
}

/* wir_import's hook: llc-19's pre-selection IR passes (llc_passes.c),
 * after LLVM's clean-up and wavecc's own IR passes. They need the
 * processor (for their target facts), which the module's functions name;
 * when that is in error the passes are skipped and the error is reported
 * once, by the driver_module_target call after the import. */
/* The processor the module's functions name (driver_module_target), or
 * NULL when that is in error (reported later, once, by the driver). */
static const wavecc_target *hook_target(LLVMModuleRef mod, const wavecc_options *o, diag *d) {
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) n++;
  LLVMValueRef *fns = malloc((n + 1) * sizeof *fns);
  if (!fns) return NULL;
  unsigned k = 0; /* kernels first, as the driver lists them */
  for (int pass = 0; pass < 2; pass++)
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
      if (!LLVMIsDeclaration(f) && (LLVMGetFunctionCallConv(f) == LLVMAMDGPUKERNELCallConv) == (pass == 0)) fns[k++] = f;
  diag scratch = {.file = d->file};
  const wavecc_target *t = driver_module_target(o, fns, k, &scratch);
  free(fns);
  free(diag_take(&scratch));
  return t;
}

static int llc_passes_hook(LLVMModuleRef mod, void *ctx, diag *d) {
  const wavecc_target *t = hook_target(mod, ctx, d);
  return t ? wir_run_passes_for(mod, WIR_LLC_PIPELINE, t, d) : 0;
}

/* wir_import's early hook: functions the processor cannot run go
 * (driver_remove_incompatible); on a processor with packed f32
 * (v_pk_fma_f32) the module is marked so that scalarize-vector-intrinsics
 * keeps <2 x float> fma/fmuladd whole for isel_pk_f32.c; where f32/f64
 * buffer adds need no permission (gfx942) it is marked so that
 * expand-buffer-ops keeps a fat pointer's atomicrmw fadd one instruction;
 * where a 64-bit VALU add is one instruction (gfx942) it is marked for the
 * divergence analysis (divergence_mark_valu_add64). */
static int early_hook(LLVMModuleRef mod, void *ctx, diag *d) {
  if (driver_remove_incompatible(mod, ctx, d)) return -1;
  const wavecc_target *t = hook_target(mod, ctx, d);
  if (t && isa_encoding(t->encoding, ISA_V_PK_FMA_F32)) wir_mark_packed_f32(mod);
  if (t && wavecc_valu_add64_one(t)) divergence_mark_valu_add64(mod);
  if (t && t->fp_atomic_add_any_memory && isa_encoding(t->encoding, ISA_BUFFER_ATOMIC_ADD_F32) &&
      isa_encoding(t->encoding, ISA_BUFFER_ATOMIC_ADD_F64))
    wir_mark_buffer_fadd(mod);
  return 0;
}

int wavecc_pipeline(const char *ir, size_t size, const wir_given *given, const wavecc_options *o, diag *d,
                    wavecc_result *r) {
  pipeline pl = {.o = o, .d = d, .dump = o->dump_file ? (FILE *)o->dump_file : stderr, .retried = UINT32_MAX,
                 .tm = {.on = o->time_passes}};
  double t_start = now_sec();
  if (check_print_after(o, d)) {
    if (given) {
      LLVMDisposeModule(given->mod);
      LLVMContextDispose(given->ctx);
    }
    return -1;
  }

  /* 1. LLVM IR in: parse, verify, inline, clean up. */
  wir_module *m = &pl.m;
  if (wir_import(ir, size, given, o->opt_level, o->check_div, o->triple, d, m, early_hook,
                 o->opt_level >= 1 && !o->no_llc_ir_passes ? llc_passes_hook : NULL,
                 (void *)o))
    return -1;
  timer_add(&pl.tm, "import", now_sec() - t_start);
  {
    LLVMValueRef *fns = malloc((m->num_kernels + m->num_functions + 1) * sizeof *fns);
    if (!fns) return diag_error(d, NULL, "out of memory"), -1;
    memcpy(fns, m->kernels, m->num_kernels * sizeof *fns);
    if (m->num_functions) memcpy(fns + m->num_kernels, m->functions, m->num_functions * sizeof *fns);
    pl.target = driver_module_target(o, fns, m->num_kernels + m->num_functions, d);
    free(fns);
    /* atomics the processor has no instruction for, now that it is known */
    if (!pl.target || wir_expand_atomics(m->mod, pl.target, d)) {
      wir_module_free(m);
      return -1;
    }
  }
  if (wants_dump(o, "import")) {
    char *s = LLVMPrintModuleToString(m->mod);
    fprintf(pl.dump, "; *** IR after import ***\n%s", s);
    LLVMDisposeMessage(s);
  }
  double t_ours = now_sec();

  /* 2-4 per program (compile_program). The functions are compiled first,
   * each after its callees (whose clobbered VGPRs its calls then avoid),
   * then the kernels. */
  isel_call_abi *ca = &pl.ca;
  pl.nk = m->num_kernels;
  pl.np = pl.nk + m->num_functions;
  isel_call_abi_init(ca, m->functions, m->num_functions, o->max_vgprs, o->max_sgprs);
  isel_call_abi_externs(ca, m->mod);
  pl.calls = m->num_functions || ca->num_externs || ca->unknown_callees;
  unsigned *order = calloc(pl.np + 1, sizeof *order);
  isel_call_order(ca, order);
  for (unsigned i = 0; i < pl.np; i++) order[i] = i < m->num_functions ? pl.nk + order[i] : i - m->num_functions;
  ca->clobbers = calloc(m->num_functions + 1, sizeof *ca->clobbers);
  pl.mems = calloc(pl.np, sizeof *pl.mems);
  pl.progs = calloc(pl.np, sizeof *pl.progs);
  pl.shrink = calloc(pl.np, sizeof *pl.shrink);
  int rc = 0;
  for (unsigned oi = 0; oi < pl.np && !rc; oi++) rc = compile_program(&pl, order[oi]);
  if (!rc && pl.calls) mir_call_resources(pl.progs, pl.nk, m->num_functions);
  /* a module without kernels is a library: its exported functions are
   * for other code objects (AMDGPUUsage's convention, isel_calls.c) */
  for (unsigned k = pl.nk; !rc && !pl.nk && k < pl.np; k++) {
    LLVMValueRef f = m->functions[k - pl.nk];
    pl.progs[k]->exported = LLVMGetLinkage(f) != LLVMInternalLinkage && LLVMGetLinkage(f) != LLVMPrivateLinkage;
    pl.progs[k]->hidden = LLVMGetVisibility(f) == LLVMHiddenVisibility;
  }

  /* The target ID's features (-mattr=+xnack ...) for the code object. */
  int8_t xnack = 0, sramecc = 0;
  if (!rc && o->mattr && pl.np) llc_mattr_target_id(pl.progs[0]->target, o->mattr, &xnack, &sramecc);
  for (unsigned k = 0; !rc && k < pl.np; k++) pl.progs[k]->target_xnack = xnack, pl.progs[k]->target_sramecc = sramecc;

  /* 5. Emission. */
  char *asm_text = NULL;
  size_t asm_len = 0;
  void *elf = NULL;
  size_t elf_size = 0;
  arena data_mem;
  arena_init(&data_mem);
  if (!rc) rc = emit_module(&pl, &data_mem, &asm_text, &asm_len, &elf, &elf_size);
  r->pass_seconds = now_sec() - t_ours;
  if (!rc) report_stats(&pl, r);
  if (data_mem.head) arena_free(&data_mem);
  for (unsigned k = 0; k < pl.np; k++)
    if (pl.mems[k].head) arena_free(&pl.mems[k]);
  free(pl.shrink);
  free(order);
  free(ca->clobbers);
  free(ca->in_cycle);
  free(pl.mems);
  free(pl.progs);
  free(ca->externs);
  wir_module_free(m);

  bool obj = o->output == WAVECC_OUTPUT_OBJ, builtin = obj && o->assembler != WAVECC_ASSEMBLER_LLVM_MC;
  if (!rc && o->output == WAVECC_OUTPUT_RELOC) {
    double t0 = timer_now(&pl.tm);
    rc = wavecc_assemble_reloc(pl.target, asm_text, &elf, &elf_size, d);
    timer_add(&pl.tm, "assemble", timer_now(&pl.tm) - t0);
    free(asm_text);
    r->output = rc ? NULL : elf;
    r->output_size = rc ? 0 : elf_size;
    if (rc) free(elf);
  } else if (!rc && obj) {
    double t0 = timer_now(&pl.tm);
    if (!builtin) {
      rc = wavecc_assemble_link(pl.target, asm_text, &elf, &elf_size, d);
      timer_add(&pl.tm, "assemble-link", timer_now(&pl.tm) - t0);
    } else if (o->assembler == WAVECC_ASSEMBLER_CHECK) {
      rc = mir_check_code_object(pl.target, asm_text, elf, elf_size, d);
      timer_add(&pl.tm, "check-assembler", timer_now(&pl.tm) - t0);
    }
    if (!rc) {
      r->output = elf;
      r->output_size = elf_size;
      elf = NULL;
    }
    free(elf);
    free(asm_text);
  } else if (!rc) {
    r->output = asm_text;
    r->output_size = asm_len;
  } else {
    free(asm_text);
    free(elf);
  }
  if (o->time_passes) report_times(&pl.tm, r);
  return rc;
}
