/* Instruction selection: the target's memory model for global and
 * generic (flat) atomics and fences, from its description
 * (wavecc_target.mem_model: AMDGPUUsage "Memory Model GFX6-GFX9", "GFX90A",
 * "GFX942" (non-tgsplit) and "GFX10-GFX11" (WGP mode) code-sequence
 * tables, as llc-19 emits them). Each access gets its scope's cache bits;
 * a release runs the scope's writeback before the s_waitcnt the callers
 * emit (isel_model_release_wait: 0, or lgkmcnt(0) at gfx90a/gfx942
 * work-group scope); an acquire waits for everything and then runs the scope's
 * invalidates. Targets without a table keep wavecc's old gfx9 behaviour:
 * GLC on every atomic load and store, fences are waits (isel_mem.c).
 */
#include "isel/isel_internal.h"
#include "llvm/sync_scope.h"
#include "target/target.h"

/* The scope model of `ins` (an atomic or a fence) accessing address
 * space `as`; NULL when the target has no table or the access needs only
 * the waits. Global and generic accesses take their scope's entry. An
 * LDS atomic (its cache bits are never taken from here) orders global
 * memory too unless its scope is a "-one-as" one, at no more than
 * work-group scope: LDS is not shared wider (LLVM SIMemOpAccess limits
 * the scope by the instruction's address spaces; llc-19 -mcpu=gfx1030
 * emits buffer_gl0_inv after an agent-scope LDS acquire). Private
 * atomics are single-threaded: nothing. */
static const wavecc_scope_model *scope_model(const isel_ctx *c, LLVMValueRef ins, unsigned as) {
  const wavecc_scope_model *m = c->p->target->mem_model;
  if (!m || (as != 0 && as != 1 && as != 3) || (as == 3 && wir_sync_scope_one_as(ins))) return NULL;
  switch (wir_sync_scope(ins)) {
  case WIR_SCOPE_AGENT: return &m[as == 3 ? WAVECC_SCOPE_WORKGROUP : WAVECC_SCOPE_AGENT];
  case WIR_SCOPE_WORKGROUP: return &m[WAVECC_SCOPE_WORKGROUP];
  case WIR_SCOPE_WAVEFRONT: return &m[WAVECC_SCOPE_WAVEFRONT];
  default: return &m[as == 3 ? WAVECC_SCOPE_WORKGROUP : WAVECC_SCOPE_SYSTEM];
  }
}

/* MIR_ENC_* of WAVECC_CPOL_* bits (SC0 is the GLC bit, NT the SLC bit). */
static uint16_t cpol_flags(unsigned cpol) {
  return (uint16_t)((cpol & WAVECC_CPOL_SC0 ? MIR_ENC_GLC : 0) | (cpol & WAVECC_CPOL_NT ? MIR_ENC_SLC : 0) |
                    (cpol & WAVECC_CPOL_SC1 ? MIR_ENC_SC1 : 0));
}

bool isel_has_mem_model(const isel_ctx *c, unsigned as) { return c->p->target->mem_model && (as == 0 || as == 1); }

uint16_t isel_model_access_flags(isel_ctx *c, LLVMValueRef ins, unsigned as, isel_access kind) {
  const wavecc_scope_model *m = as == 3 ? NULL : scope_model(c, ins, as);
  if (!m) return 0;
  bool atomic = kind == ISEL_ACCESS_RMW || LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic;
  unsigned cpol = 0;
  if (atomic) cpol = kind == ISEL_ACCESS_LOAD ? m->load_cpol : kind == ISEL_ACCESS_STORE ? m->store_cpol : m->rmw_cpol;
  /* a volatile load or store: coherent at system scope (LLVM
   * SIGfx90ACacheControl / SIGfx940CacheControl / SIGfx10CacheControl /
   * SIGfx11CacheControl::enableVolatileAndOrNonTemporal: glc; sc0 sc1;
   * glc dlc on loads, gfx11 dlc on stores); a table that gives neither
   * bit set takes glc plus the system scope's atomic-load bits for both
   * (gfx9, gfx90a, gfx942); a volatile read-modify-write takes only its
   * scope's bits (sc0 is "return") */
  const wavecc_scope_model *sys = &c->p->target->mem_model[WAVECC_SCOPE_SYSTEM];
  if (LLVMGetVolatile(ins) && kind != ISEL_ACCESS_RMW) {
    if (!sys->volatile_load_cpol && !sys->volatile_store_cpol) cpol |= WAVECC_CPOL_SC0 | sys->load_cpol;
    else cpol |= kind == ISEL_ACCESS_LOAD ? sys->volatile_load_cpol : sys->volatile_store_cpol;
  }
  return (uint16_t)(cpol_flags(cpol) | (atomic || LLVMGetVolatile(ins) ? MIR_ENC_ORDERED : 0));
}

