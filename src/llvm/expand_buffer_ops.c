/* IR pass: expand operations that have no single instruction -- atomics on
 * buffer fat pointers (ptr addrspace(7)) gfx900 lacks, and memory
 * intrinsics in every address space -- into plain loads, stores and
 * cmpxchg, which lower-buffer-fat-pointers (the next pass) turns into
 * buffer intrinsics where a fat pointer is involved.
 *
 *  - atomicrmw nand, fadd, fsub, fmax, fmin (gfx900 has no buffer atomic
 *    for them; Vega ISA guide 8.1, "MUBUF Instructions") and every
 *    atomicrmw on a float but xchg: a compare-and-swap loop (LLVM's
 *    AtomicExpand does the same for targets without the instruction):
 *        pre:  init = load volatile T p
 *        loop: old = phi [init, pre], [got, loop]
 *              new = old OP val
 *              got = cmpxchg p, old, new  (on the integer bits)
 *              br (got == old), done, loop
 *    Out of range (hardware rule: reads 0, writes nothing) the load and
 *    the compare-and-swap both return 0, so the loop ends at once and the
 *    result is 0, as for the instructions gfx900 has. The f32/f64 fadd
 *    stays one atomic in a module marked by wir_mark_buffer_fadd (gfx942:
 *    buffer_atomic_add_f32/f64, as llc-19). 8- and 16-bit
 *    values on global, flat and LDS pointers (expand_atomics.c) loop on the
 *    aligned 32-bit word holding them (expand_partword).
 *
 *  - llvm.memcpy / memmove / memset in any address spaces, a fat pointer
 *    on either side or none (instruction selection has no memory
 *    intrinsics; `int a[40] = {0}` in OpenCL C is a memset on private
 *    memory): units of the smaller of both
 *    alignments (1, 2 or 4 bytes). Constant lengths up to 256 bytes are
 *    unrolled (memmove loads every unit before storing any); others are
 *    a loop over units and a loop over the bytes left. memmove copies
 *    backward when the destination lies above the source: two fat pointers
 *    compare offsets (one buffer: one resource), a fat pointer and a
 *    global/constant/flat pointer compare global addresses (V# base +
 *    offset, raw buffers); with LDS or private memory there is no overlap.
 *
 * Blocks are split with the LLVM-C API (which has no splitBasicBlock): the
 * instructions after the split point move to a new block, and phis in the
 * successors are rebuilt with the new predecessor.
 */
#include "llvm/expand_buffer_ops.h"
#include "llvm/fatptr_internal.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct ex_ctx {
  LLVMModuleRef mod;
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  diag *d;
} ex_ctx;

static bool is_p7(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 7;
}

/* Phis of `succ` naming `from` as a predecessor now name `to`. */
static void retarget_phis(LLVMBuilderRef b, LLVMBasicBlockRef succ, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  LLVMValueRef phi = LLVMGetFirstInstruction(succ);
  while (phi && LLVMIsAPHINode(phi)) {
    LLVMValueRef next = LLVMGetNextInstruction(phi);
    bool hit = false;
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) hit |= LLVMGetIncomingBlock(phi, i) == from;
    if (hit) {
      LLVMPositionBuilderBefore(b, phi);
      size_t n;
      const char *name = LLVMGetValueName2(phi, &n);
      char buf[256];
      snprintf(buf, sizeof buf, "%.*s", (int)(n < 255 ? n : 255), name);
      LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
      for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
        LLVMValueRef v = LLVMGetIncomingValue(phi, i);
        LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, i);
        if (bb == from) bb = to;
        LLVMAddIncoming(np, &v, &bb, 1);
      }
      LLVMReplaceAllUsesWith(phi, np);
      LLVMInstructionEraseFromParent(phi);
      LLVMSetValueName2(np, buf, strlen(buf));
    }
    phi = next;
  }
}

