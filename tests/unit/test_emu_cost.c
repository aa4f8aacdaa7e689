/* Unit test: the emulator's cycle estimate prices VALU instructions by the
 * ISA table's cost class (isa_sem.def): transcendental (v_exp, v_log,
 * v_rcp, v_rsq, v_sqrt, v_sin, v_cos) and f64 operations at 16 cycles,
 * other VALU at 4. v_ldexp and v_frexp are full-rate, though their names
 * contain "exp" (the emulator used to price them as transcendental by
 * searching the mnemonic). Kernels differ in one instruction repeated 16
 * times: same cost, same estimate; a dearer one, a larger estimate. */
#include "test_emu_util.h"

static uint64_t cycles_of(const char *insn) {
  char body[2048];
  size_t n = (size_t)snprintf(body, sizeof body, "%s  v_mov_b32 v1, 1.0\n  v_mov_b32 v2, 3\n", EMU_PROLOGUE);
  for (int i = 0; i < 16; i++) n += (size_t)snprintf(body + n, sizeof body - n, "  %s\n", insn);
  snprintf(body + n, sizeof body - n, "  global_store_dword v[10:11], v3, off\n");
  size_t size = 0;
  uint8_t *elf = emu_build(body, NULL, NULL, &size);
  CHECK(elf != NULL, "%s: assembly failed", insn);
  if (!elf) return 0;
  wemu_options opt = {0};
  wemu_device *d = wemu_create(&opt);
  wemu_program *p = wemu_load(d, elf, size);
  uint64_t cycles = 0;
  CHECK(p != NULL, "%s: load failed: %s", insn, wemu_error(d));
  if (p) {
    uint64_t ob = wemu_alloc(d, 64 * 4), ib = wemu_alloc(d, 4);
    wemu_arg args[2] = {{NULL, 8, ob}, {NULL, 8, ib}};
    uint64_t g[3] = {64, 1, 1}, l[3] = {64, 1, 1};
    wemu_stats st;
    memset(&st, 0, sizeof st);
    int rc = wemu_dispatch(d, p, "k", args, 2, 1, g, l, NULL, &st);
    CHECK(rc == 0, "%s: dispatch failed: %s", insn, wemu_error(d));
    cycles = st.cycles_estimate;
    wemu_program_free(p);
  }
  wemu_destroy(d);
  free(elf);
  return cycles;
}

int main(void) {
  uint64_t add = cycles_of("v_add_f32 v3, v1, v1");
  uint64_t ldexp = cycles_of("v_ldexp_f32 v3, v1, v2");
  uint64_t frexp = cycles_of("v_frexp_mant_f32 v3, v1");
  uint64_t frexp_e = cycles_of("v_frexp_exp_i32_f32 v3, v1");
  uint64_t exp = cycles_of("v_exp_f32 v3, v1");
  uint64_t sqrt = cycles_of("v_sqrt_f32 v3, v1");
  printf("cycles: add %llu ldexp %llu frexp_mant %llu frexp_exp %llu exp %llu sqrt %llu\n", (unsigned long long)add,
         (unsigned long long)ldexp, (unsigned long long)frexp, (unsigned long long)frexp_e, (unsigned long long)exp,
         (unsigned long long)sqrt);
  CHECK(add > 0, "no cycle estimate");
  CHECK(ldexp == add, "v_ldexp_f32 priced as %llu cycles against v_add_f32's %llu", (unsigned long long)ldexp, (unsigned long long)add);
  CHECK(frexp == add, "v_frexp_mant_f32 priced as %llu against %llu", (unsigned long long)frexp, (unsigned long long)add);
  CHECK(frexp_e == add, "v_frexp_exp_i32_f32 priced as %llu against %llu", (unsigned long long)frexp_e, (unsigned long long)add);
  CHECK(exp > add, "v_exp_f32: %llu, not above v_add_f32's %llu", (unsigned long long)exp, (unsigned long long)add);
  CHECK(sqrt == exp, "v_sqrt_f32: %llu, want %llu", (unsigned long long)sqrt, (unsigned long long)exp);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
