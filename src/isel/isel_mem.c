/* Instruction selection: addresses and memory.
 *
 *  - getelementptr: base + sum(index * element size) + constant, in 64-bit
 *    (global/constant/flat) or 32-bit (LDS) arithmetic; SALU when uniform.
 *  - Loads from constant memory, or from global memory the IR marks as
 *    not written during the kernel (!invariant.load, !amdgpu.noclobber),
 *    with a uniform address and dword alignment: s_load_dwordxN (scalar
 *    cache; Vega ISA guide, "Scalar Memory Operations").
 *  - Other global loads/stores: global_load/store with a 64-bit VGPR
 *    address and saddr "off", or, when the GEP is a uniform base plus a
 *    divergent index proven small enough (gep_saddr), the SGPR base as
 *    saddr and a 32-bit VGPR offset; generic pointers: flat_load/store; LDS:
 *    ds_read/ds_write with a 32-bit VGPR address (gfx9 needs no M0 setup).
 *  - Immediate offsets: a GEP whose constant part (constant indices,
 *    struct fields) fits the offset field of every load and store that
 *    uses it as their address, and that has no other use, is computed
 *    without that part; each access adds it in its offset field
 *    (gep_folded_offset). gfx900 ranges (Vega ISA guide, "FLAT", "DS",
 *    "MUBUF", "SMEM" instruction fields): global 13-bit signed, flat
 *    12-bit unsigned, DS 16-bit unsigned, MUBUF 12-bit unsigned, SMEM
 *    20-bit unsigned bytes. A global or constant load may become either
 *    s_load or global_load (sel_load decides), so both take the
 *    intersection 0..4095; the offset stays in range for the last byte of
 *    an access split into pieces.
 *  - fence: s_waitcnt on everything (conservative: OpenCL fences around
 *    barriers need all outstanding memory operations complete).
 *  - Private memory (allocas surviving SROA): MUBUF through the private
 *    segment buffer V#, one dword at a time, in byte/short pieces when
 *    the IR alignment is below the access size (private_piece).
 */
#include <stdio.h>
#include <string.h>

#include "isel/isel_internal.h"

static unsigned log2u(uint64_t v) {
  unsigned n = 0;
  while (v > 1) {
    v >>= 1;
    n++;
  }
  return n;
}

/* idx (any int width) * size, as a 64-bit (or 32-bit) value. */
static mir_operand scaled_index(isel_ctx *c, LLVMValueRef idx, uint64_t size, bool ptr64, bool vgpr) {
  unsigned ib = isel_type_bits(LLVMTypeOf(idx));
  mir_operand x = isel_get(c, idx, 0);
  if (!ptr64) {
    mir_operand lo = ib == 64 ? isel_half_of(c, x, false) : x;
    if (ib < 32 && lo.kind != MIR_OPND_CONST) {
      /* sign-extend small indices */
      unsigned sh = 32 - ib;
      lo = vgpr ? mir_op_temp(isel_v1_3(c, ISA_V_BFE_I32, lo, mir_op_const(0), mir_op_const(ib)))
                : mir_op_temp(isel_s(c, ISA_S_ASHR_I32, 1, mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, lo, mir_op_const(sh))),
                                     mir_op_const(sh)));
    }
    if (size == 1) return lo;
    if ((size & (size - 1)) == 0) {
      unsigned s = log2u(size);
      return vgpr ? mir_op_temp(isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const(s), lo))
                  : mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, lo, mir_op_const(s)));
    }
    return vgpr ? mir_op_temp(isel_v1(c, ISA_V_MUL_LO_U32, lo, mir_op_const((uint32_t)size)))
                : mir_op_temp(isel_s(c, ISA_S_MUL_I32, 1, lo, mir_op_const((uint32_t)size)));
  }
  /* 64-bit: sign-extend to i64 first */
  mir_operand x64;
  if (ib == 64) {
    x64 = x;
  } else {
    mir_operand lo = x;
    if (ib < 32) {
      unsigned sh = 32 - ib;
      lo = vgpr ? mir_op_temp(isel_v1_3(c, ISA_V_BFE_I32, lo, mir_op_const(0), mir_op_const(ib)))
                : mir_op_temp(isel_s(c, ISA_S_ASHR_I32, 1, mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, lo, mir_op_const(sh))),
                                     mir_op_const(sh)));
    }
    /* an index known below 2^31 (a zext nneg index_split looked through)
     * has a zero upper half */
    mir_operand hi = isel_value_below(idx, 1ull << 31) ? mir_op_const(0)
                   : vgpr ? mir_op_temp(isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), lo))
                          : mir_op_temp(isel_s(c, ISA_S_ASHR_I32, 1, lo, mir_op_const(31)));
    x64 = mir_op_temp(isel_create2(c, lo, hi, vgpr));
  }
  if (size == 1) return x64;
  if ((size & (size - 1)) == 0) {
    unsigned s = log2u(size);
    mir_temp d;
    if (vgpr) {
      d = isel_tmp(c, mir_rc_v(2));
      mir_operand xs = x64;
      if (xs.kind != MIR_OPND_TEMP || !mir_rc_is_vgpr((mir_rc)xs.temp.rc)) xs = mir_op_temp(isel_to_vgpr(c, xs, 2));
      mir_operand srcs[2] = {mir_op_const(s), xs};
      isel_valu(c, ISA_V_LSHLREV_B64, &d, 1, srcs, 2, true);
    } else {
      d = isel_s(c, ISA_S_LSHL_B64, 2, x64, mir_op_const(s));
    }
    return mir_op_temp(d);
  }
  /* general constant: lo*size, hi*size + mulhi(lo, size) */
  mir_operand lo = isel_half_of(c, x64, false), hi = isel_half_of(c, x64, true);
  mir_operand k = mir_op_const((uint32_t)size);
  mir_temp rl, rh;
  if (vgpr) {
    rl = isel_v1(c, ISA_V_MUL_LO_U32, lo, k);
    mir_temp h0 = isel_v1(c, ISA_V_MUL_HI_U32, lo, k);
    mir_temp h1 = isel_v1(c, ISA_V_MUL_LO_U32, hi, k);
    rh = isel_v1(c, ISA_V_ADD_U32, mir_op_temp(h0), mir_op_temp(h1));
  } else {
    rl = isel_s(c, ISA_S_MUL_I32, 1, lo, k);
    mir_temp h0 = isel_s(c, ISA_S_MUL_HI_U32, 1, lo, k);
    mir_temp h1 = isel_s(c, ISA_S_MUL_I32, 1, hi, k);
    rh = isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(h0), mir_op_temp(h1));
  }
  return mir_op_temp(isel_create2(c, mir_op_temp(rl), mir_op_temp(rh), vgpr));
}

