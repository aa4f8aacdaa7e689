/* IR pass: lower buffer fat pointers (ptr addrspace(7)) to a buffer
 * resource (ptr addrspace(8), the 128-bit V#) plus a 32-bit byte offset.
 *
 * Source: LLVM review D158463 (AMDGPULowerBufferFatPointers) for the
 * problem and the split representation; AMDGPUUsage "Address Spaces" for
 * the semantics (a p7 is a V# and an offset; the offset is what GEPs
 * change and what the hardware range-checks against num_records); Vega
 * ISA guide 8.1 "Buffer Instructions" for the accesses. wavecc inlines
 * every call first (import.c), so no function boundary carries a p7 and
 * the pass works on kernels; other functions with fat-pointer parameters
 * were inlined, are never selected, and are left alone.
 *
 * Algorithm, per function:
 *  1. Every p7-typed value V gets two parts, rsrc(V) (p8) and off(V) (i32),
 *     computed on demand (fp_parts()) and placed immediately before V, so
 *     they dominate everything V dominates:
 *       addrspacecast p8->p7   rsrc = the p8, off = 0
 *       getelementptr          rsrc = rsrc(base), off = off(base) + bytes
 *                              (indices sign-extended or truncated to i32:
 *                              the offset is 32-bit, arithmetic wraps);
 *                              vector indices give a vector of fat
 *                              pointers: one resource, <N x i32> offsets
 *       extract/insertelement, shufflevector on such vectors: the offsets
 *                              (elements of different buffers are refused)
 *       phi / select / freeze  one of each for rsrc and off
 *       inttoptr iN (N <= 64)  off = bits 0..31, rsrc = bits 32..63 as V#
 *                              dword 0 (the rest of the i160 is zero)
 *       constants              null -> (null, 0), poison/undef -> poison
 *       kernel argument        loads from the kernarg segment: the V# at
 *                              the argument's offset, the offset 16 bytes
 *                              later (llc-19's {p8, i32} layout)
 *     Phis are created empty first and filled at the end (loops); a phi or
 *     select whose rsrc operands are all one value is folded away, so a
 *     pointer walking one buffer keeps one uniform resource (SGPRs) and
 *     only its offset is a phi.
 *  2. Users are rewritten:
 *       load / store           llvm.amdgcn.raw.ptr.buffer.load/store of
 *                              the value's type, split by type: structs
 *                              and arrays per element, vectors above 16
 *                              bytes in 16-byte pieces (shufflevector), i1
 *                              as i8, other pointers as integers; aux bit 0
 *                              (glc) and bit 31 for volatile and atomic
 *                              accesses, bit 1 (slc) for !nontemporal;
 *                              !invariant.load is kept on the call (isel
 *                              then uses s_buffer_load when the operands
 *                              are uniform)
 *       icmp                   eq/ne: offsets and (unless they are the
 *                              same value) resources; ordered predicates
 *                              compare offsets only (D158463 does the same)
 *       atomicrmw / cmpxchg    llvm.amdgcn.raw.ptr.buffer.atomic.* on the
 *                              integer bits (32 or 64); operations gfx900
 *                              lacks were made cmpxchg loops by
 *                              expand-buffer-ops
 *       p7 stored / loaded     as its i160: <5 x i32> = {offset, V# dwords}
 *       ptrtoint to iN (N<=64) the low N bits of the i160: offset, then V#
 *                              dword 0; an i160 ptrtoint whose users all
 *                              truncate to 64 bits or less (instcombine's
 *                              form) likewise
 *       load / store of p8     through <4 x i32> (fatptr_access.c)
 *  3. The old p7 instructions are replaced by poison and erased; the
 *     insertvalue chains of split aggregates are folded into their users'
 *     extractvalues (the selector takes neither) and erased.
 * Anything else that touches a p7 (aggregates of p7, vectors of p7 in
 * memory, calls) is reported as unsupported, naming the instruction.
 * Loads, stores, atomics and p7 in memory live in fatptr_access.c.
 * Invariant: after a successful run no value or operand has type p7.
 */
#include "llvm/lower_buffer_fat_pointers.h"
#include "llvm/fatptr_internal.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "llvm/ptrmap.h"
#include "util/arena.h"


bool fp_is_p7(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 7;
}

/* A p7 or a vector of p7 (whose parts are one resource for every element
 * and a vector of offsets). */
static bool is_p7v(LLVMTypeRef t) {
  return fp_is_p7(t) || (LLVMGetTypeKind(t) == LLVMVectorTypeKind && fp_is_p7(LLVMGetElementType(t)));
}

