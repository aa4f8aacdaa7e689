/* Scratch inputs and spill slots of the spiller (spill.c): the private
 * segment buffer and wave offset VGPR spills need, virtual slots, the
 * p_spill / p_reload pseudos naming them, and the placing of a file's
 * slots once it is done (lanes of linear VGPRs for SGPRs, scratch byte
 * offsets above the allocas for VGPRs). */
#include <assert.h>
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

/* The p_startpgm of the entry block. */
static mir_instr *startpgm(mir_program *p) {
  mir_block *b = &p->blocks[0];
  for (uint32_t i = 0; i < b->num_instrs; i++)
    if (b->instrs[i]->opcode == MIR_P_STARTPGM) return b->instrs[i];
  return NULL;
}

/* Position after p_startpgm in the entry block. */
static uint32_t after_startpgm(const mir_program *p) {
  const mir_block *b = &p->blocks[0];
  for (uint32_t i = 0; i < b->num_instrs; i++)
    if (b->instrs[i]->opcode == MIR_P_STARTPGM) return i + 1;
  return 0;
}

/* A calling kernel's soffset 0 (isel_setup_calling_kernel: its V#'s base
 * is the wave's scratch already) defined again at `at` in the entry block
 * when dce dropped it, nothing using it before the spiller: the kernel's
 * own private accesses take the constant, and a stack argument's store
 * the stack pointer. In the compact layout it stays in its register
 * (abi.call_wo_sgpr, which functions save). Returns the position after. */
static uint32_t define_kernel_zero(spill_ctx *c, uint32_t at) {
  mir_program *p = c->p;
  assert(!p->is_function); /* a function's frame base is its stack pointer, an input */
  mir_instr *z = mir_instr_create(p, ISA_S_MOV_B32, 1, 1);
  z->ops[0] = mir_op_const(0);
  z->defs[0] = mir_op_temp(c->wo);
  if (p->abi.call_wo_sgpr) {
    z->defs[0].preg = MIR_PREG_SGPR(p->abi.call_wo_sgpr);
    z->defs[0].flags = MIR_OPND_FIXED_REG;
  }
  mir_block_insert(p, &p->blocks[0], at, z);
  return at + 1;
}

/* Finds the private segment buffer (s[0:3]) and scratch wave offset (the
 * last system SGPR) among the kernel inputs, adding both when absent
 * (AMDGPUUsage "Initial Kernel Execution State": the V# is the first user
 * SGPRs, the offset the last system SGPR). Returns false when the kernel
 * has no p_startpgm (hand-written test input). */
