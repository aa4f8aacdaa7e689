/* Private-memory accesses in the form the target addresses scratch with:
 * MUBUF through the private segment buffer V# (gfx9, gfx10, gfx90a), or
 * scratch_* through architected flat scratch (gfx11, gfx942). Callers
 * build every private access (allocas, call frames, spills, the
 * whole-wave save of an SGPR spill's temporary) through here, so both
 * forms carry the same per-lane byte offsets. */
#include <assert.h>

#include "mir/mir.h"

/* The SCRATCH instruction with MUBUF op's GFX9 opcode number (the two
 * formats number their loads and stores alike, 0x10..0x1f: Vega ISA guide,
 * "MUBUF" and "FLAT, GLOBAL and SCRATCH" opcode tables). */
static unsigned scratch_twin(unsigned mubuf_op) {
  for (unsigned op = ISA_SCRATCH_LOAD_UBYTE; op <= ISA_SCRATCH_STORE_DWORDX4; op++)
    if (isa_table[op].opcode == isa_table[mubuf_op].opcode) return op;
  assert(!"MUBUF access without a SCRATCH twin");
  return ISA_NUM_OPS;
}

/* Is o no base register: absent, "off", the constant 0 or temporary 0
 * (the wave offset a flat-scratch kernel does not have)? */
static bool no_base(const mir_operand *o) {
  return o->kind == MIR_OPND_NONE || (o->kind == MIR_OPND_CONST && o->imm == 0) ||
         (o->kind == MIR_OPND_TEMP && o->temp.id == 0);
}

mir_instr *mir_scratch_access(mir_program *p, unsigned mubuf_op, mir_operand data, mir_operand vaddr, mir_operand rsrc,
                              mir_operand soffset, int32_t offset) {
  bool store = isa_table[mubuf_op].flags & ISA_F_STORE;
  bool addr = vaddr.kind != MIR_OPND_NONE;
  mir_instr *m;
  unsigned j = 0;
  if (!wavecc_scratch_flat(p->target)) {
    m = mir_instr_create(p, mubuf_op, (store ? 3u : 2u) + addr, store ? 0 : 1);
    if (store) m->ops[j++] = data;
    else m->defs[0] = data;
    if (addr) m->ops[j++] = vaddr;
    m->ops[j++] = rsrc;
    m->ops[j++] = soffset;
    if (addr) m->enc_flags |= MIR_ENC_OFFEN;
    m->offset = offset;
    return m;
  }
  /* scratch_* vaddr|off[, vdata], saddr|off: address = saddr + vaddr +
   * offset in the lane's bytes (RDNA3 ISA guide, "Scratch"; gfx11 and
   * gfx940 allow both registers, SVS). A constant base goes into the
   * offset. */
  mir_operand none = {.kind = MIR_OPND_NONE, .preg = MIR_PREG_NONE};
  if (soffset.kind == MIR_OPND_CONST) offset += (int32_t)soffset.imm;
  m = mir_instr_create(p, scratch_twin(mubuf_op), store ? 3 : 2, store ? 0 : 1);
  m->ops[j++] = addr ? vaddr : none;
  if (store) m->ops[j++] = data;
  else m->defs[0] = data;
  m->ops[j++] = no_base(&soffset) || soffset.kind == MIR_OPND_CONST ? none : soffset;
  m->offset = offset;
  (void)rsrc;
  return m;
}
