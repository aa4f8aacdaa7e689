/* Instruction selection: the kernel's (or function's) ABI inputs.
 *
 * Which hardware-initialised SGPRs/VGPRs and kernarg fields a kernel needs
 * (AMDGPUUsage, "Initial Kernel Execution State" and "Kernel Descriptor":
 * private segment buffer, dispatch and kernarg pointers, work-group ids,
 * work-item ids, hidden arguments of code object v5), where its explicit
 * arguments lie in the kernarg segment, the per-lane layout of its static
 * allocas in scratch (the LDS layout is isel_lds.c's). Split out of isel.c (one concern per file); functions defer to
 * isel_calls.c for the calling convention's inputs.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "isel/isel_internal.h"
#include "llvm/import.h"
#include "target/target.h"
#include "util/bitset.h"

/* The most private memory a work-item can address: scratch per wave is
 * COMPUTE_TMPRING_SIZE.WAVESIZE units of 1 KiB (13 bits on gfx900: at
 * most 8191 KiB), shared by the wave's lanes (Vega ISA guide, "Scratch
 * (Private) Memory"; llc-19 reports "stack frame size exceeds limit" at
 * the same bound). */
static unsigned max_private_bytes(const wavecc_target *t) { return t->max_scratch_wave_kib * 1024u / t->wave_size; }

static const char *md_string_at(isel_ctx *c, const char *kind, unsigned idx) {
  unsigned kid = LLVMGetMDKindIDInContext(LLVMGetModuleContext(c->mod), kind, (unsigned)strlen(kind));
  size_t n = 0;
  LLVMValueMetadataEntry *e = LLVMGlobalCopyAllMetadata(c->fn, &n);
  const char *res = NULL;
  for (size_t i = 0; i < n; i++) {
    if (LLVMValueMetadataEntriesGetKind(e, (unsigned)i) != kid) continue;
    LLVMMetadataRef md = LLVMValueMetadataEntriesGetMetadata(e, (unsigned)i);
    LLVMValueRef mv = LLVMMetadataAsValue(LLVMGetModuleContext(c->mod), md);
    unsigned no = LLVMGetMDNodeNumOperands(mv);
    if (idx >= no) break;
    LLVMValueRef *ops = arena_alloc(c->mem, no * sizeof *ops);
    LLVMGetMDNodeOperands(mv, ops);
    unsigned len = 0;
    const char *s = ops[idx] ? LLVMGetMDString(ops[idx], &len) : NULL;
    if (s) res = arena_strndup(c->mem, s, len);
    break;
  }
  if (e) LLVMDisposeValueMetadataEntries(e);
  return res;
}

/* The function's !reqd_work_group_size !{i32 X, i32 Y, i32 Z} (clang's
 * OpenCL reqd_work_group_size attribute) into XYZ; 0,0,0 when absent or
 * malformed. */
static void md_reqd_workgroup_size(isel_ctx *c, uint32_t xyz[3]) {
  LLVMContextRef ctx = LLVMGetModuleContext(c->mod);
  unsigned kid = LLVMGetMDKindIDInContext(ctx, "reqd_work_group_size", (unsigned)strlen("reqd_work_group_size"));
  size_t n = 0;
  LLVMValueMetadataEntry *e = LLVMGlobalCopyAllMetadata(c->fn, &n);
  xyz[0] = xyz[1] = xyz[2] = 0;
  for (size_t i = 0; i < n; i++) {
    if (LLVMValueMetadataEntriesGetKind(e, (unsigned)i) != kid) continue;
    LLVMValueRef mv = LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(e, (unsigned)i));
    if (LLVMGetMDNodeNumOperands(mv) != 3) break;
    LLVMValueRef ops[3];
    LLVMGetMDNodeOperands(mv, ops);
    uint32_t v[3];
    bool ok = true;
    for (unsigned d = 0; d < 3; d++) {
      ok = ok && ops[d] && LLVMIsAConstantInt(ops[d]) && LLVMConstIntGetZExtValue(ops[d]) - 1 < 1024;
      v[d] = ok ? (uint32_t)LLVMConstIntGetZExtValue(ops[d]) : 0;
    }
    if (ok) memcpy(xyz, v, sizeof v);
    break;
  }
  if (e) LLVMDisposeValueMetadataEntries(e);
}

static unsigned fn_attr_pair(LLVMValueRef fn, const char *name, unsigned *a, unsigned *b) {
  LLVMAttributeRef at = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, name, (unsigned)strlen(name));
  if (!at) return 0;
  unsigned len;
  const char *v = LLVMGetStringAttributeValue(at, &len);
  char buf[64];
  snprintf(buf, sizeof buf, "%.*s", (int)len, v);
  int n = sscanf(buf, "%u,%u", a, b);
  return n < 0 ? 0 : (unsigned)n;
}

/* The SGPR budget of a kernel that must keep WAVES waves on each SIMD
 * (LLVM getMaxNumSGPRs, VI+; the VGPR one is wavecc_max_vgprs_for_waves):
 * its share of the SIMD's SGPRs, at most what a wave can address. */
