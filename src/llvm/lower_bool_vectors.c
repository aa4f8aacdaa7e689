/* IR pass: the packed-bit form of i1 and <N x i1> values.
 *
 * Booleans live in registers as lane masks or SCC-derived 0/1 values, but
 * in memory an i1 is a byte (LLVM LangRef, "load": a type whose size is not
 * a whole number of bytes is stored in its store size, the extra bits
 * unspecified) and a <N x i1> vector is N bits packed from bit 0 into
 * ceil(N / 8) bytes (the data layout's store size of the vector). Rather
 * than teach every memory path of instruction selection about booleans,
 * this pass rewrites:
 *   load i1          -> load i8,  trunc to i1 (only bit 0 is the value)
 *   store i1 v       -> zext v to i8, store i8 (the byte is 0 or 1)
 *   load <N x i1>    -> load iM (M = 8 * ceil(N / 8)), then element k is
 *                       trunc(lshr(x, k)) to i1
 *   store <N x i1> v -> iM built from zext(v[k]) << k, stored
 * Volatile flags and alignments carry over; atomic accesses of i1 do not
 * exist in LLVM IR. Found by differential fuzzing with llvm-stress
 * (issue 13): "unsupported load of i1" was wavecc's most common error.
 *
 * The same packed form is what `bitcast <N x i1> to iN` and back mean
 * (LangRef, "bitcast": element 0 in the least significant bit), as clang
 * and the vectorisers use for masks:
 *   bitcast iN x to <N x i1>  -> element k = trunc(lshr(x, k))
 *   bitcast <N x i1> v to iN  -> or of zext(v[k]) << k
 * so instruction selection never sees a boolean vector reinterpreted, and
 * extractelement / insertelement with a variable index on <N x i1> go
 * through the packed integer too (a shift instead of an indexed register
 * access, which selection does not have). An index at or past N gives
 * poison in the IR and still does. A constant <N x i1> wider than 64
 * elements indexed by a variable is read as a bit test of its 64-bit
 * words (lower_const_extract). Wider vectors of 72..1024 booleans are
 * loaded, stored and reinterpreted as vectors of 8/16/32-bit words
 * (lower_wide), their elements read as bits of a word. */
#include "llvm/lower_bool_vectors.h"
#include "llvm/ir_bits.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Bits of the integer that holds `t` in memory, or 0 when `t` is not i1 or
 * a vector of i1 that fits in 64 bits. */
static unsigned mem_bits(LLVMTypeRef t, unsigned *n) {
  *n = 1;
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    *n = LLVMGetVectorSize(t);
    t = LLVMGetElementType(t);
  }
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) != 1 || *n > 64) return 0;
  return (*n + 7) / 8 * 8;
}

static void copy_access(LLVMValueRef from, LLVMValueRef to) {
  LLVMSetAlignment(to, LLVMGetAlignment(from));
  LLVMSetVolatile(to, LLVMGetVolatile(from));
}

/* The i1 or <N x i1> value of type ty whose packed bits are the low bits
 * of integer x, built before the builder's position. */
static LLVMValueRef unpack_bits(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef x, LLVMTypeRef ty) {
  if (LLVMGetTypeKind(ty) != LLVMVectorTypeKind) return LLVMBuildTrunc(b, x, LLVMInt1TypeInContext(ctx), "");
  return wir_unpack_vector(b, x, ty);
}

/* The packed bits of i1 or <N x i1> value `val` as an integer of type ity
 * (zero above bit N-1). */
static LLVMValueRef pack_bits(LLVMBuilderRef b, LLVMValueRef val, LLVMTypeRef ity) {
  if (LLVMGetTypeKind(LLVMTypeOf(val)) != LLVMVectorTypeKind) return LLVMBuildZExt(b, val, ity, "");
  return wir_pack_vector(b, val, ity);
}

static void lower_load(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ins, unsigned bits) {
  LLVMPositionBuilderBefore(b, ins);
  LLVMValueRef x = LLVMBuildLoad2(b, LLVMIntTypeInContext(ctx, bits), LLVMGetOperand(ins, 0), "i1mem");
  copy_access(ins, x);
  LLVMReplaceAllUsesWith(ins, unpack_bits(b, ctx, x, LLVMTypeOf(ins)));
  LLVMInstructionEraseFromParent(ins);
}

