/* Register budgets as kernel attributes, for giving llc-19 the budget that
 * `wavecc --max-vgprs/--max-sgprs` gives wavecc (wavecc-run --reg-budget,
 * bench/compare --max-vgprs/--max-sgprs): "amdgpu-num-vgpr" and
 * "amdgpu-num-sgpr" on every amdgpu_kernel function, as clang's
 * __attribute__((amdgpu_num_vgpr(N), amdgpu_num_sgpr(N))) writes them
 * (AMDGPUUsage "Function Attributes"). A kernel's own smaller value stays,
 * as wavecc keeps the smaller of flag and attribute. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "wavecc/wavecc.h"

#define AMDGPU_KERNEL_CC 91u /* llvm::CallingConv::AMDGPU_KERNEL */

static void set_min(LLVMContextRef ctx, LLVMValueRef f, const char *key, unsigned v) {
  if (!v) return;
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  if (a) {
    unsigned n = 0;
    const char *s = LLVMGetStringAttributeValue(a, &n);
    char buf[32];
    snprintf(buf, sizeof buf, "%.*s", (int)(n < 31 ? n : 31), s);
    unsigned old = (unsigned)strtoul(buf, NULL, 10);
    if (old && old <= v) return;
    LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  }
  char val[16];
  snprintf(val, sizeof val, "%u", v);
  LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(ctx, key, (unsigned)strlen(key), val, (unsigned)strlen(val)));
}

int wavecc_ir_set_budget(const void *ir, size_t size, unsigned vgprs, unsigned sgprs, void **bc, size_t *bc_size,
                         char **diag) {
  if (!bc || !bc_size || !diag) return -1; /* nowhere to put a result or a message */
  *bc = NULL;
  *bc_size = 0;
  *diag = NULL;
  if (!ir || size > WAVECC_MAX_INPUT_BYTES || vgprs > 256 || sgprs > 102) {
    *diag = strdup("wavecc_ir_set_budget: NULL or oversized IR, or a budget above 256 VGPRs / 102 SGPRs");
    return -1;
  }
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, size, "input");
  const unsigned char *u = ir;
  bool bitcode = size >= 4 && ((u[0] == 'B' && u[1] == 'C') || (u[0] == 0xde && u[1] == 0xc0));
  LLVMModuleRef mod = NULL;
  char *msg = NULL;
  int bad = bitcode ? LLVMParseBitcodeInContext2(ctx, buf, &mod) : LLVMParseIRInContext(ctx, buf, &mod, &msg);
  if (bitcode) LLVMDisposeMemoryBuffer(buf); /* the IR parser takes the buffer */
  if (bad) {
    *diag = strdup(msg ? msg : "cannot read the LLVM IR");
    LLVMDisposeMessage(msg);
    LLVMContextDispose(ctx);
    return -1;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || LLVMGetFunctionCallConv(f) != AMDGPU_KERNEL_CC) continue;
    set_min(ctx, f, "amdgpu-num-vgpr", vgprs);
    set_min(ctx, f, "amdgpu-num-sgpr", sgprs);
  }
  LLVMMemoryBufferRef out = LLVMWriteBitcodeToMemoryBuffer(mod);
  size_t n = LLVMGetBufferSize(out);
  *bc = malloc(n ? n : 1);
  if (*bc) {
    memcpy(*bc, LLVMGetBufferStart(out), n);
    *bc_size = n;
  }
  LLVMDisposeMemoryBuffer(out);
  LLVMDisposeModule(mod);
  LLVMContextDispose(ctx);
  if (!*bc) *diag = strdup("out of memory");
  return *bc ? 0 : -1;
}