static unsigned max_sgprs_for_waves(const wavecc_target *t, unsigned waves) {
  unsigned n = t->sgprs_per_simd / waves;
  return n < t->addressable_sgprs ? n : t->addressable_sgprs;
}

typedef struct abi_uses {
  bool dispatch_ptr, queue_ptr, dispatch_id, implicitarg, wg[3], wi[3], alloca_used, calls;
  bool private_to_flat; /* an addrspacecast from private (5) to generic (0) */
} abi_uses;

/* Does `ins` take a private pointer (a kernel argument's, an inttoptr's)?
 * Loads and stores through it need the private segment buffer and wave
 * offset even when the kernel has no alloca of its own. */
static bool reads_private(LLVMValueRef ins) {
  int n = LLVMGetNumOperands(ins);
  for (int i = 0; i < n; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(ins, i));
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) t = LLVMGetElementType(t);
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 5) return true;
  }
  return false;
}

/* Is v an addrspacecast (instruction or constant) from private (5) to generic (0)? */
static bool private_to_flat(LLVMValueRef v) {
  bool cast = LLVMIsAAddrSpaceCastInst(v) || (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMAddrSpaceCast);
  return cast && LLVMGetPointerAddressSpace(isel_scalar_type(LLVMTypeOf(v))) == 0 &&
         LLVMGetPointerAddressSpace(isel_scalar_type(LLVMTypeOf(LLVMGetOperand(v, 0)))) == 5;
}

static void scan_uses(isel_ctx *c, abi_uses *u) {
  memset(u, 0, sizeof *u);
  for (uint32_t b = 0; b < c->di->num_blocks; b++)
    for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[b]); ins; ins = LLVMGetNextInstruction(ins)) {
      if (LLVMIsAAllocaInst(ins) || reads_private(ins)) u->alloca_used = true;
      if (private_to_flat(ins)) u->private_to_flat = true;
      for (int i = 0, n = LLVMIsAInstruction(ins) ? LLVMGetNumOperands(ins) : 0; i < n; i++)
        if (LLVMIsAConstantExpr(LLVMGetOperand(ins, i)) && private_to_flat(LLVMGetOperand(ins, i))) u->private_to_flat = true;
      if (!LLVMIsACallInst(ins)) continue;
      LLVMValueRef f = LLVMGetCalledValue(ins);
      if (LLVMIsAInlineAsm(f)) continue; /* isel_asm.c: ordinary instructions */
      if (!LLVMIsAFunction(f) || !LLVMGetIntrinsicID(f)) {
        u->calls = u->alloca_used = true; /* callees' frames are scratch */
        continue;
      }
      size_t len;
      const char *n = LLVMGetValueName2(f, &len);
      if (!strcmp(n, "llvm.amdgcn.dispatch.ptr")) u->dispatch_ptr = true;
      else if (!strcmp(n, "llvm.amdgcn.dispatch.id")) u->dispatch_id = true;
      else if (!strcmp(n, "llvm.amdgcn.queue.ptr")) u->queue_ptr = true;
      else if (!strcmp(n, "llvm.amdgcn.implicitarg.ptr")) u->implicitarg = true;
      else if (!strncmp(n, "llvm.amdgcn.workgroup.id.", 25)) u->wg[n[25] - 'x'] = true;
      else if (!strncmp(n, "llvm.amdgcn.workitem.id.", 24)) u->wi[n[24] - 'x'] = true;
    }
}

static void add_hidden(mir_kernel_arg *a, unsigned *n, const char *kind, uint32_t off, uint32_t size) {
  a[*n] = (mir_kernel_arg){.value_kind = kind, .offset = off, .size = size, .align = size};
  (*n)++;
}

/* Records a kernel's private object (alloca `ins`, `size` bytes at lane
 * offset `off`) in p->pobjs for the emulator's bounds check
 * (MIR_CHK_PRIVATE, isel_mem.c tags the accesses through it). */
static void note_private_object(isel_ctx *c, LLVMValueRef ins, uint32_t off, uint32_t size) {
  mir_program *p = c->p;
  if (!c->alloca_obj.cap) ptrmap_init(&c->alloca_obj, c->mem, 16);
  if ((p->num_pobjs & (p->num_pobjs - 1)) == 0) /* capacity: powers of two */
    p->pobjs = p->num_pobjs ? arena_grow(p->mem, p->pobjs, p->num_pobjs, 2 * p->num_pobjs, sizeof *p->pobjs)
                            : arena_alloc(p->mem, sizeof *p->pobjs);
  p->pobjs[p->num_pobjs] = (mir_pobj){off, size};
  ptrmap_put(&c->alloca_obj, ins, p->num_pobjs++);
}

/* Does fn call llvm.amdgcn.queue.ptr? */
/* Does fn call the function `name` or, with any_call, any function that is
 * no intrinsic (a callee gets the implicit-argument pointer and may read
 * through it)? Inline assembly is no call. */
