/* The machine-IR pass registry: names for --print-after, wavecc-opt and
 * the pipeline, plus the run-and-verify wrapper. One line per pass; the
 * verifier's mode follows the program's own state flags (regs_assigned,
 * ssa_eliminated), so passes need no per-pass verifier settings. */
#include <stdio.h>
#include <string.h>

#include "passes/passes.h"

static const mir_pass_info passes[] = {
  {"simplify", mir_simplify, "x + 0, x | 0, x & ~0, x << 0, x * 1 ... become copies; f32 fneg/fabs as source modifiers; SGPR constants to VGPRs", false},
  {"fold-copies", mir_fold_copies, "reads of SSA copies and extracts renamed to the value they equal", false},
  {"cse", mir_cse, "local common-subexpression elimination: equal instructions in a block computed once", false},
  {"licm", mir_licm, "loop-invariant code motion to preheaders, within the register budget", false},
  {"dce", mir_dce, "delete instructions whose results are unused and that have no other effect", false},
  {"sched-loads", mir_sched_loads, "move the loads of a block up and together, within the register pressure", false},
  {"hoist-pressure", mir_hoist_pressure, "move an expression computed after an over-budget loop from values live through it to the preheader when fewer VGPRs then live through the loop", false},
  {"sched-pressure", mir_sched_pressure, "reorder over-budget blocks to lower their peak register demand before spilling", false},
  {"mem-merge", mir_mem_merge, "merge adjacent scalar loads and LDS accesses (s_load_dwordxN, ds_read2/ds_write2)", false},
  {"fold-vectors", mir_fold_vectors, "fold tuple extracts and creates into the values they copy", false},
  {"liveness", mir_liveness, "live sets, kill flags and register demand", true},
  {"spill", mir_spill, "lower register demand to the budget: SGPRs to VGPR lanes, VGPRs to scratch", true},
  {"regalloc", mir_regalloc, "SSA register allocation (runs liveness if needed)", false},
  {"ssa-elim", mir_ssa_elim, "phis and parallel copies to sequential moves", false},
  {"copy-cleanup", mir_copy_cleanup, "forward moves to their readers and delete the dead ones", false},
  {"exec-cleanup", mir_exec_cleanup, "drop an if's s_andn2_b64 exec that only precedes the join's s_or_b64 exec", false},
  {"frame", mir_frame, "stack frames, callee-saved registers, call and return sequences", false},
  {"mode", mir_insert_mode_writes, "insert s_setreg for the MODE fields FP instructions need", false},
  {"waitcnt", mir_insert_waitcnt, "insert s_waitcnt for outstanding memory operations", false},
  {"branch-thread", mir_branch_thread, "a conditional branch over a block holding only a branch becomes one inverted branch", false},
  {"hazards", mir_insert_hazard_nops, "insert s_nop for gfx9 manual wait states", false},
  /* FRONT: machine-IR passes of the front end go here. */
};

const mir_pass_info *mir_pass_lookup(const char *name) {
  for (unsigned i = 0; i < sizeof passes / sizeof passes[0]; i++)
    if (strcmp(passes[i].name, name) == 0) return &passes[i];
  return NULL;
}

const mir_pass_info *mir_pass_list(unsigned *n) {
  *n = sizeof passes / sizeof passes[0];
  return passes;
}

int mir_run_pass(mir_program *p, const mir_pass_info *pass, diag *d, bool verify, const char *print_after, FILE *dump) {
  int rc = pass->run(p, d);
  if (!pass->keeps_liveness) p->live = NULL; /* stale once the pass changed the program */
#ifdef WAVECC_VERIFY
  verify = true;
#endif
  if (!dump) dump = stderr;
  if (print_after && (strcmp(print_after, "all") == 0 || strcmp(print_after, pass->name) == 0)) {
    fprintf(dump, "; *** machine IR after %s ***\n", pass->name);
    mir_print(p, dump);
  }
  if (rc) return rc;
  if (verify) {
    int problems = mir_verify(p, p->regs_assigned, pass->name, dump);
    if (problems) {
      diag_error(d, p->name, "internal: machine IR verifier found %d problem(s) after %s", problems, pass->name);
      return -1;
    }
  }
  return 0;
}
