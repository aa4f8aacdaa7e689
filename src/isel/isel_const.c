/* Instruction selection: the widths of LLVM types and the bits of LLVM
 * constants, for every selector (no calls back into them). Scalar and vector
 * constants, undef/poison (0), and the constant expressions selection
 * takes: bitcasts between element widths, getelementptr offsets on null,
 * inttoptr and LDS bases, ptrtoint of LDS variables (their group-segment
 * offsets) and of fixed addresses (LangRef "Constant Expressions",
 * "getelementptr"). Global variables' addresses are not known bits: the
 * code isel_data.c emits computes them from the program counter. */
#include <string.h>

#include <llvm-c/Target.h>

#include "isel/isel_internal.h"
#include "llvm/ir_bits.h"

/* ---- types ---- */

unsigned isel_type_bits(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMFloatTypeKind: return 32;
  case LLVMHalfTypeKind: case LLVMBFloatTypeKind: return 16;
  case LLVMDoubleTypeKind: return 64;
  case LLVMPointerTypeKind: {
    unsigned as = LLVMGetPointerAddressSpace(t);
    return (as == 3 || as == 5 || as == 2 || as == 6) ? 32 : (as == 7 ? 160 : (as == 8 ? 128 : 64));
  }
  case LLVMVectorTypeKind: return isel_type_bits(LLVMGetElementType(t));
  default: return 0;
  }
}

unsigned isel_num_comps(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
}

