// annotate-noclobber: !amdgpu.noclobber on the global loads of a kernel
// that nothing the kernel does before them may have written.
//
// Why (issue 24): the selection puts a uniform global load in the scalar
// cache (s_load_dwordxN, isel_mem.c) only when the IR says the memory is
// not written during the kernel. clang's pipeline gives the loads of a
// kernel argument's memory !amdgpu.noclobber, but the load-store
// vectoriser, which runs later (llc_passes.c), drops the metadata when it
// merges loads: bench/kernels/particles.cl's eight attractor loads became
// one <32 x float> global_load sequence in wavecc and s_load_dwordx16s in
// llc-19 (2.0x its emulated cycles at gfx1030), because llc-19 annotates
// after vectorising (AMDGPUAnnotateUniformValues in addPreISel, MemorySSA
// based). This pass is that annotation, run right after the vectoriser,
// with a narrower rule than llc-19's (which also looks through barriers
// and some fences): the load's clobbering access in MemorySSA is the
// function entry, so no store, atomic, fence, barrier or call on any path
// before it may alias it. Only in kernels: a callee's caller may have
// stored just before the call, through the vector cache, which the scalar
// cache does not see. Volatile and atomic loads are left alone (the
// selection keeps them in vector memory anyway).
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"

#include "llvm/annotate_noclobber.h"

using namespace llvm;

PreservedAnalyses WirAnnotateNoclobberPass::run(Function &F, FunctionAnalysisManager &AM) {
  if (F.getCallingConv() != CallingConv::AMDGPU_KERNEL || F.isDeclaration()) return PreservedAnalyses::all();
  MemorySSA *mssa = nullptr;
  bool changed = false;
  for (BasicBlock &B : F)
    for (Instruction &I : B) {
      auto *ld = dyn_cast<LoadInst>(&I);
      if (!ld || !ld->isSimple() || ld->getPointerAddressSpace() != 1 || ld->getMetadata("amdgpu.noclobber")) continue;
      if (!mssa) mssa = &AM.getResult<MemorySSAAnalysis>(F).getMSSA();
      MemoryAccess *clobber = mssa->getWalker()->getClobberingMemoryAccess(ld);
      if (!mssa->isLiveOnEntryDef(clobber)) continue;
      ld->setMetadata("amdgpu.noclobber", MDNode::get(F.getContext(), {}));
      changed = true;
    }
  /* metadata only: every analysis stays valid */
  (void)changed;
  return PreservedAnalyses::all();
}
