/* Placeholder until the runner lands (issue 2). */
#include "wavecc/emu.h"
#include "wavecc/wavecc.h"
int wavecc_runner_placeholder(void);
int wavecc_runner_placeholder(void) { return 0; }
