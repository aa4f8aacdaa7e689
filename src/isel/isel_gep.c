/* Instruction selection: getelementptr and address modes.
 *
 *  - getelementptr: base + sum(index * element size) + constant, in 64-bit
 *    (global/constant/flat) or 32-bit (LDS) arithmetic; SALU when uniform.
 *  - Immediate offsets: a GEP whose constant part (constant indices,
 *    struct fields) fits the offset field of every load and store that
 *    uses it as their address, and that has no other use, is computed
 *    without that part; each access adds it in its offset field
 *    (gep_folded_offset); a constant beyond the fields' range leaves
 *    the part below a multiple of 4096 there (64-bit pointers), so
 *    nearby constants share one base + 4096 k (gfx900; other families:
 *    isa_offset_range's ranges and granule). gfx900 ranges (Vega ISA guide, "FLAT", "DS",
 *    "MUBUF", "SMEM" instruction fields): global 13-bit signed, flat
 *    12-bit unsigned, DS 16-bit unsigned, MUBUF 12-bit unsigned, SMEM
 *    20-bit unsigned bytes. A global or constant load may become either
 *    s_load or global_load (isel_mem.c's sel_load decides), so both take
 *    the intersection 0..4095; the offset stays in range for the last byte
 *    of an access split into pieces. A kernel's implicitarg.ptr is
 *    kernarg_ptr + hidden_offset, a constant folded the same way.
 *  - The constant part includes a variable index's x + k (index_split)
 *    and a constant LDS base (lds_const_base); GEPs left with the same
 *    base and variable part share one value (gep_same_value), so runs of
 *    accesses have one address register that mem_merge.c can pair on.
 *  - SGPR base + VGPR offset (saddr): a uniform base plus one divergent
 *    index proven small enough (gep_saddr), global or constant memory;
 *    otherwise a divergent 64-bit base + zero-extended 32-bit index * size
 *    is one v_mad_u64_u32 (mad_index).
 * Split out of isel_mem.c, which selects the loads and stores.
 */
#include <assert.h>
#include <string.h>

#include "isel/isel_internal.h"
#include "target/target.h"

static unsigned log2u(uint64_t v) {
  unsigned n = 0;
  while (v > 1) {
    v >>= 1;
    n++;
  }
  return n;
}

/* A divergent i32 index idx = x << k or x * k (k constant) used only
 * here, x selected: x and the factor (*f). In 32-bit arithmetic
 * (x * k) * size == x * (k * size) mod 2^32, so the 32-bit scaling takes
 * the whole product in one instruction (as llc-19: tid * 3 of an i32
 * element, v_mul_u32_u24 12). */
static bool index_factor(isel_ctx *c, LLVMValueRef idx, LLVMValueRef *x, uint64_t *f) {
  if (!LLVMIsAInstruction(idx) || !divergence_is_divergent(c->di, idx)) return false;
  LLVMOpcode op = LLVMGetInstructionOpcode(idx);
  LLVMUseRef u = LLVMGetFirstUse(idx);
  LLVMValueRef k = LLVMGetOperand(idx, 1);
  if ((op != LLVMShl && op != LLVMMul) || !u || LLVMGetNextUse(u) || !LLVMIsAConstantInt(k)) return false;
  uint64_t kv = LLVMConstIntGetZExtValue(k);
  if (op == LLVMShl && kv >= 32) return false;
  *x = LLVMGetOperand(idx, 0);
  *f = op == LLVMShl ? 1ull << kv : kv;
  return isel_has(c, *x);
}

/* idx (any int width; sign-extended, or zero-extended with `zx`) * size,
 * as a 64-bit (or 32-bit) value. */
