/* Shared state and helpers of the instruction selector (isel*.c).
 *
 * Machine IR operand conventions the selector produces (the emitter,
 * verifier and RA read the same):
 *  - Operands and definitions are in assembler order (llvm-mc syntax),
 *    explicit ones only, except:
 *  - SCC: an instruction whose SCC result is consumed gets a trailing
 *    definition of an s1 temporary fixed to SCC (MIR_OPND_FIXED_REG,
 *    preg = MIR_PREG_SCC); an instruction reading SCC (s_cselect, s_addc,
 *    s_subb, p_cbranch_scc) gets a trailing operand of that temporary. The
 *    emitter prints neither.
 *  - VCC: v_div_scale_f32's second def, read by v_div_fmas_f32 as its
 *    trailing (fourth) operand, is an s2 temporary fixed to VCC.
 *  - VOPC/VOP2-with-carry instructions are always selected in their VOP3
 *    form (MIR_ENC_VOP3) with an explicit SGPR-pair def/operand.
 *  - Memory: SMEM  s_load_dwordxN  sdst ; sbase(s2)            offset in ins->offset
 *            GLOBAL load  vdst ; vaddr(v2)  store  ; vaddr(v2), vdata  (MIR_ENC_OFF: saddr off)
 *            FLAT   load  vdst ; vaddr(v2)  store  ; vaddr(v2), vdata
 *            DS     read  vdst ; vaddr(v1)  write  ; vaddr(v1), vdata   offset in ins->offset
 *  - SOPP branches (s_cbranch_execz) take the target as a BLOCK operand.
 *  - Constant-bus limit of the target (gfx9: one SGPR or literal per VALU
 *    instruction, GFX10+ two; target.h const_bus_limit), a literal in VOP3
 *    only on GFX10+ (vop3_literal), VOP2 src1 a VGPR: enforced by isel_valu
 *    (isel_values.c) with mir_valu_bus_ok, checked by the verifier.
 */
#ifndef WAVECC_ISEL_INTERNAL_H
#define WAVECC_ISEL_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "isel/isel.h"
#include "llvm/divergence.h"
#include "llvm/ptrmap.h"
#include "mir/mir.h"
#include "util/diag.h"

/* Selected value of an LLVM value: up to ISEL_MAX_COMPS components
 * (vector elements), each one temporary. i1: s1 = boolean 0/1 (uniform),
 * s2 = lane mask. 256: LLVM's own tests use <256 x i8>, <128 x i32>,
 * <64 x i16> and <16 x double> (issue 26); a value takes 1 KiB of the arena. */
enum { ISEL_MAX_COMPS = 256 };
/* The most dwords a value packs into (isel_pack_dwords): 256 elements of 64 bits. */
enum { ISEL_MAX_DWORDS = 2 * ISEL_MAX_COMPS };
typedef struct isel_val {
  uint16_t n;
  mir_temp t[ISEL_MAX_COMPS];
} isel_val;

typedef struct isel_ctx isel_ctx;

/* The selection steps that the lower files of isel call back into: the
 * value map selects a deferred value at its use and takes function and
 * data addresses; the control-flow lowerings (isel_struct.c, isel_cf.c)
 * select block bodies and phis. isel.c fills the table (isel_kernel), so
 * those files name no selector and isel's call graph runs one way (issue
 * 23): isel.c -> lowerings -> selectors -> builders and the value map. */
typedef struct isel_hooks {
  void (*select_inst)(isel_ctx *c, LLVMValueRef ins);
  void (*select_body)(isel_ctx *c, uint32_t b);
  void (*create_phis)(isel_ctx *c, uint32_t b);
  void (*finish_phis)(isel_ctx *c, const uint32_t *mir, const uint32_t *mir_to_llvm);
  bool (*fuse_deferred)(isel_ctx *c, LLVMValueRef ins);
  bool (*narrow_deferred)(isel_ctx *c, LLVMValueRef ins);
  bool (*function_address)(isel_ctx *c, LLVMValueRef f, mir_operand *out);
  bool (*data_address)(isel_ctx *c, LLVMValueRef v, mir_operand *out);
  bool (*const_expr)(isel_ctx *c, LLVMValueRef v, unsigned comp, mir_operand *out); /* isel_const_expr_value */
} isel_hooks;

struct isel_ctx {
  const isel_hooks *hooks; /* set by isel_kernel (isel.c) */
  mir_program *p;
  arena *mem;
  diag *d;
  const char *fname;
  LLVMValueRef fn;
  LLVMModuleRef mod;
  LLVMTargetDataRef td;
  const divergence_info *di;
  int opt_level;
  ptrmap vmap;             /* value -> index into vals */
  isel_val *vals;
  uint32_t nvals, capvals;
  uint32_t cur;            /* current machine block */
  LLVMValueRef on_demand;  /* a deferred value selected at a use (isel_values.c, select_on_demand) */
  bool failed;
  bool masked;             /* masked linearisation (isel_cf.c): no scalar loads */
  bool no_smem;            /* EXEC may be zero here (isel_struct.c, walk_local): no scalar loads */
  /* ABI inputs */
  mir_temp kernarg_ptr, dispatch_ptr, wg_id[3], wi_id[3];
  mir_temp dispatch_id; /* s2 user SGPRs when the kernel calls llvm.amdgcn.dispatch.id */
  mir_temp queue_ptr;   /* s2 user SGPRs: llvm.amdgcn.queue.ptr under code object v4 */
  mir_temp psb, wave_offset; /* private segment buffer V# and wave offset (scratch) */
  mir_temp fs_init;          /* flat-scratch-init user SGPRs (abi.flat_scratch_init), read at entry only */
  bool private_flat;       /* FLAT_SCRATCH holds this wave's scratch: private -> generic casts allowed */
  bool soffset_zero;       /* a function: the V# base is the wave's scratch, private accesses use soffset 0 */
  /* calls (isel_calls.c) */
  const isel_call_abi *ca; /* the module's functions; NULL when none */
  mir_temp stack_ptr, ret_addr, entry_exec; /* a function's stack pointer, return address and EXEC at entry */
  mir_temp wi_packed;      /* work-item ids as received, packed: a function's v31, a gfx90a/gfx942 kernel's v0 */
  uint32_t stack_arg_bytes; /* a function's arguments at the start of its frame */
  mir_instr **stack_arg_loads; /* a function's loads of its stack arguments, in its entry block */
  uint32_t num_stack_arg_loads, stack_arg_block;
  uint32_t hidden_offset;  /* kernarg offset of the implicit arguments */
  uint32_t *arg_offset;    /* per explicit argument */
  ptrmap lds_globals;      /* addrspace(3) global -> LDS byte offset */
  ptrmap alloca_off;       /* a kernel's alloca -> its constant private offset (cap 0: none) */
  ptrmap alloca_obj;       /* a kernel's alloca -> its index in p->pobjs (bug checks; cap 0: none) */
  ptrmap pk_map;           /* <N x i16> / <N x i8> value -> index into pk (isel_packed.c, isel_packed8.c; cap 0: none yet) */
  ptrmap pkf_map;          /* <2 x float> value -> its v2/s2 pair, a mir_temp's bits (isel_pk_f32.c; cap 0: none yet) */
  ptrmap pkf_pred;         /* <2 x float> operation -> 1 if predicted packed, 0 if not (isel_pk_f32.c; cap 0: none yet) */
  isel_val *pk;            /* packed dwords of such values, two elements each */
  const unsigned *intrinsic_ids; /* isel_intrinsics.c: the LLVM IDs of its intrinsic list (NULL: not yet resolved) */
  uint32_t npk, cappk;
  uint64_t *lane_masks;    /* isel_lanes.c: temps that hold lane masks (bit per temp id) */
  uint32_t lane_mask_words;
  /* isel_zext.c: the last temporaries a selector said are zero above a
   * width (isel_mark_zero_above), a ring the zero-extension check reads */
  struct { uint32_t id; uint8_t bits; } zx_known[8];
  unsigned zx_next;
  /* isel_vector_index.c: a vector value -> its VGPR tuple (the temp's bits)
   * and the block that built it; cap 0: none yet */
  ptrmap vidx_tuple, vidx_block;
  /* isel_vector_index.c: a tuple-only value -> index into vidx_comps, its
   * components extracted in block vidx_ext_block (reused there only) */
  ptrmap vidx_ext, vidx_ext_block;
  isel_val *vidx_comps;
  uint32_t nvidx_comps, capvidx_comps;
  /* isel_mask_of: a scalar uniform i1 value -> the lane mask made from it
   * and the block that made it (reused in that block only); cap 0: none */
  ptrmap bmask_temp, bmask_block;
};

