/* libwavecc's C API end to end, built against an installed wavecc
 * (examples/capi/README: pkg-config or find_package): compile an LLVM IR
 * kernel to a gfx900 code object (wavecc.h), load it on the emulator,
 * run it over 256 work-items and check the result against the host
 * (emu.h). Prints "ok: ..." and exits 0, or says what failed and exits 1.
 *
 *   out[i] = a * in[i] + i   (a = 3, in[i] = 1000 - i)
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <wavecc/emu.h>
#include <wavecc/wavecc.h>

static const char kernel_ll[] =
    "target triple = \"amdgcn-amd-amdhsa\"\n"
    "define amdgpu_kernel void @axpi(i32 %a, ptr addrspace(1) %in, ptr addrspace(1) %out) {\n"
    "  %lid = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %grp = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %base = shl i32 %grp, 6\n"
    "  %i = add i32 %base, %lid\n"
    "  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i\n"
    "  %x = load i32, ptr addrspace(1) %pi\n"
    "  %ax = mul i32 %a, %x\n"
    "  %r = add i32 %ax, %i\n"
    "  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i\n"
    "  store i32 %r, ptr addrspace(1) %po\n"
    "  ret void\n"
    "}\n"
    "declare i32 @llvm.amdgcn.workitem.id.x()\n"
    "declare i32 @llvm.amdgcn.workgroup.id.x()\n";

enum { N = 256 };

int main(void) {
  wavecc_options o;
  wavecc_options_init(&o); /* gfx900, -O2, a linked code object */
  wavecc_result *r = wavecc_compile("axpi.ll", kernel_ll, sizeof kernel_ll - 1, &o);
  if (!r || r->status) {
    fprintf(stderr, "compile failed: %s\n", r && r->diagnostics ? r->diagnostics : "out of memory");
    wavecc_result_free(r);
    return 1;
  }
  int rc = 1;
  wemu_device *dev = wemu_create(NULL);
  wemu_program *prog = dev ? wemu_load(dev, r->output, r->output_size) : NULL;
  if (!prog) {
    fprintf(stderr, "load failed: %s\n", wemu_error(dev));
    goto out;
  }
  uint32_t in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = 1000u - (uint32_t)i;
  uint64_t din = wemu_alloc(dev, sizeof in), dout = wemu_alloc(dev, sizeof out);
  int32_t a = 3;
  if (!din || !dout || wemu_write(dev, din, in, sizeof in)) {
    fprintf(stderr, "device memory: %s\n", wemu_error(dev));
    goto out;
  }
  wemu_arg args[3] = {{.data = &a, .size = sizeof a}, {.address = din}, {.address = dout}};
  uint64_t global[3] = {N, 1, 1}, local[3] = {64, 1, 1};
  wemu_stats st;
  if (wemu_dispatch(dev, prog, "axpi", args, 3, 1, global, local, NULL, &st) ||
      wemu_read(dev, dout, out, sizeof out)) {
    fprintf(stderr, "dispatch failed: %s\n", wemu_error(dev));
    goto out;
  }
  for (int i = 0; i < N; i++)
    if (out[i] != 3u * in[i] + (uint32_t)i) {
      fprintf(stderr, "out[%d] = %u, expected %u\n", i, out[i], 3u * in[i] + (uint32_t)i);
      goto out;
    }
  printf("ok: %u work-items, %u kernel instructions, %llu wave instructions executed\n", N,
         r->kernels[0].instructions, (unsigned long long)st.wave_instructions);
  rc = 0;
out:
  wemu_program_free(prog);
  wemu_destroy(dev);
  wavecc_result_free(r);
  return rc;
}