static mir_operand add_ptr(isel_ctx *c, mir_operand a, mir_operand b, bool ptr64, bool vgpr) {
  if (b.kind == MIR_OPND_CONST && b.imm == 0) return a; /* an LDS variable at offset 0 */
  if (a.kind == MIR_OPND_CONST && a.imm == 0) return b;
  if (ptr64) return mir_op_temp(isel_add64(c, a, b, vgpr));
  if (vgpr) {
    if (!isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a)) return mir_op_temp(isel_v1(c, ISA_V_ADD_U32, b, a));
    return mir_op_temp(isel_v1(c, ISA_V_ADD_U32, a, b));
  }
  return mir_op_temp(isel_s(c, ISA_S_ADD_U32, 1, a, b));
}

/* Constant tables (module globals with initialisers) live in the code
 * object's .rodata and are addressed PC-relative (isel_data.c); loads from
 * them are ordinary loads. An earlier workaround turned loads from small
 * 32-bit tables into select chains over the elements: that costs one
 * compare and select per element per load (a 256-entry AES T-table: 512
 * VALU instructions) and covers no other element type, so memory, the
 * general solution, replaced it. */

static bool has_md(isel_ctx *c, LLVMValueRef ins, const char *kind) {
  /* kind ids are per context: never the global context's */
  unsigned k = LLVMGetMDKindIDInContext(LLVMGetModuleContext(c->mod), kind, (unsigned)strlen(kind));
  return LLVMGetMetadata(ins, k) != NULL;
}

/* A variable GEP index idx = x + k whose constant k can join the GEP's
 * constant offset, x then scaled as scaled_index scales it (an i32 or
 * narrower x sign-extended in 64-bit pointers; the low 32 bits in 32-bit
 * ones): add / disjoint or with a constant, maybe under a sext or zext,
 * when the flags make the index exactly x + k at the pointer's width
 * (GEP arithmetic wraps at that width). opt -O2 writes a[o + 1], a[o + 2],
 * ... of an unrolled loop as zext nneg (add nuw nsw o, j); split, they
 * share one base and each access carries j * size in its offset field.
 * Returns x and sets *k, or idx with *k = 0. */
static LLVMValueRef index_split(LLVMValueRef idx, bool ptr64, int64_t *k) {
  *k = 0;
  LLVMValueRef a = idx;
  bool zext = LLVMIsAZExtInst(a) != NULL, sext = LLVMIsASExtInst(a) != NULL;
  if (zext || sext) a = LLVMGetOperand(a, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind) return idx;
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(a));
  /* 32-bit pointers: everything wraps at 2^32, an extension of 32 bits
   * or more changes nothing */
  if (w > 64 || (!ptr64 && w < 32) || (ptr64 && zext && !LLVMGetNNeg(idx))) return idx;
  /* the extension alone: x, when scaled_index extends it the same way at
   * no extra cost (a zext nneg x it knows below 2^31) */
  bool bare_ok = (zext || sext) && (!ptr64 || sext || isel_value_below(a, 1ull << 31));
  if (!LLVMIsAInstruction(a)) return bare_ok ? a : idx;
  LLVMOpcode op = LLVMGetInstructionOpcode(a);
  bool disjoint = op == LLVMOr && LLVMGetIsDisjoint(a);
  LLVMValueRef kc = LLVMGetOperand(a, 1);
  if ((op != LLVMAdd && !disjoint) || !LLVMIsAConstantInt(kc)) return bare_ok ? a : idx;
  bool nuw = disjoint || LLVMGetNUW(a), nsw = disjoint || LLVMGetNSW(a);
  /* zext nneg (x + k), nuw: x <= x + k < 2^(w-1), so x sign-extends
   * like it zero-extends and k is unsigned */
  if (ptr64 && (zext ? !nuw : w < 64 && !nsw)) return bare_ok ? a : idx;
  *k = zext ? (int64_t)LLVMConstIntGetZExtValue(kc) : LLVMConstIntGetSExtValue(kc);
  return LLVMGetOperand(a, 0);
}

/* One index (operand i >= 1) of a GEP whose indexed type so far is *ty:
 * a constant index or struct field adds its bytes to *coff (*size = 0),
 * a variable one gives the element size it scales (*size) and, split
 * by index_split (ptr64: a 64-bit pointer), its variable part (*idx).
 * false for shapes sel_gep does not take (vector indices, indexing a
 * scalar). */
static bool gep_step(isel_ctx *c, LLVMTypeRef *ty, int i, LLVMValueRef *pidx, bool ptr64, int64_t *coff,
                     uint64_t *size) {
  LLVMValueRef idx = *pidx;
  if (i == 1) {
    *size = LLVMABISizeOfType(c->td, *ty);
  } else if (LLVMGetTypeKind(*ty) == LLVMStructTypeKind) {
    unsigned k = (unsigned)LLVMConstIntGetZExtValue(idx);
    *coff += (int64_t)LLVMOffsetOfElement(c->td, *ty, k);
    *ty = LLVMStructGetTypeAtIndex(*ty, k);
    *size = 0;
    return true;
  } else if (LLVMGetTypeKind(*ty) == LLVMArrayTypeKind || LLVMGetTypeKind(*ty) == LLVMVectorTypeKind) {
    *ty = LLVMGetElementType(*ty);
    *size = LLVMABISizeOfType(c->td, *ty);
  } else {
    return false;
  }
  if (LLVMGetTypeKind(LLVMTypeOf(idx)) == LLVMVectorTypeKind) return false;
  if (LLVMIsAConstantInt(idx)) {
    *coff += LLVMConstIntGetSExtValue(idx) * (int64_t)*size;
    *size = 0;
    return true;
  }
  int64_t k;
  *pidx = index_split(idx, ptr64, &k);
  *coff += k * (int64_t)*size;
  return true;
}