/* A variable-index extractelement / insertelement `ins` (opcode opc) on a
 * divergent vector of 4-16 dwords with a uniform index, on targets with
 * VGPR index mode: selected as MIR_P_GPR_IDX_READ / WRITE on the vector's
 * VGPR tuple (isel_vector_index.c). False when it does not apply (the
 * caller selects the compare-and-select chain). */
bool isel_vector_index(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc);
/* Forgets the VGPR tuple remembered for vector v (its components were
 * renamed, e.g. by a skipped block's tail phis): later accesses build it
 * again from the components. */
void isel_vidx_forget(isel_ctx *c, LLVMValueRef v);
/* Component comp of v, a tuple-only value (an indexed write's result, a
 * tuple phi, a freeze of one: isel_vector_index.c), extracted here at its
 * reader into *out; false when v is not one. */
bool isel_vidx_component(isel_ctx *c, LLVMValueRef v, unsigned comp, mir_temp *out);
/* At isel_create_phis: makes the divergent vector phi one tuple-only value
 * in a VGPR tuple when an indexed access reads or writes its web of phis
 * and inserts; false (nothing done) otherwise. */
bool isel_vidx_tuple_phi(isel_ctx *c, LLVMValueRef phi);
/* Is phi such a tuple phi? Its tuple in *t. */
bool isel_vidx_phi_tuple(isel_ctx *c, LLVMValueRef phi, mir_temp *t);
/* Vector v's nc components as one VGPR tuple, at the current block's end
 * (a tuple phi's operand): its tuple if it has one here, else built. */
mir_temp isel_vidx_tuple_of(isel_ctx *c, LLVMValueRef v, unsigned nc);
/* A divergent-index insertelement ins into a tuple-only vector, its new
 * components comps[0..nc) selected: they become one tuple-only value
 * (true); false (nothing done) when the vector is not one. */
bool isel_vidx_rebuilt(isel_ctx *c, LLVMValueRef ins, const mir_temp *comps, unsigned nc);
/* A freeze of a divergent tuple-only value is that tuple (true), else false. */
bool isel_vidx_freeze(isel_ctx *c, LLVMValueRef ins);

/* ---- helpers (isel.c) ---- */
mir_instr *isel_emit(isel_ctx *c, unsigned op, unsigned nops, unsigned ndefs);
mir_temp isel_tmp(isel_ctx *c, mir_rc rc);
void isel_unsupported(isel_ctx *c, LLVMValueRef ins, const char *what);
bool isel_is_inline_const(uint32_t v);
/* The bit pattern of a half, bfloat, float or double constant, exactly
 * (NaN payloads and signalling NaNs included: converting through a C double
 * would quiet them); false for other types. */
bool isel_fp_const_bits(LLVMValueRef k, uint64_t *bits);
/* isel_const.c: component comp of the constant v as its width in bits
 * (*w) and bit pattern (*bits, low 64); false when selection does not
 * take that kind of constant (the caller reports it). */
bool isel_const_component(isel_ctx *c, LLVMValueRef v, unsigned comp, unsigned *w, uint64_t *bits);
/* isel_const.c: the LDS address (group-segment byte offset, *out) of a
 * constant expression rooted at an addrspace(3) global; false otherwise. */
bool isel_const_lds_address(isel_ctx *c, LLVMValueRef v, uint32_t *out);
/* isel_const_expr.c: component comp of the integer constant expression v
 * (trunc, ptrtoint, add, sub, mul, xor; at most 64 bits) whose bits are not known
 * (built on a data global's address), computed here with the scalar ALU
 * into *out (uniform, zero above its width); false when v is not one. */
bool isel_const_expr_value(isel_ctx *c, LLVMValueRef v, unsigned comp, mir_operand *out);
/* Operand for component `comp` of value v (CONST for constants); for
 * 64-bit values returns the whole s2/v2 temp (or a 64-bit CONST when it
 * is an inline constant; else `*wide_lit` is set). */
mir_operand isel_get(isel_ctx *c, LLVMValueRef v, unsigned comp);
/* The lo (hi=false) or hi dword of a 64-bit value's component. */
mir_operand isel_get_half(isel_ctx *c, LLVMValueRef v, unsigned comp, bool hi);
mir_operand isel_half_of(isel_ctx *c, mir_operand o, bool hi);
/* `size` dwords (1 or 2) of a register tuple starting at `dword`. */
mir_temp isel_extract(isel_ctx *c, mir_temp src, unsigned dword, unsigned size);
void isel_set(isel_ctx *c, LLVMValueRef v, unsigned comp, mir_temp t);
/* The entry of v in a value table (map -> index into *vals, *n used of
 * *cap), added empty when absent; the array grows in arena mem. */
isel_val *isel_val_slot(arena *mem, ptrmap *map, isel_val **vals, uint32_t *n, uint32_t *cap, LLVMValueRef v);
bool isel_has(isel_ctx *c, LLVMValueRef v);
/* Class helpers */
bool isel_opnd_is_vgpr(const mir_operand *o);
bool isel_opnd_is_sgpr_like(const mir_operand *o); /* SGPR temp or literal */
/* isel_const.c: bits of a scalar type or of a vector's element (pointers
 * by address space: 32 for LDS, private, region and 32-bit constant, 160
 * for buffer fat pointers, 128 for buffer resources, else 64; 0 for other
 * types); components of a vector type (1 for a scalar); a vector's element
 * type (a scalar type itself). */