bool fp_has_p7(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMPointerTypeKind: return fp_is_p7(t);
  case LLVMVectorTypeKind: case LLVMArrayTypeKind: return fp_has_p7(LLVMGetElementType(t));
  case LLVMStructTypeKind:
    for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++)
      if (fp_has_p7(LLVMStructGetTypeAtIndex(t, i))) return true;
    return false;
  default: return false;
  }
}

void fp_fail(fp_ctx *c, LLVMValueRef ins, const char *what) {
  if (c->failed) return;
  char *s = LLVMPrintValueToString(ins);
  const char *t = s;
  while (*t == ' ') t++;
  diag_error(c->d, c->fname, "unsupported %s: %s", what, t);
  LLVMDisposeMessage(s);
  c->failed = true;
}

void fp_push(fp_ctx *c, LLVMValueRef **arr, uint32_t *n, uint32_t *cap, LLVMValueRef v) {
  if (*n == *cap) {
    uint32_t nc = *cap ? *cap * 2 : 64;
    *arr = arena_grow(&c->mem, *arr, *n, nc, sizeof **arr);
    *cap = nc;
  }
  (*arr)[(*n)++] = v;
}

static void record(fp_ctx *c, LLVMValueRef v, LLVMValueRef r, LLVMValueRef o) {
  if (c->n == c->cap) {
    uint32_t nc = c->cap ? c->cap * 2 : 64;
    c->rsrc = arena_grow(&c->mem, c->rsrc, c->n, nc, sizeof *c->rsrc);
    c->off = arena_grow(&c->mem, c->off, c->n, nc, sizeof *c->off);
    c->cap = nc;
  }
  c->rsrc[c->n] = r;
  c->off[c->n] = o;
  ptrmap_put(&c->map, v, c->n++);
}

/* Name of a new part: "<old name>.rsrc" / ".off" (empty for unnamed). */
const char *fp_part_name(fp_ctx *c, LLVMValueRef v, const char *suffix) {
  size_t n;
  const char *s = LLVMGetValueName2(v, &n);
  if (!n) return "";
  char *buf = arena_alloc(&c->mem, n + strlen(suffix) + 1);
  memcpy(buf, s, n);
  strcpy(buf + n, suffix);
  return buf;
}

static bool is_undef(LLVMValueRef v) { return LLVMIsUndef(v) || LLVMIsPoison(v); }

/* i32, or <N x i32> for a vector of N fat pointers. */
static LLVMTypeRef offset_type(fp_ctx *c, LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMVectorType(c->i32, LLVMGetVectorSize(t)) : c->i32;
}

/* `x` (i32) or `x` broadcast to the vector type `ot`. */
static LLVMValueRef widen(fp_ctx *c, LLVMValueRef x, LLVMTypeRef ot) {
  if (LLVMGetTypeKind(ot) != LLVMVectorTypeKind || LLVMGetTypeKind(LLVMTypeOf(x)) == LLVMVectorTypeKind) return x;
  unsigned n = LLVMGetVectorSize(ot);
  LLVMValueRef one = LLVMBuildInsertElement(c->b, LLVMGetPoison(LLVMVectorType(c->i32, 1)), x, LLVMConstInt(c->i32, 0, 0), "");
  return LLVMBuildShuffleVector(c->b, one, LLVMGetPoison(LLVMTypeOf(one)), LLVMConstNull(LLVMVectorType(c->i32, n)), "");
}

/* The single resource of two parts, or NULL when they differ (poison
 * agrees with anything). */
static LLVMValueRef same_rsrc(LLVMValueRef a, LLVMValueRef b) {
  if (a == b || is_undef(b)) return a;
  if (is_undef(a)) return b;
  return NULL;
}

void fp_parts(fp_ctx *c, LLVMValueRef v, LLVMValueRef *r, LLVMValueRef *o);

/* extractelement / insertelement / shufflevector on vectors of fat
 * pointers: the offsets move, the one resource stays (elements of other
 * buffers are refused). */
static void vector_parts(fp_ctx *c, LLVMValueRef v, LLVMValueRef *r, LLVMValueRef *o) {
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef ar, ao, br = NULL, bo = NULL;
  fp_parts(c, LLVMGetOperand(v, 0), &ar, &ao);
  if (op != LLVMExtractElement) fp_parts(c, LLVMGetOperand(v, 1), &br, &bo);
  LLVMPositionBuilderBefore(c->b, v);
  const char *name = fp_part_name(c, v, ".off");
  *r = br ? same_rsrc(ar, br) : ar;
  if (!*r) {
    fp_fail(c, v, "vector of fat pointers into different buffers");
    *r = ar;
    return;
  }
  if (op == LLVMExtractElement) {
    *o = LLVMBuildExtractElement(c->b, ao, LLVMGetOperand(v, 1), name);
  } else if (op == LLVMInsertElement) {
    *o = LLVMBuildInsertElement(c->b, ao, bo, LLVMGetOperand(v, 2), name);
  } else {
    unsigned n = LLVMGetNumMaskElements(v);
    LLVMValueRef mask[64];
    if (n > 64) {
      fp_fail(c, v, "shufflevector of more than 64 fat pointers");
      return;
    }
    for (unsigned i = 0; i < n; i++) {
      int m = LLVMGetMaskValue(v, i);
      mask[i] = m < 0 ? LLVMGetPoison(c->i32) : LLVMConstInt(c->i32, (unsigned)m, 0);
    }
    *o = LLVMBuildShuffleVector(c->b, ao, bo, LLVMConstVector(mask, n), name);
  }
}