LLVMBasicBlockRef fp_split_before(LLVMBuilderRef b, LLVMValueRef ins, const char *name) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(ins);
  LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
  LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(ins));
  LLVMBasicBlockRef tail = next ? LLVMInsertBasicBlockInContext(ctx, next, name)
                                : LLVMAppendBasicBlockInContext(ctx, fn, name);
  LLVMPositionBuilderAtEnd(b, tail);
  for (LLVMValueRef i = ins; i;) {
    LLVMValueRef n = LLVMGetNextInstruction(i);
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(b, i);
    i = n;
  }
  LLVMValueRef term = LLVMGetBasicBlockTerminator(tail);
  for (unsigned s = 0; term && s < LLVMGetNumSuccessors(term); s++) retarget_phis(b, LLVMGetSuccessor(term, s), bb, tail);
  return tail;
}

/* ---- atomics ---- */

static const char buffer_fadd_flag[] = "wavecc-buffer-fadd";

void wir_mark_buffer_fadd(LLVMModuleRef mod) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(mod));
  LLVMAddModuleFlag(mod, LLVMModuleFlagBehaviorOverride, buffer_fadd_flag, sizeof buffer_fadd_flag - 1,
                    LLVMValueAsMetadata(LLVMConstInt(i32, 1, 0)));
}

static bool needs_cas_loop(LLVMModuleRef mod, LLVMValueRef ins) {
  LLVMTypeRef t = LLVMTypeOf(ins);
  LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(ins);
  if (op == LLVMAtomicRMWBinOpXchg) return false;
  /* f32/f64 add in a module marked by wir_mark_buffer_fadd: one
   * buffer_atomic_add_f32/f64 (lower-buffer-fat-pointers makes it
   * llvm.amdgcn.raw.ptr.buffer.atomic.fadd) */
  if (op == LLVMAtomicRMWBinOpFAdd && (LLVMGetTypeKind(t) == LLVMFloatTypeKind || LLVMGetTypeKind(t) == LLVMDoubleTypeKind) &&
      LLVMGetModuleFlag(mod, buffer_fadd_flag, sizeof buffer_fadd_flag - 1))
    return false;
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return true;
  return op == LLVMAtomicRMWBinOpNand || op == LLVMAtomicRMWBinOpFAdd || op == LLVMAtomicRMWBinOpFSub ||
         op == LLVMAtomicRMWBinOpFMax || op == LLVMAtomicRMWBinOpFMin;
}

/* llvm.minnum/maxnum; on a vector element by element (selection has no
 * vector minnum/maxnum). */
static LLVMValueRef minmax(ex_ctx *c, const char *base, LLVMTypeRef t, LLVMValueRef a, LLVMValueRef b) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    LLVMValueRef r = LLVMGetPoison(t);
    for (unsigned e = 0; e < LLVMGetVectorSize(t); e++) {
      LLVMValueRef k = LLVMConstInt(LLVMInt32TypeInContext(c->ctx), e, 0);
      LLVMValueRef x = minmax(c, base, LLVMGetElementType(t), LLVMBuildExtractElement(c->b, a, k, ""),
                              LLVMBuildExtractElement(c->b, b, k, ""));
      r = LLVMBuildInsertElement(c->b, r, x, k, "");
    }
    return r;
  }
  unsigned id = LLVMLookupIntrinsicID(base, strlen(base));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(c->mod, id, &t, 1);
  LLVMValueRef args[2] = {a, b};
  return LLVMBuildCall2(c->b, LLVMIntrinsicGetType(c->ctx, id, &t, 1), fn, args, 2, "");
}

/* new = old OP val in the operation's own type. */
static LLVMValueRef apply(ex_ctx *c, LLVMAtomicRMWBinOp op, LLVMValueRef old, LLVMValueRef val) {
  LLVMTypeRef t = LLVMTypeOf(old);
  switch (op) {
  case LLVMAtomicRMWBinOpNand: return LLVMBuildNot(c->b, LLVMBuildAnd(c->b, old, val, ""), "");
  case LLVMAtomicRMWBinOpFAdd: return LLVMBuildFAdd(c->b, old, val, "");
  case LLVMAtomicRMWBinOpFSub: return LLVMBuildFSub(c->b, old, val, "");
  case LLVMAtomicRMWBinOpFMax: return minmax(c, "llvm.maxnum", t, old, val);
  case LLVMAtomicRMWBinOpFMin: return minmax(c, "llvm.minnum", t, old, val);
  default: return NULL;
  }
}