bool spill_ensure_scratch_inputs(spill_ctx *c) {
  mir_program *p = c->p;
  mir_instr *sp = startpgm(p);
  if (!sp) return false;
  if (wavecc_scratch_flat(p->target)) {
    /* architected flat scratch: FLAT_SCRATCH is the wave's scratch, the
     * slots' lane offsets go in scratch_*'s offset field (llc-19
     * -mcpu=gfx1100: scratch_store_b32 off, v1, off offset:N); the
     * descriptor only enables the private segment */
    if (c->flat_ready) return true;
    c->flat_ready = true;
    c->scratch_base = (p->abi.private_segment_size + 3) & ~3u;
    if (!p->is_function) {
      p->abi.private_segment_wave_offset = true;
      return true;
    }
    /* a function's slots: saddr = its stack pointer (lane bytes) plus the
     * base, the offsets immediate as in a kernel */
    c->wo = p->scratch_offset;
    uint32_t at = after_startpgm(p);
    const mir_block *b0 = &p->blocks[0];
    for (uint32_t i = 0; i < b0->num_instrs; i++)
      for (unsigned k = 0; k < b0->instrs[i]->num_defs; k++) {
        const mir_operand *o = &b0->instrs[i]->defs[k];
        if (o->kind == MIR_OPND_TEMP && o->temp.id == c->wo.id && i + 1 > at) at = i + 1;
      }
    spill_grow(c);
    c->kind[c->wo.id] = TK_PINNED;
    if (c->scratch_base) {
      mir_instr *add = mir_instr_create(p, ISA_S_ADD_U32, 2, 2);
      mir_temp so = spill_new_temp(c, mir_rc_s(1)), scc = spill_new_temp(c, mir_rc_s(1));
      add->ops[0] = mir_op_temp(c->wo);
      add->ops[1] = mir_op_const(c->scratch_base);
      add->defs[0] = mir_op_temp(so);
      add->defs[1] = mir_op_temp(scc);
      add->defs[1].preg = MIR_PREG_SCC;
      add->defs[1].flags = MIR_OPND_FIXED_REG;
      mir_block_insert(p, &p->blocks[0], at, add);
      c->wo = so;
      c->kind[so.id] = c->kind[scc.id] = TK_PINNED;
    }
    return true;
  }
  if (c->psb.id && c->wo.id) return true;
  uint32_t at = after_startpgm(p);
  if (p->scratch_rsrc.id) {
    /* isel named them (calls: the V# moved by the wave offset, the frame
     * base): the offset's add goes after both are defined */
    c->psb = p->scratch_rsrc;
    c->wo = p->scratch_offset;
    const mir_block *b0 = &p->blocks[0];
    bool wo_defined = false;
    for (uint32_t i = 0; i < b0->num_instrs; i++)
      for (unsigned k = 0; k < b0->instrs[i]->num_defs; k++) {
        const mir_operand *o = &b0->instrs[i]->defs[k];
        if (o->kind == MIR_OPND_TEMP && (o->temp.id == c->psb.id || o->temp.id == c->wo.id) && i + 1 > at) at = i + 1;
        wo_defined |= o->kind == MIR_OPND_TEMP && o->temp.id == c->wo.id;
      }
    if (!wo_defined) at = define_kernel_zero(c, at);
  } else if (p->abi.private_segment_buffer && p->abi.private_segment_wave_offset) {
    mir_preg last = 0;
    for (unsigned k = 0; k < sp->num_defs; k++) {
      const mir_operand *o = &sp->defs[k];
      if (o->kind != MIR_OPND_TEMP || o->preg >= MIR_MAX_SGPRS) continue;
      if (o->preg == 0 && mir_rc_size(o->temp.rc) == 4) c->psb = o->temp;
      if (o->preg >= last) {
        last = o->preg;
        c->wo = o->temp;
      }
    }
  } else {
    mir_instr *n = mir_instr_create(p, MIR_P_STARTPGM, 0, sp->num_defs + 2u);
    unsigned next = 4;
    for (unsigned k = 0; k < sp->num_defs; k++) {
      n->defs[k + 1] = sp->defs[k];
      mir_operand *o = &n->defs[k + 1];
      if (o->kind == MIR_OPND_TEMP && o->preg < MIR_MAX_SGPRS) {
        o->preg = (mir_preg)(o->preg + 4);
        if (o->preg + mir_rc_size(o->temp.rc) > next) next = o->preg + mir_rc_size(o->temp.rc);
      }
    }
    c->psb = spill_new_temp(c, mir_rc_s(4));
    c->wo = spill_new_temp(c, mir_rc_s(1));
    n->defs[0] = mir_op_temp(c->psb);
    n->defs[0].preg = MIR_PREG_SGPR(0);
    n->defs[0].flags = MIR_OPND_FIXED_REG;
    n->defs[sp->num_defs + 1] = mir_op_temp(c->wo);
    n->defs[sp->num_defs + 1].preg = MIR_PREG_SGPR(next);
    n->defs[sp->num_defs + 1].flags = MIR_OPND_FIXED_REG;
    mir_block *b = &p->blocks[0];
    for (uint32_t i = 0; i < b->num_instrs; i++)
      if (b->instrs[i] == sp) b->instrs[i] = n;
    p->abi.private_segment_buffer = true;
    p->abi.private_segment_wave_offset = true;
  }
  spill_grow(c);
  if (!c->psb.id || !c->wo.id) return false;
  c->kind[c->psb.id] = c->kind[c->wo.id] = TK_PINNED;
  /* Spill slots start above the allocas: the wave's offset moves up by
   * base bytes per lane (x wave_size lanes: soffset is added after the swizzle),
   * so the 12-bit MUBUF offset covers 4 KiB of slots. */
  c->scratch_base = (p->abi.private_segment_size + 3) & ~3u;
  if (c->scratch_base) {
    mir_instr *add = mir_instr_create(p, ISA_S_ADD_U32, 2, 2);
    mir_temp so = spill_new_temp(c, mir_rc_s(1)), scc = spill_new_temp(c, mir_rc_s(1));
    add->ops[0] = mir_op_temp(c->wo);
    add->ops[1] = mir_op_const(c->scratch_base * p->target->wave_size);
    add->defs[0] = mir_op_temp(so);
    add->defs[1] = mir_op_temp(scc);
    add->defs[1].preg = MIR_PREG_SCC;
    add->defs[1].flags = MIR_OPND_FIXED_REG;
    mir_block_insert(p, &p->blocks[0], at, add);
    c->wo = so;
    c->kind[so.id] = c->kind[scc.id] = TK_PINNED;
  }
  return true;
}

