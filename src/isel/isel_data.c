/* Instruction selection: module-level global variables in memory.
 *
 * Globals in the global (1) and constant (4) address spaces that carry an
 * initialiser become data objects of the code object (emit_data.h): their
 * initialisers are serialised here to bytes in the module's data layout,
 * and a reference to one (or to a constant GEP into one) becomes the
 * s_getpc_b64-relative address llc uses on gfx9. Loads through it are
 * ordinary loads (isel_mem.c): s_load for uniform addresses in constant
 * memory, global_load otherwise.
 *
 * Objects are numbered by their position among the module's qualifying
 * globals, so every kernel and the emitter agree without shared state.
 * Declared globals of those spaces (external, extern_weak) are other
 * objects' symbols: a relocatable object leaves them to ld.lld, through
 * the GOT or by rel32 as llc-19 does (data_through_got); a linked code
 * object cannot hold them (isel_undefined_data, the driver's error).
 *
 * Initialisers that hold addresses (of globals or functions) would need
 * absolute relocations the emulator's loader does not promise to apply:
 * they are reported as unsupported.
 */
#include <stdio.h>
#include <string.h>

#include "isel/isel.h"
#include "isel/isel_internal.h"
#include "llvm/ir_bits.h"
#include "emit/emit_data.h"

/* A global of the global (1) or constant (4) space, defined here with an
 * initialiser or declared only (external, extern_weak: another object's,
 * see mir_data_object). */
static bool is_data_global(LLVMValueRef g) {
  if (!LLVMIsAGlobalVariable(g) || (!LLVMIsDeclaration(g) && !LLVMGetInitializer(g))) return false;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  return as == 1 || as == 4;
}

/* A declared global of default visibility may be preempted (not known
 * dso_local; LLVM-C cannot ask, and the GOT is right either way): llc-19
 * reaches it through the GOT, hidden and protected ones with a rel32
 * (AMDGPUTargetLowering::shouldEmitGOTReloc). */
static bool data_through_got(LLVMValueRef g) {
  return LLVMIsDeclaration(g) && LLVMGetVisibility(g) == LLVMDefaultVisibility;
}

/* Index of data global g among the module's data globals. */
static uint32_t data_index(LLVMModuleRef mod, LLVMValueRef g) {
  uint32_t k = 0;
  for (LLVMValueRef x = LLVMGetFirstGlobal(mod); x; x = LLVMGetNextGlobal(x)) {
    if (!is_data_global(x)) continue;
    if (x == g) return k;
    k++;
  }
  return UINT32_MAX;
}

/* Root data global and constant byte offset of a constant address. */
static bool const_data_address(isel_ctx *c, LLVMValueRef v, LLVMValueRef *g, int64_t *off) {
  if (LLVMIsAGlobalVariable(v)) {
    if (!is_data_global(v)) return false;
    *g = v;
    *off = 0;
    return true;
  }
  if (!LLVMIsAConstantExpr(v)) return false;
  LLVMOpcode op = LLVMGetConstOpcode(v);
  if (op == LLVMBitCast) return const_data_address(c, LLVMGetOperand(v, 0), g, off);
  if (op != LLVMGetElementPtr) return false;
  int64_t k;
  if (!const_data_address(c, LLVMGetOperand(v, 0), g, off) || !wir_const_gep_offset(c->td, v, &k)) return false;
  *off += k;
  return true;
}

/* The address of data object k already materialised in block blk (its
 * marker, or the GOT load from it when `got`), into *out. */
static bool reuse_address(const mir_block *blk, uint32_t k, bool got, mir_operand *out) {
  for (uint32_t i = blk->num_instrs, n = 0; i-- > 0 && n < 512; n++) {
    const mir_instr *x = blk->instrs[i];
    if (x->opcode != ISA_S_GETPC_B64 || x->offset != (int32_t)(k + 1) || x->defs[0].kind != MIR_OPND_TEMP) continue;
    if (!got) {
      *out = x->defs[0];
      out->flags = 0;
      return true;
    }
    for (uint32_t j = i + 1; j < blk->num_instrs; j++) {
      const mir_instr *y = blk->instrs[j];
      if (y->opcode == ISA_S_LOAD_DWORDX2 && y->ops[0].kind == MIR_OPND_TEMP && y->ops[0].temp.id == x->defs[0].temp.id &&
          y->defs[0].kind == MIR_OPND_TEMP) {
        *out = y->defs[0];
        out->flags = 0;
        return true;
      }
    }
    return false;
  }
  return false;
}