/* Bits of atomic value type t: integers, half/bfloat, float, double and
 * vectors of half/bfloat; 0 for others. */
static unsigned value_bits(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMVectorTypeKind: {
    unsigned e = value_bits(LLVMGetElementType(t));
    return e == 16 && LLVMGetTypeKind(LLVMGetElementType(t)) != LLVMIntegerTypeKind ? e * LLVMGetVectorSize(t) : 0;
  }
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind: return 16;
  case LLVMFloatTypeKind: return 32;
  case LLVMDoubleTypeKind: return 64;
  default: return 0;
  }
}

/* An 8- or 16-bit atomicrmw on a global, flat or LDS pointer as a
 * compare-and-swap loop on the aligned 32-bit word holding it (LLVM's
 * AtomicExpand "partword" expansion; the hardware has no 16-bit
 * compare-and-swap):
 *     word  = ptr - (ptr & 3)          (ptr itself when aligned to 4)
 *     shift = (ptr & 3) * 8            (little-endian: low bytes first)
 *     pre:  init = load volatile i32 word
 *     loop: old32 = phi [init, pre], [got, loop]
 *           old   = bitcast (trunc (old32 >> shift))
 *           new32 = old32 & ~(mask << shift) | zext(bits(old OP val)) << shift
 *           got   = cmpxchg word, old32, new32
 *           br ok, done, loop
 * The other bytes of the word are preserved; a concurrent change to them
 * only makes the compare fail and the loop retry. */
static void expand_partword(ex_ctx *c, LLVMValueRef ins, unsigned bits) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), val = LLVMGetOperand(ins, 1);
  LLVMTypeRef t = LLVMTypeOf(ins), i32 = LLVMInt32TypeInContext(c->ctx);
  LLVMTypeRef in = LLVMIntTypeInContext(c->ctx, bits), i8 = LLVMInt8TypeInContext(c->ctx);
  LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(ins);
  LLVMBasicBlockRef pre = LLVMGetInstructionParent(ins);
  LLVMBasicBlockRef done = fp_split_before(c->b, ins, "atomic.done");
  LLVMBasicBlockRef loop = LLVMInsertBasicBlockInContext(c->ctx, done, "atomic.loop");
  LLVMPositionBuilderAtEnd(c->b, pre);
  LLVMValueRef word = ptr, shift = LLVMConstInt(i32, 0, 0);
  if (LLVMGetAlignment(ins) < 4) {
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->mod);
    LLVMTypeRef pi = LLVMIntPtrTypeForASInContext(c->ctx, td, LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)));
    /* a constant pointer (an LDS global plus an offset) is frozen first so
     * the builder makes an instruction, not a ptrtoint constant expression
     * selection has no rule for */
    LLVMValueRef p = LLVMIsConstant(ptr) ? LLVMBuildFreeze(c->b, ptr, "") : ptr;
    LLVMValueRef low = LLVMBuildAnd(c->b, LLVMBuildPtrToInt(c->b, p, pi, ""), LLVMConstInt(pi, 3, 0), "");
    /* a byte GEP back to the word keeps the pointer's provenance */
    LLVMValueRef back = LLVMBuildNeg(c->b, low, "");
    word = LLVMBuildGEP2(c->b, i8, ptr, &back, 1, "atomic.word");
    shift = LLVMBuildShl(c->b, LLVMBuildTrunc(c->b, low, i32, ""), LLVMConstInt(i32, 3, 0), "atomic.shift");
  }
  LLVMValueRef mask = LLVMBuildShl(c->b, LLVMConstInt(i32, (1u << bits) - 1, 0), shift, "");
  LLVMValueRef keep = LLVMBuildNot(c->b, mask, "");
  LLVMValueRef init = LLVMBuildLoad2(c->b, i32, word, "atomic.init");
  LLVMSetVolatile(init, 1);
  LLVMSetAlignment(init, 4);
  LLVMBuildBr(c->b, loop);
  LLVMPositionBuilderAtEnd(c->b, loop);
  LLVMValueRef old32 = LLVMBuildPhi(c->b, i32, "atomic.old32");
  LLVMValueRef oi = LLVMBuildTrunc(c->b, LLVMBuildLShr(c->b, old32, shift, ""), in, "");
  LLVMValueRef old = t == in ? oi : LLVMBuildBitCast(c->b, oi, t, "atomic.old");
  LLVMValueRef nv = apply(c, op, old, val);
  LLVMValueRef ni = t == in ? nv : LLVMBuildBitCast(c->b, nv, in, "");
  LLVMValueRef put = LLVMBuildShl(c->b, LLVMBuildZExt(c->b, ni, i32, ""), shift, "");
  LLVMValueRef new32 = LLVMBuildOr(c->b, LLVMBuildAnd(c->b, old32, keep, ""), put, "");
  LLVMAtomicOrdering ord = LLVMGetOrdering(ins);
  LLVMValueRef cx = LLVMBuildAtomicCmpXchg(c->b, word, old32, new32, ord, ord == LLVMAtomicOrderingRelease ||
                                           ord == LLVMAtomicOrderingAcquireRelease ? LLVMAtomicOrderingMonotonic : ord, 0);
  LLVMValueRef got = LLVMBuildExtractValue(c->b, cx, 0, "");
  LLVMBuildCondBr(c->b, LLVMBuildExtractValue(c->b, cx, 1, ""), done, loop);
  LLVMBasicBlockRef inb[2] = {pre, loop};
  LLVMValueRef inv[2] = {init, got};
  LLVMAddIncoming(old32, inv, inb, 2);
  LLVMReplaceAllUsesWith(ins, old);
  LLVMInstructionEraseFromParent(ins);
}