static bool calls_named(LLVMValueRef fn, const char *name, bool any_call) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef f = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
      size_t n;
      if (!f || LLVMIsAInlineAsm(f)) continue;
      if (any_call && !(LLVMIsAFunction(f) && LLVMGetIntrinsicID(f))) return true;
      if (LLVMIsAFunction(f) && !strcmp(LLVMGetValueName2(f, &n), name)) return true;
    }
  return false;
}

/* Private memory: every static alloca gets a fixed offset in the lane's
 * scratch; the pointer is that offset (MUBUF offen, swizzled per lane by
 * the private segment buffer V#). In a function the objects start at
 * its frame base (isel_frame_base: SP / 64, the lane offset private
 * pointers are, past the stack arguments; realigned for an object
 * aligned more than the stack pointer). False after reporting. */
static bool layout_allocas(isel_ctx *c) {
  mir_kernel_abi *abi = &c->p->abi;
  const unsigned max_priv = max_private_bytes(c->p->target);
  mir_temp lane_base = {0};
  uint32_t most = 4, below = 0, first = 0;
  for (uint32_t b = 0; b < c->di->num_blocks; b++)
    for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[b]); ins; ins = LLVMGetNextInstruction(ins))
      if (LLVMIsAAllocaInst(ins) && LLVMGetAlignment(ins) > most) most = LLVMGetAlignment(ins);
  /* a function's objects from its frame base (realigned for `most`) */
  if (c->p->is_function) lane_base = isel_frame_base(c, most, &below, &first);
  uint64_t poff = first;
  for (uint32_t b = 0; b < c->di->num_blocks; b++)
    for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[b]); ins; ins = LLVMGetNextInstruction(ins)) {
      if (!LLVMIsAAllocaInst(ins)) continue;
      LLVMValueRef cnt = LLVMGetOperand(ins, 0);
      if (!LLVMIsAConstantInt(cnt)) {
        isel_unsupported(c, ins, "dynamically sized alloca");
        return false;
      }
      LLVMTypeRef at = LLVMGetAllocatedType(ins);
      uint32_t al = LLVMGetAlignment(ins);
      if (al < 4) al = 4;
      poff = (poff + al - 1) & ~(al - 1);
      mir_temp t = lane_base.id ? isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(lane_base), mir_op_const((uint32_t)poff))
                                : isel_to_sgpr(c, mir_op_const((uint32_t)poff), 1);
      if (!lane_base.id) { /* a kernel's: accesses may carry it in their offset field (isel_mem.c) */
        if (!c->alloca_off.cap) ptrmap_init(&c->alloca_off, c->mem, 16);
        ptrmap_put(&c->alloca_off, ins, (uint32_t)poff);
      }
      isel_set(c, ins, 0, t);
      uint64_t n = LLVMConstIntGetZExtValue(cnt), sz = LLVMABISizeOfType(c->td, at);
      if (!lane_base.id && n && sz <= max_priv / n) note_private_object(c, ins, (uint32_t)poff, (uint32_t)(sz * n));
      if (n && sz > max_priv / n) poff = max_priv + 1;
      else poff += sz * n;
      if (below + poff > max_priv) {
        char msg[160];
        snprintf(msg, sizeof msg, "private memory beyond the hardware's %u bytes per work-item (alloca)",
                 max_priv);
        isel_unsupported(c, ins, msg);
        return false;
      }
    }
  abi->private_segment_size = (uint32_t)((below + poff + 15) & ~15ull);
  return true;
}

/* Lays out the kernel arguments and emits p_startpgm plus the loads of
 * every used explicit argument into the entry block. */
/* The work-group size and register budget from the function attributes
 * into ABI. */
static void set_budget(isel_ctx *c, mir_kernel_abi *abi) {
  unsigned lo, hi;
  abi->max_flat_workgroup_size = 1024;
  if (fn_attr_pair(c->fn, "amdgpu-flat-work-group-size", &lo, &hi) == 2) abi->max_flat_workgroup_size = hi;
  md_reqd_workgroup_size(c, abi->reqd_workgroup_size);
  unsigned v;
  /* Register budget as llc reads the attributes (AMDGPUSubtarget::
   * getWavesPerEU): the work-group's waves must fit the CU's SIMDs (4 on gfx900) at
   * once, so at least ceil(waves / SIMDs) waves per SIMD; "amdgpu-waves-per-eu"
   * may ask for more, not fewer. */
  const wavecc_target *t = c->p->target;
  unsigned wg_waves = (abi->max_flat_workgroup_size + t->wave_size - 1) / t->wave_size;
  unsigned min_waves = (wg_waves + t->simds_per_cu - 1) / t->simds_per_cu, waves = min_waves;
  if (fn_attr_pair(c->fn, "amdgpu-waves-per-eu", &lo, &hi) >= 1 && lo >= min_waves && lo <= t->max_waves_per_simd)
    waves = lo;
  if (waves >= 1 && waves <= t->max_waves_per_simd && wavecc_max_vgprs_for_waves(t, waves) < t->vgprs) {
    abi->num_vgprs_budget = wavecc_max_vgprs_for_waves(t, waves);
    abi->num_sgprs_budget = max_sgprs_for_waves(t, waves);
  }
  if (fn_attr_pair(c->fn, "amdgpu-num-vgpr", &v, &hi) >= 1 && v) abi->num_vgprs_budget = v;
  if (fn_attr_pair(c->fn, "amdgpu-num-sgpr", &v, &hi) >= 1 && v) abi->num_sgprs_budget = v;
}