unsigned isel_type_bits(LLVMTypeRef t);
unsigned isel_num_comps(LLVMTypeRef t);
LLVMTypeRef isel_scalar_type(LLVMTypeRef t);
/* Moves into registers */
mir_temp isel_to_vgpr(isel_ctx *c, mir_operand o, unsigned dwords);
mir_temp isel_to_sgpr(isel_ctx *c, mir_operand o, unsigned dwords); /* readfirstlane for VGPRs */
/* isel_to_sgpr of a value the IR finds uniform (every active lane holds
 * it): its v_readfirstlane_b32 instructions carry MIR_ENC_UNIFORM, so
 * fold-copies may give VGPR readers the VALU result itself. Not for
 * llvm.amdgcn.readfirstlane / readlane of divergent values. */
mir_temp isel_uniform_to_sgpr(isel_ctx *c, mir_operand o, unsigned dwords);
mir_temp isel_create2(isel_ctx *c, mir_operand lo, mir_operand hi, bool vgpr);
/* VALU with legalisation: defs then srcs; `vop3` forces the VOP3 form. */
mir_instr *isel_valu(isel_ctx *c, unsigned op, mir_temp *defs, unsigned ndefs, mir_operand *srcs, unsigned nsrc,
                     bool vop3);
mir_temp isel_v1(isel_ctx *c, unsigned op, mir_operand a, mir_operand b);    /* VOP2/VOP3 2-source, v1 result */
mir_temp isel_v1_3(isel_ctx *c, unsigned op, mir_operand a, mir_operand b, mir_operand s2);
mir_temp isel_v1_1(isel_ctx *c, unsigned op, mir_operand a);
mir_temp isel_s(isel_ctx *c, unsigned op, unsigned dwords, mir_operand a, mir_operand b);
mir_temp isel_s_scc(isel_ctx *c, unsigned op, unsigned dwords, mir_operand a, mir_operand b, mir_temp *scc);
mir_temp isel_scmp(isel_ctx *c, unsigned op, mir_operand a, mir_operand b); /* -> SCC temp */
mir_temp isel_scc_to_bool(isel_ctx *c, mir_temp scc);
mir_temp isel_vcmp(isel_ctx *c, unsigned op, mir_operand a, mir_operand b); /* -> lane mask (isel_lane_rc) */
/* Lane masks of the target: their class, width in dwords, and the scalar
 * opcode of lane operation k (target.h wavecc_lane_op). */
static inline mir_rc isel_lane_rc(const isel_ctx *c) { return mir_rc_lanes(c->p); }
static inline unsigned isel_lane_dw(const isel_ctx *c) { return mir_lane_dwords(c->p); }
static inline isa_op isel_lane_op(const isel_ctx *c, wavecc_lane_opkind k) { return mir_lane_op(c->p, k); }
/* Lane-mask values (isel_lanes.c). A new temporary of the lane-mask class,
 * recorded as a lane mask: on wave32 a mask and a uniform i1 (0/1) are both
 * one SGPR, so isel tells them apart by this record, not by the width. */
mir_temp isel_lane_tmp(isel_ctx *c);
/* Records temp t (of the lane-mask class) as a lane mask. */
void isel_lane_mark(isel_ctx *c, mir_temp t);
/* Was temp t made as a lane mask (isel_lane_tmp, isel_lane_mark)? */
bool isel_lane_marked(const isel_ctx *c, mir_temp t);
/* Is operand o, an i1 value, a lane-mask temporary rather than a uniform
 * 0/1 SGPR? (wave64: an SGPR pair, asserted to be marked) */
bool isel_is_lane_mask(const isel_ctx *c, const mir_operand *o);
/* d = a <k> b on lane masks (k a two-source WAVECC_LANE_* operation); *scc
 * (may be NULL) gets the SCC result (d != 0). */
mir_temp isel_lane_s(isel_ctx *c, wavecc_lane_opkind k, mir_operand a, mir_operand b);
mir_temp isel_lane_s_scc(isel_ctx *c, wavecc_lane_opkind k, mir_operand a, mir_operand b, mir_temp *scc);
/* A lane mask with every lane (all) or no lane set, in an SGPR (tuple). */
mir_temp isel_lane_const(isel_ctx *c, bool all);
/* A lane-mask constant operand (0 or all lanes) of the target's width. */
mir_operand isel_lane_const_operand(const isel_ctx *c, bool all);
/* isel_alu.c. Element e of an i1 and/or/xor (opc LLVMAnd, LLVMOr, LLVMXor;
 * LLVMAdd and LLVMSub act as xor, LLVMMul as and: modulo 2) of ins's
 * operands 0 and 1 (a binary operator, or a call whose first two
 * arguments are the booleans): s_and/or/xor_b32 on s1 booleans when uniform
 * (div false), else on lane masks (isel_lane_rc: an SGPR pair on wave64,
 * one SGPR on wave32). Sets element e of ins; false for another opc. */
bool isel_bool_logic(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc, unsigned e, bool div);
/* i1 conversions */
mir_temp isel_mask_of(isel_ctx *c, LLVMValueRef v, unsigned comp);
/* EXEC as a fixed operand of the target's lane-mask width; an SCC
 * temporary as an operand or definition pinned to SCC. */
static inline mir_operand isel_exec_operand(const isel_ctx *c) { return mir_op_exec(c->p); }
static inline mir_operand isel_scc_operand(mir_temp scc) {
  mir_operand o = mir_op_temp(scc);
  o.flags |= MIR_OPND_FIXED_REG;
  o.preg = MIR_PREG_SCC;
  return o;
}
mir_temp isel_scc_of(isel_ctx *c, LLVMValueRef v);
mir_temp isel_branch_scc(isel_ctx *c, LLVMValueRef cond);
mir_temp isel_bool_to_vgpr(isel_ctx *c, LLVMValueRef v, unsigned comp, uint32_t tval);

#include "isel/isel_calls.h"

/* ---- packed 16-bit vectors (isel_packed.c) ---- */
/* Dword w (elements 2w, 2w+1) of <N x i16> value v in packed form, a v1
 * temporary defined with v; id 0 when wavecc has none. */
mir_temp isel_packed_word(isel_ctx *c, LLVMValueRef v, unsigned w);
/* Records t (v1) as dword w of v; call only where v is defined. */
void isel_packed_record(isel_ctx *c, LLVMValueRef v, unsigned w, mir_temp t);
/* Dword w (elements 2w, 2w+1) of a 16-bit-element vector v (<N x i16>,
 * <N x half>) packed, as a VOP3P source: its shadow, a constant (in an
 * SGPR) or the elements packed now (v_perm_b32 / s_pack_ll_b32_b16). */
