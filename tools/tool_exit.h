/* Process exit for the wavecc and wavecc-run tools (included by both mains).
 *
 * exit_now(rc) ends the process with `rc` once its work is done and returns
 * rc only in builds without the statically linked front end. With clang and
 * LLVM linked in (WAVECC_STATIC_FRONTEND), exit() would run the destructors
 * of their thousands of static objects (command-line options, registries):
 * ~0.5 ms of CPU, a tenth of a cached wavecc-run. Nothing they do is needed
 * once the output is flushed, so the process ends without them; a failed
 * flush turns a 0 status into 1. Sanitizer builds never link the front end
 * statically: their leak check at exit still runs. */
#ifndef WAVECC_TOOL_EXIT_H
#define WAVECC_TOOL_EXIT_H

#include <stdio.h>
#include <unistd.h>

static inline int exit_now(int rc) {
#ifdef WAVECC_STATIC_FRONTEND
  if (fflush(NULL) != 0) rc = rc ? rc : 1;
  _exit(rc);
#endif
  return rc;
}

#endif
