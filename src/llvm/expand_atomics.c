/* IR step once the target is known (driver/pipeline.c, right after the
 * processor is settled): atomics no instruction of the target performs.
 *
 * - Float atomicrmw (fadd, fsub, fmin, fmax on float and double) on global,
 *   flat and LDS memory, and nand: gfx900 has none of them on global and
 *   flat memory (Vega ISA guide chapters 9-10 list integer atomics only),
 *   CDNA has f64 add/min/max there that llc-19 uses only where allowed;
 *   LDS has ds_min/max_f32/f64 and ds_add_f32 (gfx90a: ds_add_f64), which
 *   llc-19 always uses (wir_float_atomic_native). The others become the
 *   compare-and-swap loop of expand_buffer_ops.c: exact IEEE arithmetic in
 *   the function's floating-point mode, min/max as llvm.minnum/maxnum,
 *   the integer compare deciding (NaN and -0 safe); <2 x half> and
 *   <2 x bfloat> as one 32-bit word. Half and bfloat (and
 *   i8/i16 nand) are a loop on the aligned 32-bit word holding them, the
 *   other half preserved (LLVM's AtomicExpand partword expansion); the
 *   bfloat arithmetic so made then goes through promote-bf16 (which ran at
 *   import, before these loops existed).
 * - atomicrmw and cmpxchg on private memory: a lane's own scratch, which no
 *   other lane or wave can touch, so a load, the operation and a store are
 *   atomic (LLVM's AMDGPU backend does the same, private-memory-atomics.ll).
 * - cmpxchg of a pointer: of the same-width integer.
 */
#include "llvm/expand_atomics.h"

#include <string.h>

#include "llvm/denormal_attrs.h"
#include "llvm/fatptr_internal.h"
#include "llvm/promote_bf16.h"
#include "llvm/sync_scope.h"
#include "target/isa.h"

/* Does function `fn` have string attribute `name` = "true"? */
static bool fn_attr_true(LLVMValueRef fn, const char *name) {
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, name, (unsigned)strlen(name));
  unsigned n = 0;
  const char *v = a ? LLVMGetStringAttributeValue(a, &n) : NULL;
  return v && n == 4 && !strncmp(v, "true", 4);
}

/* The returning instruction of format f doing `at` on `bytes` in t's
 * encoding table; ISA_NUM_OPS if none. */
static unsigned float_atomic_op(const wavecc_target *t, isa_format f, isa_atomic at, unsigned bytes) {
  bool pk = at == ISA_AT_PK_FADD_F16 || at == ISA_AT_PK_FADD_BF16;
  for (unsigned i = 0; i < ISA_NUM_OPS; i++) {
    const isa_sem *s = isa_sem_of(i);
    if (isa_encoding(t->encoding, i) && isa_table[i].format == f && s->atomic == at && s->bytes == bytes &&
        (pk || isa_type_float((isa_type)s->stype)) && (f != ISA_FMT_DS || (s->flags & ISA_S_RTN)))
      return i;
  }
  return ISA_NUM_OPS;
}

/* May float atomic `ins` (operation `at`, on a float if f32) on global or
 * flat memory use the hardware's instruction? Those work on coarse-grained
 * memory only (AMDGPUUsage "Memory Model GFX90A"/"GFX942"; the GFX10/11
 * float min/max likewise). !amdgpu.no.fine.grained.memory says the memory
 * is such; with "amdgpu-unsafe-fp-atomics" the program accepts the
 * instruction wherever it points, except at system scope ("" and
 * "one-as"), which llc-19 still expands. A flushing f32 add
 * (fp_atomic_add_f32_ftz) under the metadata alone only where the function
 * flushes f32 denormals too: the attribute accepts the hardware's
 * denormal mode, the metadata does not. */
static bool fp_atomic_allowed(LLVMValueRef ins, const wavecc_target *t, isa_atomic at, bool f32) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(ins));
  unsigned kind = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(ins)), "amdgpu.no.fine.grained.memory", 29);
  if (fn_attr_true(fn, "amdgpu-unsafe-fp-atomics") && wir_sync_scope(ins) != WIR_SCOPE_SYSTEM) return true;
  return LLVMGetMetadata(ins, kind) && !(at == ISA_AT_FADD && f32 && t->fp_atomic_add_f32_ftz && wir_denorm_mode(fn, true) != 0);
}