static void lower_store(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ins, unsigned bits) {
  LLVMPositionBuilderBefore(b, ins);
  LLVMValueRef x = pack_bits(b, LLVMGetOperand(ins, 0), LLVMIntTypeInContext(ctx, bits));
  LLVMValueRef st = LLVMBuildStore(b, x, LLVMGetOperand(ins, 1));
  copy_access(ins, st);
  LLVMInstructionEraseFromParent(ins);
}

/* Boolean vectors this pass rebuilt: a wide one (lower_wide) and its words,
 * or one a variable-index insertelement rebuilt from packed bits and those
 * bits. A later access of such a vector reads the words or bits again
 * rather than packing the elements back (f_fcmp_true_uniform_insert.ll:
 * eight s_bfe_u32 to take the bits apart, eight compares, selects and ors
 * to put them together, 2.3-2.7x llc-19's executed instructions). */
typedef struct {
  LLVMValueRef *vec, *words;
  unsigned n, cap;
} wide_map;

static void wide_map_add(wide_map *m, LLVMValueRef vec, LLVMValueRef words) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 16;
    m->vec = realloc(m->vec, m->cap * sizeof *m->vec);
    m->words = realloc(m->words, m->cap * sizeof *m->words);
    if (!m->vec || !m->words) abort();
  }
  m->vec[m->n] = vec;
  m->words[m->n++] = words;
}

/* The packed bits of <N x i1> `v` as an integer of type ity: the bits it was
 * rebuilt from, frozen (each element of the rebuilt vector is one of their
 * bits, which the element-wise packing froze one by one), or packed from
 * its elements. */
static LLVMValueRef packed_bits(LLVMBuilderRef b, const wide_map *m, LLVMValueRef v, LLVMTypeRef ity) {
  for (unsigned i = m->n; i-- > 0;)
    if (m->vec[i] == v && LLVMTypeOf(m->words[i]) == ity) return LLVMBuildFreeze(b, m->words[i], "");
  return pack_bits(b, v, ity);
}

/* extractelement / insertelement on <N x i1> with a variable index: through
 * the packed bits (instruction selection indexes vectors only by
 * constants); false for others. */
static bool lower_var_index(LLVMBuilderRef b, LLVMContextRef ctx, wide_map *pm, LLVMValueRef ins, bool insert) {
  LLVMValueRef vec = LLVMGetOperand(ins, 0), idx = LLVMGetOperand(ins, insert ? 2 : 1);
  unsigned n, bits;
  if (LLVMIsAConstant(idx) || !(bits = mem_bits(LLVMTypeOf(vec), &n)) || LLVMGetTypeKind(LLVMTypeOf(vec)) != LLVMVectorTypeKind)
    return false;
  LLVMTypeRef ity = LLVMIntTypeInContext(ctx, bits);
  LLVMPositionBuilderBefore(b, ins);
  LLVMValueRef x = packed_bits(b, pm, vec, ity);
  unsigned iw = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
  LLVMValueRef k = iw > bits ? LLVMBuildTrunc(b, idx, ity, "") : iw < bits ? LLVMBuildZExt(b, idx, ity, "") : idx;
  LLVMValueRef v;
  if (!insert) {
    v = LLVMBuildTrunc(b, LLVMBuildLShr(b, x, k, ""), LLVMInt1TypeInContext(ctx), "");
  } else {
    LLVMValueRef bit = LLVMBuildShl(b, LLVMConstInt(ity, 1, false), k, "");
    LLVMValueRef e = LLVMBuildShl(b, LLVMBuildZExt(b, LLVMGetOperand(ins, 1), ity, ""), k, "");
    x = LLVMBuildOr(b, LLVMBuildAnd(b, x, LLVMBuildNot(b, bit, ""), ""), e, "");
    v = unpack_bits(b, ctx, x, LLVMTypeOf(ins));
    wide_map_add(pm, v, x);
  }
  LLVMReplaceAllUsesWith(ins, v);
  LLVMInstructionEraseFromParent(ins);
  return true;
}

