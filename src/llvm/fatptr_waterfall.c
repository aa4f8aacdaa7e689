/* IR pass: waterfall loops for buffer accesses whose resource differs
 * between lanes.
 *
 * A MUBUF or SMEM instruction reads its V# from four SGPRs: one resource
 * per wave. When lanes hold different resources (a select between
 * buffers on a lane-dependent condition, a make.buffer.rsrc of a
 * lane-dependent base, a resource loaded per lane from memory), the access
 * runs once per distinct resource, each time for the lanes holding it:
 *
 *     pre:     br head
 *     head:    u = readfirstlane(w[0..3])      ; the first active lane's V#
 *              m = w == u                      ; the lanes that hold it
 *              br m, body, latch
 *     body:    r = ACCESS(inttoptr u, ...)     ; EXEC = those lanes
 *              br latch
 *     latch:   rr = phi [r, body], [poison, head]
 *              br m, exit, head                ; they leave the loop
 *     exit:    users of ACCESS now use rr
 *
 * (LLVM's SIInstrInfo builds the same loop in machine IR; D158463 leaves
 * divergent descriptors to it.) The loop exit is divergent, so the
 * selector lowers the kernel by masked linearisation (isel_cf.c): the
 * header runs with EXEC = the lanes still waiting, readfirstlane picks one
 * of them, and every iteration retires at least that lane; each lane keeps
 * the value of the iteration it left in (temporal divergence, see
 * divergence.c). The per-resource range rules hold because each access
 * runs with its own lanes' V#.
 *
 * Divergent resources are first taken out of the ptr addrspace(8) type,
 * which the selector holds only in SGPRs: every divergent instruction of
 * type p8 (from divergence analysis of the function as it stands, after
 * the fat-pointer lowering) gets a <4 x i32> shadow of its V# dwords --
 *     make.buffer.rsrc   the descriptor's words (base[31:0],
 *                        base[47:32] | stride << 16, num_records, flags;
 *                        Vega ISA guide 8.1.5), as isel_buffer.c builds
 *     select/phi/freeze  the same on the shadows
 *     inttoptr i128      a bitcast
 * and its users are rewritten: buffer intrinsics (raw/struct.ptr.buffer.
 * load/store/atomic.*) get the loop above, ptrtoint to i128 becomes a
 * bitcast of the shadow, icmp eq/ne compares the four words. A divergent
 * <4 x i32> resource of llvm.amdgcn.s.buffer.load gets the loop too (the
 * selector makes the load in the body a MUBUF load: scalar loads ignore
 * EXEC). Anything else that uses a divergent resource is reported.
 * Uniform resources are left alone (SGPRs, no loop).
 *
 * Registers: the loop holds the four readfirstlane'd SGPRs, the match and
 * remaining-lanes masks (SGPR pairs) and the V# words of every lane (four
 * VGPRs) across the access. Under a tight budget the spiller keeps SGPRs
 * in VGPR lanes (v_writelane/v_readlane ignore EXEC), so a reload in the
 * body, which runs with only the matching lanes, reads the right value;
 * the corpus passes at 8 VGPRs / 24 SGPRs.
 */
#include "llvm/fatptr_waterfall.h"
#include "llvm/fatptr_internal.h"

#include <string.h>

/* the selector's own analysis: "divergent" here means exactly what would
 * put the V# in VGPRs there */
#include "llvm/divergence.h"

typedef struct wf_ctx {
  fp_ctx f;            /* builder, context and types for the fatptr helpers */
  divergence_info *di;
  ptrmap shadow;       /* divergent p8 instruction -> index into words */
  LLVMValueRef *words; /* <4 x i32> shadows */
  uint32_t nwords, capwords;
  LLVMValueRef *div;   /* the divergent p8 instructions, in block order */
  uint32_t ndiv, capdiv;
  LLVMValueRef *calls; /* s.buffer.load calls with a divergent resource */
  uint32_t ncalls, capcalls;
  LLVMValueRef *users; /* scratch: the users of one resource */
  uint32_t nusers, capusers;
  ptrmap done;         /* compares and ptrtoints already rewritten */
} wf_ctx;

static bool is_p8(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 8;
}

static const char *callee(LLVMValueRef ins) {
  if (!LLVMIsACallInst(ins)) return NULL;
  LLVMValueRef f = LLVMGetCalledValue(ins);
  size_t n;
  return LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : NULL;
}

