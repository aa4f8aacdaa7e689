/* Memory accesses of the fat-pointer lowering (see
 * lower_buffer_fat_pointers.c for the pass): loads and stores through a
 * p7 become llvm.amdgcn.raw.ptr.buffer.load/store of the value's type,
 * split by type (structs and arrays per member at their layout offsets,
 * vectors above 16 bytes in 16-byte pieces, i1 as i8, other pointers as
 * integers); atomics become raw.ptr.buffer.atomic.*; a p7 stored to or
 * loaded from memory is its i160: <5 x i32> {offset, V# dwords}; a p8 in
 * memory is its four dwords.
 * Cache policy (aux operand): bit 0 glc and bit 31 (volatile) for volatile
 * and atomic accesses, bit 1 slc for !nontemporal; !invariant.load is kept
 * on load calls. Source: D158463 (the i160 memory form, the split), Vega
 * ISA guide 8.1 (MUBUF, buffer atomics).
 */
#include <stdio.h>
#include <string.h>

#include "llvm/fatptr_internal.h"


typedef struct access {
  LLVMValueRef rsrc, off;
  unsigned aux;   /* raw.ptr.buffer.* cache-policy operand */
  bool invariant; /* keep !invariant.load on the load calls */
  LLVMValueRef at; /* the instruction being rewritten (for messages) */
} access;

static LLVMValueRef call_intrinsic(fp_ctx *c, const char *name, LLVMTypeRef overload, LLVMValueRef *args, unsigned n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(c->mod, id, &overload, 1);
  LLVMTypeRef ft = LLVMIntrinsicGetType(c->ctx, id, &overload, 1);
  return LLVMBuildCall2(c->b, ft, fn, args, n, "");
}

/* The offset of the piece at byte k of the access: nuw, as an access whose
 * bytes ran past offset 2^32 - 1 would address nothing (the selector then
 * may put k in the instruction's offset field). */
static LLVMValueRef offset_at(fp_ctx *c, const access *a, uint64_t k) {
  LLVMValueRef o = fp_add_const(c, a->off, (int64_t)k, "");
  if (k && LLVMIsAInstruction(o)) LLVMSetNUW(o, 1);
  return o;
}

