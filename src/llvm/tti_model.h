// C++ only: the TargetTransformInfo analysis of tti_model.cpp.
#ifndef WAVECC_LLVM_TTI_MODEL_H
#define WAVECC_LLVM_TTI_MODEL_H

#include "llvm/Analysis/TargetTransformInfo.h"

#include "llvm/pass_pipeline.h"

// The TTI answering LLVM's pre-selection passes from `f` (copied).
llvm::TargetIRAnalysis wir_tti_analysis(const wir_tti_facts *f);

#endif