static mir_operand scaled_index(isel_ctx *c, LLVMValueRef idx, uint64_t size, bool ptr64, bool vgpr, bool zx) {
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
    LLVMValueRef xv;
    uint64_t f;
    if (vgpr && ib == 32 && size > 1 && index_factor(c, idx, &xv, &f) && f && f <= UINT32_MAX / size) {
      uint64_t t = f * size;
      mir_operand xo = isel_get(c, xv, 0);
      if ((t & (t - 1)) == 0) return mir_op_temp(isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const(log2u(t)), xo));
      if (t < (1u << 24) && isel_value_below(xv, 1u << 24))
        return mir_op_temp(isel_v1c(c, ISA_V_MUL_U32_U24, mir_op_const((uint32_t)t), xo));
    }
    if (size == 1) return lo;
    if ((size & (size - 1)) == 0) {
      unsigned s = log2u(size);
      return vgpr ? mir_op_temp(isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const(s), lo))
                  : mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, lo, mir_op_const(s)));
    }
    /* a row index the range analysis bounds (a work-item id times an LDS
     * row of 68 bytes, bench/real transpose_lds): the full-rate 24-bit
     * multiply, as llc-19 (v_mad_u32_u24), not quarter-rate v_mul_lo_u32 */
    if (vgpr && ib == 32 && size < (1u << 24) && isel_value_below(idx, 1u << 24))
      return mir_op_temp(isel_v1c(c, ISA_V_MUL_U32_U24, mir_op_const((uint32_t)size), lo));
    return vgpr ? mir_op_temp(isel_v1(c, ISA_V_MUL_LO_U32, lo, mir_op_const((uint32_t)size)))
                : mir_op_temp(isel_s(c, ISA_S_MUL_I32, 1, lo, mir_op_const((uint32_t)size)));
  }
  /* 64-bit: sign-extend to i64 first */
  mir_operand x64;
  if (ib == 64) {
    x64 = x;
  } else {
    mir_operand lo = x;
    if (ib < 32 && zx) {
      lo = isel_extend32(c, lo, ib, false, !vgpr && !isel_opnd_is_vgpr(&lo));
    } else if (ib < 32) {
      unsigned sh = 32 - ib;
      lo = vgpr ? mir_op_temp(isel_v1_3(c, ISA_V_BFE_I32, lo, mir_op_const(0), mir_op_const(ib)))
                : mir_op_temp(isel_s(c, ISA_S_ASHR_I32, 1, mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, lo, mir_op_const(sh))),
                                     mir_op_const(sh)));
    }
    /* a zero-extended index (a zext index_split looked through), or one
     * known below 2^31, has a zero upper half */
    bool hi0 = zx || isel_value_below(idx, 1ull << 31);
    if (vgpr && !hi0 && size > 1 && (size & (size - 1)) == 0 && log2u(size) < 32 && lo.kind != MIR_OPND_CONST &&
        !isa_encoding(c->p->target->encoding, ISA_V_LSHL_ADD_U64) /* gfx942 folds the 64-bit shift into the add */) {
      /* sext(x) << s as two independent halves, x << s and x >> (32 - s)
       * (arithmetic): as many VALU as v_ashrrev_i32 + v_lshlrev_b64, but
       * no pair {x, x >> 31} to build, which costs moves when x lives on
       * (a loop counter; the register after it taken) */
      unsigned s = log2u(size);
      mir_temp l = isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const(s), lo);
      mir_temp h = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(32 - s), lo);
      return mir_op_temp(isel_create2(c, mir_op_temp(l), mir_op_temp(h), true));
    }
    mir_operand hi = hi0 ? mir_op_const(0)
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

bool isel_has_md(isel_ctx *c, LLVMValueRef ins, const char *kind) {
  /* kind ids are per context: never the global context's */
  unsigned k = LLVMGetMDKindIDInContext(LLVMGetModuleContext(c->mod), kind, (unsigned)strlen(kind));
  return LLVMGetMetadata(ins, k) != NULL;
}

