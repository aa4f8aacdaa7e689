/* LLVM IR import (see import.h).
 *
 * Order of work, and why:
 *  1. Parse with a diagnostic handler installed on the context: the bitcode
 *     reader reports errors through LLVMContext::emitError, whose default
 *     handler aborts the process; ours records the message instead.
 *  2. Verify (LLVMVerifyModule) so the selector may assume well-formed IR.
 *  3. Check the triple: wavecc only targets amdgcn/amdhsa (AMDGPUUsage,
 *     "Target Triples").
 *  4. Calls: a function marked `noinline`, one on a call-graph cycle
 *     (recursion) and one whose address is taken stays a real function,
 *     compiled with wavecc's calling convention (src/isel/isel_calls.c);
 *     every other callee is marked `alwaysinline` and LLVM's
 *     "always-inline" pass does the work. Real functions get one return
 *     block ("mergereturn"): a function returns once, with all its lanes.
 *     Afterwards the functions a kernel reaches (calls, address uses) are
 *     listed for compilation; the others are never compiled.
 *  5. "lowerswitch" turns switches into branch trees the selector handles;
 *     at -O1/-O2 a light clean-up (sroa, early-cse, instcombine,
 *     simplifycfg) gives canonical IR and removes allocas where possible;
 *     forward-private-stores (forward_private_stores.cpp) then replaces
 *     loads from the private arrays that remain by the values stored.
 *     instcombine runs as instcombine<no-verify-fixpoint>: named plainly,
 *     LLVM 19 verifies that one iteration reached a fixpoint and ends the
 *     whole process with a fatal error when it did not (an llvm-stress
 *     kernel, tests/passes/instcombine-no-abort.ll), which must never
 *     happen inside libwavecc.
 *  6. wavecc's own IR passes, in the registry's order (ir_passes.c).
 */
#include "llvm/import.h"
#include "llvm/ir_passes.h"
#include "llvm/reassociate_uniform.h"
#include "llvm/loop_escaping_booleans.h"
#include "llvm/pass_pipeline.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>

#include "llvm/ptrmap.h"
#include "util/arena.h"

typedef struct import_diag {
  char msg[1024];
  int have;
} import_diag;

static void diag_handler(LLVMDiagnosticInfoRef di, void *ctx) {
  import_diag *id = ctx;
  if (!id || LLVMGetDiagInfoSeverity(di) != LLVMDSError || id->have) return;
  char *s = LLVMGetDiagInfoDescription(di);
  snprintf(id->msg, sizeof id->msg, "%s", s ? s : "unknown error");
  LLVMDisposeMessage(s);
  id->have = 1;
}

/* First line of an LLVM message, for one-line diagnostics. */
static void first_line(char *dst, size_t n, const char *src) {
  size_t i = 0;
  for (; src && src[i] && src[i] != '\n' && i + 1 < n; i++) dst[i] = src[i];
  dst[i] = 0;
}

int wir_run_passes(LLVMModuleRef mod, const char *passes, diag *d) {
  char err[256];
  if (wir_run_pipeline(mod, passes, NULL, err, sizeof err)) {
    diag_error(d, NULL, "LLVM passes '%s' failed: %s", passes, err);
    return -1;
  }
  return 0;
}

static bool is_kernel(LLVMValueRef f) {
  return LLVMGetFunctionCallConv(f) == LLVMAMDGPUKERNELCallConv;
}

/* A function other code objects may call: not internal or private. */
static bool is_exported(LLVMValueRef f) {
  LLVMLinkage l = LLVMGetLinkage(f);
  return l != LLVMInternalLinkage && l != LLVMPrivateLinkage && !LLVMGetIntrinsicID(f);
}

static const char *fn_name(LLVMValueRef f) {
  size_t len;
  const char *n = LLVMGetValueName2(f, &len);
  return len ? n : "<anonymous>";
}

/* Depth-first search of the call graph among defined functions; marks
 * 1 = on stack, 2 = done. Reports the first function found on a cycle.
 * Iterative over an explicit stack of (function, next instruction) so deep
 * call chains cannot overflow the C stack. */