/* A p7 kernel argument, as llc-19 lays it out ({ptr addrspace(8), i32}:
 * the V# at the argument's kernarg offset, the 32-bit offset 16 bytes
 * later), read with invariant loads from the kernarg segment at the start
 * of the kernel. The offsets follow isel_setup_abi's layout: explicit
 * arguments in order, each at its ABI alignment, ABI size apart. */
static void kernel_arg(fp_ctx *c, LLVMValueRef arg, LLVMValueRef *r, LLVMValueRef *o) {
  uint64_t off = 0;
  for (LLVMValueRef a = LLVMGetFirstParam(c->fn); a; a = LLVMGetNextParam(a)) {
    LLVMTypeRef t = LLVMTypeOf(a);
    uint64_t al = LLVMABIAlignmentOfType(c->td, t);
    off = (off + al - 1) & ~(al - 1);
    if (a == arg) break;
    off += LLVMABISizeOfType(c->td, t);
  }
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(c->fn);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  while (first && LLVMIsAPHINode(first)) first = LLVMGetNextInstruction(first);
  LLVMPositionBuilderBefore(c->b, first);
  LLVMTypeRef p4 = LLVMPointerTypeInContext(c->ctx, 4);
  unsigned id = LLVMLookupIntrinsicID("llvm.amdgcn.kernarg.segment.ptr", 31);
  LLVMValueRef kp = LLVMBuildCall2(c->b, LLVMIntrinsicGetType(c->ctx, id, NULL, 0),
                                   LLVMGetIntrinsicDeclaration(c->mod, id, NULL, 0), NULL, 0, "");
  unsigned kid = LLVMGetMDKindIDInContext(c->ctx, "invariant.load", 14);
  LLVMValueRef io = LLVMConstInt(c->i32, off, 0), io16 = LLVMConstInt(c->i32, off + 16, 0);
  LLVMTypeRef i8 = c->i8, v4 = LLVMVectorType(c->i32, 4);
  LLVMValueRef rv = LLVMBuildLoad2(c->b, v4, LLVMBuildGEP2(c->b, i8, kp, &io, 1, ""), "");
  LLVMSetAlignment(rv, 16);
  LLVMSetMetadata(rv, kid, LLVMMDNodeInContext(c->ctx, NULL, 0));
  *r = LLVMBuildIntToPtr(c->b, LLVMBuildBitCast(c->b, rv, LLVMIntTypeInContext(c->ctx, 128), ""), c->p8,
                         fp_part_name(c, arg, ".rsrc"));
  LLVMValueRef ov = LLVMBuildLoad2(c->b, c->i32, LLVMBuildGEP2(c->b, i8, kp, &io16, 1, ""), fp_part_name(c, arg, ".off"));
  LLVMSetAlignment(ov, 16);
  LLVMSetMetadata(ov, kid, LLVMMDNodeInContext(c->ctx, NULL, 0));
  *o = ov;
  (void)p4;
}

/* i32 byte offset `o` + `k` (no instruction for k = 0). */
LLVMValueRef fp_add_const(fp_ctx *c, LLVMValueRef o, int64_t k, const char *name) {
  if (!k) return o;
  return LLVMBuildAdd(c->b, o, widen(c, LLVMConstInt(c->i32, (unsigned long long)k, 0), LLVMTypeOf(o)), name);
}

