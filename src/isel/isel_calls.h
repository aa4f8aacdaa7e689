/* Declarations of the selector's calls and calling convention: call
 * sites and function entries (isel_calls.c, isel_call_args.c), the
 * AMDGPUUsage implicit inputs and argument registers, aggregates passed as
 * scalars (isel_aggregate.c), inline assembly (isel_asm.c). Included by
 * isel_internal.h after isel_ctx; not meant to be included alone. */
#ifndef WAVECC_ISEL_CALLS_H
#define WAVECC_ISEL_CALLS_H

/* ---- calls (isel_calls.c) ---- */
/* Argument dwords in VGPRs (the rest on the stack), and the most in all. */
#define ISEL_CALL_REG_ARGS 32u
#define ISEL_CALL_MAX_ARGS 256u
/* The soffset of an access through a private pointer: the wave offset,
 * or 0 in a function (isel_calls.c). */
mir_operand isel_private_soffset(isel_ctx *c);
/* An absent operand ("off"). */
mir_operand isel_no_operand(void);
/* A p_call's or p_return's use of the private segment buffer V# in s[0:3],
 * or "off" with architected flat scratch (no V#). */
mir_operand isel_scratch_rsrc_use(isel_ctx *c);
/* A function's stack pointer in a lane's scratch bytes (the private
 * pointer of its frame base): SP >> log2(wave size) with MUBUF, SP itself
 * with flat scratch (wavecc_sp_log2). */
mir_temp isel_sp_lanes(isel_ctx *c);
/* Inline assembly (isel_asm.c): the call `ins` of an InlineAsm value;
 * reports what it does not take. Returns true (handled or reported). */
bool isel_inline_asm(isel_ctx *c, LLVMValueRef ins);
/* Must the call `ins` not run in a block no lane reaches (isel_call_lanes.c):
 * a function, inline assembly, or an intrinsic with a wave-level effect
 * EXEC does not mask (message, halt, trap, barrier, MODE or EXEC write,
 * ...)? The control flow lowerings that run blocks under an empty EXEC
 * skip or refuse such blocks. False for any other instruction. */
bool isel_call_needs_lanes(LLVMValueRef ins);

/* ---- aggregates (isel_aggregate.c) ---- */
#define ISEL_AGG_MAX_SCALARS 16u
/* Scalars of struct/array type t (their types into `types` when not NULL);
 * 0 when t is not an aggregate or wavecc cannot hold it. */
unsigned isel_agg_scalars(LLVMTypeRef t, LLVMTypeRef *types);
/* extractvalue / insertvalue; false (extract) or reported (insert) when
 * unsupported. */
bool isel_extract_value(isel_ctx *c, LLVMValueRef ins);
bool isel_insert_value(isel_ctx *c, LLVMValueRef ins);
/* An aggregate's scalars as call dwords in VGPRs (64-bit ones as two), and
 * back: the calling convention's order (isel_calls.c). */
bool isel_agg_to_dwords(isel_ctx *c, LLVMValueRef v, mir_temp *out, unsigned *n);
bool isel_agg_from_dwords(isel_ctx *c, LLVMValueRef v, const mir_temp *dw, unsigned n);

/* Registers of the AMDGPUUsage layout's implicit inputs. */
enum { ISEL_IDS_VGPR = 31, ISEL_DISPATCH_SGPR = 4, ISEL_IMPLICITARG_SGPR = 8, ISEL_WG_SGPR = 12 };
#define ISEL_IMPLICIT_WI (ISEL_IMPLICIT_WI_X | ISEL_IMPLICIT_WI_Y | ISEL_IMPLICIT_WI_Z)

/* Implicit input dwords that travel after a call's arguments (compact
 * layout only; 0 in the AMDGPUUsage layout). isel_call_abi.c */
unsigned isel_implicit_arg_dwords(const isel_call_abi *ca);
/* The VGPRs v0.. a function of type fnty may clobber: its argument (or
 * result) dwords in VGPRs, whichever are more. isel_call_abi.c */
unsigned isel_fn_region(const isel_call_abi *ca, LLVMTypeRef fnty);
/* The VGPRs v0.. function k may clobber without saving them. */
unsigned isel_fn_clobber(const isel_call_abi *ca, unsigned k);

/* ---- values in the calling convention (isel_call_args.c) ---- */
/* A temporary as an operand fixed to register r (a convention register a
 * call or return reads), or as a definition fixed there. */