/* A new virtual spill slot of `n` dwords for temporary t (placed by
 * place_slots once the file is done). */
void spill_alloc_slot(spill_ctx *c, uint32_t t, unsigned n) {
  if (c->nvslots == c->cap_vslots) {
    uint32_t cap = c->cap_vslots ? c->cap_vslots * 2 : 64;
    c->vslot_size = arena_grow(c->p->mem, c->vslot_size, c->nvslots, cap, sizeof *c->vslot_size);
    c->cap_vslots = cap;
  }
  c->vslot_size[c->nvslots] = (uint8_t)n;
  c->slot[t] = c->nvslots++;
}

/* p_spill value, virtual slot s: SGPR -> {value, s, lane VGPR (undef until
 * placed)}; VGPR -> {value, s, V#, offset}. place_slots turns s into a lane
 * or a byte offset. */
mir_instr *spill_make_spill_to(spill_ctx *c, mir_temp v, uint32_t s) {
  mir_instr *ins = mir_instr_create(c->p, MIR_P_SPILL, c->vgpr ? 4 : 3, 0);
  ins->ops[0] = mir_op_temp(v);
  ins->ops[1] = mir_op_const(s);
  if (c->vgpr) {
    ins->ops[2] = spill_rsrc_operand(c);
    ins->ops[3] = spill_base_operand(c);
  } else {
    ins->ops[2] = (mir_operand){.kind = MIR_OPND_UNDEF, .preg = MIR_PREG_NONE};
    ins->ops[2].temp.rc = (mir_rc)(mir_rc_v(1) | MIR_RC_LINEAR);
  }
  return ins;
}

mir_instr *spill_make_spill(spill_ctx *c, mir_temp v) { return spill_make_spill_to(c, v, c->slot[v.id]); }

/* p_reload of spilled value t into a new temporary *out. */
mir_instr *spill_make_reload(spill_ctx *c, uint32_t t, mir_temp *out) {
  uint32_t s = c->slot[t];
  *out = spill_new_temp(c, c->p->temp_rc[t]);
  c->slot[out->id] = s;
  mir_instr *ins = mir_instr_create(c->p, MIR_P_RELOAD, c->vgpr ? 3 : 2, 1);
  ins->defs[0] = mir_op_temp(*out);
  ins->ops[0] = mir_op_const(s);
  if (c->vgpr) {
    ins->ops[1] = spill_rsrc_operand(c);
    ins->ops[2] = spill_base_operand(c);
  } else {
    ins->ops[1] = (mir_operand){.kind = MIR_OPND_UNDEF, .preg = MIR_PREG_NONE};
    ins->ops[1].temp.rc = (mir_rc)(mir_rc_v(1) | MIR_RC_LINEAR);
  }
  return ins;
}