/* getelementptr on a p7: the byte offset, in i32 arithmetic. */
static void split_gep(fp_ctx *c, LLVMValueRef ins, LLVMValueRef *r, LLVMValueRef *o) {
  fp_parts(c, LLVMGetOperand(ins, 0), r, o);
  LLVMPositionBuilderBefore(c->b, ins); /* fp_parts() may have moved the builder */
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(ins), ot = offset_type(c, LLVMTypeOf(ins));
  int n = LLVMGetNumOperands(ins);
  int64_t k = 0;
  LLVMValueRef acc = widen(c, *o, ot);
  for (int i = 1; i < n && !c->failed; i++) {
    LLVMValueRef idx = LLVMGetOperand(ins, i);
    uint64_t size;
    if (i == 1) {
      size = LLVMABISizeOfType(c->td, ty);
    } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
      unsigned f = (unsigned)LLVMConstIntGetZExtValue(idx);
      k += (int64_t)LLVMOffsetOfElement(c->td, ty, f);
      ty = LLVMStructGetTypeAtIndex(ty, f);
      continue;
    } else {
      ty = LLVMGetElementType(ty);
      size = LLVMABISizeOfType(c->td, ty);
    }
    if (LLVMIsAConstantInt(idx)) {
      k += LLVMConstIntGetSExtValue(idx) * (int64_t)size;
      continue;
    }
    bool vec = LLVMGetTypeKind(LLVMTypeOf(idx)) == LLVMVectorTypeKind;
    LLVMValueRef x = widen(c, LLVMBuildIntCast2(c->b, idx, vec ? ot : c->i32, 1, ""), ot);
    if (size != 1) {
      if ((size & (size - 1)) == 0) {
        unsigned sh = 0;
        while ((1ull << sh) != size) sh++;
        x = LLVMBuildShl(c->b, x, widen(c, LLVMConstInt(c->i32, sh, 0), ot), "");
      } else {
        x = LLVMBuildMul(c->b, x, widen(c, LLVMConstInt(c->i32, size, 0), ot), "");
      }
    }
    acc = LLVMIsNull(acc) ? x : LLVMBuildAdd(c->b, acc, x, "");
  }
  *o = fp_add_const(c, acc, (int64_t)(int32_t)(uint32_t)k, fp_part_name(c, ins, ".off"));
  /* inbounds: the result stays inside the buffer, so adding a positive
   * constant cannot wrap the 32-bit offset */
  if (LLVMIsInBounds(ins) && (int32_t)(uint32_t)k > 0 && LLVMIsAInstruction(*o) && *o != acc) LLVMSetNUW(*o, 1);
}

/* Parts of a p7 value, computing them (before the defining instruction)
 * the first time. */
