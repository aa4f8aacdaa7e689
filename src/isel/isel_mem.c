/* Instruction selection: loads, stores, atomics and fences.
 *
 *  - Loads from constant memory, or from global memory the IR marks as
 *    not written during the kernel (!invariant.load, !amdgpu.noclobber),
 *    with a uniform address and dword alignment: s_load_dwordxN (scalar
 *    cache; Vega ISA guide, "Scalar Memory Operations"); an i8/i16/half
 *    one: s_load_dword of its dword. Every load of such memory, scalar or
 *    vector, carries MIR_ENC_INVARIANT: sched-loads may move it above
 *    stores.
 *  - Other global loads/stores: global_load/store with a 64-bit VGPR
 *    address and saddr "off", or, when the GEP is a uniform base plus a
 *    divergent index proven small enough (isel_gep_saddr), the SGPR base as
 *    saddr and a 32-bit VGPR offset; generic pointers: flat_load/store; LDS:
 *    ds_read/ds_write with a 32-bit VGPR address (gfx9 needs no M0 setup).
 *  - Addresses, GEPs and immediate offsets: isel_gep.c. A kernel's
 *    private array at a constant index needs no VGPR address: MUBUF
 *    "off" with the whole address in the offset field.
 *  - fence: s_waitcnt on everything (OpenCL fences around barriers need
 *    all outstanding memory operations complete), or on LDS alone at a
 *    scope whose model says so (isel_model_release_wait: gfx90a/gfx942
 *    work-group scope).
 *  - Private memory (allocas surviving SROA): MUBUF through the private
 *    segment buffer V#, one dword at a time, in byte/short pieces when
 *    the IR alignment is below the access size (private_piece).
 */
#include <stdio.h>
#include <string.h>

#include "isel/isel_internal.h"

/* Splits a loaded register tuple into the value's components. */
static void set_components(isel_ctx *c, LLVMValueRef ins, mir_temp d, unsigned nc, unsigned cdw, bool vgpr) {
  if (nc == 1) {
    isel_set(c, ins, 0, d);
    return;
  }
  (void)vgpr;
  isel_pk_f32_record(c, ins, d); /* a loaded <2 x float> is a packed f32 source as it lies */
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
    /* one naturally aligned access of 1, 2, 4 or 8 bytes is atomic */
    LLVMTypeRef t = LLVMTypeOf(store ? LLVMGetOperand(ins, 0) : ins);
    unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, t);
    if ((bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8) || LLVMGetAlignment(ins) < bytes) {
      isel_unsupported(c, ins, store ? "atomic store" : "atomic load");
      return false;
    }
  }
  return true;
}

/* The waits around an atomic load or store as for fences here (the fence
 * in isel_mem: s_waitcnt 0): a release or seq_cst store and a seq_cst
 * load wait for every earlier access first (`before`), an acquire or
 * seq_cst load completes before any later access (after it). Monotonic
 * and unordered accesses need no wait: one aligned access is atomic. */
static void atomic_waits(isel_ctx *c, LLVMValueRef ins, unsigned as, bool store, bool before) {
  LLVMAtomicOrdering o = LLVMGetOrdering(ins);
  bool wait;
  if (store) {
    /* the release's wait: the scope's (isel_memmodel.c) */
    if (before && (o == LLVMAtomicOrderingRelease || o == LLVMAtomicOrderingSequentiallyConsistent))
      isel_model_release_wait(c, ins, as);
    return;
  }
  if (before) wait = o == LLVMAtomicOrderingSequentiallyConsistent;
  else wait = o == LLVMAtomicOrderingAcquire || o == LLVMAtomicOrderingSequentiallyConsistent;
  if (wait) isel_emit(c, ISA_S_WAITCNT, 0, 0)->offset = (int32_t)isel_model_full_wait(c, ins);
}

