/* libFuzzer harness: LLVM bitcode into the compiler (wavecc_compile,
 * input kind LLVM: import, isel, register allocation, the passes, the
 * encoder and ELF writer), issue 22.
 *
 * Input: bitcode bytes (anything else is skipped: the text IR parser and
 * the test files have their own harnesses). LLVM 19's bitcode reader ends
 * the process on some malformed inputs ("LLVM ERROR: out of memory",
 * abort) or loops; that is LLVM's, and wavecc-run contains it with a
 * worker process per file (src/runner/isolate.c). This harness does the
 * same: each input is first read by llvm-dis-19 (the same LLVM 19 reader)
 * in a child process with 1 GiB of memory and a 5 s alarm; an input the
 * reader cannot survive is rejected (return -1: not added to the corpus)
 * and only inputs it reads, rightly or with an error, reach wavecc in this
 * process, where the coverage and the sanitizers are.
 *
 * Property: wavecc_compile returns a result; status 0 with a code object,
 * or non-zero with a message; nothing leaks, no undefined behaviour, no
 * internal assertion (a failed assert is a finding). Seeds:
 * tests/fuzz/corpus/bitcode (make-bitcode-seeds.sh). */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/spawn.h"
#include "wavecc/wavecc.h"

/* 1 when LLVM's reader returns (either way) on `data`: llvm-dis-19 reads
 * it in a child process with 1 GiB of address space and a 5 s alarm. A
 * separate program, not a fork of this one: a forked copy would carry
 * libFuzzer's exit and crash handlers (LLVM's report_fatal_error calls
 * exit) and ASan's allocator limits into the reader. */
static int reader_survives(const uint8_t *data, size_t size) {
  char dir[4096], path[4200], dis[4200];
  if (tempdir_create(dir, sizeof dir) != 0) return 0;
  snprintf(path, sizeof path, "%s/in.bc", dir);
  llvm_tool_path(dis, sizeof dis, "llvm-dis");
  int ok = 0;
  if (file_write_all(path, data, size) == 0) {
    pid_t pid = fork();
    if (pid == 0) {
      struct rlimit lim = {1u << 30, 1u << 30};
      setrlimit(RLIMIT_AS, &lim);
      alarm(5);
      int null = open("/dev/null", O_RDWR);
      dup2(null, 0);
      dup2(null, 1);
      dup2(null, 2);
      execl(dis, dis, path, "-o", "/dev/null", (char *)NULL);
      _exit(127);
    }
    int st = 0;
    if (pid > 0)
      while (waitpid(pid, &st, 0) < 0) {}
    /* 0: read; 1: a reported error. A signal (abort, alarm) or 127: no. */
    ok = pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) <= 1;
  }
  tempdir_remove(dir);
  return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4 || !((data[0] == 'B' && data[1] == 'C' && data[2] == 0xc0 && data[3] == 0xde) ||
                    (data[0] == 0xde && data[1] == 0xc0 && data[2] == 0x17 && data[3] == 0x0b)))
    return -1;
  if (!reader_survives(data, size)) return -1;
  wavecc_options o;
  wavecc_options_init(&o);
  o.input_kind = WAVECC_INPUT_LLVM;
  wavecc_result *r = wavecc_compile("fuzz.bc", data, size, &o);
  if (!r) abort();
  if (r->status == 0 && (!r->output || !r->output_size)) abort(); /* success gives a code object */
  if (r->status != 0 && (!r->diagnostics || !r->diagnostics[0])) abort(); /* every failure says why */
  wavecc_result_free(r);
  return 0;
}
