/* Instruction selection: buffer resources (ptr addrspace(8), a V# in four
 * SGPRs) and the buffer intrinsics on them, which the fat-pointer lowering
 * (src/llvm/lower_buffer_fat_pointers.c) produces and kernels may call
 * directly.
 *
 *  - A p8 value is one s4 temporary (V# dwords 0..3); a p8 kernel argument
 *    is s_load_dwordx4 from the kernarg segment (value kind by_value). It
 *    is always uniform here: the IR pass buffer-waterfall
 *    (src/llvm/fatptr_waterfall.c) turned divergent resources into
 *    <4 x i32> and wrapped their accesses in loops that read one V# per
 *    iteration with readfirstlane; a divergent p8 that still arrives is
 *    reported ("divergent buffer resource"), never read from one lane.
 *  - llvm.amdgcn.make.buffer.rsrc(base, stride, num_records, flags):
 *    dword0 = base[31:0], dword1 = base[47:32] | stride << 16, dword2 =
 *    num_records, dword3 = flags (Vega ISA guide 8.1.5, "Buffer Resource").
 *  - raw.ptr.buffer.load/store(rsrc, voffset, soffset, aux): MUBUF with
 *    the offset in a VGPR (offen) or, for a constant below 4096, in the
 *    instruction's offset field; soffset as given (the hardware adds it
 *    after the range check); aux bit 0 = glc, bit 1 = slc. An offset
 *    `x + constant` puts the constant in the offset field, and an add used
 *    only that way selects to nothing. struct.ptr
 *    variants add the index (idxen, vaddr = {index, offset}; the stride
 *    comes from the V#). Values are moved as dwords: 16/12/8/4-byte
 *    accesses, then a short and a byte for the tail, packed and unpacked
 *    with isel_pack_dwords / isel_unpack_dwords.
 *  - A raw.ptr.buffer.load marked !invariant.load with a uniform offset,
 *    and llvm.amdgcn.s.buffer.load with a uniform offset, become
 *    s_buffer_load_dword{,x2,x4,x8,x16} (scalar cache); otherwise (a
 *    divergent offset, or under masked linearisation, where a scalar load
 *    would ignore EXEC) MUBUF loads of the same bytes.
 *  - raw/struct.ptr.buffer.atomic.*: buffer_atomic_* (glc when the old
 *    value is used; it comes back in the data registers, a tie register
 *    allocation honours through a preference, see regalloc.c).
 *  - ptrtoint p8 -> i128, inttoptr i128 -> p8 and bitcasts between i128 and
 *    <4 x i32> (how the lowering moves a V# through memory): the i128 is
 *    four 32-bit components.
 *  - select / icmp eq,ne / freeze / phi of p8 (uniform): SALU on the four
 *    dwords; under masked linearisation (isel_cf.c) a resource phi blends
 *    with isel_buffer_cselect.
 * Range rules (raw buffer, stride 0): an access whose bytes are at or
 * past num_records reads 0 and writes nothing; the emulator checks whole
 * accesses (src/emu/exec_mem.c), so an access straddling num_records is
 * dropped entirely.
 */
#include <stdio.h>
#include <string.h>

#include "isel/isel_internal.h"

static bool name_is(const char *n, const char *p) { return strncmp(n, p, strlen(p)) == 0; }

static bool is_p8(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 8;
}

bool isel_is_rsrc_type(LLVMTypeRef t) { return is_p8(t); }

mir_temp isel_buffer_rsrc(isel_ctx *c, LLVMValueRef v) {
  if (LLVMIsAConstant(v)) {
    /* null, undef, poison: a zero V# (num_records 0: every access misses) */
    mir_operand z = mir_op_const(0);
    z.size = 2;
    mir_temp lo = isel_to_sgpr(c, z, 2), hi = isel_to_sgpr(c, z, 2);
    mir_temp d = isel_tmp(c, mir_rc_s(4));
    mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, 2, 1);
    cv->ops[0] = mir_op_temp(lo);
    cv->ops[1] = mir_op_temp(hi);
    cv->defs[0] = mir_op_temp(d);
    return d;
  }
  mir_operand o = isel_get(c, v, 0);
  if (o.kind != MIR_OPND_TEMP || mir_rc_size((mir_rc)o.temp.rc) != 4 || mir_rc_is_vgpr((mir_rc)o.temp.rc)) {
    isel_unsupported(c, v, "buffer resource");
    return isel_tmp(c, mir_rc_s(4));
  }
  return o.temp;
}

mir_temp isel_buffer_arg(isel_ctx *c, uint32_t off) {
  mir_temp d = isel_tmp(c, mir_rc_s(4));
  mir_instr *ld = isel_emit(c, ISA_S_LOAD_DWORDX4, 1, 1);
  ld->ops[0] = mir_op_temp(c->kernarg_ptr);
  ld->offset = (int32_t)off;
  ld->defs[0] = mir_op_temp(d);
  return d;
}

static mir_temp rsrc_half(isel_ctx *c, mir_temp r, bool hi) { return isel_extract(c, r, hi ? 2 : 0, 2); }

static mir_temp create_s4(isel_ctx *c, const mir_operand *parts) {
  mir_temp d = isel_tmp(c, mir_rc_s(4));
  mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, 4, 1);
  for (unsigned i = 0; i < 4; i++) cv->ops[i] = parts[i];
  cv->defs[0] = mir_op_temp(d);
  return d;
}