/* Splits `bytes` into access sizes the ISA has (<= 16, 12 allowed). */
static unsigned next_chunk(isel_ctx *c, unsigned as, unsigned left) {
  /* the private segment buffer swizzles per dword (element size 4 on
   * gfx9): scratch accesses go one dword at a time, but architected flat
   * scratch (scratch_*) is not swizzled and takes up to 16 bytes */
  if (as == 5 && !wavecc_scratch_flat(c->p->target)) return left >= 4 ? 4 : left >= 2 ? 2 : 1;
  if (left >= 16) return 16;
  if (left >= 12) return 12;
  if (left >= 8) return 8;
  if (left >= 4) return 4;
  return left >= 2 ? 2 : 1;
}

/* May an access of `bytes` (up to 16) in address space `as` be one
 * instruction? Private memory through the swizzled private segment
 * buffer only up to a dword; with architected flat scratch the scratch_*
 * forms take up to 16 bytes, as llc-19 selects them there
 * (getMaxPrivateElementSize: 16 with flat scratch). */
static bool whole_access_ok(isel_ctx *c, unsigned as, unsigned bytes) {
  return as != 5 || bytes <= 4 || wavecc_scratch_flat(c->p->target);
}

/* One vector-memory load of `bytes` at va + off into a new VGPR tuple;
 * with an saddr (id != 0, global only) va is the 32-bit offset from it. */
/* enc_flags of an access of `bytes` at byte `rel` from the IR load or
 * store's pointer: glc when volatile; dwaligned when the IR alignment
 * makes the address a multiple of 4 and the access is whole dwords (the
 * condition for mem_merge.c to widen it). */
static uint16_t access_flags(isel_ctx *c, LLVMValueRef ins, unsigned as, bool store, uint32_t rel, unsigned bytes) {
  /* atomic loads and stores too: glc reads and writes through to L2, the
   * device-coherent level (AMDGPUUsage, Memory Model GFX9), and keeps the
   * passes from merging, moving or sharing them; a target with a memory
   * model table takes the scope's bits from it (isel_memmodel.c) */
  bool coherent = LLVMGetVolatile(ins) || LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic;
  uint16_t f = coherent ? MIR_ENC_GLC : 0;
  if (isel_has_mem_model(c, as)) f = isel_model_access_flags(c, ins, as, store ? ISEL_ACCESS_STORE : ISEL_ACCESS_LOAD);
  if (LLVMGetAlignment(ins) >= 4 && rel % 4 == 0 && bytes % 4 == 0) f |= MIR_ENC_DWALIGNED;
  return f;
}

/* The base register of a private access: with architected flat scratch
 * a uniform address (saddr, SGPR) or none; with MUBUF the wave offset
 * (soffset 0 in functions and calling kernels: isel_private_soffset). */
static mir_operand private_base(isel_ctx *c, mir_temp va, mir_temp saddr) {
  if (saddr.id) return mir_op_temp(saddr);
  return va.id || wavecc_scratch_flat(c->p->target) ? isel_private_soffset(c) : mir_op_temp(c->wave_offset);
}

/* gfx11's scratch_* with an address register and a negative offset that
 * is not a dword multiple misbehave (LLVM's
 * FeatureNegativeUnalignedScratchOffsetBug): a negative offset goes into
 * the address register instead. */
static void private_operands(isel_ctx *c, mir_temp *va, mir_temp *saddr, int32_t *off) {
  if (!wavecc_scratch_flat(c->p->target) || *off >= 0) return;
  if (va->id) *va = isel_v1(c, ISA_V_ADD_U32, mir_op_const((uint32_t)*off), mir_op_temp(*va));
  else if (saddr->id) *saddr = isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(*saddr), mir_op_const((uint32_t)*off));
  else return;
  *off = 0;
}

