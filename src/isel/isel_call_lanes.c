/* Which calls must not run in a block no lane reaches
 * (isel_call_needs_lanes, declared in isel_calls.h): the control flow
 * lowerings that run blocks under an empty EXEC skip or refuse blocks
 * holding them. */
#include <string.h>

#include "isel/isel_internal.h"

/* Wave-level effects that happen whatever EXEC is, so a block holding
 * them must not run when no lane reaches it: the intrinsics for which
 * llc-19 keeps the s_cbranch_execz around the block
 * (SIInstrInfo::hasUnwantedEffectsWhenEXECEmpty: messages, halts, traps,
 * barriers, mode register writes, GWS and ordered-count operations,
 * exports, the end of the program) and the writes of EXEC or M0 through
 * llvm.write_register / init.exec. Prefixes of LLVM names (LangRef,
 * AMDGPUUsage "LLVM IR Intrinsics"); the overloaded suffixes follow. */
static const char *const lanes_needed[] = {
    "llvm.amdgcn.s.sendmsg", "llvm.amdgcn.s.sendmsghalt", "llvm.amdgcn.s.sethalt", "llvm.amdgcn.s.setreg",  "llvm.amdgcn.s.barrier",
    "llvm.amdgcn.ds.gws",    "llvm.amdgcn.ds.ordered", "llvm.amdgcn.exp",      "llvm.amdgcn.endpgm",
    "llvm.amdgcn.init.exec", "llvm.amdgcn.s.ttracedata", "llvm.set.rounding",  "llvm.set.fpmode",
    "llvm.reset.fpmode",     "llvm.write_register",    "llvm.trap",            "llvm.debugtrap",
    "llvm.ubsantrap",
};

bool isel_call_needs_lanes(LLVMValueRef ins) {
  LLVMValueRef f = LLVMIsACallInst(ins) ? LLVMGetCalledValue(ins) : NULL;
  if (!f) return false;
  if (!LLVMIsAFunction(f) || !LLVMGetIntrinsicID(f)) return true; /* a function or inline assembly: anything */
  size_t len = 0;
  const char *n = LLVMGetValueName2(f, &len);
  for (unsigned k = 0; k < sizeof lanes_needed / sizeof lanes_needed[0]; k++) {
    size_t pl = strlen(lanes_needed[k]);
    if (len >= pl && !memcmp(n, lanes_needed[k], pl) && (len == pl || n[pl] == '.')) return true;
  }
  return false;
}
