/* Instruction selection: one LLVM IR kernel -> SSA machine IR (mir.h),
 * with the kernel ABI filled in and divergent control flow already
 * lowered to EXEC-mask code over the linear CFG (ACO style). */
#ifndef WAVECC_ISEL_ISEL_H
#define WAVECC_ISEL_ISEL_H

#include <llvm-c/Core.h>

#include "isel/divergence.h"
#include "mir/mir.h"
#include "target/emit_data.h"
#include "util/diag.h"

/* The module's real functions (calls to them are not inlined) and the
 * calling convention's argument VGPRs (src/isel/isel_calls.c). */
typedef struct isel_call_abi {
  LLVMValueRef *functions; /* index = the function's symbol number in emission */
  unsigned num_functions;
  unsigned arg_vgprs;      /* the most VGPRs any of them clobbers (argument dwords in VGPRs or results) */
  unsigned reg_args;       /* argument dwords passed in VGPRs (32; fewer under --max-vgprs), the rest on the stack */
} isel_call_abi;

/* Dwords a value of type t takes in the calling convention's argument or
 * result VGPRs (isel_calls.c); 0 when it cannot be passed, and for void. */
unsigned isel_call_dwords(LLVMTypeRef t);

/* Selects kernel or function `fn` (`ca` NULL when the module has no real
 * functions). The program and everything it points to live in `mem`.
 * Returns NULL after reporting unsupported IR in `d` as
 * "function: message: <instruction>". */
mir_program *isel_kernel(LLVMValueRef fn, const divergence_info *di, arena *mem, int opt_level,
                         const isel_call_abi *ca, diag *d);

/* The module's data objects (isel_data.c): every global in the global or
 * constant address space with an initialiser, serialised in the module's
 * data layout, in module order (the order the kernels' data addresses
 * name). Storage in `mem`. Returns non-zero after reporting an initialiser
 * it cannot express (addresses of other globals). */
int isel_module_data(LLVMModuleRef mod, arena *mem, diag *d, mir_module_data *out);

#endif