static mir_temp make_rsrc(isel_ctx *c, LLVMValueRef ins) {
  mir_operand base = isel_get(c, LLVMGetOperand(ins, 0), 0);
  mir_operand lo = isel_half_of(c, base, false), hi = isel_half_of(c, base, true);
  mir_temp w1 = isel_s(c, ISA_S_AND_B32, 1, hi, mir_op_const(0xffff));
  mir_operand stride = isel_get(c, LLVMGetOperand(ins, 1), 0);
  if (!(stride.kind == MIR_OPND_CONST && (stride.imm & 0xffff) == 0)) {
    mir_operand sh = stride.kind == MIR_OPND_CONST ? mir_op_const((stride.imm & 0xffff) << 16)
                                                   : mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, stride, mir_op_const(16)));
    w1 = isel_s(c, ISA_S_OR_B32, 1, mir_op_temp(w1), sh);
  }
  mir_operand parts[4] = {mir_op_temp(isel_to_sgpr(c, lo, 1)), mir_op_temp(w1),
                          mir_op_temp(isel_to_sgpr(c, isel_get(c, LLVMGetOperand(ins, 2), 0), 1)),
                          mir_op_temp(isel_to_sgpr(c, isel_get(c, LLVMGetOperand(ins, 3), 0), 1))};
  return create_s4(c, parts);
}

/* A V# from a value of four 32-bit components (<4 x i32>: the operand of
 * llvm.amdgcn.s.buffer.load; i128: inttoptr to p8), read into SGPRs. */
static mir_temp rsrc_of_dwords(isel_ctx *c, LLVMValueRef v) {
  mir_operand parts[4];
  for (unsigned i = 0; i < 4; i++) parts[i] = mir_op_temp(isel_to_sgpr(c, isel_get(c, v, i), 1));
  return create_s4(c, parts);
}

/* ---- MUBUF ---- */

/* How a MUBUF instruction addresses: vaddr (id 0: "off"), its flags, the
 * instruction offset, soffset, cache bits. */
typedef struct bufaddr {
  mir_temp rsrc, vaddr;
  unsigned flags; /* MIR_ENC_OFFEN / IDXEN / GLC / SLC */
  uint32_t imm;
  mir_operand soff;
} bufaddr;

/* voffset = x + k with a constant k the instruction's 12-bit offset field
 * can carry (the pieces of one access add up to 60 more). The hardware
 * range-checks vaddr + offset together; whether that sum wraps at 32 bits
 * as the IR's does is not documented (the emulator wraps), so only an add
 * that cannot wrap (nuw) splits. */
static bool split_offset(LLVMValueRef v, LLVMValueRef *x, uint32_t *k) {
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd || !LLVMGetNUW(v)) return false;
  for (int s = 0; s < 2; s++) {
    LLVMValueRef kv = LLVMGetOperand(v, 1 - s), xv = LLVMGetOperand(v, s);
    if (!LLVMIsAConstantInt(kv) || LLVMIsAConstant(xv)) continue;
    uint64_t kk = LLVMConstIntGetZExtValue(kv);
    if (kk == 0 || kk >= 4096 - 64) continue;
    *x = xv;
    *k = (uint32_t)kk;
    return true;
  }
  return false;
}

static const char *callee_name(LLVMValueRef ins);

/* Operand index of the voffset of a raw/struct buffer load/store/atomic
 * call (not the scalar-load candidates), or -1. */
static int voffset_operand(LLVMValueRef call) {
  const char *n = LLVMIsACallInst(call) ? callee_name(call) : NULL;
  unsigned kid = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(call)), "invariant.load", 14);
  if (!n || LLVMGetMetadata(call, kid)) return -1;
  bool raw = name_is(n, "llvm.amdgcn.raw.ptr.buffer."), st = name_is(n, "llvm.amdgcn.struct.ptr.buffer.");
  if (!raw && !st) return -1;
  const char *op = n + (raw ? 27 : 30);
  int first = name_is(op, "load.") ? 0 : name_is(op, "store.") ? 1 : name_is(op, "atomic.cmpswap.") ? 2
            : name_is(op, "atomic.") ? 1 : -1;
  return first < 0 ? -1 : first + (st ? 2 : 1);
}

/* An add whose every use is the voffset of a buffer access: those fold its
 * constant into the offset field, so it needs no instruction of its own. */
static bool offset_add_folds(LLVMValueRef ins) {
  LLVMValueRef x;
  uint32_t k;
  if (!split_offset(ins, &x, &k) || !LLVMGetFirstUse(ins)) return false;
  for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    int vi = voffset_operand(user);
    if (vi < 0 || LLVMGetOperand(user, (unsigned)vi) != ins) return false;
    for (unsigned i = 0; i < (unsigned)LLVMGetNumOperands(user); i++)
      if ((int)i != vi && LLVMGetOperand(user, i) == ins) return false;
  }
  return true;
}

static void addr_of(isel_ctx *c, bufaddr *a, mir_temp rsrc, LLVMValueRef index, LLVMValueRef voff,
                    LLVMValueRef soff, LLVMValueRef aux) {
  memset(a, 0, sizeof *a);
  a->rsrc = rsrc;
  LLVMValueRef x;
  uint32_t fold = 0;
  if (split_offset(voff, &x, &fold)) voff = x;
  mir_operand o = isel_get(c, voff, 0);
  bool const_off = o.kind == MIR_OPND_CONST && o.imm < 4096 - 64; /* pieces add up to 60 */
  if (index) {
    mir_operand ix = isel_get(c, index, 0);
    a->flags |= MIR_ENC_IDXEN;
    if (const_off) {
      a->vaddr = isel_to_vgpr(c, ix, 1);
      a->imm = o.imm;
    } else {
      a->vaddr = isel_create2(c, ix, o, true);
      a->flags |= MIR_ENC_OFFEN;
    }
  } else if (const_off) {
    a->imm = o.imm;
  } else {
    a->vaddr = isel_to_vgpr(c, o, 1);
    a->flags |= MIR_ENC_OFFEN;
  }
  a->imm += fold;
  a->soff = isel_get(c, soff, 0);
  if (a->soff.kind == MIR_OPND_CONST && !isel_is_inline_const(a->soff.imm)) a->soff = mir_op_temp(isel_to_sgpr(c, a->soff, 1));
  else if (a->soff.kind == MIR_OPND_TEMP) a->soff = mir_op_temp(isel_to_sgpr(c, a->soff, 1));
  uint64_t bits = LLVMIsAConstantInt(aux) ? LLVMConstIntGetZExtValue(aux) : 0;
  if (bits & 1) a->flags |= MIR_ENC_GLC;
  if (bits & 2) a->flags |= MIR_ENC_SLC;
}