bool wir_float_atomic_native(LLVMValueRef ins, const wavecc_target *t, unsigned *op) {
  if (LLVMGetInstructionOpcode(ins) != LLVMAtomicRMW) return false;
  LLVMAtomicRMWBinOp bop = LLVMGetAtomicRMWBinOp(ins);
  isa_atomic at = bop == LLVMAtomicRMWBinOpFAdd ? ISA_AT_FADD : bop == LLVMAtomicRMWBinOpFMin ? ISA_AT_FMIN
                  : bop == LLVMAtomicRMWBinOpFMax ? ISA_AT_FMAX : ISA_AT_NONE;
  LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(ins, 1));
  LLVMTypeKind k = LLVMGetTypeKind(vt);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(ins, 0)));
  if (at == ISA_AT_NONE || (as != 0 && as != 1 && as != 3)) return false;
  /* <2 x half> / <2 x bfloat> add: the packed instructions (both halves) */
  bool pk = false;
  if (k == LLVMVectorTypeKind) {
    LLVMTypeKind e = LLVMGetTypeKind(LLVMGetElementType(vt));
    if (at != ISA_AT_FADD || LLVMGetVectorSize(vt) != 2 || (e != LLVMHalfTypeKind && e != LLVMBFloatTypeKind))
      return false;
    at = e == LLVMHalfTypeKind ? ISA_AT_PK_FADD_F16 : ISA_AT_PK_FADD_BF16;
    pk = true;
  } else if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind) {
    return false;
  }
  unsigned found = float_atomic_op(t, as == 3 ? ISA_FMT_DS : as == 0 ? ISA_FMT_FLAT : ISA_FMT_GLOBAL, at,
                                   k == LLVMDoubleTypeKind ? 8 : 4);
  if (found == ISA_NUM_OPS) return false;
  /* LDS: llc-19 keeps fmin/fmax of float and double, fadd of float (and
   * of double and the packed halves where the processor has ds_add_f64,
   * ds_pk_add_f16/bf16) as one instruction (SITargetLowering::
   * shouldExpandAtomicRMWInIR: "LDS float and double fmin/fmax were always
   * supported"); the returning form, which selection trades for the other
   * when the old value is unused. The packed adds on global and flat
   * memory, and on gfx942 the f32/f64 adds, need no permission either
   * (llc-19 selects them with neither attribute nor metadata, at any
   * scope). */
  if (as == 3 || pk || (at == ISA_AT_FADD && t->fp_atomic_add_any_memory)) {
    if (op) *op = found;
    return true;
  }
  if (!fp_atomic_allowed(ins, t, at, k == LLVMFloatTypeKind)) return false;
  if (op) *op = found;
  return true;
}

/* Scalar float types and <2 x half>, <2 x bfloat> (one 32-bit word). */
static bool float_type(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    LLVMTypeKind e = LLVMGetTypeKind(LLVMGetElementType(t));
    return LLVMGetVectorSize(t) == 2 && (e == LLVMHalfTypeKind || e == LLVMBFloatTypeKind);
  }
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind || k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind;
}

bool wir_atomic_needs_loop(LLVMValueRef ins, const wavecc_target *t) {
  if (LLVMGetInstructionOpcode(ins) != LLVMAtomicRMW) return false;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(ins, 0)));
  if (as != 0 && as != 1 && as != 3) return false;
  LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(ins);
  if (op == LLVMAtomicRMWBinOpNand) return true;
  if (op != LLVMAtomicRMWBinOpFAdd && op != LLVMAtomicRMWBinOpFSub && op != LLVMAtomicRMWBinOpFMin &&
      op != LLVMAtomicRMWBinOpFMax)
    return false;
  return float_type(LLVMTypeOf(ins)) && !wir_float_atomic_native(ins, t, NULL);
}

static LLVMValueRef call2(LLVMModuleRef mod, LLVMBuilderRef b, const char *base, LLVMValueRef x, LLVMValueRef y) {
  LLVMTypeRef t = LLVMTypeOf(x);
  unsigned id = LLVMLookupIntrinsicID(base, strlen(base));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(mod, id, &t, 1);
  LLVMValueRef args[2] = {x, y};
  return LLVMBuildCall2(b, LLVMIntrinsicGetType(LLVMGetModuleContext(mod), id, &t, 1), fn, args, 2, "");
}