void fp_parts(fp_ctx *c, LLVMValueRef v, LLVMValueRef *r, LLVMValueRef *o) {
  uint32_t i = ptrmap_get(&c->map, v);
  if (i != UINT32_MAX) {
    *r = c->rsrc[i];
    *o = c->off[i];
    return;
  }
  LLVMTypeRef ot = offset_type(c, LLVMTypeOf(v));
  *r = LLVMGetPoison(c->p8);
  *o = LLVMGetPoison(ot);
  if (c->failed) return;
  if (LLVMIsAConstantPointerNull(v) || LLVMIsAConstantAggregateZero(v)) {
    *r = LLVMConstNull(c->p8);
    *o = LLVMConstNull(ot);
  } else if (is_undef(v)) {
    /* poison parts, set above */
  } else if (LLVMIsAInstruction(v)) {
    LLVMPositionBuilderBefore(c->b, v);
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAddrSpaceCast: {
      LLVMValueRef src = LLVMGetOperand(v, 0);
      if (LLVMGetTypeKind(LLVMTypeOf(src)) != LLVMPointerTypeKind || LLVMGetPointerAddressSpace(LLVMTypeOf(src)) != 8) {
        fp_fail(c, v, "address space cast to a buffer fat pointer (only from ptr addrspace(8))");
        break;
      }
      if (ot != c->i32) {
        fp_fail(c, v, "address space cast of a vector to buffer fat pointers");
        break;
      }
      *r = src;
      *o = LLVMConstNull(c->i32);
      break;
    }
    case LLVMGetElementPtr: split_gep(c, v, r, o); break;
    case LLVMLoad: fp_load_p7(c, v, r, o); break;
    case LLVMPHI:
      *r = LLVMBuildPhi(c->b, c->p8, fp_part_name(c, v, ".rsrc"));
      *o = LLVMBuildPhi(c->b, ot, fp_part_name(c, v, ".off"));
      fp_push(c, &c->phis, &c->nphis, &c->capphis, v);
      break;
    case LLVMSelect: {
      LLVMValueRef cond = LLVMGetOperand(v, 0), tr, to, fr, fo;
      fp_parts(c, LLVMGetOperand(v, 1), &tr, &to);
      fp_parts(c, LLVMGetOperand(v, 2), &fr, &fo);
      LLVMPositionBuilderBefore(c->b, v);
      if (tr != fr && LLVMGetTypeKind(LLVMTypeOf(cond)) == LLVMVectorTypeKind) {
        fp_fail(c, v, "per-element select between fat pointers into different buffers");
        break;
      }
      *r = tr == fr ? tr : LLVMBuildSelect(c->b, cond, tr, fr, fp_part_name(c, v, ".rsrc"));
      *o = LLVMBuildSelect(c->b, cond, to, fo, fp_part_name(c, v, ".off"));
      break;
    }
    case LLVMFreeze: {
      LLVMValueRef xr, xo;
      fp_parts(c, LLVMGetOperand(v, 0), &xr, &xo);
      LLVMPositionBuilderBefore(c->b, v);
      *r = LLVMBuildFreeze(c->b, xr, fp_part_name(c, v, ".rsrc"));
      *o = LLVMBuildFreeze(c->b, xo, fp_part_name(c, v, ".off"));
      break;
    }
    case LLVMExtractElement: case LLVMInsertElement: case LLVMShuffleVector:
      vector_parts(c, v, r, o);
      break;
    case LLVMIntToPtr: {
      /* bits 0..31 the offset, bits 32..63 V# dword 0, the rest 0 */
      LLVMValueRef x = LLVMGetOperand(v, 0);
      unsigned w = LLVMGetTypeKind(LLVMTypeOf(x)) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(LLVMTypeOf(x)) : 0;
      if (!w || w > 64) {
        fp_fail(c, v, "inttoptr to a buffer fat pointer from an integer wider than 64 bits");
        break;
      }
      *o = LLVMBuildZExtOrBitCast(c->b, LLVMBuildTruncOrBitCast(c->b, x, w < 32 ? LLVMTypeOf(x) : c->i32, ""), c->i32,
                                  fp_part_name(c, v, ".off"));
      *r = LLVMConstNull(c->p8);
      if (w > 32) {
        LLVMValueRef hi = LLVMBuildTrunc(c->b, LLVMBuildLShr(c->b, x, LLVMConstInt(LLVMTypeOf(x), 32, 0), ""), c->i32, "");
        LLVMValueRef words = LLVMBuildInsertElement(c->b, LLVMConstNull(LLVMVectorType(c->i32, 4)), hi,
                                                    LLVMConstInt(c->i32, 0, 0), "");
        *r = fp_rsrc_of_words(c, words, fp_part_name(c, v, ".rsrc"));
      }
      break;
    }
    default:
      fp_fail(c, v, "instruction producing a buffer fat pointer");
      break;
    }
    fp_push(c, &c->dead, &c->ndead, &c->capdead, v);
  } else if (LLVMIsAArgument(v)) {
    kernel_arg(c, v, r, o);
  } else {
    fp_fail(c, v, "buffer fat pointer value (constant expressions of type ptr addrspace(7))");
  }
  record(c, v, *r, *o);
}

/* ---- users ---- */

static void rewrite_icmp(fp_ctx *c, LLVMValueRef ins) {
  LLVMValueRef ar, ao, br, bo;
  fp_parts(c, LLVMGetOperand(ins, 0), &ar, &ao);
  fp_parts(c, LLVMGetOperand(ins, 1), &br, &bo);
  LLVMIntPredicate pr = LLVMGetICmpPredicate(ins);
  if (LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMVectorTypeKind && (pr == LLVMIntEQ || pr == LLVMIntNE) && ar != br) {
    fp_fail(c, ins, "vector compare of fat pointers into different buffers");
    return;
  }
  LLVMPositionBuilderBefore(c->b, ins);
  LLVMValueRef res = LLVMBuildICmp(c->b, pr, ao, bo, "");
  if ((pr == LLVMIntEQ || pr == LLVMIntNE) && ar != br) {
    LLVMValueRef rc = LLVMBuildICmp(c->b, pr, ar, br, "");
    res = pr == LLVMIntEQ ? LLVMBuildAnd(c->b, rc, res, "") : LLVMBuildOr(c->b, rc, res, "");
  }
  LLVMReplaceAllUsesWith(ins, res);
  fp_push(c, &c->dead, &c->ndead, &c->capdead, ins);
}

/* A wide ptrtoint whose every user truncates to at most 32 bits: each
 * truncation becomes the offset (truncated). False, changing nothing, for
 * any other use. */
/* The low `it` bits (at most 64) of a fat pointer's i160: the offset in
 * bits 0..31, V# dword 0 (the base address's low half) in bits 32..63. */
