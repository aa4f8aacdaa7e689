/* Work-groups on worker threads (wemu_options.threads) and the seeded wave
 * interleaving (wemu_options.schedule_seed): OpenCL C kernels compiled
 * with clang/libclc/llc 19, dispatched over many work-groups, checked
 * against host results and against the serial run:
 *   - global atomic_inc from 64 groups: every count exact, every returned
 *     old value once per bin, and 64 atomics per work-item on 4 counters
 *     (the atomics are atomic across threads: without the lock, hammer
 *     loses increments);
 *   - LDS, barriers across two waves, f32 math: output buffers and every
 *     statistic (instruction counts, cycle estimate) identical to the
 *     serial run's on 1, 3 and 4 threads, and with a schedule seed on 1
 *     and 4 threads;
 *   - a fault in groups 5 and 9 of 16: the same message (naming group 5,
 *     the first a serial run meets) on 1 and 4 threads;
 *   - the other workers start only once the first has executed
 *     WEMU_PAR_START_AFTER wave-instructions (threads_eager 0): hist's
 *     ~1,300 run on one worker of 4, mix's ~50,000 on more than one with
 *     the serial run's output and statistics. The checks above start all
 *     workers at once (threads_eager 1), so they run in parallel. */
#include "test_emu_util.h"

static const char *src =
    "kernel void hist(global const uint *in, global uint *bins, global uint *ret) {\n"
    "  size_t i = get_global_id(0);\n"
    "  ret[i] = atomic_inc(&bins[in[i] & 15]);\n"
    "}\n"
    "kernel void hammer(global uint *bins) {\n"
    "  for (int k = 0; k < 64; k++) atomic_inc(&bins[k & 3]);\n"
    "}\n"
    "kernel void mix(global float *o, global const float *a, local float *t) {\n"
    "  size_t l = get_local_id(0), g = get_global_id(0), n = get_local_size(0);\n"
    "  t[l] = a[g] * 1.5f + (float)l;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  float s = 0.0f;\n"
    "  for (size_t k = 0; k < n; k += 3) s = fma(t[(l + k) % n], 0.25f, s) - t[k] * 0.125f;\n"
    "  o[g] = (l & 1) ? s : sqrt(fabs(s)) / (a[g] + 2.0f);\n"
    "}\n"
    "kernel void oob(global int *o, int bad1, int bad2) {\n"
    "  int g = (int)get_group_id(0);\n"
    "  int i = (g == bad1 || g == bad2) ? (1 << 26) : (int)get_global_id(0);\n"
    "  o[i] = g;\n"
    "}\n";

static wemu_device *device(unsigned threads, uint64_t seed, int eager) {
  wemu_options opt = {0};
  opt.check_uninit = 1;
  opt.threads = threads;
  opt.threads_eager = eager;
  opt.schedule_seed = seed;
  return wemu_create(&opt);
}

static int same_stats(const wemu_stats *a, const wemu_stats *b) {
  return a->wave_instructions == b->wave_instructions && a->salu == b->salu && a->valu == b->valu && a->smem == b->smem &&
         a->vmem == b->vmem && a->lds == b->lds && a->branch == b->branch && a->other == b->other &&
         a->active_lanes_sum == b->active_lanes_sum && a->cycles_estimate == b->cycles_estimate &&
         a->waves == b->waves && a->workgroups == b->workgroups;
}

enum { NH = 4096, NM = 64 * 128, NO = 16 * 64 };