static int expand_rmw(ex_ctx *c, LLVMValueRef ins) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), val = LLVMGetOperand(ins, 1);
  LLVMTypeRef t = LLVMTypeOf(ins);
  unsigned bits = value_bits(t);
  LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(ins);
  bool narrow = (bits == 8 || bits == 16) && !is_p7(LLVMTypeOf(ptr));
  if ((bits != 32 && bits != 64 && !narrow) ||
      (LLVMGetTypeKind(t) != LLVMIntegerTypeKind && op == LLVMAtomicRMWBinOpNand)) {
    char *s = LLVMPrintValueToString(ins);
    size_t n;
    const char *fn = LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(ins)), &n);
    diag_error(c->d, fn, "unsupported atomic operation%s: %s", is_p7(LLVMTypeOf(ptr)) ? " on a buffer fat pointer" : "", s);
    LLVMDisposeMessage(s);
    return -1;
  }
  if (narrow) {
    expand_partword(c, ins, bits);
    return 0;
  }
  LLVMTypeRef it = LLVMIntTypeInContext(c->ctx, bits);
  LLVMBasicBlockRef pre = LLVMGetInstructionParent(ins);
  LLVMBasicBlockRef done = fp_split_before(c->b, ins, "atomic.done");
  LLVMBasicBlockRef loop = LLVMInsertBasicBlockInContext(c->ctx, done, "atomic.loop");
  /* the loop carries the memory word as an integer, the old value being
   * its bitcast: a <2 x half> phi would be two 16-bit values that each
   * iteration splits off and packs again around v_pk_add_f16 (llc-19
   * carries the dword, f_cdna_atomic_pk_add.ll) */
  LLVMPositionBuilderAtEnd(c->b, pre);
  LLVMValueRef init = LLVMBuildLoad2(c->b, it, ptr, "atomic.init");
  LLVMSetVolatile(init, 1);
  LLVMSetAlignment(init, bits / 8);
  LLVMBuildBr(c->b, loop);
  LLVMPositionBuilderAtEnd(c->b, loop);
  LLVMValueRef oi = LLVMBuildPhi(c->b, it, "atomic.old");
  LLVMValueRef old = t == it ? oi : LLVMBuildBitCast(c->b, oi, t, "atomic.oldv");
  LLVMValueRef nv = apply(c, op, old, val);
  LLVMValueRef ni = t == it ? nv : LLVMBuildBitCast(c->b, nv, it, "");
  LLVMAtomicOrdering ord = LLVMGetOrdering(ins);
  LLVMValueRef cx = LLVMBuildAtomicCmpXchg(c->b, ptr, oi, ni, ord, ord == LLVMAtomicOrderingRelease ||
                                           ord == LLVMAtomicOrderingAcquireRelease ? LLVMAtomicOrderingMonotonic : ord, 0);
  LLVMValueRef gi = LLVMBuildExtractValue(c->b, cx, 0, "");
  LLVMValueRef ok = LLVMBuildExtractValue(c->b, cx, 1, "");
  LLVMBuildCondBr(c->b, ok, done, loop);
  LLVMBasicBlockRef inb[2] = {pre, loop};
  LLVMValueRef inv[2] = {init, gi};
  LLVMAddIncoming(oi, inv, inb, 2);
  /* the integer compare decides (a float compare would loop on NaN and
   * stop early on -0 == +0) */
  LLVMReplaceAllUsesWith(ins, old);
  LLVMInstructionEraseFromParent(ins);
  return 0;
}