/* The address operands of a raw/struct buffer intrinsic call whose
 * resource is operand `first`: (rsrc, [index,] voffset, soffset, aux). */
static void addr_of_call(isel_ctx *c, bufaddr *a, LLVMValueRef ins, unsigned first, bool structured) {
  unsigned k = first + (structured ? 1 : 0);
  addr_of(c, a, isel_buffer_rsrc(c, LLVMGetOperand(ins, first)), structured ? LLVMGetOperand(ins, first + 1) : NULL,
          LLVMGetOperand(ins, k + 1), LLVMGetOperand(ins, k + 2), LLVMGetOperand(ins, k + 3));
}

/* One MUBUF access of `bytes` at byte `at` past the address; `data` (id 0
 * for loads) is the stored tuple. Returns the loaded tuple. */
static mir_temp mubuf(isel_ctx *c, const bufaddr *a, unsigned bytes, uint32_t at, mir_temp data) {
  static const struct { unsigned bytes, ld, st; } ops[] = {
      {1, ISA_BUFFER_LOAD_UBYTE, ISA_BUFFER_STORE_BYTE},      {2, ISA_BUFFER_LOAD_USHORT, ISA_BUFFER_STORE_SHORT},
      {4, ISA_BUFFER_LOAD_DWORD, ISA_BUFFER_STORE_DWORD},     {8, ISA_BUFFER_LOAD_DWORDX2, ISA_BUFFER_STORE_DWORDX2},
      {12, ISA_BUFFER_LOAD_DWORDX3, ISA_BUFFER_STORE_DWORDX3}, {16, ISA_BUFFER_LOAD_DWORDX4, ISA_BUFFER_STORE_DWORDX4},
  };
  unsigned k = 0;
  while (ops[k].bytes != bytes) k++;
  bool store = data.id != 0;
  unsigned nops = (store ? 1 : 0) + (a->vaddr.id ? 1 : 0) + 2, i = 0;
  mir_instr *in = isel_emit(c, store ? ops[k].st : ops[k].ld, nops, store ? 0 : 1);
  if (store) in->ops[i++] = mir_op_temp(data);
  if (a->vaddr.id) in->ops[i++] = mir_op_temp(a->vaddr);
  in->ops[i++] = mir_op_temp(a->rsrc);
  in->ops[i++] = a->soff;
  in->enc_flags |= (uint16_t)a->flags;
  in->offset = (int32_t)(a->imm + at);
  mir_temp d = {0};
  if (!store) {
    d = isel_tmp(c, mir_rc_v((bytes + 3) / 4));
    in->defs[0] = mir_op_temp(d);
  }
  return d;
}

/* The pieces an access of `bytes` is made of: 16/12/8/4, then 2, then 1. */
static unsigned piece(unsigned left) {
  return left >= 16 ? 16 : left >= 12 ? 12 : left >= 8 ? 8 : left >= 4 ? 4 : left >= 2 ? 2 : 1;
}

static void load_words(isel_ctx *c, const bufaddr *a, unsigned bytes, mir_operand *words) {
  for (unsigned off = 0; off < bytes;) {
    unsigned ch = piece(bytes - off);
    mir_temp d = mubuf(c, a, ch, off, (mir_temp){0});
    if (ch >= 4) {
      for (unsigned k = 0; k < ch / 4; k++) words[off / 4 + k] = ch == 4 ? mir_op_temp(d) : mir_op_temp(isel_extract(c, d, k, 1));
    } else if (off % 4 == 0) {
      words[off / 4] = mir_op_temp(d);
    } else {
      /* the tail's byte or short above a short: or it in at bit 8*(off%4) */
      mir_temp sh = isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const(8 * (off % 4)), mir_op_temp(d));
      words[off / 4] = mir_op_temp(isel_v1(c, ISA_V_OR_B32, words[off / 4], mir_op_temp(sh)));
    }
    off += ch;
  }
}

static void store_words(isel_ctx *c, const bufaddr *a, unsigned bytes, const mir_operand *words) {
  for (unsigned off = 0; off < bytes;) {
    unsigned ch = piece(bytes - off);
    mir_temp data;
    if (ch >= 8) {
      unsigned n = ch / 4;
      data = isel_tmp(c, mir_rc_v(n));
      mir_operand parts[4];
      for (unsigned k = 0; k < n; k++) parts[k] = mir_op_temp(isel_to_vgpr(c, words[off / 4 + k], 1));
      mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, n, 1);
      for (unsigned k = 0; k < n; k++) cv->ops[k] = parts[k];
      cv->defs[0] = mir_op_temp(data);
    } else if (off % 4 == 0) {
      data = isel_to_vgpr(c, words[off / 4], 1);
    } else {
      data = isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(8 * (off % 4)), words[off / 4]);
    }
    mubuf(c, a, ch, off, data);
    off += ch;
  }
}

