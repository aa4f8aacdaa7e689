// The in-process OpenCL C front end, libwavecc-clang.so (clang_frontend.h):
// what `clang-19 -emit-llvm -c`, `llvm-link-19 --only-needed --internalize`,
// `opt-19 -O2` and `llvm-nm-19 --undefined-only` did as child processes
// (opencl.c), done here with clang's and LLVM's libraries.
//
// Fidelity to those tools is the point (same code objects on the whole
// corpus), so each step follows the tool's own source (LLVM 19):
// - clang: the driver (clang/Driver) turns the command line into the cc1
//   job as clang-19 did, CompilerInvocation::CreateFromArgs parses that as
//   cc1_main does, and EmitLLVMOnlyAction stops where -emit-llvm-bc would
//   have written the module (-disable-llvm-passes: no pass ran on it).
// - llvm-link (tools/llvm-link/llvm-link.cpp, linkFiles): an empty module
//   named "llvm-link", the program linked in with no flags, then libclc
//   with Linker::LinkOnlyNeeded and internalizeModule on what came from
//   it. libclc is the subset of its pre-split form (libclc_split.h) that
//   the program reaches, or the whole file read lazily when there is no
//   usable split.
// - opt -O2 (tools/opt/NewPMDriver.cpp): `default<O2>` through
//   LLVMRunPasses with a target machine for the module's triple, no CPU,
//   no features, CodeGenOptLevel::Default (opt's defaults).
// - llvm-nm --undefined-only --demangle: declarations left in the module.
#include "driver/clang_frontend.h"
#include "driver/clang_pch.h"
#include "driver/libclc_split.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Tool.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/Internalize.h"

using namespace llvm;

