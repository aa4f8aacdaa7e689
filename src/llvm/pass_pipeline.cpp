// LLVM IR pass pipelines without the PassBuilder (C++, because the LLVM-C
// API only offers LLVMRunPasses, which parses pipelines through it).
//
// Why: the PassBuilder references every pass LLVM has, so linking it
// brings some 24 MB of LLVM code and its static constructors into wavecc;
// at process start those constructors touch pages all over that code. A
// compiler that links only the passes it runs starts in a fraction of the
// time and memory (issue 12, bench/README.md: peak memory 21 MB -> 5 MB
// for a program that only parses and verifies, 22 MB with LLVMRunPasses).
//
// What: the pipeline strings wavecc uses (src/llvm/import.c,
// ir_passes.c), in the PassBuilder's textual syntax: module passes
// separated by commas, `function(...)` wrapping function passes. The
// passes and analyses are constructed the way PassBuilder::parsePassPipeline
// and LLVMRunPasses (LLVM 19, llvm/lib/Passes) construct them for these
// names: default options, no target machine, the default alias analysis
// pipeline (BasicAA, ScopedNoAliasAA, TypeBasedAA, GlobalsAA when cached),
// so the IR that comes out is the same. An unknown pass name is an error.
// llc-19's pre-selection passes (loop-reduce, slsr, ...) run with wavecc's
// TargetTransformInfo (tti_model.cpp) when the caller gives target facts.
#include <cstring>
#include <string>

#include "llvm-c/Core.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/GlobalsModRef.h"
#include "llvm/Analysis/LazyValueInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/Analysis/ScopedNoAliasAA.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/TypeBasedAliasAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Analysis/IVUsers.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopStrengthReduce.h"
#include "llvm/Transforms/Scalar/NaryReassociate.h"
#include "llvm/Transforms/Scalar/SeparateConstOffsetFromGEP.h"
#include "llvm/Transforms/Scalar/StraightLineStrengthReduce.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/LowerSwitch.h"
#include "llvm/Transforms/Utils/UnifyFunctionExitNodes.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"

#include "llvm/Transforms/Utils/LCSSA.h"

#include "llvm/atomic_optimizer.h"
#include "llvm/break_crit_edges.h"
#include "llvm/bypass_slow_division.h"
#include "llvm/check_div.h"
#include "llvm/expand_frem.h"
#include "llvm/loop_exit_copies.h"
#include "llvm/loop_reduce_memory.h"
#include "llvm/merge_split_edges.h"
#include "llvm/duplicate_join_tails.h"
#include "llvm/join_flags.h"
#include "llvm/fold_single_phis.h"
#include "llvm/fold_negations.h"
#include "llvm/forward_private_stores.h"
#include "llvm/annotate_noclobber.h"
#include "llvm/narrow_sext_in_reg.h"
#include "llvm/hoist_sibling_exprs.h"
#include "llvm/pass_pipeline.h"
#include "llvm/promote_private_arrays.h"
#include "llvm/tti_model.h"
#include "llvm/unroll_load_loops.h"

using namespace llvm;

