/* First-class aggregates (struct and array values): as clang passes
 * small structs to and from functions for amdgcn ("[2 x i32] %p",
 * "ret %struct.S %s"), built by insertvalue and taken apart by
 * extractvalue.
 *
 * An aggregate value is held as its scalars in order, one component each
 * (a member vector contributes its elements), like a vector's elements:
 * component k of a struct { i32, [2 x float], i64 } is the i32 (k = 0),
 * the floats (1, 2), the i64 (3). At most ISEL_AGG_MAX_SCALARS; i1 and
 * vectors of 8- or 16-bit elements inside aggregates are not supported
 * (llc packs the latter two to a dword; a clear error rather than a
 * different layout). The calling convention passes the scalars in order,
 * 64-bit ones as two dwords (isel_calls.c), as llc splits an aggregate
 * into its members.
 */
#include <string.h>

#include "isel/isel_internal.h"

static bool is_aggregate(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMStructTypeKind || k == LLVMArrayTypeKind;
}

/* Appends the scalar types of t to out (at most max); false when too many
 * or one cannot be held. */
static bool leaves(LLVMTypeRef t, LLVMTypeRef *out, unsigned *n, unsigned max) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind: {
    unsigned m = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < m; i++)
      if (!leaves(LLVMStructGetTypeAtIndex(t, i), out, n, max)) return false;
    return true;
  }
  case LLVMArrayTypeKind: {
    unsigned m = LLVMGetArrayLength(t);
    for (unsigned i = 0; i < m; i++)
      if (!leaves(LLVMGetElementType(t), out, n, max)) return false;
    return true;
  }
  case LLVMVectorTypeKind: {
    LLVMTypeRef e = LLVMGetElementType(t);
    if (isel_type_bits(e) < 32) return false;
    unsigned m = LLVMGetVectorSize(t);
    for (unsigned i = 0; i < m; i++)
      if (!leaves(e, out, n, max)) return false;
    return true;
  }
  default: {
    unsigned b = isel_type_bits(t);
    if (b != 8 && b != 16 && b != 32 && b != 64) return false;
    if (*n >= max) return false;
    out[(*n)++] = t;
    return true;
  }
  }
}

unsigned isel_agg_scalars(LLVMTypeRef t, LLVMTypeRef *types) {
  LLVMTypeRef tmp[ISEL_AGG_MAX_SCALARS];
  unsigned n = 0;
  if (!is_aggregate(t) || !leaves(t, types ? types : tmp, &n, ISEL_AGG_MAX_SCALARS)) return 0;
  return n;
}

/* Number of scalars of type t counted as isel_agg_scalars does (1 for a
 * scalar, the elements of a vector). */
static unsigned count(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMVectorTypeKind) return LLVMGetVectorSize(t);
  if (k == LLVMStructTypeKind) {
    unsigned s = 0, m = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < m; i++) s += count(LLVMStructGetTypeAtIndex(t, i));
    return s;
  }
  if (k == LLVMArrayTypeKind) return LLVMGetArrayLength(t) * count(LLVMGetElementType(t));
  return 1;
}

/* The first component and type of the member that the indices of an
 * extractvalue/insertvalue name in aggregate type t. */
static unsigned member_offset(LLVMTypeRef t, const unsigned *idx, unsigned nidx, LLVMTypeRef *member) {
  unsigned off = 0;
  for (unsigned d = 0; d < nidx; d++) {
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
      for (unsigned i = 0; i < idx[d]; i++) off += count(LLVMStructGetTypeAtIndex(t, i));
      t = LLVMStructGetTypeAtIndex(t, idx[d]);
    } else {
      t = LLVMGetElementType(t);
      off += idx[d] * count(t);
    }
  }
  *member = t;
  return off;
}

/* Component k of aggregate or vector value v as a temporary (constants
 * materialised). */
