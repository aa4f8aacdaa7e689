/* wavecc: the compiler's command line.
 *
 *   wavecc saxpy.cl -mcpu=gfx900 -o saxpy.hsaco
 *   wavecc kernel.ll -S -o kernel.s
 *   wavecc kernel.bc --stats
 *   wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj k.ll -o k.o   (llc-19's form:
 *       a relocatable object; ld.lld-19 -shared k.o other.o -o k.hsaco links it)
 *   cat k.ll | wavecc - -o - -filetype=asm
 *
 * Errors go to stderr as "file: function: message"; the exit status is 1
 * and no output file is written. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/llc_options.h"
#include "driver/pipeline.h"
#include "target/target.h"
#include "util/spawn.h"
#include "wavecc/wavecc.h"
#include "tool_exit.h"

#ifndef WAVECC_VERSION /* the project version (CMakeLists.txt) */
#define WAVECC_VERSION "0.1.0"
#endif

static void usage(FILE *f) {
  fputs("usage: wavecc [options] INPUT (.cl, .ll or .bc; '-': LLVM IR from stdin, at most " WAVECC_MAX_INPUT_TEXT ")\n"
        "  -o FILE               output file (default: INPUT with .hsaco, .o or .s; '-' or stdin input: stdout)\n"
        "  -S, -filetype=asm     write assembly text\n"
        "  -filetype=obj         write an object file (the default kind). Called as llc-19 is (with\n"
        "                        -mtriple or -filetype=obj): a relocatable ELF as llc-19 writes it, for\n"
        "                        `ld.lld -shared` with wavecc's or llc's objects; calls to functions\n"
        "                        without a body in the module become R_AMDGPU_REL32 relocations and\n"
        "                        the kernel's descriptor assumes the most registers and a dynamic stack\n"
        "                        for them (default name INPUT.o; assembled by llvm-mc-19). Otherwise:\n"
        "                        the linked HSA code object the runtime loads (INPUT.hsaco), and a call\n"
        "                        to a function without a body is an error\n"
        "  -filetype=null        compile, write nothing (errors and --stats only)\n", f);
  /* The processor list comes from the target descriptions, so a new GPU
   * needs no edit here. */
  fputs("  -mcpu=CPU             target processor (default gfx900):", f);
  for (unsigned i = 0; wavecc_target_at(i); i++) fprintf(f, "%s %s", i ? "," : "", wavecc_target_at(i)->name);
  fputs("; -mcpu=help describes them\n"
        "  -mtriple=TRIPLE       replaces the module's triple as llc-19 does: amdgcn-amd-amdhsa and the\n"
        "                        forms llc reads as it (amdgcn--amdhsa, amdgcn-amd-amdhsa-, amdgcn-amdhsa,\n"
        "                        amdgcn-unknown-amdhsa); any other is an error. Without it the module's\n"
        "                        triple must be such a form. The datalayout is always the target's\n"
        "                        (as llc-19: a module without one compiles)\n"
        "  -march=amdgcn         accepted (the only architecture)\n"
        "  -mattr=+F,-F,...      target features, checked against the processor: +wavefrontsize64,\n"
        "                        -wavefrontsize32; -xnack, +sramecc/-sramecc: the target ID's\n"
        "                        features (gfx900:xnack- in .amdgcn_target, metadata and e_flags, as\n"
        "                        llc-19; without them 'any'); on a processor without the feature\n"
        "                        ignored with a warning, as llc-19 does (gfx900: sramecc); +xnack and\n"
        "                        the default 'any' get XNACK-replay-safe code; any other feature is an\n"
        "                        error naming it\n"
        "  --version             version; other llc-19 options are errors naming them\n"
        "  -O0, -O1, -O2, -O3    optimisation level (default -O2); -O3 is accepted as llc-19 does\n"
        "                        and runs the -O2 pipeline (wavecc has no further passes)\n"
        "  -DNAME[=VALUE], -cl-std=CLx.y, -I DIR   passed to clang for .cl input\n"
        "  -g                 debug information: clang -g for .cl input; for input (.cl or .ll)\n"
        "                     with debug locations the code object gets a DWARF .debug_line\n"
        "  --max-vgprs=N         VGPR budget per lane (1..256); with the kernel's attributes\n"
        "                        (\"amdgpu-num-vgpr\", \"amdgpu-waves-per-eu\") the smaller wins\n"
        "  --max-sgprs=N         SGPR budget (1..102, counting VCC, XNACK_MASK and FLAT_SCRATCH\n"
        "                        as \"amdgpu-num-sgpr\" does); over budget, wavecc spills\n"
        "  --spill-sgprs-to-scratch  spill SGPRs to scratch through a whole-wave-saved VGPR\n"
        "  --no-llc-ir-passes   skip llc-19's pre-selection IR passes (loop strength reduction, ...)\n"
        "  -fcheck-div           s_trap 2 before each integer division or remainder by 0 (32 and 64-bit),\n"
        "                        listed in the code object's .wavecc.checks: wavecc-run --check=div\n"
        "                        reports it as a division by zero at its source line\n"
        "                        (the fallback when no VGPR is free for lanes), for testing\n"
        "  --stats               per-kernel instructions, SGPRs, VGPRs, scratch, occupancy, code size,\n"
        "                        register demand before spilling (MaxLive), spills and reloads\n"
        "  --print-after=PASS    dump the IR after PASS (a name of the pass order below) to stderr\n"
        "  --print-after-all     dump after every pass\n"
        "  --time-passes         time spent per pass\n"
        "  --print-passes        the pass order (also below), then exit\n"
        "  --no-cache            for .cl input: compile afresh, never read or write the code-object\n"
        "                        cache ($WAVECC_CACHE_DIR, else $XDG_CACHE_HOME/wavecc or\n"
        "                        ~/.cache/wavecc; keyed by source, options, target and this build;\n"
        "                        WAVECC_NO_CACHE=1 turns it off too; at most WAVECC_CACHE_MAX_SIZE\n"
        "                        bytes, K/M/G suffixes, default 512M, 0 no limit: least recently\n"
        "                        used entries are removed first)\n"
        "  --assembler=builtin|llvm-mc|check  code objects from wavecc's own encoder and ELF\n"
        "                        writer (default), from llvm-mc-19 + ld.lld-19, or both compared\n"
        "  --help\n",
        f);
}

