// wavecc's TargetTransformInfo for LLVM's pre-selection IR passes (loop
// strength reduction, SeparateConstOffsetFromGEP, straight-line strength
// reduction, n-ary reassociation, the load-store vectoriser).
//
// Why not LLVM's own: its AMDGPU TTI (GCNTTIImpl) comes with the AMDGPU
// code generator (libLLVMAMDGPUCodeGen and the CodeGen, SelectionDAG and
// GlobalISel libraries under it, ~50 MB of archives and their static
// constructors), which wavecc does not link (issue 12: start-up time and
// memory, DESIGN.md "Link LLVM statically"). The passes ask only a few
// questions; this model answers the ones they ask the way LLVM 19's
// GCNTTIImpl / SITargetLowering answer them for the processor, from wavecc's
// target description (wir_tti_facts, llc_passes.c). Everything else keeps
// LLVM's target-independent defaults.
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/TargetTransformInfoImpl.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"

#include "llvm/pass_pipeline.h"
#include "llvm/tti_model.h"

using namespace llvm;

namespace {

// AMDGPUAS (AMDGPUUsage "Address Spaces").
enum : unsigned {
  AS_FLAT = 0, AS_GLOBAL = 1, AS_REGION = 2, AS_LOCAL = 3, AS_CONSTANT = 4,
  AS_PRIVATE = 5, AS_CONSTANT32 = 6, AS_BUFFER_FAT = 7, AS_BUFFER_RSRC = 8
};

class WaveccTTI : public TargetTransformInfoImplCRTPBase<WaveccTTI> {
  using BaseT = TargetTransformInfoImplCRTPBase<WaveccTTI>;
  wir_tti_facts F;

  static bool in(int64_t v, int64_t lo, int64_t hi) { return v >= lo && v <= hi; }

  // SITargetLowering::isLegalFlatAddressingMode: base register plus an
  // immediate the FLAT/GLOBAL/SCRATCH offset field holds, no index.
  static bool flat_mode(int64_t off, int64_t scale, int64_t lo, int64_t hi) {
    return scale == 0 && in(off, lo, hi);
  }
  // isLegalMUBUFAddressingMode: 12-bit unsigned offset; r + r as vaddr +
  // soffset.
  bool mubuf_mode(int64_t off, bool base, int64_t scale) const {
    if (!in(off, 0, 4095)) return false;
    if (scale == 0 || scale == 1) return true;
    return scale == 2 && !base;
  }

public:
  WaveccTTI(const DataLayout &DL, const wir_tti_facts &f) : BaseT(DL), F(f) {}

  bool hasBranchDivergence(const Function * = nullptr) const { return true; }
  unsigned getFlatAddressSpace() const { return AS_FLAT; }

  // GCNTTIImpl::getNumberOfRegisters: "the number of registers to fill
  // when vectorizing / interleaving loops, so we lie": 4 for both kinds.
  unsigned getNumberOfRegisters(unsigned) const { return 4; }
  TypeSize getRegisterBitWidth(TargetTransformInfo::RegisterKind K) const {
    return TypeSize::getFixed(K == TargetTransformInfo::RGK_Scalar ? 32 : 32);
  }

  // TargetLoweringBase defaults (SITargetLowering does not override them):
  // a VALU/SALU add or compare takes any 32-bit literal.
  bool isLegalAddImmediate(int64_t Imm) const { return Imm >= INT32_MIN && Imm <= INT32_MAX; }
  bool isLegalICmpImmediate(int64_t Imm) const { return Imm >= INT32_MIN && Imm <= INT32_MAX; }
  // SITargetLowering: truncating to a multiple of 32 bits takes the low
  // register(s); zext i32 -> i64 writes a zero high half.
  bool isTruncateFree(Type *Ty1, Type *Ty2) const {
    if (!Ty1->isIntegerTy() || !Ty2->isIntegerTy()) return false;
    unsigned a = Ty1->getPrimitiveSizeInBits(), b = Ty2->getPrimitiveSizeInBits();
    return b < a && b % 32 == 0;
  }
  bool isZExtFree(Type *Ty1, Type *Ty2) const {
    return Ty1->isIntegerTy(32) && Ty2->isIntegerTy(64);
  }