/* A variable GEP index idx = x + k whose constant k can join the GEP's
 * constant offset, x then scaled as scaled_index scales it (in 64-bit
 * pointers an i32 or narrower x is sign-extended, or zero-extended when
 * *zx is set; in 32-bit ones only the low 32 bits count): add / disjoint
 * or with a constant, maybe under a sext or zext, when the flags make the
 * index exactly ext(x) + k at the pointer's width (GEP arithmetic wraps
 * at that width); an extension alone is looked through too. opt -O2
 * writes a[o + 1], a[o + 2], ... of an unrolled loop as zext (add nuw o,
 * j) or zext (or disjoint o, j); split, they share one base and each
 * access carries j * size in its offset field. Returns x and sets *k,
 * or idx with *k = 0. */
/* Does the 32-bit x + k (an add without nsw/nuw) not wrap, signed (or
 * unsigned with `unsig`), by x's range (isel_divrange.c: a work-item id
 * is below 1024)? Then (out[id + 4] of a .ll written by hand) its
 * extension is x's plus k, and k joins the constant offset as llc-19
 * folds it. x >= 0 and k < 0 cannot wrap signed. */
static bool add_cannot_wrap(LLVMValueRef x, int64_t k, bool unsig) {
  if (unsig) return k >= 0 && isel_value_below(x, (1ull << 32) - (uint64_t)k);
  return isel_value_below(x, k > 0 ? (1ull << 31) - (uint64_t)k : 1ull << 31);
}

static LLVMValueRef index_split(LLVMValueRef idx, bool ptr64, int64_t *k, bool *zx) {
  *k = 0;
  *zx = false;
  LLVMValueRef a = idx;
  bool zext = LLVMIsAZExtInst(a) != NULL, sext = LLVMIsASExtInst(a) != NULL;
  if (zext || sext) a = LLVMGetOperand(a, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind) return idx;
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(a));
  /* 32-bit pointers: everything wraps at 2^32, an extension of 32 bits
   * or more changes nothing. Narrower x are left to their extension (an
   * i1 is a lane mask, not a number: clsmith seeds 2, 4, 8 indexed with
   * zext (icmp) and read through the mask's low half) */
  if (w > 64 || w < 32) return idx;
  LLVMValueRef bare = zext || sext ? a : idx;
  bool bare_zx = zext && ptr64;
  LLVMOpcode op = LLVMIsAInstruction(a) ? LLVMGetInstructionOpcode(a) : LLVMRet;
  bool disjoint = op == LLVMOr && LLVMGetIsDisjoint(a);
  LLVMValueRef kc = op == LLVMAdd || disjoint ? LLVMGetOperand(a, 1) : NULL;
  bool nuw = disjoint || (op == LLVMAdd && LLVMGetNUW(a)), nsw = disjoint || (op == LLVMAdd && LLVMGetNSW(a));
  if (kc && LLVMIsAConstantInt(kc) && op == LLVMAdd && w == 32 && !(zext ? nuw : nsw))
    nuw = nsw = add_cannot_wrap(LLVMGetOperand(a, 0), LLVMConstIntGetSExtValue(kc), zext);
  if (!kc || !LLVMIsAConstantInt(kc) || (ptr64 && (zext ? !nuw : w < 64 && !nsw))) {
    *zx = bare_zx;
    return bare;
  }
  *zx = bare_zx;
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
                     uint64_t *size, bool *zx) {
  bool zx_unused;
  if (!zx) zx = &zx_unused;
  *zx = false;
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
  *pidx = index_split(idx, ptr64, &k, zx);
  *coff += k * (int64_t)*size;
  return true;
}

static bool gep_ptr64(LLVMValueRef g) { return isel_type_bits(LLVMTypeOf(g)) == 64; }

/* The LDS byte offset of GEP g's base when that is a constant (an LDS
 * variable, or a constant expression into one): part of g's constant, so
 * the accesses carry it in their 16-bit offset field instead of an add
 * per address (a second tile at 0x400). */
static bool lds_const_base(isel_ctx *c, LLVMValueRef g, int64_t *off) {
  LLVMValueRef b = LLVMGetOperand(g, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(g)) != LLVMPointerTypeKind || LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 3 ||
      !LLVMIsAConstant(b) || LLVMGetTypeKind(LLVMTypeOf(b)) != LLVMPointerTypeKind)
    return false;
  mir_operand o = isel_get(c, b, 0); /* a constant LDS address: nothing emitted */
  if (o.kind != MIR_OPND_CONST) return false;
  *off = o.imm;
  return true;
}