static LLVMValueRef low_bits(fp_ctx *c, LLVMValueRef r, LLVMValueRef o, LLVMTypeRef it) {
  unsigned w = LLVMGetIntTypeWidth(it);
  if (w <= 32) return LLVMBuildZExtOrBitCast(c->b, LLVMBuildTruncOrBitCast(c->b, o, LLVMIntTypeInContext(c->ctx, w < 32 ? w : 32), ""), it, "");
  LLVMTypeRef i64 = LLVMInt64TypeInContext(c->ctx);
  LLVMValueRef d0 = LLVMBuildExtractElement(c->b, fp_rsrc_words(c, r), LLVMConstInt(c->i32, 0, 0), "");
  LLVMValueRef hi = LLVMBuildShl(c->b, LLVMBuildZExt(c->b, d0, i64, ""), LLVMConstInt(i64, 32, 0), "");
  LLVMValueRef v = LLVMBuildOr(c->b, hi, LLVMBuildZExt(c->b, o, i64, ""), "");
  return LLVMBuildZExtOrBitCast(c->b, LLVMBuildTruncOrBitCast(c->b, v, LLVMIntTypeInContext(c->ctx, w < 64 ? w : 64), ""), it, "");
}

static bool is_trunc_to(LLVMValueRef t, unsigned max) {
  return LLVMIsATruncInst(t) && LLVMGetTypeKind(LLVMTypeOf(t)) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(LLVMTypeOf(t)) <= max;
}

/* `lshr X, 32k` (k = 0..4) whose users all truncate to 32 bits or less:
 * the i160's 32-bit word k. Returns k, or -1. */
static int word_shift(LLVMValueRef u) {
  if (!LLVMIsAInstruction(u) || LLVMGetInstructionOpcode(u) != LLVMLShr || !LLVMIsAConstantInt(LLVMGetOperand(u, 1)))
    return -1;
  uint64_t sh = LLVMConstIntGetZExtValue(LLVMGetOperand(u, 1));
  if (sh % 32 || sh > 128) return -1;
  for (LLVMUseRef x = LLVMGetFirstUse(u); x; x = LLVMGetNextUse(x))
    if (!is_trunc_to(LLVMGetUser(x), 32)) return -1;
  return (int)(sh / 32);
}

/* Replaces every (trunc) user of `v` by word k of the i160 (0: the
 * offset, 1..4: the V# dwords), truncated; erases them. */
static void replace_truncs(fp_ctx *c, LLVMValueRef v, LLVMValueRef r, LLVMValueRef o, int k) {
  while (LLVMGetFirstUse(v)) {
    LLVMValueRef t = LLVMGetUser(LLVMGetFirstUse(v));
    LLVMPositionBuilderBefore(c->b, t);
    LLVMValueRef x = k == 0 ? o : LLVMBuildExtractElement(c->b, fp_rsrc_words(c, r), LLVMConstInt(c->i32, (unsigned)k - 1, 0), "");
    LLVMReplaceAllUsesWith(t, LLVMBuildTruncOrBitCast(c->b, x, LLVMTypeOf(t), ""));
    LLVMInstructionEraseFromParent(t);
  }
}

/* A ptrtoint to i160 (instcombine's form of narrower ones) whose users
 * all take low bits (trunc to 64 bits or less) or one 32-bit word (lshr by
 * a multiple of 32, then trunc): those become the offset / V# dwords.
 * False, changing nothing, for any other use. */
static bool ptrtoint_truncs(fp_ctx *c, LLVMValueRef ins) {
  for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u))
    if (!is_trunc_to(LLVMGetUser(u), 64) && word_shift(LLVMGetUser(u)) < 0) return false;
  LLVMValueRef r, o;
  fp_parts(c, LLVMGetOperand(ins, 0), &r, &o);
  while (LLVMGetFirstUse(ins)) {
    LLVMValueRef u = LLVMGetUser(LLVMGetFirstUse(ins));
    if (LLVMIsATruncInst(u)) {
      LLVMPositionBuilderBefore(c->b, u);
      LLVMReplaceAllUsesWith(u, low_bits(c, r, o, LLVMTypeOf(u)));
    } else {
      replace_truncs(c, u, r, o, word_shift(u));
    }
    LLVMInstructionEraseFromParent(u);
  }
  return true;
}

