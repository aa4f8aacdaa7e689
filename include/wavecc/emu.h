/* wavecc emulator: public C API.
 *
 * Loads gfx900 HSA code objects (ELF, code object v4/v5) and dispatches
 * kernels over an NDRange on a strict wave64 emulator, as the ROCm runtime
 * would (AMDGPUUsage.rst: "Initial Kernel Execution State", "Code Object V5
 * Metadata"; AMD "Vega Instruction Set Architecture").
 *
 * Errors: every function that can fail returns a negative value (or NULL)
 * and writes a one-line message into the device's error buffer, readable
 * with wemu_error(). Nothing here aborts on bad input.
 */
#ifndef WAVECC_EMU_H
#define WAVECC_EMU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wemu_device wemu_device;
typedef struct wemu_program wemu_program;

/* Kernel bug checks (wemu_options.checks; wavecc-run --check=LIST, src/emu/check*.c).
 * A check that finds a bug fails the dispatch with "check NAME: ..." naming the PC,
 * the instruction, the source position (DWARF .debug_line, when the code object has
 * one), the address, the lane and its work-item and work-group ids. */
enum {
  WEMU_CHECK_UNINIT = 1u << 0,  /* "uninit": every read of a never-written register in an active lane
                                   (a compiler oracle; the same as wemu_options.check_uninit) */
  WEMU_CHECK_POISON = 1u << 1,  /* "poison": never-written registers, LDS and scratch hold undefined
                                   data, propagated through registers and memory; reported where it
                                   decides something: a branch or EXEC, an address, a global store */
  WEMU_CHECK_RACE = 1u << 2,    /* "race": conflicting LDS / global accesses of different waves or
                                   work-groups that no barrier or atomic orders */
  WEMU_CHECK_BARRIER = 1u << 3, /* "barrier": divergent s_barrier (part of a wave, different barriers,
                                   a wave that ends while others wait) */
  WEMU_CHECK_ALIGN = 1u << 4,   /* "align": an access of N bytes at an address not a multiple of min(N, 4) */
  WEMU_CHECK_BOUNDS = 1u << 5,  /* "bounds": a private access past the kernel's private segment */
  WEMU_CHECK_DIV = 1u << 6,     /* "div": integer division by zero (v_rcp_iflag_f32 of 0) */
};
/* "all": every check but the register oracle "uninit" and "align" (compilers merge
 * narrower accesses into wider ones the IR's alignment allows on the device, e.g.
 * two halves into a dword at a 2-byte address: at the ISA level those look like
 * misaligned accesses, so align is opt-in). */
#define WEMU_CHECK_ALL (WEMU_CHECK_POISON | WEMU_CHECK_RACE | WEMU_CHECK_BARRIER | WEMU_CHECK_BOUNDS | WEMU_CHECK_DIV)

typedef struct wemu_options {
  int check_uninit;   /* report each read of a never-written register in an active lane */
  unsigned checks;    /* WEMU_CHECK_* */
  int trace;          /* per-instruction trace to trace_file (PC, disassembly, EXEC, writes) */
  void *trace_file;   /* FILE *; NULL means stderr */
  int lax_waitcnt;    /* 0 (default): a load's result is visible only after an s_waitcnt covers it */
  uint64_t max_wave_instructions; /* per dispatch, all waves; 0: default (400 million) */
  uint64_t max_steps;       /* instructions one wave may execute; 0: default (20 million) */
  double timeout_seconds;   /* wall-clock limit per dispatch; 0: none */
  const char *mcpu;         /* processor emulated ("gfx900" when NULL); wemu_create fails for one
                               wavecc does not know, wemu_load for a code object of another one */
  uint32_t dynamic_stack_bytes; /* stack room per work-item added to the private segment of a kernel
                                   with .uses_dynamic_stack (recursion, indirect calls);
                                   0: WEMU_DEFAULT_DYNAMIC_STACK. At most 131056 bytes with the frame. */
  int xnack_replay;         /* check code for XNACK replay (code objects with xnack any or on): a fault may
                               replay a soft clause (consecutive SMEM or VMEM instructions) from its first
                               instruction, so faults a clause of two or more that writes a register one of
                               its instructions reads, and a multi-dword scalar load not naturally aligned
                               (it may span pages) that overwrites its address (src/emu/replay.c) */
  unsigned threads;         /* worker threads running work-groups in parallel; 0: one per online CPU, 1: serial.
                               Results equal the serial run's for kernels whose work-groups do not race on
                               global memory (src/emu/README.md, "Parallel work-groups"); --trace runs serially */
  uint64_t schedule_seed;   /* 0: the waves of a work-group take turns one instruction each (round-robin);
                               otherwise a pseudo-random interleaving, reproducible from the seed and the group id */
  int threads_eager;        /* start every worker thread when a dispatch starts; 0 (default): the first worker
                               runs alone until it has executed WEMU_PAR_START_AFTER wave-instructions of the
                               dispatch and work-groups are left (small dispatches then need no thread) */
} wemu_options;