static int check_calls(LLVMModuleRef mod, diag *d, LLVMContextRef ctx) {
  arena mem;
  arena_init(&mem);
  unsigned nf = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) nf++;
  ptrmap idx;
  ptrmap_init(&idx, &mem, nf);
  LLVMValueRef *fns = arena_alloc(&mem, (nf + 1) * sizeof *fns);
  unsigned i = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    fns[i] = f;
    ptrmap_put(&idx, f, i++);
  }
  uint8_t *state = arena_alloc(&mem, nf + 1), *recursive = arena_alloc(&mem, nf + 1);
  typedef struct frame { LLVMValueRef fn; LLVMBasicBlockRef bb; LLVMValueRef ins; } frame;
  frame *stack = arena_alloc(&mem, (nf + 1) * sizeof *stack);
  int rc = 0;
  for (unsigned root = 0; root < nf && !rc; root++) {
    if (state[root] || LLVMIsDeclaration(fns[root])) continue;
    unsigned sp = 0;
    state[root] = 1;
    stack[sp++] = (frame){fns[root], LLVMGetFirstBasicBlock(fns[root]), NULL};
    stack[0].ins = stack[0].bb ? LLVMGetFirstInstruction(stack[0].bb) : NULL;
    while (sp && !rc) {
      frame *fr = &stack[sp - 1];
      if (!fr->ins) {
        if (fr->bb) fr->bb = LLVMGetNextBasicBlock(fr->bb);
        if (!fr->bb) {
          state[ptrmap_get(&idx, fr->fn)] = 2;
          sp--;
          continue;
        }
        fr->ins = LLVMGetFirstInstruction(fr->bb);
        continue;
      }
      LLVMValueRef ins = fr->ins;
      fr->ins = LLVMGetNextInstruction(ins);
      if (!LLVMIsACallInst(ins) && !LLVMIsAInvokeInst(ins)) continue;
      LLVMValueRef callee = LLVMGetCalledValue(ins);
      if (LLVMIsAInlineAsm(callee)) continue; /* selected by isel_asm.c */
      if (!LLVMIsAFunction(callee)) continue; /* indirect: address-taken functions stay real */
      if (LLVMGetIntrinsicID(callee)) continue;
      if (LLVMIsDeclaration(callee))
        continue; /* another code object's: AMDGPUUsage's convention (isel_calls.c); a rel32 or GOT relocation in
                     a relocatable object, an error when a linked code object is asked for (pipeline.c) */
      if (is_kernel(callee)) {
        diag_error(d, fn_name(fr->fn), "call to kernel '%s' is not supported", fn_name(callee));
        rc = -1;
        break;
      }
      uint32_t ci = ptrmap_get(&idx, callee);
      if (state[ci] == 1) {
        /* a cycle: every function on the stack from the callee up is on it */
        for (unsigned k = sp; k-- > 0;) {
          recursive[ptrmap_get(&idx, stack[k].fn)] = 1;
          if (stack[k].fn == callee) break;
        }
        continue;
      }
      if (state[ci] == 2) continue;
      state[ci] = 1;
      LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(callee);
      stack[sp++] = (frame){callee, bb, bb ? LLVMGetFirstInstruction(bb) : NULL};
    }
  }
  /* Functions on a cycle cannot be inlined: mark them noinline. */
  unsigned kind_noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
  for (unsigned k = 0; k < nf && !rc; k++)
    if (recursive[k]) {
      LLVMRemoveEnumAttributeAtIndex(fns[k], LLVMAttributeFunctionIndex, LLVMGetEnumAttributeKindForName("optnone", 7));
      LLVMAddAttributeAtIndex(fns[k], LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind_noinline, 0));
    }
  arena_free(&mem);
  return rc;
}

/* The non-kernel functions the kernels reach through calls or address
 * uses (a worklist over the instructions of reached functions), in module
 * order, into out->functions. In a module without kernels the roots are
 * its exported (non-local) function definitions. */
static void list_functions(LLVMModuleRef mod, wir_module *out) {
  unsigned nf = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) nf++;
  arena mem;
  arena_init(&mem);
  ptrmap idx;
  ptrmap_init(&idx, &mem, nf);
  LLVMValueRef *fns = arena_alloc(&mem, (nf + 1) * sizeof *fns), *work = arena_alloc(&mem, (nf + 1) * sizeof *work);
  uint8_t *reached = arena_alloc(&mem, nf + 1);
  unsigned i = 0, nw = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    fns[i] = f;
    ptrmap_put(&idx, f, i);
    if (!LLVMIsDeclaration(f) && (is_kernel(f) || (!out->num_kernels && is_exported(f)))) {
      reached[i] = 1;
      work[nw++] = f;
    }
    i++;
  }
  while (nw) {
    LLVMValueRef f = work[--nw];
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins))
        for (int k = 0, n = LLVMGetNumOperands(ins); k < n; k++) {
          LLVMValueRef o = LLVMGetOperand(ins, k);
          if (!o || !LLVMIsAFunction(o) || LLVMIsDeclaration(o) || is_kernel(o)) continue;
          uint32_t j = ptrmap_get(&idx, o);
          if (j == UINT32_MAX || reached[j]) continue;
          reached[j] = 1;
          work[nw++] = o;
        }
  }
  out->functions = malloc((nf + 1) * sizeof *out->functions);
  for (unsigned k = 0; k < nf; k++)
    if (reached[k] && !is_kernel(fns[k])) out->functions[out->num_functions++] = fns[k];
  arena_free(&mem);
}