  // SITargetLowering::isLegalAddressingMode (LLVM 19), per address space.
  bool isLegalAddressingMode(Type *Ty, GlobalValue *BaseGV, int64_t Off, bool HasBase, int64_t Scale,
                             unsigned AS, Instruction * = nullptr, int64_t ScalableOffset = 0) const {
    if (BaseGV || ScalableOffset) return false;
    switch (AS) {
    case AS_GLOBAL:
      return flat_mode(Off, Scale, F.global_lo, F.global_hi);
    case AS_CONSTANT:
    case AS_CONSTANT32:
      // Not a multiple of 4, or narrower than a dword: a VMEM load.
      if (Off % 4 != 0 || (Ty && Ty->isSized() && DL.getTypeStoreSize(Ty) < 4))
        return flat_mode(Off, Scale, F.global_lo, F.global_hi);
      if (!in(Off, F.smem_lo, F.smem_hi)) return false;
      return Scale == 0 || (Scale == 1 && HasBase);
    case AS_LOCAL:
    case AS_REGION:
      if (!in(Off, F.lds_lo, F.lds_hi)) return false;
      return Scale == 0 || (Scale == 1 && !HasBase);
    case AS_PRIVATE:
      return F.private_mubuf ? mubuf_mode(Off, HasBase, Scale) : flat_mode(Off, Scale, F.private_lo, F.private_hi);
    case AS_BUFFER_FAT:
    case AS_BUFFER_RSRC:
      return mubuf_mode(Off, HasBase, Scale);
    default:
      return flat_mode(Off, Scale, F.flat_lo, F.flat_hi);
    }
  }
  InstructionCost getScalingFactorCost(Type *Ty, GlobalValue *BaseGV, StackOffset BaseOffset, bool HasBaseReg,
                                       int64_t Scale, unsigned AddrSpace) const {
    if (isLegalAddressingMode(Ty, BaseGV, BaseOffset.getFixed(), HasBaseReg, Scale, AddrSpace))
      return 0;
    return -1;
  }

  // GCNTTIImpl::getLoadStoreVecRegBitWidth / isLegalToVectorizeMemChain.
  unsigned getLoadStoreVecRegBitWidth(unsigned AS) const {
    switch (AS) {
    case AS_GLOBAL: case AS_CONSTANT: case AS_CONSTANT32: case AS_BUFFER_FAT: return F.global_vec_bits;
    case AS_LOCAL: case AS_REGION: return F.lds_vec_bits;
    case AS_PRIVATE: return F.private_vec_bits;
    default: return F.flat_vec_bits;
    }
  }
  // Power-of-two sizes only (llc legalises a <9 x float> load into x8 + x1;
  // wavecc's scalar-load selection would round it up to s_load_dwordx16 and
  // read past the object, found on bench/kernels/conv2d_5x5.cl).
  bool isLegalToVectorizeLoadChain(unsigned Bytes, Align A, unsigned AS) const {
    if (Bytes & (Bytes - 1)) return false;
    return AS != AS_PRIVATE || (A >= Align(4) && Bytes * 8 <= F.private_vec_bits);
  }
  bool isLegalToVectorizeStoreChain(unsigned Bytes, Align A, unsigned AS) const {
    return isLegalToVectorizeLoadChain(Bytes, A, AS);
  }
  // SITargetLowering::allowsMisalignedMemoryAccessesImpl, kept to what
  // wavecc selects: dword-aligned accesses anywhere; LDS b64 as read2_b32
  // at 4-byte alignment, b96/b128 as read2_b64 at 8.
  bool allowsMisalignedMemoryAccesses(LLVMContext &, unsigned Bits, unsigned AS, Align A,
                                      unsigned *Fast) const {
    // Global and constant memory with unaligned buffer access (every GFX9+
    // processor under HSA): any alignment works; "fast" (what the
    // vectoriser compares with the elements' answer) when the access is
    // not 2-byte aligned, as the hardware splits by 1 or 4 bytes, and for
    // constant memory only dword-aligned (else a VMEM load instead of
    // s_load). As llc-19 answers (checked with opt-19 -mtriple=amdgcn
    // -passes=load-store-vectorizer): two i16 stores at align 2 become one
    // <2 x i16> store (tests/kernels/f_subdword_memory.cl).
    if (F.unaligned_global && (AS == AS_GLOBAL || AS == AS_CONSTANT || AS == AS_CONSTANT32)) {
      if (Fast) *Fast = AS == AS_GLOBAL ? A != Align(2) : A >= Align(4);
      return true;
    }
    Align need(4);
    if ((AS == AS_LOCAL || AS == AS_REGION) && Bits > 64) need = Align(8);
    if (AS == AS_PRIVATE && Bits > F.private_vec_bits) return false; /* 32, or 128 with flat scratch */
    bool ok = A >= need;
    if (Fast) *Fast = ok ? 1 : 0;
    return ok;
  }
};

}  // namespace

TargetIRAnalysis wir_tti_analysis(const wir_tti_facts *f) {
  wir_tti_facts facts = *f;
  return TargetIRAnalysis([facts](const Function &Fn) {
    return TargetTransformInfo(WaveccTTI(Fn.getParent()->getDataLayout(), facts));
  });
}
