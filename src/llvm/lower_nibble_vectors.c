/* IR pass: bitcasts of vectors of i2 and i4 (<128 x i4> to <16 x i32>,
 * i32 to <8 x i4>, <256 x i4> to i1024 ...) through 32-bit words.
 *
 * Instruction selection keeps each element of an integer vector in its
 * own register, so a bitcast that changes the element count must move
 * bits between elements. For whole-byte elements selection does it; for
 * i2 and i4 elements (quantised weights, LLVM's own tests) it refused
 * them. LangRef "bitcast .. to": the value's bits are unchanged, vector
 * element 0 in the least significant bits (little-endian), so element e
 * of <N x iK> is bits [e * K, e * K + K) of the whole value, that is bits
 * [(e % P) * K, ...) of word e / P of <M x iB> (P = B / K elements a
 * word). This pass rewrites
 *   bitcast <N x iK> v to T  -> words w[m] = or of zext(v[m P + j]) << j K
 *                               (wir_pack_vector of each P-element slice),
 *                               then bitcast <M x iB> to T
 *   bitcast T x to <N x iK>  -> bitcast x to <M x iB>, element e =
 *                               trunc(lshr(w[e / P], (e % P) K))
 * and loads and stores of nibble vectors wider than 64 bits (those up to
 * 64 bits are split-memory-values' packed integers) as ones of <M x iB>
 * (the same bytes in memory: the store size of <N x iK> is N K / 8).
 * B is 32 when N K is a multiple of 32, else 16 or 8; the bitcast left
 * between <M x iB> and T is one selection (or lower-bool-vectors and
 * expand-wide-integers, which run after) takes. Bitcasts of constants
 * are folded by LLVM already; pointer element types are left alone. */
#include "llvm/lower_nibble_vectors.h"
#include "llvm/ir_bits.h"

#include <stdbool.h>
#include <stdlib.h>

/* K when t is <N x iK> with K = 2 or 4, else 0. */
static unsigned nibble_bits(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) != LLVMVectorTypeKind) return 0;
  LLVMTypeRef e = LLVMGetElementType(t);
  if (LLVMGetTypeKind(e) != LLVMIntegerTypeKind) return 0;
  unsigned k = LLVMGetIntTypeWidth(e);
  return k == 2 || k == 4 ? k : 0;
}

/* Total bits of a first-class non-pointer type (0: not one this pass takes). */
static unsigned type_bits(LLVMTypeRef t) {
  unsigned n = 1;
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    n = LLVMGetVectorSize(t);
    t = LLVMGetElementType(t);
  }
  return n * wir_elem_bits(t);
}

/* The word type <M x iB> holding `bits` bits (a multiple of 8). */
static LLVMTypeRef word_vector(LLVMContextRef ctx, unsigned bits) {
  unsigned b = bits % 32 == 0 ? 32 : bits % 16 == 0 ? 16 : 8;
  return LLVMVectorType(LLVMIntTypeInContext(ctx, b), bits / b);
}

static LLVMValueRef pack(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef v, LLVMTypeRef wt) {
  LLVMTypeRef vt = LLVMTypeOf(v), it = LLVMGetElementType(wt), i32 = LLVMInt32TypeInContext(ctx);
  unsigned k = LLVMGetIntTypeWidth(LLVMGetElementType(vt)), per = LLVMGetIntTypeWidth(it) / k;
  unsigned m = LLVMGetVectorSize(wt);
  LLVMValueRef w = LLVMGetPoison(wt), *mask = malloc(per * sizeof *mask);
  for (unsigned i = 0; i < m; i++) {
    for (unsigned j = 0; j < per; j++) mask[j] = LLVMConstInt(i32, i * per + j, false);
    LLVMValueRef slice = LLVMBuildShuffleVector(b, v, LLVMGetPoison(vt), LLVMConstVector(mask, per), "");
    w = LLVMBuildInsertElement(b, w, wir_pack_vector(b, slice, it), LLVMConstInt(i32, i, false), "");
  }
  free(mask);
  return w;
}

static LLVMValueRef unpack(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef w, LLVMTypeRef vt) {
  LLVMTypeRef wt = LLVMTypeOf(w), it = LLVMGetElementType(wt), et = LLVMGetElementType(vt);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  unsigned k = LLVMGetIntTypeWidth(et), per = LLVMGetIntTypeWidth(it) / k, n = LLVMGetVectorSize(vt);
  LLVMValueRef v = LLVMGetPoison(vt), word = NULL;
  for (unsigned e = 0; e < n; e++) {
    if (e % per == 0) word = LLVMBuildExtractElement(b, w, LLVMConstInt(i32, e / per, false), "");
    LLVMValueRef x = e % per ? LLVMBuildLShr(b, word, LLVMConstInt(it, (e % per) * k, false), "") : word;
    v = LLVMBuildInsertElement(b, v, LLVMBuildTrunc(b, x, et, ""), LLVMConstInt(i32, e, false), "");
  }
  return v;
}

int wir_lower_nibble_vectors(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  int changed = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
        next = LLVMGetNextInstruction(i);
        LLVMOpcode op = LLVMGetInstructionOpcode(i);
        if (op == LLVMLoad || op == LLVMStore) {
          /* wider than 64 bits (split-memory-values takes the others):
           * the word vector in memory, the same bytes */
          LLVMValueRef v = op == LLVMLoad ? i : LLVMGetOperand(i, 0);
          unsigned bits = type_bits(LLVMTypeOf(v));
          if (!nibble_bits(LLVMTypeOf(v)) || bits <= 64 || bits % 8 || LLVMGetVolatile(i) ||
              LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
            continue;
          LLVMPositionBuilderBefore(b, i);
          LLVMTypeRef wt = word_vector(ctx, bits);
          LLVMValueRef m;
          if (op == LLVMLoad) {
            m = LLVMBuildLoad2(b, wt, LLVMGetOperand(i, 0), "");
            LLVMSetAlignment(m, LLVMGetAlignment(i));
            LLVMReplaceAllUsesWith(i, unpack(b, ctx, m, LLVMTypeOf(i)));
          } else {
            m = LLVMBuildStore(b, pack(b, ctx, v, wt), LLVMGetOperand(i, 1));
            LLVMSetAlignment(m, LLVMGetAlignment(i));
          }
          LLVMInstructionEraseFromParent(i);
          changed++;
          continue;
        }
        if (op != LLVMBitCast) continue;
        LLVMValueRef x = LLVMGetOperand(i, 0);
        LLVMTypeRef from = LLVMTypeOf(x), to = LLVMTypeOf(i);
        unsigned kf = nibble_bits(from), kt = nibble_bits(to), bits = type_bits(from);
        /* one side a nibble vector, the other a type of the same whole
         * number of bytes (both nibble vectors: through words as well) */
        if ((!kf && !kt) || !bits || bits % 8 || type_bits(to) != bits) continue;
        LLVMPositionBuilderBefore(b, i);
        LLVMTypeRef wt = word_vector(ctx, bits);
        LLVMValueRef w = kf ? pack(b, ctx, x, wt) : LLVMBuildBitCast(b, x, wt, "");
        LLVMValueRef r = kt ? unpack(b, ctx, w, to) : LLVMBuildBitCast(b, w, to, "");
        LLVMReplaceAllUsesWith(i, r);
        LLVMInstructionEraseFromParent(i);
        changed++;
      }
  LLVMDisposeBuilder(b);
  return changed;
}