/* mod when LLVM's verifier accepts it; else NULL after reporting the
 * verifier's first line in `d`, with mod disposed. */
static LLVMModuleRef verified(LLVMModuleRef mod, diag *d) {
  char *vmsg = NULL;
  if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &vmsg)) {
    char line[1024];
    first_line(line, sizeof line, vmsg);
    diag_error(d, NULL, "LLVM IR does not verify: %s", line);
    LLVMDisposeMessage(vmsg);
    LLVMDisposeModule(mod);
    return NULL;
  }
  LLVMDisposeMessage(vmsg);
  return mod;
}

/* Parses and verifies `size` bytes (text IR or bitcode, by the magic) into
 * a new module of `ctx`, whose diagnostic handler records into `id`.
 * Returns NULL after reporting in `d`. */
static LLVMModuleRef parse_verify(const char *data, size_t size, LLVMContextRef ctx, import_diag *id, diag *d) {
  if (size == 0) {
    diag_error(d, NULL, "empty input (expected LLVM IR text or bitcode)");
    return NULL;
  }
  LLVMModuleRef mod = NULL;
  const unsigned char *u = (const unsigned char *)data;
  bool bitcode = size >= 4 && ((u[0] == 'B' && u[1] == 'C' && u[2] == 0xc0 && u[3] == 0xde) ||
                               (u[0] == 0xde && u[1] == 0xc0 && u[2] == 0x17 && u[3] == 0x0b));
  if (bitcode) {
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, size, d->file ? d->file : "input");
    if (LLVMParseBitcodeInContext2(ctx, buf, &mod)) {
      diag_error(d, NULL, "invalid bitcode: %s", id->have ? id->msg : "cannot be read (truncated?)");
      LLVMDisposeMemoryBuffer(buf);
      return NULL;
    }
    LLVMDisposeMemoryBuffer(buf);
  } else {
    if (memchr(data, 0, size)) {
      diag_error(d, NULL, "input is neither LLVM bitcode nor LLVM IR text (contains NUL bytes)");
      return NULL;
    }
    /* The IR parser needs a NUL-terminated buffer: copy with RequiresNull. */
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, size, d->file ? d->file : "input");
    char *msg = NULL;
    if (LLVMParseIRInContext(ctx, buf, &mod, &msg)) { /* takes `buf` */
      char line[1024];
      first_line(line, sizeof line, msg ? msg : (id->have ? id->msg : "parse error"));
      diag_error(d, NULL, "invalid LLVM IR: %s", line);
      LLVMDisposeMessage(msg);
      return NULL;
    }
  }
  return verified(mod, d);
}

int wir_parse(const char *data, size_t size, diag *d, wir_module *out) {
  memset(out, 0, sizeof *out);
  import_diag id = {0};
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, diag_handler, &id);
  LLVMModuleRef mod = parse_verify(data, size, ctx, &id, d);
  LLVMContextSetDiagnosticHandler(ctx, diag_handler, NULL);
  if (!mod) {
    LLVMContextDispose(ctx);
    return -1;
  }
  out->ctx = ctx;
  out->mod = mod;
  return 0;
}

/* Unnamed global values (@0, @1) get the symbol names llc-19's Mangler
 * gives them, "__unnamed_N" from 1, variables before functions in module
 * order (llc-19 on LLVM 19's anonymous-gv.ll: the external @0 is
 * __unnamed_1, the kernel @1 __unnamed_2): an external one is linked by
 * that name, and a kernel is found by it. */
static void name_unnamed(LLVMModuleRef mod) {
  unsigned n = 0;
  char buf[32];
  size_t len;
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
    if (LLVMGetValueName2(g, &len), !len) {
      snprintf(buf, sizeof buf, "__unnamed_%u", ++n);
      LLVMSetValueName2(g, buf, strlen(buf));
    }
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (LLVMGetValueName2(f, &len), !len) {
      snprintf(buf, sizeof buf, "__unnamed_%u", ++n);
      LLVMSetValueName2(f, buf, strlen(buf));
    }
}