mir_operand isel_packed_dword(isel_ctx *c, LLVMValueRef v, unsigned w);
/* The VOP3P instruction op d = s[0..n-1] (d a v1) on legal operands:
 * constants moved to SGPRs (an inline constant's high half differs
 * between generations), at most one distinct SGPR (gfx9's constant bus),
 * the others copied to VGPRs; MIR_OPND_NEG (neg_lo) kept. Returns it for
 * its clamp and modifiers. */
mir_instr *isel_vop3p(isel_ctx *c, unsigned op, mir_operand *s, unsigned n, mir_temp d);
/* ---- packed f32 (isel_pk_f32.c) ---- */
/* Records t (a v2 or s2 temporary) as the register pair holding <2 x
 * float> value v, lane 0 in its first dword; call where v is defined.
 * Nothing on targets without v_pk_*_f32. */
void isel_pk_f32_record(isel_ctx *c, LLVMValueRef v, mir_temp t);
/* The pair isel_pk_f32_record recorded for v, or id 0. */
mir_temp isel_pk_f32_shadow(const isel_ctx *c, LLVMValueRef v);
/* A <2 x float> fadd/fsub/fmul, or (fma) an llvm.fma/fmuladd call, as one
 * v_pk_add/mul/fma_f32 when its sources need no instruction to become
 * packed operands: 1 when selected, -1 when not (nothing emitted). */
int isel_pk_f32_inst(isel_ctx *c, LLVMValueRef ins, bool fma);
/* Lane e of a vector operand v of a call selected per element, looking
 * through insertelement / shufflevector to the scalar put there (a
 * constant stays a constant operand, as it is in the scalar calls
 * scalarize-vector-intrinsics makes elsewhere). */
mir_operand isel_pk_f32_elem(isel_ctx *c, LLVMValueRef v, unsigned e);

/* A divergent <N x i16> binary operation (isel_packed_inst) or min/max/
 * saturating intrinsic call `name` as VOP3P instructions: 1 when selected,
 * -1 when not (not such an operation, or packing would cost more). */
int isel_packed_inst(isel_ctx *c, LLVMValueRef ins);
int isel_packed_call(isel_ctx *c, LLVMValueRef ins, const char *name);
/* One dword of `per` VGPR elements of `bits` bits (two i16 or four i8,
 * upper bits undefined) packed with v_perm_b32 into *out, when that is
 * shorter than masking and shifting; false (nothing emitted) otherwise. */
bool isel_packed_perm_word(isel_ctx *c, const mir_operand *parts, unsigned per, unsigned bits, mir_operand *out);
/* ---- packed <N x i8> shadows (isel_packed8.c) ---- */
/* After a divergent <N x i8> add/and/or/xor, shufflevector or select `ins`
 * has its components: records its packed dwords (isel_packed_record) when
 * its operands have theirs, one to six VALU instructions per dword; no-op
 * otherwise. */
void isel_packed8_binop(isel_ctx *c, LLVMValueRef ins);
void isel_packed8_shuffle(isel_ctx *c, LLVMValueRef ins);
void isel_packed8_select(isel_ctx *c, LLVMValueRef ins);

/* ---- per-area selectors ---- */
bool isel_alu(isel_ctx *c, LLVMValueRef ins);  /* isel_alu.c */
/* An icmp / fcmp (scalar or vector, element by element) to a lane mask
 * per element (VALU) or an SCC-derived boolean (uniform, SALU); false for
 * a form not selected (fcmp of other than f32). isel_cmp.c */
bool isel_icmp(isel_ctx *c, LLVMValueRef ins);
bool isel_fcmp(isel_ctx *c, LLVMValueRef ins);
bool isel_mem(isel_ctx *c, LLVMValueRef ins);  /* isel_mem.c: load/store/gep/alloca/atomics */
bool isel_call(isel_ctx *c, LLVMValueRef ins); /* isel_intrinsics.c: intrinsics, other calls to isel_calls.c */
/* isel_amdgcn.c: the call `ins` of intrinsic ID `id` if it is one of the
 * one-instruction llvm.amdgcn.* intrinsics there (mbcnt, traps, bfe, med3,
 * clocks, ...): -1 not one of them, 0 one but not selectable (reported by
 * the caller), 1 selected. */
int isel_amdgcn_call(isel_ctx *c, LLVMValueRef ins, unsigned id);
/* isel_mfma.c: a call to llvm.amdgcn.mfma.* (`name`, the callee's name)
 * as the target's v_mfma_* in the VGPR form: -1 not an MFMA intrinsic, 0
 * one the target (or the emulator) lacks or with non-constant cbsz/abid/
 * blgp (reported by the caller), 1 selected. */
int isel_mfma_call(isel_ctx *c, LLVMValueRef ins, const char *name);
/* isel_dot.c: llvm.amdgcn.{s,u,su}dot{2,4,8}, fdot2 and
 * global.atomic.csub where the GPU has the instruction (0 with the error
 * reported where it has not); as isel_amdgcn_call. */
int isel_dot_call(isel_ctx *c, LLVMValueRef ins, unsigned id);
/* isel_overflow.c: llvm.{s,u}mul.with.overflow on i8, i16 and i64 and
 * llvm.{s,u}shl.sat on i8, i16, i32 and i64; as isel_amdgcn_call. */
int isel_overflow_call(isel_ctx *c, LLVMValueRef ins, unsigned id);
/* isel_dot.c: a divergent i32 add that sums the products of the packed
 * i16/i8/i4 elements of two words (and an accumulator) as one v_dot*
 * where the GPU has it; false (nothing emitted) otherwise. */
bool isel_dot_chain(isel_ctx *c, LLVMValueRef ins);
/* isel_amdgcn.c: k where names[k] (1 <= k < n) is the name of LLVM
 * intrinsic ID `id`, else 0 (names[0] is unused). */
unsigned isel_intrinsic_key(const char *const *names, unsigned n, unsigned id);
/* isel_amdgcn_lanes.c: the same for alignbyte, fmul.legacy, frexp.*,
 * rsq.clamp, fdiv.fast, ds.permute/bpermute/swizzle, readlane,
 * amdgcn.unreachable, llvm.bitreverse and llvm.convert.{from,to}.fp16. */
int isel_amdgcn_lanes_call(isel_ctx *c, LLVMValueRef ins, unsigned id);
/* isel_hwregs.c: s.getreg/s.setreg, get.fpmode, read_register/write_register,
 * s.sethalt, endpgm, returnaddress, lds.kernel.id; as isel_amdgcn_call. */