static bool gep_ptr64(LLVMValueRef g) { return isel_type_bits(LLVMTypeOf(g)) == 64; }

/* The constant byte offset of GEP `ins`; false for shapes sel_gep does
 * not take. */
static bool gep_const_part(isel_ctx *c, LLVMValueRef ins, int64_t *coff) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(ins);
  uint64_t size;
  *coff = 0;
  for (int i = 1; i < LLVMGetNumOperands(ins); i++) {
    LLVMValueRef idx = LLVMGetOperand(ins, i);
    if (!gep_step(c, &ty, i, &idx, gep_ptr64(ins), coff, &size)) return false;
  }
  return true;
}

/* Immediate offsets [*lo, *hi] an access `user` (load or store) in
 * address space `as` can carry whichever form sel_load/sel_store give it
 * (see the file comment); false for none. */
static bool offset_range(isel_ctx *c, LLVMValueRef user, unsigned as, int64_t *lo, int64_t *hi) {
  *lo = 0;
  *hi = 4095;
  switch (as) {
  case 0: case 4: case 5: return true;
  case 3: *hi = 65535; return true;
  case 1:
    /* never s_load: global_load/store's signed 13 bits */
    if (LLVMIsAStoreInst(user) || (!has_md(c, user, "invariant.load") && !has_md(c, user, "amdgpu.noclobber"))) *lo = -4096;
    return true;
  default: return false;
  }
}

/* Is GEP instruction `g` (scalar) all constant indices? *k: its bytes. */
static bool gep_const_only(isel_ctx *c, LLVMValueRef g, int64_t *k) {
  if (!LLVMIsAGetElementPtrInst(g) || LLVMGetTypeKind(LLVMTypeOf(g)) == LLVMVectorTypeKind) return false;
  for (int i = 1; i < LLVMGetNumOperands(g); i++)
    if (!LLVMIsAConstantInt(LLVMGetOperand(g, i))) return false;
  return gep_const_part(c, g, k);
}

/* Is every use of `ptr` a non-atomic load or store of it as the address,
 * able to carry coff in its offset field up to its last byte? With
 * `saddr`, the range is global_load/store's (the saddr form is never
 * s_load), else offset_range's, and (at depth 0) a use may also be a GEP
 * of constant indices k on ptr whose own uses carry coff + k. */
static bool only_addressed_within(isel_ctx *c, LLVMValueRef ptr, int64_t coff, bool saddr, int depth) {
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  LLVMUseRef u = LLVMGetFirstUse(ptr);
  if (!u) return false;
  for (; u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    LLVMTypeRef ty;
    int64_t k;
    if (LLVMIsALoadInst(user)) ty = LLVMTypeOf(user);
    else if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == ptr && LLVMGetOperand(user, 0) != ptr)
      ty = LLVMTypeOf(LLVMGetOperand(user, 0));
    else if (!saddr && depth == 0 && gep_const_only(c, user, &k) && LLVMGetOperand(user, 0) == ptr) {
      if (!only_addressed_within(c, user, coff + k, false, 1)) return false;
      continue;
    } else return false;
    int64_t lo = -4096, hi = 4095;
    if (LLVMGetOrdering(user) != LLVMAtomicOrderingNotAtomic || (!saddr && !offset_range(c, user, as, &lo, &hi)))
      return false;
    if (coff < lo || coff + (int64_t)LLVMStoreSizeOfType(c->td, ty) - 1 > hi) return false;
  }
  return true;
}

/* Is v a kernel's llvm.amdgcn.implicitarg.ptr? Its value is kernarg_ptr +
 * hidden_offset, a constant the loads through it can carry like a GEP's
 * (gep_folded_offset; isel_call.c then gives it kernarg_ptr as its
 * value). In a function the pointer is an argument (isel_calls.c). */
static bool is_implicitarg_ptr(isel_ctx *c, LLVMValueRef v) {
  if (c->p->is_function || !LLVMIsACallInst(v)) return false;
  LLVMValueRef f = LLVMGetCalledValue(v);
  size_t len;
  const char *n = LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
  return n && !strcmp(n, "llvm.amdgcn.implicitarg.ptr");
}

/* The constant that the loads and stores using pointer `ptr` carry in
 * their offset field, or 0 (not a GEP instruction, another use, out of
 * range): ptr's own constant part, plus its base's when ptr has only
 * constant indices on a folded GEP. sel_gep leaves it out of ptr's
 * value. A folded GEP's constant-index GEPs are folded too (their uses
 * were checked with it), so no GEP adds its base's folded constant back,
 * except to reach a total of 0 (gep_base_total). */
static int64_t gep_folded_offset(isel_ctx *c, LLVMValueRef ptr) {
  if (is_implicitarg_ptr(c, ptr))
    return c->hidden_offset && only_addressed_within(c, ptr, c->hidden_offset, false, 0) ? c->hidden_offset : 0;
  if (!LLVMIsAGetElementPtrInst(ptr) || LLVMGetTypeKind(LLVMTypeOf(ptr)) == LLVMVectorTypeKind) return 0;
  int64_t coff, k;
  if (!gep_const_part(c, ptr, &coff)) return 0;
  if (gep_const_only(c, ptr, &k)) coff += gep_folded_offset(c, LLVMGetOperand(ptr, 0));
  if (coff == 0) return 0;
  return only_addressed_within(c, ptr, coff, false, 0) ? coff : 0;
}

