/* The wave-level DS operations that take M0 (Vega ISA guide chapter 11,
 * "DS_APPEND", "DS_CONSUME", "DS_GWS_*"; AMDGPUUsage for the intrinsics):
 *
 * - ds_append / ds_consume on LDS (GDS=0) or GDS (GDS=1): one access per
 *   wave at address M0 + offset: the 32-bit counter there gets
 *   popcount(EXEC) added (append) or subtracted (consume), and every
 *   active lane receives the old value. With no active lane nothing
 *   happens.
 * - GDS atomics (ds_add_rtn_u32 ... gds and the other DS atomics): the
 *   generic DS path of exec_mem.c on the GDS memory, the address the
 *   VGPR + offset, bounded by M0 (llc-19 puts the kernel's
 *   amdgpu-gds-size there) and the target's gds_bytes. GDS is zero at
 *   the start of a dispatch and kept per worker (in a serial run, across
 *   the dispatch's work-groups); other GDS accesses are refused.
 * - ds_gws_*: the global wave sync resources, 64 of them, resource id =
 *   offset + M0[21:16]. What is modelled is what one work-group of one
 *   wave sees, deterministically: init sets a resource's value from the
 *   first active lane of the data VGPR (a barrier's "waves - 1" or a
 *   semaphore's count); barrier passes when its value is 0 (one wave
 *   takes part) and otherwise is reported, since the emulator does not
 *   hold waves at a GWS barrier; sema_v adds 1, sema_br adds the first
 *   active lane's value, sema_p takes 1 (reported when 0: the wave would
 *   wait forever), release_all releases waiting waves (none are).
 *   Resources are per worker (per dispatch when serial) and start at 0.
 *   No active lane: nothing happens (the hardware skips them too).
 *
 * Results go through the pending-write queue as other LDS results do
 * (lgkmcnt).
 */
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"

static int first_lane(emu_lanes exec) { return exec ? __builtin_ctzll(exec) : -1; }

uint8_t *emu_gds(emu_dispatch *d) {
  if (!d->gds) d->gds = calloc(d->tgt->gds_bytes ? d->tgt->gds_bytes : 1, 1);
  return d->gds;
}

static int append_consume(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_lanes exec = w->exec;
  if (!exec) return 0;
  uint8_t *mem = in->gds ? emu_gds(d) : d->lds;
  uint32_t size = in->gds ? d->tgt->gds_bytes : d->lds_size;
  if (!mem) return emu_fault(d, w, in, "out of memory");
  uint64_t a = ((uint64_t)w->s[OPC_M0] + ((unsigned)in->offset | (unsigned)in->offset1 << 8)) & 0xffffffffull;
  if (a + 4 > size || (a & 3))
    return emu_fault(d, w, in, "%s: %s address 0x%llx (M0 + offset) outside the %u-byte allocation or unaligned",
                     isa_table[in->op].mnemonic, in->gds ? "GDS" : "LDS", (unsigned long long)a, size);
  uint32_t old;
  memcpy(&old, mem + a, 4);
  uint32_t n = (uint32_t)popc64(exec);
  uint32_t nv = in->op == ISA_DS_APPEND ? old + n : old - n;
  memcpy(mem + a, &nv, 4);
  emu_pending p = {0};
  p.kind = 1; p.vgpr = 1; p.reg = in->vdst; p.ndw = 1; p.lanes = exec;
  p.vals = calloc(EMU_MAX_LANES, 4);
  if (!p.vals) return emu_fault(d, w, in, "out of memory");
  for (unsigned l = 0; l < w->nlanes; l++)
    if ((exec >> l) & 1) p.vals[l] = old;
  return emu_pending_add(d, w, in, &p);
}

static int gws(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_lanes exec = w->exec;
  int l = first_lane(exec);
  if (l < 0) return 0;
  unsigned id = ((unsigned)in->offset | (unsigned)in->offset1 << 8) + ((w->s[OPC_M0] >> 16) & 63);
  if (id >= 64) return emu_fault(d, w, in, "GWS resource %u (offset + M0[21:16]) past the 64 resources", id);
  /* the data operand is in the ADDR field */
  int has_data = in->op == ISA_DS_GWS_INIT || in->op == ISA_DS_GWS_BARRIER || in->op == ISA_DS_GWS_SEMA_BR;
  if (has_data && emu_vcheck(d, w, in, in->addr, 1, exec)) return -1;
  uint32_t v = has_data ? w->v[in->addr][l] : 0;
  uint32_t *r = &d->gws_value[id];
  switch (in->op) {
  case ISA_DS_GWS_INIT: *r = v; d->gws_inited[id] = 1; return 0;
  case ISA_DS_GWS_BARRIER:
    if (!d->gws_inited[id]) return emu_fault(d, w, in, "GWS barrier %u used before ds_gws_init", id);
    if (*r != 0)
      return emu_fault(d, w, in, "GWS barrier %u waits for %u more waves: the emulator models one wave at a GWS barrier", id,
                       *r);
    return 0;
  case ISA_DS_GWS_SEMA_V: (*r)++; return 0;
  case ISA_DS_GWS_SEMA_BR: *r += v; return 0;
  case ISA_DS_GWS_SEMA_P:
    if (*r == 0) return emu_fault(d, w, in, "GWS semaphore %u is 0: the wave would wait forever", id);
    (*r)--;
    return 0;
  case ISA_DS_GWS_SEMA_RELEASE_ALL: return 0;
  default: return emu_fault(d, w, in, "internal: not a GWS instruction");
  }
}

int emu_exec_ds_wave(emu_dispatch *d, emu_wave *w, const emu_inst *in, int *res) {
  switch (in->op) {
  case ISA_DS_APPEND: case ISA_DS_CONSUME: *res = append_consume(d, w, in); return 1;
  case ISA_DS_GWS_INIT: case ISA_DS_GWS_BARRIER: case ISA_DS_GWS_SEMA_V: case ISA_DS_GWS_SEMA_BR:
  case ISA_DS_GWS_SEMA_P: case ISA_DS_GWS_SEMA_RELEASE_ALL:
    if (!in->gds) { *res = emu_fault(d, w, in, "ds_gws_* without the GDS bit"); return 1; }
    *res = gws(d, w, in);
    return 1;
  default: return 0;
  }
}
