/* End-to-end emulator test: OpenCL C kernels compiled the way the llc
 * corpus run does it (clang-19 -> llvm-link --only-needed libclc ->
 * opt-19 -O2 -> llc-19 -O2 -> ld.lld-19 -shared), dispatched over several
 * workgroups, results checked against a host computation:
 *   - integer vector add with a global offset and a non-divisible NDRange,
 *   - a work-group reduction through a dynamic __local argument and barriers,
 *   - a 2D kernel reading get_global_id/get_local_id/get_group_id/sizes,
 *   - float math (division, sqrt) compared within the OpenCL ulp limits,
 *   - a non-inlined function call (s_swappc_b64, stack in scratch via s32,
 *     a dynamically indexed private array). */
#include <math.h>

#include "test_emu_util.h"

static const char *src =
    "kernel void vadd(global int *c, global const int *a, global const int *b) {\n"
    "  size_t i = get_global_id(0);\n"
    "  c[i] = a[i] + b[i] * 3;\n"
    "}\n"
    "kernel void reduce(global const uint *in, global uint *out, local uint *tmp) {\n"
    "  size_t l = get_local_id(0), n = get_local_size(0);\n"
    "  tmp[l] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t s = n / 2; s > 0; s /= 2) {\n"
    "    if (l < s) tmp[l] += tmp[l + s];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) out[get_group_id(0)] = tmp[0];\n"
    "}\n"
    "kernel void ids2d(global uint *out) {\n"
    "  size_t x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);\n"
    "  out[y * w + x] = (uint)(get_group_id(0) << 24 | get_group_id(1) << 16 | get_local_id(0) << 8 | get_local_id(1)) ^ (uint)(get_num_groups(0) * 7 + get_local_size(1));\n"
    "}\n"
    "kernel void fmath(global float *o, global const float *a) {\n"
    "  size_t i = get_global_id(0);\n"
    "  o[i] = sqrt(a[i]) / (a[i] + 1.0f);\n"
    "}\n"
    "static __attribute__((noinline)) int helper(global const int *p, int i, int depth) {\n"
    "  int arr[17];\n"
    "  for (int k = 0; k < 17; k++) arr[k] = p[(i + k) & 255] * (k + depth);\n"
    "  int s = 0;\n"
    "  for (int k = 0; k < 17; k++) s += arr[(k * 5 + i) % 17];\n"
    "  return s;\n"
    "}\n"
    "kernel void callk(global int *o, global const int *p) {\n"
    "  int i = get_global_id(0);\n"
    "  o[i] = helper(p, i, 3) + helper(p, i + 1, 1);\n"
    "}\n";

static int host_helper(const int *p, int i, int depth) {
  int arr[17], s = 0;
  for (int k = 0; k < 17; k++) arr[k] = p[(i + k) & 255] * (k + depth);
  for (int k = 0; k < 17; k++) s += arr[(k * 5 + i) % 17];
  return s;
}

