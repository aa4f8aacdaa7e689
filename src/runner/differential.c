/* wavecc-run --differential: differential testing against llc-19.
 *
 * Each file is compiled twice from the same source, by wavecc (in-process)
 * and by llc-19 + ld.lld-19, and every test runs both code objects on the
 * same emulator with identical inputs. Nothing is compared with the file's
 * arg_out values (a file may have none, as the fuzz driver's do); instead
 * every global buffer is compared byte for byte between the two runs.
 * Floating-point results are compared exactly: both run on the same
 * emulator, so any difference is the compilers'. This is the method of
 * Csmith and of CLsmith (Lidbury et al., "Many-core compiler fuzzing",
 * PLDI 2015), with llc-19 as the second compiler.
 *
 * Result of a test:
 *   pass  both ran to the end and every buffer is identical;
 *   fail  a buffer differs (kernel, argument, element index and both
 *         values), or one compiler's code faults where the other's runs;
 *   skip  a compiler cannot build the file (its first message is given:
 *         "wavecc cannot compile", "llc-19 cannot compile", "neither
 *         compiles"), or both codes fault (both messages).
 * The fuzz driver (tests/fuzz) counts these words. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"

/* The type of argument `index` as the test declares it (uchar when it is
 * not declared, so that any buffer compares as bytes). */
static rt_type arg_type(const rt_test *t, unsigned index) {
  const rt_arg *a = rt_test_in(t, index);
  if (!a) a = rt_test_out(t, index);
  rt_type ty = {RT_UCHAR, 1};
  return a ? a->type : ty;
}

char *rt_compare_runs(const rt_test *t, const rt_emu_outputs *w, const rt_emu_outputs *l) {
  for (unsigned i = 0; i < w->num && i < l->num; i++) {
    if (!w->data[i] || !l->data[i]) continue;
    size_t n = w->size[i] < l->size[i] ? w->size[i] : l->size[i];
    if (!memcmp(w->data[i], l->data[i], n)) continue;
    rt_type ty = arg_type(t, i);
    size_t es = rt_type_size(ty), ss = rt_base_size(ty.base);
    /* The fourth slot of a 3-wide vector is padding that a store of the
     * vector may leave with any value (OpenCL C 6.1.5): not compared. */
    size_t at = n, diff = 0;
    for (size_t k = 0; k < n; k++) {
      if (ty.width == 3 && (k % es) / ss == 3) continue;
      if (w->data[i][k] == l->data[i][k]) continue;
      if (at == n) at = k;
      diff++;
    }
    if (!diff) continue;
    size_t elem = at / es, comp = (at % es) / ss;
    char tn[16], wv[96], lv[96];
    rt_type_name(ty, tn, sizeof tn);
    rt_value_format(ty.base, w->data[i] + elem * es + comp * ss, wv, sizeof wv);
    rt_value_format(ty.base, l->data[i] + elem * es + comp * ss, lv, sizeof lv);
    if (ty.width > 1)
      return rt_fmt("kernel %s: arg %u (%s) index %zu.s%zx (byte %zu): wavecc %s, llc-19 %s (%zu of %zu bytes differ)",
                    t->kernel_name, i, tn, elem, comp, at, wv, lv, diff, n);
    return rt_fmt("kernel %s: arg %u (%s) index %zu (byte %zu): wavecc %s, llc-19 %s (%zu of %zu bytes differ)",
                  t->kernel_name, i, tn, elem, at, wv, lv, diff, n);
  }
  return NULL;
}

static void run_test_pair(const rt_config *cfg, const rt_emu_program *pw, const rt_emu_program *pl, const rt_test *t,
                          rt_report_fn report, void *ctx, rt_text *log) {
  rt_emu_outputs ow, ol;
  char *mw = NULL, *ml = NULL, *msg = NULL;
  rt_text extra = {0};
  rt_status sw = rt_emu_exec(cfg, pw, t, &ow, &mw, &extra);
  rt_status sl = rt_emu_exec(cfg, pl, t, &ol, &ml, &extra);
  rt_status st;
  if (sw != RT_PASS && sl != RT_PASS) {
    st = RT_SKIP;
    msg = rt_fmt("both fault: wavecc: %s; llc-19: %s", mw ? mw : "?", ml ? ml : "?");
  } else if (sw != RT_PASS) {
    st = RT_FAIL;
    msg = rt_fmt("wavecc's code faults where llc-19's runs: %s", mw ? mw : "?");
  } else if (sl != RT_PASS) {
    st = RT_FAIL;
    msg = rt_fmt("llc-19's code faults where wavecc's runs: %s", ml ? ml : "?");
  } else {
    msg = rt_compare_runs(t, &ow, &ol);
    st = msg ? RT_FAIL : RT_PASS;
    if (!msg) msg = rt_fmt("identical");
  }
  report(ctx, t, st, msg ? msg : "out of memory");
  if (extra.n) rt_text_printf(log, "%s", extra.p);
  rt_text_free(&extra);
  rt_emu_outputs_free(&ow);
  rt_emu_outputs_free(&ol);
  free(mw);
  free(ml);
  free(msg);
}

void rt_differential_file(const rt_config *cfg, const rt_file *f, rt_report_fn report, void *ctx, rt_text *log) {
  rt_config cw = *cfg, cl = *cfg;
  cw.compiler = RT_WAVECC;
  cl.compiler = RT_LLC;
  rt_emu_program pw, pl;
  char *dw = NULL, *dl = NULL;
  int okw = rt_emu_build(&cw, f, &pw, &dw, log) == 0;
  int okl = rt_emu_build(&cl, f, &pl, &dl, log) == 0;
  if (okw && okl) {
    for (size_t i = 0; i < f->num_tests; i++) run_test_pair(cfg, &pw, &pl, &f->tests[i], report, ctx, log);
  } else {
    char a[400], b[400];
    rt_first_diag(f, dw, a, sizeof a);
    rt_first_diag(f, dl, b, sizeof b);
    char *msg = !okw && !okl ? rt_fmt("neither compiles: wavecc: %s; llc-19: %s", a, b)
                : !okw      ? rt_fmt("wavecc cannot compile (llc-19 can): %s", a)
                            : rt_fmt("llc-19 cannot compile (wavecc can): %s", b);
    for (size_t i = 0; i < f->num_tests; i++) report(ctx, &f->tests[i], RT_SKIP, msg ? msg : "cannot compile");
    if (!f->num_tests) report(ctx, NULL, RT_SKIP, msg ? msg : "cannot compile");
    free(msg);
  }
  if (okw) rt_emu_program_free(&pw);
  if (okl) rt_emu_program_free(&pl);
  free(dw);
  free(dl);
}