static bool starts(const char *n, const char *p) { return n && strncmp(n, p, strlen(p)) == 0; }

static LLVMValueRef k32(wf_ctx *c, uint64_t v) { return LLVMConstInt(c->f.i32, v, 0); }

static LLVMValueRef word(wf_ctx *c, LLVMValueRef w, unsigned i) {
  return LLVMBuildExtractElement(c->f.b, w, k32(c, i), "");
}

/* The shadow of a resource operand, built at the builder's position when
 * the operand is uniform (ptrtoint/bitcast of the SGPR V#). */
static LLVMValueRef words_of(wf_ctx *c, LLVMValueRef v) {
  uint32_t i = ptrmap_get(&c->shadow, v);
  if (i != UINT32_MAX) return c->words[i];
  if (LLVMIsAConstantPointerNull(v)) return LLVMConstNull(LLVMVectorType(c->f.i32, 4));
  if (LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v)) return LLVMGetPoison(LLVMVectorType(c->f.i32, 4));
  return fp_rsrc_words(&c->f, v);
}

/* V# words of make.buffer.rsrc(base, i16 stride, i32 num_records, i32 flags). */
static LLVMValueRef make_words(wf_ctx *c, LLVMValueRef ins) {
  LLVMBuilderRef b = c->f.b;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(c->f.ctx);
  LLVMValueRef base = LLVMBuildPtrToInt(b, LLVMGetOperand(ins, 0), i64, "");
  LLVMValueRef lo = LLVMBuildTrunc(b, base, c->f.i32, "");
  LLVMValueRef hi = LLVMBuildTrunc(b, LLVMBuildLShr(b, base, LLVMConstInt(i64, 32, 0), ""), c->f.i32, "");
  LLVMValueRef stride = LLVMBuildZExt(b, LLVMGetOperand(ins, 1), c->f.i32, "");
  LLVMValueRef w1 = LLVMBuildOr(b, LLVMBuildAnd(b, hi, k32(c, 0xffff), ""), LLVMBuildShl(b, stride, k32(c, 16), ""), "");
  LLVMValueRef parts[4] = {lo, w1, LLVMGetOperand(ins, 2), LLVMGetOperand(ins, 3)};
  LLVMValueRef w = LLVMGetPoison(LLVMVectorType(c->f.i32, 4));
  for (unsigned i = 0; i < 4; i++) w = LLVMBuildInsertElement(b, w, parts[i], k32(c, i), "");
  return w;
}

/* Creates the shadow of divergent p8 instruction `ins` (phis empty). */
static void make_shadow(wf_ctx *c, LLVMValueRef ins) {
  LLVMBuilderRef b = c->f.b;
  LLVMTypeRef v4 = LLVMVectorType(c->f.i32, 4);
  const char *n = callee(ins);
  LLVMValueRef w = NULL;
  if (LLVMIsAPHINode(ins)) {
    LLVMPositionBuilderBefore(b, ins);
    w = LLVMBuildPhi(b, v4, fp_part_name(&c->f, ins, ".words"));
  } else {
    LLVMPositionBuilderBefore(b, ins);
    if (starts(n, "llvm.amdgcn.make.buffer.rsrc")) {
      w = make_words(c, ins);
    } else if (LLVMIsASelectInst(ins) && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(ins, 0))) != LLVMVectorTypeKind) {
      w = LLVMBuildSelect(b, LLVMGetOperand(ins, 0), words_of(c, LLVMGetOperand(ins, 1)),
                          words_of(c, LLVMGetOperand(ins, 2)), "");
    } else if (LLVMIsAFreezeInst(ins)) {
      w = LLVMBuildFreeze(b, words_of(c, LLVMGetOperand(ins, 0)), "");
    } else if (LLVMIsAIntToPtrInst(ins) && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(ins, 0))) == LLVMIntegerTypeKind &&
               LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(ins, 0))) == 128) {
      w = LLVMBuildBitCast(b, LLVMGetOperand(ins, 0), v4, "");
    }
  }
  if (!w) {
    fp_fail(&c->f, ins, "divergent buffer resource made by");
    return;
  }
  ptrmap_put(&c->shadow, ins, c->nwords);
  fp_push(&c->f, &c->words, &c->nwords, &c->capwords, w);
}