/* Uses of an alias of a function defined here (`@a = alias ..., ptr @f`)
 * become uses of the function: the same code, called directly (llc-19
 * calls a default-visibility alias through the GOT; the callee is the
 * same). Only for aliases that cannot be overridden at link time (not
 * weak, linkonce or extern_weak): a replaceable one keeps its uses, and
 * its calls stay refused. The alias symbol itself is not written. */
static void resolve_aliases(LLVMModuleRef mod) {
  for (LLVMValueRef a = LLVMGetFirstGlobalAlias(mod); a; a = LLVMGetNextGlobalAlias(a)) {
    LLVMValueRef f = LLVMAliasGetAliasee(a);
    LLVMLinkage l = LLVMGetLinkage(a);
    bool fixed = l == LLVMExternalLinkage || l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
    if (fixed && LLVMIsAFunction(f) && !LLVMIsDeclaration(f) && LLVMTypeOf(f) == LLVMTypeOf(a))
      LLVMReplaceAllUsesWith(a, f);
  }
}

/* The module handed over by the caller (wir_import's `given`), verified
 * as parse_verify verifies what it reads; NULL after reporting in `d`
 * (the module is disposed then). */
static LLVMModuleRef adopt_verify(LLVMModuleRef mod, diag *d) {
  /* as the bitcode reader names a module after its buffer */
  const char *name = d->file ? d->file : "input";
  LLVMSetModuleIdentifier(mod, name, strlen(name));
  return verified(mod, d);
}

int wir_import(const char *data, size_t size, const wir_given *given, int opt_level, int check_div,
               const char *triple_override, diag *d, wir_module *out,
               int (*early_hook)(LLVMModuleRef mod, void *hook_ctx, diag *d),
               int (*hook)(LLVMModuleRef mod, void *hook_ctx, diag *d), void *hook_ctx) {
  memset(out, 0, sizeof *out);
  import_diag id = {0};
  LLVMContextRef ctx = given ? given->ctx : LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, diag_handler, &id);
  LLVMModuleRef mod = given ? adopt_verify(given->mod, d) : parse_verify(data, size, ctx, &id, d);
  if (!mod) {
    LLVMContextDispose(ctx);
    return -1;
  }

  /* As llc-19: -mtriple replaces the module's triple, and the target's
   * datalayout replaces the module's (llc's SetDataLayout callback), so a
   * module without one, or opt'ed for another, lays out data as llc's. */
  if (triple_override) LLVMSetTarget(mod, triple_override);
  LLVMSetDataLayout(mod, WAVECC_AMDGCN_DATALAYOUT);
  const char *triple = LLVMGetTarget(mod);
  if (!triple || strncmp(triple, "amdgcn-", 7) != 0 || !strstr(triple, "-amdhsa")) {
    diag_error(d, NULL, "unsupported target triple '%s' (wavecc compiles for amdgcn-amd-amdhsa)",
               triple && *triple ? triple : "<none>");
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return -1;
  }

  name_unnamed(mod);
  resolve_aliases(mod);
  if ((early_hook && early_hook(mod, hook_ctx, d)) || check_calls(mod, d, ctx)) {
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return -1;
  }

  /* Inline everything that is not a kernel or a real function. `noinline`
   * with `optnone` is clang's -O0 marking of every function, not a request:
   * such functions are inlined as before. */
  unsigned kind_noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
  unsigned kind_always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  unsigned kind_optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
  bool any_callee = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || is_kernel(f)) continue;
    bool optnone = LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind_optnone) != NULL;
    LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind_optnone);
    if (!optnone && LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind_noinline)) continue; /* real */
    LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind_noinline);
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind_always, 0));
    any_callee = true;
  }
  /* optnone on a kernel would make LLVM skip our clean-up passes; it
   * carries no meaning for wavecc's own passes. */
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (is_kernel(f)) {
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind_optnone);
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind_noinline);
    }
  }
  const char *pipeline;
  if (opt_level <= 0)
    pipeline = any_callee ? "always-inline,function(mergereturn,lower-switch,break-crit-edges)" : "function(mergereturn,lower-switch,break-crit-edges)";
  else if (opt_level == 1)
    pipeline = "always-inline,function(sroa,forward-private-stores,early-cse,simplifycfg,mergereturn,lower-switch,break-crit-edges)";
  else
    pipeline = "always-inline,function(sroa,forward-private-stores,early-cse,instcombine<no-verify-fixpoint>,simplifycfg,mergereturn,lower-switch,break-crit-edges)";
  /* -fcheck-div: the division tests (check_div.cpp) after the clean-up
   * (constant divisors known), before mergereturn and break-crit-edges
   * (the test's if-then makes a critical edge) */
  char with_checks[256];
  if (check_div) {
    const char *m = strstr(pipeline, "mergereturn");
    snprintf(with_checks, sizeof with_checks, "%.*swavecc-check-div,%s", (int)(m - pipeline), pipeline, m);
    pipeline = with_checks;
  }
  if (wir_run_passes(mod, pipeline, d)) {
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return -1;
  }

  /* wavecc's own IR passes (ir_passes.c), after inlining so that code
   * from callees is seen too. */
  if (wir_run_ir_passes(mod, d)) {
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return -1;
  }
  /* after them: their loop passes see the loops as clang and LLVM's
   * clean-up left them. (LSR first once made loop-exit-flags loop
   * forever on tests/kernels/f_loop_nested_break.cl: exit targets with
   * two LCSSA phis, fixed; lit test ir-loop-exit-flags-phis.ll.) */
  if (hook && hook(mod, hook_ctx, d)) {
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return -1;
  }
  /* and loop-escaping-booleans once more after them: their early-cse
   * simplifies its `icmp ne (zext i1 %b), 0` outside the loop back to %b,
   * and LSR's LCSSA then carries the lane mask out through i1 phis (wrong
   * for lanes that left the loop in an earlier iteration; lit test
   * llc-escaping-booleans.ll) */
  if (hook) wir_loop_escaping_booleans(mod);
  /* last: uniform operands of add/or/xor chains together, on the
   * divergence the selector will see (llc-19 does it in its DAG combines) */
  if (opt_level > 0) wir_reassociate_uniform(mod);

  unsigned nk = 0, nexp = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (is_kernel(f) && !LLVMIsDeclaration(f)) nk++;
    if (!is_kernel(f) && !LLVMIsDeclaration(f) && is_exported(f)) nexp++;
  }
  if (nk == 0 && nexp == 0) {
    diag_error(d, NULL, "no kernels (amdgpu_kernel functions) in the module");
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return -1;
  }
  unsigned cov_raw;
  if (!wir_code_object_version(mod, &cov_raw)) {
    diag_error(d, NULL, "unsupported amdhsa_code_object_version %u (wavecc writes code object versions 4, 5 and 6: "
               "400, 500 or 600)", cov_raw);
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return -1;
  }
  /* `id` lives on this stack frame: later errors are swallowed (the
   * selector reports unsupported IR itself). */
  LLVMContextSetDiagnosticHandler(ctx, diag_handler, NULL);
  out->ctx = ctx;
  out->mod = mod;
  out->kernels = malloc((nk + 1) * sizeof *out->kernels);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (is_kernel(f) && !LLVMIsDeclaration(f)) out->kernels[out->num_kernels++] = f;
  list_functions(mod, out);
  return 0;
}

