/* The device's error buffer (emu_internal.h: emu_err). A leaf: the
 * decoder, the executors and the device all report through it, and the
 * device calls them, so it is kept out of device.c (a four-file call
 * cycle otherwise, issue 23; scripts/check-layers.py). */
#include <stdarg.h>
#include <stdio.h>

#include "emu/emu_internal.h"

void emu_err(wemu_device *dev, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(dev->err, sizeof dev->err, fmt, ap);
  va_end(ap);
}