/* Loads a value of type `t` at byte `k` past the access's offset. */
static LLVMValueRef load_typed(fp_ctx *c, const access *a, LLVMTypeRef t, uint64_t k) {
  LLVMTypeKind kind = LLVMGetTypeKind(t);
  uint64_t size = LLVMStoreSizeOfType(c->td, t);
  if (kind == LLVMStructTypeKind || kind == LLVMArrayTypeKind) {
    unsigned n = kind == LLVMStructTypeKind ? LLVMCountStructElementTypes(t) : LLVMGetArrayLength(t);
    LLVMValueRef agg = LLVMGetPoison(t);
    for (unsigned i = 0; i < n && !c->failed; i++) {
      LLVMTypeRef et = kind == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i) : LLVMGetElementType(t);
      uint64_t eo = kind == LLVMStructTypeKind ? LLVMOffsetOfElement(c->td, t, i) : i * LLVMABISizeOfType(c->td, et);
      agg = LLVMBuildInsertValue(c->b, agg, load_typed(c, a, et, k + eo), i, "");
    }
    return agg;
  }
  LLVMTypeRef et = kind == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
  if (fp_has_p7(t) || (LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) == 1 && kind == LLVMVectorTypeKind) ||
      (kind == LLVMVectorTypeKind && LLVMGetTypeKind(et) == LLVMPointerTypeKind)) {
    fp_fail(c, a->at, "load of this type through a buffer fat pointer");
    return LLVMGetPoison(t);
  }
  if (kind == LLVMVectorTypeKind && size > 16) {
    /* 16-byte pieces, concatenated with shufflevector */
    unsigned n = LLVMGetVectorSize(t), esz = (unsigned)LLVMABISizeOfType(c->td, et), per = 16 / esz;
    if (!per || LLVMStoreSizeOfType(c->td, et) != esz || n > 64) {
      fp_fail(c, a->at, "load of this vector type through a buffer fat pointer");
      return LLVMGetPoison(t);
    }
    LLVMValueRef acc = NULL;
    unsigned have = 0;
    for (unsigned e = 0; e < n; e += per) {
      unsigned m = n - e < per ? n - e : per;
      LLVMValueRef piece = load_typed(c, a, m == 1 ? et : LLVMVectorType(et, m), k + (uint64_t)e * esz);
      LLVMValueRef mask[64];
      if (m == 1) piece = LLVMBuildInsertElement(c->b, LLVMGetPoison(LLVMVectorType(et, 1)), piece, LLVMConstInt(c->i32, 0, 0), "");
      if (!acc) {
        acc = piece;
        have = m;
        continue;
      }
      /* widen both to have + m elements */
      for (unsigned j = 0; j < have + m; j++) mask[j] = LLVMConstInt(c->i32, j, 0);
      LLVMValueRef wide_piece = piece;
      if (m != have) {
        LLVMValueRef pm[64];
        for (unsigned j = 0; j < have; j++) pm[j] = j < m ? LLVMConstInt(c->i32, j, 0) : LLVMGetPoison(c->i32);
        wide_piece = LLVMBuildShuffleVector(c->b, piece, LLVMGetPoison(LLVMTypeOf(piece)), LLVMConstVector(pm, have), "");
      }
      acc = LLVMBuildShuffleVector(c->b, acc, wide_piece, LLVMConstVector(mask, have + m), "");
      have += m;
    }
    return acc;
  }
  if (kind == LLVMPointerTypeKind) {
    LLVMTypeRef it = LLVMIntTypeInContext(c->ctx, (unsigned)LLVMSizeOfTypeInBits(c->td, t));
    return LLVMBuildIntToPtr(c->b, load_typed(c, a, it, k), t, "");
  }
  if (kind == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1)
    return LLVMBuildTrunc(c->b, load_typed(c, a, c->i8, k), t, "");
  LLVMValueRef args[4] = {a->rsrc, offset_at(c, a, k), LLVMConstInt(c->i32, 0, 0), LLVMConstInt(c->i32, a->aux, 0)};
  LLVMValueRef call = call_intrinsic(c, "llvm.amdgcn.raw.ptr.buffer.load", t, args, 4);
  if (a->invariant && k % 4 == 0) { /* the piece stays dword-aligned */
    unsigned kid = LLVMGetMDKindIDInContext(c->ctx, "invariant.load", 14);
    LLVMSetMetadata(call, kid, LLVMMDNodeInContext(c->ctx, NULL, 0));
  }
  return call;
}

/* Stores `v` at byte `k` past the access's offset. */
static void store_typed(fp_ctx *c, const access *a, LLVMValueRef v, uint64_t k) {
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMTypeKind kind = LLVMGetTypeKind(t);
  uint64_t size = LLVMStoreSizeOfType(c->td, t);
  if (kind == LLVMStructTypeKind || kind == LLVMArrayTypeKind) {
    unsigned n = kind == LLVMStructTypeKind ? LLVMCountStructElementTypes(t) : LLVMGetArrayLength(t);
    for (unsigned i = 0; i < n && !c->failed; i++) {
      LLVMTypeRef et = kind == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i) : LLVMGetElementType(t);
      uint64_t eo = kind == LLVMStructTypeKind ? LLVMOffsetOfElement(c->td, t, i) : i * LLVMABISizeOfType(c->td, et);
      LLVMValueRef m = fp_member(v, &i, 1);
      store_typed(c, a, m ? m : LLVMBuildExtractValue(c->b, v, i, ""), k + eo);
    }
    return;
  }
  LLVMTypeRef et = kind == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
  if (fp_has_p7(t) || (LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) == 1 && kind == LLVMVectorTypeKind) ||
      (kind == LLVMVectorTypeKind && LLVMGetTypeKind(et) == LLVMPointerTypeKind)) {
    fp_fail(c, a->at, "store of this type through a buffer fat pointer");
    return;
  }
  if (kind == LLVMVectorTypeKind && size > 16) {
    unsigned n = LLVMGetVectorSize(t), esz = (unsigned)LLVMABISizeOfType(c->td, et), per = 16 / esz;
    if (!per || LLVMStoreSizeOfType(c->td, et) != esz || n > 64) {
      fp_fail(c, a->at, "store of this vector type through a buffer fat pointer");
      return;
    }
    for (unsigned e = 0; e < n; e += per) {
      unsigned m = n - e < per ? n - e : per;
      LLVMValueRef piece;
      if (m == 1) {
        piece = LLVMBuildExtractElement(c->b, v, LLVMConstInt(c->i32, e, 0), "");
      } else {
        LLVMValueRef mask[64];
        for (unsigned j = 0; j < m; j++) mask[j] = LLVMConstInt(c->i32, e + j, 0);
        piece = LLVMBuildShuffleVector(c->b, v, LLVMGetPoison(t), LLVMConstVector(mask, m), "");
      }
      store_typed(c, a, piece, k + (uint64_t)e * esz);
    }
    return;
  }
  if (kind == LLVMPointerTypeKind) {
    LLVMTypeRef it = LLVMIntTypeInContext(c->ctx, (unsigned)LLVMSizeOfTypeInBits(c->td, t));
    store_typed(c, a, LLVMBuildPtrToInt(c->b, v, it, ""), k);
    return;
  }
  if (kind == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1) {
    store_typed(c, a, LLVMBuildZExt(c->b, v, c->i8, ""), k);
    return;
  }
  LLVMValueRef args[5] = {v, a->rsrc, offset_at(c, a, k), LLVMConstInt(c->i32, 0, 0), LLVMConstInt(c->i32, a->aux, 0)};
  call_intrinsic(c, "llvm.amdgcn.raw.ptr.buffer.store", t, args, 5);
}