/* old OP val for atomicrmw operation `op` (LangRef "atomicrmw"). */
static LLVMValueRef rmw_value(LLVMModuleRef mod, LLVMBuilderRef b, LLVMAtomicRMWBinOp op, LLVMValueRef old,
                              LLVMValueRef val) {
  LLVMTypeRef t = LLVMTypeOf(old);
  switch (op) {
  case LLVMAtomicRMWBinOpXchg: return val;
  case LLVMAtomicRMWBinOpAdd: return LLVMBuildAdd(b, old, val, "");
  case LLVMAtomicRMWBinOpSub: return LLVMBuildSub(b, old, val, "");
  case LLVMAtomicRMWBinOpAnd: return LLVMBuildAnd(b, old, val, "");
  case LLVMAtomicRMWBinOpNand: return LLVMBuildNot(b, LLVMBuildAnd(b, old, val, ""), "");
  case LLVMAtomicRMWBinOpOr: return LLVMBuildOr(b, old, val, "");
  case LLVMAtomicRMWBinOpXor: return LLVMBuildXor(b, old, val, "");
  case LLVMAtomicRMWBinOpMax: return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSGT, old, val, ""), old, val, "");
  case LLVMAtomicRMWBinOpMin: return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, old, val, ""), old, val, "");
  case LLVMAtomicRMWBinOpUMax: return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, old, val, ""), old, val, "");
  case LLVMAtomicRMWBinOpUMin: return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, old, val, ""), old, val, "");
  case LLVMAtomicRMWBinOpFAdd: return LLVMBuildFAdd(b, old, val, "");
  case LLVMAtomicRMWBinOpFSub: return LLVMBuildFSub(b, old, val, "");
  case LLVMAtomicRMWBinOpFMax: return call2(mod, b, "llvm.maxnum", old, val);
  case LLVMAtomicRMWBinOpFMin: return call2(mod, b, "llvm.minnum", old, val);
  case LLVMAtomicRMWBinOpUIncWrap: {
    /* old >= val ? 0 : old + 1 */
    LLVMValueRef wrap = LLVMBuildICmp(b, LLVMIntUGE, old, val, "");
    return LLVMBuildSelect(b, wrap, LLVMConstNull(t), LLVMBuildAdd(b, old, LLVMConstInt(t, 1, 0), ""), "");
  }
  case LLVMAtomicRMWBinOpUDecWrap: {
    /* old == 0 || old > val ? val : old - 1 */
    LLVMValueRef z = LLVMBuildICmp(b, LLVMIntEQ, old, LLVMConstNull(t), "");
    LLVMValueRef gt = LLVMBuildICmp(b, LLVMIntUGT, old, val, "");
    return LLVMBuildSelect(b, LLVMBuildOr(b, z, gt, ""), val, LLVMBuildSub(b, old, LLVMConstInt(t, 1, 0), ""), "");
  }
  default: return NULL;
  }
}

/* Replaces cmpxchg `ins` by {old, ok}: its extractvalue users take the
 * parts directly (selection has no {T, i1} aggregates), others an
 * aggregate built at the builder's position. Erases `ins`. */
static void replace_pair(LLVMBuilderRef b, LLVMValueRef ins, LLVMValueRef old, LLVMValueRef ok) {
  for (LLVMUseRef u = LLVMGetFirstUse(ins); u;) {
    LLVMValueRef user = LLVMGetUser(u);
    u = LLVMGetNextUse(u);
    if (LLVMGetInstructionOpcode(user) != LLVMExtractValue || LLVMGetNumIndices(user) != 1) continue;
    LLVMReplaceAllUsesWith(user, *LLVMGetIndices(user) ? ok : old);
    LLVMInstructionEraseFromParent(user);
  }
  if (LLVMGetFirstUse(ins)) {
    LLVMValueRef res = LLVMBuildInsertValue(b, LLVMGetPoison(LLVMTypeOf(ins)), old, 0, "");
    LLVMReplaceAllUsesWith(ins, LLVMBuildInsertValue(b, res, ok, 1, ""));
  }
  LLVMInstructionEraseFromParent(ins);
}

/* cmpxchg of a pointer as a cmpxchg of the same-width integer (selection
 * takes integers), the old value cast back. */