static void rewrite_user(fp_ctx *c, LLVMValueRef ins) {
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  if (op == LLVMLoad && fp_is_p7(LLVMTypeOf(LLVMGetOperand(ins, 0))) && !fp_has_p7(LLVMTypeOf(ins))) {
    fp_rewrite_load(c, ins);
  } else if (op == LLVMStore && fp_is_p7(LLVMTypeOf(LLVMGetOperand(ins, 1))) && !fp_has_p7(LLVMTypeOf(LLVMGetOperand(ins, 0)))) {
    fp_rewrite_store(c, ins);
  } else if ((op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg) && fp_is_p7(LLVMTypeOf(LLVMGetOperand(ins, 0))) &&
             !fp_has_p7(LLVMTypeOf(LLVMGetOperand(ins, 1)))) {
    fp_rewrite_atomic(c, ins);
  } else if (op == LLVMICmp) {
    /* after fill_phis, which may fold resource phis into one value */
    fp_push(c, &c->icmps, &c->nicmps, &c->capicmps, ins);
    return;
  } else if (op == LLVMPtrToInt && LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMVectorTypeKind &&
             LLVMGetIntTypeWidth(LLVMGetElementType(LLVMTypeOf(ins))) <= 32) {
    LLVMValueRef r, o;
    fp_parts(c, LLVMGetOperand(ins, 0), &r, &o);
    LLVMPositionBuilderBefore(c->b, ins);
    LLVMReplaceAllUsesWith(ins, LLVMBuildZExtOrBitCast(c->b, o, LLVMTypeOf(ins), ""));
  } else if (op == LLVMPtrToInt && LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMIntegerTypeKind &&
             LLVMGetIntTypeWidth(LLVMTypeOf(ins)) <= 64) {
    LLVMValueRef r, o;
    fp_parts(c, LLVMGetOperand(ins, 0), &r, &o);
    LLVMPositionBuilderBefore(c->b, ins);
    LLVMReplaceAllUsesWith(ins, low_bits(c, r, o, LLVMTypeOf(ins)));
  } else if (op == LLVMPtrToInt && ptrtoint_truncs(c, ins)) {
    /* ptrtoint to i160 (instcombine's form) whose users all truncate to
     * 32 bits or less: those truncations are the offset */
  } else if (op == LLVMStore && fp_is_p7(LLVMTypeOf(LLVMGetOperand(ins, 0)))) {
    fp_store_p7(c, ins);
  } else if (op == LLVMLoad || op == LLVMStore) {
    fp_fail(c, ins, "aggregate or vector of buffer fat pointers stored to or loaded from memory");
    return;
  } else {
    fp_fail(c, ins, "use of a buffer fat pointer");
    return;
  }
  fp_push(c, &c->dead, &c->ndead, &c->capdead, ins);
}

/* ---- phis ---- */

/* The single value a phi merges apart from itself, or NULL. Undef
 * incomings are ignored only next to a constant or argument (which
 * dominates everything). */
static LLVMValueRef trivial_value(LLVMValueRef phi) {
  LLVMValueRef same = NULL;
  bool saw_undef = false;
  for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
    LLVMValueRef v = LLVMGetIncomingValue(phi, i);
    if (v == phi || v == same) continue;
    if (is_undef(v)) {
      saw_undef = true;
      continue;
    }
    if (same) return NULL;
    same = v;
  }
  if (same && saw_undef && LLVMIsAInstruction(same)) return NULL;
  return same;
}

static void fill_phis(fp_ctx *c) {
  for (uint32_t i = 0; i < c->nphis && !c->failed; i++) {
    LLVMValueRef old = c->phis[i];
    uint32_t k = ptrmap_get(&c->map, old);
    for (unsigned j = 0; j < LLVMCountIncoming(old); j++) {
      LLVMValueRef r, o;
      LLVMBasicBlockRef bb = LLVMGetIncomingBlock(old, j);
      fp_parts(c, LLVMGetIncomingValue(old, j), &r, &o);
      LLVMAddIncoming(c->rsrc[k], &r, &bb, 1);
      LLVMAddIncoming(c->off[k], &o, &bb, 1);
    }
  }
  /* fold phis that merge one value (repeat: folding one can make another
   * trivial, as in loops) */
  for (bool changed = true; changed && !c->failed;) {
    changed = false;
    for (uint32_t i = 0; i < c->nphis; i++) {
      uint32_t k = ptrmap_get(&c->map, c->phis[i]);
      LLVMValueRef *slots[2] = {&c->rsrc[k], &c->off[k]};
      for (int s = 0; s < 2; s++) {
        LLVMValueRef p = *slots[s];
        if (!LLVMIsAPHINode(p)) continue;
        LLVMValueRef v = trivial_value(p);
        if (!v) continue;
        LLVMReplaceAllUsesWith(p, v);
        for (uint32_t q = 0; q < c->n; q++) {
          if (c->rsrc[q] == p) c->rsrc[q] = v;
          if (c->off[q] == p) c->off[q] = v;
        }
        LLVMInstructionEraseFromParent(p);
        changed = true;
      }
    }
  }
}

/* ---- driver ---- */

/* Split aggregate loads (and cmpxchg results) are insertvalue chains,
 * which the selector does not take: extractvalues of them become the
 * member, and chains left without uses are erased. */