/* A load of ins's type at byte `off` of raw buffer `rsrc` (MUBUF, no
 * soffset), `aux` bit 0 = glc, bit 1 = slc. */
static bool sel_load_at(isel_ctx *c, LLVMValueRef ins, mir_temp rsrc, LLVMValueRef off, LLVMValueRef aux) {
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(ins));
  if (bytes > 64 || isel_num_comps(LLVMTypeOf(ins)) > 16) {
    isel_unsupported(c, ins, "buffer load wider than 64 bytes or 16 elements");
    return true;
  }
  bufaddr a;
  addr_of(c, &a, rsrc, NULL, off, LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(c->mod)), 0, 0), aux);
  mir_operand words[16];
  load_words(c, &a, bytes, words);
  if (!isel_unpack_dwords(c, ins, words, (bytes + 3) / 4)) isel_unsupported(c, ins, "buffer load of this type");
  return true;
}

/* raw/struct.ptr.buffer.load: operands (rsrc, [index,] voffset, soffset, aux). */
static bool sel_buffer_load(isel_ctx *c, LLVMValueRef ins, bool structured) {
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(ins));
  if (bytes > 64 || isel_num_comps(LLVMTypeOf(ins)) > 16) {
    isel_unsupported(c, ins, "buffer load wider than 64 bytes or 16 elements");
    return true;
  }
  bufaddr a;
  addr_of_call(c, &a, ins, 0, structured);
  mir_operand words[16];
  load_words(c, &a, bytes, words);
  if (!isel_unpack_dwords(c, ins, words, (bytes + 3) / 4)) isel_unsupported(c, ins, "buffer load of this type");
  return true;
}

static bool sel_buffer_store(isel_ctx *c, LLVMValueRef ins, bool structured) {
  LLVMValueRef val = LLVMGetOperand(ins, 0);
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(val));
  mir_operand words[32];
  unsigned nw;
  if (bytes > 64 || isel_num_comps(LLVMTypeOf(val)) > 16 || !isel_pack_dwords(c, val, words, &nw)) {
    isel_unsupported(c, ins, "buffer store of this type");
    return true;
  }
  bufaddr a;
  addr_of_call(c, &a, ins, 1, structured);
  store_words(c, &a, bytes, words);
  return true;
}

/* raw/struct.ptr.buffer.{load,store}.format: buffer_{load,store}_format_*
 * (d16 forms for 16-bit components, packed two per dword as GFX9 has
 * them): 1 to 4 components of 32 or 16 bits, the conversion done by the
 * hardware through the V#'s DATA_FORMAT / NUM_FORMAT. Only where the
 * target has the GFX9 V# layout (target.h typed_buffer_gfx9): RDNA's
 * unified FORMAT field is not modelled, so refused there. */