/* The constant byte offset of GEP `ins` (with a constant LDS base's);
 * false for shapes sel_gep does not take. */
static bool gep_const_part(isel_ctx *c, LLVMValueRef ins, int64_t *coff) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(ins);
  uint64_t size;
  *coff = 0;
  lds_const_base(c, ins, coff);
  for (int i = 1; i < LLVMGetNumOperands(ins); i++) {
    LLVMValueRef idx = LLVMGetOperand(ins, i);
    if (!gep_step(c, &ty, i, &idx, gep_ptr64(ins), coff, &size, NULL)) return false;
  }
  return true;
}

/* Immediate offsets [*lo, *hi] an access `user` (load or store) in
 * address space `as` can carry whichever form sel_load/sel_store give it
 * (see the file comment); false for none. */
static bool offset_range(isel_ctx *c, LLVMValueRef user, unsigned as, int64_t *lo, int64_t *hi) {
  unsigned e = c->p->target->encoding;
  int64_t glo, ghi, flo, fhi, mlo, mhi;
  isa_offset_range(e, ISA_FMT_GLOBAL, &glo, &ghi);
  isa_offset_range(e, ISA_FMT_FLAT, &flo, &fhi);
  isa_offset_range(e, ISA_FMT_MUBUF, &mlo, &mhi);
  *lo = 0;
  *hi = ghi < mhi ? ghi : mhi; /* s_load or global_load, MUBUF for private */
  /* a divergent address is never s_load's (sel_load): global_load's
   * signed field, as for stores */
  LLVMValueRef addr = LLVMGetOperand(user, LLVMIsAStoreInst(user) ? 1 : 0);
  bool vmem = divergence_is_divergent(c->di, user) || divergence_is_divergent(c->di, addr);
  switch (as) {
  case 0: *hi = fhi; return true;
  case 4:
    if (vmem) *lo = glo;
    return true;
  case 5: return true;
  case 3: isa_offset_range(e, ISA_FMT_DS, lo, hi); return true;
  case 1:
    /* never s_load (a store, a divergent load or address, memory the
     * kernel may write): global_load/store's signed field */
    if (vmem || LLVMIsAStoreInst(user) || (!isel_has_md(c, user, "invariant.load") && !isel_has_md(c, user, "amdgpu.noclobber")))
      *lo = glo;
    return true;
  default: return false;
  }
}

/* The alignment of the bases a far constant offset is split at: one past
 * the largest offset every global and flat form holds (4096 on gfx9). */
static int64_t split_granule(isel_ctx *c) {
  int64_t lo, ghi, fhi;
  isa_offset_range(c->p->target->encoding, ISA_FMT_GLOBAL, &lo, &ghi);
  isa_offset_range(c->p->target->encoding, ISA_FMT_FLAT, &lo, &fhi);
  return (ghi < fhi ? ghi : fhi) + 1;
}

/* Is GEP instruction `g` (scalar) all constant indices? *k: its bytes. */
static bool gep_const_only(isel_ctx *c, LLVMValueRef g, int64_t *k) {
  if (!LLVMIsAGetElementPtrInst(g) || LLVMGetTypeKind(LLVMTypeOf(g)) == LLVMVectorTypeKind) return false;
  for (int i = 1; i < LLVMGetNumOperands(g); i++)
    if (!LLVMIsAConstantInt(LLVMGetOperand(g, i))) return false;
  return gep_const_part(c, g, k);
}

/* An atomicrmw or cmpxchg `user` that has `ptr` as its address and
 * nowhere else: the type of its value (NULL when not such a use). */