int main(void) {
  size_t n = 0;
  printf("emu opencl: compiling 5 kernels with clang/libclc/opt/llc/lld 19\n");
  uint8_t *elf = emu_compile_cl(src, "gfx900", &n);
  CHECK(elf != NULL, "compilation failed");
  if (!elf) return 1;
  wemu_options opt = {0};
  opt.check_uninit = 1;
  wemu_device *d = wemu_create(&opt);
  wemu_program *p = wemu_load(d, elf, n);
  CHECK(p != NULL, "load: %s", wemu_error(d));
  if (!p) return 1;
  const wemu_kernel_info *ki = wemu_kernel(p, "reduce");
  CHECK(ki && ki->num_explicit_args == 3 && ki->args[2].kind == WEMU_ARG_DYNAMIC_SHARED_POINTER, "reduce metadata");

  /* vadd: 1000 items from offset 24 in groups of 64: the last group is partial. */
  printf("emu opencl: vadd, 1000 work-items, offset 24, local 64 (non-uniform last group)\n");
  enum { N = 1024 };
  int32_t a[N], b[N], c[N];
  for (int i = 0; i < N; i++) { a[i] = i * 7 - 300; b[i] = 1000 - i; }
  uint64_t da = wemu_alloc(d, sizeof a), db = wemu_alloc(d, sizeof b), dc = wemu_alloc(d, sizeof c);
  wemu_write(d, da, a, sizeof a); wemu_write(d, db, b, sizeof b);
  wemu_arg va[3] = {{NULL, 8, dc}, {NULL, 8, da}, {NULL, 8, db}};
  uint64_t g1[3] = {1000, 1, 1}, l1[3] = {64, 1, 1}, off[3] = {24, 0, 0};
  wemu_stats st;
  CHECK(wemu_dispatch(d, p, "vadd", va, 3, 1, g1, l1, off, &st) == 0, "vadd: %s", wemu_error(d));
  wemu_read(d, dc, c, sizeof c);
  for (int i = 0; i < N; i++) {
    int32_t want = (i >= 24 && i < 1024) ? a[i] + b[i] * 3 : 0;
    CHECK(c[i] == want, "vadd[%d] = %d, want %d", i, c[i], want);
  }
  CHECK(st.workgroups == 16 && st.waves == 16 && st.valu > 0 && st.active_lanes_sum < 64 * st.valu, "vadd stats: %llu groups %llu waves",
        (unsigned long long)st.workgroups, (unsigned long long)st.waves);
  printf("  stats: %llu wave-instructions (salu %llu valu %llu smem %llu vmem %llu lds %llu branch %llu), lane use %.2f, ~%llu cycles\n",
         (unsigned long long)st.wave_instructions, (unsigned long long)st.salu, (unsigned long long)st.valu, (unsigned long long)st.smem,
         (unsigned long long)st.vmem, (unsigned long long)st.lds, (unsigned long long)st.branch,
         st.valu ? (double)st.active_lanes_sum / (64.0 * (double)st.valu) : 0.0, (unsigned long long)st.cycles_estimate);

  /* reduce: 8 groups of 128 (2 waves each, barriers across waves). */
  printf("emu opencl: reduce, 8 groups x 128 with a dynamic __local buffer and barriers\n");
  uint32_t in[N], sums[8];
  for (int i = 0; i < N; i++) in[i] = (uint32_t)(i * 2654435761u) >> 12;
  uint64_t din = wemu_alloc(d, sizeof in), dsum = wemu_alloc(d, sizeof sums);
  wemu_write(d, din, in, sizeof in);
  wemu_arg ra[3] = {{NULL, 8, din}, {NULL, 8, dsum}, {NULL, 128 * 4, 0}};
  uint64_t g2[3] = {1024, 1, 1}, l2[3] = {128, 1, 1};
  CHECK(wemu_dispatch(d, p, "reduce", ra, 3, 1, g2, l2, NULL, NULL) == 0, "reduce: %s", wemu_error(d));
  wemu_read(d, dsum, sums, sizeof sums);
  for (int g = 0; g < 8; g++) {
    uint32_t want = 0;
    for (int i = 0; i < 128; i++) want += in[g * 128 + i];
    CHECK(sums[g] == want, "reduce group %d: %u want %u", g, sums[g], want);
  }

  /* ids2d: 24 x 10 in 8 x 5 groups. */
  printf("emu opencl: ids2d, 24 x 10 work-items in 8 x 5 groups\n");
  uint32_t ids[240];
  uint64_t dids = wemu_alloc(d, sizeof ids);
  wemu_arg ia[1] = {{NULL, 8, dids}};
  uint64_t g3[3] = {24, 10, 1}, l3[3] = {8, 5, 1};
  CHECK(wemu_dispatch(d, p, "ids2d", ia, 1, 2, g3, l3, NULL, NULL) == 0, "ids2d: %s", wemu_error(d));
  wemu_read(d, dids, ids, sizeof ids);
  for (uint32_t y = 0; y < 10; y++)
    for (uint32_t x = 0; x < 24; x++) {
      uint32_t want = ((x / 8) << 24 | (y / 5) << 16 | (x % 8) << 8 | (y % 5)) ^ (3 * 7 + 5);
      CHECK(ids[y * 24 + x] == want, "ids2d (%u,%u) = 0x%x want 0x%x", x, y, ids[y * 24 + x], want);
    }

  /* fmath: sqrt and division within 3 ulp (OpenCL 1.2: sqrt 3 ulp, divide 2.5 ulp). */
  printf("emu opencl: fmath, sqrt(a)/(a+1) over 256 values, 4 groups\n");
  float fa[256], fo[256];
  for (int i = 0; i < 256; i++) fa[i] = (float)i * 0.37f + 1e-3f;
  uint64_t dfa = wemu_alloc(d, sizeof fa), dfo = wemu_alloc(d, sizeof fo);
  wemu_write(d, dfa, fa, sizeof fa);
  wemu_arg fa_args[2] = {{NULL, 8, dfo}, {NULL, 8, dfa}};
  uint64_t g4[3] = {256, 1, 1}, l4[3] = {64, 1, 1};
  CHECK(wemu_dispatch(d, p, "fmath", fa_args, 2, 1, g4, l4, NULL, NULL) == 0, "fmath: %s", wemu_error(d));
  wemu_read(d, dfo, fo, sizeof fo);
  for (int i = 0; i < 256; i++) {
    double want = sqrt((double)fa[i]) / ((double)fa[i] + 1.0);
    double ulp = nextafterf((float)want, INFINITY) - (float)want;
    CHECK(fabs(fo[i] - want) <= 6 * ulp, "fmath[%d] = %.9g want %.9g", i, fo[i], want);
  }
  printf("emu opencl: callk, a function call with a private array on the scratch stack, 2 groups x 128\n");
  int32_t ci[256], co[256];
  for (int i = 0; i < 256; i++) ci[i] = i * 37 - 1000;
  uint64_t dci = wemu_alloc(d, sizeof ci), dco = wemu_alloc(d, sizeof co);
  wemu_write(d, dci, ci, sizeof ci);
  wemu_arg ca[2] = {{NULL, 8, dco}, {NULL, 8, dci}};
  uint64_t g5[3] = {256, 1, 1}, l5[3] = {128, 1, 1};
  CHECK(wemu_dispatch(d, p, "callk", ca, 2, 1, g5, l5, NULL, NULL) == 0, "callk: %s", wemu_error(d));
  wemu_read(d, dco, co, sizeof co);
  for (int i = 0; i < 256; i++) {
    int want = host_helper(ci, i, 3) + host_helper(ci, i + 1, 1);
    CHECK(co[i] == want, "callk[%d] = %d want %d", i, co[i], want);
  }
  wemu_program_free(p);
  wemu_destroy(d);
  free(elf);
  if (failures) { fprintf(stderr, "test_emu_opencl: %d check(s) FAILED\n", failures); return 1; }
  printf("test_emu_opencl: all checks passed\n");
  return 0;
}