LLVMTypeRef isel_scalar_type(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

/* ---- constants ---- */

/* LDS address (byte offset) of a constant expression rooted at an
 * addrspace(3) global; false if it is something else. */
bool isel_const_lds_address(isel_ctx *c, LLVMValueRef v, uint32_t *out) {
  if (LLVMIsAGlobalVariable(v)) {
    uint32_t off = ptrmap_get(&c->lds_globals, v);
    if (off == UINT32_MAX) return false;
    *out = off;
    return true;
  }
  if (!LLVMIsAConstantExpr(v)) return false;
  LLVMOpcode op = LLVMGetConstOpcode(v);
  if (op == LLVMBitCast || op == LLVMAddrSpaceCast) return isel_const_lds_address(c, LLVMGetOperand(v, 0), out);
  if (op != LLVMGetElementPtr) return false;
  uint32_t base;
  int64_t off;
  if (!isel_const_lds_address(c, LLVMGetOperand(v, 0), &base) || !wir_const_gep_offset(c->td, v, &off)) return false;
  *out = (uint32_t)(base + off);
  return true;
}

/* Bits of a scalar constant (low 64). Returns false if not a constant
 * wavecc can encode. */
bool isel_fp_const_bits(LLVMValueRef k, uint64_t *bits) {
  unsigned w;
  switch (LLVMGetTypeKind(LLVMTypeOf(k))) {
  case LLVMHalfTypeKind: case LLVMBFloatTypeKind: w = 16; break;
  case LLVMFloatTypeKind: w = 32; break;
  case LLVMDoubleTypeKind: w = 64; break;
  default: return false;
  }
  /* The constant folder's bitcast is APFloat::bitcastToAPInt: exact. */
  LLVMValueRef i = LLVMConstBitCast(k, LLVMIntTypeInContext(LLVMGetTypeContext(LLVMTypeOf(k)), w));
  if (!LLVMIsAConstantInt(i)) return false;
  *bits = LLVMConstIntGetZExtValue(i);
  return true;
}

static bool const_bits(isel_ctx *c, LLVMValueRef v, uint64_t *bits) {
  if (LLVMIsUndef(v) || LLVMIsPoison(v) || LLVMIsAConstantAggregateZero(v) || LLVMIsAConstantPointerNull(v)) {
    *bits = 0;
    return true;
  }
  if (LLVMIsAConstantInt(v)) {
    *bits = (uint64_t)LLVMConstIntGetSExtValue(v);
    if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1) *bits &= 1;
    return true;
  }
  if (LLVMIsAConstantFP(v)) return isel_fp_const_bits(v, bits);
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMIntToPtr && LLVMIsAConstantInt(LLVMGetOperand(v, 0))) {
    /* a fixed address (`inttoptr (i32 16 to ptr addrspace(3))`): the
     * integer, truncated or zero-extended to the pointer's width */
    unsigned pb = isel_type_bits(LLVMTypeOf(v));
    if (pb > 64) return false; /* buffer resources and fat pointers */
    *bits = LLVMConstIntGetZExtValue(LLVMGetOperand(v, 0));
    if (pb < 64) *bits &= (1ull << pb) - 1;
    return true;
  }
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMAddrSpaceCast && LLVMIsNull(LLVMGetOperand(v, 0)) &&
      LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind &&
      LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(v, 0))) == 0) {
    /* the generic null cast to LDS or private (infer-address-spaces
     * writes `icmp eq ptr %x, null` so): the segment null 0xffffffff
     * (AMDGPUUsage "Address Spaces"), as llc-19 lowers the cast; to
     * global or constant memory: 0 */
    unsigned ta = LLVMGetPointerAddressSpace(LLVMTypeOf(v));
    if (ta == 3 || ta == 5) { *bits = 0xffffffffu; return true; }
    if (ta == 1 || ta == 4) { *bits = 0; return true; }
    return false;
  }
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr &&
      LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(LLVMTypeOf(v)) != 3) {
    /* a GEP on a fixed address (`getelementptr (i8, ptr addrspace(1)
     * null, i32 2)`, widen-smrd-loads.ll): the base's bits plus the
     * offset, wrapped to the pointer's width (LangRef: a GEP without
     * inbounds wraps); LDS pointers are handled below, with their globals */
    unsigned pb = isel_type_bits(LLVMTypeOf(v));
    uint64_t base;
    int64_t off;
    if (pb > 64 || !wir_const_gep_offset(c->td, v, &off) || !const_bits(c, LLVMGetOperand(v, 0), &base)) return false;
    *bits = base + (uint64_t)off;
    if (pb < 64) *bits &= (1ull << pb) - 1;
    return true;
  }
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMPtrToInt) {
    /* ptrtoint of a pointer with known bits (an LDS variable's address,
     * `ptrtoint (ptr addrspace(3) @lds to i32)`, a fixed address): those
     * bits, truncated or zero-extended to the integer (LangRef "ptrtoint") */
    LLVMValueRef p = LLVMGetOperand(v, 0);
    unsigned w = isel_type_bits(LLVMTypeOf(v)), pb = isel_type_bits(LLVMTypeOf(p));
    if (w > 64 || pb > 64 || LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind || !const_bits(c, p, bits)) return false;
    if (pb < 64) *bits &= (1ull << pb) - 1;
    if (w < 64) *bits &= (1ull << w) - 1;
    return true;
  }
  if (LLVMIsAConstantExpr(v) && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind) {
    /* the integer operations LLVM 19 keeps as constant expressions (add,
     * sub, mul, xor; LangRef "Constant Expressions") on operands with
     * known bits, e.g. `add (ptrtoint (gep (i8, ptr addrspace(5) null,
     * i32 4)) to i32), 1)` that -O1 leaves: computed in 64 bits, wrapped
     * to the type's width */
    LLVMOpcode op = LLVMGetConstOpcode(v);
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    uint64_t a, b;
    if (w > 64 || (op != LLVMAdd && op != LLVMSub && op != LLVMMul && op != LLVMXor) ||
        !const_bits(c, LLVMGetOperand(v, 0), &a) || !const_bits(c, LLVMGetOperand(v, 1), &b))
      return false;
    switch (op) {
    case LLVMAdd: *bits = a + b; break;
    case LLVMSub: *bits = a - b; break;
    case LLVMMul: *bits = a * b; break;
    default: *bits = a ^ b; break;
    }
    if (w < 64) *bits &= (1ull << w) - 1;
    return true;
  }
  uint32_t off;
  /* only as an LDS pointer: a generic pointer to LDS needs the aperture */
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == 3 &&
      isel_const_lds_address(c, v, &off)) {
    *bits = off;
    return true;
  }
  return false;
}

static bool component_bits(isel_ctx *c, LLVMValueRef v, unsigned comp, uint64_t *bits);