/* The type of a kernel argument's `byref(T)` attribute, or NULL. A byref
 * argument's value lies in the kernarg segment itself and the IR argument
 * is its address there (AMDGPUUsage, "Kernel Argument Preloading"/"Code
 * Object V5 Metadata": llc-19 describes it as by_value with T's size and
 * alignment, max'ed with the argument's `align`). *align gets that
 * alignment. */
static LLVMTypeRef byref_type(isel_ctx *c, unsigned i, uint32_t *align) {
  LLVMAttributeRef br = LLVMGetEnumAttributeAtIndex(c->fn, i + 1, LLVMGetEnumAttributeKindForName("byref", 5));
  if (!br) return NULL;
  LLVMTypeRef t = LLVMGetTypeAttributeValue(br);
  LLVMAttributeRef al = LLVMGetEnumAttributeAtIndex(c->fn, i + 1, LLVMGetEnumAttributeKindForName("align", 5));
  uint32_t a = LLVMABIAlignmentOfType(c->td, t);
  if (al && LLVMGetEnumAttributeValue(al) > a) a = (uint32_t)LLVMGetEnumAttributeValue(al);
  *align = a;
  return t;
}

/* Lays out the kernel's explicit arguments (offsets into c->arg_offset,
 * metadata into ABI) and the code object v5 hidden arguments after them.
 * Returns false after reporting an unsupported argument. */