static LLVMTypeRef atomic_address_use(LLVMValueRef user, LLVMValueRef ptr) {
  bool cas = LLVMIsAAtomicCmpXchgInst(user) != NULL;
  if (!cas && !LLVMIsAAtomicRMWInst(user)) return NULL;
  if (LLVMGetOperand(user, 0) != ptr || LLVMGetOperand(user, 1) == ptr || (cas && LLVMGetOperand(user, 2) == ptr))
    return NULL;
  return LLVMTypeOf(LLVMGetOperand(user, cas ? 2 : 1));
}

/* Is every use of `ptr` a non-atomic load or store of it as the address,
 * or an atomicrmw / cmpxchg on it (global, flat and LDS: isel_atomic_emit
 * takes the address as loads do), able to carry coff in its offset field
 * up to its last byte? With `saddr`, the range is global_load/store's
 * (the saddr form is never s_load), else offset_range's (an atomic: its
 * own instruction's field, global_atomic's signed one, flat_atomic's,
 * ds_<op>'s), and (at depth 0) a use may also be a GEP of constant
 * indices k on ptr whose own uses carry coff + k (in the saddr form too:
 * instcombine writes p[i + 32] as `gep i8, p + i, 128`). llc-19 folds the
 * same offsets into atomics (hist[(w >> 8) & 63] += 1: global_atomic_add
 * v, v, s[2:3], the byte offset in the VGPR, the base in SGPRs). */
static bool only_addressed_within(isel_ctx *c, LLVMValueRef ptr, int64_t coff, bool saddr, int depth) {
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  unsigned e = c->p->target->encoding;
  LLVMUseRef u = LLVMGetFirstUse(ptr);
  if (!u) return false;
  for (; u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    LLVMTypeRef ty;
    int64_t k, lo, hi;
    isa_offset_range(e, ISA_FMT_GLOBAL, &lo, &hi);
    if (LLVMIsALoadInst(user)) ty = LLVMTypeOf(user);
    else if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == ptr && LLVMGetOperand(user, 0) != ptr)
      ty = LLVMTypeOf(LLVMGetOperand(user, 0));
    else if (depth == 0 && gep_const_only(c, user, &k) && LLVMGetOperand(user, 0) == ptr) {
      if (!only_addressed_within(c, user, coff + k, saddr, 1)) return false;
      continue;
    } else if ((ty = atomic_address_use(user, ptr)) != NULL) {
      if (as == 0) isa_offset_range(e, ISA_FMT_FLAT, &lo, &hi);
      else if (as == 3) isa_offset_range(e, ISA_FMT_DS, &lo, &hi);
      else if (as != 1) return false;
      if (coff < lo || coff + (int64_t)LLVMStoreSizeOfType(c->td, ty) - 1 > hi) return false;
      continue;
    } else return false;
    if (LLVMGetOrdering(user) != LLVMAtomicOrderingNotAtomic || (!saddr && !offset_range(c, user, as, &lo, &hi)))
      return false;
    if (coff < lo || coff + (int64_t)LLVMStoreSizeOfType(c->td, ty) - 1 > hi) return false;
  }
  return true;
}

/* Is v a kernel's llvm.amdgcn.implicitarg.ptr? Its value is kernarg_ptr +
 * hidden_offset, a constant the loads through it can carry like a GEP's
 * (gep_folded_offset; isel_intrinsics.c then gives it kernarg_ptr as its
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
  if (only_addressed_within(c, ptr, coff, false, 0)) return coff;
  /* Too far for the offset fields: a 64-bit pointer carries the part
   * below a multiple of 4096 and its value is base + that multiple, which
   * the GEPs of one base at nearby constants share (cse computes base +
   * 4096 once for 4156 and 4164; llc-19 keeps one such base too). */
  int64_t r = coff - (coff & ~(split_granule(c) - 1));
  if (r && gep_ptr64(ptr) && only_addressed_within(c, ptr, r, false, 0)) return r;
  return 0;
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
 * the GEP the 32-bit offset idx * size + *vadd as its value.
 * A positive constant past the offset field: the part below a multiple of
 * split_granule stays in the field and the multiple, *vadd, goes into the
 * VGPR offset (one v_add_u32, shared by the GEPs of one index and
 * multiple), when idx * size + *vadd provably stays below 2^32. gfx1030's
 * 12-bit field put out[i + 512] (offset 2048) into a 64-bit address,
 * v_mad_u64_u32 + v_add_co_u32 + v_addc_co_u32, three dependent results
 * before the store (tests/kernels/f_dot_intrinsics.ll; llc-19 adds the
 * constant to the 32-bit offset as here). */