int isel_hwregs_call(isel_ctx *c, LLVMValueRef ins, unsigned id);
/* isel_gds.c: ds.append/ds.consume and ds.gws.*; as isel_amdgcn_call. */
int isel_gds_call(isel_ctx *c, LLVMValueRef ins, unsigned id);
/* isel_wave_ops.c: writelane and wave.reduce.umin/umax; as isel_amdgcn_call. */
int isel_wave_ops_call(isel_ctx *c, LLVMValueRef ins, unsigned id);
/* isel_dpp.c: llvm.amdgcn.update.dpp / mov.dpp; as isel_amdgcn_call. */
int isel_dpp_call(isel_ctx *c, LLVMValueRef ins, unsigned id);
/* isel_f64.c: double-precision instructions (fadd..fdiv, fneg, fcmp,
 * conversions to and from double) and f64 intrinsics (name contains
 * ".f64"). Each returns -1 when `ins` is not theirs, 0 when it is but
 * cannot be selected (the caller reports it), 1 when selected. */
int isel_f64_inst(isel_ctx *c, LLVMValueRef ins);
/* Is `bits` a double that is an inline constant of a 64-bit operand
 * (+-0.5, +-1, +-2, +-4)? Then *out is that constant (the f32 pattern,
 * size 2: encode.c), for an operand read whole as 64 bits, never split
 * into halves (every 64-bit operand reads the f64 pattern: AMDGPU
 * isInlinableLiteral64; llc-19 writes v_lshlrev_b64 v[0:1], v2, 1.0). */
bool isel_f64_inline_const(uint64_t bits, mir_operand *out);
int isel_f64_call(isel_ctx *c, LLVMValueRef ins, const char *name);
/* Correctly rounded f64 division a / b (v2 result; operands v2/s2); the
 * refinement rounds in the f16/f64 rounding field, whichever it holds. */
mir_temp isel_fdiv64(isel_ctx *c, mir_operand a, mir_operand b);
/* Correctly rounded (to nearest) f64 sqrt (v2); when xs is not NULL also
 * the scaled input xs (x, or x * 2^256 below 2^-767) and its root gs
 * before the scale back, for a residual xs - gs * gs that is never
 * denormal. */
mir_temp isel_sqrt64_scaled(isel_ctx *c, mir_operand x, mir_temp *xs, mir_temp *gs);
/* Element e of integer value A (sb bits: 1..32 or 64) -> double, one
 * rounding (in the f16/f64 field); {0} for other widths. */
mir_temp isel_int_to_f64(isel_ctx *c, LLVMValueRef A, unsigned e, unsigned sb, bool sign);
/* double -> integer of db bits (<= 32 or 64), truncating, independent of
 * MODE's rounding; out of range is poison in IR. */
mir_temp isel_f64_to_int(isel_ctx *c, mir_operand x, unsigned db, bool sign);
/* isel_half.c: half-precision instructions and f16 intrinsics, with the
 * same -1 / 0 / 1 contract as isel_f64_*; isel_f16_bits gives the binary16
 * encoding of a value exactly representable in half (constants). */
/* llvm.amdgcn.queue.ptr in a kernel: the s2 queue address, loaded from
 * the hidden_queue_ptr argument (kernarg offset hidden + 200, which
 * isel_abi.c lays out when the kernel calls it) under code object v5/v6,
 * the queue pointer user SGPRs under v4 (AMDGPUUsage "Initial Kernel
 * Execution State"). */
mir_temp isel_queue_ptr(isel_ctx *c);
int isel_half_inst(isel_ctx *c, LLVMValueRef ins);
int isel_half_call(isel_ctx *c, LLVMValueRef ins, const char *name);
uint32_t isel_f16_bits(double v);
/* double (v2/s2) -> half; the result's rounding is v_cvt_f16_f32's (the
 * f16/f64 field): the last instruction emitted. */
mir_temp isel_f64_to_f16(isel_ctx *c, mir_operand d);
/* half (v1 operand) -> double, exact (v2). */
mir_temp isel_f16_to_f64(isel_ctx *c, mir_operand h);
/* fma/fmuladd.f32 `ins` whose operands all extend halves -> one
 * v_mad_mix_f32 (true), else false (nothing emitted). */
bool isel_half_mad_mix(isel_ctx *c, LLVMValueRef ins);
/* isel_memmodel.c: the target's memory model (wavecc_target.mem_model)
 * for global (as 1) and generic (as 0) atomics, volatile accesses and
 * fences. isel_has_mem_model: whether the target has a table and `as`
 * is one it applies to. isel_model_access_flags: MIR_ENC_* cache bits and
 * MIR_ENC_ORDERED of access `ins` (a load, store or read-modify-write;
 * the returning GLC of an RMW is the caller's); 0 for a plain access or
 * without a model. isel_model_release: the scope's writeback (buffer_wbl2)
 * before a release's s_waitcnt (isel_model_release_wait), which the caller
 * emits.
 * isel_model_acquire: after an acquire access or fence, s_waitcnt 0
 * (unless `waited`: the caller just emitted one) and the scope's
 * invalidates (buffer_inv, buffer_wbinvl1_vol). Fences pass as 0. */
typedef enum isel_access { ISEL_ACCESS_LOAD, ISEL_ACCESS_STORE, ISEL_ACCESS_RMW } isel_access;
bool isel_has_mem_model(const isel_ctx *c, unsigned as);
uint16_t isel_model_access_flags(isel_ctx *c, LLVMValueRef ins, unsigned as, isel_access kind);
void isel_model_release(isel_ctx *c, LLVMValueRef ins, unsigned as);
/* Is atomic `ins` a release (release, acq_rel, seq_cst; a cmpxchg by its
 * success ordering)? Then isel_model_release_wait's wait comes first. */
bool isel_model_is_release(LLVMValueRef ins);
void isel_model_acquire(isel_ctx *c, LLVMValueRef ins, unsigned as, bool waited);
/* The s_waitcnt before release `ins` (a fence, store or read-modify-write
 * on address space `as`; fences pass 0) and of a fence of any ordering:
 * s_waitcnt 0, or lgkmcnt(0) alone where the scope's model says the
 * release waits only for LDS (wavecc_scope_model.release_waits_lds_only);
 * at wavefront or singlethread scope isel_model_full_wait's. */
void isel_model_release_wait(isel_ctx *c, LLVMValueRef ins, unsigned as);
/* The s_waitcnt immediate (wavecc_waitcnt_encode) with which atomic or
 * fence `ins` waits for all earlier accesses: 0, or at wavefront and
 * singlethread scope on a target with a memory model every counter at its
 * maximum (AMDGPUUsage: no code for those rows), which still orders the
 * accesses around it for the schedulers and which the waitcnt pass
 * deletes. */
uint32_t isel_model_full_wait(isel_ctx *c, LLVMValueRef ins);
/* isel_atomic.c: atomicrmw / cmpxchg on i64 (global, flat, LDS); false
 * when `ins` is not a 64-bit integer atomic (unsupported ones are
 * reported and return true). */
bool isel_atomic64(isel_ctx *c, LLVMValueRef ins);
/* atomicrmw fadd/fmin/fmax on double in global or generic memory, where
 * the target has the instruction (gfx90a/gfx942 *_atomic_{add,min,max}_f64)
 * and the IR allows it as llc-19 requires ("amdgpu-unsafe-fp-atomics" on
 * the function or !amdgpu.no.fine.grained.memory on the instruction);
 * false (nothing emitted) otherwise. */