/* extractelement with a variable index from a constant <N x i1> of more
 * than 64 elements (too wide for one packed integer): the constant's bits
 * as 64-bit words, the word picked by index / 64 with selects, then the
 * bit index % 64 of it (llc-19 likewise tests the constant's bits rather
 * than indexing registers). Undefined elements read as 0; an index at or
 * past N gives poison in the IR, here some bit. False for others. */
static bool lower_const_extract(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ins) {
  enum { MAX_WORDS = 16 };
  LLVMValueRef vec = LLVMGetOperand(ins, 0), idx = LLVMGetOperand(ins, 1);
  LLVMTypeRef vt = LLVMTypeOf(vec);
  if (LLVMIsAConstant(idx) || !LLVMIsAConstant(vec) || LLVMGetTypeKind(vt) != LLVMVectorTypeKind ||
      LLVMGetTypeKind(LLVMGetElementType(vt)) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMGetElementType(vt)) != 1)
    return false;
  unsigned n = LLVMGetVectorSize(vt), nw = (n + 63) / 64;
  if (n <= 64 || nw > MAX_WORDS) return false;
  uint64_t words[MAX_WORDS] = {0};
  for (unsigned e = 0; e < n; e++) {
    LLVMValueRef el = LLVMGetAggregateElement(vec, e);
    if (el && LLVMIsAConstantInt(el) && LLVMConstIntGetZExtValue(el)) words[e / 64] |= 1ull << (e % 64);
  }
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
  LLVMPositionBuilderBefore(b, ins);
  unsigned iw = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
  LLVMValueRef k = iw > 32 ? LLVMBuildTrunc(b, idx, i32, "") : iw < 32 ? LLVMBuildZExt(b, idx, i32, "") : idx;
  LLVMValueRef hi = LLVMBuildLShr(b, k, LLVMConstInt(i32, 6, false), "");
  LLVMValueRef w = LLVMConstInt(i64, words[0], false);
  for (unsigned j = 1; j < nw; j++)
    w = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, hi, LLVMConstInt(i32, j, false), ""),
                        LLVMConstInt(i64, words[j], false), w, "");
  LLVMValueRef lo = LLVMBuildZExt(b, LLVMBuildAnd(b, k, LLVMConstInt(i32, 63, false), ""), i64, "");
  LLVMReplaceAllUsesWith(ins, LLVMBuildTrunc(b, LLVMBuildLShr(b, w, lo, ""), LLVMInt1TypeInContext(ctx), ""));
  LLVMInstructionEraseFromParent(ins);
  return true;
}

/* Vectors of more than 64 booleans (clang's vector select bitcasts a
 * <4 x i32> to <128 x i1> and extracts bit 96; instcombine makes that a
 * load of <128 x i1>) are too wide for one packed integer: they are held
 * as a vector of W words of `*wb` bits (32, 16 or 8, the widest dividing
 * N), element k in bit k % wb of word k / wb, the same bits as the packed
 * form (little-endian, LangRef "bitcast"). Returns the word vector type,
 * or NULL when `t` is not <N x i1> with 64 < N <= 1024, N a multiple of 8. */
static LLVMTypeRef wide_words(LLVMContextRef ctx, LLVMTypeRef t, unsigned *wb) {
  if (LLVMGetTypeKind(t) != LLVMVectorTypeKind) return NULL;
  LLVMTypeRef et = LLVMGetElementType(t);
  unsigned n = LLVMGetVectorSize(t);
  if (LLVMGetTypeKind(et) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(et) != 1 || n <= 64 || n > 1024 || n % 8)
    return NULL;
  *wb = n % 32 == 0 ? 32 : n % 16 == 0 ? 16 : 8;
  return LLVMVectorType(LLVMIntTypeInContext(ctx, *wb), n / *wb);
}

/* Element `idx` (any integer type, constant or not) of the wide boolean
 * vector whose words are `words`: bit idx % wb of word idx / wb. */