/* What GEP `g`'s base value lacks of its address: the folded constant of
 * a GEP base, when g has only constant indices (otherwise the base is
 * never folded: only_addressed_within refuses it). */
static int64_t gep_base_total(isel_ctx *c, LLVMValueRef g) {
  int64_t k;
  return gep_const_only(c, g, &k) ? gep_folded_offset(c, LLVMGetOperand(g, 0)) : 0;
}

int64_t isel_folded_offset(isel_ctx *c, LLVMValueRef ptr) { return gep_folded_offset(c, ptr); }

/* global_load/store in the SGPR base + 32-bit VGPR offset form (saddr):
 * GEP `ptr` (global or constant memory) is uniform base + idx * size + constant, with one variable,
 * divergent index provably in [0, 2^32 / size) (isel_value_below), the
 * constant in the signed 13-bit offset field to the last byte of every
 * access, and no use other than global loads and stores of it as their
 * address (divergent, so never s_load). Returns idx (NULL when the form
 * does not apply), its element size and the constant. sel_gep then gives
 * the GEP the 32-bit offset idx * size as its value. */
static LLVMValueRef gep_saddr(isel_ctx *c, LLVMValueRef ptr, uint64_t *size, int64_t *coff) {
  if (c->masked || !LLVMIsAGetElementPtrInst(ptr) || LLVMGetTypeKind(LLVMTypeOf(ptr)) == LLVMVectorTypeKind ||
      (LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)) != 1 && LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)) != 4) ||
      divergence_is_divergent(c->di, LLVMGetOperand(ptr, 0)))
    return NULL;
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(ptr);
  LLVMValueRef var = NULL;
  *coff = 0;
  for (int i = 1; i < LLVMGetNumOperands(ptr); i++) {
    LLVMValueRef idx = LLVMGetOperand(ptr, i);
    uint64_t sz;
    if (!gep_step(c, &ty, i, &idx, true, coff, &sz)) return NULL;
    if (!sz) continue;
    if (var) return NULL;
    var = idx;
    *size = sz;
  }
  if (!var || !divergence_is_divergent(c->di, var) || !isel_value_below(var, (1ull << 32) / *size)) return NULL;
  return only_addressed_within(c, ptr, *coff, true, 0) ? var : NULL;
}

/* The variable indices of GEP `g` and the element sizes they scale, at
 * most 4 (*n); false for shapes sel_gep does not take or more indices. */
static bool gep_vars(isel_ctx *c, LLVMValueRef g, LLVMValueRef *v, uint64_t *sz, unsigned *n) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
  int64_t coff = 0;
  *n = 0;
  for (int i = 1; i < LLVMGetNumOperands(g); i++) {
    uint64_t size;
    LLVMValueRef idx = LLVMGetOperand(g, i);
    if (!gep_step(c, &ty, i, &idx, gep_ptr64(g), &coff, &size)) return false;
    if (!size) continue;
    if (*n == 4) return false;
    v[*n] = idx;
    sz[(*n)++] = size;
  }
  return true;
}

/* Does sel_gep compute GEP `g` as its base plus its variable part alone
 * (every constant carried by the accesses' offset fields)? */
static bool gep_only_variable(isel_ctx *c, LLVMValueRef g) {
  int64_t coff;
  uint64_t esize;
  return LLVMIsAGetElementPtrInst(g) && LLVMGetTypeKind(LLVMTypeOf(g)) != LLVMVectorTypeKind &&
         gep_const_part(c, g, &coff) && coff + gep_base_total(c, g) - gep_folded_offset(c, g) == 0 &&
         !gep_saddr(c, g, &esize, &coff);
}

/* An earlier GEP in the block of GEP `ins` (at most 256 instructions back)
 * that has the same value: the same base and variable indices, each
 * computed as base + variable part (gep_only_variable). LICM hoists
 * &tile[ty][k] for every k of an unrolled loop into one block; without
 * this each would keep its own copy of tile + ty * stride live across
 * the loop (tiled matmul: 32 VGPRs of equal addresses). NULL if none. */
static LLVMValueRef gep_same_value(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef v[4], w[4];
  uint64_t sz[4], sw[4];
  unsigned n, m;
  if (!gep_only_variable(c, ins) || !gep_vars(c, ins, v, sz, &n)) return NULL;
  LLVMValueRef g = LLVMGetPreviousInstruction(ins);
  for (unsigned k = 0; g && k < 256; k++, g = LLVMGetPreviousInstruction(g)) {
    if (!LLVMIsAGetElementPtrInst(g) || LLVMGetOperand(g, 0) != LLVMGetOperand(ins, 0) ||
        LLVMTypeOf(g) != LLVMTypeOf(ins) || !isel_has(c, g) || !gep_vars(c, g, w, sw, &m) || m != n)
      continue;
    bool same = true;
    for (unsigned j = 0; j < n && same; j++) same = v[j] == w[j] && sz[j] == sw[j];
    if (same && gep_only_variable(c, g)) return g;
  }
  return NULL;
}