static bool has_md(fp_ctx *c, LLVMValueRef ins, const char *kind) {
  return LLVMGetMetadata(ins, LLVMGetMDKindIDInContext(c->ctx, kind, (unsigned)strlen(kind))) != NULL;
}

static void make_access(fp_ctx *c, LLVMValueRef ins, LLVMValueRef ptr, access *a) {
  memset(a, 0, sizeof *a);
  a->at = ins;
  fp_parts(c, ptr, &a->rsrc, &a->off);
  LLVMPositionBuilderBefore(c->b, ins);
  bool atomic = LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic;
  if (LLVMGetVolatile(ins) || atomic) a->aux |= 1u | (1u << 31); /* glc; volatile */
  if (has_md(c, ins, "nontemporal")) a->aux |= 2u;                 /* slc */
  /* s_buffer_load ignores the offset's low two bits: dword-aligned only */
  a->invariant = LLVMGetInstructionOpcode(ins) == LLVMLoad && has_md(c, ins, "invariant.load") && !a->aux &&
                 LLVMGetAlignment(ins) >= 4;
}

/* atomicrmw (the operations gfx900 has: expand-buffer-ops turned the
 * others into cmpxchg loops, but for the f32/f64 add it keeps on gfx942)
 * and cmpxchg on a p7: buffer atomics on the integer bits (the add on the
 * float); cmpxchg's {old, success} is rebuilt with insertvalue. */
