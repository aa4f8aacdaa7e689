/* The machine-IR passes: the registry (names for --print-after and
 * wavecc-opt), the pipeline's pass order, and the run-and-verify wrapper.
 * One line per pass; the verifier's mode follows the program's own state
 * flags (regs_assigned, ssa_eliminated), so passes need no per-pass
 * verifier settings. A new pass is a line in `passes` and its place in
 * `pipeline`. */
#include <stdio.h>
#include <string.h>

#include "passes/passes.h"

/* Every machine-IR pass once, by id: the names --print-after and
 * wavecc-opt accept. */
enum {
  P_SIMPLIFY, P_FUSE_SHIFT_ADD, P_FOLD_COPIES, P_CSE, P_LICM, P_DCE, P_SCHED_LOADS, P_SCHED_USES, P_HOIST_PRESSURE, P_SCHED_PRESSURE, P_FUSE_MAD,
  P_MEM_MERGE, P_FOLD_VECTORS, P_SINK_JOINS, P_XNACK, P_DST_APART, P_MFMA_ACC, P_LIVENESS, P_SPILL, P_REGALLOC, P_SSA_ELIM, P_COPY_CLEANUP, P_EXEC_CLEANUP, P_GPR_INDEX, P_VCC_CARRY,
  P_FRAME, P_MODE, P_WAITCNT, P_EXECZ_SHORT, P_BRANCH_THREAD, P_HAZARDS, P_HAZARDS_MFMA, P_VOPD, P_SCHED_LATENCY, P_HAZARDS_GFX11, P_DELAY_ALU,
  P_SDWA, P_CSE_DOM, P_SCHED_ILP, NUM_PASSES
};

static const mir_pass_info passes[NUM_PASSES] = {
  [P_SIMPLIFY] = {"simplify", mir_simplify, "x + 0, x | 0, x & ~0, x << 0, x * 1 ... become copies; f32 fneg/fabs as source modifiers; SGPR constants to VGPRs", false},
  [P_FUSE_SHIFT_ADD] = {"fuse-shift-add", mir_fuse_shift_add, "v_lshlrev_b32 read only by a v_add_u32 / v_or_b32 of its block: one v_lshl_add_u32 / v_lshl_or_b32", false},
  [P_FOLD_COPIES] = {"fold-copies", mir_fold_copies, "reads of SSA copies and extracts renamed to the value they equal", false},
  [P_CSE] = {"cse", mir_cse, "local common-subexpression elimination: equal instructions in a block computed once", false},
  [P_LICM] = {"licm", mir_licm, "loop-invariant code motion to preheaders, within the register budget", false},
  [P_DCE] = {"dce", mir_dce, "delete instructions whose results are unused and that have no other effect", false},
  [P_SCHED_LOADS] = {"sched-loads", mir_sched_loads, "move the loads of a block up and together, within the register pressure", false},
  [P_SCHED_USES] = {"sched-uses", mir_sched_uses, "move the work that needs no loaded value above a block's first reader of a load, so it issues while the load is in flight", false},
  [P_HOIST_PRESSURE] = {"hoist-pressure", mir_hoist_pressure, "move an expression computed after an over-budget loop from values live through it to the preheader when fewer VGPRs then live through the loop", false},
  [P_SCHED_PRESSURE] = {"sched-pressure", mir_sched_pressure, "reorder over-budget blocks to lower their peak register demand before spilling", false},
  [P_SCHED_ILP] = {"sched-ilp", mir_sched_ilp, "RDNA: interleave independent dependency chains so a VALU result's reader issues past its latency, within the program's occupancy", false},
  [P_FUSE_MAD] = {"fuse-mad", mir_fuse_mad, "v_mul_lo_u32 read only by a v_add_u32 of its block: one v_mad_u64_u32 (its low dword), where the register demand leaves room", false},
  [P_MEM_MERGE] = {"mem-merge", mir_mem_merge, "merge adjacent scalar loads and LDS accesses (s_load_dwordxN, ds_read2/ds_write2)", false},
  [P_SINK_JOINS] = {"sink-joins", mir_sink_joins, "VALU work on loaded values from a block ending in a divergent if to the if's join, so the wait for the loads moves towards their readers", false},
  [P_FOLD_VECTORS] = {"fold-vectors", mir_fold_vectors, "fold tuple extracts and creates into the values they copy", false},
  [P_DST_APART] = {"dst-apart", mir_dst_apart, "gfx1100 (MAD_U64/I64 forwarding bug): v_mad_u64_u32 / v_mad_i64_i32 sources stay off the destination (late-kill operands)", false},
  [P_XNACK] = {"xnack-constraints", mir_xnack_constraints, "with XNACK replay (target ID xnack any or +): multi-dword scalar loads keep their destination off their address (late-kill operands)", false},
  [P_MFMA_ACC] = {"mfma-acc", mir_mfma_acc, "CDNA: loop-carried MFMA accumulators (and, over the VGPR budget, straight-line MFMA chains) to AGPR tuples: v_mfma with C/D in AGPRs", false},
  [P_LIVENESS] = {"liveness", mir_liveness, "live sets, kill flags and register demand", true},
  [P_SPILL] = {"spill", mir_spill, "lower register demand to the budget: SGPRs to VGPR lanes, VGPRs to scratch", true},
  [P_REGALLOC] = {"regalloc", mir_regalloc, "SSA register allocation (runs liveness if needed)", false},
  [P_SSA_ELIM] = {"ssa-elim", mir_ssa_elim, "phis and parallel copies to sequential moves", false},
  [P_COPY_CLEANUP] = {"copy-cleanup", mir_copy_cleanup, "forward moves to their readers and delete the dead ones", false},
  [P_EXEC_CLEANUP] = {"exec-cleanup", mir_exec_cleanup, "drop an if's s_andn2_b64 exec that only precedes the join's s_or_b64 exec", false},
  [P_GPR_INDEX] = {"gpr-index", mir_lower_gpr_index, "indexed vector reads and writes to s_set_gpr_idx_on / v_mov_b32 / s_set_gpr_idx_off (RDNA: m0 / v_movrels / v_movreld)", false},
  [P_VCC_CARRY] = {"vcc-carry", mir_vcc_carry, "GFX10+: the carry between a 64-bit add's or subtract's halves in VCC, not an SGPR (v_add_co_ci_u32_e32)", false},
  [P_FRAME] = {"frame", mir_frame, "stack frames, callee-saved registers, call and return sequences", false},
  [P_MODE] = {"mode", mir_insert_mode_writes, "insert s_setreg for the MODE fields FP instructions need", false},
  [P_WAITCNT] = {"waitcnt", mir_insert_waitcnt, "insert s_waitcnt for outstanding memory operations", false},
  [P_EXECZ_SHORT] = {"execz-short", mir_execz_short, "drop an s_cbranch_execz over a short arm of VALU work writing only VGPRs (it may run with EXEC zero), or over a waterfall body (never empty; its latch exec restore and exit become one s_xor)", false},
  [P_BRANCH_THREAD] = {"branch-thread", mir_branch_thread, "a conditional branch over a block holding only a branch becomes one inverted branch", false},
  [P_HAZARDS] = {"hazards", mir_insert_hazard_nops, "insert s_nop for gfx9 manual wait states", false},
  [P_HAZARDS_MFMA] = {"hazards-mfma", mir_insert_mfma_hazard_nops, "insert s_nop for the wait states around MFMA results (CDNA)", false},
  [P_VOPD] = {"vopd", mir_pair_vopd, "gfx11 wave32: pair VOP1/VOP2 instructions into dual-issue v_dual_* (VOPD)", false},
  [P_SCHED_LATENCY] = {"sched-latency", mir_sched_latency, "gfx11: reorder runs of ALU instructions so dependent ones sit past their producer's latency (fewer s_delay_alu)", false},
  [P_HAZARDS_GFX11] = {"hazards-gfx11", mir_insert_gfx11_hazards, "gfx11: s_waitcnt_depctr before a VALU read of a recent TRANS result; wave64: after an SALU write of a VALU lane mask, before a VALU partially forwarded across an EXEC write", false},
  [P_SDWA] = {"sdwa", mir_sdwa, "gfx9/GFX10: a byte or half-word extract read only by integer VOP1/VOP2 instructions of its block becomes their SDWA source select", false},
  [P_CSE_DOM] = {"cse-dom", mir_cse_dom, "dominator-based common-subexpression elimination: an instruction equal to one in a dominating block (same loop; VALU results by the logical CFG, under structured EXEC) reads its result", false},
  [P_DELAY_ALU] = {"delay-alu", mir_insert_delay_alu, "gfx11: s_delay_alu before ALU instructions reading a recent ALU result", false},
};

