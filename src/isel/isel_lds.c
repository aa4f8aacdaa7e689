/* Instruction selection: the LDS (group segment) layout of addrspace(3)
 * globals.
 *
 * LDS layout is a property of a kernel and of everything it calls: a
 * function addresses an LDS global by a constant offset, so the offset
 * must be the same in every kernel that can reach the function. LLVM's
 * AMDGPULowerModuleLDS gets there with a module-wide struct for the
 * globals of functions reached by indirect calls and per-kernel structs
 * plus a kernel-id-indexed offset table for the rest; wavecc takes the
 * simplest correct design instead, with no table lookups in functions:
 *
 *   - the module region: every static LDS global any function (non-kernel)
 *     uses, at the same offsets 0..M in every program, in module order;
 *   - a kernel that can reach a function using LDS (through direct calls,
 *     or any indirect call, which may reach any address-taken function;
 *     recursion changes nothing) places the module region first and its
 *     own kernel-only globals after it; a kernel that cannot lays out only
 *     the globals it uses, from 0 (it pays nothing for the others);
 *   - dynamic LDS (zero-sized extern globals, AMDGPUUsage "Dynamic LDS";
 *     llc's AMDGPU::isDynamicLDS) starts after the static globals, aligned
 *     to the largest dynamic alignment. Where a function uses it, its
 *     offset D is one module constant: the largest static size of the
 *     kernels reaching such a function, aligned; those kernels' group
 *     segment size is D, so the runtime's dynamic allocation starts there.
 *
 * The cost of the module region is LDS a kernel does not touch (a kernel
 * reaching one function also holds the globals of the others); modules
 * with LDS in functions are rare, and occupancy is the only price.
 * Every total is checked against the LDS a work-group can allocate
 * (ISA_LDS_BYTES), in saturating 64-bit arithmetic, and reported as a
 * user error (issue 22: a 2^32 + 16-byte global gave a 16-byte group
 * segment; llc-19 wraps the same way).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isel/isel_internal.h"
#include "target/isa.h"

enum { USES_STATIC = 1, USES_DYNAMIC = 2 };

typedef struct lds_var {
  LLVMValueRef g;
  uint64_t size;
  uint32_t align;
  bool dynamic;     /* zero-sized: dynamic LDS */
  bool in_function; /* used by a function, or by something not in any function (be safe) */
  LLVMValueRef *users; /* functions whose instructions use it (repeats allowed) */
  unsigned nusers, capusers;
} lds_var;

typedef struct lds_module {
  arena *mem;
  lds_var *v;
  unsigned n;
  ptrmap fn_uses;   /* function -> USES_* of the LDS globals its own instructions use */
  bool any_in_function;
  LLVMValueRef *fns; /* the module's defined functions and kernels */
  unsigned nfns;
  LLVMValueRef *address_taken; /* defined non-kernel functions with a use other than a direct call */
  unsigned naddress_taken;
} lds_module;

static bool is_kernel(LLVMValueRef f) {
  return LLVMGetFunctionCallConv(f) == LLVMAMDGPUKERNELCallConv;
}

static void add_user(lds_module *lm, lds_var *v, LLVMValueRef fn) {
  if (v->nusers == v->capusers) {
    v->users = arena_grow(lm->mem, v->users, v->capusers, v->capusers ? 2 * v->capusers : 4, sizeof *v->users);
    v->capusers = v->capusers ? 2 * v->capusers : 4;
  }
  v->users[v->nusers++] = fn;
  uint32_t bits = ptrmap_get(&lm->fn_uses, fn);
  if (bits == UINT32_MAX) bits = 0;
  ptrmap_put(&lm->fn_uses, fn, bits | (v->dynamic ? USES_DYNAMIC : USES_STATIC));
  if (!is_kernel(fn)) v->in_function = true;
}

/* The functions using `val` (the global, or a constant expression built on
 * it): instructions name theirs, constants are followed to their users;
 * anything else (a global's initialiser) could reach any code. */