static bool sel_buffer_format(isel_ctx *c, LLVMValueRef ins, bool structured, bool store, bool tbuffer) {
  static const unsigned tops[2][2][4] = {
      {{ISA_TBUFFER_LOAD_FORMAT_X, ISA_TBUFFER_LOAD_FORMAT_XY, ISA_TBUFFER_LOAD_FORMAT_XYZ, ISA_TBUFFER_LOAD_FORMAT_XYZW},
       {ISA_TBUFFER_LOAD_FORMAT_D16_X, ISA_TBUFFER_LOAD_FORMAT_D16_XY, ISA_TBUFFER_LOAD_FORMAT_D16_XYZ,
        ISA_TBUFFER_LOAD_FORMAT_D16_XYZW}},
      {{ISA_TBUFFER_STORE_FORMAT_X, ISA_TBUFFER_STORE_FORMAT_XY, ISA_TBUFFER_STORE_FORMAT_XYZ, ISA_TBUFFER_STORE_FORMAT_XYZW},
       {ISA_TBUFFER_STORE_FORMAT_D16_X, ISA_TBUFFER_STORE_FORMAT_D16_XY, ISA_TBUFFER_STORE_FORMAT_D16_XYZ,
        ISA_TBUFFER_STORE_FORMAT_D16_XYZW}},
  };
  static const unsigned ops[2][2][4] = {
      {{ISA_BUFFER_LOAD_FORMAT_X, ISA_BUFFER_LOAD_FORMAT_XY, ISA_BUFFER_LOAD_FORMAT_XYZ, ISA_BUFFER_LOAD_FORMAT_XYZW},
       {ISA_BUFFER_LOAD_FORMAT_D16_X, ISA_BUFFER_LOAD_FORMAT_D16_XY, ISA_BUFFER_LOAD_FORMAT_D16_XYZ, ISA_BUFFER_LOAD_FORMAT_D16_XYZW}},
      {{ISA_BUFFER_STORE_FORMAT_X, ISA_BUFFER_STORE_FORMAT_XY, ISA_BUFFER_STORE_FORMAT_XYZ, ISA_BUFFER_STORE_FORMAT_XYZW},
       {ISA_BUFFER_STORE_FORMAT_D16_X, ISA_BUFFER_STORE_FORMAT_D16_XY, ISA_BUFFER_STORE_FORMAT_D16_XYZ,
        ISA_BUFFER_STORE_FORMAT_D16_XYZW}},
  };
  LLVMValueRef val = store ? LLVMGetOperand(ins, 0) : ins;
  LLVMTypeRef t = LLVMTypeOf(val);
  unsigned comps = isel_num_comps(t), bits = isel_type_bits(LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t);
  if (!c->p->target->typed_buffer_gfx9) {
    isel_unsupported(c, ins, "typed buffer access on this target (its V# format field is not modelled; gfx900 only)");
    return true;
  }
  if (comps < 1 || comps > 4 || (bits != 32 && bits != 16)) {
    isel_unsupported(c, ins, "typed buffer access of this type (1 to 4 components of 16 or 32 bits)");
    return true;
  }
  bool d16 = bits == 16;
  unsigned ndw = d16 ? (comps + 1) / 2 : comps;
  /* operands: [data,] rsrc, [index,] voffset, soffset, [format,] aux */
  unsigned first = store ? 1 : 0, k = first + (structured ? 1 : 0);
  LLVMValueRef fmt = tbuffer ? LLVMGetOperand(ins, k + 3) : NULL;
  if (fmt && (!LLVMIsAConstantInt(fmt) || LLVMConstIntGetZExtValue(fmt) > 127)) {
    isel_unsupported(c, ins, "tbuffer format that is not a constant DATA_FORMAT | NUM_FORMAT << 4 (gfx9)");
    return true;
  }
  bufaddr a;
  addr_of(c, &a, isel_buffer_rsrc(c, LLVMGetOperand(ins, first)), structured ? LLVMGetOperand(ins, first + 1) : NULL,
          LLVMGetOperand(ins, k + 1), LLVMGetOperand(ins, k + 2), LLVMGetOperand(ins, k + (tbuffer ? 4 : 3)));
  mir_temp data = {0};
  if (store) {
    mir_operand words[8];
    unsigned nw = 0;
    if (!isel_pack_dwords(c, val, words, &nw) || nw != ndw) {
      isel_unsupported(c, ins, "typed buffer store of this type");
      return true;
    }
    data = isel_tmp(c, mir_rc_v(ndw));
    mir_operand parts[4];
    for (unsigned k = 0; k < ndw; k++) parts[k] = mir_op_temp(isel_to_vgpr(c, words[k], 1));
    mir_instr *cv = isel_emit(c, ndw == 1 ? MIR_P_COPY : MIR_P_CREATE_VECTOR, ndw, 1);
    for (unsigned k = 0; k < ndw; k++) cv->ops[k] = parts[k];
    cv->defs[0] = mir_op_temp(data);
  }
  unsigned nops = (store ? 1 : 0) + (a.vaddr.id ? 1 : 0) + 2, i = 0;
  mir_instr *in = isel_emit(c, (tbuffer ? tops : ops)[store][d16][comps - 1], nops, store ? 0 : 1);
  if (fmt) in->omod = (uint8_t)LLVMConstIntGetZExtValue(fmt); /* MTBUF: mir.h */
  if (store) in->ops[i++] = mir_op_temp(data);
  if (a.vaddr.id) in->ops[i++] = mir_op_temp(a.vaddr);
  in->ops[i++] = mir_op_temp(a.rsrc);
  in->ops[i++] = a.soff;
  in->enc_flags |= (uint16_t)a.flags;
  in->offset = (int32_t)a.imm;
  if (store) return true;
  mir_temp d = isel_tmp(c, mir_rc_v(ndw));
  in->defs[0] = mir_op_temp(d);
  mir_operand words[4];
  for (unsigned k = 0; k < ndw; k++) words[k] = ndw == 1 ? mir_op_temp(d) : mir_op_temp(isel_extract(c, d, k, 1));
  if (!isel_unpack_dwords(c, ins, words, ndw)) isel_unsupported(c, ins, "typed buffer load of this type");
  return true;
}

/* raw/struct.ptr.buffer.atomic.OP(data, [cmp,] rsrc, [index,] voffset,
 * soffset, aux): buffer_atomic_OP[_x2]. The intrinsics are relaxed (no
 * ordering operand): the atomic issues without waiting for the accesses
 * before it, as llc-19's (one wave's accesses to an address stay in order,
 * and monotonic atomicrmw does the same: isel_atomic_emit). The returning form (glc)
 * writes the old value over its data registers: the data goes in a copy
 * used nowhere else, which register allocation gives to the result. */