/* hist on `threads` workers: exact counts, old values a permutation per bin. */
static void check_hist(const uint8_t *elf, size_t n, unsigned threads, int eager, wemu_stats *st) {
  wemu_device *d = device(threads, 0, eager);
  wemu_program *p = wemu_load(d, elf, n);
  CHECK(p != NULL, "load: %s", wemu_error(d));
  if (!p) { wemu_destroy(d); return; }
  static uint32_t in[NH], ret[NH];
  uint32_t bins[16] = {0}, want[16] = {0};
  for (int i = 0; i < NH; i++) { in[i] = (uint32_t)(i * 2654435761u) >> 7; want[in[i] & 15]++; }
  uint64_t din = wemu_alloc(d, sizeof in), dbins = wemu_alloc(d, sizeof bins), dret = wemu_alloc(d, sizeof ret);
  wemu_write(d, din, in, sizeof in);
  wemu_write(d, dbins, bins, sizeof bins);
  wemu_arg args[3] = {{NULL, 8, din}, {NULL, 8, dbins}, {NULL, 8, dret}};
  uint64_t g[3] = {NH, 1, 1}, l[3] = {64, 1, 1};
  CHECK(wemu_dispatch(d, p, "hist", args, 3, 1, g, l, NULL, st) == 0, "hist: %s", wemu_error(d));
  wemu_read(d, dbins, bins, sizeof bins);
  wemu_read(d, dret, ret, sizeof ret);
  static uint8_t seen[16][NH];
  memset(seen, 0, sizeof seen);
  for (int b = 0; b < 16; b++) CHECK(bins[b] == want[b], "threads %u: bin %d = %u want %u", threads, b, bins[b], want[b]);
  for (int i = 0; i < NH; i++) {
    unsigned b = in[i] & 15;
    CHECK(ret[i] < want[b] && !seen[b][ret[i]], "threads %u: item %d got old value %u of bin %u twice or out of range", threads, i, ret[i], b);
    if (ret[i] < NH) seen[b][ret[i]] = 1;
  }
  uint32_t zero[4] = {0, 0, 0, 0}, got[4];
  wemu_write(d, dbins, zero, sizeof zero);
  wemu_arg hargs[1] = {{NULL, 8, dbins}};
  CHECK(wemu_dispatch(d, p, "hammer", hargs, 1, 1, g, l, NULL, NULL) == 0, "hammer: %s", wemu_error(d));
  wemu_read(d, dbins, got, sizeof got);
  for (int b = 0; b < 4; b++) CHECK(got[b] == NH * 16, "threads %u: hammer bin %d = %u want %u", threads, b, got[b], NH * 16);
  wemu_program_free(p);
  wemu_destroy(d);
}

/* mix on `threads` workers with `seed`: the output into out, stats into *st. */
static void run_mix(const uint8_t *elf, size_t n, unsigned threads, uint64_t seed, int eager, float *out, wemu_stats *st) {
  wemu_device *d = device(threads, seed, eager);
  wemu_program *p = wemu_load(d, elf, n);
  CHECK(p != NULL, "load: %s", wemu_error(d));
  if (!p) { wemu_destroy(d); return; }
  static float a[NM];
  for (int i = 0; i < NM; i++) a[i] = (float)((i * 37) % 1001) * 0.01f - 3.0f;
  uint64_t da = wemu_alloc(d, sizeof a), dout = wemu_alloc(d, sizeof a);
  wemu_write(d, da, a, sizeof a);
  wemu_arg args[3] = {{NULL, 8, dout}, {NULL, 8, da}, {NULL, 128 * 4, 0}};
  uint64_t g[3] = {NM, 1, 1}, l[3] = {128, 1, 1};
  CHECK(wemu_dispatch(d, p, "mix", args, 3, 1, g, l, NULL, st) == 0, "mix threads %u seed %llu: %s", threads,
        (unsigned long long)seed, wemu_error(d));
  wemu_read(d, dout, out, sizeof a);
  wemu_program_free(p);
  wemu_destroy(d);
}

/* oob on `threads` workers: the fault message into msg. */
static void run_oob(const uint8_t *elf, size_t n, unsigned threads, char *msg, size_t len) {
  wemu_device *d = device(threads, 0, 1);
  wemu_program *p = wemu_load(d, elf, n);
  CHECK(p != NULL, "load: %s", wemu_error(d));
  if (!p) { wemu_destroy(d); return; }
  uint64_t dout = wemu_alloc(d, NO * 4);
  int32_t bad1 = 9, bad2 = 5;
  wemu_arg args[3] = {{NULL, 8, dout}, {&bad1, 4, 0}, {&bad2, 4, 0}};
  uint64_t g[3] = {NO, 1, 1}, l[3] = {64, 1, 1};
  CHECK(wemu_dispatch(d, p, "oob", args, 3, 1, g, l, NULL, NULL) != 0, "oob threads %u: no fault", threads);
  snprintf(msg, len, "%s", wemu_error(d));
  wemu_program_free(p);
  wemu_destroy(d);
}

