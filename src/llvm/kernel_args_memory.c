/* IR pass: kernel arguments the selector cannot take from SGPRs directly
 * (aggregates, vectors of i1, odd-width or >64-bit integers) become loads
 * from the kernarg segment, as llc-19's AMDGPULowerKernelArguments makes
 * every argument a load from llvm.amdgcn.kernarg.segment.ptr. The bytes
 * are the argument's in-memory form (LLVM's store layout: vectors of
 * sub-byte elements bit-packed, structs with their padding), which is what
 * the runtime copies there by the metadata's offset and size. The later
 * IR passes (lower-bool-vectors, widen-odd-integers, expand-wide-integers)
 * lower the loads; aggregates the selector reads member by member. */
#include "llvm/kernel_args_memory.h"

#include "llvm/ir_bits.h"

#include <llvm-c/Target.h>
#include <stdbool.h>
#include <string.h>

/* Whether isel_abi.c cannot load an argument of type t itself. */
static bool needs_memory(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind) return true;
  if (k != LLVMVectorTypeKind) return false;
  LLVMTypeRef e = LLVMGetElementType(t);
  if (LLVMGetTypeKind(e) != LLVMIntegerTypeKind) return false;
  unsigned w = LLVMGetIntTypeWidth(e);
  /* vectors of i65..i128: expand-wide-integers takes scalars only */
  return w != 8 && w != 16 && w != 32 && w < 64;
}

/* The type of argument i's byref attribute (NULL: none); *al its alignment
 * raised to the argument's `align` (isel_abi.c byref_type). */
static LLVMTypeRef byref_of(LLVMValueRef fn, unsigned i, LLVMTargetDataRef td, unsigned *al) {
  LLVMAttributeRef br = LLVMGetEnumAttributeAtIndex(fn, i + 1, LLVMGetEnumAttributeKindForName("byref", 5));
  if (!br) return NULL;
  LLVMTypeRef t = LLVMGetTypeAttributeValue(br);
  LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(fn, i + 1, LLVMGetEnumAttributeKindForName("align", 5));
  *al = LLVMABIAlignmentOfType(td, t);
  if (a && LLVMGetEnumAttributeValue(a) > *al) *al = (unsigned)LLVMGetEnumAttributeValue(a);
  return t;
}

/* The alignment known at `rel` bytes past an address aligned to al. */
static unsigned align_at(unsigned al, unsigned rel) {
  while (rel % al) al /= 2;
  return al;
}

/* A value of type t read from kernarg + off (bytes; `al` the alignment
 * known there): one load where the selector's passes take it, else
 * piecewise: struct members and array elements at their layout offsets,
 * vectors of wide integers element by element, vectors of odd-width
 * integers as one integer of their store size split by shifts (LLVM's
 * bit-packed vector layout, element 0 in the low bits). */