namespace {

char *dup_string(const std::string &s) {
  char *p = static_cast<char *>(std::malloc(s.size() + 1));
  if (p) std::memcpy(p, s.c_str(), s.size() + 1);
  return p;
}

// Every file the preprocessor enters (clang -M without -MM: system
// headers too), as clang names them.
class AllDependencies : public clang::DependencyCollector {
  bool needSystemDependencies() override { return true; }
  // Not the precompiled default header (clang_pch.h): a cache file, not
  // something the program reads.
  bool sawDependency(StringRef file, bool from_module, bool is_system, bool is_module_file, bool is_missing) override {
    return !is_module_file &&
           clang::DependencyCollector::sawDependency(file, from_module, is_system, is_module_file, is_missing);
  }
};

std::string join_lines(ArrayRef<std::string> files) {
  std::string out;
  for (const std::string &f : files) out += f + "\n";
  return out;
}

// `files` one per line, without `input` and the files below the
// directory `resource` (compared resolved: clang names its resource
// directory through bin/..).
std::string other_files(ArrayRef<std::string> files, const std::string &input, const std::string &resource) {
  SmallString<256> root;
  if (sys::fs::real_path(resource, root)) root = resource;
  std::string out;
  for (const std::string &f : files) {
    SmallString<256> real;
    if (sys::fs::real_path(f, real)) real = f;
    StringRef r = real.str();
    if (f == input || (r.starts_with(root.str()) && r.size() > root.size() && r[root.size()] == '/')) continue;
    out += f + "\n";
  }
  return out;
}

// The cc1 invocation clang's driver builds from `argv` (as clang-19 run
// with it would), or null with the driver's messages in `msgs`.
// With `key`, also the cc1 arguments less -fdebug-prefix-map= (the one
// that names the user's file), for clang_pch.h.
std::shared_ptr<clang::CompilerInvocation> cc1_invocation(const char *const *argv, int argc, raw_ostream &msgs,
                                                          std::vector<std::string> *key = nullptr) {
  auto opts = makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  auto *printer = new clang::TextDiagnosticPrinter(msgs, &*opts);
  printer->setPrefix("clang"); // as clang-19 prefixes its driver's messages
  clang::DiagnosticsEngine diags(makeIntrusiveRefCnt<clang::DiagnosticIDs>(), &*opts, printer);
  clang::driver::Driver driver(argv[0], "amdgcn-amd-amdhsa", diags);
  driver.setCheckInputsExist(false); // the source is in memory
  std::vector<const char *> args(argv, argv + argc);
  std::unique_ptr<clang::driver::Compilation> comp(driver.BuildCompilation(args));
  if (!comp || diags.hasErrorOccurred()) return nullptr;
  const clang::driver::JobList &jobs = comp->getJobs();
  if (jobs.size() != 1 || !isa<clang::driver::Command>(*jobs.begin())) {
    msgs << "clang: error: expected one compile job from the driver\n";
    return nullptr;
  }
  const llvm::opt::ArgStringList &cc1 = cast<clang::driver::Command>(*jobs.begin()).getArguments();
  if (cc1.empty() || std::strcmp(cc1[0], "-cc1") != 0) {
    msgs << "clang: error: the driver's job is not a clang -cc1 job\n";
    return nullptr;
  }
  if (key)
    for (const char *a : cc1)
      if (std::strncmp(a, "-fdebug-prefix-map=", 19) != 0) key->push_back(a);
  auto inv = std::make_shared<clang::CompilerInvocation>();
  printer->setPrefix(""); // cc1's own messages carry none
  if (!clang::CompilerInvocation::CreateFromArgs(*inv, ArrayRef(cc1).drop_front(), diags, argv[0]) ||
      diags.hasErrorOccurred())
    return nullptr;
  inv->getDiagnosticOpts().ShowColors = false;
  // The driver passes -disable-free: a clang process exits after one file
  // and skips freeing the AST. A library compiles many (the ICD, the
  // runner's workers) and must free everything.
  inv->getFrontendOpts().DisableFree = false;
  inv->getCodeGenOpts().DisableFree = false;
  return inv;
}

// A CompilerInstance for `inv` reading `source` as the main input (never
// the file system) and printing diagnostics to `msgs`.
void setup_instance(clang::CompilerInstance &ci, std::shared_ptr<clang::CompilerInvocation> inv, const char *source,
                    size_t size, raw_ostream &msgs) {
  clang::FrontendOptions &fe = inv->getFrontendOpts();
  std::string path = fe.Inputs.empty() ? std::string("input.cl") : std::string(fe.Inputs[0].getFile());
  inv->getPreprocessorOpts().addRemappedFile(path,
                                             MemoryBuffer::getMemBufferCopy(StringRef(source, size), path).release());
  ci.setInvocation(std::move(inv));
  ci.createDiagnostics(new clang::TextDiagnosticPrinter(msgs, &ci.getDiagnosticOpts()), true);
  ci.setVerboseOutputStream(msgs); // "1 error generated." too
}

// LLVM's own messages while linking and optimising: errors are kept,
// warnings dropped (libclc's module says amdgcn-unknown-amdhsa, ours
// amdgcn-amd-amdhsa: the linker's "different target triples" warning is
// harmless, and opencl.c filtered it from llvm-link's output too).
void llvm_diagnostic(const DiagnosticInfo *info, void *context) {
  if (info->getSeverity() != DS_Error) return;
  std::string text;
  raw_string_ostream os(text);
  DiagnosticPrinterRawOStream printer(os);
  info->print(printer);
  *static_cast<std::string *>(context) += "error: " + text + "\n";
}

// libclc as a lazily read module: the subset of the split file `split`
// (made from `libclc`) that `program` reaches, else the whole file.
Expected<std::unique_ptr<Module>> read_libclc(LLVMContext &ctx, const Module &program, const char *libclc,
                                              const char *split, std::string &msgs) {
  size_t mark = msgs.size();
  if (std::unique_ptr<Module> subset = libclc_split_subset(ctx, program, split, libclc)) return subset;
  msgs.resize(mark); // what the linker said about an unusable split
  auto buffer = MemoryBuffer::getFile(libclc);
  if (!buffer) return createStringError(buffer.getError(), "cannot read it: %s", buffer.getError().message().c_str());
  return getOwningLazyBitcodeModule(std::move(*buffer), ctx, /*ShouldLazyLoadMetadata=*/true);
}

// With WAVECC_LIBCLC_PROGRAM_TARGET=1, gives the always-inlined functions
// `m` got from libclc the program's "target-cpu" and "target-features"
// (those of its first defined function that has them), as clang does for
// bitcode linked with -mlink-builtin-bitcode (ROCm's device libraries).
// Why: libclc is built for no CPU, and a second set of function
// attributes costs `-O2` a second GCNSubtarget (its TargetTransformInfo
// builds one per CPU and feature string: ~0.5-0.8 ms, 6-8 % of a small
// file's whole --no-cache run). Off by default: the passes before
// always-inline then see the program's CPU, which changed the code of
// f_half_vload_vstore.cl at gfx90a and gfx942 (full-rate FP64: another
// TTI cost for libclc's double rounding); all 196 .cl files of
// tests/kernels, bench/kernels, bench/real were identical at gfx900,
// gfx1030 and gfx1100 (2026-11-29). Rechecked 2026-11-30 (issue 28): the
// changed code is worse, f_half_vload_vstore.cl's k_vstore_double executes
// 2968 wave-instructions with it against 2943 at gfx90a (~4065 cycles
// against ~4050), 2946 against 2918 at gfx942, so it stays opt-in; turning
// it on only where the corpus happened to be identical would be a rule
// learnt from 196 files, not a fact about the GPUs. Functions that can
// stay in the module (not alwaysinline) keep libclc's attributes.
void give_program_target(Module &m, const std::string &cpu, const std::string &features) {
  const char *on = std::getenv("WAVECC_LIBCLC_PROGRAM_TARGET");
  if (cpu.empty() || !on || std::strcmp(on, "1") != 0) return;
  for (Function &f : m) {
    if (f.isDeclaration() || !f.hasLocalLinkage() || !f.hasFnAttribute(Attribute::AlwaysInline) ||
        f.hasFnAttribute("target-cpu") || f.hasFnAttribute("target-features"))
      continue;
    f.addFnAttr("target-cpu", cpu);
    if (!features.empty()) f.addFnAttr("target-features", features);
  }
}

// llvm-link --only-needed --internalize PROGRAM LIBCLC, in memory.
std::unique_ptr<Module> link_libclc(LLVMContext &ctx, std::unique_ptr<Module> program, const char *libclc,
                                    const char *split, std::string &msgs) {
  std::string cpu, features;
  for (const Function &f : *program)
    if (!f.isDeclaration() && f.hasFnAttribute("target-cpu")) {
      cpu = f.getFnAttribute("target-cpu").getValueAsString().str();
      features = f.getFnAttribute("target-features").getValueAsString().str();
      break;
    }
  Expected<std::unique_ptr<Module>> lib = read_libclc(ctx, *program, libclc, split, msgs);
  if (!lib) {
    msgs += std::string("error: ") + libclc + ": " + toString(lib.takeError()) + "\n";
    return nullptr;
  }
  auto composite = std::make_unique<Module>("llvm-link", ctx);
  Linker linker(*composite);
  if (linker.linkInModule(std::move(program), 0)) return nullptr;
  if (linker.linkInModule(std::move(*lib), Linker::Flags::LinkOnlyNeeded, [](Module &m, const StringSet<> &gvs) {
        internalizeModule(m, [&gvs](const GlobalValue &gv) { return !gv.hasName() || gvs.count(gv.getName()) == 0; });
      }))
    return nullptr;
  give_program_target(*composite, cpu, features);
  return composite;
}

// opt -O2 on `m`: 0, or -1 with the reason in `msgs`.
int optimise(Module &m, std::string &msgs) {
  LLVMModuleRef mod = wrap(&m);
  char *err = nullptr;
  LLVMTargetRef target;
  const char *triple = m.getTargetTriple().c_str();
  if (LLVMGetTargetFromTriple(triple, &target, &err)) {
    msgs += std::string("error: ") + (err ? err : "no target for the triple") + "\n";
    LLVMDisposeMessage(err);
    return -1;
  }
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault,
                                                    LLVMCodeModelDefault);
  LLVMPassBuilderOptionsRef options = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(mod, "default<O2>", tm, options);
  LLVMDisposePassBuilderOptions(options);
  LLVMDisposeTargetMachine(tm);
  if (e) {
    char *text = LLVMGetErrorMessage(e);
    msgs += std::string("error: ") + text + "\n";
    LLVMDisposeErrorMessage(text);
    return -1;
  }
  return 0;
}