unsigned wir_code_object_version(LLVMModuleRef mod, unsigned *raw) {
  unsigned n = LLVMGetNamedMetadataNumOperands(mod, "llvm.module.flags");
  if (raw) *raw = 500;
  if (!n) return 5;
  LLVMValueRef *flags = malloc(n * sizeof *flags);
  if (!flags) return 5;
  LLVMGetNamedMetadataOperands(mod, "llvm.module.flags", flags);
  unsigned v = 500;
  for (unsigned i = 0; i < n; i++) {
    /* !{i32 behaviour, !"name", value}: operands come back as values */
    if (LLVMGetMDNodeNumOperands(flags[i]) != 3) continue;
    LLVMValueRef ops[3];
    LLVMGetMDNodeOperands(flags[i], ops);
    unsigned len = 0;
    const char *name = ops[1] ? LLVMGetMDString(ops[1], &len) : NULL;
    if (!name || len != 26 || memcmp(name, "amdhsa_code_object_version", 26) != 0) continue;
    v = ops[2] && LLVMIsAConstantInt(ops[2]) ? (unsigned)LLVMConstIntGetZExtValue(ops[2]) : 0;
  }
  free(flags);
  if (raw) *raw = v;
  return v == 400 ? 4 : v == 500 ? 5 : v == 600 ? 6 : 0;
}

void wir_module_free(wir_module *m) {
  if (m->mod) LLVMDisposeModule(m->mod);
  if (m->ctx) LLVMContextDispose(m->ctx);
  free(m->kernels);
  free(m->functions);
  memset(m, 0, sizeof *m);
}