static bool sel_gep(isel_ctx *c, LLVMValueRef ins) {
  LLVMTypeRef pty = LLVMTypeOf(ins);
  if (LLVMGetTypeKind(pty) == LLVMVectorTypeKind) return false;
  unsigned pbits = isel_type_bits(pty);
  if (pbits != 32 && pbits != 64) return false;
  bool ptr64 = pbits == 64;
  bool vgpr = divergence_is_divergent(c->di, ins);
  uint64_t esize;
  int64_t scoff;
  LLVMValueRef var = gep_saddr(c, ins, &esize, &scoff);
  if (var) {
    isel_set(c, ins, 0, isel_to_vgpr(c, scaled_index(c, var, esize, false, true), 1));
    return true;
  }
  LLVMValueRef same = gep_same_value(c, ins);
  if (same) {
    mir_operand o = isel_get(c, same, 0);
    if (o.kind == MIR_OPND_TEMP) {
      isel_set(c, ins, 0, o.temp);
      return true;
    }
  }
  mir_operand base = isel_get(c, LLVMGetOperand(ins, 0), 0);
  if (isel_opnd_is_vgpr(&base)) vgpr = true;
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(ins);
  int64_t coff = 0;
  mir_operand acc = base;
  for (int i = 1; i < LLVMGetNumOperands(ins); i++) {
    LLVMValueRef idx = LLVMGetOperand(ins, i);
    uint64_t size;
    if (!gep_step(c, &ty, i, &idx, ptr64, &coff, &size)) return false;
    if (!size) continue;
    mir_operand si = scaled_index(c, idx, size, ptr64, vgpr);
    if (isel_opnd_is_vgpr(&si)) vgpr = true;
    acc = add_ptr(c, acc, si, ptr64, vgpr);
  }
  coff += gep_base_total(c, ins) - gep_folded_offset(c, ins);
  if (coff) {
    mir_operand k;
    if (ptr64) {
      if (coff >= -16 && coff <= 64) {
        k = mir_op_const((uint32_t)coff);
        k.size = 2;
      } else {
        k = mir_op_temp(isel_create2(c, mir_op_const((uint32_t)coff), mir_op_const((uint32_t)((uint64_t)coff >> 32)), false));
      }
    } else {
      k = mir_op_const((uint32_t)coff);
    }
    acc = add_ptr(c, acc, k, ptr64, vgpr);
  }
  mir_temp t;
  if (acc.kind == MIR_OPND_TEMP) t = acc.temp;
  else if (vgpr) t = isel_to_vgpr(c, acc, ptr64 ? 2 : 1);
  else t = isel_to_sgpr(c, acc, ptr64 ? 2 : 1);
  if (vgpr && !mir_rc_is_vgpr((mir_rc)t.rc)) t = isel_to_vgpr(c, mir_op_temp(t), ptr64 ? 2 : 1);
  isel_set(c, ins, 0, t);
  return true;
}

/* Splits a loaded register tuple into the value's components. */
static void set_components(isel_ctx *c, LLVMValueRef ins, mir_temp d, unsigned nc, unsigned cdw, bool vgpr) {
  if (nc == 1) {
    isel_set(c, ins, 0, d);
    return;
  }
  (void)vgpr;
  for (unsigned e = 0; e < nc; e++) isel_set(c, ins, e, isel_extract(c, d, e * cdw, cdw));
}

/* Opcode of a vector-memory access of `bytes` (1, 2, 4, 8, 12, 16). */
static unsigned vmem_op(unsigned as, unsigned bytes, bool store, bool sign) {
  static const unsigned gl[6] = {ISA_GLOBAL_LOAD_UBYTE, ISA_GLOBAL_LOAD_USHORT, ISA_GLOBAL_LOAD_DWORD,
                                 ISA_GLOBAL_LOAD_DWORDX2, ISA_GLOBAL_LOAD_DWORDX3, ISA_GLOBAL_LOAD_DWORDX4};
  static const unsigned gs[6] = {ISA_GLOBAL_STORE_BYTE, ISA_GLOBAL_STORE_SHORT, ISA_GLOBAL_STORE_DWORD,
                                 ISA_GLOBAL_STORE_DWORDX2, ISA_GLOBAL_STORE_DWORDX3, ISA_GLOBAL_STORE_DWORDX4};
  static const unsigned fl[6] = {ISA_FLAT_LOAD_UBYTE, ISA_FLAT_LOAD_USHORT, ISA_FLAT_LOAD_DWORD,
                                 ISA_FLAT_LOAD_DWORDX2, ISA_FLAT_LOAD_DWORDX3, ISA_FLAT_LOAD_DWORDX4};
  static const unsigned fs[6] = {ISA_FLAT_STORE_BYTE, ISA_FLAT_STORE_SHORT, ISA_FLAT_STORE_DWORD,
                                 ISA_FLAT_STORE_DWORDX2, ISA_FLAT_STORE_DWORDX3, ISA_FLAT_STORE_DWORDX4};
  static const unsigned dl[6] = {ISA_DS_READ_U8, ISA_DS_READ_U16, ISA_DS_READ_B32,
                                 ISA_DS_READ_B64, ISA_DS_READ_B96, ISA_DS_READ_B128};
  static const unsigned ds[6] = {ISA_DS_WRITE_B8, ISA_DS_WRITE_B16, ISA_DS_WRITE_B32,
                                 ISA_DS_WRITE_B64, ISA_DS_WRITE_B96, ISA_DS_WRITE_B128};
  static const unsigned bl[6] = {ISA_BUFFER_LOAD_UBYTE, ISA_BUFFER_LOAD_USHORT, ISA_BUFFER_LOAD_DWORD,
                                 ISA_BUFFER_LOAD_DWORDX2, ISA_BUFFER_LOAD_DWORDX3, ISA_BUFFER_LOAD_DWORDX4};
  static const unsigned bs[6] = {ISA_BUFFER_STORE_BYTE, ISA_BUFFER_STORE_SHORT, ISA_BUFFER_STORE_DWORD,
                                 ISA_BUFFER_STORE_DWORDX2, ISA_BUFFER_STORE_DWORDX3, ISA_BUFFER_STORE_DWORDX4};
  (void)sign;
  int k = bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : bytes == 8 ? 3 : bytes == 12 ? 4 : bytes == 16 ? 5 : -1;
  if (k < 0) return ISA_NUM_OPS;
  if (as == 3) return store ? ds[k] : dl[k];
  if (as == 5) return store ? bs[k] : bl[k];
  if (as == 0) return store ? fs[k] : fl[k];
  return store ? gs[k] : gl[k];
}

static bool mem_space_ok(isel_ctx *c, LLVMValueRef ins, unsigned as, bool store) {
  if (as != 0 && as != 1 && as != 3 && as != 5 && !(as == 4 && !store)) {
    isel_unsupported(c, ins, store ? "store to this address space" : "address space");
    return false;
  }
  if (LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic) {
    isel_unsupported(c, ins, store ? "atomic store" : "atomic load");
    return false;
  }
  return true;
}