void fp_rewrite_atomic(fp_ctx *c, LLVMValueRef ins) {
  static const struct { LLVMAtomicRMWBinOp op; const char *name; } ops[] = {
      {LLVMAtomicRMWBinOpXchg, "swap"}, {LLVMAtomicRMWBinOpAdd, "add"},   {LLVMAtomicRMWBinOpSub, "sub"},
      {LLVMAtomicRMWBinOpAnd, "and"},   {LLVMAtomicRMWBinOpOr, "or"},     {LLVMAtomicRMWBinOpXor, "xor"},
      {LLVMAtomicRMWBinOpMax, "smax"},  {LLVMAtomicRMWBinOpMin, "smin"},  {LLVMAtomicRMWBinOpUMax, "umax"},
      {LLVMAtomicRMWBinOpUMin, "umin"}, {LLVMAtomicRMWBinOpUIncWrap, "inc"}, {LLVMAtomicRMWBinOpUDecWrap, "dec"},
  };
  bool cas = LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg;
  LLVMValueRef r, o;
  fp_parts(c, LLVMGetOperand(ins, 0), &r, &o);
  LLVMPositionBuilderBefore(c->b, ins);
  LLVMValueRef val = LLVMGetOperand(ins, cas ? 2 : 1);
  LLVMTypeRef t = LLVMTypeOf(val);
  unsigned bits = (unsigned)LLVMSizeOfTypeInBits(c->td, t);
  const char *name = cas ? "cmpswap" : NULL;
  for (unsigned i = 0; !cas && i < sizeof ops / sizeof ops[0]; i++)
    if (ops[i].op == LLVMGetAtomicRMWBinOp(ins)) name = ops[i].name;
  /* an f32/f64 add expand-buffer-ops kept (wir_mark_buffer_fadd): the
   * float intrinsic, on the value's own type */
  bool fadd = !cas && LLVMGetAtomicRMWBinOp(ins) == LLVMAtomicRMWBinOpFAdd &&
              (LLVMGetTypeKind(t) == LLVMFloatTypeKind || LLVMGetTypeKind(t) == LLVMDoubleTypeKind);
  if (fadd) name = "fadd";
  if (!name || (bits != 32 && bits != 64) || LLVMGetTypeKind(t) == LLVMVectorTypeKind ||
      LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
    fp_fail(c, ins, "atomic operation on a buffer fat pointer");
    return;
  }
  LLVMTypeRef it = fadd ? t : LLVMIntTypeInContext(c->ctx, bits);
  LLVMValueRef args[6];
  unsigned n = 0;
  args[n++] = fadd ? val : LLVMBuildBitCast(c->b, val, it, "");
  if (cas) args[n++] = LLVMBuildBitCast(c->b, LLVMGetOperand(ins, 1), it, "");
  args[n++] = r;
  args[n++] = o;
  args[n++] = LLVMConstInt(c->i32, 0, 0);
  args[n++] = LLVMConstInt(c->i32, has_md(c, ins, "nontemporal") ? 2 : 0, 0);
  char full[64];
  snprintf(full, sizeof full, "llvm.amdgcn.raw.ptr.buffer.atomic.%s", name);
  LLVMValueRef old = call_intrinsic(c, full, it, args, n);
  if (cas) {
    LLVMValueRef ok = LLVMBuildICmp(c->b, LLVMIntEQ, old, args[1], "");
    LLVMValueRef agg = LLVMBuildInsertValue(c->b, LLVMGetPoison(LLVMTypeOf(ins)), old, 0, "");
    LLVMReplaceAllUsesWith(ins, LLVMBuildInsertValue(c->b, agg, ok, 1, ""));
  } else {
    LLVMReplaceAllUsesWith(ins, LLVMBuildBitCast(c->b, old, t, ""));
  }
}

/* ---- fat pointers in memory ---- */

/* In memory a p7 is its i160 (ptrtoint): the offset in bytes 0..3, the V#
 * in bytes 4..19; it travels as <5 x i32>. The V# converts through i128
 * (ptrtoint/inttoptr of the p8), which the selector takes as four dwords. */
static LLVMValueRef mem_load(fp_ctx *c, LLVMValueRef ins, LLVMTypeRef t) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0);
  if (fp_is_p7(LLVMTypeOf(ptr))) {
    access a;
    make_access(c, ins, ptr, &a);
    return load_typed(c, &a, t, 0);
  }
  LLVMPositionBuilderBefore(c->b, ins);
  LLVMValueRef ld = LLVMBuildLoad2(c->b, t, ptr, "");
  LLVMSetAlignment(ld, LLVMGetAlignment(ins));
  LLVMSetVolatile(ld, LLVMGetVolatile(ins));
  return ld;
}

/* Stores `v` (built before `ins`) where store `ins` stores: through a fat
 * pointer, or plainly with its alignment and volatility. */
static void mem_store(fp_ctx *c, LLVMValueRef ins, LLVMValueRef ptr, LLVMValueRef v) {
  if (fp_is_p7(LLVMTypeOf(ptr))) {
    access a;
    make_access(c, ins, ptr, &a);
    store_typed(c, &a, v, 0);
    return;
  }
  LLVMValueRef st = LLVMBuildStore(c->b, v, ptr);
  LLVMSetAlignment(st, LLVMGetAlignment(ins));
  LLVMSetVolatile(st, LLVMGetVolatile(ins));
}

void fp_load_p7(fp_ctx *c, LLVMValueRef ins, LLVMValueRef *r, LLVMValueRef *o) {
  if (LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic) {
    fp_fail(c, ins, "atomic load of a buffer fat pointer");
    return;
  }
  LLVMValueRef v5 = mem_load(c, ins, LLVMVectorType(c->i32, 5));
  *o = LLVMBuildExtractElement(c->b, v5, LLVMConstInt(c->i32, 0, 0), fp_part_name(c, ins, ".off"));
  LLVMValueRef mask[4];
  for (unsigned i = 0; i < 4; i++) mask[i] = LLVMConstInt(c->i32, i + 1, 0);
  LLVMValueRef v4 = LLVMBuildShuffleVector(c->b, v5, LLVMGetPoison(LLVMTypeOf(v5)), LLVMConstVector(mask, 4), "");
  *r = fp_rsrc_of_words(c, v4, fp_part_name(c, ins, ".rsrc"));
}