unsigned mir_agpr_room(const mir_program *p) {
  const wavecc_target *t = p->target;
  uint32_t budget = mir_vgpr_budget(p);
  uint32_t wg = p->abi.max_flat_workgroup_size ? p->abi.max_flat_workgroup_size : 1024;
  uint32_t per_simd = (wg + t->wave_size * t->simds_per_cu - 1) / (t->wave_size * t->simds_per_cu);
  uint32_t g = t->vgpr_granule ? t->vgpr_granule : 1;
  uint32_t total = t->vgprs_per_simd / (per_simd ? per_simd : 1) / g * g;
  uint32_t a = t->accum_offset_granule ? t->accum_offset_granule : 4, arch = (budget + a - 1) / a * a;
  uint32_t room = total > arch ? total - arch : 0;
  return t->agprs && room > t->agprs ? t->agprs : t->agprs ? room : 0;
}

/* How many VGPR spill-slot dwords p keeps in AGPRs (a0..): on a target
 * with AGPRs, as many as the VGPR budget (llc-19 splits the unified file
 * evenly between the halves when a function uses AGPRs,
 * SIRegisterInfo::getReservedRegs) while ACCUM_OFFSET past that budget
 * plus the AGPRs still fit the registers one wave of the largest
 * work-group may have (its waves share the SIMDs' 512-entry files: a
 * budget set by the work-group size leaves none), in a kernel without calls (a callee
 * may use AGPRs; AMDGPUUsage gives them no callee-saved convention wavecc
 * follows) and whose code names no AGPR itself (v_accvgpr_* from inline
 * assembly). */
static uint32_t agpr_spill_capacity(const mir_program *p) {
  const wavecc_target *t = p->target;
  if (!t->agprs || p->is_function || p->has_calls) return 0;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      unsigned op = ins->opcode;
      if (op != ISA_V_ACCVGPR_WRITE_B32 && op != ISA_V_ACCVGPR_READ_B32 && op != ISA_V_ACCVGPR_MOV_B32) continue;
      /* the MFMA accumulators' own moves (mfma_acc.c) name AGPRs below agpr_acc_dwords */
      const mir_operand *a = op == ISA_V_ACCVGPR_READ_B32 ? &ins->ops[0] : &ins->defs[0];
      if (op == ISA_V_ACCVGPR_MOV_B32 || a->kind != MIR_OPND_FIXED || a->preg >= MIR_PREG_AGPR(p->agpr_acc_dwords))
        return 0;
    }
  uint32_t budget = mir_vgpr_budget(p); /* no attribute or option: all 256 ArchVGPRs, not 0 */
  /* the MFMA accumulators' AGPRs come first (mfma_acc.c): the slots get
   * as many as the budget again, within what the file has left */
  uint32_t acc = p->agpr_acc_dwords, room = mir_agpr_room(p), cap = room > acc ? room - acc : 0;
  if (cap > budget) cap = budget;
  return cap < t->agprs - acc ? cap : t->agprs - acc;
}

/* Where the base SGPR of the window at W lane bytes is defined: after
 * the last definition of the wave offset c->wo in the entry block (after
 * p_startpgm when it has none: a flat-scratch kernel's is the constant). */
static uint32_t window_def_at(const spill_ctx *c) {
  const mir_block *b0 = &c->p->blocks[0];
  uint32_t at = after_startpgm(c->p);
  for (uint32_t i = 0; c->wo.id && i < b0->num_instrs; i++)
    for (unsigned k = 0; k < b0->instrs[i]->num_defs; k++) {
      const mir_operand *o = &b0->instrs[i]->defs[k];
      if (o->kind == MIR_OPND_TEMP && o->temp.id == c->wo.id && i + 1 > at) at = i + 1;
    }
  return at;
}

#define MAX_WINDOWS 64

/* For a p_spill or p_reload: its value operand (*val: the spilled data or
 * the reloaded definition) and the operands after it (*rest: the slot
 * operand first: a virtual slot number or, once slots are placed, its
 * lane byte offset). False for any other instruction. */
static bool spill_parts(mir_instr *ins, mir_operand **val, mir_operand **rest) {
  if (ins->opcode != MIR_P_SPILL && ins->opcode != MIR_P_RELOAD) return false;
  *val = ins->opcode == MIR_P_SPILL ? &ins->ops[0] : &ins->defs[0];
  *rest = ins->opcode == MIR_P_SPILL ? &ins->ops[1] : &ins->ops[0];
  return true;
}