/* Splits `bytes` into access sizes the ISA has (<= 16, 12 allowed). */
static unsigned next_chunk(unsigned as, unsigned left) {
  /* the private segment buffer swizzles per dword (element size 4 on
   * gfx9): scratch accesses go one dword at a time */
  if (as == 5) return left >= 4 ? 4 : left >= 2 ? 2 : 1;
  if (left >= 16) return 16;
  if (left >= 12) return 12;
  if (left >= 8) return 8;
  if (left >= 4) return 4;
  return left >= 2 ? 2 : 1;
}

/* One vector-memory load of `bytes` at va + off into a new VGPR tuple;
 * with an saddr (id != 0, global only) va is the 32-bit offset from it. */
static mir_temp emit_vmem_load(isel_ctx *c, unsigned as, unsigned bytes, mir_temp va, mir_temp saddr, int32_t off,
                               bool glc) {
  mir_temp d = isel_tmp(c, mir_rc_v((bytes + 3) / 4));
  unsigned op = vmem_op(as, bytes, false, false);
  mir_instr *ld;
  if (as == 5) {
    ld = isel_emit(c, op, 3, 1);
    ld->ops[0] = mir_op_temp(va);
    ld->ops[1] = mir_op_temp(c->psb);
    ld->ops[2] = mir_op_temp(c->wave_offset);
    ld->enc_flags |= MIR_ENC_OFFEN;
  } else if (saddr.id) {
    ld = isel_emit(c, op, 2, 1);
    ld->ops[0] = mir_op_temp(va);
    ld->ops[1] = mir_op_temp(saddr);
  } else {
    ld = isel_emit(c, op, 1, 1);
    ld->ops[0] = mir_op_temp(va);
  }
  ld->defs[0] = mir_op_temp(d);
  ld->offset = off;
  if ((as == 1 || as == 4) && !saddr.id) ld->enc_flags |= MIR_ENC_OFF;
  if (glc) ld->enc_flags |= MIR_ENC_GLC;
  return d;
}

static void emit_vmem_store(isel_ctx *c, unsigned as, unsigned bytes, mir_temp va, mir_temp saddr, mir_temp data,
                            int32_t off, bool glc) {
  unsigned op = vmem_op(as, bytes, true, false);
  mir_instr *st;
  if (as == 5) {
    /* MUBUF: vdata first, then vaddr, V#, soffset */
    st = isel_emit(c, op, 4, 0);
    st->ops[0] = mir_op_temp(data);
    st->ops[1] = mir_op_temp(va);
    st->ops[2] = mir_op_temp(c->psb);
    st->ops[3] = mir_op_temp(c->wave_offset);
    st->enc_flags |= MIR_ENC_OFFEN;
  } else {
    /* vaddr, vdata[, saddr] */
    st = isel_emit(c, op, saddr.id ? 3 : 2, 0);
    st->ops[0] = mir_op_temp(va);
    st->ops[1] = mir_op_temp(data);
    if (saddr.id) st->ops[2] = mir_op_temp(saddr);
  }
  st->offset = off;
  if (as == 1 && !saddr.id) st->enc_flags |= MIR_ENC_OFF;
  if (glc) st->enc_flags |= MIR_ENC_GLC;
}

/* Private memory is interleaved per dword across the wave's lanes
 * (MUBUF swizzle, element size 4: AMDGPUUsage "Private Segment", Vega ISA
 * 8.1.5 "Swizzled Buffer Addressing"), so a lane's bytes o..o+3 are
 * contiguous only when o is dword-aligned: an access that is not aligned
 * to its own size would read or write another lane's bytes. Such an access
 * goes in pieces of its alignment (1 or 2 bytes) that never cross a dword.
 * Returns the piece size in bytes, or 0 when no split is needed. */
static unsigned private_piece(LLVMValueRef ins, unsigned as, unsigned bytes) {
  if (as != 5) return 0;
  unsigned a = LLVMGetAlignment(ins);
  if (a >= 4 || a >= bytes) return 0;
  return a >= 2 && bytes % 2 == 0 ? 2 : 1;
}

/* A private load in `piece`-byte pieces (private_piece), zero-extended
 * (buffer_load_ubyte/ushort) and reassembled into dwords. */
static void load_private_pieces(isel_ctx *c, LLVMValueRef ins, mir_temp va, int32_t off0, unsigned bytes,
                                unsigned piece) {
  mir_operand words[32];
  unsigned nw = (bytes + 3) / 4;
  if (nw > 32) {
    isel_unsupported(c, ins, "under-aligned private load of more than 128 bytes");
    return;
  }
  for (unsigned w = 0; w < nw; w++) {
    mir_operand acc = mir_op_const(0);
    for (unsigned b = w * 4; b < bytes && b < w * 4 + 4; b += piece) {
      mir_temp part = emit_vmem_load(c, 5, piece, va, (mir_temp){0}, off0 + (int32_t)b, LLVMGetVolatile(ins));
      if (b == w * 4) acc = mir_op_temp(part);
      else acc = mir_op_temp(isel_v1_3(c, ISA_V_LSHL_OR_B32, mir_op_temp(part), mir_op_const(8 * (b % 4)), acc));
    }
    words[w] = acc;
  }
  if (!isel_unpack_dwords(c, ins, words, nw)) isel_unsupported(c, ins, "load of this type");
}

/* A private store in `piece`-byte pieces: each piece is the dword shifted
 * down to its byte (buffer_store_byte/short store the low bits). */