bool isel_atomic_float(isel_ctx *c, LLVMValueRef ins);
/* The returning atomic instruction for atomicrmw/cmpxchg `ins` on
 * `bytes`-byte integers in its address space (global, flat, LDS), from the
 * ISA table, among those c's target has; ISA_NUM_OPS if it has none. */
isa_op isel_atomic_op(isel_ctx *c, LLVMValueRef ins, unsigned bytes);
/* The atomic instruction `op` (its returning form; the non-returning one
 * is chosen when ins's result is unused) for the atomicrmw/cmpxchg `ins`
 * on values of `dw` dwords (1 or 2), after an s_waitcnt 0; sets the old
 * value (and for cmpxchg the success lane mask) as ins's result. */
void isel_atomic_emit(isel_ctx *c, LLVMValueRef ins, unsigned op, unsigned dw);
/* isel_div64.c: a op b (udiv/sdiv/urem/srem) on 32-bit operands already
 * extended from narrower types; s1 result when `salu`, else v1. */
mir_temp isel_divrem32(isel_ctx *c, LLVMOpcode op, mir_operand a, mir_operand b, bool salu);
/* isel_divrem32 for udiv/urem whose dividend a is known to be at most
 * nmax (0: unknown): a constant divisor takes a magic number for that
 * range (fewer instructions; the product q * d in v_mul_u32_u24). */
mir_temp isel_udivrem32_below(isel_ctx *c, LLVMOpcode op, mir_operand a, mir_operand b, bool salu, uint32_t nmax);
/* Component `comp` of the i64 division/remainder `ins` (s2 when ins is
 * uniform, else v2), narrowed to 32 bits when isel_divrange.c proves it. */
mir_temp isel_divrem64(isel_ctx *c, LLVMValueRef ins, unsigned comp);
/* isel_div64.c: a scalar integer division or remainder by a non-constant
 * divisor selected through one f32 reciprocal: divergent, any width up to
 * 64, operands the range analysis puts in [0, 2^21); or signed (sdiv,
 * srem up to 32 bits, divergent or uniform) with operands in
 * (-2^21, 2^21). False (nothing emitted) when it does not qualify. */
bool isel_divrem_small(isel_ctx *c, LLVMValueRef ins);
/* Granlund & Montgomery (PLDI 1994) parameters for unsigned `bits`-bit
 * (32 or 64) division by a constant d >= 2 that is not a power of two:
 * without `add`, q = mulhi(n, m) >> shift (m < 2^bits, their Theorem 4.2
 * with the smallest shift that works); with `add` (the multiplier needs
 * bits + 1 bits, their Figure 4.1), t = mulhi(n, m),
 * q = (t + ((n - t) >> 1)) >> shift. Exact for every n < 2^bits. */
typedef struct isel_magic {
  uint64_t m;
  unsigned shift;
  bool add;
} isel_magic;
isel_magic isel_magic_unsigned(uint64_t d, unsigned bits);
/* isel_divrange.c: are both operands of the integer division `ins`
 * provably in [0, 2^bits)? (scalar types only; false when unknown) */
bool isel_div_operands_below(LLVMValueRef ins, unsigned bits);
/* ... both provably in (-2^bits, 2^bits)? */
bool isel_div_operands_within(LLVMValueRef ins, unsigned bits);
/* Is the integer value v provably in [0, bound)? (false when unknown) */
bool isel_value_below(LLVMValueRef v, uint64_t bound);
/* isel_fuse.c: is the i32 operation `ins` folded into its user's
 * three-operand VALU instruction (then it gets no value of its own)? */
bool isel_fuse_deferred(isel_ctx *c, LLVMValueRef ins);
/* Select `ins` as v_add3_u32 / v_or3_b32 / v_lshl_add_u32 / v_lshl_or_b32 /
 * v_add_lshl_u32 / v_and_or_b32 / v_xad_u32 / v_bfi_b32 / v_bfe_u32 when it roots
 * such a pattern (true), else emit nothing (false). */
bool isel_fuse(isel_ctx *c, LLVMValueRef ins);
/* isel_narrow.c: is the i64 mul `ins` selected with its add user (one
 * v_mad_u64_u32; then it gets no value of its own)? And the i64 add or
 * mul `ins` selected narrower by the known-zero upper halves of its
 * operands (true), else nothing emitted (false). */
bool isel_narrow_deferred(isel_ctx *c, LLVMValueRef ins);
/* v_mad_u64_u32 a, b, x: a * b (32-bit operands) + x (64-bit), v2. */
mir_temp isel_mad_u64(isel_ctx *c, mir_operand a, mir_operand b, mir_operand x);
bool isel_narrow64(isel_ctx *c, LLVMValueRef ins);
/* isel_zext.c: are bits 31..`bits` of the 32-bit operand o known zero
 * (o defined nearby in the current block by a zero-extending byte/short
 * load or an AND with a mask below 2^bits)? false when unknown. */
bool isel_upper_bits_zero(isel_ctx *c, mir_operand o, unsigned bits);
/* Records that temporary t (one dword) is zero above its low `bits` bits
 * (a narrow unsigned division's result, isel_div64.c), so that a zero
 * extension of it soon after needs no instruction. */
void isel_mark_zero_above(isel_ctx *c, mir_temp t, unsigned bits);
/* isel_zext.c: is o (a v1) the result of v_lshrrev_b32 by a constant k
 * (< 32) of a 32-bit temporary x, defined a bounded scan back in the
 * current block? Then *x and *k. The bytes and halves of a vector bitcast
 * from i32 are such shifts: an extension of one reads x's field directly. */
bool isel_shifted_from(isel_ctx *c, mir_operand o, mir_operand *x, unsigned *k);
/* isel_int64.c: the `bits`-bit value o (a VGPR) zero- or sign-extended
 * to 32 bits from the word it was shifted out of (isel_shifted_from):
 * one v_bfe at the field, v_ashrrev_i32 for a top field, or o itself
 * when its upper bits are zero already; false (nothing emitted) when o is
 * no such shift. For a value with one use, so that the shift dies. */
bool isel_extend_shifted(isel_ctx *c, mir_operand o, unsigned bits, bool sign, mir_operand *out);
/* isel_abi.c: ABI inputs and argument loads into the current block (a
 * kernel's hardware-initialised registers and kernarg loads, or a
 * function's calling-convention inputs), private memory of the allocas;
 * failures are reported (isel_unsupported) and set c->failed. */
void isel_setup_abi(isel_ctx *c);
/* isel_lds.c: byte offsets in the group segment (LDS) of the addrspace(3)
 * globals the program can address (c->lds_globals) and, for a kernel, its
 * group segment size (abi.group_segment_size): one module-wide region for
 * the globals functions use, so that every kernel reaching a function
 * agrees with it. false after reporting LDS beyond ISA_LDS_BYTES. */
