/* The GPU a module is compiled for: -mcpu and -mattr, and the functions'
 * "target-cpu" / "target-features" attributes, honoured as llc-19 honours
 * them where one code object can (LLVM's AMDGPU subtarget comes from a
 * function's attributes, the code object's processor from -mcpu). */
#include <stdio.h>
#include <string.h>

#include "driver/pipeline.h"
#include "target/target.h"

/* fn's string attribute `name` (NUL-terminated copy in buf), or NULL. */
static const char *fn_attr(LLVMValueRef fn, const char *name, char *buf, size_t n) {
  LLVMAttributeRef at = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, name, (unsigned)strlen(name));
  if (!at) return NULL;
  unsigned len = 0;
  const char *v = LLVMGetStringAttributeValue(at, &len);
  if (len >= n) len = (unsigned)n - 1;
  memcpy(buf, v, len);
  buf[len] = 0;
  return buf;
}

/* The wave size a "target-features" string asks for (the last of
 * +/-wavefrontsize32/64 wins, as in LLVM's feature parsing); 0: none.
 * The other features clang writes (+dpp, +gfx10-insts, ...) follow from
 * the processor and are not wavecc's to check. */
static unsigned features_wave(const char *f) {
  unsigned w = 0;
  for (const char *s = f; s && *s;) {
    const char *comma = strchr(s, ',');
    size_t len = comma ? (size_t)(comma - s) : strlen(s);
    if (len == 16 && !strncmp(s + 1, "wavefrontsize32", 15)) w = s[0] == '+' ? 32 : 64;
    if (len == 16 && !strncmp(s + 1, "wavefrontsize64", 15)) w = s[0] == '+' ? 64 : 32;
    s = comma ? comma + 1 : NULL;
  }
  return w;
}

int driver_remove_incompatible(LLVMModuleRef mod, void *ctx, diag *d) {
  const wavecc_options *o = ctx;
  char buf[4096], cpu_buf[256];
  if (!o->mcpu) return 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod), next; f; f = next) {
    next = LLVMGetNextFunction(f);
    if (LLVMIsDeclaration(f) || features_wave(fn_attr(f, "target-features", buf, sizeof buf)) != 32) continue;
    /* llc-19 compiles each function for its own "target-cpu" (the
     * subtarget); the wave32 check is on that processor's generation */
    const char *cpu = fn_attr(f, "target-cpu", cpu_buf, sizeof cpu_buf);
    unsigned gen = wavecc_processor_generation(cpu ? cpu : o->mcpu);
    if (!gen || gen >= 10) continue;
    size_t nl;
    const char *fname = LLVMGetValueName2(f, &nl);
    snprintf(buf, sizeof buf, "%.*s", (int)nl, fname);
    diag_warning(d, buf, "removing the function: +wavefrontsize32 is not supported on %s (as llc-19 does)",
                 cpu ? cpu : o->mcpu);
    LLVMReplaceAllUsesWith(f, LLVMConstNull(LLVMTypeOf(f)));
    LLVMDeleteFunction(f);
  }
  return 0;
}

const wavecc_target *driver_module_target(const wavecc_options *o, LLVMValueRef *fns, unsigned nfns, diag *d) {
  const wavecc_target *t = wavecc_target_by_name(o->mcpu ? o->mcpu : "gfx900");
  char why[256], buf[4096], name[256];
  if (!t) return diag_error(d, NULL, "unsupported -mcpu=%s", o->mcpu), NULL;
  /* Without -mcpu the kernels' "target-cpu" names the processor (clang's
   * output for one GPU), else it must agree with -mcpu: one code object
   * has one processor (its e_flags). */
  for (unsigned k = 0; k < nfns; k++) {
    size_t nl;
    const char *fname = LLVMGetValueName2(fns[k], &nl);
    snprintf(name, sizeof name, "%.*s", (int)nl, fname);
    const char *cpu = fn_attr(fns[k], "target-cpu", buf, sizeof buf);
    if (!cpu || !strcmp(cpu, t->name)) continue;
    const wavecc_target *c = wavecc_target_by_name(cpu);
    /* llc-19 compiles the function for its own "target-cpu" (the
     * subtarget comes from the function's attributes; only the code
     * object's e_flags come from -mcpu), so it needs that processor */
    if (!c)
      return diag_error(d, name, "\"target-cpu\"=\"%s\" is not a processor wavecc supports (llc-19 compiles this function for %s, not for %s)",
                        cpu, cpu, t->name),
             NULL;
    if (o->mcpu || k > 0)
      return diag_error(d, name, "\"target-cpu\"=\"%s\" differs from %s%s (llc-19 compiles this function for %s into "
                        "a %s code object; wavecc makes one processor's code per object)",
                        cpu, o->mcpu ? "-mcpu=" : "the module's ", t->name, cpu, t->name),
             NULL;
    t = c;
  }
  if (o->mattr && !(t = wavecc_target_with_features(t, o->mattr, why, sizeof why)))
    return diag_error(d, NULL, "-mattr: %s", why), NULL;
  /* The wave size: -mattr's, else the functions' "target-features", which
   * must agree (llvm-mc assembles one wave size per object). */
  unsigned wave = 0;
  for (unsigned k = 0; k < nfns && !o->mattr; k++) {
    unsigned w = features_wave(fn_attr(fns[k], "target-features", buf, sizeof buf));
    if (!w) continue;
    size_t nl;
    const char *fname = LLVMGetValueName2(fns[k], &nl);
    snprintf(name, sizeof name, "%.*s", (int)nl, fname);
    if (wave && w != wave) return diag_error(d, name, "wave%u here, wave%u in another function of the module", w, wave), NULL;
    wave = w;
    const wavecc_target *v = wavecc_target_variant(t, w);
    if (!v) return diag_error(d, name, "\"target-features\" ask for wave%u, which %s does not have", w, t->name), NULL;
    t = v;
  }
  return t;
}
