// The synchronisation scope of an IR atomic (sync_scope.h): LLVM 19's C
// API has only LLVMIsAtomicSingleThread, the AMDGPU scopes are named
// scopes ("agent", "workgroup", "wavefront" and their "-one-as" forms).
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"

#include "llvm/sync_scope.h"

using namespace llvm;

extern "C" wir_scope wir_sync_scope(LLVMValueRef v) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(v));
  if (!I) return WIR_SCOPE_SYSTEM;
  std::optional<SyncScope::ID> id = getAtomicSyncScopeID(I);
  if (!id) return WIR_SCOPE_SYSTEM;
  if (*id == SyncScope::SingleThread) return WIR_SCOPE_WAVEFRONT;
  if (*id == SyncScope::System) return WIR_SCOPE_SYSTEM;
  SmallVector<StringRef, 8> names;
  I->getContext().getSyncScopeNames(names);
  if (*id >= names.size()) return WIR_SCOPE_SYSTEM;
  StringRef n = names[*id];
  n.consume_back("-one-as");
  if (n == "agent") return WIR_SCOPE_AGENT;
  if (n == "workgroup") return WIR_SCOPE_WORKGROUP;
  if (n == "wavefront" || n == "singlethread") return WIR_SCOPE_WAVEFRONT;
  return WIR_SCOPE_SYSTEM;
}

extern "C" bool wir_sync_scope_one_as(LLVMValueRef v) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(v));
  if (!I) return false;
  std::optional<SyncScope::ID> id = getAtomicSyncScopeID(I);
  if (!id || *id == SyncScope::SingleThread || *id == SyncScope::System) return false;
  SmallVector<StringRef, 8> names;
  I->getContext().getSyncScopeNames(names);
  return *id < names.size() && names[*id].ends_with("one-as");
}