static bool layout_explicit_args(isel_ctx *c, mir_kernel_abi *abi) {
  /* explicit arguments */
  unsigned na = LLVMCountParams(c->fn);
  c->arg_offset = arena_alloc(c->mem, (na + 1) * sizeof(uint32_t));
  mir_kernel_arg *args = arena_alloc(c->mem, (na + 24) * sizeof *args); /* + up to 19 hidden */
  unsigned nargs = 0;
  uint32_t off = 0, kalign = 8;
  unsigned i = 0;
  for (LLVMValueRef a = LLVMGetFirstParam(c->fn); a; a = LLVMGetNextParam(a), i++) {
    LLVMTypeRef t = LLVMTypeOf(a);
    uint32_t al = LLVMABIAlignmentOfType(c->td, t);
    LLVMTypeRef bt = byref_type(c, i, &al);
    uint32_t size = (uint32_t)LLVMABISizeOfType(c->td, bt ? bt : t);
    if (al > kalign) kalign = al;
    off = (off + al - 1) & ~(al - 1);
    c->arg_offset[i] = off;
    mir_kernel_arg *ka = &args[nargs++];
    memset(ka, 0, sizeof *ka);
    size_t nl;
    const char *nm = LLVMGetValueName2(a, &nl);
    ka->name = nl ? arena_strndup(c->mem, nm, nl) : NULL;
    ka->type_name = md_string_at(c, "kernel_arg_type", i);
    ka->offset = off;
    ka->size = size;
    ka->align = al;
    const char *qual = md_string_at(c, "kernel_arg_type_qual", i);
    if (qual) {
      ka->is_const = strstr(qual, "const") != NULL;
      ka->is_restrict = strstr(qual, "restrict") != NULL;
      ka->is_volatile = strstr(qual, "volatile") != NULL;
    }
    if (bt) {
      ka->value_kind = "by_value"; /* the bytes themselves (byref_type) */
    } else if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
      unsigned as = LLVMGetPointerAddressSpace(t);
      ka->address_space = as;
      if (as == 3) {
        ka->value_kind = "dynamic_shared_pointer";
        ka->align = 4;
      } else if (as == 1 || as == 4 || as == 0 || as == 5 || as == 2) {
        /* private and region pointers are 32-bit offsets passed by value;
         * llc-19 describes them as global_buffer with their address space */
        ka->value_kind = "global_buffer";
      } else if (as == 6) {
        /* a 32-bit constant pointer (loads: cast_through_integers.c);
         * llc-19: global_buffer of 4 bytes with no .address_space */
        ka->value_kind = "global_buffer";
      } else if (as == 7 || as == 8) {
        ka->value_kind = "by_value"; /* a V# (and offset) by value, isel_buffer.c */
      } else if (!LLVMGetFirstUse(a)) {
        /* an address space AMDGPU does not define: llc-19 lays it out and
         * describes it as a global_buffer without .address_space */
        ka->value_kind = "global_buffer";
      } else {
        isel_unsupported(c, a, "kernel argument address space");
        return false;
      }
    } else {
      ka->value_kind = "by_value";
    }
    off += size;
  }
  c->hidden_offset = (off + 7) & ~7u;
  uint32_t h = c->hidden_offset;
  if (mir_code_object_version(abi) == 4) {
    /* Code object v4's hidden arguments, all of them for every kernel,
     * as llc-19 lists them (AMDGPUUsage "Code Object V4 Metadata":
     * 64-bit global offsets first; the queue pointer is a user SGPR) */
    add_hidden(args, &nargs, "hidden_global_offset_x", h + 0, 8);
    add_hidden(args, &nargs, "hidden_global_offset_y", h + 8, 8);
    add_hidden(args, &nargs, "hidden_global_offset_z", h + 16, 8);
    add_hidden(args, &nargs, "hidden_hostcall_buffer", h + 24, 8);
    add_hidden(args, &nargs, "hidden_default_queue", h + 32, 8);
    add_hidden(args, &nargs, "hidden_completion_action", h + 40, 8);
    add_hidden(args, &nargs, "hidden_multigrid_sync_arg", h + 48, 8);
    abi->args = args;
    abi->num_args = nargs;
    abi->kernarg_size = h + 56;
    abi->kernarg_align = kalign;
    return true;
  }
  add_hidden(args, &nargs, "hidden_block_count_x", h + 0, 4);
  add_hidden(args, &nargs, "hidden_block_count_y", h + 4, 4);
  add_hidden(args, &nargs, "hidden_block_count_z", h + 8, 4);
  add_hidden(args, &nargs, "hidden_group_size_x", h + 12, 2);
  add_hidden(args, &nargs, "hidden_group_size_y", h + 14, 2);
  add_hidden(args, &nargs, "hidden_group_size_z", h + 16, 2);
  add_hidden(args, &nargs, "hidden_remainder_x", h + 18, 2);
  add_hidden(args, &nargs, "hidden_remainder_y", h + 20, 2);
  add_hidden(args, &nargs, "hidden_remainder_z", h + 22, 2);
  add_hidden(args, &nargs, "hidden_global_offset_x", h + 40, 8);
  add_hidden(args, &nargs, "hidden_global_offset_y", h + 48, 8);
  add_hidden(args, &nargs, "hidden_global_offset_z", h + 56, 8);
  add_hidden(args, &nargs, "hidden_grid_dims", h + 64, 2);
  /* A kernel that reads its implicit arguments (llvm.amdgcn.implicitarg.ptr,
   * or a callee may) may read any of them: the runtime fills only those
   * the metadata lists, so list the rest of code object v5's too, at
   * llc-19's offsets (LLVM 19's hsa-metadata-queueptr-v5.ll reads the
   * queue pointer at implicitarg + 200). */
  bool ia = calls_named(c->fn, "llvm.amdgcn.implicitarg.ptr", true);
  if (ia) {
    add_hidden(args, &nargs, "hidden_hostcall_buffer", h + 80, 8);
    add_hidden(args, &nargs, "hidden_multigrid_sync_arg", h + 88, 8);
    add_hidden(args, &nargs, "hidden_heap_v1", h + 96, 8);
    add_hidden(args, &nargs, "hidden_default_queue", h + 104, 8);
    add_hidden(args, &nargs, "hidden_completion_action", h + 112, 8);
  }
  /* the queue's address for llvm.amdgcn.queue.ptr (code object v5 passes
   * it here, not in a user SGPR: AMDGPUUsage "Code Object V5 Metadata") */
  if (ia || calls_named(c->fn, "llvm.amdgcn.queue.ptr", false)) add_hidden(args, &nargs, "hidden_queue_ptr", h + 200, 8);
  abi->args = args;
  abi->num_args = nargs;
  abi->kernarg_size = h + 256;
  abi->kernarg_align = kalign;
  return true;
}

/* Emits p_startpgm defining the SGPRs and VGPRs the kernel starts with
 * (AMDGPUUsage "Initial Kernel Execution State"): user SGPRs, then system
 * SGPRs, then v0..v2, as ABI and the uses U enable. */