static char *default_output(const char *in, bool asm_out, bool reloc) {
  const char *base = strrchr(in, '/');
  base = base ? base + 1 : in;
  size_t n = strlen(base);
  const char *dot = strrchr(base, '.');
  if (dot) n = (size_t)(dot - base);
  const char *ext = asm_out ? ".s" : reloc ? ".o" : ".hsaco";
  char *out = malloc(n + strlen(ext) + 1);
  memcpy(out, base, n);
  strcpy(out + n, ext);
  return out;
}

/* -mcpu=help: as llc-19's list (to stdout). */
static void list_cpus(void) {
  printf("Available CPUs for this target:\n\n");
  for (unsigned i = 0; wavecc_target_at(i); i++)
    printf("  %-10s - %s.\n", wavecc_target_at(i)->name, wavecc_target_at(i)->description);
  printf("\nAvailable features for this target (-mattr): +wavefrontsize64, -wavefrontsize32,\n"
         "-xnack, +sramecc, -sramecc (target ID features; ignored where the processor lacks them).\n");
}

/* llc-19's target options -mtriple, -march, -mattr (checked once the
 * -mcpu is known). 1: handled, 0: not one of them, -1: an error (printed). */
static int parse_llc_target(wavecc_options *o, const char *a, const char **mattr) {
  char why[256];
  if (!strncmp(a, "-mtriple=", 9) || !strncmp(a, "--mtriple=", 10)) {
    o->triple = strchr(a, '=') + 1;
    if (llc_triple_check(o->triple, why, sizeof why)) {
      fprintf(stderr, "wavecc: error: -mtriple=%s\n", why);
      return -1;
    }
    return 1;
  }
  if (!strncmp(a, "-march=", 7) || !strncmp(a, "--march=", 8)) {
    if (strcmp(strchr(a, '=') + 1, "amdgcn") != 0) {
      fprintf(stderr, "wavecc: error: unsupported %s (wavecc's only architecture is amdgcn)\n", a);
      return -1;
    }
    return 1;
  }
  if (!strncmp(a, "-mattr=", 7) || !strncmp(a, "--mattr=", 8)) {
    *mattr = strchr(a, '=') + 1;
    return 1;
  }
  return 0;
}