static mir_temp emit_vmem_load(isel_ctx *c, unsigned as, unsigned bytes, mir_temp va, mir_temp saddr, int32_t off,
                               uint16_t flags) {
  mir_temp d = isel_tmp(c, mir_rc_v((bytes + 3) / 4));
  unsigned op = vmem_op(as, bytes, false, false);
  mir_instr *ld;
  if (as == 5) { /* no address register: all in the offset field ("off") */
    private_operands(c, &va, &saddr, &off);
    ld = mir_scratch_access(c->p, op, mir_op_temp(d), va.id ? mir_op_temp(va) : isel_no_operand(),
                            mir_op_temp(c->psb), private_base(c, va, saddr), 0);
    mir_block_append(c->p, &c->p->blocks[c->cur], ld);
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
  ld->enc_flags |= flags;
  return d;
}

static void emit_vmem_store(isel_ctx *c, unsigned as, unsigned bytes, mir_temp va, mir_temp saddr, mir_temp data,
                            int32_t off, uint16_t flags) {
  unsigned op = vmem_op(as, bytes, true, false);
  mir_instr *st;
  if (as == 5) { /* MUBUF: vdata, [vaddr,] V#, soffset; no vaddr: the address in the offset field */
    private_operands(c, &va, &saddr, &off);
    st = mir_scratch_access(c->p, op, mir_op_temp(data), va.id ? mir_op_temp(va) : isel_no_operand(),
                            mir_op_temp(c->psb), private_base(c, va, saddr), 0);
    mir_block_append(c->p, &c->p->blocks[c->cur], st);
  } else {
    /* vaddr, vdata[, saddr] */
    st = isel_emit(c, op, saddr.id ? 3 : 2, 0);
    st->ops[0] = mir_op_temp(va);
    st->ops[1] = mir_op_temp(data);
    if (saddr.id) st->ops[2] = mir_op_temp(saddr);
  }
  st->offset = off;
  if (as == 1 && !saddr.id) st->enc_flags |= MIR_ENC_OFF;
  st->enc_flags |= flags;
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
static void load_private_pieces(isel_ctx *c, LLVMValueRef ins, mir_temp va, mir_temp saddr, int32_t off0, unsigned bytes,
                                unsigned piece) {
  mir_operand words[ISEL_MAX_DWORDS];
  unsigned nw = (bytes + 3) / 4;
  if (nw > ISEL_MAX_DWORDS) {
    isel_unsupported(c, ins, "under-aligned private load of more than 512 bytes");
    return;
  }
  for (unsigned w = 0; w < nw; w++) {
    mir_operand acc = mir_op_const(0);
    for (unsigned b = w * 4; b < bytes && b < w * 4 + 4; b += piece) {
      mir_temp part = emit_vmem_load(c, 5, piece, va, saddr, off0 + (int32_t)b, access_flags(c, ins, 5, false, b, piece));
      if (b == w * 4) acc = mir_op_temp(part);
      else acc = mir_op_temp(isel_v1_3(c, ISA_V_LSHL_OR_B32, mir_op_temp(part), mir_op_const(8 * (b % 4)), acc));
    }
    words[w] = acc;
  }
  if (!isel_unpack_dwords(c, ins, words, nw)) isel_unsupported(c, ins, "load of this type");
}

/* A private store in `piece`-byte pieces: each piece is the dword shifted
 * down to its byte (buffer_store_byte/short store the low bits). */
static void store_private_pieces(isel_ctx *c, LLVMValueRef ins, LLVMValueRef val, mir_temp va, mir_temp saddr, int32_t off0,
                                 unsigned bytes, unsigned piece) {
  mir_operand words[ISEL_MAX_DWORDS];
  unsigned nw;
  if (!isel_pack_dwords(c, val, words, &nw) || nw > ISEL_MAX_DWORDS || nw * 4 < bytes) {
    isel_unsupported(c, ins, "store of this type");
    return;
  }
  for (unsigned b = 0; b < bytes; b += piece) {
    mir_operand w = words[b / 4];
    mir_temp data = b % 4 ? isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(8 * (b % 4)), w) : isel_to_vgpr(c, w, 1);
    emit_vmem_store(c, 5, piece, va, saddr, data, off0 + (int32_t)b, access_flags(c, ins, 5, true, b, piece));
  }
}

/* The VGPR address of an access through `ptr` (isel_internal.h). */
mir_temp isel_vector_address(isel_ctx *c, LLVMValueRef ptr, unsigned as, mir_temp *saddr, int32_t *off,
                             unsigned bytes) {
  uint64_t esize;
  int64_t scoff;
  *saddr = (mir_temp){0};
  if (as == 5 && wavecc_scratch_flat(c->p->target)) {
    /* flat scratch: a uniform private address is scratch_*'s saddr (llc-19
     * -mcpu=gfx1100: scratch_load_b32 v0, off, s0) */
    mir_operand a = isel_get(c, ptr, 0);
    if (a.kind == MIR_OPND_TEMP && !mir_rc_is_vgpr((mir_rc)a.temp.rc) && mir_rc_size((mir_rc)a.temp.rc) == 1 &&
        !(c->alloca_off.cap && ptrmap_get(&c->alloca_off, isel_address_root(c, ptr)) != UINT32_MAX)) {
      *saddr = a.temp;
      return (mir_temp){0};
    }
  }
  if (as == 5 && c->alloca_off.cap) {
    /* a kernel's alloca, maybe under folded constant GEPs: the whole
     * address fits MUBUF's 12-bit offset field, no VGPR address */
    uint32_t po = ptrmap_get(&c->alloca_off, isel_address_root(c, ptr));
    if (po != UINT32_MAX && (int64_t)po + *off >= 0 && (int64_t)po + *off + bytes <= 4096) {
      *off += (int32_t)po;
      return (mir_temp){0};
    }
  }
  if (as == 3) {
    /* a constant LDS address (an LDS variable, a constant GEP into one):
     * base 0 + the address in the DS offset field, 16 bits unsigned to
     * the access's last byte (Vega ISA guide, "DS" fields; the address
     * is base + offset). One v_mov_b32 0 that cse shares is the base of
     * them all, not one VGPR per address (llc-19 does the same). */
    mir_operand a = isel_get(c, ptr, 0);
    if (a.kind == MIR_OPND_CONST && (int64_t)a.imm + *off >= 0 && (int64_t)a.imm + *off + bytes <= 65536) {
      *off += (int32_t)a.imm;
      return isel_to_vgpr(c, mir_op_const(0), 1);
    }
  }
  LLVMValueRef sg;
  if (isel_gep_saddr(c, ptr, &esize, &scoff)) {
    *saddr = isel_to_sgpr(c, isel_get(c, LLVMGetOperand(ptr, 0), 0), 2);
    *off = (int32_t)scoff;
  } else if (isel_gep_saddr_user(c, ptr, &sg, &esize, &scoff)) {
    /* a constant GEP on a saddr GEP: its base, its VGPR offset (ptr's value) */
    *saddr = isel_to_sgpr(c, isel_get(c, LLVMGetOperand(sg, 0), 0), 2);
    *off = (int32_t)scoff;
  } else if (as == 1) {
    /* a uniform global address in SGPRs: it is the saddr and the VGPR
     * offset is 0 (one v_mov_b32 0 that cse shares, not two v_mov_b32
     * building a VGPR pair for every access; llc-19 does the same) */
    mir_operand a = isel_get(c, ptr, 0);
    if (a.kind == MIR_OPND_TEMP && !mir_rc_is_vgpr((mir_rc)a.temp.rc) && mir_rc_size((mir_rc)a.temp.rc) == 2) {
      *saddr = a.temp;
      return isel_to_vgpr(c, mir_op_const(0), 1);
    }
  }
  return isel_to_vgpr(c, isel_get(c, ptr, 0), (as == 3 || as == 5 || saddr->id) ? 1 : 2);
}

/* One s_load_dword[xN] of `dw` dwords (1, 2, 4, 8 or 16) at base + off
 * bytes into a new SGPR tuple of that size; invariant memory only (the
 * scalar cache does not see the kernel's vector stores). */
static mir_temp emit_sload(isel_ctx *c, mir_temp base, unsigned dw, int32_t off) {
  unsigned op = dw == 1 ? ISA_S_LOAD_DWORD : dw == 2 ? ISA_S_LOAD_DWORDX2 : dw == 4 ? ISA_S_LOAD_DWORDX4
              : dw == 8 ? ISA_S_LOAD_DWORDX8 : ISA_S_LOAD_DWORDX16;
  mir_temp d = isel_tmp(c, mir_rc_s(dw));
  mir_instr *ld = isel_emit(c, op, 1, 1);
  ld->ops[0] = mir_op_temp(base);
  ld->defs[0] = mir_op_temp(d);
  ld->offset = off;
  ld->enc_flags = MIR_ENC_INVARIANT;
  return d;
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
  int32_t off0 = (int32_t)isel_folded_offset(c, ptr);
  bool uniform = !divergence_is_divergent(c->di, ins) && !divergence_is_divergent(c->di, ptr);
  /* memory no store of the kernel writes: the scheduler may move the
   * load above stores (MIR_ENC_INVARIANT) */
  bool invariant = (as == 4 || (as == 1 && (isel_has_md(c, ins, "invariant.load") || isel_has_md(c, ins, "amdgpu.noclobber")))) &&
                   !LLVMGetVolatile(ins) && LLVMGetOrdering(ins) == LLVMAtomicOrderingNotAtomic;
  uint16_t inv = invariant ? MIR_ENC_INVARIANT : 0;
  bool scalar_ok = (!c->masked || c->cur == 0) && !c->no_smem && invariant && uniform && LLVMGetAlignment(ins) >= 4 &&
                   bytes % 4 == 0 && dw <= 16 && dw != 3 && !packed;
  /* a uniform i8/i16/half of invariant memory at a dword-aligned address:
   * the dword holding it, into an SGPR whose bits above the value are
   * undefined (as a sub-dword kernel argument's, isel_abi.c); llc-19 too
   * loads the dword (s_load_dword, then s_and_b32 for a zext) rather than
   * a VMEM ushort (f_cov4_implicitargs: the dispatch packet's group size) */
  if ((!c->masked || c->cur == 0) && !c->no_smem && invariant && uniform && LLVMGetAlignment(ins) >= 4 && bytes < 4 &&
      nc == 1) {
    isel_set(c, ins, 0, emit_sload(c, isel_to_sgpr(c, addr, 2), 1, off0));
    return true;
  }
  if (scalar_ok) {
    mir_temp base = isel_to_sgpr(c, addr, 2);
    if (!(dw & (dw - 1))) { /* 1, 2, 4, 8 or 16 dwords: one s_load */
      set_components(c, ins, emit_sload(c, base, dw, off0), nc, cdw, false);
      return true;
    }
    /* 5..7 or 9..15 dwords: a power-of-two piece at a time (8, 4, 2, 1),
     * never one wider s_load that reads past the object (the vectoriser
     * and <9 x float> loads make such sizes) */
    mir_operand words[16];
    unsigned nw = 0;
    while (nw < dw) {
      unsigned pw = dw - nw >= 8 ? 8 : dw - nw >= 4 ? 4 : dw - nw >= 2 ? 2 : 1;
      mir_temp d = emit_sload(c, base, pw, off0 + (int32_t)(4 * nw));
      for (unsigned k = 0; k < pw; k++) words[nw++] = mir_op_temp(pw == 1 ? d : isel_extract(c, d, k, 1));
    }
    if (!isel_unpack_dwords(c, ins, words, nw)) isel_unsupported(c, ins, "load of this type");
    return true;
  }
  mir_temp saddr;
  mir_temp va = isel_vector_address(c, ptr, as, &saddr, &off0, bytes);
  unsigned piece = private_piece(ins, as, bytes);
  if (piece) {
    load_private_pieces(c, ins, va, saddr, off0, bytes, piece);
    return true;
  }
  if (!packed && bytes <= 16 && whole_access_ok(c, as, bytes) && vmem_op(as, bytes, false, false) != ISA_NUM_OPS) {
    mir_temp d = emit_vmem_load(c, as, bytes, va, saddr, off0, access_flags(c, ins, as, false, 0, bytes) | inv);
    set_components(c, ins, d, nc, cdw, true);
    return true;
  }
  /* wide or packed: load dwords in chunks, then unpack */
  mir_operand words[ISEL_MAX_DWORDS];
  unsigned nw = 0;
  if (dw > ISEL_MAX_DWORDS) return false;
  for (unsigned off = 0; off < bytes;) {
    unsigned ch = next_chunk(c, as, bytes - off);
    unsigned cw = (ch + 3) / 4;
    mir_temp d = emit_vmem_load(c, as, ch, va, saddr, off0 + (int32_t)off, access_flags(c, ins, as, false, off, ch) | inv);
    if (off % 4) {
      /* the byte after a short in the same dword (3 or 7 bytes: chunks
       * 2 + 1): it goes into bits 16..23 of that dword, not a dword of
       * its own (next_chunk only splits sub-dword at the tail) */
      mir_temp hi = isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const((off % 4) * 8), mir_op_temp(d));
      words[nw - 1] = mir_op_temp(isel_v1(c, ISA_V_OR_B32, mir_op_temp(hi), words[nw - 1]));
      off += ch;
      continue;
    }
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
  int32_t off0 = (int32_t)isel_folded_offset(c, ptr);
  mir_temp saddr;
  mir_temp va = isel_vector_address(c, ptr, as, &saddr, &off0, bytes);
  unsigned piece = private_piece(ins, as, bytes);
  if (piece) {
    store_private_pieces(c, ins, val, va, saddr, off0, bytes, piece);
    return true;
  }
  if (!packed && bytes <= 16 && whole_access_ok(c, as, bytes) && vmem_op(as, bytes, true, false) != ISA_NUM_OPS) {
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
    emit_vmem_store(c, as, bytes, va, saddr, data, off0, access_flags(c, ins, as, true, 0, bytes));
    return true;
  }
  mir_operand words[ISEL_MAX_DWORDS];
  unsigned nw;
  if (!isel_pack_dwords(c, val, words, &nw) || nw > ISEL_MAX_DWORDS) {
    isel_unsupported(c, ins, "store of this type");
    return true;
  }
  for (unsigned off = 0; off < bytes;) {
    unsigned ch = next_chunk(c, as, bytes - off);
    unsigned cw = (ch + 3) / 4, w0 = off / 4;
    mir_temp data;
    if (off % 4) {
      /* a byte after a short in the same dword (see sel_load): its bits */
      data = isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const((off % 4) * 8), words[w0]);
    } else if (cw == 1) {
      data = isel_to_vgpr(c, words[w0], 1);
    } else {
      mir_operand parts[4];
      for (unsigned k = 0; k < cw; k++) parts[k] = mir_op_temp(isel_to_vgpr(c, words[w0 + k], 1));
      data = isel_tmp(c, mir_rc_v(cw));
      mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, cw, 1);
      for (unsigned k = 0; k < cw; k++) cv->ops[k] = parts[k];
      cv->defs[0] = mir_op_temp(data);
    }
    emit_vmem_store(c, as, ch, va, saddr, data, off0 + (int32_t)off, access_flags(c, ins, as, true, off, ch));
    off += ch;
  }
  return true;
}