static bool sel_buffer_atomic(isel_ctx *c, LLVMValueRef ins, const char *n, bool structured) {
  const char *op = strstr(n, "buffer.atomic.") + 14;
  size_t oplen = strcspn(op, ".");
  bool cas = oplen == 7 && !strncmp(op, "cmpswap", 7);
  unsigned bits = isel_type_bits(LLVMTypeOf(ins)), dw = bits == 64 ? 2 : 1;
  static const struct { const char *name; isa_atomic at; } ops[] = {
      {"swap", ISA_AT_SWAP}, {"cmpswap", ISA_AT_CMPSWAP}, {"add", ISA_AT_ADD}, {"sub", ISA_AT_SUB}, {"smin", ISA_AT_SMIN},
      {"umin", ISA_AT_UMIN}, {"smax", ISA_AT_SMAX}, {"umax", ISA_AT_UMAX}, {"and", ISA_AT_AND}, {"or", ISA_AT_OR},
      {"xor", ISA_AT_XOR}, {"inc", ISA_AT_INC}, {"dec", ISA_AT_DEC},
  };
  isa_atomic at = ISA_AT_NONE; /* the intrinsic's operation */
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strlen(ops[i].name) == oplen && !strncmp(op, ops[i].name, oplen)) at = ops[i].at;
  isa_op iop = at == ISA_AT_NONE ? ISA_NUM_OPS : isa_atomic_find(ISA_FMT_MUBUF, at, bits / 8, true);
  if (oplen == 4 && !strncmp(op, "fadd", 4) && (LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMFloatTypeKind || LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMDoubleTypeKind)) {
    /* fadd.f32/f64: buffer_atomic_add_f32/f64 where the processor has it
     * (gfx90a, gfx942; lower-buffer-fat-pointers makes it on gfx942 only,
     * expand_buffer_ops.h wir_mark_buffer_fadd) */
    for (unsigned i = 0; i < ISA_NUM_OPS && iop == ISA_NUM_OPS; i++) {
      const isa_sem *s = isa_sem_of(i);
      if (isa_table[i].format == ISA_FMT_MUBUF && s->atomic == ISA_AT_FADD && s->bytes == bits / 8 &&
          isa_type_float((isa_type)s->stype) && isa_encoding(c->p->target->encoding, i))
        iop = (isa_op)i;
    }
    if (iop == ISA_NUM_OPS) {
      isel_unsupported(c, ins, "buffer float atomic add (the processor has no such instruction)");
      return true;
    }
  }
  if ((bits != 32 && bits != 64) || isel_num_comps(LLVMTypeOf(ins)) != 1 || iop == ISA_NUM_OPS) {
    isel_unsupported(c, ins, "buffer atomic (gfx900 has no such instruction)");
    return true;
  }
  unsigned first = cas ? 2 : 1, ndw = cas ? 2 * dw : dw;
  bufaddr a;
  addr_of_call(c, &a, ins, first, structured);
  mir_operand parts[2] = {mir_op_temp(isel_to_vgpr(c, isel_get(c, LLVMGetOperand(ins, 0), 0), dw)),
                          cas ? mir_op_temp(isel_to_vgpr(c, isel_get(c, LLVMGetOperand(ins, 1), 0), dw)) : mir_op_const(0)};
  mir_temp data = isel_tmp(c, mir_rc_v(ndw));
  mir_instr *cv = isel_emit(c, cas ? MIR_P_CREATE_VECTOR : MIR_P_COPY, cas ? 2 : 1, 1);
  cv->ops[0] = parts[0];
  if (cas) cv->ops[1] = parts[1];
  cv->defs[0] = mir_op_temp(data);
  bool ret = LLVMGetFirstUse(ins) != NULL;
  unsigned nops = 1 + (a.vaddr.id ? 1 : 0) + 2, i = 0;
  mir_instr *in = isel_emit(c, iop, nops, ret ? 1 : 0);
  in->ops[i++] = mir_op_temp(data);
  if (a.vaddr.id) in->ops[i++] = mir_op_temp(a.vaddr);
  in->ops[i++] = mir_op_temp(a.rsrc);
  in->ops[i++] = a.soff;
  in->enc_flags |= (uint16_t)(a.flags & ~MIR_ENC_GLC);
  in->offset = (int32_t)a.imm;
  if (ret) {
    /* The old value comes back over the first dw dwords of the data
     * only; a compare-swap leaves the compare value's registers alone
     * (RETURN_DATA[0] only; Vega/RDNA ISA guides, BUFFER_ATOMIC_CMPSWAP).
     * So the definition is the returned width: the compare half dies at
     * the atomic and is free at once, with no pending write to wait for
     * (a pair-wide definition made the waitcnt pass wait for the atomic
     * before the allocator's next use of it: f_fatptr_extra at RDNA). */
    mir_temp old = isel_tmp(c, mir_rc_v(dw));
    in->defs[0] = mir_op_temp(old);
    in->enc_flags |= MIR_ENC_GLC;
    isel_set(c, ins, 0, old);
  }
  return true;
}

/* s_buffer_load_dwordxN of `bytes` (a multiple of 4, at most 64) at a
 * uniform byte offset. */
static void sel_sload(isel_ctx *c, LLVMValueRef ins, mir_temp rsrc, LLVMValueRef off) {
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(ins)), dw = bytes / 4;
  unsigned ldw = dw == 1 ? 1 : dw == 2 ? 2 : dw <= 4 ? 4 : dw <= 8 ? 8 : 16;
  unsigned op = ldw == 1 ? ISA_S_BUFFER_LOAD_DWORD : ldw == 2 ? ISA_S_BUFFER_LOAD_DWORDX2
              : ldw == 4 ? ISA_S_BUFFER_LOAD_DWORDX4 : ldw == 8 ? ISA_S_BUFFER_LOAD_DWORDX8 : ISA_S_BUFFER_LOAD_DWORDX16;
  mir_operand o = isel_get(c, off, 0);
  bool imm = o.kind == MIR_OPND_CONST && o.imm < (1u << 20);
  /* an offset past the 20-bit field (or not a constant) goes in an SGPR,
   * set before the load is emitted */
  mir_temp soff = imm ? (mir_temp){0} : isel_to_sgpr(c, o, 1);
  mir_instr *ld = isel_emit(c, op, imm ? 1 : 2, 1);
  ld->ops[0] = mir_op_temp(rsrc);
  if (imm) ld->offset = (int32_t)o.imm;
  else ld->ops[1] = mir_op_temp(soff);
  mir_temp d = isel_tmp(c, mir_rc_s(ldw));
  ld->defs[0] = mir_op_temp(d);
  mir_operand words[16];
  for (unsigned k = 0; k < dw; k++) words[k] = ldw == 1 ? mir_op_temp(d) : mir_op_temp(isel_extract(c, d, k, 1));
  if (!isel_unpack_dwords(c, ins, words, dw)) isel_unsupported(c, ins, "scalar buffer load of this type");
}

static bool scalar_ok(isel_ctx *c, LLVMValueRef ins, LLVMValueRef off) {
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(ins));
  return (!c->masked || c->cur == 0) && !c->no_smem && bytes % 4 == 0 && bytes <= 64 && isel_num_comps(LLVMTypeOf(ins)) <= 16 &&
         !divergence_is_divergent(c->di, off) &&
         !divergence_is_divergent(c->di, ins);
}

/* ---- p8 values ---- */

/* The halves are extracted after `scc` was set: extraction is copies, which
 * leave SCC alone. */