/* Bits of an integer or floating-point (vector) element type; 0 for
 * others (pointers: a bitcast between them changes no bits and keeps the
 * element count, which the constant folder has already removed). */
static unsigned elem_bits(LLVMTypeRef t) {
  t = isel_scalar_type(t);
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind ? 0 : isel_type_bits(t);
}

/* Component comp of `bitcast (src to T)`, a constant expression the IR
 * constant folder keeps without a DataLayout (one that changes the element
 * count, e.g. <8 x i32> to <4 x i64>; wavecc -O0 does not fold it):
 * LangRef "bitcast .. to": the bits of the whole value unchanged, vector
 * element 0 in the low bits (little-endian), so element comp of T is bits
 * [comp * w, comp * w + w) of src's elements laid end to end. */
static bool bitcast_bits(isel_ctx *c, LLVMValueRef v, unsigned comp, uint64_t *bits) {
  LLVMValueRef src = LLVMGetOperand(v, 0);
  unsigned dw = elem_bits(LLVMTypeOf(v)), sw = elem_bits(LLVMTypeOf(src));
  if (!dw || !sw || dw > 64 || sw > 64) return false;
  uint64_t lo = (uint64_t)comp * dw, r = 0;
  for (uint64_t j = lo / sw; j * sw < lo + dw; j++) {
    uint64_t b;
    if (!component_bits(c, src, (unsigned)j, &b)) return false;
    if (sw < 64) b &= (1ull << sw) - 1;
    /* source element j holds bits [j * sw, j * sw + sw) of the value */
    int64_t at = (int64_t)(j * sw) - (int64_t)lo; /* where its bit 0 lands in the result */
    r |= at >= 0 ? (at < 64 ? b << at : 0) : b >> -at;
  }
  *bits = dw < 64 ? r & ((1ull << dw) - 1) : r;
  return true;
}

/* The bit pattern of component comp of constant v (a vector's element,
 * else v itself); false when it is of a kind selection does not take. */
static bool component_bits(isel_ctx *c, LLVMValueRef v, unsigned comp, uint64_t *bits) {
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMBitCast) return bitcast_bits(c, v, comp, bits);
  /* extractelement (C, k) with a constant index, e.g. the elements of
   * `<16 x i8> <i8 extractelement (<2 x i8> bitcast (<1 x i16> ..)), ..>`
   * that llvm-stress programs keep at -O0 (-O1 and above fold them):
   * element k of C; an index past the end is poison, here 0 */
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMExtractElement &&
      LLVMIsAConstantInt(LLVMGetOperand(v, 1))) {
    LLVMValueRef vec = LLVMGetOperand(v, 0);
    unsigned long long k = LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1));
    if (k >= LLVMGetVectorSize(LLVMTypeOf(vec))) {
      *bits = 0;
      return true;
    }
    return component_bits(c, vec, (unsigned)k, bits);
  }
  /* trunc (C to iN): C's low N bits (llvm-stress seed 41307 at -O1:
   * `i1 trunc (i8 extractelement (...) to i1)`) */
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMTrunc) {
    unsigned w = isel_type_bits(isel_scalar_type(LLVMTypeOf(v)));
    if (!component_bits(c, LLVMGetOperand(v, 0), comp, bits)) return false;
    if (w < 64) *bits &= (1ull << w) - 1;
    return true;
  }
  LLVMValueRef e = v;
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind && !LLVMIsUndef(v) && !LLVMIsPoison(v) &&
      !LLVMIsAConstantAggregateZero(v))
    e = LLVMGetAggregateElement(v, comp);
  if (e && e != v && LLVMIsAConstantExpr(e)) return component_bits(c, e, 0, bits);
  return e && const_bits(c, e, bits);
}

/* Component comp of the constant v as its width in bits (*w) and bit
 * pattern; false when the constant is of a kind selection does not take
 * (the caller reports it). */
bool isel_const_component(isel_ctx *c, LLVMValueRef v, unsigned comp, unsigned *w, uint64_t *bits) {
  *w = isel_type_bits(isel_scalar_type(LLVMTypeOf(v)));
  return component_bits(c, v, comp, bits);
}