static void fill_phi(wf_ctx *c, LLVMValueRef phi) {
  LLVMValueRef w = c->words[ptrmap_get(&c->shadow, phi)];
  for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
    LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, i);
    LLVMPositionBuilderBefore(c->f.b, LLVMGetBasicBlockTerminator(bb));
    LLVMValueRef v = words_of(c, LLVMGetIncomingValue(phi, i));
    LLVMAddIncoming(w, &v, &bb, 1);
  }
}

/* Is word i of V# words w the same in every lane: a constant or a value
 * the analysis found uniform, put in by the insertelement chain that
 * built w (make.buffer.rsrc's num_records and flags)? False when unknown. */
static bool word_uniform(wf_ctx *c, LLVMValueRef w, unsigned i) {
  while (LLVMIsAInsertElementInst(w)) {
    LLVMValueRef k = LLVMGetOperand(w, 2);
    if (!LLVMIsAConstantInt(k)) return false;
    if (LLVMConstIntGetZExtValue(k) == i) {
      LLVMValueRef v = LLVMGetOperand(w, 1);
      if (LLVMIsAConstant(v)) return !LLVMIsAUndefValue(v);
      return ptrmap_get(&c->di->index, v) != UINT32_MAX && !divergence_is_divergent(c->di, v);
    }
    w = LLVMGetOperand(w, 0);
  }
  return false;
}

/* The loop of the header comment around `call`, whose operand `k` is the
 * resource with V# words `w`: a p8 (`as_p8`) or the <4 x i32> itself. */
static void waterfall(wf_ctx *c, LLVMValueRef call, unsigned k, LLVMValueRef w, bool as_p8) {
  LLVMBuilderRef b = c->f.b;
  LLVMContextRef ctx = c->f.ctx;
  LLVMBasicBlockRef pre = LLVMGetInstructionParent(call);
  LLVMBasicBlockRef exit = fp_split_before(b, call, "wf.exit");
  LLVMBasicBlockRef head = LLVMInsertBasicBlockInContext(ctx, exit, "wf.head");
  LLVMBasicBlockRef body = LLVMInsertBasicBlockInContext(ctx, exit, "wf.body");
  LLVMBasicBlockRef latch = LLVMInsertBasicBlockInContext(ctx, exit, "wf.latch");
  LLVMPositionBuilderAtEnd(b, pre);
  LLVMBuildBr(b, head);

  LLVMPositionBuilderAtEnd(b, head);
  LLVMTypeRef i32 = c->f.i32;
  unsigned rfl = LLVMLookupIntrinsicID("llvm.amdgcn.readfirstlane", 25);
  LLVMValueRef rfl_fn = LLVMGetIntrinsicDeclaration(c->f.mod, rfl, &i32, 1);
  LLVMTypeRef rfl_ty = LLVMIntrinsicGetType(ctx, rfl, &i32, 1);
  LLVMValueRef u = LLVMGetPoison(LLVMVectorType(i32, 4)), m = NULL;
  for (unsigned i = 0; i < 4; i++) {
    LLVMValueRef wi = word(c, w, i);
    LLVMValueRef ui = LLVMBuildCall2(b, rfl_ty, rfl_fn, &wi, 1, "wf.sgpr");
    u = LLVMBuildInsertElement(b, u, ui, k32(c, i), "");
  }
  /* The lanes holding the first lane's V#: one 64-bit compare per pair of
   * words (a VGPR pair against the SGPR pair, as llc-19 compares), none
   * for a pair known uniform (equal in every lane); pair 0 always, so the
   * mask comes from a compare and holds the first active lane (the
   * selector then drops the if's s_cbranch_execz, isel_struct.c). */
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), v2 = LLVMVectorType(i64, 2);
  LLVMValueRef w64 = LLVMBuildBitCast(b, w, v2, ""), u64 = LLVMBuildBitCast(b, u, v2, "");
  for (unsigned i = 0; i < 2; i++) {
    if (i && word_uniform(c, w, 2 * i) && word_uniform(c, w, 2 * i + 1)) continue;
    LLVMValueRef eq = LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildExtractElement(b, w64, k32(c, i), ""),
                                    LLVMBuildExtractElement(b, u64, k32(c, i), ""), "");
    m = m ? LLVMBuildAnd(b, m, eq, "") : eq;
  }
  LLVMValueRef rsrc = as_p8 ? fp_rsrc_of_words(&c->f, u, "wf.rsrc") : u;
  LLVMValueRef br = LLVMBuildCondBr(b, m, body, latch);
  /* m holds the lane readfirstlane read: the selector needs no skip of
   * the body for an empty m (WAVECC_MD_FIRST_LANE) */
  unsigned kind = LLVMGetMDKindIDInContext(ctx, WAVECC_MD_FIRST_LANE, (unsigned)strlen(WAVECC_MD_FIRST_LANE));
  LLVMSetMetadata(br, kind, LLVMMDNodeInContext(ctx, NULL, 0));

  LLVMInstructionRemoveFromParent(call);
  LLVMPositionBuilderAtEnd(b, body);
  LLVMInsertIntoBuilder(b, call);
  LLVMSetOperand(call, k, rsrc);
  LLVMBuildBr(b, latch);

  LLVMPositionBuilderAtEnd(b, latch);
  if (LLVMGetFirstUse(call)) {
    LLVMValueRef rr = LLVMBuildPhi(b, LLVMTypeOf(call), "wf.value");
    LLVMReplaceAllUsesWith(call, rr);
    LLVMValueRef vals[2] = {call, LLVMGetPoison(LLVMTypeOf(call))};
    LLVMBasicBlockRef from[2] = {body, head};
    LLVMAddIncoming(rr, vals, from, 2);
  }
  LLVMBuildCondBr(b, m, exit, head);
}