static LLVMValueRef wide_bit(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef words, unsigned wb, LLVMValueRef idx) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), wt = LLVMIntTypeInContext(ctx, wb);
  unsigned iw = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
  LLVMValueRef k = iw > 32 ? LLVMBuildTrunc(b, idx, i32, "") : iw < 32 ? LLVMBuildZExt(b, idx, i32, "") : idx;
  unsigned sh = wb == 32 ? 5 : wb == 16 ? 4 : 3;
  LLVMValueRef w = LLVMBuildExtractElement(b, words, LLVMBuildLShr(b, k, LLVMConstInt(i32, sh, false), ""), "");
  LLVMValueRef lo = LLVMBuildAnd(b, k, LLVMConstInt(i32, wb - 1, false), "");
  lo = wb < 32 ? LLVMBuildTrunc(b, lo, wt, "") : lo;
  return LLVMBuildTrunc(b, LLVMBuildLShr(b, w, lo, ""), LLVMInt1TypeInContext(ctx), "");
}

/* The words of wide boolean vector `v`: recorded in `m`, a constant's
 * words, or packed (one select per element, or'ed into its word). */
static LLVMValueRef wide_pack(LLVMBuilderRef b, LLVMContextRef ctx, wide_map *m, LLVMValueRef v, LLVMTypeRef wvt,
                              unsigned wb) {
  for (unsigned i = 0; i < m->n; i++)
    if (m->vec[i] == v) return m->words[i];
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), wt = LLVMGetElementType(wvt);
  unsigned nw = LLVMGetVectorSize(wvt);
  if (LLVMIsAConstant(v) && !LLVMIsAConstantExpr(v)) {
    LLVMValueRef ws[1024 / 8];
    for (unsigned j = 0; j < nw; j++) {
      unsigned long long x = 0;
      for (unsigned i = 0; i < wb; i++) {
        LLVMValueRef el = LLVMGetAggregateElement(v, j * wb + i);
        if (el && LLVMIsAConstantInt(el) && LLVMConstIntGetZExtValue(el)) x |= 1ull << i;
      }
      ws[j] = LLVMConstInt(wt, x, false);
    }
    return LLVMConstVector(ws, nw);
  }
  LLVMValueRef words = LLVMGetPoison(wvt);
  for (unsigned j = 0; j < nw; j++) {
    LLVMValueRef x = NULL;
    for (unsigned i = 0; i < wb; i++) {
      LLVMValueRef e = LLVMBuildExtractElement(b, v, LLVMConstInt(i32, j * wb + i, false), "");
      e = LLVMBuildSelect(b, e, LLVMConstInt(wt, 1ull << i, false), LLVMConstInt(wt, 0, false), "");
      x = x ? LLVMBuildOr(b, x, e, "") : e;
    }
    words = LLVMBuildInsertElement(b, words, x, LLVMConstInt(i32, j, false), "");
  }
  return words;
}

/* Replaces `ins`, a wide boolean vector value whose words are `words`
 * (built before it): its extractelement users read their bit directly; if
 * any other user remains, the whole vector is built once. */
static void wide_replace(LLVMBuilderRef b, LLVMContextRef ctx, wide_map *m, LLVMValueRef ins, LLVMValueRef words,
                         unsigned wb) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMUseRef u = LLVMGetFirstUse(ins);
  while (u) {
    LLVMUseRef nu = LLVMGetNextUse(u);
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAExtractElementInst(user) && LLVMGetOperand(user, 0) == ins) {
      LLVMPositionBuilderBefore(b, user);
      LLVMReplaceAllUsesWith(user, wide_bit(b, ctx, words, wb, LLVMGetOperand(user, 1)));
      LLVMInstructionEraseFromParent(user);
    }
    u = nu;
  }
  if (LLVMGetFirstUse(ins)) {
    LLVMPositionBuilderBefore(b, ins);
    unsigned n = LLVMGetVectorSize(LLVMTypeOf(ins));
    LLVMValueRef v = LLVMGetPoison(LLVMTypeOf(ins));
    for (unsigned k = 0; k < n; k++)
      v = LLVMBuildInsertElement(b, v, wide_bit(b, ctx, words, wb, LLVMConstInt(i32, k, false)), LLVMConstInt(i32, k, false), "");
    LLVMReplaceAllUsesWith(ins, v);
    wide_map_add(m, v, words);
  }
  LLVMInstructionEraseFromParent(ins);
}

/* Loads, stores and bitcasts of wide boolean vectors (wide_words) and
 * extractelement with a variable index from them, through their words;
 * false for others. */