// llvm-nm --undefined-only --demangle: one error per declaration left.
int check_undefined(const Module &m, const std::string &name, std::string &msgs) {
  int bad = 0;
  for (const GlobalValue &gv : m.global_values()) {
    if (!gv.isDeclaration() || gv.getName().starts_with("llvm.")) continue;
    msgs += name + ": error: undefined function '" + demangle(gv.getName()) +
            "' (not defined in the program or in libclc)\n";
    bad = 1;
  }
  return bad ? -1 : 0;
}

} // namespace

extern "C" int wavecc_clang_frontend_api(void) { return WAVECC_CLANG_FRONTEND_API; }

extern "C" void wavecc_clang_frontend_init(void) {
  // Registering a target writes LLVM's target registry: once per process
  // (the ICD may build programs from several threads).
  static std::once_flag registered;
  std::call_once(registered, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
  });
}

namespace {

// Compiles, links libclc, optimises and checks (wavecc_clang_compile):
// the module in *ctx (the caller owns both), or null; messages in `text`.
std::unique_ptr<Module> compile_module(const char *const *argv, int argc, const char *source, size_t size,
                                       const char *libclc, const char *split, std::unique_ptr<LLVMContext> &ctx,
                                       std::string &text, char **deps) {
  raw_string_ostream msgs(text);
  std::vector<std::string> key;
  auto inv = cc1_invocation(argv, argc, msgs, &key);
  if (!inv) return nullptr;
  // The default header from its PCH when there is one (clang_pch.h); a
  // compile that fails with it runs again without, for clang's own
  // messages (and in case the PCH itself was refused).
  std::shared_ptr<clang::CompilerInvocation> plain;
  std::string pch = wavecc_default_header_pch(*inv, key);
  if (!pch.empty()) {
    plain = std::make_shared<clang::CompilerInvocation>(*inv);
    inv->getPreprocessorOpts().ImplicitPCHInclude = pch;
  }
  std::string input =
      inv->getFrontendOpts().Inputs.empty() ? "input.cl" : inv->getFrontendOpts().Inputs[0].getFile().str();
  std::string resource = inv->getHeaderSearchOpts().ResourceDir;
  std::string llvm_msgs;
  // One front-end run in a fresh context: the module or null; *deps set
  // when SET_DEPS (the files the compile read besides its input).
  auto run = [&](std::shared_ptr<clang::CompilerInvocation> invocation, bool set_deps) {
    ctx = std::make_unique<LLVMContext>();
    ctx->setDiagnosticHandlerCallBack(llvm_diagnostic, &llvm_msgs);
    clang::CompilerInstance ci;
    setup_instance(ci, std::move(invocation), source, size, msgs);
    auto collector = std::make_shared<AllDependencies>();
    ci.addDependencyCollector(collector);
    clang::EmitLLVMOnlyAction action(ctx.get());
    std::unique_ptr<Module> mod = ci.ExecuteAction(action) ? action.takeModule() : nullptr;
    if (mod || set_deps) *deps = dup_string(other_files(collector->getDependencies(), input, resource));
    return mod;
  };
  std::unique_ptr<Module> m = run(std::move(inv), !plain);
  if (!m && plain) {
    msgs.flush();
    text.clear();
    llvm_msgs.clear();
    m = run(std::move(plain), true);
    if (m) sys::fs::remove(pch); // it was the PCH that failed: the next compile builds it again
  }
  if (m) m = link_libclc(*ctx, std::move(m), libclc, split, llvm_msgs);
  if (const char *dump = std::getenv("WAVECC_PRINT_LINKED"); m && dump && *dump) {
    // The module `-O2` gets (libclc linked), as LLVM IR text: for tests
    // and for comparing with `llvm-link-19 --only-needed --internalize`.
    std::error_code ec;
    raw_fd_ostream os(dump, ec);
    if (!ec) m->print(os, nullptr);
  }
  if (m && (optimise(*m, llvm_msgs) != 0 || check_undefined(*m, input, llvm_msgs) != 0)) m = nullptr;
  ctx->setDiagnosticHandlerCallBack(nullptr, nullptr); // llvm_msgs dies here
  msgs << llvm_msgs;
  msgs.flush();
  return m;
}

} // namespace