int fp_expand_rmw_loop(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef ins, diag *d) {
  ex_ctx c = {.mod = mod, .ctx = LLVMGetModuleContext(mod), .b = b, .d = d};
  return expand_rmw(&c, ins);
}

/* ---- memcpy / memmove / memset ---- */

/* Alignment (bytes, at least 1) of call operand `arg` (0-based). */
static unsigned arg_align(LLVMValueRef call, unsigned arg) {
  unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, arg + 1, kind);
  uint64_t v = a ? LLVMGetEnumAttributeValue(a) : 1;
  return v ? (unsigned)v : 1;
}

typedef struct memop {
  LLVMValueRef call, dst, src, val; /* src NULL for memset, val NULL otherwise */
  unsigned unit;                    /* access size: 1, 2 or 4 bytes (both sides' alignment) */
  bool vol, move;
} memop;

static LLVMTypeRef int_bytes(ex_ctx *c, unsigned n) { return LLVMIntTypeInContext(c->ctx, 8 * n); }

/* The memset byte repeated over an n-byte integer. */
static LLVMValueRef splat(ex_ctx *c, LLVMValueRef byte, unsigned n) {
  if (n == 1) return byte;
  LLVMValueRef x = LLVMBuildZExt(c->b, byte, int_bytes(c, n), "");
  unsigned long long k = n == 2 ? 0x0101 : 0x01010101;
  return LLVMBuildMul(c->b, x, LLVMConstInt(int_bytes(c, n), k, 0), "");
}

static LLVMValueRef byte_gep(ex_ctx *c, LLVMValueRef p, LLVMValueRef off) {
  return LLVMBuildGEP2(c->b, LLVMInt8TypeInContext(c->ctx), p, &off, 1, "");
}

/* Loads the n-byte unit at byte `off` of the source (memset: the splat). */
static LLVMValueRef unit_load(ex_ctx *c, const memop *m, LLVMValueRef off, unsigned n) {
  if (!m->src) return splat(c, m->val, n);
  LLVMValueRef v = LLVMBuildLoad2(c->b, int_bytes(c, n), byte_gep(c, m->src, off), "");
  LLVMSetAlignment(v, n);
  LLVMSetVolatile(v, m->vol);
  return v;
}