/* The pass order after instruction selection: the one list the pipeline
 * runs (src/driver/pipeline.c) and `wavecc --print-passes` prints. */
static const mir_pass_info *const pipeline[] = {
  &passes[P_SIMPLIFY],
  &passes[P_FOLD_COPIES],
  &passes[P_CSE],
  &passes[P_DCE],
  &passes[P_MEM_MERGE],
  &passes[P_LICM],
  &passes[P_SIMPLIFY], /* again: copies folded make v_cndmask x, x */
  &passes[P_FOLD_COPIES],
  &passes[P_CSE],
  &passes[P_FUSE_SHIFT_ADD],
  &passes[P_CSE_DOM], /* after licm: its preheader values meet the ones before the loop; after
                         fuse-shift-add: a shift shared across blocks no longer fuses with its add */
  &passes[P_SDWA], /* after every pass that compares or evaluates instructions (simplify, cse) */
  &passes[P_DCE],
  &passes[P_FOLD_VECTORS],
  &passes[P_SINK_JOINS],
  &passes[P_SCHED_LOADS],
  &passes[P_SCHED_USES],
  &passes[P_HOIST_PRESSURE],
  &passes[P_SCHED_PRESSURE],
  &passes[P_FUSE_MAD],
  &passes[P_SCHED_ILP],
  &passes[P_XNACK],
  &passes[P_DST_APART],
  &passes[P_MFMA_ACC],
  &passes[P_LIVENESS],
  &passes[P_SPILL],
  &passes[P_REGALLOC],
  &passes[P_SSA_ELIM],
  &passes[P_COPY_CLEANUP],
  &passes[P_EXEC_CLEANUP],
  &passes[P_GPR_INDEX],
  &passes[P_VCC_CARRY],
  &passes[P_FRAME],
  &passes[P_MODE],
  &passes[P_WAITCNT],
  &passes[P_EXECZ_SHORT],
  &passes[P_BRANCH_THREAD],
  &passes[P_HAZARDS],
  &passes[P_HAZARDS_MFMA],
  &passes[P_VOPD],
  &passes[P_SCHED_LATENCY],
  &passes[P_HAZARDS_GFX11],
  &passes[P_DELAY_ALU],
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

const mir_pass_info *const *mir_pass_pipeline(unsigned *n) {
  *n = sizeof pipeline / sizeof pipeline[0];
  return pipeline;
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