int main(int argc, char **argv) {
  wavecc_options o;
  wavecc_options_init(&o);
  const char *input = NULL, *output = NULL;
  const char **cl = calloc((size_t)argc + 1, sizeof *cl);
  int ncl = 0;
  bool asm_out = false, stats = false, no_output = false, null_out = false, obj_asked = false;
  const char *mattr = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int llc_rc;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      wavecc_print_passes(stdout);
      free(cl);
      return 0;
    } else if (!strcmp(a, "--print-passes")) {
      wavecc_print_passes(stdout);
      free(cl);
      return 0;
    } else if (!strcmp(a, "--version")) {
      printf("wavecc %s (LLVM 19 front door) for", WAVECC_VERSION);
      for (unsigned t = 0; wavecc_target_at(t); t++) printf("%s %s", t ? "," : "", wavecc_target_at(t)->name);
      printf("\n");
      free(cl);
      return 0;
    } else if (!strcmp(a, "-o")) {
      if (++i >= argc) {
        fprintf(stderr, "wavecc: error: -o needs a file name\n");
        free(cl);
        return 2;
      }
      output = argv[i];
    } else if (!strcmp(a, "-S") || !strcmp(a, "--filetype=asm") || !strcmp(a, "-filetype=asm")) {
      asm_out = true, null_out = false;
    } else if (!strcmp(a, "--filetype=obj") || !strcmp(a, "-filetype=obj")) {
      asm_out = false, null_out = false, obj_asked = true;
    } else if (!strcmp(a, "--filetype=null") || !strcmp(a, "-filetype=null")) {
      asm_out = false, null_out = true;
    } else if (!strcmp(a, "-mcpu=help") || !strcmp(a, "--mcpu=help")) {
      list_cpus();
      free(cl);
      return 0;
    } else if (!strncmp(a, "-mcpu=", 6) || !strncmp(a, "--mcpu=", 7)) {
      o.mcpu = strchr(a, '=') + 1;
      if (!wavecc_target_by_name(o.mcpu)) {
        fprintf(stderr, "wavecc: error: unsupported -mcpu=%s (-mcpu=help lists the processors)\n", o.mcpu);
        free(cl);
        return 2;
      }
    } else if ((llc_rc = parse_llc_target(&o, a, &mattr)) != 0) {
      if (llc_rc < 0) {
        free(cl);
        return 2;
      }
    } else if (wavecc_parse_option(&o, a)) {
      if (wavecc_parse_option(&o, a) < 0) {
        fprintf(stderr, "wavecc: error: bad value in '%s' (see --help)\n", a);
        free(cl);
        return 2;
      }
    } else if (!strcmp(a, "--stats") || !strcmp(a, "-stats")) {
      stats = true;
    } else if (!strncmp(a, "--print-after=", 14)) {
      o.print_after = a + 14;
    } else if (!strcmp(a, "--print-after-all") || !strcmp(a, "-print-after-all")) {
      o.print_after = "all";
    } else if (!strcmp(a, "--time-passes") || !strcmp(a, "-time-passes")) {
      o.time_passes = 1;
    } else if (!strcmp(a, "-g")) {
      cl[ncl++] = a; /* clang's debug locations: wavecc writes them as DWARF .debug_line */
    } else if (!strncmp(a, "-D", 2) || !strncmp(a, "-cl-", 4) || !strncmp(a, "-I", 2)) {
      cl[ncl++] = a;
      if ((!strcmp(a, "-D") || !strcmp(a, "-I")) && i + 1 < argc) cl[ncl++] = argv[++i];
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "wavecc: error: unknown option '%s' (see --help)\n", a);
      free(cl);
      return 2;
    } else if (input) {
      fprintf(stderr, "wavecc: error: more than one input file ('%s' and '%s')\n", input, a);
      free(cl);
      return 2;
    } else {
      input = a;
    }
  }
  if (!input) {
    usage(stderr);
    free(cl);
    return 2;
  }
  char why[256]; /* checked here too so that the message names the tool, not the input */
  if (mattr && llc_mattr_check(o.mcpu ? wavecc_target_by_name(o.mcpu) : &wavecc_target_gfx900, mattr, why, sizeof why)) {
    fprintf(stderr, "wavecc: error: %s\n", why);
    free(cl);
    return 2;
  }
  o.mattr = mattr;
  /* llc-style: what llc-19 -filetype=obj writes, a relocatable object */
  bool reloc = !asm_out && (obj_asked || o.triple);
  o.output = asm_out ? WAVECC_OUTPUT_ASM : reloc ? WAVECC_OUTPUT_RELOC : WAVECC_OUTPUT_OBJ;
  o.stats = stats;
  o.cl_options = cl;
  o.num_cl_options = ncl;
  /* --stats or a dump alone: compile, report, write nothing unless -o */
  no_output = ((stats || o.print_after || o.time_passes) && !output) || null_out;
  bool from_stdin = !strcmp(input, "-");

  size_t size = 0;
  /* Only a regular file, and no larger than any input wavecc compiles:
   * /dev/zero or a FIFO must not grow the process or hang it. */
  char *data = from_stdin ? fd_read_bounded(0, WAVECC_MAX_INPUT_BYTES, &size)
                          : file_read_regular(input, WAVECC_MAX_INPUT_BYTES, &size);
  if (!data) {
    fprintf(stderr, "%s: error: cannot read input: %s\n", input,
            errno == EINVAL ? "not a regular file" : errno == EFBIG ? "larger than " WAVECC_MAX_INPUT_TEXT : strerror(errno));
    free(cl);
    return 1;
  }
  wavecc_result *r = wavecc_compile(input, data, size, &o);
  free(data);
  if (r->diagnostics) fputs(r->diagnostics, stderr);
  int status = r->status ? 1 : 0;
  if (!status && r->report) fputs(r->report, stats ? stdout : stderr);
  if (!status && !no_output) {
    char *def = output || from_stdin ? NULL : default_output(input, asm_out, reloc); /* llc: stdin in, stdout out */
    const char *path = output ? output : def ? def : "-";
    int wrc = strcmp(path, "-") == 0 ? (fwrite(r->output, 1, r->output_size, stdout) == r->output_size ? 0 : -1)
                                     : file_write_all(path, r->output, r->output_size);
    if (wrc) {
      fprintf(stderr, "%s: error: cannot write: %s\n", path, strerror(errno));
      status = 1;
    }
    free(def);
  }
  wavecc_result_free(r);
  free(cl);
  return exit_now(status);
}