static void unit_store(ex_ctx *c, const memop *m, LLVMValueRef off, LLVMValueRef v, unsigned n) {
  LLVMValueRef st = LLVMBuildStore(c->b, v, byte_gep(c, m->dst, off));
  LLVMSetAlignment(st, n);
  LLVMSetVolatile(st, m->vol);
}

static LLVMValueRef i32c(ex_ctx *c, uint64_t v) { return LLVMConstInt(LLVMInt32TypeInContext(c->ctx), v, 0); }

/* Constant length: unrolled units; memmove loads everything first. */
static void mem_unrolled(ex_ctx *c, const memop *m, unsigned len) {
  LLVMPositionBuilderBefore(c->b, m->call);
  LLVMValueRef vals[256];
  unsigned offs[256], sizes[256], n = 0;
  for (unsigned off = 0; off < len;) {
    unsigned u = m->unit;
    while (u > len - off) u /= 2;
    offs[n] = off;
    sizes[n++] = u;
    off += u;
  }
  for (unsigned i = 0; i < n; i++) {
    vals[i] = unit_load(c, m, i32c(c, offs[i]), sizes[i]);
    if (!m->move) unit_store(c, m, i32c(c, offs[i]), vals[i], sizes[i]);
  }
  for (unsigned i = 0; m->move && i < n; i++) unit_store(c, m, i32c(c, offs[i]), vals[i], sizes[i]);
}

/* A loop before m->call over `count` units of `n` bytes starting at byte
 * `base`, forward or backward (memmove with the destination above the
 * source). */
static void mem_loop(ex_ctx *c, const memop *m, LLVMValueRef base, LLVMValueRef count, unsigned n, bool backward) {
  LLVMBasicBlockRef pre = LLVMGetInstructionParent(m->call);
  LLVMBasicBlockRef post = fp_split_before(c->b, m->call, "mem.done");
  LLVMBasicBlockRef loop = LLVMInsertBasicBlockInContext(c->ctx, post, "mem.loop");
  LLVMPositionBuilderAtEnd(c->b, pre);
  LLVMBuildCondBr(c->b, LLVMBuildICmp(c->b, LLVMIntNE, count, i32c(c, 0), ""), loop, post);
  LLVMPositionBuilderAtEnd(c->b, loop);
  LLVMValueRef i = LLVMBuildPhi(c->b, LLVMInt32TypeInContext(c->ctx), "mem.i");
  LLVMValueRef k = backward ? LLVMBuildSub(c->b, LLVMBuildSub(c->b, count, i, ""), i32c(c, 1), "") : i;
  LLVMValueRef off = LLVMBuildAdd(c->b, base, LLVMBuildMul(c->b, k, i32c(c, n), ""), "");
  unit_store(c, m, off, unit_load(c, m, off, n), n);
  LLVMValueRef i1 = LLVMBuildAdd(c->b, i, i32c(c, 1), "");
  LLVMBuildCondBr(c->b, LLVMBuildICmp(c->b, LLVMIntNE, i1, count, ""), loop, post);
  LLVMValueRef iv[2] = {i32c(c, 0), i1};
  LLVMBasicBlockRef ib[2] = {pre, loop};
  LLVMAddIncoming(i, iv, ib, 2);
}

/* Variable length: units, then the bytes left, each a loop; backward
 * copies go tail first. */
static void mem_loops(ex_ctx *c, const memop *m, LLVMValueRef len, bool backward) {
  LLVMPositionBuilderBefore(c->b, m->call);
  LLVMValueRef count = LLVMBuildUDiv(c->b, len, i32c(c, m->unit), "");
  LLVMValueRef body = LLVMBuildMul(c->b, count, i32c(c, m->unit), "");
  LLVMValueRef rest = LLVMBuildSub(c->b, len, body, "");
  if (backward && m->unit > 1) mem_loop(c, m, body, rest, 1, true);
  mem_loop(c, m, i32c(c, 0), count, m->unit, backward);
  if (!backward && m->unit > 1) mem_loop(c, m, body, rest, 1, false);
}

