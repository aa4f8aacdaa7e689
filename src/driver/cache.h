/* The code-object cache (issue 28): results of compiling OpenCL C,
 * content-addressed. See cache.c for what the key covers and where the
 * files live. */
#ifndef WAVECC_DRIVER_CACHE_H
#define WAVECC_DRIVER_CACHE_H

#include <stddef.h>

#include "wavecc/wavecc.h"

/* The cache file for compiling `data` (`size` bytes, named `name`) with
 * `o` (OpenCL C input): a malloc'ed path whose name is the SHA-256 of
 * everything the result depends on, or NULL when the cache is off
 * (o->no_cache, $WAVECC_NO_CACHE), the options ask for output a cache
 * does not keep (--print-after, --time-passes, --stats), or no cache
 * directory can be named. */
char *driver_cache_path(const char *name, const void *data, size_t size, const wavecc_options *o);

/* Fills `r` (zeroed by the caller) from the file at `path`: 1 on a hit,
 * 0 when there is no valid entry (missing, truncated, another key). */
int driver_cache_load(const char *path, wavecc_result *r);

/* Stores a successful result `r` at `path`: written to a temporary file
 * in the same directory and renamed, so concurrent compiles never read a
 * partial entry. Failures are silent (the cache is an optimisation). */
void driver_cache_store(const char *path, const wavecc_result *r);

#endif