static bool is_buffer_access(const char *n) {
  return starts(n, "llvm.amdgcn.raw.ptr.buffer.") || starts(n, "llvm.amdgcn.struct.ptr.buffer.");
}

/* Rewrites one user of divergent resource `v`; false when it cannot. */
static bool rewrite_user(wf_ctx *c, LLVMValueRef user, LLVMValueRef v) {
  LLVMBuilderRef b = c->f.b;
  if (ptrmap_get(&c->shadow, user) != UINT32_MAX || ptrmap_get(&c->done, user) != UINT32_MAX)
    return true; /* another shadowed p8, or a compare of two divergent resources */
  const char *n = callee(user);
  if (is_buffer_access(n)) {
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(user);
    for (unsigned k = 0; k < nargs; k++)
      if (LLVMGetOperand(user, k) == v) {
        if (!is_p8(LLVMTypeOf(LLVMGetOperand(user, k)))) return false;
        for (unsigned j = k + 1; j < nargs; j++)
          if (LLVMGetOperand(user, j) == v) return false;
        waterfall(c, user, k, c->words[ptrmap_get(&c->shadow, v)], true);
        return true;
      }
    return false;
  }
  LLVMPositionBuilderBefore(b, user);
  if (LLVMIsAPtrToIntInst(user) && LLVMGetIntTypeWidth(LLVMTypeOf(user)) == 128) {
    LLVMValueRef r = LLVMBuildBitCast(b, words_of(c, v), LLVMTypeOf(user), "");
    LLVMReplaceAllUsesWith(user, r);
    ptrmap_put(&c->done, user, 1);
    fp_push(&c->f, &c->f.dead, &c->f.ndead, &c->f.capdead, user);
    return true;
  }
  if (LLVMIsAICmpInst(user) && (LLVMGetICmpPredicate(user) == LLVMIntEQ || LLVMGetICmpPredicate(user) == LLVMIntNE)) {
    LLVMValueRef x = words_of(c, LLVMGetOperand(user, 0)), y = words_of(c, LLVMGetOperand(user, 1)), eq = NULL;
    for (unsigned i = 0; i < 4; i++) {
      LLVMValueRef e = LLVMBuildICmp(b, LLVMIntEQ, word(c, x, i), word(c, y, i), "");
      eq = eq ? LLVMBuildAnd(b, eq, e, "") : e;
    }
    if (LLVMGetICmpPredicate(user) == LLVMIntNE) eq = LLVMBuildNot(b, eq, "");
    LLVMReplaceAllUsesWith(user, eq);
    ptrmap_put(&c->done, user, 1);
    fp_push(&c->f, &c->f.dead, &c->f.ndead, &c->f.capdead, user);
    return true;
  }
  return false;
}