static LLVMValueRef gep_saddr(isel_ctx *c, LLVMValueRef ptr, uint64_t *size, int64_t *coff, int64_t *vadd) {
  *vadd = 0;
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
    if (!gep_step(c, &ty, i, &idx, true, coff, &sz, NULL)) return NULL;
    if (!sz) continue;
    if (var) return NULL;
    var = idx;
    *size = sz;
  }
  if (!var || !divergence_is_divergent(c->di, var) || !isel_value_below(var, (1ull << 32) / *size)) return NULL;
  if (only_addressed_within(c, ptr, *coff, true, 0)) return var;
  int64_t low = *coff & (split_granule(c) - 1), high = *coff - low;
  if (*coff <= 0 || high <= 0 || high >= (1ll << 32) || !isel_value_below(var, ((1ull << 32) - (uint64_t)high) / *size) ||
      !only_addressed_within(c, ptr, low, true, 0))
    return NULL;
  *coff = low;
  *vadd = high;
  return var;
}

LLVMValueRef isel_gep_saddr(isel_ctx *c, LLVMValueRef ptr, uint64_t *size, int64_t *coff) {
  int64_t vadd;
  return gep_saddr(c, ptr, size, coff, &vadd);
}

/* A GEP of constant indices (k bytes) on a GEP g in the saddr form
 * (isel_gep_saddr): its loads and stores are g's, with k more in their
 * offset field (only_addressed_within checked the range), and its value
 * is g's 32-bit VGPR offset. Returns g's index (NULL when `ptr` is not
 * such a GEP) with g's element size, and *coff = g's constant + k. */
LLVMValueRef isel_gep_saddr_user(isel_ctx *c, LLVMValueRef ptr, LLVMValueRef *g, uint64_t *size, int64_t *coff) {
  int64_t k;
  if (!gep_const_only(c, ptr, &k) || !LLVMIsAGetElementPtrInst(*g = LLVMGetOperand(ptr, 0))) return NULL;
  LLVMValueRef var = isel_gep_saddr(c, *g, size, coff);
  if (var) *coff += k;
  return var;
}

/* The variable indices of GEP `g` and the element sizes they scale (the
 * low bit set for a zero-extended index, see index_split), at most 4
 * (*n); false for shapes sel_gep does not take or more indices. */
static bool gep_vars(isel_ctx *c, LLVMValueRef g, LLVMValueRef *v, uint64_t *sz, unsigned *n) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
  int64_t coff = 0;
  *n = 0;
  for (int i = 1; i < LLVMGetNumOperands(g); i++) {
    uint64_t size;
    LLVMValueRef idx = LLVMGetOperand(g, i);
    bool zx;
    if (!gep_step(c, &ty, i, &idx, gep_ptr64(g), &coff, &size, &zx)) return false;
    if (!size) continue;
    if (*n == 4) return false;
    v[*n] = idx;
    sz[(*n)++] = size << 1 | zx;
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
         !isel_gep_saddr(c, g, &esize, &coff);
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
  if (!gep_vars(c, ins, v, sz, &n)) return NULL;
  int only = -1; /* gep_only_variable(ins), asked once a candidate matches (both are pure) */
  LLVMValueRef g = LLVMGetPreviousInstruction(ins);
  for (unsigned k = 0; g && k < 256; k++, g = LLVMGetPreviousInstruction(g)) {
    int64_t lb;
    if (!LLVMIsAGetElementPtrInst(g) || LLVMTypeOf(g) != LLVMTypeOf(ins) || !isel_has(c, g) ||
        !gep_vars(c, g, w, sw, &m) || m != n)
      continue;
    /* two constant LDS bases are both in the offset fields */
    if (LLVMGetOperand(g, 0) != LLVMGetOperand(ins, 0) && !(lds_const_base(c, g, &lb) && lds_const_base(c, ins, &lb)))
      continue;
    bool same = true;
    for (unsigned j = 0; j < n && same; j++) same = v[j] == w[j] && sz[j] == sw[j];
    if (!same) continue;
    if (only < 0) only = gep_only_variable(c, ins);
    if (!only) return NULL;
    if (gep_only_variable(c, g)) return g;
  }
  return NULL;
}