void fp_store_p7(fp_ctx *c, LLVMValueRef ins) {
  LLVMValueRef r, o, ptr = LLVMGetOperand(ins, 1);
  if (LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic) {
    fp_fail(c, ins, "atomic store of a buffer fat pointer");
    return;
  }
  fp_parts(c, LLVMGetOperand(ins, 0), &r, &o);
  LLVMPositionBuilderBefore(c->b, ins);
  LLVMTypeRef v5t = LLVMVectorType(c->i32, 5);
  LLVMValueRef v4 = fp_rsrc_words(c, r);
  LLVMValueRef v5 = LLVMBuildInsertElement(c->b, LLVMGetPoison(v5t), o, LLVMConstInt(c->i32, 0, 0), "");
  for (unsigned i = 0; i < 4; i++)
    v5 = LLVMBuildInsertElement(c->b, v5, LLVMBuildExtractElement(c->b, v4, LLVMConstInt(c->i32, i, 0), ""),
                                LLVMConstInt(c->i32, i + 1, 0), "");
  mem_store(c, ins, ptr, v5);
}

LLVMValueRef fp_member(LLVMValueRef agg, const unsigned *idx, unsigned n) {
  while (n) {
    if (!LLVMIsAInsertValueInst(agg)) return NULL;
    const unsigned *ii = LLVMGetIndices(agg);
    unsigned ni = LLVMGetNumIndices(agg), k = 0;
    while (k < ni && k < n && ii[k] == idx[k]) k++;
    if (k == ni) { /* the insert is the member, or contains it */
      agg = LLVMGetOperand(agg, 1);
      idx += ni;
      n -= ni;
    } else if (k < n) { /* another member: look further down the chain */
      agg = LLVMGetOperand(agg, 0);
    } else {
      return NULL; /* an insert inside the member: no single value */
    }
  }
  return agg;
}

static bool is_p8(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 8;
}

bool fp_is_rsrc_memop(LLVMValueRef ins) {
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  return (op == LLVMLoad && is_p8(LLVMTypeOf(ins))) || (op == LLVMStore && is_p8(LLVMTypeOf(LLVMGetOperand(ins, 0))));
}

LLVMValueRef fp_rsrc_words(fp_ctx *c, LLVMValueRef r) {
  LLVMValueRef i = LLVMBuildPtrToInt(c->b, r, LLVMIntTypeInContext(c->ctx, 128), "");
  return LLVMBuildBitCast(c->b, i, LLVMVectorType(c->i32, 4), "");
}

LLVMValueRef fp_rsrc_of_words(fp_ctx *c, LLVMValueRef w, const char *name) {
  LLVMValueRef i = LLVMBuildBitCast(c->b, w, LLVMIntTypeInContext(c->ctx, 128), "");
  return LLVMBuildIntToPtr(c->b, i, c->p8, name);
}

void fp_rewrite_rsrc_memop(fp_ctx *c, LLVMValueRef ins) {
  if (LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic) {
    fp_fail(c, ins, "atomic load or store of a buffer resource");
    return;
  }
  LLVMTypeRef v4 = LLVMVectorType(c->i32, 4);
  if (LLVMGetInstructionOpcode(ins) == LLVMLoad) {
    LLVMValueRef w = mem_load(c, ins, v4);
    LLVMReplaceAllUsesWith(ins, fp_rsrc_of_words(c, w, ""));
    return;
  }
  LLVMPositionBuilderBefore(c->b, ins);
  mem_store(c, ins, LLVMGetOperand(ins, 1), fp_rsrc_words(c, LLVMGetOperand(ins, 0)));
}

void fp_rewrite_load(fp_ctx *c, LLVMValueRef ins) {
  access a;
  make_access(c, ins, LLVMGetOperand(ins, 0), &a);
  LLVMReplaceAllUsesWith(ins, load_typed(c, &a, LLVMTypeOf(ins), 0));
}

void fp_rewrite_store(fp_ctx *c, LLVMValueRef ins) {
  access a;
  make_access(c, ins, LLVMGetOperand(ins, 1), &a);
  store_typed(c, &a, LLVMGetOperand(ins, 0), 0);
}
