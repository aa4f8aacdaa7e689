/* Device context, error buffer and global memory of the emulator.
 *
 * Global memory is a list of allocations at 64-bit device addresses,
 * starting at 4 GiB (so that a truncated 32-bit pointer never hits one)
 * with an unmapped 64 KiB gap after each allocation, so that running off
 * the end of a buffer faults instead of reading its neighbour. Every access
 * goes through emu_find(): an address outside every allocation is a fault
 * of the dispatch, never a host access. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"

#define ALLOC_GAP 0x10000ull

/* Creates a device; options are copied (NULL: defaults). NULL on OOM. */
wemu_device *wemu_create(const wemu_options *o) {
  /* A negative or NaN time limit is an error (no device to hold a message). */
  if (o && !(o->timeout_seconds >= 0)) return NULL;
  const wavecc_target *t = o && o->mcpu ? wavecc_target_by_name(o->mcpu) : &wavecc_target_gfx900;
  if (!t) return NULL;
  wemu_device *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  if (o) d->opt = *o;
  d->opt.mcpu = NULL; /* not kept: the caller's string may not outlive the device */
  /* "uninit" in the check list is the register-read oracle check_uninit */
  if (d->opt.checks & WEMU_CHECK_UNINIT) d->opt.check_uninit = 1;
  d->opt.checks &= ~(unsigned)WEMU_CHECK_UNINIT;
  d->tgt = t;
  d->next_addr = EMU_GLOBAL_BASE;
  emu_decode_init(d);
  emu_valu_init(d);
  return d;
}

/* Frees the device and all its allocations (programs must be freed first). */
/* The cached wave states hold no outstanding loads between dispatches
 * (group_worker drops them), only their register files and queues. Kept
 * here, beside its only caller, so that a program linking the loader
 * alone (fuzz_codeobj) does not pull in the dispatcher. */
void emu_waves_free(wemu_device *dev) {
  for (unsigned i = 0; i < dev->nwave_cache; i++) { free(dev->wave_cache[i].pend); free(dev->wave_cache[i].v); }
  free(dev->wave_cache);
  dev->wave_cache = NULL;
  dev->nwave_cache = 0;
}

void wemu_destroy(wemu_device *d) {
  if (!d) return;
  for (size_t i = 0; i < d->nallocs; i++) free(d->allocs[i].data);
  free(d->allocs);
  emu_waves_free(d);
  free(d);
}

/* The last error message, one line ("" if none). */
const char *wemu_error(const wemu_device *d) { return d ? d->err : "no device"; }

/* Allocates `size` bytes (zero-filled) at a fresh device address; 0 on error. */
uint64_t emu_alloc_internal(wemu_device *d, uint64_t size, int internal) {
  if (!d) return 0;
  if (size > (1ull << 34)) { emu_err(d, "wemu_alloc: %llu bytes is too large", (unsigned long long)size); return 0; }
  if (d->nallocs == d->cap) {
    size_t nc = d->cap ? d->cap * 2 : 16;
    emu_alloc *na = realloc(d->allocs, nc * sizeof *na);
    if (!na) { emu_err(d, "wemu_alloc: out of memory"); return 0; }
    d->allocs = na; d->cap = nc;
  }
  uint8_t *mem = calloc(1, size ? size : 1);
  if (!mem) { emu_err(d, "wemu_alloc: out of memory for %llu bytes", (unsigned long long)size); return 0; }
  uint64_t base = d->next_addr;
  d->next_addr = (base + size + ALLOC_GAP + 0xffff) & ~0xffffull;
  d->allocs[d->nallocs++] = (emu_alloc){base, size, mem, internal};
  return base;
}

uint64_t wemu_alloc(wemu_device *d, uint64_t size) { return emu_alloc_internal(d, size, 0); }

/* Drops the internal allocations of the last dispatch (kernarg, packet, scratch). */
void emu_free_internal(wemu_device *d) {
  size_t j = 0;
  for (size_t i = 0; i < d->nallocs; i++) {
    if (d->allocs[i].internal == 1) free(d->allocs[i].data);
    else d->allocs[j++] = d->allocs[i];
  }
  d->nallocs = j;
}

emu_alloc *emu_find(wemu_device *d, uint64_t addr, uint64_t size) {
  size_t lo = 0, hi = d->nallocs;
  while (lo < hi) { /* last allocation with base <= addr */
    size_t mid = (lo + hi) / 2;
    if (d->allocs[mid].base <= addr) lo = mid + 1; else hi = mid;
  }
  if (lo == 0) return NULL;
  emu_alloc *a = &d->allocs[lo - 1];
  if (addr - a->base > a->size || size > a->size - (addr - a->base)) return NULL;
  return a;
}

/* Host -> device copy; -1 if [addr, addr+size) is not inside one allocation. */
int wemu_write(wemu_device *d, uint64_t addr, const void *src, uint64_t size) {
  if (!d) return -1;
  if (!src && size) { emu_err(d, "wemu_write: NULL source for %llu bytes", (unsigned long long)size); return -1; }
  emu_alloc *a = emu_find(d, addr, size);
  if (!a) { emu_err(d, "wemu_write: [0x%llx, +%llu) is not inside one allocation", (unsigned long long)addr, (unsigned long long)size); return -1; }
  if (size) memcpy(a->data + (addr - a->base), src, size);
  return 0;
}

/* Device -> host copy; -1 if the range is not inside one allocation. */
int wemu_read(wemu_device *d, uint64_t addr, void *dst, uint64_t size) {
  if (!d) return -1;
  if (!dst && size) { emu_err(d, "wemu_read: NULL destination for %llu bytes", (unsigned long long)size); return -1; }
  emu_alloc *a = emu_find(d, addr, size);
  if (!a) { emu_err(d, "wemu_read: [0x%llx, +%llu) is not inside one allocation", (unsigned long long)addr, (unsigned long long)size); return -1; }
  if (size) memcpy(dst, a->data + (addr - a->base), size);
  return 0;
}

/* Frees the allocation starting at `base` (a program image). */
void emu_free_at(wemu_device *d, uint64_t base) {
  size_t j = 0;
  for (size_t i = 0; i < d->nallocs; i++) {
    if (d->allocs[i].base == base) free(d->allocs[i].data);
    else d->allocs[j++] = d->allocs[i];
  }
  d->nallocs = j;
}