/* A divergent 64-bit address base + x * size with x a 32-bit value
 * known to extend with zeros (zero-extended, or below 2^31; an i64 index
 * below 2^32) is one v_mad_u64_u32 x, size, base: not a 64-bit shift or
 * multiply and an add with carry (five instructions with their moves).
 * *x32: the 32-bit x. */
static bool mad_index(isel_ctx *c, LLVMValueRef idx, bool zx, mir_operand *x32) {
  if (LLVMIsAConstant(idx)) return false;
  unsigned ib = isel_type_bits(LLVMTypeOf(idx));
  if (ib == 32 && (zx || isel_value_below(idx, 1ull << 31))) *x32 = isel_get(c, idx, 0);
  else if (ib == 64 && isel_value_below(idx, 1ull << 32)) *x32 = isel_get_half(c, idx, 0, false);
  else return false;
  return true;
}

/* idx = shl (zext x), k or mul (zext x), m (x an i32, k < 32, m < 2^32):
 * exactly zext(x) * 2^k or * m in 64 bits, no wrap. Then *x = x and
 * *scale the factor; a GEP adds x * (size * scale) with one
 * v_mad_u64_u32, not the 64-bit shift (with the moves building the pair)
 * and then the multiply-add. Loop strength reduction writes a loop's start
 * address this way (`base + (zext l << 2)`, bench/real/gemv_wg.cl). */
static bool scaled_zext(LLVMValueRef idx, LLVMValueRef *x, uint64_t *scale) {
  if (!LLVMIsAInstruction(idx) || isel_type_bits(LLVMTypeOf(idx)) != 64) return false;
  LLVMOpcode op = LLVMGetInstructionOpcode(idx);
  if (op != LLVMShl && op != LLVMMul) return false;
  LLVMValueRef z = LLVMGetOperand(idx, 0), k = LLVMGetOperand(idx, 1);
  if (!LLVMIsAConstantInt(k) || !LLVMIsAInstruction(z) || LLVMGetInstructionOpcode(z) != LLVMZExt ||
      isel_type_bits(LLVMTypeOf(LLVMGetOperand(z, 0))) != 32)
    return false;
  uint64_t kv = LLVMConstIntGetZExtValue(k);
  if (op == LLVMShl ? kv >= 32 : kv > UINT32_MAX) return false;
  *x = LLVMGetOperand(z, 0);
  *scale = op == LLVMShl ? 1ull << kv : kv;
  return true;
}

/* idx = shl x, k (constant k, idx as wide as the pointer, not a
 * zero-extension index_split looked through): idx * size is x * (size <<
 * k) in the pointer's modular arithmetic, so the GEP scales x once (one
 * v_lshlrev_b64 for `out[2 * i]` of longs, not two: f_conv_int_sat.cl);
 * the shl is left to dce when nothing else reads it. */
static void shift_into_size(isel_ctx *c, LLVMValueRef *idx, uint64_t *size, bool ptr64, bool zx) {
  LLVMValueRef v = *idx;
  if (zx || !LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMShl ||
      isel_type_bits(LLVMTypeOf(v)) != (ptr64 ? 64u : 32u))
    return;
  LLVMValueRef x = LLVMGetOperand(v, 0), k = LLVMGetOperand(v, 1);
  if (!LLVMIsAConstantInt(k) || LLVMIsAConstant(x) || !isel_has(c, x)) return;
  uint64_t kv = LLVMConstIntGetZExtValue(k);
  if (kv >= 32 || (*size << kv) > UINT32_MAX || (*size << kv) >> kv != *size) return;
  *size <<= kv;
  *idx = x;
}