static mir_instr *emit_startpgm(isel_ctx *c, const mir_kernel_abi *abi, const abi_uses *u) {
  /* p_startpgm: user SGPRs, then system SGPRs, then v0..v2 (v0 alone with
   * packed work-item ids: x [9:0], y [19:10], z [29:20]) */
  const bool packed = c->p->target->packed_workitem_ids;
  /* the private segment buffer V# and wave offset SGPRs; architected flat
   * scratch has neither (FLAT_SCRATCH is the wave's scratch already) */
  const bool buffer = u->alloca_used && !wavecc_scratch_flat(c->p->target);
  unsigned ndefs = 1 + (u->dispatch_ptr ? 1 : 0) + (abi->queue_ptr ? 1 : 0) + 1 + (u->dispatch_id ? 1 : 0) +
                   (abi->workgroup_id[1] ? 1 : 0) + (abi->workgroup_id[2] ? 1 : 0) + 1 + (packed ? 0 : abi->workitem_id_dims) +
                   (buffer ? 2 : 0) + (abi->flat_scratch_init ? 1 : 0);
  mir_instr *sp = isel_emit(c, MIR_P_STARTPGM, 0, ndefs);
  unsigned k = 0, sg = 0;
  if (buffer) {
    c->psb = isel_tmp(c, mir_rc_s(4));
    sp->defs[k++] = isel_fixed_def(c->psb, MIR_PREG_SGPR(sg));
    sg += 4;
  }
  if (u->dispatch_ptr) {
    c->dispatch_ptr = isel_tmp(c, mir_rc_s(2));
    sp->defs[k++] = isel_fixed_def(c->dispatch_ptr, MIR_PREG_SGPR(sg));
    sg += 2;
  }
  if (abi->queue_ptr) { /* code object v4's llvm.amdgcn.queue.ptr */
    c->queue_ptr = isel_tmp(c, mir_rc_s(2));
    sp->defs[k++] = isel_fixed_def(c->queue_ptr, MIR_PREG_SGPR(sg));
    sg += 2;
  }
  c->kernarg_ptr = isel_tmp(c, mir_rc_s(2));
  sp->defs[k++] = isel_fixed_def(c->kernarg_ptr, MIR_PREG_SGPR(sg));
  sg += 2;
  if (u->dispatch_id) { /* after the kernarg pointer (AMDGPUUsage, user SGPR order) */
    c->dispatch_id = isel_tmp(c, mir_rc_s(2));
    sp->defs[k++] = isel_fixed_def(c->dispatch_id, MIR_PREG_SGPR(sg));
    sg += 2;
  }
  if (abi->flat_scratch_init) { /* after the dispatch id (AMDGPUUsage, user SGPR order) */
    c->fs_init = isel_tmp(c, mir_rc_s(2));
    sp->defs[k++] = isel_fixed_def(c->fs_init, MIR_PREG_SGPR(sg));
    sg += 2;
  }
  for (unsigned d = 0; d < 3; d++) {
    if (!abi->workgroup_id[d]) continue;
    c->wg_id[d] = isel_tmp(c, mir_rc_s(1));
    sp->defs[k++] = isel_fixed_def(c->wg_id[d], MIR_PREG_SGPR(sg));
    sg++;
  }
  if (buffer) {
    c->wave_offset = isel_tmp(c, mir_rc_s(1));
    sp->defs[k++] = isel_fixed_def(c->wave_offset, MIR_PREG_SGPR(sg));
    sg++;
  }
  if (abi->flat_scratch_init) {
    /* FLAT_SCRATCH = flat-scratch-init + wave offset, the wave's scratch
     * as flat accesses to the private aperture see it (AMDGPUUsage "Flat
     * Scratch"; llc-19's s_add_u32/s_addc_u32): the SGPR pair on gfx9,
     * hwregs FLAT_SCR_LO/HI written with s_setreg_b32 on gfx10 */
    assert(buffer);
    const wavecc_target *t = c->p->target;
    mir_temp wo = isel_create2(c, mir_op_temp(c->wave_offset), mir_op_const(0), false);
    mir_temp base = isel_add64(c, mir_op_temp(c->fs_init), mir_op_temp(wo), false);
    if (t->flat_scratch_init == WAVECC_FS_SETREG) {
      for (unsigned h = 0; h < 2; h++) {
        mir_temp half = isel_extract(c, base, h, 1); /* before the s_setreg that reads it */
        mir_instr *w = isel_emit(c, ISA_S_SETREG_B32, 1, 0);
        w->offset = (int32_t)((t->flat_scratch_hwreg + h) | 31u << 11); /* bits 0..31 */
        w->ops[0] = mir_op_temp(half);
      }
    } else {
      mir_instr *m = isel_emit(c, ISA_S_MOV_B64, 1, 1);
      m->ops[0] = mir_op_temp(base);
      m->defs[0] = mir_op_fixed((mir_preg)t->flat_scratch_reg, 2);
    }
  }
  if (packed) { /* unpacked by unpack_workitem_ids, after the calling kernel's copy */
    c->wi_packed = isel_tmp(c, mir_rc_v(1));
    sp->defs[k++] = isel_fixed_def(c->wi_packed, MIR_PREG_VGPR(0));
    return sp;
  }
  for (unsigned d = 0; d <= abi->workitem_id_dims; d++) {
    c->wi_id[d] = isel_tmp(c, mir_rc_v(1));
    sp->defs[k++] = isel_fixed_def(c->wi_id[d], MIR_PREG_VGPR(d));
  }
  return sp;
}

/* Packed work-item ids (gfx90a, gfx942, gfx11: v0 = x | y << 10 | z << 20,
 * AMDGPUUsage "Initial Kernel Execution State"): x = v0 & 0x3ff (v0 itself
 * when y and z are not enabled), y and z by bit-field extract, as llc-19
 * does. Emitted after p_startpgm and, in
 * a kernel that calls, after the copy that takes the inputs out of the
 * call region (the copy redefines v0's temporary). Calls pass v0 as it
 * came (c->wi_packed: the same layout as the callee's v31). */