bool isel_layout_lds(isel_ctx *c);
/* isel.c: the body (no phis, no terminator) of LLVM block b. */
void isel_select_body(isel_ctx *c, uint32_t b);
/* Selects the one non-phi instruction `ins` at the current point of block
 * c->cur (errors reported through isel_unsupported). */
void isel_select_inst(isel_ctx *c, LLVMValueRef ins);
/* isel_cf.c: whole-kernel masked linearisation. */
bool isel_masked(isel_ctx *c);
/* isel_struct.c: the kernel with structured EXEC-mask regions. -1 when it
 * has no divergent branch or a shape isel_struct does not handle (nothing
 * emitted), 0 after reporting unsupported IR, 1 when selected. */
int isel_structured(isel_ctx *c);
/* isel_boolphi.c: after the phis of machine block mb are filled, its
 * lane-mask (s2) phis become VGPR (0/1) phis, a v_cndmask_b32 at the end of
 * each logical predecessor and a v_cmp_ne_u32 after the phis and any EXEC
 * restore that follows them (the mask keeps its temporary). */
void isel_vgpr_bool_phis(isel_ctx *c, uint32_t mb);
/* isel.c: the phis of LLVM block b as placeholder temporaries (before its
 * body is selected), and, once every block is selected, their p_phi
 * instructions at the front of machine block mir[b] with one operand per
 * logical predecessor pm, the incoming value from LLVM block
 * mir_to_llvm[pm]. */
void isel_create_phis(isel_ctx *c, uint32_t b);
void isel_finish_phis(isel_ctx *c, const uint32_t *mir, const uint32_t *mir_to_llvm);
/* isel_cast.c: trunc/zext/sext, bitcasts, pointer casts and int<->float
 * conversions of instruction ins (opcode opc); false for forms it does not
 * select (the caller reports them). */
bool isel_cast(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc);
/* isel_cast.c: a value as 32-bit words (element bits packed, 64-bit split)
 * and back; both return false for layouts they cannot express. */
bool isel_pack_dwords(isel_ctx *c, LLVMValueRef v, mir_operand *out, unsigned *n);
bool isel_unpack_dwords(isel_ctx *c, LLVMValueRef dst, const mir_operand *dw, unsigned n);
mir_temp isel_sqrt_exact(isel_ctx *c, mir_operand x);
/* i64/u64 (s2/v2 operand) -> f32, correctly rounded (v1). */
mir_temp isel_i64_to_f32(isel_ctx *c, mir_operand a, bool sign);
/* Correctly rounded f32 division a / b (v1). */
mir_temp isel_fdiv32(isel_ctx *c, mir_operand a, mir_operand b);
/* The same for f32 operands that extend halves: their residuals are 0 or
 * above 2^-90 (granularity of products of f16-range values), never f32
 * denormals, so no MODE write is needed in a kernel that flushes them. */
mir_temp isel_fdiv32_of_halves(isel_ctx *c, mir_operand a, mir_operand b);
/* Correctly rounded f16 a / b (v1 halves in, v1 half out) in the default
 * rounding, through f32 in 8 instructions (isel_f32div.c). */
mir_temp isel_fdiv16(isel_ctx *c, mir_operand a16, mir_operand b16);
/* f32 a / b for the fdiv instruction `ins` (one element): the correctly
 * rounded sequence, or with !fpmath >= 2.5 ulp the frexp-scaled
 * reciprocal (isel_f32div.c). */
mir_temp isel_fdiv32_of(isel_ctx *c, LLVMValueRef ins, mir_operand a, mir_operand b);
/* llvm.round.f32 of x (v1 result; isel_f32div.c). */
mir_temp isel_round32(isel_ctx *c, mir_operand x);
/* f32 sqrt within 1 ulp, denormal inputs scaled unless flushed (isel_f32div.c). */
mir_temp isel_sqrt_1ulp(isel_ctx *c, mir_operand x);
/* v_div_fmas_f32/f64 (op) d = e * r + q, scaled by the VCC that
 * v_div_scale set (vcc: its s2 def, fixed to VCC); d is v1 or v2. */
/* The two v_div_scale_f32/f64 (op) of a / b that start a division: den =
 * b scaled, num = a scaled (v1 or v2), vcc = the s2 (fixed to VCC) that
 * isel_div_fmas reads. */
void isel_div_scale(isel_ctx *c, unsigned op, mir_operand a, mir_operand b, mir_temp *den, mir_temp *num,
                    mir_temp *vcc);
mir_temp isel_div_fmas(isel_ctx *c, unsigned op, mir_temp e, mir_temp r, mir_temp q, mir_temp vcc);
/* The same, also giving the scaled input (x, or x * 2^96 where x < 2^-80)
 * and the lane mask of the scaled lanes (result scaled by 2^48 there). */
mir_temp isel_sqrt_scaled(isel_ctx *c, mir_operand x, mir_temp *xv, mir_temp *tiny);
#define ISEL_SQRT_TINY 0x17800000u        /* 2^-80 */
#define ISEL_SQRT_SCALE 0x6f800000u       /* 2^96 */
#define ISEL_SQRT_ROOT_SCALE 0x57800000u  /* 2^48 */
#define ISEL_SQRT_UNSCALE 0x27800000u     /* 2^-48 */

/* ---- floating-point mode (isel_fpmode.c) ---- */
/* FLOAT_MODE byte (MODE bits 7:0) of kernel `fn` from "denormal-fp-math"
 * and "denormal-fp-math-f32", llc-19's defaults when absent. */
uint32_t isel_fp_mode_of(LLVMValueRef fn);
/* A region of instructions that need MODE field f = value (the MODE pass
 * sets it): start = isel_fpmode_begin() before emitting them into the
 * current block, isel_fpmode_end(start, f, value) after. */
uint32_t isel_fpmode_begin(const isel_ctx *c);
void isel_fpmode_end(isel_ctx *c, uint32_t start, isa_mode_field f, unsigned value);
/* Does the kernel flush f32 denormals (inputs or outputs)? */
bool isel_denorm32_flushed(const isel_ctx *c);
/* isel_rounding.c: is `name` an intrinsic isel_fpmode_call selects? */
bool isel_is_fpmode_intrinsic(const char *name);
/* llvm.set.rounding, llvm.get.rounding, llvm.fptrunc.round and the
 * llvm.experimental.constrained.* operations; false (caller reports
 * "unsupported instruction") for types and roundings it does not handle. */
bool isel_fpmode_call(isel_ctx *c, LLVMValueRef ins, const char *name);
mir_temp isel_add64(isel_ctx *c, mir_operand a, mir_operand b, bool vgpr);
/* The same from the 32-bit halves of a and b (s2 or v2 result). */
mir_temp isel_add64_halves(isel_ctx *c, mir_operand al, mir_operand ah, mir_operand bl, mir_operand bh, bool vgpr);
/* Shared builders (isel_int64.c, isel_build.c: they call no selector):
 * a - b on 64-bit operands; a 64-bit operand in a v2 temporary;
 * (x ^ sign) - sign (v2, sign 0 or -1 in a v1); every operand SGPR or
 * constant; a commuting VOP2 with any VGPR in src1; an operand as a
 * temporary of the file; an i<bits> zero- or sign-extended to 32 bits
 * (SALU when `salu`). */