static bool lower_wide(LLVMBuilderRef b, LLVMContextRef ctx, wide_map *m, LLVMValueRef ins, LLVMOpcode op) {
  unsigned wb;
  LLVMTypeRef wvt;
  if (op == LLVMLoad && LLVMGetOrdering(ins) == LLVMAtomicOrderingNotAtomic &&
      (wvt = wide_words(ctx, LLVMTypeOf(ins), &wb))) {
    LLVMPositionBuilderBefore(b, ins);
    LLVMValueRef x = LLVMBuildLoad2(b, wvt, LLVMGetOperand(ins, 0), "i1mem");
    copy_access(ins, x);
    wide_replace(b, ctx, m, ins, x, wb);
  } else if (op == LLVMStore && LLVMGetOrdering(ins) == LLVMAtomicOrderingNotAtomic &&
             (wvt = wide_words(ctx, LLVMTypeOf(LLVMGetOperand(ins, 0)), &wb))) {
    LLVMPositionBuilderBefore(b, ins);
    LLVMValueRef st = LLVMBuildStore(b, wide_pack(b, ctx, m, LLVMGetOperand(ins, 0), wvt, wb), LLVMGetOperand(ins, 1));
    copy_access(ins, st);
    LLVMInstructionEraseFromParent(ins);
  } else if (op == LLVMBitCast && (wvt = wide_words(ctx, LLVMTypeOf(ins), &wb)) &&
             !wide_words(ctx, LLVMTypeOf(LLVMGetOperand(ins, 0)), &wb)) {
    LLVMPositionBuilderBefore(b, ins);
    wide_replace(b, ctx, m, ins, LLVMBuildBitCast(b, LLVMGetOperand(ins, 0), wvt, ""), wb);
  } else if (op == LLVMBitCast && (wvt = wide_words(ctx, LLVMTypeOf(LLVMGetOperand(ins, 0)), &wb)) &&
             !wide_words(ctx, LLVMTypeOf(ins), &wb)) {
    LLVMPositionBuilderBefore(b, ins);
    LLVMValueRef w = wide_pack(b, ctx, m, LLVMGetOperand(ins, 0), wvt, wb);
    LLVMReplaceAllUsesWith(ins, LLVMBuildBitCast(b, w, LLVMTypeOf(ins), ""));
    LLVMInstructionEraseFromParent(ins);
  } else if ((op == LLVMAnd || op == LLVMOr || op == LLVMXor) && (wvt = wide_words(ctx, LLVMTypeOf(ins), &wb))) {
    LLVMPositionBuilderBefore(b, ins);
    LLVMValueRef x = wide_pack(b, ctx, m, LLVMGetOperand(ins, 0), wvt, wb);
    LLVMValueRef y = wide_pack(b, ctx, m, LLVMGetOperand(ins, 1), wvt, wb);
    wide_replace(b, ctx, m, ins, LLVMBuildBinOp(b, op, x, y, ""), wb);
  } else if (op == LLVMExtractElement && !LLVMIsAConstant(LLVMGetOperand(ins, 0)) &&
             !LLVMIsAConstant(LLVMGetOperand(ins, 1)) &&
             (wvt = wide_words(ctx, LLVMTypeOf(LLVMGetOperand(ins, 0)), &wb))) {
    LLVMPositionBuilderBefore(b, ins);
    LLVMValueRef w = wide_pack(b, ctx, m, LLVMGetOperand(ins, 0), wvt, wb);
    LLVMReplaceAllUsesWith(ins, wide_bit(b, ctx, w, wb, LLVMGetOperand(ins, 1)));
    LLVMInstructionEraseFromParent(ins);
  } else {
    return false;
  }
  return true;
}

/* Whether `t` is a <N x i1> vector of at most 64 elements. */
static bool is_bool_vector(LLVMTypeRef t) {
  unsigned n;
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && mem_bits(t, &n);
}

/* bitcast between <N x i1> (N <= 64) and any other type of N bits (either
 * direction): an integer directly; a float or a vector of wider elements
 * (`bitcast <4 x i8> to <32 x i1>`, `bitcast double to <64 x i1>`, both
 * from llvm-stress) through the integer iN, which has the same bits in the
 * same order (LangRef "bitcast"); false for others. */
