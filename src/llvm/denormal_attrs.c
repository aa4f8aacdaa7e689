/* Denormal modes from function attributes (denormal_attrs.h). */
#include "llvm/denormal_attrs.h"

#include <string.h>

/* The denormal value of one attribute value "OUTPUT[,INPUT]". */
static unsigned denorm_value(const char *v, unsigned len) {
  const char *comma = memchr(v, ',', len);
  unsigned olen = comma ? (unsigned)(comma - v) : len;
  const char *in = comma ? comma + 1 : v;
  unsigned ilen = comma ? len - olen - 1 : len;
  static const char ps[] = "preserve-sign";
  bool out_flush = olen == sizeof ps - 1 && memcmp(v, ps, olen) == 0;
  bool in_flush = ilen == sizeof ps - 1 && memcmp(in, ps, ilen) == 0;
  return (out_flush ? 0u : 2u) | (in_flush ? 0u : 1u);
}

static bool attr_value(LLVMValueRef fn, const char *name, unsigned *out) {
  LLVMAttributeRef at = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, name, (unsigned)strlen(name));
  if (!at) return false;
  unsigned len;
  const char *v = LLVMGetStringAttributeValue(at, &len);
  *out = denorm_value(v, len);
  return true;
}

unsigned wir_denorm_mode(LLVMValueRef fn, bool f32) {
  unsigned d = 3;
  if (f32 && attr_value(fn, "denormal-fp-math-f32", &d)) return d;
  attr_value(fn, "denormal-fp-math", &d);
  return d;
}