bool isel_data_address(isel_ctx *c, LLVMValueRef v, mir_operand *out) {
  LLVMValueRef g;
  int64_t off;
  if (!const_data_address(c, v, &g, &off)) return false;
  uint32_t k = data_index(c->mod, g);
  if (k == UINT32_MAX) return false;
  /* materialised in each block that uses it: cheap, and always defined
   * where it is used (blocks may be skipped under an empty EXEC, see
   * isel_cf.c); within a block the first one serves every later use */
  bool got = data_through_got(g);
  mir_operand prev;
  if (reuse_address(&c->p->blocks[c->cur], k, got, &prev)) {
    if (off) {
      mir_temp k64 = isel_create2(c, mir_op_const((uint32_t)off), mir_op_const((uint32_t)((uint64_t)off >> 32)), false);
      prev = mir_op_temp(isel_add64(c, prev, mir_op_temp(k64), false));
    }
    *out = prev;
    return true;
  }
  mir_temp a = isel_tmp(c, mir_rc_s(2)), scc = isel_tmp(c, mir_rc_s(1));
  mir_instr *pc = isel_emit(c, ISA_S_GETPC_B64, 0, 2);
  pc->defs[0] = mir_op_temp(a);
  pc->defs[1] = isel_scc_operand(scc);
  pc->offset = (int32_t)(k + 1);
  if (got) { /* the GOT entry holds the address (ld.lld fills it) */
    mir_temp d = isel_tmp(c, mir_rc_s(2));
    mir_instr *ld = isel_emit(c, ISA_S_LOAD_DWORDX2, 1, 1);
    ld->ops[0] = mir_op_temp(a);
    ld->defs[0] = mir_op_temp(d);
    a = d;
  }
  if (off) {
    mir_temp k64 = isel_create2(c, mir_op_const((uint32_t)off), mir_op_const((uint32_t)((uint64_t)off >> 32)), false);
    a = isel_add64(c, mir_op_temp(a), mir_op_temp(k64), false);
  }
  *out = mir_op_temp(a);
  return true;
}

/* ---- initialisers to bytes ---- */

typedef struct ser {
  LLVMTargetDataRef td;
  uint8_t *buf;
  uint64_t size;
  const char *error; /* first problem */
} ser;

static void put_le(ser *s, uint64_t at, uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes && at + i < s->size; i++) s->buf[at + i] = (uint8_t)(v >> (8 * i));
}

static void serialise(ser *s, LLVMValueRef k, uint64_t at) {
  LLVMTypeRef ty = LLVMTypeOf(k);
  LLVMTypeKind tk = LLVMGetTypeKind(ty);
  if (LLVMIsAConstantAggregateZero(k) || LLVMIsAConstantPointerNull(k) || LLVMIsUndef(k) || LLVMIsPoison(k))
    return; /* the buffer starts zeroed */
  if (LLVMIsAConstantInt(k)) {
    unsigned w = LLVMGetIntTypeWidth(ty);
    if (w > 64) {
      s->error = "integer wider than 64 bits in an initialiser";
      return;
    }
    put_le(s, at, LLVMConstIntGetZExtValue(k), (unsigned)LLVMStoreSizeOfType(s->td, ty));
    return;
  }
  if (LLVMIsAConstantExpr(k) && LLVMGetConstOpcode(k) == LLVMBitCast) {
    /* a bitcast the IR folder keeps without a DataLayout (<8 x i32> to
     * <4 x i64>): with whole-byte source elements its memory image is its
     * operand's (LangRef "bitcast": same bits, vector element 0 lowest;
     * little-endian) */
    LLVMTypeRef st = LLVMTypeOf(LLVMGetOperand(k, 0));
    LLVMTypeRef se = LLVMGetTypeKind(st) == LLVMVectorTypeKind ? LLVMGetElementType(st) : st;
    if (LLVMSizeOfTypeInBits(s->td, se) % 8 == 0) {
      serialise(s, LLVMGetOperand(k, 0), at);
      return;
    }
  }
  if (LLVMIsAConstantFP(k)) {
    uint64_t b;
    if (isel_fp_const_bits(k, &b)) put_le(s, at, b, (unsigned)LLVMStoreSizeOfType(s->td, ty));
    else s->error = "floating-point type in an initialiser (only half, float and double)";
    return;
  }
  if (tk == LLVMStructTypeKind || tk == LLVMArrayTypeKind || tk == LLVMVectorTypeKind) {
    unsigned n = tk == LLVMStructTypeKind ? LLVMCountStructElementTypes(ty)
               : tk == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(ty) : LLVMGetVectorSize(ty);
    for (unsigned i = 0; i < n && !s->error; i++) {
      LLVMValueRef e = LLVMGetAggregateElement(k, i);
      if (!e) {
        s->error = "initialiser element";
        return;
      }
      uint64_t eoff;
      if (tk == LLVMStructTypeKind) {
        eoff = LLVMOffsetOfElement(s->td, ty, i);
      } else {
        LLVMTypeRef et = LLVMGetElementType(ty);
        if (tk == LLVMVectorTypeKind && LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) % 8) {
          s->error = "vector of sub-byte integers in an initialiser";
          return;
        }
        eoff = (uint64_t)i * (tk == LLVMArrayTypeKind ? LLVMABISizeOfType(s->td, et) : LLVMStoreSizeOfType(s->td, et));
      }
      serialise(s, e, at + eoff);
    }
    return;
  }
  if (tk == LLVMPointerTypeKind) {
    s->error = "initialiser holding an address (needs a relocation in data; not supported)";
    return;
  }
  s->error = "initialiser of this kind";
}