static bool lower_bitcast(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ins) {
  LLVMValueRef src = LLVMGetOperand(ins, 0);
  LLVMTypeRef from = LLVMTypeOf(src), to = LLVMTypeOf(ins);
  bool unpack = is_bool_vector(to), pack = is_bool_vector(from);
  if (unpack == pack) return false; /* neither, or <N x i1> to <N x i1> */
  LLVMTypeRef other = unpack ? from : to;
  LLVMTypeKind k = LLVMGetTypeKind(other);
  if (k == LLVMPointerTypeKind || (k == LLVMVectorTypeKind &&
                                   LLVMGetTypeKind(LLVMGetElementType(other)) == LLVMPointerTypeKind))
    return false;
  unsigned n = LLVMGetVectorSize(unpack ? to : from);
  LLVMTypeRef in = LLVMIntTypeInContext(ctx, n);
  LLVMPositionBuilderBefore(b, ins);
  LLVMValueRef v;
  if (unpack)
    v = unpack_bits(b, ctx, k == LLVMIntegerTypeKind ? src : LLVMBuildBitCast(b, src, in, ""), to);
  else if (k == LLVMIntegerTypeKind)
    v = pack_bits(b, src, to);
  else
    v = LLVMBuildBitCast(b, pack_bits(b, src, in), to, "");
  LLVMReplaceAllUsesWith(ins, v);
  LLVMInstructionEraseFromParent(ins);
  return true;
}

/* Erases instruction `v` when nothing uses it and then its operands that
 * became unused (the element computations of a rebuilt wide vector: no
 * side effects). */
static void erase_dead(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v) || LLVMGetFirstUse(v)) return;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (op != LLVMInsertElement && op != LLVMExtractElement && op != LLVMTrunc && op != LLVMLShr && op != LLVMAnd &&
      op != LLVMZExt)
    return;
  unsigned n = (unsigned)LLVMGetNumOperands(v);
  LLVMValueRef ops[3];
  for (unsigned i = 0; i < n && i < 3; i++) ops[i] = LLVMGetOperand(v, i);
  LLVMInstructionEraseFromParent(v);
  for (unsigned i = 0; i < n && i < 3; i++)
    if (i == 0 || ops[i] != ops[i - 1]) erase_dead(ops[i]);
}

int wir_lower_bool_vectors(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  int lowered = 0;
  wide_map wm = {0};
  wide_map pm = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef ins = LLVMGetFirstInstruction(bb);
      while (ins) {
        LLVMValueRef next = LLVMGetNextInstruction(ins);
        LLVMOpcode op = LLVMGetInstructionOpcode(ins);
        unsigned n, bits;
        if (op == LLVMLoad && LLVMGetOrdering(ins) == LLVMAtomicOrderingNotAtomic &&
            (bits = mem_bits(LLVMTypeOf(ins), &n))) {
          lower_load(b, ctx, ins, bits);
          lowered++;
        } else if (op == LLVMStore && LLVMGetOrdering(ins) == LLVMAtomicOrderingNotAtomic &&
                   (bits = mem_bits(LLVMTypeOf(LLVMGetOperand(ins, 0)), &n))) {
          lower_store(b, ctx, ins, bits);
          lowered++;
        } else if (lower_wide(b, ctx, &wm, ins, op)) {
          /* it may have erased users after it (`next` among them): the
           * block again from its start (what is lowered is gone from it) */
          lowered++;
          next = LLVMGetFirstInstruction(bb);
        } else if ((op == LLVMBitCast && lower_bitcast(b, ctx, ins)) ||
                   (op == LLVMExtractElement && lower_var_index(b, ctx, &pm, ins, false)) ||
                   (op == LLVMExtractElement && lower_const_extract(b, ctx, ins)) ||
                   (op == LLVMInsertElement && lower_var_index(b, ctx, &pm, ins, true))) {
          lowered++;
        }
        ins = next;
      }
    }
  /* the rebuilt boolean vectors nobody reads any more (first: a wide
   * vector's chain may reach one through an extractelement), then the
   * rebuilt wide vectors that every user now reads as words */
  for (unsigned i = 0; i < pm.n; i++) erase_dead(pm.vec[i]);
  for (unsigned i = 0; i < wm.n; i++) erase_dead(wm.vec[i]);
  free(pm.vec);
  free(pm.words);
  free(wm.vec);
  free(wm.words);
  LLVMDisposeBuilder(b);
  return lowered;
}