static void find_users(lds_module *lm, lds_var *v, LLVMValueRef val) {
  for (LLVMUseRef u = LLVMGetFirstUse(val); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user)) add_user(lm, v, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
    else if (LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user)) find_users(lm, v, user);
    else v->in_function = true;
  }
}

static bool is_direct_callee(LLVMUseRef u, LLVMValueRef f) {
  LLVMValueRef user = LLVMGetUser(u);
  return LLVMIsACallInst(user) && LLVMGetCalledValue(user) == f;
}

static void lds_module_init(lds_module *lm, LLVMModuleRef mod, LLVMTargetDataRef td, arena *mem) {
  memset(lm, 0, sizeof *lm);
  lm->mem = mem;
  ptrmap_init(&lm->fn_uses, mem, 16);
  unsigned n = 0, nf = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3) n++;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) nf++;
  lm->v = arena_alloc(mem, (n + 1) * sizeof *lm->v);
  memset(lm->v, 0, (n + 1) * sizeof *lm->v);
  lm->fns = arena_alloc(mem, (nf + 1) * sizeof *lm->fns);
  lm->address_taken = arena_alloc(mem, (nf + 1) * sizeof *lm->address_taken);
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 3) continue;
    lds_var *v = &lm->v[lm->n++];
    v->g = g;
    v->size = LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
    v->align = LLVMGetAlignment(g) < 4 ? 4 : LLVMGetAlignment(g);
    v->dynamic = v->size == 0;
    find_users(lm, v, g);
    lm->any_in_function |= v->in_function;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    lm->fns[lm->nfns++] = f;
    if (is_kernel(f)) continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
      if (!is_direct_callee(u, f)) {
        lm->address_taken[lm->naddress_taken++] = f;
        break;
      }
  }
}

/* USES_* of the LDS globals used by the functions kernel k can call,
 * directly or not (an indirect call: any address-taken function). */
static uint32_t reached_uses(const lds_module *lm, LLVMValueRef k) {
  if (!lm->any_in_function) return 0;
  ptrmap seen;
  ptrmap_init(&seen, lm->mem, lm->nfns + 1);
  LLVMValueRef *stack = arena_alloc(lm->mem, (lm->nfns + 1) * sizeof *stack);
  unsigned sp = 0;
  uint32_t uses = 0;
  bool indirect_done = false;
  stack[sp++] = k;
  ptrmap_put(&seen, k, 1);
  while (sp) {
    LLVMValueRef f = stack[--sp];
    uint32_t b = ptrmap_get(&lm->fn_uses, f);
    if (f != k && b != UINT32_MAX) uses |= b;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
        if (!LLVMIsACallInst(ins)) continue;
        LLVMValueRef callee = LLVMGetCalledValue(ins);
        LLVMValueRef *targets = &callee;
        unsigned nt = 1;
        if (LLVMIsAInlineAsm(callee)) continue;
        if (!LLVMIsAFunction(callee)) {
          if (indirect_done) continue;
          indirect_done = true;
          targets = lm->address_taken, nt = lm->naddress_taken;
        }
        for (unsigned i = 0; i < nt; i++)
          if (!LLVMIsDeclaration(targets[i]) && ptrmap_get(&seen, targets[i]) == UINT32_MAX) {
            ptrmap_put(&seen, targets[i], 1);
            stack[sp++] = targets[i];
          }
      }
  }
  return uses;
}

static bool used_by(const lds_var *v, LLVMValueRef fn) {
  for (unsigned i = 0; i < v->nusers; i++)
    if (v->users[i] == fn) return true;
  return false;
}

static uint64_t align_up(uint64_t x, uint64_t a) {
  return x > UINT64_MAX - a ? UINT64_MAX : (x + a - 1) / a * a;
}

/* Static layout of program fn (module region first when `region`); puts
 * the offsets in `out` (NULL: sizes only) while they are within
 * ISA_LDS_BYTES. Returns the end (UINT64_MAX if beyond 64 bits). */