int main(void) {
  size_t n = 0;
  printf("emu parallel: compiling hist, mix, oob with clang/libclc/opt/llc/lld 19\n");
  uint8_t *elf = emu_compile_cl(src, "gfx900", &n);
  CHECK(elf != NULL, "compilation failed");
  if (!elf) return 1;

  printf("emu parallel: hist, global atomic_inc from 64 groups on 1 and 4 threads\n");
  wemu_stats hs;
  check_hist(elf, n, 1, 1, NULL);
  memset(&hs, 0, sizeof hs);
  check_hist(elf, n, 4, 1, &hs);
  CHECK(hs.workers == 4, "hist on 4 eager threads: %u workers ran", hs.workers);

  printf("emu parallel: mix, 64 groups x 128 (LDS, barriers, f32) on 1, 3, 4 threads and seeded\n");
  static float ref[NM], out[NM];
  wemu_stats sref, st;
  memset(&sref, 0, sizeof sref);
  run_mix(elf, n, 1, 0, 1, ref, &sref);
  CHECK(sref.workgroups == 64 && sref.waves == 128 && sref.wave_instructions > 0, "mix serial stats");
  for (unsigned threads = 3; threads <= 4; threads++) {
    memset(&st, 0, sizeof st);
    run_mix(elf, n, threads, 0, 1, out, &st);
    CHECK(!memcmp(out, ref, sizeof ref), "mix on %u threads: output differs from the serial run", threads);
    CHECK(same_stats(&st, &sref), "mix on %u threads: statistics differ (%llu vs %llu wave-instructions, ~%llu vs ~%llu cycles)",
          threads, (unsigned long long)st.wave_instructions, (unsigned long long)sref.wave_instructions,
          (unsigned long long)st.cycles_estimate, (unsigned long long)sref.cycles_estimate);
  }
  /* A seeded interleaving: reproducible on any number of threads, and for
   * this race-free kernel the same output as round-robin. */
  static float s1[NM];
  wemu_stats ss1, ss4;
  run_mix(elf, n, 1, 12345, 1, s1, &ss1);
  run_mix(elf, n, 4, 12345, 1, out, &ss4);
  CHECK(!memcmp(s1, ref, sizeof ref), "mix seeded: output differs from round-robin");
  CHECK(!memcmp(out, s1, sizeof s1) && same_stats(&ss1, &ss4), "mix seeded: 4 threads differ from 1 thread");

  printf("emu parallel: oob, faults in groups 5 and 9 of 16 on 1 and 4 threads\n");
  char m1[512] = "", m4[512] = "";
  run_oob(elf, n, 1, m1, sizeof m1);
  run_oob(elf, n, 4, m4, sizeof m4);
  CHECK(strstr(m1, "work-group (5,0,0)") != NULL, "serial fault names group 5: %s", m1);
  CHECK(!strcmp(m1, m4), "fault on 4 threads differs:\n  %s\n  %s", m1, m4);

  printf("emu parallel: workers started late (threads_eager 0): hist on 1 of 4, mix on more\n");
  memset(&hs, 0, sizeof hs);
  check_hist(elf, n, 4, 0, &hs);
  CHECK(hs.workers == 1 && hs.wave_instructions < WEMU_PAR_START_AFTER,
        "hist (%llu wave-instructions) on 4 threads, not eager: %u workers ran, want 1",
        (unsigned long long)hs.wave_instructions, hs.workers);
  memset(&st, 0, sizeof st);
  run_mix(elf, n, 4, 0, 0, out, &st);
  CHECK(sref.wave_instructions > 2 * WEMU_PAR_START_AFTER && st.workers > 1,
        "mix (%llu wave-instructions) on 4 threads, not eager: %u workers ran, want more than 1",
        (unsigned long long)sref.wave_instructions, st.workers);
  CHECK(!memcmp(out, ref, sizeof ref) && same_stats(&st, &sref), "mix on 4 late-started threads differs from the serial run");

  free(elf);
  if (failures) { fprintf(stderr, "test_emu_parallel: %d check(s) FAILED\n", failures); return 1; }
  printf("test_emu_parallel: all checks passed\n");
  return 0;
}