static void unpack_workitem_ids(isel_ctx *c, const mir_kernel_abi *abi) {
  if (!c->p->target->packed_workitem_ids) return;
  /* with y and z not enabled (workitem_id_dims 0: no reader in the kernel
   * or its callees) v0 holds x alone, its bits above 9 zero: no mask, as
   * llc-19 masks only when Y is used (SITargetLowering: the X argument's
   * mask is 0x3ff with packed TIDs and a work-item id Y, else none). One
   * VALU instruction less per wave of every such kernel. */
  if (abi->workitem_id_dims == 0) {
    c->wi_id[0] = c->wi_packed;
    return;
  }
  c->wi_id[0] = isel_v1c(c, ISA_V_AND_B32, mir_op_const(0x3ff), mir_op_temp(c->wi_packed));
  for (unsigned d = 1; d <= abi->workitem_id_dims; d++)
    c->wi_id[d] = isel_v1_3(c, ISA_V_BFE_U32, mir_op_temp(c->wi_packed), mir_op_const(10 * d), mir_op_const(10));
}

mir_temp isel_queue_ptr(isel_ctx *c) {
  if (mir_code_object_version(&c->p->abi) == 4) return c->queue_ptr;
  mir_temp d = isel_tmp(c, mir_rc_s(2));
  mir_instr *ld = isel_emit(c, ISA_S_LOAD_DWORDX2, 1, 1);
  ld->ops[0] = mir_op_temp(c->kernarg_ptr);
  ld->offset = (int32_t)(c->hidden_offset + 200);
  ld->defs[0] = mir_op_temp(d);
  return d;
}

/* Loads the kernel arguments that have uses (all uniform: s_load from the
 * kernarg segment); an unsupported one is reported. */
/* s_load_dwordxN (N = ldw: 1, 2, 4, 8, 16) of the kernarg segment at byte aoff. */
static mir_temp scalar_load(isel_ctx *c, uint32_t aoff, unsigned ldw) {
  unsigned op = ldw == 1 ? ISA_S_LOAD_DWORD : ldw == 2 ? ISA_S_LOAD_DWORDX2 : ldw == 4 ? ISA_S_LOAD_DWORDX4
              : ldw == 8 ? ISA_S_LOAD_DWORDX8 : ISA_S_LOAD_DWORDX16;
  mir_temp d = isel_tmp(c, mir_rc_s(ldw));
  mir_instr *ld = isel_emit(c, op, 1, 1);
  ld->ops[0] = mir_op_temp(c->kernarg_ptr);
  ld->offset = (int32_t)aoff;
  ld->defs[0] = mir_op_temp(d);
  return d;
}

static void load_kernel_args(isel_ctx *c) {
  /* argument loads (all uniform: s_load from the kernarg segment) */
  unsigned i = 0;
  for (LLVMValueRef a = LLVMGetFirstParam(c->fn); a; a = LLVMGetNextParam(a), i++) {
    if (!LLVMGetFirstUse(a)) continue;
    LLVMTypeRef t = LLVMTypeOf(a);
    unsigned nc = isel_num_comps(t), bits = isel_type_bits(t);
    uint32_t size = (uint32_t)LLVMABISizeOfType(c->td, t);
    uint32_t aoff = c->arg_offset[i], bal;
    if (byref_type(c, i, &bal)) {
      /* the argument is the constant address of its bytes: kernarg + aoff */
      mir_operand kp = mir_op_temp(c->kernarg_ptr);
      isel_set(c, a, 0, isel_add64_halves(c, isel_half_of(c, kp, false), isel_half_of(c, kp, true),
                                          mir_op_const(aoff), mir_op_const(0), false));
      continue;
    }
    if (isel_is_rsrc_type(t)) {
      isel_set(c, a, 0, isel_buffer_arg(c, aoff));
      continue;
    }
    if (bits == 0 || bits > 64 || size > (bits < 32 && nc > 1 ? 64 : 128) || nc > ISEL_MAX_COMPS) {
      isel_unsupported(c, a, "kernel argument type");
      return;
    }
    uint32_t dw = (size + 3) / 4;
    if (bits < 32 && nc > 1) {
      /* packed small elements: load the dwords, unpack with SALU shifts */
      mir_operand words[16];
      for (uint32_t w = 0; w < dw; w++) {
        mir_temp d = isel_tmp(c, mir_rc_s(1));
        mir_instr *ld = isel_emit(c, ISA_S_LOAD_DWORD, 1, 1);
        ld->ops[0] = mir_op_temp(c->kernarg_ptr);
        ld->offset = (int32_t)((aoff & ~3u) + 4 * w);
        ld->defs[0] = mir_op_temp(d);
        words[w] = mir_op_temp(d);
      }
      if ((aoff & 3) || !isel_unpack_dwords(c, a, words, dw)) {
        isel_unsupported(c, a, "kernel argument type");
        return;
      }
      continue;
    }
    if (bits < 32) {
      /* load the containing dword, shift the value down */
      mir_temp d = isel_tmp(c, mir_rc_s(1));
      mir_instr *ld = isel_emit(c, ISA_S_LOAD_DWORD, 1, 1);
      ld->ops[0] = mir_op_temp(c->kernarg_ptr);
      ld->offset = (int32_t)(aoff & ~3u);
      ld->defs[0] = mir_op_temp(d);
      if (aoff & 3) d = isel_s(c, ISA_S_LSHR_B32, 1, mir_op_temp(d), mir_op_const((aoff & 3) * 8));
      if (bits == 1) d = isel_s(c, ISA_S_AND_B32, 1, mir_op_temp(d), mir_op_const(1));
      isel_set(c, a, 0, d);
      continue;
    }
    if (aoff & 3) {
      isel_unsupported(c, a, "misaligned kernel argument");
      return;
    }
    unsigned cdw = (bits + 31) / 32; /* an i33..i63 takes two dwords too */
    if (dw > 16) { /* <32 x i32>, <16 x double>: s_load_dwordx16 per 64 bytes */
      for (unsigned h = 0; h * 16 < dw; h++) {
        mir_temp d = scalar_load(c, aoff + 64 * h, 16);
        for (unsigned e = h * 16 / cdw; e < nc && e * cdw < (h + 1) * 16; e++)
          isel_set(c, a, e, isel_extract(c, d, e * cdw - h * 16, cdw));
      }
      continue;
    }
    unsigned ldw = dw <= 1 ? 1 : dw <= 2 ? 2 : dw <= 4 ? 4 : dw <= 8 ? 8 : 16;
    mir_temp d = scalar_load(c, aoff, ldw);
    if (nc == 1 && ldw == cdw) {
      isel_set(c, a, 0, d);
      continue;
    }
    for (unsigned e = 0; e < nc; e++) isel_set(c, a, e, isel_extract(c, d, e * cdw, cdw));
  }
}