static mir_temp comp(isel_ctx *c, LLVMValueRef v, unsigned k, LLVMTypeRef st, bool div) {
  mir_operand o;
  if (LLVMIsAConstant(v) && is_aggregate(LLVMTypeOf(v))) {
    /* walk down to the scalar constant */
    LLVMValueRef e = v;
    LLVMTypeRef t = LLVMTypeOf(v);
    while (is_aggregate(t) || LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
      unsigned n = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMCountStructElementTypes(t)
                   : LLVMGetTypeKind(t) == LLVMArrayTypeKind ? LLVMGetArrayLength(t) : LLVMGetVectorSize(t);
      unsigned i = 0;
      for (; i < n; i++) {
        LLVMTypeRef mt = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i) : LLVMGetElementType(t);
        unsigned m = count(mt);
        if (k < m) {
          e = LLVMGetAggregateElement(e, i);
          t = mt;
          break;
        }
        k -= m;
      }
      if (!e || i == n) {
        isel_unsupported(c, v, "aggregate constant");
        return isel_to_vgpr(c, mir_op_const(0), 1);
      }
    }
    o = isel_get(c, e, 0);
  } else {
    o = isel_get(c, v, k);
  }
  if (o.kind == MIR_OPND_TEMP) return o.temp;
  return isel_as_temp(c, o, div, isel_type_bits(st) > 32 ? 2 : 1);
}

bool isel_extract_value(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef A = LLVMGetOperand(ins, 0);
  LLVMTypeRef at = LLVMTypeOf(A), member;
  LLVMTypeRef st[ISEL_AGG_MAX_SCALARS];
  unsigned n = isel_agg_scalars(at, st);
  if (!n) {
    /* structs holding i1 (cmpxchg, *.with.overflow): one component per member */
    if (LLVMGetNumIndices(ins) != 1) return false;
    unsigned idx = LLVMGetIndices(ins)[0];
    uint32_t vi = ptrmap_get(&c->vmap, A);
    if (vi == UINT32_MAX || idx >= c->vals[vi].n) return false;
    isel_set(c, ins, 0, c->vals[vi].t[idx]);
    return true;
  }
  unsigned off = member_offset(at, LLVMGetIndices(ins), LLVMGetNumIndices(ins), &member);
  bool div = divergence_is_divergent(c->di, ins);
  for (unsigned k = 0, m = count(member); k < m; k++) isel_set(c, ins, k, comp(c, A, off + k, st[off + k], div));
  return true;
}

bool isel_insert_value(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), V = LLVMGetOperand(ins, 1);
  LLVMTypeRef at = LLVMTypeOf(A), member;
  LLVMTypeRef st[ISEL_AGG_MAX_SCALARS];
  unsigned n = isel_agg_scalars(at, st);
  if (!n) {
    isel_unsupported(c, ins, "aggregate type (more than 16 scalars, i1, or vectors of 8/16-bit elements)");
    return true;
  }
  unsigned off = member_offset(at, LLVMGetIndices(ins), LLVMGetNumIndices(ins), &member), m = count(member);
  bool div = divergence_is_divergent(c->di, ins);
  for (unsigned k = 0; k < n; k++)
    isel_set(c, ins, k, k >= off && k < off + m ? comp(c, V, k - off, st[k], div) : comp(c, A, k, st[k], div));
  return true;
}

bool isel_agg_to_dwords(isel_ctx *c, LLVMValueRef v, mir_temp *out, unsigned *n) {
  LLVMTypeRef st[ISEL_AGG_MAX_SCALARS];
  unsigned ns = isel_agg_scalars(LLVMTypeOf(v), st);
  if (!ns) return false;
  *n = 0;
  for (unsigned k = 0; k < ns; k++) {
    mir_temp t = comp(c, v, k, st[k], true);
    if (isel_type_bits(st[k]) == 64) {
      out[(*n)++] = isel_as_temp(c, isel_half_of(c, mir_op_temp(t), false), true, 1);
      out[(*n)++] = isel_as_temp(c, isel_half_of(c, mir_op_temp(t), true), true, 1);
    } else {
      out[(*n)++] = isel_as_temp(c, mir_op_temp(t), true, 1);
    }
  }
  return true;
}

bool isel_agg_from_dwords(isel_ctx *c, LLVMValueRef v, const mir_temp *dw, unsigned n) {
  LLVMTypeRef st[ISEL_AGG_MAX_SCALARS];
  unsigned ns = isel_agg_scalars(LLVMTypeOf(v), st), j = 0;
  if (!ns) return false;
  for (unsigned k = 0; k < ns; k++) {
    if (isel_type_bits(st[k]) == 64) {
      if (j + 2 > n) return false;
      isel_set(c, v, k, isel_create2(c, mir_op_temp(dw[j]), mir_op_temp(dw[j + 1]), true));
      j += 2;
    } else {
      if (j + 1 > n) return false;
      isel_set(c, v, k, dw[j++]);
    }
  }
  return true;
}