static inline mir_operand isel_fixed_use(mir_temp t, mir_preg r) {
  mir_operand o = mir_op_temp(t);
  o.preg = r;
  return o;
}
static inline mir_operand isel_fixed_def(mir_temp t, mir_preg r) {
  mir_operand o = mir_op_temp(t);
  o.flags |= MIR_OPND_FIXED_REG;
  o.preg = r;
  return o;
}
/* The SGPRs of `inreg` argument dwords in the AMDGPUUsage layout, in
 * order (s6, s7, s16..s29). */
#define ISEL_NUM_INREG 16u
extern const uint8_t ISEL_INREG_SGPRS[ISEL_NUM_INREG];
/* The dwords of value v (not i1 or an aggregate) as call operands (*n of
 * them, at most 32), and v set back from such dwords; false when v's type
 * cannot be passed. */
bool isel_call_words(isel_ctx *c, LLVMValueRef v, mir_operand *w, unsigned *n);
bool isel_from_call_words(isel_ctx *c, LLVMValueRef v, const mir_operand *w, unsigned n);
/* Any passable value's dwords as VGPR temporaries (aggregates and i1
 * included), and v (a parameter or a call's result) set from them; false
 * when its type cannot be passed. */
bool isel_call_value_dwords(isel_ctx *c, LLVMValueRef v, mir_temp *out, unsigned *n);
bool isel_call_set_value(isel_ctx *c, LLVMValueRef v, const mir_temp *dw, unsigned n);
/* Is argument i of call `ins` (or parameter i of function `fn`, ins
 * NULL) `inreg` in the AMDGPUUsage layout (in SGPRs)? `byval` (*size and
 * *align, at least 4, of its object, which travels on the stack)? */
bool isel_arg_inreg(const isel_call_abi *ca, LLVMValueRef ins, LLVMValueRef fn, unsigned i);
bool isel_arg_byval(isel_ctx *c, LLVMValueRef ins, LLVMValueRef fn, unsigned i, uint32_t *size, uint32_t *align);
/* The implicit inputs a call passes, from the caller's own: in the
 * compact layout as VGPR argument dwords (into out; the count returned),
 * in the AMDGPUUsage layout as fixed uses of its registers. Each returns
 * 0 in the other layout. */
unsigned isel_implicit_arg_values(isel_ctx *c, mir_temp *out);
unsigned isel_implicit_arg_regs(isel_ctx *c, mir_operand *out);
/* A function's implicit inputs: from its last argument dwords `in`
 * (compact layout), or as fixed definitions of its p_startpgm into defs
 * (AMDGPUUsage layout; returns how many), named in c. */
void isel_receive_implicit(isel_ctx *c, const mir_temp *in);
unsigned isel_implicit_defs(isel_ctx *c, mir_operand *defs);

/* Does fn call anything but intrinsics? */
bool isel_function_uses_calls(LLVMValueRef fn);
/* A function's entry: p_startpgm with the convention's inputs, parameters
 * set from the argument VGPRs, EXEC saved for the return. */
void isel_setup_function(isel_ctx *c);
/* Moves each of a function's stack-argument loads (isel_setup_function)
 * down its block to just before the first instruction that reads it
 * (not past an EXEC write, branch, logical bracket, store or atomic); one no instruction
 * of the block reads stays at the entry. Called once selection is done. */
void isel_sink_stack_args(isel_ctx *c);
/* A function's base for its stack objects, as a lane offset (what private
 * pointers are): past its stack arguments, rounded up to `align` bytes
 * when that is more than the 16 its stack pointer has at entry (a frame
 * pointer). *below: the frame bytes under the base at most; *first: the
 * first free byte from it (isel_calls.c). */
mir_temp isel_frame_base(isel_ctx *c, uint32_t align, uint32_t *below, uint32_t *first);
/* A kernel that calls: inputs out of the region but the V# (s[0:3]). `sp`
 * is its p_startpgm, the last instruction so far. */
void isel_setup_calling_kernel(isel_ctx *c, mir_instr *sp);
/* The end of the program at terminator `term` (ret/unreachable): s_endpgm
 * in a kernel; in a function the results into v0.., EXEC back to the
 * entry's, p_return. */
void isel_emit_exit(isel_ctx *c, LLVMValueRef term);
/* A call to anything but an intrinsic: arguments, p_call, results. True
 * when handled (errors are reported through isel_unsupported). */
bool isel_call_function(isel_ctx *c, LLVMValueRef ins);
/* The address of function f (s2, s_getpc_b64 marker); false when f is
 * not one of the module's compiled functions. */
bool isel_function_address(isel_ctx *c, LLVMValueRef f, mir_operand *out);

#endif