#define WEMU_PAR_START_AFTER 16384u

#define WEMU_DEFAULT_DYNAMIC_STACK 16384u

/* Kernel argument kinds, from the code object v5 metadata ".value_kind". */
typedef enum wemu_arg_kind {
  WEMU_ARG_BY_VALUE,
  WEMU_ARG_GLOBAL_BUFFER,
  WEMU_ARG_DYNAMIC_SHARED_POINTER, /* __local argument: LDS allocated at dispatch */
  WEMU_ARG_HIDDEN,                 /* any hidden_* argument: filled by the emulator */
  WEMU_ARG_OTHER,
} wemu_arg_kind;

typedef struct wemu_arg_info {
  wemu_arg_kind kind;
  const char *value_kind;  /* the metadata string, e.g. "hidden_group_size_x" */
  const char *name;        /* may be NULL */
  uint32_t offset, size;   /* in the kernarg segment, bytes */
  uint32_t address_space;  /* 1 global, 3 local, 4 constant; 0 when not a pointer */
} wemu_arg_info;

typedef struct wemu_kernel_info {
  const char *name;
  uint32_t num_args;          /* explicit + hidden, in metadata order */
  const wemu_arg_info *args;
  uint32_t num_explicit_args; /* explicit ones come first */
  uint32_t kernarg_size;      /* bytes */
  uint32_t group_segment_size, private_segment_size; /* static LDS / scratch per lane, bytes */
  uint32_t sgpr_count, vgpr_count;
  uint32_t max_flat_workgroup_size;
  uint32_t reqd_workgroup_size[3]; /* .reqd_workgroup_size (OpenCL reqd_work_group_size(X,Y,Z)); 0,0,0: none */
} wemu_kernel_info;

/* One explicit argument as the host sets it (clSetKernelArg-like).
 * BY_VALUE: `data`/`size` bytes copied into the kernarg segment.
 * GLOBAL_BUFFER: `address` is a device address from wemu_alloc (0 = NULL).
 * DYNAMIC_SHARED_POINTER: `size` bytes of LDS are allocated per workgroup. */
typedef struct wemu_arg {
  const void *data;
  uint32_t size;
  uint64_t address;
} wemu_arg;

/* Dynamic statistics of one dispatch, summed over all waves. */
typedef struct wemu_stats {
  uint64_t wave_instructions;
  uint64_t salu, valu, smem, vmem, lds, branch, other;
  uint64_t active_lanes_sum; /* sum over VALU wave-instructions of popcount(EXEC): lane utilisation = active_lanes_sum / (64 * valu) */
  uint64_t cycles_estimate;
  uint64_t mode_writes;      /* s_setreg_b32 / s_setreg_imm32_b32 of MODE executed (wave-instructions) */
  /* spill code executed (either compiler's): MUBUF stores / loads without a
   * VGPR address (the "off" form spill slots use; allocas use offen) and
   * v_writelane_b32 / v_readlane_b32 (SGPRs in VGPR lanes) */
  uint64_t spill_stores, spill_loads;
  uint64_t waves, workgroups;
  double host_seconds;       /* wall-clock time the host spent emulating the dispatch (speed report only) */
  /* The occupancy-aware cycle model (src/emu/cycle_model.c): waves per SIMD
   * the kernel's VGPRs, SGPRs and LDS allow, and the cycles of one CU whose
   * SIMDs interleave that many waves, memory latency overlapped with other
   * waves' work and waits charged only for latency still outstanding. */
  uint64_t cycles_occupancy;
  uint32_t waves_per_simd;
  double host_cpu_seconds;   /* CPU time of the process over the dispatch, all emulator threads together
                                (speed report only: independent of other load on the machine) */
  uint32_t workers;          /* worker threads that ran (1: serial; see wemu_options.threads_eager) */
} wemu_stats;

