/* Instruction selection: one LLVM IR kernel -> SSA machine IR (mir.h),
 * with the kernel ABI filled in and divergent control flow already
 * lowered to EXEC-mask code over the linear CFG (ACO style). */
#ifndef WAVECC_ISEL_ISEL_H
#define WAVECC_ISEL_ISEL_H

#include <llvm-c/Core.h>

#include "llvm/divergence.h"
#include "mir/mir.h"
#include "emit/emit_data.h"
#include "util/diag.h"

/* The module's real functions (calls to them are not inlined) and the
 * calling convention's argument VGPRs (src/isel/isel_calls.c). */
typedef struct isel_call_abi {
  LLVMValueRef *functions; /* index = the function's symbol number in emission */
  unsigned num_functions;
  LLVMValueRef *externs;   /* declared functions called (symbols num_functions + k): other code objects' */
  unsigned num_externs;
  /* the module calls through a pointer but defines no function the call
   * could reach: the callee is another code object's (a kernel argument),
   * so, as for externs, it takes every implicit input and clobbers what
   * AMDGPUUsage lets it */
  bool unknown_callees;
  unsigned reg_args;       /* argument dwords passed in VGPRs (32; fewer under --max-vgprs), the rest on the stack */
  unsigned implicit;       /* ISEL_IMPLICIT_* inputs every function takes */
  /* AMDGPUUsage's registers (true: return address s[30:31], stack
   * pointer s32, implicit inputs in s4..s14 and v31, interoperable with
   * llc-19) or the compact layout a forced small register budget needs
   * (s[4:5], s6, implicit inputs as argument dwords). */
  bool amdgpu;
  unsigned ra_sgpr, sp_sgpr, call_sgprs; /* return address pair, stack pointer, SGPR region s0..call_sgprs-1 */
  unsigned wo_sgpr;        /* compact: s7 keeps a calling kernel's soffset 0 (functions save it); 0 = none */
  /* VGPRs v0.. a function may clobber without saving them: AMDGPUUsage
   * lets a callee clobber v0..v39 (40; 0 in the compact layout, where a
   * function saves all it writes above its arguments and results) */
  unsigned min_clobber;
  /* [function] 1 + the VGPRs v0.. it clobbers, once compiled (the pipeline
   * compiles callees first: isel_call_order); 0 = not yet, assume
   * max(arguments and results, min_clobber). NULL: none known. */
  uint16_t *clobbers;
  /* [function] on a cycle of direct calls (isel_call_order): it cannot
   * know its own clobbers, so it clobbers only its arguments and results
   * and saves the rest, as in the compact layout. NULL: none. */
  uint8_t *in_cycle;
} isel_call_abi;

/* ABI inputs a function uses (intrinsics): in the AMDGPUUsage layout in
 * llc's registers (work-item ids packed in v31, x | y << 10 | z << 20;
 * dispatch pointer s[4:5], implicit-argument pointer s[8:9], work-group
 * ids s12..s14); in the compact layout after the arguments as one dword
 * each (pointers two), in this order. */
enum {
  ISEL_IMPLICIT_WI_X = 1u << 0, ISEL_IMPLICIT_WI_Y = 1u << 1, ISEL_IMPLICIT_WI_Z = 1u << 2,
  ISEL_IMPLICIT_WG_X = 1u << 3, ISEL_IMPLICIT_WG_Y = 1u << 4, ISEL_IMPLICIT_WG_Z = 1u << 5,
  ISEL_IMPLICIT_DISPATCH = 1u << 6,    /* llvm.amdgcn.dispatch.ptr */
  ISEL_IMPLICIT_IMPLICITARG = 1u << 7, /* llvm.amdgcn.implicitarg.ptr */
};
/* Fills `ca` for the module's real functions (isel_calls.c): their VGPR
 * regions, implicit inputs, the layout (compact when a forced budget,
 * `max_vgprs` or `max_sgprs`, is below 64; 0 = none) and the argument
 * VGPRs (v0..v30 in AMDGPUUsage's; half of `max_vgprs` in the compact). */
void isel_call_abi_init(isel_call_abi *ca, LLVMValueRef *functions, unsigned n, unsigned max_vgprs,
                        unsigned max_sgprs);
/* The declared (external) functions module `mod` calls, into ca->externs
 * (malloc'ed; the caller frees it); with any, the AMDGPUUsage layout
 * passes every implicit input, as llc's callers do for an unknown callee. */
void isel_call_abi_externs(isel_call_abi *ca, LLVMModuleRef mod);
/* Is external function f (a declaration) reached through the GOT
 * (default visibility: preemptible) rather than by a rel32 relocation
 * (hidden, protected)? AMDGPUUsage "Relocation Records"; llc-19's rule. */
bool isel_extern_through_got(LLVMValueRef f);

/* The order to compile the module's functions in: indices into
 * ca->functions, every function after the ones it calls directly (a cycle
 * broken anywhere), so that a caller knows its callees' clobbers. Sets
 * ca->in_cycle (malloc'ed; the caller frees it). */
void isel_call_order(isel_call_abi *ca, unsigned *order);
/* The ISEL_IMPLICIT_* inputs function fn's instructions use. */
unsigned isel_implicit_uses(LLVMValueRef fn);
/* Dwords the implicit inputs `mask` take. */
unsigned isel_implicit_dwords(unsigned mask);

/* Dwords a value of type t takes in the calling convention's argument or
 * result VGPRs (isel_calls.c); 0 when it cannot be passed, and for void. */
unsigned isel_call_dwords(LLVMTypeRef t);

/* Selects kernel or function `fn` (`ca` NULL when the module has no real
 * functions) for GPU `target` (the program's target: lane-mask width,
 * which instructions exist). The program and everything it points to
 * live in `mem`.
 * Returns NULL after reporting unsupported IR in `d` as
 * "function: message: <instruction>". */
mir_program *isel_kernel(LLVMValueRef fn, const divergence_info *di, arena *mem, int opt_level,
                         const isel_call_abi *ca, const struct wavecc_target *target, diag *d);

/* The module's data objects (isel_data.c): every global in the global or
 * constant address space with an initialiser, serialised in the module's
 * data layout, in module order (the order the kernels' data addresses
 * name), and the declared ones as external symbols. Storage in `mem`. Returns non-zero after reporting an initialiser
 * it cannot express (addresses of other globals). */
int isel_module_data(LLVMModuleRef mod, arena *mem, diag *d, mir_module_data *out);
/* The name of a declared global of the global or constant space that
 * module `mod` uses (a symbol only another object defines), or NULL. */
const char *isel_undefined_data(LLVMModuleRef mod);

#endif