static LLVMValueRef load_typed(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef kp, unsigned off, LLVMTypeRef t,
                               unsigned al) {
  LLVMContextRef ctx = LLVMGetTypeContext(t);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  LLVMValueRef v = LLVMGetUndef(t);
  if (k == LLVMStructTypeKind) {
    for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++) {
      LLVMTypeRef et = LLVMStructGetTypeAtIndex(t, i);
      unsigned eo = off + (unsigned)LLVMOffsetOfElement(td, t, i);
      v = LLVMBuildInsertValue(b, v, load_typed(b, td, kp, eo, et, align_at(al, eo - off)), i, "");
    }
    return v;
  }
  if (k == LLVMArrayTypeKind) {
    LLVMTypeRef et = LLVMGetElementType(t);
    unsigned stride = (unsigned)LLVMABISizeOfType(td, et);
    for (unsigned i = 0; i < LLVMGetArrayLength2(t); i++) {
      unsigned eo = off + i * stride;
      v = LLVMBuildInsertValue(b, v, load_typed(b, td, kp, eo, et, align_at(al, eo - off)), i, "");
    }
    return v;
  }
  unsigned w = k == LLVMVectorTypeKind && LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMIntegerTypeKind
                   ? LLVMGetIntTypeWidth(LLVMGetElementType(t))
                   : 0;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  if (w > 64 && w % 8 == 0) { /* (vectors of i128 stay unsupported: needs_memory) */
    LLVMTypeRef et = LLVMGetElementType(t);
    for (unsigned i = 0; i < LLVMGetVectorSize(t); i++) {
      unsigned eo = off + i * w / 8;
      v = LLVMBuildInsertElement(b, v, load_typed(b, td, kp, eo, et, align_at(al, eo - off)), LLVMConstInt(i32, i, 0),
                                 "");
    }
    return v;
  }
  bool odd = w > 1 && w != 8 && w != 16 && w != 32 && w != 64;
  unsigned sz = (unsigned)(odd ? LLVMABISizeOfType(td, t) : LLVMStoreSizeOfType(td, t));
  if (sz < 4 && (off & 3) + sz <= 4 && (k == LLVMIntegerTypeKind || w)) {
    /* bytes inside one dword: load the dword and shift, as LLVM's
     * AMDGPULowerKernelArguments does for arguments under 4 bytes (the
     * segment is 16-byte aligned there: KernArgBaseAlign). A 1- or
     * 2-byte load at an odd offset is not an s_load_dword: it would be a
     * VMEM byte load, hundreds of cycles before the first use. */
    LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(ctx), off & ~3u, 0);
    LLVMValueRef word = LLVMBuildLoad2(b, i32, LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), kp, &idx, 1, ""), "");
    LLVMSetAlignment(word, 4);
    if (off & 3) word = LLVMBuildLShr(b, word, LLVMConstInt(i32, 8 * (off & 3), 0), "");
    if (k == LLVMVectorTypeKind) return wir_unpack_vector(b, word, t);
    return LLVMBuildTrunc(b, word, t, "");
  }
  LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(ctx), off, 0);
  LLVMValueRef p = LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), kp, &idx, 1, "");
  if (w > 1 && w != 8 && w != 16 && w != 32 && w != 64) {
    /* the whole slot (alloc size: 8 bytes for <3 x i15>), not an odd
     * i48, which constant-memory loads do not take */
    LLVMTypeRef it = LLVMIntTypeInContext(ctx, 8 * (unsigned)LLVMABISizeOfType(td, t));
    LLVMValueRef all = LLVMBuildLoad2(b, it, p, "");
    LLVMSetAlignment(all, al < 4 ? al : 4);
    return wir_unpack_vector(b, all, t);
  }
  v = LLVMBuildLoad2(b, t, p, "");
  LLVMSetAlignment(v, al);
  return v;
}

static int rewrite_kernel(LLVMModuleRef mod, LLVMValueRef fn, LLVMTargetDataRef td, LLVMBuilderRef b) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMValueRef kp = NULL;
  int n = 0;
  unsigned off = 0, i = 0;
  for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a), i++) {
    LLVMTypeRef t = LLVMTypeOf(a);
    unsigned al = LLVMABIAlignmentOfType(td, t);
    LLVMTypeRef bt = byref_of(fn, i, td, &al);
    off = (off + al - 1) & ~(al - 1);
    unsigned aoff = off;
    off += (unsigned)LLVMABISizeOfType(td, bt ? bt : t);
    if (!LLVMGetFirstUse(a) || (!bt && !needs_memory(t))) continue;
    if (!kp) {
      LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn)));
      unsigned id = LLVMLookupIntrinsicID("llvm.amdgcn.kernarg.segment.ptr", 31);
      kp = LLVMBuildCall2(b, LLVMIntrinsicGetType(ctx, id, NULL, 0), LLVMGetIntrinsicDeclaration(mod, id, NULL, 0), NULL,
                          0, "kernarg");
    }
    if (bt) {
      /* a byref argument is the address of its bytes, kernarg + aoff: as
       * a constant offset from the segment pointer its loads become
       * s_load with the offset folded, merged with the other arguments'
       * (the selector's own kernarg + aoff was an s_add_u32 pair and a
       * separate base) */
      LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(ctx), aoff, 0);
      LLVMReplaceAllUsesWith(a, LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), kp, &idx, 1, ""));
      n++;
      continue;
    }
    LLVMReplaceAllUsesWith(a, load_typed(b, td, kp, aoff, t, al));
    n++;
  }
  return n;
}

int wir_kernel_args_memory(LLVMModuleRef mod) {
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && LLVMGetFunctionCallConv(f) == LLVMAMDGPUKERNELCallConv) n += rewrite_kernel(mod, f, td, b);
  LLVMDisposeBuilder(b);
  LLVMDisposeTargetData(td);
  return n;
}