/* Parses a comma-separated list of check names ("poison,race", "all", "none")
 * into *out (WEMU_CHECK_*); 0, or -1 for an unknown name (*out unchanged).
 * The names: uninit poison race barrier align bounds div. */
int wemu_check_parse(const char *list, unsigned *out);

/* A device with the given options (NULL: defaults); NULL when out of
 * memory, opts->timeout_seconds is negative or NaN, or opts->mcpu names a
 * processor wavecc does not know. */
wemu_device *wemu_create(const wemu_options *opts /* may be NULL */);
/* Frees a device and its memory; NULL is ignored. */
void wemu_destroy(wemu_device *dev);
/* The last error message of this device ("" if none; "no device" for NULL). */
const char *wemu_error(const wemu_device *dev);

/* Allocates `size` bytes of device global memory, zero-filled; returns its
 * 64-bit device address (never 0), or 0 on failure. Accesses outside every
 * allocation fault the dispatch. 0 too for a NULL `dev` or more than 16 GiB. */
uint64_t wemu_alloc(wemu_device *dev, uint64_t size);
/* Copies between host and device memory; -1 if the range is not inside
 * one allocation, `dev` is NULL, or the host pointer is NULL with size > 0. */
int wemu_write(wemu_device *dev, uint64_t addr, const void *src, uint64_t size);
int wemu_read(wemu_device *dev, uint64_t addr, void *dst, uint64_t size);

/* The largest code object wemu_load accepts, bytes: its loaded image is
 * limited to 64 MiB, the rest (symbols, notes, debug sections) to as much
 * again. Readers of code object files bound their reads by it. */
#define WEMU_MAX_CODE_OBJECT_BYTES (128u << 20)
#define WEMU_MAX_CODE_OBJECT_TEXT "128 MiB"

/* Loads an ELF code object (copied); NULL on error (see wemu_error): not
 * an AMDGPU ELF64 shared object, larger than WEMU_MAX_CODE_OBJECT_BYTES,
 * headers or segments outside the file. `dev` NULL: NULL. */
wemu_program *wemu_load(wemu_device *dev, const void *elf, size_t size);
/* Frees a program; NULL is ignored. */
void wemu_program_free(wemu_program *prog);
/* Kernel metadata by name; NULL if absent or either argument is NULL.
 * Valid while `prog` lives. */
const wemu_kernel_info *wemu_kernel(const wemu_program *prog, const char *name);

/* Dispatches `kernel` over an NDRange of `dims` dimensions (1..3) with the
 * given global and local sizes in work-items (local may be NULL: the
 * emulator picks) and global offset (may be NULL). `args` holds the explicit
 * arguments in order. Runs to completion. Returns 0, or -1 with wemu_error
 * set: a fault (out-of-bounds access with PC and address, unknown
 * instruction, hazard, waitcnt violation found by the strict checks, or the
 * instruction limit). `stats` may be NULL. Bad arguments are errors too
 * (-1, with a message unless `dev` is NULL): NULL prog, kernel or
 * global_size, a program loaded on another device, dims outside 1..3,
 * sizes out of range, `args` NULL or num_args different from the
 * kernel's explicit argument count. */
int wemu_dispatch(wemu_device *dev, wemu_program *prog, const char *kernel,
                  const wemu_arg *args, uint32_t num_args, uint32_t dims,
                  const uint64_t global_size[3], const uint64_t *local_size,
                  const uint64_t *global_offset, wemu_stats *stats);

#ifdef __cplusplus
}
#endif
#endif