static void run_function(wf_ctx *c, LLVMValueRef fn) {
  arena amem;
  arena_init(&amem);
  c->di = divergence_analyze(fn, &amem);
  c->f.fn = fn;
  size_t nl;
  const char *name = LLVMGetValueName2(fn, &nl);
  c->f.fname = arena_strndup(&c->f.mem, name, nl);
  ptrmap_init(&c->shadow, &c->f.mem, 64);
  ptrmap_init(&c->done, &c->f.mem, 64);
  c->ndiv = c->ncalls = c->nwords = c->f.ndead = 0;
  /* blocks in reverse post-order: a definition is shadowed before the
   * non-phi instructions that use it */
  for (uint32_t bi = 0; bi < c->di->num_blocks; bi++)
    for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[bi]); ins; ins = LLVMGetNextInstruction(ins)) {
      const char *n = callee(ins);
      if (is_p8(LLVMTypeOf(ins)) && divergence_is_divergent(c->di, ins))
        fp_push(&c->f, &c->div, &c->ndiv, &c->capdiv, ins);
      else if (starts(n, "llvm.amdgcn.s.buffer.load") && divergence_is_divergent(c->di, LLVMGetOperand(ins, 0)))
        fp_push(&c->f, &c->calls, &c->ncalls, &c->capcalls, ins);
    }
  for (uint32_t i = 0; i < c->ndiv && !c->f.failed; i++) make_shadow(c, c->div[i]);
  for (uint32_t i = 0; i < c->ndiv && !c->f.failed; i++)
    if (LLVMIsAPHINode(c->div[i])) fill_phi(c, c->div[i]);
  for (uint32_t i = 0; i < c->ndiv && !c->f.failed; i++) {
    LLVMValueRef v = c->div[i];
    /* the use list changes while rewriting: copy it first (a user
     * holding v twice is rewritten once, at its first use) */
    c->nusers = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef us = LLVMGetUser(u);
      if (!c->nusers || c->users[c->nusers - 1] != us) fp_push(&c->f, &c->users, &c->nusers, &c->capusers, us);
    }
    for (uint32_t j = 0; j < c->nusers && !c->f.failed; j++) {
      bool again = false;
      for (uint32_t q = 0; q < j; q++) again |= c->users[q] == c->users[j];
      if (!again && !rewrite_user(c, c->users[j], v)) fp_fail(&c->f, c->users[j], "use of a divergent buffer resource");
    }
  }
  for (uint32_t i = 0; i < c->ncalls && !c->f.failed; i++)
    waterfall(c, c->calls[i], 0, LLVMGetOperand(c->calls[i], 0), false);
  if (!c->f.failed) {
    for (uint32_t i = 0; i < c->f.ndead; i++) LLVMInstructionEraseFromParent(c->f.dead[i]);
    for (uint32_t i = 0; i < c->ndiv; i++) LLVMReplaceAllUsesWith(c->div[i], LLVMGetPoison(c->f.p8));
    for (uint32_t i = 0; i < c->ndiv; i++) LLVMInstructionEraseFromParent(c->div[i]);
  }
  arena_free(&amem);
}

/* Does `fn` hold a p8 value or call s.buffer.load (else no analysis)? */
static bool has_resources(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins))
      if (is_p8(LLVMTypeOf(ins)) || starts(callee(ins), "llvm.amdgcn.s.buffer.load")) return true;
  return false;
}

int wir_buffer_waterfall(LLVMModuleRef mod, diag *d) {
  wf_ctx c = {0};
  c.f.mod = mod;
  c.f.ctx = LLVMGetModuleContext(mod);
  c.f.td = LLVMGetModuleDataLayout(mod);
  c.f.d = d;
  c.f.p8 = LLVMPointerTypeInContext(c.f.ctx, 8);
  c.f.i32 = LLVMInt32TypeInContext(c.f.ctx);
  c.f.i8 = LLVMInt8TypeInContext(c.f.ctx);
  arena_init(&c.f.mem);
  c.f.b = LLVMCreateBuilderInContext(c.f.ctx);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && !c.f.failed; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && !fp_skipped_function(f) && has_resources(f)) run_function(&c, f);
  LLVMDisposeBuilder(c.f.b);
  arena_free(&c.f.mem);
  return c.f.failed ? -1 : 0;
}