mir_temp isel_sub64(isel_ctx *c, mir_operand a, mir_operand b, bool vgpr);
mir_temp isel_v64(isel_ctx *c, mir_operand o);
mir_temp isel_neg64_if(isel_ctx *c, mir_temp x, mir_temp sign);
bool isel_all_salu(isel_ctx *c, mir_operand *ops, unsigned n);
mir_temp isel_v1c(isel_ctx *c, unsigned op, mir_operand a, mir_operand b);
mir_temp isel_as_temp(isel_ctx *c, mir_operand o, bool vgpr, unsigned dw);
mir_operand isel_extend32(isel_ctx *c, mir_operand o, unsigned bits, bool sign, bool salu);
/* isel_int64.c: an i33..i63 (bits) held in a 64-bit operand, zero- or
 * sign-extended to 64 bits (other widths: o unchanged); a * b on 64-bit
 * operands (low 64 bits of the product), s2 or v2 (vgpr), where A and B
 * are the IR values of a and b (NULL: unknown): zero- or sign-extended
 * 32-bit operands need fewer partial products. */
mir_operand isel_ext64(isel_ctx *c, mir_operand o, unsigned bits, bool sign, bool salu);
/* isel_narrow.c: v_bfe_i32/u32 for shift pairs, 24-bit multiplies and
 * multiply-adds for a divergent scalar integer instruction whose operands
 * the IR proves narrow: -1 when none applies (select it normally), 1 when
 * selected. */
int isel_narrow(isel_ctx *c, LLVMValueRef ins);
/* isel_narrow.c: is the i32 add `ins` selected as one v_mad_{u32_u24,
 * i32_i24} (or v_mad_u64_u32) of its product operand? isel_fuse leaves
 * such an add out of v_add3_u32: a chain of k narrow products and an
 * accumulator is k multiply-adds instead of k multiplies and k/2 add3. */
bool isel_narrow_mad(isel_ctx *c, LLVMValueRef ins);
/* isel_int64.c: isel_half_of, but the operand itself when o was built
 * from two dwords (p_create_vector) shortly before in the current block. */
mir_operand isel_half_src(isel_ctx *c, mir_operand o, bool hi);
/* isel_int64.c: shl/lshr/ashr (opc) of the 64-bit operand a by 32 + k
 * (k < 32), s2 or v2 (vgpr). */
mir_temp isel_shift64_hi(isel_ctx *c, LLVMOpcode opc, mir_operand a, unsigned k, bool vgpr);
mir_temp isel_mul64(isel_ctx *c, LLVMValueRef A, LLVMValueRef B, mir_operand a, mir_operand b, bool vgpr);
/* isel_values.c: an LDS address (32-bit operand) as a generic (flat)
 * pointer, v2: the shared aperture in the high dword; LDS null (-1) gives
 * generic null. */
mir_temp isel_lds_to_flat(isel_ctx *c, mir_operand lds_addr);
/* A group (LDS, private_seg false) or private (scratch, true) segment
 * address (32 bits, any register file) as a generic one: the aperture
 * in the high dword, the segment null (-1) as the generic null (0);
 * AMDGPUUsage "Address Spaces". A VGPR pair. A private one is usable only
 * where FLAT_SCRATCH is set up (isel_ctx private_flat). */
mir_temp isel_segment_to_flat(isel_ctx *c, mir_operand a, bool private_seg);
/* isel_buffer.c: buffer resources (ptr addrspace(8), one s4 temporary)
 * and the buffer intrinsics. isel_buffer_claims says whether an
 * instruction is isel_buffer's (buffer intrinsic calls; select, icmp and
 * freeze of resources); isel_buffer_rsrc gives a resource value's s4
 * (constants: a zero V#). */
bool isel_buffer_claims(LLVMValueRef ins);
bool isel_buffer(isel_ctx *c, LLVMValueRef ins);
bool isel_is_rsrc_type(LLVMTypeRef t);
mir_temp isel_buffer_rsrc(isel_ctx *c, LLVMValueRef v);
/* SCC ? t : f for two V#s (s4), two s_cselect_b64. */
mir_temp isel_buffer_cselect(isel_ctx *c, mir_temp t, mir_temp f, mir_temp scc);
/* A ptr addrspace(8) kernel argument at kernarg byte `off` (16-aligned):
 * s_load_dwordx4 into an s4. */
mir_temp isel_buffer_arg(isel_ctx *c, uint32_t off);
/* isel_gep.c: getelementptr (false for shapes it does not take); the
 * constant the loads and stores through pointer `ptr` (a GEP or a
 * kernel's implicitarg.ptr) carry in their offset field, left out of
 * ptr's own value (0 when none); the variable index of a GEP selected as
 * a 32-bit VGPR offset from its SGPR base (saddr form: NULL when not),
 * with its element size and constant; the same for a GEP of constant
 * indices on such a GEP (isel_gep_saddr_user: *g that GEP, *coff its
 * constant plus the indices' bytes); the value under `ptr`'s folded
 * constant-index GEPs (ptr itself when none); does `ins` carry metadata
 * `kind`? */
bool isel_gep(isel_ctx *c, LLVMValueRef ins);
int64_t isel_folded_offset(isel_ctx *c, LLVMValueRef ptr);
LLVMValueRef isel_gep_saddr(isel_ctx *c, LLVMValueRef ptr, uint64_t *size, int64_t *coff);
LLVMValueRef isel_gep_saddr_user(isel_ctx *c, LLVMValueRef ptr, LLVMValueRef *g, uint64_t *size, int64_t *coff);
LLVMValueRef isel_address_root(isel_ctx *c, LLVMValueRef ptr);
/* isel_mem.c: the VGPR address of a vector-memory access (load, store,
 * atomic) of `bytes` through `ptr` in address space `as`: 64-bit for
 * global/flat, 32-bit for LDS and scratch, or the 32-bit offset from
 * *saddr (set; id 0 when not that form) with *off set to the GEP's
 * constant (isel_gep_saddr); *off (the caller's isel_folded_offset)
 * otherwise stays as given, or grows by a constant LDS or private
 * address. A temporary id 0 when the whole address is in *off / *saddr
 * (private memory only). */
mir_temp isel_vector_address(isel_ctx *c, LLVMValueRef ptr, unsigned as, mir_temp *saddr, int32_t *off,
                             unsigned bytes);
bool isel_has_md(isel_ctx *c, LLVMValueRef ins, const char *kind);
/* isel_data.c: the address (s2) of a data global or a constant GEP into
 * one, materialised in the current block; false for anything else. */
bool isel_data_address(isel_ctx *c, LLVMValueRef v, mir_operand *out);

#endif