extern "C" int wavecc_clang_compile(const char *const *argv, int argc, const char *source, size_t size,
                                    const char *libclc, const char *split, void **bc, size_t *bc_size, char **diag, char **deps) {
  *bc = nullptr;
  *bc_size = 0;
  *diag = nullptr;
  *deps = nullptr;
  wavecc_clang_frontend_init();
  std::string text;
  int status = -1;
  {
    std::unique_ptr<LLVMContext> ctx;
    std::unique_ptr<Module> m = compile_module(argv, argc, source, size, libclc, split, ctx, text, deps);
    if (m) {
      SmallVector<char, 0> out;
      raw_svector_ostream os(out);
      WriteBitcodeToFile(*m, os, /*ShouldPreserveUseListOrder=*/true);
      *bc = std::malloc(out.size());
      if (*bc) {
        std::memcpy(*bc, out.data(), out.size());
        *bc_size = out.size();
        status = 0;
      }
    }
  }
  if (!text.empty()) *diag = dup_string(text);
  return status;
}

extern "C" int wavecc_clang_compile_module(const char *const *argv, int argc, const char *source, size_t size,
                                           const char *libclc, const char *split, void **ctx_out, void **mod_out,
                                           char **diag, char **deps) {
  *ctx_out = nullptr;
  *mod_out = nullptr;
  *diag = nullptr;
  *deps = nullptr;
  wavecc_clang_frontend_init();
  std::string text;
  std::unique_ptr<LLVMContext> ctx;
  std::unique_ptr<Module> m = compile_module(argv, argc, source, size, libclc, split, ctx, text, deps);
  if (!text.empty()) *diag = dup_string(text);
  if (!m) return -1;
  // What the bitcode round trip of wavecc_clang_compile would have left
  // different: constant expressions the passes made and dropped still
  // hang off the globals' use lists (the bitcode holds only live ones),
  // and clang's code generator told the context to discard the names of
  // local values (a fresh context, as the bitcode reader's, keeps them).
  for (GlobalValue &gv : m->global_values()) gv.removeDeadConstantUsers();
  ctx->setDiscardValueNames(false);
  *mod_out = wrap(m.release());
  *ctx_out = wrap(ctx.release());
  return 0;
}