static void pointer_cmpxchg(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef ins) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), cmp = LLVMGetOperand(ins, 1), nv = LLVMGetOperand(ins, 2);
  LLVMTypeRef pt = LLVMTypeOf(nv);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
  LLVMTypeRef it = LLVMIntTypeInContext(LLVMGetModuleContext(mod), (unsigned)LLVMSizeOfTypeInBits(td, pt));
  LLVMPositionBuilderBefore(b, ins);
  LLVMValueRef x = LLVMBuildAtomicCmpXchg(b, ptr, LLVMBuildPtrToInt(b, cmp, it, ""), LLVMBuildPtrToInt(b, nv, it, ""),
                                          LLVMGetCmpXchgSuccessOrdering(ins), LLVMGetCmpXchgFailureOrdering(ins),
                                          LLVMIsAtomicSingleThread(ins));
  LLVMSetVolatile(x, LLVMGetVolatile(ins));
  LLVMSetWeak(x, LLVMGetWeak(ins));
  LLVMSetAlignment(x, LLVMGetAlignment(ins));
  LLVMValueRef old = LLVMBuildIntToPtr(b, LLVMBuildExtractValue(b, x, 0, ""), pt, "");
  replace_pair(b, ins, old, LLVMBuildExtractValue(b, x, 1, ""));
}

/* A private atomic as a load, the operation and a store before it; false
 * for an operation rmw_value does not know. */
static bool expand_private(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef ins) {
  bool cas = LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg;
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), val = LLVMGetOperand(ins, cas ? 2 : 1);
  LLVMTypeRef t = LLVMTypeOf(val);
  LLVMPositionBuilderBefore(b, ins);
  LLVMValueRef old = LLVMBuildLoad2(b, t, ptr, "private.old");
  LLVMSetVolatile(old, LLVMGetVolatile(ins));
  unsigned align = LLVMGetAlignment(ins);
  if (align) LLVMSetAlignment(old, align);
  LLVMValueRef nv, eq = NULL;
  if (cas) {
    eq = LLVMBuildICmp(b, LLVMIntEQ, old, LLVMGetOperand(ins, 1), "");
    nv = LLVMBuildSelect(b, eq, val, old, "");
  } else {
    nv = rmw_value(mod, b, LLVMGetAtomicRMWBinOp(ins), old, val);
    if (!nv) {
      LLVMInstructionEraseFromParent(old);
      return false;
    }
  }
  LLVMValueRef st = LLVMBuildStore(b, nv, ptr);
  LLVMSetVolatile(st, LLVMGetVolatile(ins));
  if (align) LLVMSetAlignment(st, align);
  if (cas) {
    replace_pair(b, ins, old, eq);
    return true;
  }
  LLVMReplaceAllUsesWith(ins, old);
  LLVMInstructionEraseFromParent(ins);
  return true;
}

/* A flat f32 add on a GPU without flat_atomic_add_f32 but with the global
 * and LDS ones (gfx90a), where the global one is allowed: llc-19 tests
 * the address (llvm.amdgcn.is.shared, is.private) and does the add on the
 * segment it points into (LLVM AtomicExpand "Expand" of flat fadd f32:
 * blocks atomicrmw.shared / .private / .global; checked with llc-19
 * -mcpu=gfx90a). True for such an atomicrmw. */
static bool wants_flat_split(LLVMValueRef ins, const wavecc_target *t) {
  if (LLVMGetInstructionOpcode(ins) != LLVMAtomicRMW || LLVMGetAtomicRMWBinOp(ins) != LLVMAtomicRMWBinOpFAdd ||
      LLVMGetTypeKind(LLVMTypeOf(ins)) != LLVMFloatTypeKind ||
      LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(ins, 0))) != 0)
    return false;
  return float_atomic_op(t, ISA_FMT_FLAT, ISA_AT_FADD, 4) == ISA_NUM_OPS &&
         float_atomic_op(t, ISA_FMT_GLOBAL, ISA_AT_FADD, 4) != ISA_NUM_OPS &&
         float_atomic_op(t, ISA_FMT_DS, ISA_AT_FADD, 4) != ISA_NUM_OPS && fp_atomic_allowed(ins, t, ISA_AT_FADD, true);
}

/* A copy of atomicrmw `ins` (ordering, scope, metadata) on the flat
 * pointer cast to address space `as`, built at b's position. */
static LLVMValueRef rmw_in(LLVMBuilderRef b, LLVMValueRef ins, unsigned as, const char *name) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0);
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(ins));
  LLVMValueRef p = LLVMBuildAddrSpaceCast(b, ptr, LLVMPointerTypeInContext(ctx, as), "");
  LLVMValueRef x = LLVMInstructionClone(ins);
  LLVMSetOperand(x, 0, p);
  LLVMInsertIntoBuilderWithName(b, x, name);
  return x;
}

/* Replaces flat atomicrmw `ins` (wants_flat_split) by
 *   is.shared(p) ? LDS atomic : is.private(p) ? private one : global one
 * and a phi of the three old values; the LDS and global ones are single
 * instructions, the private one is expanded by the caller's next scan. */
