/* The compiler pipeline, readable top to bottom (../shared/DESIGN.md
 * "Pipeline"):
 *
 *   import (parse, verify, inline, light IR clean-up)
 *   for each kernel, then each real (not inlined) function:
 *     divergence -> isel (EXEC-mask control flow included)
 *     -> dce -> mem-merge -> liveness -> spill -> regalloc -> ssa-elim
 *     -> frame -> MODE register -> waitcnt -> hazards
 *   a calling kernel's registers and stack cover its callees'
 *   emission of the whole module (assembly), then assemble + link for
 *   --filetype=obj.
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

#include "isel/divergence.h"
#include "isel/isel.h"
#include "llvm/import.h"
#include "mir/mir.h"
#include "passes/passes.h"
#include "target/encode.h"

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
} pass_timers;

/* CPU time of this thread: the pipeline runs on one thread, and on a
 * shared machine wall time would charge a pass with the time the process
 * waited for a core (per-pass figures varied 2x between runs under load). */
static double now_sec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void timer_add(pass_timers *t, const char *name, double sec) {
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

/* Forced budgets (--max-vgprs/--max-sgprs): the smaller of the flag and
 * the kernel's attributes wins (0 = no limit on either side). */
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

static void force_budget(uint32_t *budget, unsigned flag) {
  if (flag && (!*budget || flag < *budget)) *budget = flag;
}

/* Retries of one program whose allocation failed for fragmentation: the
 * registers taken off each file's budget (see compile loop). */
typedef struct budget_shrink {
  unsigned tries, vgprs, sgprs;
  uint8_t slack; /* abi.tuple_slack: the failing file, then both (3) */
} budget_shrink;
#define MAX_SHRINK 3

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

/* Runs the machine IR passes after isel on one kernel, in order. */
static int run_mir_passes(mir_program *p, const wavecc_options *o, diag *d, FILE *dump, pass_timers *tm) {
  static const char *const order[] = {
      "simplify",
      "fold-copies",
      "cse",
      "dce",
      "mem-merge",
      "licm",
      "simplify", /* again: copies folded make v_cndmask x, x */
      "fold-copies",
      "cse",
      "dce",
      "fold-vectors",
      "sched-loads",
      "hoist-pressure",
      "sched-pressure",
      "liveness",
      "spill",
      "regalloc",
      "ssa-elim",
      "copy-cleanup",
      "exec-cleanup",
      "frame",
      "mode",
      "waitcnt",
      "branch-thread",
      "hazards",
  };
  for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++) {
    const mir_pass_info *pi = mir_pass_lookup(order[i]);
    if (!pi) {
      diag_error(d, p->name, "internal: machine IR pass '%s' is not registered", order[i]);
      return -1;
    }
    double t0 = now_sec();
    int rc = mir_run_pass(p, pi, d, VERIFY_DEFAULT, o->print_after, dump);
    timer_add(tm, pi->name, now_sec() - t0);
    if (rc) return rc;
  }
  return 0;
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
 * (an opt-out the next compilation reads). Returns 0 (the new rc). */
static int retry_without(diag *d, size_t diag_len, int diag_errors, arena *mem, mir_program **prog, LLVMValueRef fn,
                         const char *attr) {
  drop_program(d, diag_len, diag_errors, mem, prog);
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(LLVMGetTypeContext(LLVMTypeOf(fn)), attr, (unsigned)strlen(attr), "", 0));
  return 0;
}

/* --print-after names: the stages of this function and the registered
 * machine-IR passes (a misspelt name used to be accepted and print nothing). */
static bool known_dump_name(const char *name) {
  static const char *const stages[] = {"all", "import", "divergence", "isel", "emit"};
  for (unsigned i = 0; i < sizeof stages / sizeof stages[0]; i++)
    if (!strcmp(name, stages[i])) return true;
  return mir_pass_lookup(name) != NULL;
}