/* 32-bit atomics on global, flat and LDS memory. The returning forms
 * (glc / _rtn_) give the old value. Sequential consistency: everything
 * before completes first (s_waitcnt 0); later uses of the result wait for
 * it through the waitcnt pass. cmpxchg yields {old, old == expected}. */
static bool sel_atomic(isel_ctx *c, LLVMValueRef ins) {
  if (isel_atomic_float(c, ins) || isel_atomic64(c, ins)) return true;
  bool cas = LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg;
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), val = LLVMGetOperand(ins, cas ? 2 : 1);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  unsigned bits = isel_type_bits(LLVMTypeOf(val));
  if (bits != 32 || LLVMGetTypeKind(LLVMTypeOf(val)) != LLVMIntegerTypeKind || as > 3) {
    isel_unsupported(c, ins, "atomic operation (only 32- and 64-bit integer atomics on global, flat, LDS and GDS memory)");
    return true;
  }
  isa_op op = isel_atomic_op(c, ins, 4);
  if (op == ISA_NUM_OPS) {
    isel_unsupported(c, ins, "atomic operation");
    return true;
  }
  isel_atomic_emit(c, ins, op, 1);
  return true;
}

/* The kernel's private object (an alloca, isel_abi.c) that the private
 * address `ptr` points into, through getelementptrs of any index (an
 * inbounds address stays in its object; one that leaves it is the bug the
 * emulator's bounds check reports), and phis and selects whose every
 * input does (loop-reduce's pointer induction variables):
 * MIR_CHK_PRIVATE | its index, or 0 when it is not known (a pointer from
 * an integer, a function's frame, two objects, no check). */