static void flat_split(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef ins) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMValueRef ptr = LLVMGetOperand(ins, 0);
  LLVMTypeRef pt = LLVMTypeOf(ptr), i1 = LLVMInt1TypeInContext(ctx);
  LLVMBasicBlockRef pre = LLVMGetInstructionParent(ins);
  LLVMBasicBlockRef done = fp_split_before(b, ins, "atomicrmw.phi");
  LLVMBasicBlockRef shared = LLVMInsertBasicBlockInContext(ctx, done, "atomicrmw.shared");
  LLVMBasicBlockRef check = LLVMInsertBasicBlockInContext(ctx, done, "atomicrmw.check.private");
  LLVMBasicBlockRef priv = LLVMInsertBasicBlockInContext(ctx, done, "atomicrmw.private");
  LLVMBasicBlockRef global = LLVMInsertBasicBlockInContext(ctx, done, "atomicrmw.global");
  LLVMValueRef r[3];
  LLVMBasicBlockRef from[3] = {shared, priv, global};
  static const char *const test[2] = {"llvm.amdgcn.is.shared", "llvm.amdgcn.is.private"};
  for (unsigned i = 0; i < 2; i++) {
    LLVMPositionBuilderAtEnd(b, i ? check : pre);
    unsigned id = LLVMLookupIntrinsicID(test[i], strlen(test[i]));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(mod, id, NULL, 0);
    LLVMTypeRef ft = LLVMFunctionType(i1, &pt, 1, 0);
    LLVMValueRef is = LLVMBuildCall2(b, ft, fn, &ptr, 1, "");
    LLVMBuildCondBr(b, is, i ? priv : shared, i ? global : check);
  }
  static const unsigned as[3] = {3, 5, 1};
  for (unsigned i = 0; i < 3; i++) {
    LLVMPositionBuilderAtEnd(b, from[i]);
    r[i] = rmw_in(b, ins, as[i], "");
    LLVMBuildBr(b, done);
  }
  if (LLVMGetFirstUse(ins)) {
    LLVMPositionBuilderBefore(b, ins);
    LLVMValueRef phi = LLVMBuildPhi(b, LLVMTypeOf(ins), "atomicrmw.old");
    LLVMAddIncoming(phi, r, from, 3);
    LLVMReplaceAllUsesWith(ins, phi);
  }
  LLVMInstructionEraseFromParent(ins);
}

static bool is_private_atomic(LLVMValueRef ins) {
  LLVMOpcode o = LLVMGetInstructionOpcode(ins);
  return (o == LLVMAtomicRMW || o == LLVMAtomicCmpXchg) &&
         LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(ins, 0))) == 5;
}

int wir_expand_atomics(LLVMModuleRef mod, const wavecc_target *t, diag *d) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
  int rc = 0;
  bool bf16 = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && !rc; f = LLVMGetNextFunction(f)) {
    for (bool again = true; again && !rc;) {
      again = false;
      for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && !again && !rc; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins && !again && !rc;) {
          /* a rewrite erases the instruction and its extractvalue users
           * (which may come next) or splits the block: rescan after one */
          LLVMValueRef next = LLVMGetNextInstruction(ins);
          again = true;
          if (is_private_atomic(ins)) {
            if (!expand_private(mod, b, ins)) {
              char *s = LLVMPrintValueToString(ins);
              size_t n;
              diag_error(d, LLVMGetValueName2(f, &n), "unsupported atomic operation on private memory: %s", s);
              LLVMDisposeMessage(s);
              rc = -1;
            }
          } else if (LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg &&
                     LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(ins, 2))) == LLVMPointerTypeKind) {
            pointer_cmpxchg(mod, b, ins);
          } else if (wants_flat_split(ins, t)) {
            flat_split(mod, b, ins);
          } else if (wir_atomic_needs_loop(ins, t)) {
            LLVMTypeRef vt = LLVMTypeOf(ins);
            if (LLVMGetTypeKind(vt) == LLVMVectorTypeKind) vt = LLVMGetElementType(vt);
            bf16 |= LLVMGetTypeKind(vt) == LLVMBFloatTypeKind;
            rc = fp_expand_rmw_loop(mod, b, ins, d);
          } else {
            again = false;
          }
          ins = next;
        }
    }
  }
  LLVMDisposeBuilder(b);
  if (!rc && bf16) wir_promote_bf16(mod);
  return rc;
}