/* VGPR slots past the reach of a private access's immediate
 * (wavecc_scratch_offset_max: 4095 on every target so far): each VGPR
 * p_spill / p_reload whose last dword does not fit takes as its base a
 * pinned SGPR that holds the slots' base moved up by a window W lane bytes
 * (a multiple of half the reach, so an access of up to a few hundred
 * dwords starting below the next window fits), and ins->offset = the
 * bytes the lowering takes off the immediate (spill_lower.c). llc-19
 * likewise puts the high part in soffset (MUBUF: s_add of W x wave_size to
 * the wave offset, soffset being per wave) or saddr (scratch_*: W lane
 * bytes, plus a function's base; a kernel's base in the immediate is
 * taken off it). One SGPR per window, defined once in the entry block
 * after the wave offset and live to its last access (the allocator's
 * business; mir_spill checks the SGPR budget after). Dwords kept in
 * AGPRs need none. Returns 0, or -1 with an error. */
static int place_windows(spill_ctx *c) {
  mir_program *p = c->p;
  const wavecc_target *t = p->target;
  const bool flat = wavecc_scratch_flat(t), flat_kernel = flat && !c->wo.id;
  const uint32_t max = wavecc_scratch_offset_max(t), half = (max + 1) / 2;
  uint32_t wbase[MAX_WINDOWS];
  mir_temp wtemp[MAX_WINDOWS];
  unsigned nw = 0;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      mir_instr *ins = p->blocks[bi].instrs[i];
      mir_operand *val, *rest;
      if (!spill_parts(ins, &val, &rest)) continue;
      if (!mir_rc_is_vgpr(val->temp.rc)) continue;
      uint32_t imm = (uint32_t)rest[0].imm, n = mir_rc_size(val->temp.rc);
      uint32_t eff = imm + (flat_kernel ? c->scratch_base : 0); /* the immediate as emitted */
      if (eff + 4u * n - 1 <= max) continue;
      /* dwords kept in AGPRs (spill_lower.c: the slot's first ones) take no offset */
      uint32_t first = 0;
      while (first < n && imm >= p->agpr_spill_vbase && (imm - p->agpr_spill_vbase) / 4 + first < p->agpr_spill_dwords)
        first++;
      if (first == n) continue;
      if (4u * n > half) {
        diag_error(c->d, p->name, "unsupported: a %u-dword spill slot past %u bytes of scratch", n, max + 1);
        return -1;
      }
      uint32_t w = (eff + 4u * first) / half * half;
      unsigned k = 0;
      while (k < nw && wbase[k] != w) k++;
      if (k == nw) {
        if (nw == MAX_WINDOWS) {
          diag_error(c->d, p->name, "unsupported: %u bytes of spill slots per lane", eff + 4u * n);
          return -1;
        }
        /* base = wave offset (or 0) + w in the frame's unit (MUBUF: per wave) */
        uint32_t add = w << wavecc_sp_log2(t);
        mir_instr *def;
        wtemp[k] = spill_new_temp(c, mir_rc_s(1));
        if (flat_kernel) {
          def = mir_instr_create(p, ISA_S_MOV_B32, 1, 1);
          def->ops[0] = mir_op_const(add);
        } else {
          mir_temp scc = spill_new_temp(c, mir_rc_s(1));
          def = mir_instr_create(p, ISA_S_ADD_U32, 2, 2);
          def->ops[0] = mir_op_temp(c->wo);
          def->ops[1] = mir_op_const(add);
          def->defs[1] = mir_op_temp(scc);
          def->defs[1].preg = MIR_PREG_SCC;
          def->defs[1].flags = MIR_OPND_FIXED_REG;
          spill_grow(c);
          c->kind[scc.id] = TK_PINNED;
        }
        def->defs[0] = mir_op_temp(wtemp[k]);
        spill_grow(c);
        c->kind[wtemp[k].id] = TK_PINNED;
        uint32_t at = window_def_at(c);
        if (bi == 0 && at > i) {
          diag_error(c->d, p->name, "internal: a VGPR spill before the scratch wave offset is defined");
          return -1;
        }
        mir_block_insert(p, &p->blocks[0], at, def);
        if (bi == 0) i++;
        wbase[nw++] = w;
      }
      rest[2] = mir_op_temp(wtemp[k]);
      ins->offset = (int32_t)(w - (flat_kernel ? c->scratch_base : 0));
    }
  c->num_windows += nw;
  return 0;
}