static uint32_t private_object(isel_ctx *c, LLVMValueRef ptr) {
  if (!c->alloca_obj.cap) return 0;
  enum { MAXV = 32 };
  LLVMValueRef seen[MAXV], work[MAXV], obj = NULL;
  unsigned nseen = 0, nwork = 0;
  work[nwork++] = ptr;
  while (nwork) {
    LLVMValueRef v = work[--nwork];
    unsigned k = 0;
    while (k < nseen && seen[k] != v) k++;
    if (k < nseen) continue; /* a phi's cycle */
    if (nseen == MAXV) return 0;
    seen[nseen++] = v;
    if (LLVMIsAAllocaInst(v)) {
      if (obj && obj != v) return 0;
      obj = v;
      continue;
    }
    unsigned first = 0, nops = 1;
    if (LLVMIsAPHINode(v)) nops = LLVMCountIncoming(v);
    else if (LLVMIsASelectInst(v)) first = 1, nops = 2;
    else if (!LLVMIsAGetElementPtrInst(v) && !LLVMIsABitCastInst(v) &&
             !(LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr))
      return 0;
    for (unsigned i = first; i < first + nops; i++) {
      if (nwork == MAXV) return 0;
      work[nwork++] = LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, i) : LLVMGetOperand(v, i);
    }
  }
  uint32_t i = obj ? ptrmap_get(&c->alloca_obj, obj) : UINT32_MAX;
  return i == UINT32_MAX ? 0 : MIR_CHK_PRIVATE | i;
}

bool isel_mem(isel_ctx *c, LLVMValueRef ins) {
  switch (LLVMGetInstructionOpcode(ins)) {
  case LLVMGetElementPtr: return isel_gep(c, ins); /* isel_gep.c */
  case LLVMLoad: case LLVMStore: {
    bool store = LLVMGetInstructionOpcode(ins) == LLVMStore;
    LLVMValueRef ptr = LLVMGetOperand(ins, store ? 1 : 0);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    if (store) isel_model_release(c, ins, as);
    if (as == 5) c->p->cur_chk = private_object(c, ptr); /* the access's object, for the bounds check */
    atomic_waits(c, ins, as, store, true);
    bool done = store ? sel_store(c, ins) : sel_load(c, ins);
    atomic_waits(c, ins, as, store, false); /* an acquire load's wait */
    c->p->cur_chk = 0;
    if (!store) isel_model_acquire(c, ins, as, true);
    return done;
  }
  case LLVMFence: {
    /* a fence orders global memory too: the generic address space's model */
    isel_model_release(c, ins, 0);
    isel_model_release_wait(c, ins, 0);
    isel_model_acquire(c, ins, 0, true);
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