mir_temp isel_buffer_cselect(isel_ctx *c, mir_temp t, mir_temp f, mir_temp scc) {
  mir_temp halves[2];
  for (int h = 0; h < 2; h++) {
    mir_temp th = rsrc_half(c, t, h), fh = rsrc_half(c, f, h);
    halves[h] = isel_tmp(c, mir_rc_s(2));
    mir_instr *cs = isel_emit(c, ISA_S_CSELECT_B64, 3, 1);
    cs->ops[0] = mir_op_temp(th);
    cs->ops[1] = mir_op_temp(fh);
    cs->ops[2] = isel_scc_operand(scc);
    cs->defs[0] = mir_op_temp(halves[h]);
  }
  mir_temp d = isel_tmp(c, mir_rc_s(4));
  mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, 2, 1);
  cv->ops[0] = mir_op_temp(halves[0]);
  cv->ops[1] = mir_op_temp(halves[1]);
  cv->defs[0] = mir_op_temp(d);
  return d;
}

static bool sel_rsrc_select(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef cond = LLVMGetOperand(ins, 0);
  if (divergence_is_divergent(c->di, ins) || LLVMGetTypeKind(LLVMTypeOf(cond)) == LLVMVectorTypeKind) {
    isel_unsupported(c, ins, "divergent buffer resource");
    return true;
  }
  mir_temp t = isel_buffer_rsrc(c, LLVMGetOperand(ins, 1)), f = isel_buffer_rsrc(c, LLVMGetOperand(ins, 2));
  isel_set(c, ins, 0, isel_buffer_cselect(c, t, f, isel_scc_of(c, cond)));
  return true;
}

static bool sel_rsrc_icmp(isel_ctx *c, LLVMValueRef ins) {
  LLVMIntPredicate pr = LLVMGetICmpPredicate(ins);
  if (pr != LLVMIntEQ && pr != LLVMIntNE) {
    isel_unsupported(c, ins, "ordered compare of buffer resources");
    return true;
  }
  mir_temp a = isel_buffer_rsrc(c, LLVMGetOperand(ins, 0)), b = isel_buffer_rsrc(c, LLVMGetOperand(ins, 1));
  mir_temp r[2];
  for (int h = 0; h < 2; h++) {
    unsigned op = pr == LLVMIntEQ ? ISA_S_CMP_EQ_U64 : ISA_S_CMP_LG_U64;
    r[h] = isel_scc_to_bool(c, isel_scmp(c, op, mir_op_temp(rsrc_half(c, a, h)), mir_op_temp(rsrc_half(c, b, h))));
  }
  isel_set(c, ins, 0, isel_s(c, pr == LLVMIntEQ ? ISA_S_AND_B32 : ISA_S_OR_B32, 1, mir_op_temp(r[0]), mir_op_temp(r[1])));
  return true;
}

/* ---- dispatch ---- */

static const char *callee_name(LLVMValueRef ins) {
  LLVMValueRef f = LLVMGetCalledValue(ins);
  if (!LLVMIsAFunction(f)) return NULL;
  size_t len;
  return LLVMGetValueName2(f, &len);
}

static bool is_i128(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 128;
}

/* A V# as i128 (ptrtoint / inttoptr / bitcast with <4 x i32>, as the
 * fat-pointer lowering moves V#s through memory): four 32-bit components. */
static bool sel_rsrc_bits(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef a = LLVMGetOperand(ins, 0);
  switch (LLVMGetInstructionOpcode(ins)) {
  case LLVMPtrToInt: {
    if (!is_i128(LLVMTypeOf(ins))) return false;
    mir_temp r = isel_buffer_rsrc(c, a);
    for (unsigned i = 0; i < 4; i++) isel_set(c, ins, i, isel_extract(c, r, i, 1));
    return true;
  }
  case LLVMBitCast: {
    LLVMTypeRef from = LLVMTypeOf(a), to = LLVMTypeOf(ins);
    LLVMTypeRef v = is_i128(from) ? to : from;
    if (LLVMGetTypeKind(v) != LLVMVectorTypeKind || LLVMGetVectorSize(v) != 4 || isel_type_bits(v) != 32) return false;
    for (unsigned i = 0; i < 4; i++) {
      mir_operand o = isel_get(c, a, i);
      bool vg = isel_opnd_is_vgpr(&o) || divergence_is_divergent(c->di, ins);
      isel_set(c, ins, i, vg ? isel_to_vgpr(c, o, 1) : isel_to_sgpr(c, o, 1));
    }
    return true;
  }
  case LLVMIntToPtr: {
    if (!is_i128(LLVMTypeOf(a))) return false;
    if (divergence_is_divergent(c->di, ins)) {
      isel_unsupported(c, ins, "divergent buffer resource");
      return true;
    }
    isel_set(c, ins, 0, rsrc_of_dwords(c, a));
    return true;
  }
  default:
    return false;
  }
}

bool isel_buffer_claims(LLVMValueRef ins) {
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  if (op == LLVMAdd) return offset_add_folds(ins);
  if (op == LLVMPtrToInt) return is_p8(LLVMTypeOf(LLVMGetOperand(ins, 0)));
  if (op == LLVMIntToPtr) return is_p8(LLVMTypeOf(ins));
  if (op == LLVMBitCast) return is_i128(LLVMTypeOf(ins)) || is_i128(LLVMTypeOf(LLVMGetOperand(ins, 0)));
  if (op == LLVMCall) {
    const char *n = callee_name(ins);
    return n && (name_is(n, "llvm.amdgcn.raw.ptr.buffer.") || name_is(n, "llvm.amdgcn.struct.ptr.buffer.") ||
                 name_is(n, "llvm.amdgcn.raw.ptr.tbuffer.") || name_is(n, "llvm.amdgcn.struct.ptr.tbuffer.") ||
                 name_is(n, "llvm.amdgcn.raw.ptr.atomic.buffer.load.") ||
                 name_is(n, "llvm.amdgcn.make.buffer.rsrc") || name_is(n, "llvm.amdgcn.s.buffer.load"));
  }
  if (op == LLVMSelect || op == LLVMFreeze) return is_p8(LLVMTypeOf(ins));
  if (op == LLVMICmp) return is_p8(LLVMTypeOf(LLVMGetOperand(ins, 0)));
  return false;
}