/* Gives the file's virtual slots their places (mir_color_spill_slots:
 * slots whose contents are never live at once share) and rewrites the
 * spill code: SGPR slots become lanes of linear VGPRs defined after
 * p_startpgm, VGPR slots byte offsets above the allocas. */
int spill_place_slots(spill_ctx *c) {
  mir_program *p = c->p;
  if (!c->nvslots) return 0;
  if (!c->vgpr && c->sgpr_scratch) return spill_place_sgpr_scratch(c);
  spill_reuse_registers(c);
  if (spill_hoist_loop_reloads(c)) spill_reuse_registers(c);
  uint32_t extent = 0;
  uint32_t *pos = mir_color_spill_slots(p, c->vgpr, c->vslot_size, c->nvslots, p->mem, &extent);
  if (c->vgpr) {
    /* the first slot dwords go to AGPRs (once: a later round's slots,
     * placed from the same base, stay in scratch) */
    uint32_t in_agprs = 0;
    if (!p->agpr_spill_set) {
      in_agprs = agpr_spill_capacity(p);
      if (in_agprs > extent) in_agprs = extent;
      p->agpr_spill_set = true;
      p->agpr_spill_vbase = c->vbase;
      p->agpr_spill_dwords = in_agprs;
    }
    uint32_t end = c->scratch_base + c->vbase + 4u * extent;
    if (in_agprs < extent && end > p->abi.private_segment_size) p->abi.private_segment_size = (end + 15) & ~15u;
  } else {
    const unsigned w = p->target->wave_size; /* SGPR dwords per lane VGPR */
    unsigned n = (extent + w - 1) / w;
    if (n > MAX_LANE_VGPRS) {
      diag_error(c->d, p->name, "unsupported: %u SGPR dwords to spill at once (VGPR lanes hold %u)", extent, MAX_LANE_VGPRS * w);
      return -1;
    }
    for (c->num_lanes = 0; c->num_lanes < n; c->num_lanes++) {
      mir_temp lv = spill_new_temp(c, (mir_rc)(mir_rc_v(1) | MIR_RC_LINEAR));
      c->kind[lv.id] = TK_PINNED;
      mir_instr *ins = mir_instr_create(p, MIR_P_START_LINEAR_VGPR, 0, 1);
      ins->defs[0] = mir_op_temp(lv);
      mir_block_insert(p, &p->blocks[0], after_startpgm(p), ins);
      c->lanes[c->num_lanes] = lv;
    }
  }
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      mir_instr *ins = p->blocks[bi].instrs[i];
      mir_operand *val, *rest;
      if (!spill_parts(ins, &val, &rest)) continue;
      if (mir_rc_is_vgpr(val->temp.rc) != c->vgpr || (!c->vgpr && rest[1].kind != MIR_OPND_UNDEF)) continue;
      uint32_t at = pos[rest[0].imm];
      if (c->vgpr) {
        rest[0].imm = c->vbase + 4u * (at + (uint32_t)ins->offset); /* partial reloads: the first dword read */
        ins->offset = 0;
      } else {
        rest[0].imm = at % p->target->wave_size;
        rest[1] = mir_op_temp(c->lanes[at / p->target->wave_size]);
      }
    }
  spill_drop_round_trips(c);
  if (c->vgpr && place_windows(c)) return -1;
  /* Virtual slot numbers start again for the next file or round. */
  for (uint32_t t = 0; t < c->cap; t++) c->slot[t] = UINT32_MAX;
  c->nvslots = 0;
  return 0;
}