static void store_private_pieces(isel_ctx *c, LLVMValueRef ins, LLVMValueRef val, mir_temp va, int32_t off0,
                                 unsigned bytes, unsigned piece) {
  mir_operand words[32];
  unsigned nw;
  if (!isel_pack_dwords(c, val, words, &nw) || nw > 32 || nw * 4 < bytes) {
    isel_unsupported(c, ins, "store of this type");
    return;
  }
  for (unsigned b = 0; b < bytes; b += piece) {
    mir_operand w = words[b / 4];
    mir_temp data = b % 4 ? isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(8 * (b % 4)), w) : isel_to_vgpr(c, w, 1);
    emit_vmem_store(c, 5, piece, va, (mir_temp){0}, data, off0 + (int32_t)b, LLVMGetVolatile(ins));
  }
}

/* The VGPR address of a vector-memory access through `ptr` in address
 * space `as`: 64-bit for global/flat, 32-bit for LDS and scratch, or the
 * 32-bit offset from *saddr (id 0 when not that form) with *off set to
 * the GEP's constant (gep_saddr); *off otherwise stays as given. */
static mir_temp vector_address(isel_ctx *c, LLVMValueRef ptr, unsigned as, mir_temp *saddr, int32_t *off) {
  uint64_t esize;
  int64_t scoff;
  *saddr = (mir_temp){0};
  if (gep_saddr(c, ptr, &esize, &scoff)) {
    *saddr = isel_to_sgpr(c, isel_get(c, LLVMGetOperand(ptr, 0), 0), 2);
    *off = (int32_t)scoff;
  }
  return isel_to_vgpr(c, isel_get(c, ptr, 0), (as == 3 || as == 5 || saddr->id) ? 1 : 2);
}

static bool sel_load(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0);
  LLVMTypeRef ty = LLVMTypeOf(ins);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, ty);
  if (bits == 0 || bits > 64) return false;
  if (!mem_space_ok(c, ins, as, false)) return true;
  if (bits == 1) {
    isel_unsupported(c, ins, "load of i1");
    return true;
  }
  unsigned cdw = bits > 32 ? 2 : 1, dw = (bytes + 3) / 4;
  bool packed = bits < 32 && nc > 1;
  mir_operand addr = isel_get(c, ptr, 0);
  int32_t off0 = (int32_t)gep_folded_offset(c, ptr);
  bool uniform = !divergence_is_divergent(c->di, ins) && !divergence_is_divergent(c->di, ptr);
  bool scalar_ok = (!c->masked || c->cur == 0) &&
                   (as == 4 || (as == 1 && (has_md(c, ins, "invariant.load") || has_md(c, ins, "amdgpu.noclobber")))) &&
                   uniform && !LLVMGetVolatile(ins) && LLVMGetAlignment(ins) >= 4 && bytes % 4 == 0 && dw <= 16 &&
                   dw != 3 && !packed;
  if (scalar_ok) {
    mir_temp base = isel_to_sgpr(c, addr, 2);
    unsigned op = dw == 1 ? ISA_S_LOAD_DWORD : dw == 2 ? ISA_S_LOAD_DWORDX2 : dw <= 4 ? ISA_S_LOAD_DWORDX4
                : dw <= 8 ? ISA_S_LOAD_DWORDX8 : ISA_S_LOAD_DWORDX16;
    unsigned ldw = dw == 1 ? 1 : dw == 2 ? 2 : dw <= 4 ? 4 : dw <= 8 ? 8 : 16;
    mir_temp d = isel_tmp(c, mir_rc_s(ldw));
    mir_instr *ld = isel_emit(c, op, 1, 1);
    ld->ops[0] = mir_op_temp(base);
    ld->defs[0] = mir_op_temp(d);
    ld->offset = off0;
    if (ldw != dw && nc == 1) d = isel_extract(c, d, 0, cdw);
    set_components(c, ins, d, nc, cdw, false);
    return true;
  }
  mir_temp saddr;
  mir_temp va = vector_address(c, ptr, as, &saddr, &off0);
  unsigned piece = private_piece(ins, as, bytes);
  if (piece) {
    load_private_pieces(c, ins, va, off0, bytes, piece);
    return true;
  }
  if (!packed && (bytes <= 16 && (as != 5 || bytes <= 4)) && vmem_op(as, bytes, false, false) != ISA_NUM_OPS) {
    mir_temp d = emit_vmem_load(c, as, bytes, va, saddr, off0, LLVMGetVolatile(ins));
    set_components(c, ins, d, nc, cdw, true);
    return true;
  }
  /* wide or packed: load dwords in chunks, then unpack */
  mir_operand words[32];
  unsigned nw = 0;
  if (dw > 32) return false;
  for (unsigned off = 0; off < bytes;) {
    unsigned ch = next_chunk(as, bytes - off);
    unsigned cw = (ch + 3) / 4;
    mir_temp d = emit_vmem_load(c, as, ch, va, saddr, off0 + (int32_t)off, LLVMGetVolatile(ins));
    for (unsigned k = 0; k < cw; k++) {
      if (cw == 1) {
        words[nw++] = mir_op_temp(d);
        continue;
      }
      words[nw++] = mir_op_temp(isel_extract(c, d, k, 1));
    }
    off += ch;
  }
  if (!isel_unpack_dwords(c, ins, words, nw)) {
    isel_unsupported(c, ins, "load of this type");
  }
  return true;
}