bool isel_gep(isel_ctx *c, LLVMValueRef ins) {
  LLVMTypeRef pty = LLVMTypeOf(ins);
  if (LLVMGetTypeKind(pty) == LLVMVectorTypeKind) return false;
  unsigned pbits = isel_type_bits(pty);
  if (pbits != 32 && pbits != 64) return false;
  bool ptr64 = pbits == 64;
  bool vgpr = divergence_is_divergent(c->di, ins);
  uint64_t esize;
  int64_t scoff;
  int64_t vadd;
  LLVMValueRef var = gep_saddr(c, ins, &esize, &scoff, &vadd);
  if (var) {
    mir_temp off = isel_to_vgpr(c, scaled_index(c, var, esize, false, true, false), 1);
    if (vadd) off = isel_v1c(c, ISA_V_ADD_U32, mir_op_const((uint32_t)vadd), mir_op_temp(off));
    isel_set(c, ins, 0, off);
    return true;
  }
  LLVMValueRef sg;
  if (isel_gep_saddr_user(c, ins, &sg, &esize, &scoff)) {
    mir_operand o = isel_get(c, sg, 0);
    assert(o.kind == MIR_OPND_TEMP);
    isel_set(c, ins, 0, o.temp);
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
  int64_t coff = 0;
  mir_operand base = lds_const_base(c, ins, &coff) ? mir_op_const(0) : isel_get(c, LLVMGetOperand(ins, 0), 0);
  if (isel_opnd_is_vgpr(&base)) vgpr = true;
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(ins);
  mir_operand acc = base;
  for (int i = 1; i < LLVMGetNumOperands(ins); i++) {
    LLVMValueRef idx = LLVMGetOperand(ins, i);
    uint64_t size;
    bool zx;
    if (!gep_step(c, &ty, i, &idx, ptr64, &coff, &size, &zx)) return false;
    if (!size) continue;
    shift_into_size(c, &idx, &size, ptr64, zx);
    mir_operand x32;
    LLVMValueRef zx_of;
    uint64_t scale;
    if (ptr64 && divergence_is_divergent(c->di, ins) && scaled_zext(idx, &zx_of, &scale) && scale &&
        size <= UINT32_MAX / scale && isel_has(c, zx_of)) {
      acc = mir_op_temp(isel_mad_u64(c, isel_get(c, zx_of, 0), mir_op_const((uint32_t)(size * scale)), acc));
      vgpr = true;
      continue;
    }
    if (ptr64 && size <= UINT32_MAX && divergence_is_divergent(c->di, ins) && mad_index(c, idx, zx, &x32)) {
      acc = mir_op_temp(isel_mad_u64(c, x32, mir_op_const((uint32_t)size), acc));
      vgpr = true;
      continue;
    }
    /* a uniform index in SGPRs is scaled by the SALU even when the base
     * is divergent: one VALU add of the scaled index to the base, not a
     * copy to a VGPR and a VALU shift (jacobi2d's in[i + w]: llc-19's
     * s_ashr_i32 + s_lshl_b64 of w) */
    bool vidx = vgpr;
    if (vidx && !divergence_is_divergent(c->di, idx)) {
      mir_operand xo = isel_get(c, idx, 0);
      vidx = isel_opnd_is_vgpr(&xo);
    }
    mir_operand si = scaled_index(c, idx, size, ptr64, vidx, zx);
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

LLVMValueRef isel_address_root(isel_ctx *c, LLVMValueRef ptr) {
  int64_t k;
  while (gep_const_only(c, ptr, &k) && gep_only_variable(c, ptr)) ptr = LLVMGetOperand(ptr, 0);
  return ptr;
}