namespace {

// The function analyses the passes below request (directly or through
// each other), and the module ones; PassBuilder registers these among many.
void register_analyses(FunctionAnalysisManager &FAM, ModuleAnalysisManager &MAM, LoopAnalysisManager &LAM,
                       const wir_tti_facts *tti) {
  FAM.registerPass([] { return PassInstrumentationAnalysis(); });
  FAM.registerPass([] {
    AAManager AA;
    AA.registerFunctionAnalysis<BasicAA>();
    AA.registerFunctionAnalysis<ScopedNoAliasAA>();
    AA.registerFunctionAnalysis<TypeBasedAA>();
    AA.registerModuleAnalysis<GlobalsAA>();
    return AA;
  });
  FAM.registerPass([] { return AssumptionAnalysis(); });
  FAM.registerPass([] { return BasicAA(); });
  FAM.registerPass([] { return BlockFrequencyAnalysis(); });
  FAM.registerPass([] { return BranchProbabilityAnalysis(); });
  FAM.registerPass([] { return DominatorTreeAnalysis(); });
  FAM.registerPass([] { return LazyValueAnalysis(); });
  FAM.registerPass([] { return LoopAnalysis(); });
  FAM.registerPass([] { return MemorySSAAnalysis(); });
  FAM.registerPass([] { return OptimizationRemarkEmitterAnalysis(); });
  FAM.registerPass([] { return PostDominatorTreeAnalysis(); });
  FAM.registerPass([] { return ScopedNoAliasAA(); });
  if (tti) FAM.registerPass([tti] { return wir_tti_analysis(tti); });
  else FAM.registerPass([] { return TargetIRAnalysis(); });
  FAM.registerPass([] { return ScalarEvolutionAnalysis(); });
  FAM.registerPass([&] { return LoopAnalysisManagerFunctionProxy(LAM); });
  LAM.registerPass([] { return PassInstrumentationAnalysis(); });
  LAM.registerPass([] { return IVUsersAnalysis(); });
  LAM.registerPass([&] { return FunctionAnalysisManagerLoopProxy(FAM); });
  FAM.registerPass([] { return TargetLibraryAnalysis(); });
  FAM.registerPass([] { return TypeBasedAA(); });
  MAM.registerPass([] { return PassInstrumentationAnalysis(); });
  MAM.registerPass([] { return ProfileSummaryAnalysis(); });
  MAM.registerPass([] { return GlobalsAA(); });
  MAM.registerPass([&] { return FunctionAnalysisManagerModuleProxy(FAM); });
  FAM.registerPass([&] { return ModuleAnalysisManagerFunctionProxy(MAM); });
}

bool add_cleanup_pass(FunctionPassManager &FPM, const std::string &name);

// llc-19's pre-selection IR passes (AMDGPUPassConfig::addIRPasses,
// addStraightLineScalarOptimizationPasses, addCodeGenPrepare; `llc-19
// -debug-pass=Structure` lists them), constructed as llc constructs them.
bool add_function_pass(FunctionPassManager &FPM, const std::string &name, const wir_tti_facts *tti) {
  if (name == "separate-const-offset-from-gep") FPM.addPass(SeparateConstOffsetFromGEPPass(false));
  else if (name == "slsr") FPM.addPass(StraightLineStrengthReducePass());
  else if (name == "nary-reassociate") FPM.addPass(NaryReassociatePass());
  else if (name == "loop-reduce") FPM.addPass(createFunctionToLoopPassAdaptor(LoopStrengthReducePass()));
  else if (name == "loop-reduce-memory") FPM.addPass(createFunctionToLoopPassAdaptor(WirLoopReduceMemoryPass()));
  else if (name == "unroll-load-loops") FPM.addPass(WirUnrollLoadLoopsPass());
  else if (name == "infer-address-spaces") FPM.addPass(InferAddressSpacesPass());
  else if (name == "load-store-vectorizer") FPM.addPass(LoadStoreVectorizerPass());
  else if (name == "annotate-noclobber") FPM.addPass(WirAnnotateNoclobberPass());
  else if (name == "lcssa") FPM.addPass(LCSSAPass());
  else if (name == "loop-exit-copies") FPM.addPass(WirLoopExitCopiesPass());
  else if (name == "merge-split-edges") FPM.addPass(WirMergeSplitEdgesPass());
  else if (name == "fold-single-phis") FPM.addPass(WirFoldSinglePhisPass());
  else if (name == "narrow-sext-in-reg") FPM.addPass(WirNarrowSextInRegPass());
  else if (name == "fold-negations") FPM.addPass(WirFoldNegationsPass());
  else if (name == "hoist-sibling-exprs") FPM.addPass(WirHoistSiblingExprsPass());
  else if (name == "duplicate-join-tails") FPM.addPass(WirDuplicateJoinTailsPass());
  else if (name == "join-flags") FPM.addPass(WirJoinFlagsPass());
  else if (name == "expand-frem") FPM.addPass(WirExpandFremPass()); /* ir_passes.c */
  else if (name == "promote-private-arrays") FPM.addPass(WirPromotePrivateArraysPass(tti ? tti->target : nullptr));
  else if (name == "atomic-optimizer") FPM.addPass(WirAtomicOptimizerPass(tti ? tti->wave_size : 64, tti ? tti->target : nullptr));
  else if (name == "bypass-slow-division")
    FPM.addPass(WirBypassSlowDivisionPass(tti ? tti->bypass_div_bits : 0, tti ? tti->bypass_div_to : 0));
  else return add_cleanup_pass(FPM, name);
  return true;
}

bool add_cleanup_pass(FunctionPassManager &FPM, const std::string &name) {
  if (name == "sroa") FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  else if (name == "early-cse") FPM.addPass(EarlyCSEPass(false));
  else if (name == "forward-private-stores") FPM.addPass(WirForwardPrivateStoresPass());
  else if (name == "instcombine<no-verify-fixpoint>") FPM.addPass(InstCombinePass(InstCombineOptions().setVerifyFixpoint(false)));
  else if (name == "simplifycfg") FPM.addPass(SimplifyCFGPass(SimplifyCFGOptions()));
  else if (name == "lower-switch") FPM.addPass(LowerSwitchPass());
  else if (name == "break-crit-edges") FPM.addPass(WirBreakCritEdgesPass()); /* LLVM's blocks, cheaper */
  else if (name == "mergereturn") FPM.addPass(UnifyFunctionExitNodesPass());
  else if (name == "wavecc-check-div") FPM.addPass(WirCheckDivPass()); /* -fcheck-div (import.c) */
  else return false;
  return true;
}

// Splits `s` at top-level commas (not inside parentheses).
std::vector<std::string> split_top(const std::string &s) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); i++) {
    if (i == s.size() || (s[i] == ',' && depth == 0)) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    } else if (s[i] == '(') depth++;
    else if (s[i] == ')') depth--;
  }
  return out;
}

}  // namespace

extern "C" int wir_run_pipeline(LLVMModuleRef mod, const char *passes, const wir_tti_facts *tti, char *err,
                                size_t errlen) {
  Module &M = *unwrap(mod);
  ModulePassManager MPM;
  for (const std::string &p : split_top(passes)) {
    if (p == "always-inline") {
      MPM.addPass(AlwaysInlinerPass());
    } else if (p.compare(0, 9, "function(") == 0 && p.size() > 10 && p.back() == ')') {
      FunctionPassManager FPM;
      for (const std::string &f : split_top(p.substr(9, p.size() - 10)))
        if (!add_function_pass(FPM, f, tti)) {
          snprintf(err, errlen, "unknown function pass '%s'", f.c_str());
          return -1;
        }
      MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
    } else {
      snprintf(err, errlen, "unknown pass '%s'", p.c_str());
      return -1;
    }
  }
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  ModuleAnalysisManager MAM;
  register_analyses(FAM, MAM, LAM, tti);
  MPM.run(M, MAM);
  return 0;
}