void isel_setup_abi(isel_ctx *c) {
  mir_kernel_abi *abi = &c->p->abi;
  abi_uses u;
  scan_uses(c, &u);
  if (u.calls && c->ca) {
    /* a kernel that calls passes the ABI inputs its callees read (isel_calls.c) */
    unsigned m = c->ca->implicit;
    for (unsigned d = 0; d < 3; d++) {
      u.wi[d] |= (m >> d) & 1;
      u.wg[d] |= (m >> (3 + d)) & 1;
    }
    u.dispatch_ptr |= (m & ISEL_IMPLICIT_DISPATCH) != 0;
  }
  const bool flat = wavecc_scratch_flat(c->p->target);
  abi->private_segment_buffer = u.alloca_used && !flat;
  abi->private_segment_wave_offset = u.alloca_used; /* flat scratch: .amdhsa_enable_private_segment */
  c->soffset_zero = flat; /* scratch_* address from the wave's FLAT_SCRATCH base: saddr "off" */
  /* A private -> generic cast needs FLAT_SCRATCH for the flat accesses
   * through its result: a gfx9 kernel sets it from its flat-scratch-init
   * user SGPRs (gfx10: through s_setreg), architected flat scratch has it already. Functions are
   * left out (the cast is refused there): the calling convention does
   * not tell a function whether its kernel set FLAT_SCRATCH up. */
  bool kernel = LLVMGetFunctionCallConv(c->fn) == LLVMAMDGPUKERNELCallConv;
  bool fs_pair = c->p->target->flat_scratch_init != WAVECC_FS_ARCHITECTED;
  abi->flat_scratch_init = kernel && u.private_to_flat && u.alloca_used && fs_pair;
  c->private_flat = abi->flat_scratch_init || (kernel && u.private_to_flat && flat);
  abi->dispatch_ptr = u.dispatch_ptr;
  abi->dispatch_id = u.dispatch_id;
  abi->code_object_version = (uint8_t)wir_code_object_version(c->mod, NULL);
  /* v4 passes the queue's address in user SGPRs (v5: hidden_queue_ptr) */
  abi->queue_ptr = u.queue_ptr && mir_code_object_version(abi) == 4 &&
                   LLVMGetFunctionCallConv(c->fn) == LLVMAMDGPUKERNELCallConv;
  abi->kernarg_segment_ptr = true;
  abi->workgroup_id[0] = true;
  abi->workgroup_id[1] = u.wg[1];
  abi->workgroup_id[2] = u.wg[2];
  abi->workitem_id_dims = u.wi[2] ? 2 : (u.wi[1] ? 1 : 0);
  abi->float_mode = isel_fp_mode_of(c->fn); /* denormal attributes; llc's defaults when absent */
  abi->ieee_mode = true;
  abi->dx10_clamp = true;
  set_budget(c, abi);
  if (LLVMGetFunctionCallConv(c->fn) != LLVMAMDGPUKERNELCallConv) {
    c->p->has_calls = u.calls;
    isel_setup_function(c);
    if (!c->failed && u.alloca_used) layout_allocas(c);
    return;
  }

  if (!layout_explicit_args(c, abi)) return;

  mir_instr *sp = emit_startpgm(c, abi, &u);

  if (u.calls) {
    if (!c->ca) {
      /* the driver found no callee this call could reach */
      diag_error(c->d, c->fname, "unsupported call: no callee known to the module's call graph");
      c->failed = true;
      return;
    }
    c->p->has_calls = true;
    isel_setup_calling_kernel(c, sp);
  }
  unpack_workitem_ids(c, abi);
  if (u.alloca_used && !layout_allocas(c)) return;

  load_kernel_args(c);
}