/* Assembler name: the LLVM name when it is a plain identifier, else a
 * generated one (the symbol is local, so only uniqueness matters). */
static const char *asm_name(arena *mem, LLVMValueRef g, uint32_t k) {
  size_t len = 0;
  const char *n = LLVMGetValueName2(g, &len);
  bool ok = len > 0 && !(n[0] >= '0' && n[0] <= '9');
  for (size_t i = 0; i < len && ok; i++) {
    char ch = n[i];
    ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.';
  }
  char buf[64];
  if (!ok) {
    snprintf(buf, sizeof buf, "__wavecc_data_%u", k);
    n = buf;
    len = strlen(buf);
  }
  char *r = arena_alloc(mem, len + 1);
  memcpy(r, n, len);
  r[len] = 0;
  return r;
}

int isel_module_data(LLVMModuleRef mod, arena *mem, diag *d, mir_module_data *out) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
  uint32_t n = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) n += is_data_global(g);
  mir_data_object *objs = arena_alloc(mem, (n + 1) * sizeof *objs);
  uint32_t k = 0;
  int rc = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
    if (!is_data_global(g)) continue;
    LLVMTypeRef vt = LLVMGlobalGetValueType(g);
    mir_data_object *o = &objs[k];
    if (LLVMIsDeclaration(g)) { /* the symbol's own name: another object defines it */
      size_t len = 0;
      const char *nm = LLVMGetValueName2(g, &len);
      if (!len) {
        diag_error(d, NULL, "unsupported declaration of an unnamed global (no symbol to link it by)");
        rc = 1;
      }
      o->name = nm;
      o->external = true;
      o->got = data_through_got(g);
      o->weak = LLVMGetLinkage(g) == LLVMExternalWeakLinkage;
      LLVMVisibility vis = LLVMGetVisibility(g);
      o->visibility = vis == LLVMHiddenVisibility ? "hidden" : vis == LLVMProtectedVisibility ? "protected" : NULL;
      o->align = 1;
      k++;
      continue;
    }
    o->name = asm_name(mem, g, k);
    o->writable = !LLVMIsGlobalConstant(g);
    o->size = LLVMABISizeOfType(td, vt);
    uint32_t al = LLVMGetAlignment(g), abi = LLVMABIAlignmentOfType(td, vt);
    o->align = al > abi ? al : abi;
    if (!o->align) o->align = 1;
    uint8_t *b = arena_alloc(mem, o->size + 1);
    memset(b, 0, o->size + 1);
    ser s = {.td = td, .buf = b, .size = o->size};
    serialise(&s, LLVMGetInitializer(g), 0);
    if (s.error) {
      size_t len = 0;
      diag_error(d, NULL, "global @%s: unsupported %s", LLVMGetValueName2(g, &len), s.error);
      rc = 1;
    }
    o->bytes = b;
    k++;
  }
  out->objs = objs;
  out->num = k;
  return rc;
}

const char *isel_undefined_data(LLVMModuleRef mod) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
    if (is_data_global(g) && LLVMIsDeclaration(g) && LLVMGetFirstUse(g)) {
      size_t len = 0;
      return LLVMGetValueName2(g, &len);
    }
  return NULL;
}