bool isel_buffer(isel_ctx *c, LLVMValueRef ins) {
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  if (op == LLVMAdd) return true; /* folded into its users' offset fields (offset_add_folds) */
  if (op == LLVMPtrToInt || op == LLVMIntToPtr || op == LLVMBitCast) return sel_rsrc_bits(c, ins);
  if (op == LLVMSelect) return sel_rsrc_select(c, ins);
  if (op == LLVMICmp) return sel_rsrc_icmp(c, ins);
  if (op == LLVMFreeze) {
    isel_set(c, ins, 0, isel_buffer_rsrc(c, LLVMGetOperand(ins, 0)));
    return true;
  }
  const char *n = callee_name(ins);
  if (name_is(n, "llvm.amdgcn.make.buffer.rsrc")) {
    if (divergence_is_divergent(c->di, ins)) {
      isel_unsupported(c, ins, "divergent buffer resource");
      return true;
    }
    isel_set(c, ins, 0, make_rsrc(c, ins));
    return true;
  }
  if (name_is(n, "llvm.amdgcn.s.buffer.load")) {
    LLVMValueRef off = LLVMGetOperand(ins, 1);
    if (divergence_is_divergent(c->di, LLVMGetOperand(ins, 0))) { /* buffer-waterfall rewrote these */
      isel_unsupported(c, ins, "divergent buffer resource");
      return true;
    }
    mir_temp r = rsrc_of_dwords(c, LLVMGetOperand(ins, 0));
    if (scalar_ok(c, ins, off)) {
      sel_sload(c, ins, r, off);
      return true;
    }
    /* a divergent offset, or under masked linearisation (a scalar load
     * ignores EXEC): the same bytes by MUBUF, cachepolicy bit 0 = glc */
    return sel_load_at(c, ins, r, off, LLVMGetOperand(ins, 2));
  }
  /* typed accesses convert through the V#'s data and number format (the
   * hardware does, sel_buffer_format); the LDS-DMA loads write LDS: not
   * selected yet, reported */
  const char *tail = n + (name_is(n, "llvm.amdgcn.raw.ptr.buffer.") ? 27 : name_is(n, "llvm.amdgcn.struct.ptr.buffer.") ? 30 : 0);
  if (tail != n && name_is(tail, "load.lds")) {
    isel_unsupported(c, ins, "buffer load to LDS (llvm.amdgcn.*.buffer.load.lds)");
    return true;
  }
  if (tail != n && (name_is(tail, "load.format") || name_is(tail, "store.format")))
    return sel_buffer_format(c, ins, tail - n == 30, name_is(tail, "store.format"), false);
  /* tbuffer: the format in the instruction (MTBUF) */
  if (name_is(n, "llvm.amdgcn.raw.ptr.tbuffer.") || name_is(n, "llvm.amdgcn.struct.ptr.tbuffer.")) {
    bool st = name_is(n, "llvm.amdgcn.struct.ptr.tbuffer.");
    return sel_buffer_format(c, ins, st, name_is(n + (st ? 31 : 28), "store"), true);
  }
  unsigned kid = LLVMGetMDKindIDInContext(LLVMGetModuleContext(c->mod), "invariant.load", 14);
  if (name_is(n, "llvm.amdgcn.raw.ptr.buffer.load.") && LLVMGetMetadata(ins, kid) &&
      LLVMIsAConstantInt(LLVMGetOperand(ins, 2)) && LLVMConstIntGetZExtValue(LLVMGetOperand(ins, 2)) == 0 &&
      scalar_ok(c, ins, LLVMGetOperand(ins, 1))) {
    sel_sload(c, ins, isel_buffer_rsrc(c, LLVMGetOperand(ins, 0)), LLVMGetOperand(ins, 1));
    return true;
  }
  if (name_is(n, "llvm.amdgcn.raw.ptr.buffer.atomic.")) return sel_buffer_atomic(c, ins, n, false);
  if (name_is(n, "llvm.amdgcn.struct.ptr.buffer.atomic.")) return sel_buffer_atomic(c, ins, n, true);
  if (name_is(n, "llvm.amdgcn.raw.ptr.buffer.load.")) return sel_buffer_load(c, ins, false);
  /* an atomic (monotonic) load: the same MUBUF load, the aux operand's
   * glc as given; kept apart in the IR so that no pass moves it out of
   * its loop (LLVM gives it memory effects; wavecc's MIR passes move no
   * memory access) */
  if (name_is(n, "llvm.amdgcn.raw.ptr.atomic.buffer.load.")) return sel_buffer_load(c, ins, false);
  if (name_is(n, "llvm.amdgcn.struct.ptr.buffer.load.")) return sel_buffer_load(c, ins, true);
  if (name_is(n, "llvm.amdgcn.raw.ptr.buffer.store.")) return sel_buffer_store(c, ins, false);
  if (name_is(n, "llvm.amdgcn.struct.ptr.buffer.store.")) return sel_buffer_store(c, ins, true);
  isel_unsupported(c, ins, "buffer intrinsic");
  return true;
}