static bool sel_store(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef val = LLVMGetOperand(ins, 0), ptr = LLVMGetOperand(ins, 1);
  LLVMTypeRef ty = LLVMTypeOf(val);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, ty);
  if (bits == 0 || bits > 64) return false;
  if (!mem_space_ok(c, ins, as, true)) return true;
  if (bits == 1) {
    isel_unsupported(c, ins, "store of i1");
    return true;
  }
  unsigned cdw = bits > 32 ? 2 : 1, dw = (bytes + 3) / 4;
  bool packed = bits < 32 && nc > 1;
  int32_t off0 = (int32_t)gep_folded_offset(c, ptr);
  mir_temp saddr;
  mir_temp va = vector_address(c, ptr, as, &saddr, &off0);
  unsigned piece = private_piece(ins, as, bytes);
  if (piece) {
    store_private_pieces(c, ins, val, va, off0, bytes, piece);
    return true;
  }
  if (!packed && (bytes <= 16 && (as != 5 || bytes <= 4)) && vmem_op(as, bytes, true, false) != ISA_NUM_OPS) {
    mir_temp data;
    if (nc == 1) {
      data = isel_to_vgpr(c, isel_get(c, val, 0), cdw);
    } else {
      mir_operand parts[16];
      for (unsigned e = 0; e < nc; e++) parts[e] = mir_op_temp(isel_to_vgpr(c, isel_get(c, val, e), cdw));
      data = isel_tmp(c, mir_rc_v(dw));
      mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, nc, 1);
      for (unsigned e = 0; e < nc; e++) cv->ops[e] = parts[e];
      cv->defs[0] = mir_op_temp(data);
    }
    emit_vmem_store(c, as, bytes, va, saddr, data, off0, LLVMGetVolatile(ins));
    return true;
  }
  mir_operand words[32];
  unsigned nw;
  if (!isel_pack_dwords(c, val, words, &nw) || nw > 32) {
    isel_unsupported(c, ins, "store of this type");
    return true;
  }
  for (unsigned off = 0; off < bytes;) {
    unsigned ch = next_chunk(as, bytes - off);
    unsigned cw = (ch + 3) / 4, w0 = off / 4;
    mir_temp data;
    if (cw == 1) {
      data = isel_to_vgpr(c, words[w0], 1);
    } else {
      mir_operand parts[4];
      for (unsigned k = 0; k < cw; k++) parts[k] = mir_op_temp(isel_to_vgpr(c, words[w0 + k], 1));
      data = isel_tmp(c, mir_rc_v(cw));
      mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, cw, 1);
      for (unsigned k = 0; k < cw; k++) cv->ops[k] = parts[k];
      cv->defs[0] = mir_op_temp(data);
    }
    emit_vmem_store(c, as, ch, va, saddr, data, off0 + (int32_t)off, LLVMGetVolatile(ins));
    off += ch;
  }
  return true;
}

/* 32-bit atomics on global, flat and LDS memory. The returning forms
 * (glc / _rtn_) give the old value. Sequential consistency: everything
 * before completes first (s_waitcnt 0); later uses of the result wait for
 * it through the waitcnt pass. cmpxchg yields {old, old == expected}. */
static bool sel_atomic(isel_ctx *c, LLVMValueRef ins) {
  if (isel_atomic64(c, ins)) return true;
  bool cas = LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg;
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), val = LLVMGetOperand(ins, cas ? 2 : 1);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  unsigned bits = isel_type_bits(LLVMTypeOf(val));
  if (bits != 32 || LLVMGetTypeKind(LLVMTypeOf(val)) != LLVMIntegerTypeKind || (as != 0 && as != 1 && as != 3)) {
    isel_unsupported(c, ins, "atomic operation (only 32- and 64-bit integer atomics on global, flat and LDS memory)");
    return true;
  }
  const char *what;
  if (cas) {
    what = as == 3 ? "cmpst" : "cmpswap";
  } else {
    switch (LLVMGetAtomicRMWBinOp(ins)) {
    case LLVMAtomicRMWBinOpAdd: what = "add"; break;
    case LLVMAtomicRMWBinOpSub: what = "sub"; break;
    case LLVMAtomicRMWBinOpAnd: what = "and"; break;
    case LLVMAtomicRMWBinOpOr: what = "or"; break;
    case LLVMAtomicRMWBinOpXor: what = "xor"; break;
    case LLVMAtomicRMWBinOpXchg: what = as == 3 ? "wrxchg" : "swap"; break;
    case LLVMAtomicRMWBinOpMax: what = "smax"; break;
    case LLVMAtomicRMWBinOpMin: what = "smin"; break;
    case LLVMAtomicRMWBinOpUMax: what = "umax"; break;
    case LLVMAtomicRMWBinOpUMin: what = "umin"; break;
    default:
      isel_unsupported(c, ins, "atomic operation");
      return true;
    }
  }
  char mn[64];
  if (as == 3) {
    /* ds_add_rtn_u32, ds_and_rtn_b32, ds_max_rtn_i32, ds_cmpst_rtn_b32, ... */
    const char *suffix = "b32";
    if (!strcmp(what, "add") || !strcmp(what, "sub") || !strcmp(what, "umax") || !strcmp(what, "umin")) suffix = "u32";
    if (!strcmp(what, "smax") || !strcmp(what, "smin")) suffix = "i32";
    const char *w = what;
    if (!strcmp(what, "smax") || !strcmp(what, "umax")) w = "max";
    if (!strcmp(what, "smin") || !strcmp(what, "umin")) w = "min";
    snprintf(mn, sizeof mn, "ds_%s_rtn_%s", w, suffix);
  } else {
    snprintf(mn, sizeof mn, "%s_atomic_%s", as == 0 ? "flat" : "global", what);
  }
  isa_op op = isa_by_mnemonic(mn);
  if (op == ISA_NUM_OPS) {
    isel_unsupported(c, ins, "atomic operation (no instruction)");
    return true;
  }
  isel_atomic_emit(c, ins, op, 1);
  return true;
}

bool isel_mem(isel_ctx *c, LLVMValueRef ins) {
  switch (LLVMGetInstructionOpcode(ins)) {
  case LLVMGetElementPtr: return sel_gep(c, ins);
  case LLVMLoad: return sel_load(c, ins);
  case LLVMStore: return sel_store(c, ins);
  case LLVMFence: {
    mir_instr *w = isel_emit(c, ISA_S_WAITCNT, 0, 0);
    w->offset = 0;
    return true;
  }
  case LLVMAlloca:
    /* laid out with the ABI (isel_setup_abi): the value is its offset */
    if (!isel_has(c, ins)) isel_unsupported(c, ins, "alloca");
    return true;
  case LLVMAtomicRMW: case LLVMAtomicCmpXchg:
    return sel_atomic(c, ins);
  default:
    return false;
  }
}