extern "C" int wavecc_clang_includes(const char *const *argv, int argc, const char *source, size_t size, char **deps,
                                     char **resource_dir, char **diag) {
  *deps = nullptr;
  *resource_dir = nullptr;
  *diag = nullptr;
  std::string text;
  raw_string_ostream msgs(text);
  int status = -1;
  if (auto inv = cc1_invocation(argv, argc, msgs)) {
    *resource_dir = dup_string(inv->getHeaderSearchOpts().ResourceDir);
    clang::CompilerInstance ci;
    setup_instance(ci, std::move(inv), source, size, msgs);
    auto collector = std::make_shared<AllDependencies>();
    ci.addDependencyCollector(collector);
    clang::PreprocessOnlyAction action;
    status = ci.ExecuteAction(action) ? 0 : 1;
    *deps = dup_string(join_lines(collector->getDependencies()));
  }
  msgs.flush();
  if (!text.empty()) *diag = dup_string(text);
  return status;
}

extern "C" int wavecc_clang_split_libclc(const char *libclc, const char *out, char **diag) {
  *diag = nullptr;
  std::string msgs;
  int status = libclc_split_write(libclc, out, msgs);
  if (!msgs.empty()) *diag = dup_string(msgs);
  return status;
}

#ifdef WAVECC_STATIC_FRONTEND
// clang's CodeGen registers the statically linked LLVM extensions of its
// build (Debian's Extension.def names Polly) in every pass pipeline it
// builds. Debian ships Polly only as a plugin (LLVMPolly.so), not as the
// static library the linked-in front end would need, and wavecc never
// runs Polly: an extension that registers nothing.
#include "llvm/Passes/PassPlugin.h"
llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly", "none", [](llvm::PassBuilder &) {}};
}
#endif
