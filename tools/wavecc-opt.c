/* wavecc-opt: text machine IR in, passes, text machine IR out; or LLVM IR
 * in, wavecc's own IR passes, LLVM IR out.
 *
 *   wavecc-opt [-pass=NAME]... [-verify] [-print-demand] [-emit-asm] [-stats] FILE.mir|-
 *   wavecc-opt -ir-pass=NAME... FILE.ll|-
 *   wavecc-opt [-mcpu=CPU] -llvm-passes=PIPELINE FILE.ll|-
 *
 * With -ir-pass the input is LLVM IR (text or bitcode): it is parsed and
 * verified, the named IR passes (src/llvm/ir_passes.c) run in the order
 * given, the result must verify again, and it is printed as LLVM IR text.
 * -list-ir-passes lists them. -llvm-passes runs LLVM's own passes instead
 * (pass_pipeline.cpp's names, PassBuilder syntax: "function(slsr,...)",
 * or "llc" for the pipeline the driver runs) with the target facts of
 * -mcpu (default gfx900; src/llvm/llc_passes.c).
 *
 * Parses the file (or stdin for "-"), runs the named passes in order
 * (each followed by the verifier in WAVECC_VERIFY builds or with
 * -verify), and prints the result. -print-demand annotates each
 * instruction with the register demand computed by the liveness pass, and
 * each block with its live-in set, for pass tests. -list-passes lists the
 * registered passes. -emit-asm prints the module's assembly (after
 * ssa-elim) instead of machine IR; -stats prints the --stats numbers. Exit status 1 on any error, with the diagnostics on
 * stderr. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "llvm/import.h"
#include "llvm/ir_passes.h"
#include "llvm/llc_passes.h"
#include "mir/mir.h"
#include "passes/passes.h"
#include "util/bitset.h"
#include "util/spawn.h"

static char *read_stdin(void) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  if (!buf) return NULL;
  for (;;) {
    if (n + 4096 + 1 > cap) {
      cap *= 2;
      char *nb = realloc(buf, cap);
      if (!nb) { free(buf); return NULL; }
      buf = nb;
    }
    size_t r = fread(buf + n, 1, 4096, stdin);
    n += r;
    if (r == 0) break;
    if (n > WAVECC_MAX_INPUT_BYTES) { /* `wavecc-opt - < /dev/zero` must end */
      free(buf);
      errno = EFBIG;
      return NULL;
    }
  }
  buf[n] = 0;
  return buf;
}

/* Prints the program with liveness annotations as comments (which the
 * parser skips, so the output still parses). */
static void print_with_demand(const mir_program *p, FILE *out) {
  const mir_live_info *li = p->live;
  fprintf(out, "; max demand: sgpr=%u vgpr=%u\n", li->max.sgpr, li->max.vgpr);
  mir_program copy = *p;
  copy.num_blocks = 0;
  mir_print(&copy, out); /* header lines only */
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    mir_print_block_header(out, blk);
    fprintf(out, "  ; live_in:");
    for (uint32_t t = bitset_next(li->live_in[b], li->words, 0); t != UINT32_MAX;
         t = bitset_next(li->live_in[b], li->words, t + 1))
      fprintf(out, " %%%u", t);
    fprintf(out, " ; block demand: sgpr=%u vgpr=%u\n", li->block_max[b].sgpr, li->block_max[b].vgpr);
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      fputs("  ", out);
      mir_print_instr(out, p, blk->instrs[i]);
      fprintf(out, " ; demand: sgpr=%u vgpr=%u\n", li->demand[b][i].sgpr, li->demand[b][i].vgpr);
    }
    fprintf(out, "  ; live_out:");
    for (uint32_t t = bitset_next(li->live_out[b], li->words, 0); t != UINT32_MAX;
         t = bitset_next(li->live_out[b], li->words, t + 1))
      fprintf(out, " %%%u", t);
    fputc('\n', out);
  }
}

/* -ir-pass: LLVM IR in, IR passes, LLVM IR out. */
static int run_ir_passes(const char *file, char *text, size_t size, const char **names, int n,
                         const char *llvm_passes, const wavecc_target *t) {
  diag d = {.file = file};
  wir_module m;
  int status = 0;
  if (wir_parse(text, size, &d, &m)) {
    status = 1;
  } else {
    for (int i = 0; i < n && !status; i++) status = wir_pass_lookup(names[i])->run(m.mod, &d) != 0;
    if (llvm_passes && !status) LLVMSetDataLayout(m.mod, WAVECC_AMDGCN_DATALAYOUT); /* as wir_import */
    if (llvm_passes && !status)
      status = wir_run_passes_for(m.mod, strcmp(llvm_passes, "llc") ? llvm_passes : WIR_LLC_PIPELINE, t, &d) != 0;
    char *vmsg = NULL;
    if (!status && LLVMVerifyModule(m.mod, LLVMReturnStatusAction, &vmsg)) {
      diag_error(&d, NULL, "internal: LLVM IR does not verify after the IR passes: %s", vmsg);
      status = 1;
    }
    LLVMDisposeMessage(vmsg);
    if (!status) {
      char *ir = LLVMPrintModuleToString(m.mod);
      fputs(ir, stdout);
      LLVMDisposeMessage(ir);
    }
    wir_module_free(&m);
  }
  char *msgs = diag_take(&d);
  if (msgs) { fputs(msgs, stderr); free(msgs); }
  return status;
}