/* The global address (i64) a fat pointer names for a raw buffer: V#
 * base (dword 0, dword 1 bits 15:0) + offset, read from its i160 (word 0
 * the offset, words 1..2 V# dwords 0..1; lower-buffer-fat-pointers turns
 * the word extractions into V# reads). */
static LLVMValueRef fat_address(ex_ctx *c, LLVMValueRef p) {
  LLVMTypeRef i160 = LLVMIntTypeInContext(c->ctx, 160), i32 = LLVMInt32TypeInContext(c->ctx),
              i64 = LLVMInt64TypeInContext(c->ctx);
  LLVMValueRef bits = LLVMBuildPtrToInt(c->b, p, i160, "");
  LLVMValueRef w[3];
  for (unsigned k = 0; k < 3; k++) {
    LLVMValueRef x = k ? LLVMBuildLShr(c->b, bits, LLVMConstInt(i160, 32 * k, 0), "") : bits;
    w[k] = LLVMBuildZExt(c->b, LLVMBuildTrunc(c->b, x, i32, ""), i64, "");
  }
  LLVMValueRef hi = LLVMBuildShl(c->b, LLVMBuildAnd(c->b, w[2], LLVMConstInt(i64, 0xffff, 0), ""), LLVMConstInt(i64, 32, 0), "");
  return LLVMBuildAdd(c->b, LLVMBuildOr(c->b, hi, w[1], ""), w[0], "");
}

/* For a memmove with a variable length: true when the destination lies
 * above the source (copy from the end). Two fat pointers compare their
 * offsets (one buffer, one V#); a fat pointer and a global, constant or
 * flat pointer compare global addresses. NULL (copy forward) when they
 * cannot overlap: LDS and private memory are never buffer memory. */
static LLVMValueRef move_backward(ex_ctx *c, const memop *m) {
  LLVMTypeRef dt = LLVMTypeOf(m->dst), st = LLVMTypeOf(m->src);
  if (is_p7(dt) && is_p7(st)) return LLVMBuildICmp(c->b, LLVMIntUGT, m->dst, m->src, "mem.backward");
  if (!is_p7(dt) && !is_p7(st)) {
    /* the same address space, or global/constant/flat against each other
     * (one address space of global addresses); private or LDS against
     * anything else cannot overlap */
    unsigned da = LLVMGetPointerAddressSpace(dt), sa = LLVMGetPointerAddressSpace(st);
    bool global_like = (da == 0 || da == 1 || da == 4) && (sa == 0 || sa == 1 || sa == 4);
    if (da != sa && !global_like) return NULL;
    LLVMTypeRef it = (da == 3 || da == 5) && da == sa ? LLVMInt32TypeInContext(c->ctx) : LLVMInt64TypeInContext(c->ctx);
    return LLVMBuildICmp(c->b, LLVMIntUGT, LLVMBuildPtrToInt(c->b, m->dst, it, ""), LLVMBuildPtrToInt(c->b, m->src, it, ""),
                         "mem.backward");
  }
  LLVMValueRef other = is_p7(dt) ? m->src : m->dst;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(other));
  if (as != 0 && as != 1 && as != 4) return NULL;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(c->ctx);
  LLVMValueRef d = is_p7(dt) ? fat_address(c, m->dst) : LLVMBuildPtrToInt(c->b, m->dst, i64, "");
  LLVMValueRef s = is_p7(st) ? fat_address(c, m->src) : LLVMBuildPtrToInt(c->b, m->src, i64, "");
  return LLVMBuildICmp(c->b, LLVMIntUGT, d, s, "mem.backward");
}