static void fold_aggregates(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;) {
      LLVMValueRef next = LLVMGetNextInstruction(i);
      LLVMValueRef m = LLVMIsAExtractValueInst(i) ? fp_member(LLVMGetOperand(i, 0), LLVMGetIndices(i), LLVMGetNumIndices(i)) : NULL;
      if (m) {
        LLVMReplaceAllUsesWith(i, m);
        LLVMInstructionEraseFromParent(i);
      }
      i = next;
    }
  for (bool changed = true; changed;) {
    changed = false;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;) {
        LLVMValueRef next = LLVMGetNextInstruction(i);
        if (LLVMIsAInsertValueInst(i) && !LLVMGetFirstUse(i)) {
          LLVMInstructionEraseFromParent(i);
          changed = true;
        }
        i = next;
      }
  }
}

static bool touches_p7(LLVMValueRef ins) {
  if (fp_has_p7(LLVMTypeOf(ins)) || fp_is_rsrc_memop(ins)) return true;
  int n = LLVMGetNumOperands(ins);
  for (int i = 0; i < n; i++) {
    LLVMValueRef o = LLVMGetOperand(ins, i);
    if (o && !LLVMIsABasicBlock(o) && fp_has_p7(LLVMTypeOf(o))) return true;
  }
  return false;
}

static void lower_function(fp_ctx *c, LLVMValueRef fn) {
  c->fn = fn;
  size_t len;
  const char *name = LLVMGetValueName2(fn, &len);
  c->fname = arena_strndup(&c->mem, name, len);
  c->n = c->ndead = c->nphis = c->nicmps = 0;
  ptrmap_init(&c->map, &c->mem, 64);
  for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a))
    if (fp_has_p7(LLVMTypeOf(a)) && !fp_is_p7(LLVMTypeOf(a))) {
      diag_error(c->d, c->fname, "unsupported kernel argument containing buffer fat pointers (vector or aggregate)");
      c->failed = true;
      return;
    }
  /* snapshot: the rewrite inserts instructions */
  LLVMValueRef *work = NULL;
  uint32_t nw = 0, capw = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins))
      if (touches_p7(ins)) fp_push(c, &work, &nw, &capw, ins);
  for (uint32_t i = 0; i < nw && !c->failed; i++) {
    LLVMValueRef ins = work[i];
    if (is_p7v(LLVMTypeOf(ins))) {
      LLVMValueRef r, o;
      fp_parts(c, ins, &r, &o);
    } else if (fp_has_p7(LLVMTypeOf(ins))) {
      fp_fail(c, ins, "value containing buffer fat pointers (aggregates of ptr addrspace(7))");
    } else if (fp_is_rsrc_memop(ins) && !fp_has_p7(LLVMTypeOf(LLVMGetOperand(ins, 0)))) {
      fp_rewrite_rsrc_memop(c, ins);
      fp_push(c, &c->dead, &c->ndead, &c->capdead, ins);
    } else {
      rewrite_user(c, ins);
    }
  }
  if (!c->failed) fill_phis(c);
  for (uint32_t i = 0; i < c->nicmps && !c->failed; i++) rewrite_icmp(c, c->icmps[i]);
  if (c->failed) return;
  for (uint32_t i = 0; i < c->ndead; i++)
    if (LLVMGetTypeKind(LLVMTypeOf(c->dead[i])) != LLVMVoidTypeKind)
      LLVMReplaceAllUsesWith(c->dead[i], LLVMGetPoison(LLVMTypeOf(c->dead[i])));
  for (uint32_t i = 0; i < c->ndead; i++) LLVMInstructionEraseFromParent(c->dead[i]);
  fold_aggregates(fn);
}

bool fp_skipped_function(LLVMValueRef f) {
  if (LLVMGetFunctionCallConv(f) == LLVMAMDGPUKERNELCallConv) return false;
  for (LLVMValueRef a = LLVMGetFirstParam(f); a; a = LLVMGetNextParam(a))
    if (fp_has_p7(LLVMTypeOf(a))) return true;
  return false;
}

int wir_lower_buffer_fat_pointers(LLVMModuleRef mod, diag *d) {
  fp_ctx c = {0};
  c.mod = mod;
  c.ctx = LLVMGetModuleContext(mod);
  c.td = LLVMGetModuleDataLayout(mod);
  c.d = d;
  c.p8 = LLVMPointerTypeInContext(c.ctx, 8);
  c.i32 = LLVMInt32TypeInContext(c.ctx);
  c.i8 = LLVMInt8TypeInContext(c.ctx);
  arena_init(&c.mem);
  c.b = LLVMCreateBuilderInContext(c.ctx);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && !c.failed; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && !fp_skipped_function(f)) lower_function(&c, f);
  LLVMDisposeBuilder(c.b);
  arena_free(&c.mem);
  return c.failed ? -1 : 0;
}