int main(int argc, char **argv) {
  const char *passes[64], *ir_passes[64];
  int npasses = 0, nir = 0;
  const char *file = NULL, *llvm_passes = NULL;
  const wavecc_target *target = &wavecc_target_gfx900;
  bool verify = false, demand = false, emit = false, stats = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strncmp(a, "-pass=", 6) == 0 || strncmp(a, "--pass=", 7) == 0) {
      if (npasses == 64) { fprintf(stderr, "wavecc-opt: too many passes\n"); return 1; }
      passes[npasses++] = strchr(a, '=') + 1;
    } else if (strncmp(a, "-ir-pass=", 9) == 0) {
      if (nir == 64) { fprintf(stderr, "wavecc-opt: too many passes\n"); return 1; }
      ir_passes[nir++] = a + 9;
    } else if (strncmp(a, "-llvm-passes=", 13) == 0) {
      llvm_passes = a + 13;
    } else if (strncmp(a, "-mcpu=", 6) == 0) {
      if (!(target = wavecc_target_by_name(a + 6))) { fprintf(stderr, "wavecc-opt: unknown -mcpu=%s\n", a + 6); return 1; }
    } else if (strcmp(a, "-list-ir-passes") == 0) {
      unsigned n;
      const wir_pass_info *l = wir_pass_list(&n);
      for (unsigned k = 0; k < n; k++) printf("%-26s %s\n", l[k].name, l[k].description);
      return 0;
    } else if (strcmp(a, "-verify") == 0) {
      verify = true;
    } else if (strcmp(a, "-emit-asm") == 0) {
      emit = true;
    } else if (strcmp(a, "-stats") == 0) {
      stats = true;
    } else if (strcmp(a, "-print-demand") == 0) {
      demand = true;
    } else if (strcmp(a, "-list-passes") == 0) {
      unsigned n;
      const mir_pass_info *l = mir_pass_list(&n);
      for (unsigned k = 0; k < n; k++) printf("%-12s %s\n", l[k].name, l[k].description);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "usage: wavecc-opt [-pass=NAME]... [-verify] [-print-demand] [-emit-asm] [-stats] FILE.mir|-\n"
                      "       wavecc-opt -ir-pass=NAME... FILE.ll|-\n"
                      "       wavecc-opt [-mcpu=CPU] -llvm-passes=PIPELINE|llc FILE.ll|-\n");
      return 1;
    } else {
      file = a;
    }
  }
  if (!file) { fprintf(stderr, "wavecc-opt: no input file\n"); return 1; }
  for (int i = 0; i < npasses; i++)
    if (!mir_pass_lookup(passes[i])) { fprintf(stderr, "wavecc-opt: unknown pass '%s'\n", passes[i]); return 1; }
  for (int i = 0; i < nir; i++)
    if (!wir_pass_lookup(ir_passes[i])) { fprintf(stderr, "wavecc-opt: unknown IR pass '%s'\n", ir_passes[i]); return 1; }
  if ((nir || llvm_passes) && npasses) { fprintf(stderr, "wavecc-opt: -ir-pass and -pass cannot be mixed\n"); return 1; }
  size_t size = 0;
  char *text = strcmp(file, "-") == 0 ? read_stdin() : file_read_regular(file, WAVECC_MAX_INPUT_BYTES, &size);
  if (!text) { perror(file); return 1; }
  if (strcmp(file, "-") == 0) size = strlen(text);
  if (nir || llvm_passes) {
    int st = run_ir_passes(file, text, size, ir_passes, nir, llvm_passes, target);
    free(text);
    return st;
  }
  arena mem;
  arena_init(&mem);
  char err[256];
  int status = 0;
  diag d = {.file = file};
  mir_program *p = mir_parse(&mem, text, err, sizeof err);
  if (!p) {
    fprintf(stderr, "%s: %s\n", file, err);
    status = 1;
    goto done;
  }
  for (int i = 0; i < npasses && !status; i++)
    status = mir_run_pass(p, mir_pass_lookup(passes[i]), &d, verify, NULL, stderr) != 0;
  if (!status && stats) {
    wavecc_kernel_stats st;
    mir_kernel_stats(p, &st);
    printf("; stats %s: instructions=%u code_bytes=%u sgprs=%u vgprs=%u scratch=%u occupancy=%u maxlive_sgprs=%u "
           "maxlive_vgprs=%u spills=%u reloads=%u\n",
           st.name, st.instructions, st.code_bytes, st.sgprs, st.vgprs, st.scratch_bytes, st.occupancy,
           st.maxlive_sgprs, st.maxlive_vgprs, st.spills, st.reloads);
  }
  if (!status && emit) {
    status = mir_emit_module(&p, 1, stdout, &d) != 0;
  } else if (!status) {
    if (demand && p->live) print_with_demand(p, stdout);
    else mir_print(p, stdout);
  }
done:;
  char *msgs = diag_take(&d);
  if (msgs) { fputs(msgs, stderr); free(msgs); }
  arena_free(&mem);
  free(text);
  return status;
}