static int expand_mem(ex_ctx *c, LLVMValueRef call, const char *name) {
  memop m = {.call = call, .dst = LLVMGetOperand(call, 0)};
  bool set = strstr(name, "memset") != NULL;
  m.move = strstr(name, "memmove") != NULL;
  if (set) m.val = LLVMGetOperand(call, 1);
  else m.src = LLVMGetOperand(call, 1);
  LLVMValueRef len = LLVMGetOperand(call, 2), vol = LLVMGetOperand(call, 3);
  m.vol = LLVMIsAConstantInt(vol) && LLVMConstIntGetZExtValue(vol);
  unsigned a = arg_align(call, 0);
  if (!set && arg_align(call, 1) < a) a = arg_align(call, 1);
  m.unit = a >= 4 ? 4 : a >= 2 ? 2 : 1;
  if (LLVMIsAConstantInt(len) && LLVMConstIntGetZExtValue(len) <= 256) {
    mem_unrolled(c, &m, (unsigned)LLVMConstIntGetZExtValue(len));
  } else {
    LLVMPositionBuilderBefore(c->b, call);
    LLVMValueRef l32 = LLVMBuildIntCast2(c->b, len, LLVMInt32TypeInContext(c->ctx), 0, "mem.len");
    LLVMValueRef up = m.move ? move_backward(c, &m) : NULL;
    if (up) {
      LLVMBasicBlockRef head = LLVMGetInstructionParent(call);
      LLVMBasicBlockRef join = fp_split_before(c->b, call, "mem.join");
      LLVMBasicBlockRef bwd = LLVMInsertBasicBlockInContext(c->ctx, join, "mem.bwd");
      LLVMBasicBlockRef fwd = LLVMInsertBasicBlockInContext(c->ctx, join, "mem.fwd");
      LLVMPositionBuilderAtEnd(c->b, head);
      LLVMBuildCondBr(c->b, up, bwd, fwd);
      /* each direction gets its own placeholder to split at */
      LLVMBasicBlockRef arms[2] = {bwd, fwd};
      for (int k = 0; k < 2; k++) {
        LLVMPositionBuilderAtEnd(c->b, arms[k]);
        LLVMValueRef br = LLVMBuildBr(c->b, join);
        memop mk = m;
        mk.call = br;
        mem_loops(c, &mk, l32, k == 0);
      }
    } else {
      mem_loops(c, &m, l32, false);
    }
  }
  LLVMInstructionEraseFromParent(call);
  return 0;
}

static const char *mem_intrinsic(LLVMValueRef ins) {
  if (!LLVMIsACallInst(ins)) return NULL;
  LLVMValueRef f = LLVMGetCalledValue(ins);
  if (!LLVMIsAFunction(f)) return NULL;
  size_t n;
  const char *name = LLVMGetValueName2(f, &n);
  if (strncmp(name, "llvm.memcpy.", 12) && strncmp(name, "llvm.memmove.", 13) && strncmp(name, "llvm.memset.", 12) &&
      strncmp(name, "llvm.memcpy.inline.", 19) && strncmp(name, "llvm.memset.inline.", 19))
    return NULL;
  return name; /* every address space: instruction selection has none of them */
}

/* The next operation in `f` this pass expands, or NULL. */
static LLVMValueRef next_candidate(LLVMModuleRef mod, LLVMValueRef f, const char **mem) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
      if (LLVMGetInstructionOpcode(ins) == LLVMAtomicRMW && is_p7(LLVMTypeOf(LLVMGetOperand(ins, 0))) &&
          needs_cas_loop(mod, ins)) {
        *mem = NULL;
        return ins;
      }
      if ((*mem = mem_intrinsic(ins))) return ins;
    }
  return NULL;
}

int wir_expand_buffer_ops(LLVMModuleRef mod, diag *d) {
  ex_ctx c = {.mod = mod, .ctx = LLVMGetModuleContext(mod), .d = d};
  c.b = LLVMCreateBuilderInContext(c.ctx);
  int rc = 0;
  /* each expansion removes its instruction and splits blocks: rescan */
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && !rc; f = LLVMGetNextFunction(f)) {
    if (fp_skipped_function(f)) continue;
    const char *mem;
    for (LLVMValueRef ins; !rc && (ins = next_candidate(mod, f, &mem));) rc = mem ? expand_mem(&c, ins, mem) : expand_rmw(&c, ins);
  }
  LLVMDisposeBuilder(c.b);
  return rc;
}
