/* libFuzzer harness: the emulator's code-object loader, instruction
 * decoder and executors (src/emu).
 *
 * Input: the bytes of an ELF code object (seeds: tests/fuzz/corpus/codeobj,
 * code objects of corpus kernels from wavecc and llc-19). Each kernel the
 * loader finds (at most four) is dispatched once over 128 work-items with
 * zeroed by-value arguments, a 1 KiB buffer for each global pointer and
 * 256 bytes for each __local one, with --trace on (so the disassembler
 * runs too; --check-uninit stays off: it would end most runs early) and a small per-wave step limit so that every
 * dispatch ends quickly.
 * Properties: wemu_load and wemu_dispatch succeed or fail with a
 * non-empty message; no host memory error (ASan/UBSan), whatever the
 * bytes: the emulator checks every guest address and register number. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "wavecc/emu.h"

enum { MAX_KERNELS = 4, MAX_ARGS = 64, BUFFER_BYTES = 1024, LOCAL_BYTES = 256 };

static void run_kernel(wemu_device *dev, wemu_program *prog, const emu_kernel *k) {
  static const uint8_t zeros[256];
  wemu_arg args[MAX_ARGS];
  uint32_t n = k->info.num_explicit_args;
  if (n > MAX_ARGS) return;
  memset(args, 0, sizeof args);
  for (uint32_t i = 0; i < n; i++) {
    const wemu_arg_info *ai = &k->args[i];
    if (ai->kind == WEMU_ARG_GLOBAL_BUFFER) {
      args[i].address = wemu_alloc(dev, BUFFER_BYTES);
      if (!args[i].address) abort();
    } else if (ai->kind == WEMU_ARG_DYNAMIC_SHARED_POINTER) {
      args[i].size = LOCAL_BYTES;
    } else {
      args[i].data = zeros;
      args[i].size = ai->size < sizeof zeros ? ai->size : sizeof zeros;
    }
  }
  const uint64_t global[3] = {128, 1, 1};
  if (wemu_dispatch(dev, prog, k->name, args, n, 1, global, NULL, NULL, NULL) != 0 && !wemu_error(dev)[0]) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *null = fopen("/dev/null", "w");
  if (!null) abort();
  wemu_options opt;
  memset(&opt, 0, sizeof opt);
  opt.trace = 1;
  opt.trace_file = null;
  opt.max_steps = 2000;
  opt.max_wave_instructions = 20000;
  wemu_device *dev = wemu_create(&opt);
  if (!dev) abort();
  wemu_program *prog = wemu_load(dev, data, size);
  if (!prog) {
    if (!wemu_error(dev)[0]) abort();
  } else {
    for (uint32_t i = 0; i < prog->nkernels && i < MAX_KERNELS; i++) run_kernel(dev, prog, &prog->kernels[i]);
    wemu_program_free(prog);
  }
  wemu_destroy(dev);
  fclose(null);
  return 0;
}