static void emit_cache_ops(isel_ctx *c, const wavecc_cache_op *ops, unsigned n) {
  for (unsigned i = 0; i < n; i++) isel_emit(c, ops[i].op, 0, 0)->enc_flags = cpol_flags(ops[i].cpol);
}

static bool is_release(LLVMAtomicOrdering o) {
  return o == LLVMAtomicOrderingRelease || o == LLVMAtomicOrderingAcquireRelease ||
         o == LLVMAtomicOrderingSequentiallyConsistent;
}

static bool is_acquire(LLVMAtomicOrdering o) {
  return o == LLVMAtomicOrderingAcquire || o == LLVMAtomicOrderingAcquireRelease ||
         o == LLVMAtomicOrderingSequentiallyConsistent;
}

/* The ordering of `ins`: a cmpxchg's success ordering. */
static LLVMAtomicOrdering ordering_of(LLVMValueRef ins) {
  return LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg ? LLVMGetCmpXchgSuccessOrdering(ins) : LLVMGetOrdering(ins);
}

void isel_model_release(isel_ctx *c, LLVMValueRef ins, unsigned as) {
  const wavecc_scope_model *m = scope_model(c, ins, as);
  if (m && is_release(ordering_of(ins))) emit_cache_ops(c, m->release, m->num_release);
}

bool isel_model_is_release(LLVMValueRef ins) { return is_release(ordering_of(ins)); }

/* Does `ins` (an atomic or fence) order memory at wavefront or
 * singlethread scope on a target with a memory model? A wave's own
 * accesses complete in its program order as the wave itself sees them:
 * AMDGPUUsage's memory model tables give no code for those rows (LLVM's
 * memory-legalizer-fence.ll emits none). */
static bool wave_scope(const isel_ctx *c, LLVMValueRef ins) {
  return c->p->target->mem_model && wir_sync_scope(ins) == WIR_SCOPE_WAVEFRONT;
}

uint32_t isel_model_full_wait(isel_ctx *c, LLVMValueRef ins) {
  const wavecc_target *t = c->p->target;
  unsigned cnt[WAVECC_NUM_COUNTERS];
  /* at wave scope an s_waitcnt that waits for nothing: it still orders
   * the accesses around it for the schedulers (sched_loads.c, sched_uses.c:
   * a program wait is a fence), and the waitcnt pass deletes it */
  bool none = wave_scope(c, ins);
  for (unsigned k = 0; k < WAVECC_NUM_COUNTERS; k++) cnt[k] = none ? wavecc_counter_max(t, (wavecc_counter)k) : 0;
  return wavecc_waitcnt_encode(t, cnt);
}

void isel_model_release_wait(isel_ctx *c, LLVMValueRef ins, unsigned as) {
  const wavecc_target *t = c->p->target;
  const wavecc_scope_model *m = scope_model(c, ins, as);
  unsigned cnt[WAVECC_NUM_COUNTERS];
  if (wave_scope(c, ins)) {
    isel_emit(c, ISA_S_WAITCNT, 0, 0)->offset = (int32_t)isel_model_full_wait(c, ins);
    return;
  }
  /* gfx90a / gfx942 work-group scope outside tgsplit: the work-group's
   * waves share the CU's L1, which keeps vector memory in order; only LDS
   * (and the LDS side of a flat access) can be reordered between waves
   * (AMDGPUUsage "Memory Model GFX90A" / "GFX942": fence release,
   * acq_rel, seq_cst and acquire, store atomic release, atomicrmw release
   * and acq_rel at workgroup scope, step 1: "Use lgkmcnt(0) if not
   * TgSplit execution mode"). Such a scope has no invalidates, so the
   * acquire after a fence's wait needs none either. */
  bool lds_only = m && m->release_waits_lds_only;
  for (unsigned k = 0; k < WAVECC_NUM_COUNTERS; k++) cnt[k] = lds_only ? wavecc_counter_max(t, (wavecc_counter)k) : 0;
  cnt[WAVECC_CNT_LGKM] = 0;
  isel_emit(c, ISA_S_WAITCNT, 0, 0)->offset = wavecc_waitcnt_encode(t, cnt);
}

void isel_model_acquire(isel_ctx *c, LLVMValueRef ins, unsigned as, bool waited) {
  const wavecc_scope_model *m = scope_model(c, ins, as);
  if (!m || !m->num_acquire || !is_acquire(ordering_of(ins))) return;
  if (!waited) isel_emit(c, ISA_S_WAITCNT, 0, 0)->offset = (int32_t)isel_model_full_wait(c, ins);
  emit_cache_ops(c, m->acquire, m->num_acquire);
}
