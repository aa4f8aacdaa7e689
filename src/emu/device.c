/* Placeholder until the emulator lands (issue 4). */
#include <stdlib.h>

#include "wavecc/emu.h"

struct wemu_device { char err[256]; };

wemu_device *wemu_create(const wemu_options *o) { (void)o; return calloc(1, sizeof(wemu_device)); }
void wemu_destroy(wemu_device *d) { free(d); }
const char *wemu_error(const wemu_device *d) { return d->err; }