static uint64_t layout_static(const lds_module *lm, LLVMValueRef fn, bool region, ptrmap *out) {
  uint64_t off = 0;
  for (int pass = region ? 0 : 1; pass < 2; pass++)
    for (unsigned i = 0; i < lm->n; i++) {
      const lds_var *v = &lm->v[i];
      if (v->dynamic) continue;
      /* pass 0: the module region; pass 1: the program's own */
      if (pass == 0 ? !v->in_function : (region && v->in_function) || !used_by(v, fn)) continue;
      off = align_up(off, v->align);
      if (out && off <= ISA_LDS_BYTES) ptrmap_put(out, v->g, (uint32_t)off);
      off = off > UINT64_MAX - v->size ? UINT64_MAX : off + v->size;
    }
  return off;
}

/* Offset of dynamic LDS in the functions: after the static LDS of every
 * kernel reaching one that uses it. */
static uint64_t module_dynamic_offset(const lds_module *lm, uint32_t dyn_align) {
  uint64_t most = 0;
  for (unsigned i = 0; i < lm->nfns; i++) {
    if (!is_kernel(lm->fns[i]) || !(reached_uses(lm, lm->fns[i]) & USES_DYNAMIC)) continue;
    uint64_t s = layout_static(lm, lm->fns[i], true, NULL);
    if (s > most) most = s;
  }
  return most > ISA_LDS_BYTES ? most : align_up(most, dyn_align);
}

static bool too_big(isel_ctx *c, uint64_t bytes, bool kernel) {
  if (bytes <= ISA_LDS_BYTES) return false;
  char n[32];
  if (bytes == UINT64_MAX) snprintf(n, sizeof n, "more than 2^64");
  else snprintf(n, sizeof n, "%llu", (unsigned long long)bytes);
  diag_error(c->d, c->fname, "LDS (group segment) of %s bytes exceeds the hardware's %u bytes per work-group "
             "(addrspace(3) globals of %s)", n, ISA_LDS_BYTES,
             kernel ? "this kernel and the functions it calls" : "the module's functions and the kernels calling them");
  c->failed = true;
  return true;
}

bool isel_layout_lds(isel_ctx *c) {
  ptrmap_init(&c->lds_globals, c->mem, 16);
  c->p->abi.group_segment_size = 0;
  lds_module lm;
  lds_module_init(&lm, c->mod, c->td, c->mem);
  if (!lm.n) return true;
  bool kernel = is_kernel(c->fn);
  /* a function addresses the module region like every kernel reaching it */
  uint32_t reach = kernel ? reached_uses(&lm, c->fn) : USES_STATIC | USES_DYNAMIC;
  uint64_t end = layout_static(&lm, c->fn, reach != 0, &c->lds_globals);
  if (too_big(c, end, kernel)) return false;
  uint32_t dyn_align = 0;
  bool dyn_here = false;
  for (unsigned i = 0; i < lm.n; i++) {
    if (!lm.v[i].dynamic) continue;
    if (lm.v[i].align > dyn_align) dyn_align = lm.v[i].align;
    dyn_here |= used_by(&lm.v[i], c->fn);
  }
  /* a function's dynamic LDS, and a kernel's reaching such a function: the module's offset */
  bool dyn_module = !kernel || (reach & USES_DYNAMIC);
  if (dyn_here || (kernel && (reach & USES_DYNAMIC))) {
    uint64_t dyn = dyn_module ? module_dynamic_offset(&lm, dyn_align) : align_up(end, dyn_align);
    if (too_big(c, dyn, kernel)) return false;
    for (unsigned i = 0; i < lm.n; i++)
      if (lm.v[i].dynamic) ptrmap_put(&c->lds_globals, lm.v[i].g, (uint32_t)dyn);
    end = dyn;
  }
  if (kernel) c->p->abi.group_segment_size = (uint32_t)end;
  return true;
}