int wavecc_pipeline(const char *ir, size_t size, const wavecc_options *o, diag *d, wavecc_result *r) {
  FILE *dump = o->dump_file ? (FILE *)o->dump_file : stderr;
  pass_timers tm = {0};
  double t_start = now_sec();
  if (o->print_after && !known_dump_name(o->print_after)) {
    unsigned n;
    const mir_pass_info *pl = mir_pass_list(&n);
    char names[512] = "import, divergence, isel";
    for (unsigned i = 0; i < n; i++) {
      size_t l = strlen(names);
      snprintf(names + l, sizeof names - l, ", %s", pl[i].name);
    }
    diag_error(d, NULL, "unknown pass '%s' for --print-after (passes: %s, emit; or all)", o->print_after, names);
    return -1;
  }

  /* 1. LLVM IR in: parse, verify, inline, clean up. */
  wir_module m;
  if (wir_import(ir, size, o->opt_level, d, &m)) return -1;
  timer_add(&tm, "import", now_sec() - t_start);
  if (wants_dump(o, "import")) {
    char *s = LLVMPrintModuleToString(m.mod);
    fprintf(dump, "; *** IR after import ***\n%s", s);
    LLVMDisposeMessage(s);
  }
  double t_ours = now_sec();

  /* Program k < nk is kernel k, program nk + k function k of the module's
   * list (calls, isel_calls.c). The functions are compiled first, each
   * after its callees (whose clobbered VGPRs its calls then avoid), then
   * the kernels. */
  unsigned nk = m.num_kernels, np = nk + m.num_functions;
  isel_call_abi ca;
  isel_call_abi_init(&ca, m.functions, m.num_functions, o->max_vgprs, o->max_sgprs);
  isel_call_abi_externs(&ca, m.mod);
  bool calls = m.num_functions || ca.num_externs;
  unsigned *order = calloc(np + 1, sizeof *order);
  isel_call_order(&ca, order);
  for (unsigned i = 0; i < np; i++) order[i] = i < m.num_functions ? nk + order[i] : i - m.num_functions;
  ca.clobbers = calloc(m.num_functions + 1, sizeof *ca.clobbers);
  arena *mems = calloc(np, sizeof *mems);
  mir_program **progs = calloc(np, sizeof *progs);
  budget_shrink *shrink = calloc(np, sizeof *shrink);
  int rc = 0;
  size_t diag_len = d->len;
  int diag_errors = d->errors;
  unsigned retried = UINT32_MAX; /* the program compiled again unstructured */
  for (unsigned oi = 0; oi < np && !rc; oi++) {
    unsigned k = order[oi];
    arena_init(&mems[k]);
    arena *mem = &mems[k];
    LLVMValueRef fn = k < nk ? m.kernels[k] : m.functions[k - nk];
    diag_len = d->len;
    diag_errors = d->errors;

    /* 2. Divergence analysis: uniform values -> SGPRs. */
    double t0 = now_sec();
    divergence_info *di = divergence_analyze(fn, mem);
    timer_add(&tm, "divergence", now_sec() - t0);
    if (wants_dump(o, "divergence")) divergence_print(di, fn, dump);

    /* 3. Instruction selection, EXEC-mask control flow included. */
    t0 = now_sec();
    mir_program *p = isel_kernel(fn, di, mem, o->opt_level, calls ? &ca : NULL, d);
    timer_add(&tm, "isel", now_sec() - t0);
    if (!p) {
      rc = -1;
      break;
    }
    progs[k] = p;
    p->cf_budget_retry = k == retried;
    if (wants_dump(o, "isel")) {
      fprintf(dump, "# *** machine IR after isel ***\n");
      mir_print(p, dump);
    }
    if (VERIFY_DEFAULT && mir_verify(p, false, "isel", dump)) {
      diag_error(d, p->name, "internal: machine IR verifier failed after isel");
      rc = -1;
      break;
    }

    /* 4. Liveness, spilling, register allocation, SSA elimination, frames, waitcnt, hazards. */
    force_budget(&p->abi.num_vgprs_budget, o->max_vgprs);
    force_budget(&p->abi.num_sgprs_budget, o->max_sgprs);
    if (o->spill_sgprs_to_scratch) p->abi.sgpr_spill_scratch = true;
    p->no_coalesce = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "wavecc-no-coalesce", 18) != NULL;
    shrink_budget(p, &shrink[k]);
    rc = run_mir_passes(p, o, d, dump, &tm);
    if (!rc && k >= nk) ca.clobbers[k - nk] = (uint16_t)(p->vgpr_clobber + 1);
    /* Budget failures are retried, each way at most once, in this order
     * (an internal error is never retried: it must not be hidden). */
    if (rc && p->budget_failed && p->fragmented && shrink[k].tries < MAX_SHRINK) {
      /* Demand fit the budget but no free range was left for a tuple:
       * the spiller kept too little slack. The first time, it keeps
       * room for the widest tuple in the failing file (spill.c
       * file_slack), the second time in both (the other file's spill
       * code can change the first's: SGPR lanes are VGPRs); after that,
       * spill to one register fewer in the failing file. Each time
       * allocate again (all of this program). */
      if (shrink[k].slack != 3) {
        shrink[k].slack = shrink[k].slack ? 3 : p->fragmented;
      } else {
        shrink[k].tries++;
        if (p->fragmented == 2) shrink[k].vgprs++;
        else shrink[k].sgprs++;
      }
      drop_program(d, diag_len, diag_errors, &mems[k], &progs[k]); /* p is gone after this */
      rc = 0;
      oi--;
      continue;
    }
    if (rc && p->budget_failed && !p->no_coalesce) {
      /* Folded vectors and register affinities leave the file more
       * fragmented under a small budget (values sit where their partners
       * want them), and the allocator cannot always clear a range for a
       * tuple: compile this program again without them rather than fail. */
      rc = retry_without(d, diag_len, diag_errors, &mems[k], &progs[k], fn, "wavecc-no-coalesce");
      memset(&shrink[k], 0, sizeof shrink[k]);
      oi--;
      continue;
    }
    if (rc && p->structured && p->budget_failed) {
      /* Structured regions keep uniform values (V#s, masks) in SGPRs
       * across loops; under a small budget the allocator can then fail
       * where masked linearisation fits. Compile this program again that
       * way rather than fail (the attribute is isel_struct.c's opt-out).
       * Only budget failures: an internal error must not be hidden. */
      rc = retry_without(d, diag_len, diag_errors, &mems[k], &progs[k], fn, "wavecc-no-structurize");
      memset(&shrink[k], 0, sizeof shrink[k]);
      retried = k;
      oi--;
    }
  }
  if (!rc && calls) mir_call_resources(progs, nk, m.num_functions);
  /* a module without kernels is a library: its exported functions are
   * for other code objects (AMDGPUUsage's convention, isel_calls.c) */
  for (unsigned k = nk; !rc && !nk && k < np; k++)
    progs[k]->exported = LLVMGetLinkage(m.functions[k - nk]) != LLVMInternalLinkage &&
                         LLVMGetLinkage(m.functions[k - nk]) != LLVMPrivateLinkage;

  /* 5. Emission: assembly for the whole module (with its data objects:
   * initialised globals), then the code object. */
  char *asm_text = NULL;
  size_t asm_len = 0;
  arena data_mem;
  arena_init(&data_mem);
  mir_module_data md = {0};
  if (!rc) rc = isel_module_data(m.mod, &data_mem, d, &md);
  if (!rc && calls) {
    /* symbols: the module's functions, then the external ones */
    const char **names = arena_alloc(&data_mem, (m.num_functions + ca.num_externs) * sizeof *names);
    for (unsigned k = 0; k < m.num_functions; k++) names[k] = progs[nk + k]->name;
    for (unsigned k = 0; k < ca.num_externs; k++) {
      size_t len; /* the module outlives emission */
      names[m.num_functions + k] = LLVMGetValueName2(ca.externs[k], &len);
    }
    md.funcs = names;
    md.num_funcs = m.num_functions + ca.num_externs;
    md.num_defined_funcs = m.num_functions;
  }
  /* The builtin assembler encodes straight from machine IR; assembly text
   * is written for -S, for llvm-mc, for the cross-check and for dumps. */
  bool obj = o->output == WAVECC_OUTPUT_OBJ, builtin = obj && o->assembler != WAVECC_ASSEMBLER_LLVM_MC;
  size_t xlen;
  if (!rc && obj && (!nk || ca.num_externs)) {
    /* wavecc writes whole code objects; linking with another one's code
     * is ld.lld's job, from wavecc's assembly */
    if (!nk)
      diag_error(d, NULL, "a module without kernels (functions for other code objects) is written only as assembly (-S)");
    else
      diag_error(d, NULL, "call to undefined function '%s': wavecc links nothing (inline or define it, or write assembly "
                 "with -S and link it with the callee's code object by ld.lld)", LLVMGetValueName2(ca.externs[0], &xlen));
    rc = -1;
  }
  void *elf = NULL;
  size_t elf_size = 0;
  if (!rc && (!builtin || o->assembler == WAVECC_ASSEMBLER_CHECK || wants_dump(o, "emit"))) {
    double t0 = now_sec();
    FILE *f = open_memstream(&asm_text, &asm_len);
    rc = mir_emit_module_data(progs, np, &md, f, d);
    fclose(f);
    timer_add(&tm, "emit", now_sec() - t0);
    if (wants_dump(o, "emit")) fputs(asm_text, dump);
  }
  if (!rc && builtin) {
    double t0 = now_sec();
    uint64_t n;
    rc = mir_write_code_object(progs, np, &md, &elf, &elf_size, &n, d);
    timer_add(&tm, "encode", now_sec() - t0);
  }
  r->pass_seconds = now_sec() - t_ours;
  if (!rc) {
    r->kernels = calloc(m.num_kernels, sizeof *r->kernels);
    r->num_kernels = m.num_kernels;
    for (unsigned k = 0; k < m.num_kernels; k++) {
      mir_kernel_stats(progs[k], &r->kernels[k]);
      r->output_instructions += r->kernels[k].instructions;
      if (o->stats) {
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
    for (unsigned k = m.num_kernels; k < np && o->stats; k++)
      if (progs[k]->cf_lowering >= MIR_CF_IFELSE) {
        char cfbuf[64];
        report_add(&r->report, "function %s: divergent control flow %s\n", progs[k]->name,
                   cf_lowering_name(progs[k], cfbuf, sizeof cfbuf));
      }
  }
  if (data_mem.head) arena_free(&data_mem);
  for (unsigned k = 0; k < np; k++)
    if (mems[k].head) arena_free(&mems[k]);
  free(shrink);
  free(order);
  free(ca.clobbers);
  free(ca.in_cycle);
  free(mems);
  free(progs);
  free(ca.externs);
  wir_module_free(&m);

  if (!rc && obj) {
    double t0 = now_sec();
    if (!builtin) {
      rc = wavecc_assemble_link(asm_text, &elf, &elf_size, d);
      timer_add(&tm, "assemble-link", now_sec() - t0);
    } else if (o->assembler == WAVECC_ASSEMBLER_CHECK) {
      rc = mir_check_code_object(asm_text, elf, elf_size, d);
      timer_add(&tm, "check-assembler", now_sec() - t0);
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
  if (o->time_passes) {
    double total = 0;
    for (unsigned i = 0; i < tm.n; i++) total += tm.sec[i];
    report_add(&r->report, "===== wavecc pass times =====\n");
    for (unsigned i = 0; i < tm.n; i++)
      report_add(&r->report, "%10.6f s %5.1f%%  %s\n", tm.sec[i], total > 0 ? 100.0 * tm.sec[i] / total : 0.0,
                 tm.name[i]);
    report_add(&r->report, "%10.6f s total\n", total);
  }
  return rc;
}
