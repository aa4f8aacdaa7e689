/* Internal types of the wavecc emulator (library wavecc_emu).
 *
 * Layout of the emulator, one concern per file:
 *   device.c    device context, error buffer, global memory allocations
 *   msgpack.c   a small MessagePack reader for the metadata note
 *   loader.c    ELF code object, kernel descriptors (NAME.kd), v5 metadata
 *   decode.c    binary encodings -> emu_inst, disassembly for --trace
 *   wave.c      register file, operand read/write, poison, waitcnt queue, hazards
 *   fp.c        MODE-aware floating point (rounding, denormals, div helpers)
 *   exec_salu.c SOP1/SOP2/SOPK/SOPC/SOPP
 *   exec_valu.c VOP1/VOP2/VOPC/VOP3/VOP3P
 *   exec_valu_fast.c whole-wave loops for the frequent VALU ops
 *   parallel.c  worker threads of a dispatch, the lock of global atomics
 *   exec_mem.c  SMEM, DS, MUBUF, FLAT/GLOBAL/SCRATCH
 *   dispatch.c  initial kernel execution state, kernarg segment, scheduling
 *
 * There is no global mutable state: everything hangs off wemu_device and
 * the per-dispatch emu_dispatch.
 */
#ifndef WAVECC_EMU_INTERNAL_H
#define WAVECC_EMU_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "target/isa.h"
#include "target/target.h"
#include "wavecc/emu.h"

#define EMU_POISON 0x7fbadbadu /* contents of a never-written register */
#define EMU_NUM_SGPR 128       /* SGPR-file operand codes 0..127 (incl. VCC, M0, EXEC) */
/* VGPR rows of a wave: v0..v255, then (targets with AGPRs) a0..a255 at
 * rows EMU_AGPR0.. (the unified file of CDNA; the descriptor's
 * ACCUM_OFFSET bounds both halves, emu_vrange). A VALU source operand code
 * OPC_VGPR0 + row reaches an AGPR as OPC_VGPR0 + EMU_AGPR0 + n. */
#define EMU_AGPR0 256
#define EMU_NUM_VGPR 512
/* Lanes: the wave size comes from the target (emu_wave.nlanes =
 * wavecc_target.wave_size); lane masks (EXEC, VCC, per-register written
 * lanes) are emu_lanes, and per-lane arrays are sized for the widest wave
 * the emulator supports. */
#define EMU_MAX_LANES 64
typedef uint64_t emu_lanes;

/* Special scalar operand codes (Vega ISA guide, 12.x "SSRC" field). */
enum {
  OPC_FLAT_SCR_LO = 102, OPC_FLAT_SCR_HI = 103,
  OPC_XNACK_LO = 104, OPC_XNACK_HI = 105,
  OPC_VCC_LO = 106, OPC_VCC_HI = 107,
  OPC_M0 = 124, OPC_EXEC_LO = 126, OPC_EXEC_HI = 127,
  OPC_ZERO = 128, OPC_INT_POS_LAST = 192, OPC_INT_NEG_LAST = 208,
  OPC_SHARED_BASE = 235, OPC_SHARED_LIMIT = 236,
  OPC_PRIVATE_BASE = 237, OPC_PRIVATE_LIMIT = 238, OPC_POPS_WAVE_ID = 239,
  OPC_FLT_FIRST = 240, OPC_FLT_LAST = 248,
  OPC_SDWA = 249, OPC_DPP = 250, OPC_VCCZ = 251, OPC_EXECZ = 252, OPC_SCC = 253,
  OPC_LDS_DIRECT = 254, OPC_LITERAL = 255, OPC_VGPR0 = 256,
  /* RDNA: SGPR_NULL reads 0 and ignores writes. The emulator numbers it
   * 125 as GFX10 does; the GFX11 decoder swaps GFX11's M0 (125) and NULL
   * (124) into this numbering. */
  OPC_NULL = 125,
};
/* emu_inst.sdst of a compare that writes no SGPR mask (RDNA v_cmpx writes EXEC only). */
#define EMU_NO_SDST 0xffffu

/* Flat apertures (gfx9: src_shared_base/src_private_base give the 64-bit
 * aperture base; a flat address inside one maps to LDS / scratch). */
#define EMU_SHARED_APERTURE  0x0001000000000000ull
#define EMU_PRIVATE_APERTURE 0x0002000000000000ull
#define EMU_APERTURE_SIZE    0x0000000100000000ull
#define EMU_GLOBAL_BASE      0x0000000100000000ull

/* ------------------------------------------------------------ memory */
typedef struct emu_alloc {
  uint64_t base, size;
  uint8_t *data;
  int internal; /* kernarg/dispatch packet/scratch/code: freed by the emulator */
} emu_alloc;

/* Per-op operand shape parsed once from isa.def's signature column. */
typedef struct emu_opshape {
  uint8_t ndefs, nuses;
  uint8_t defw[2], usew[4];
  char defk[2], usek[4];
} emu_opshape;

/* Per-op VALU facts derived once from the mnemonic (exec_valu.c). */
typedef struct emu_vinfo {
  uint8_t cmp;      /* VOPC condition code (float 0..15, integer 0..7) */
  uint8_t cmptype;  /* 0 none, 1 f16, 2 f32, 3 f64, 4 i16, 5 u16, 6 i32, 7 u32, 8 i64, 9 u64, 10/11/12 class f16/f32/f64 */
  uint8_t cmpx;     /* v_cmpx: also writes EXEC */
  uint8_t src16;    /* sources are 16-bit values (f16/i16/u16 ops) */
  uint8_t dst16;    /* result is 16 bits */
  uint8_t fsrc;     /* float sources: 0 none, 16, 32, 64 (for modifiers/constants) */
  uint8_t family;   /* which lane-semantics family computes it (valu_lane.h EMU_LANE_*) */
  uint8_t fast;     /* exec_valu_fast.c's kind for it (0: the generic path only) */
} emu_vinfo;

struct wemu_device {
  wemu_options opt;
  const wavecc_target *tgt; /* the GPU emulated (gfx900) */
  char err[512];
  emu_alloc *allocs; /* sorted by base (bases only grow) */
  size_t nallocs, cap;
  uint64_t next_addr;
  emu_opshape shape[ISA_NUM_OPS];
  int16_t optab[ISA_FMT_COUNT][1024]; /* (format, opcode) -> isa_op or -1 */
  emu_vinfo vinfo[ISA_NUM_OPS];
  /* wave states (with their register files) kept between dispatches, so a
   * small dispatch does not pay for allocating and faulting in 128 KiB per
   * wave (emu_waves_get, dispatch.c; freed by wemu_destroy) */
  struct emu_wave *wave_cache;
  unsigned nwave_cache;
};
/* Frees the cached wave states of DEV (device.c: wemu_destroy). */
void emu_waves_free(wemu_device *dev);

void emu_err(wemu_device *dev, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Finds the allocation holding [addr, addr+size); NULL if none. */
emu_alloc *emu_find(wemu_device *dev, uint64_t addr, uint64_t size);
uint64_t emu_alloc_internal(wemu_device *dev, uint64_t size, int internal);
void emu_free_internal(wemu_device *dev);
void emu_free_at(wemu_device *dev, uint64_t base);

/* ------------------------------------------------------------ loader */
typedef struct emu_kernel {
  wemu_kernel_info info;
  wemu_arg_info *args;
  char *name;
  uint64_t kd_offset;   /* file offset (vaddr) of NAME.kd */
  uint64_t entry;       /* vaddr of the first instruction */
  uint32_t rsrc1, rsrc2, rsrc3;
  uint16_t kcode_props; /* kernel_code_properties (user SGPR enables) */
  uint16_t kernarg_preload; /* KD bytes 58-59: preloaded kernarg dwords [6:0], their first dword [15:7] */
  uint32_t kd_group_size, kd_private_size, kd_kernarg_size;
  uint8_t code_object_version; /* the ELF header's EI_ABIVERSION + 2: 4, 5, 6 (AMDGPUUsage "ELF Header") */
} emu_kernel;

struct wemu_program {
  wemu_device *dev;
  uint8_t *image;      /* loaded image: vaddr -> byte */
  uint64_t image_size;
  uint64_t text_lo, text_hi; /* executable range (vaddr) */
  uint64_t load_base;  /* device address of vaddr 0: the image is a global allocation */
  emu_kernel *kernels;
  uint32_t nkernels;
  char *strings;       /* owned metadata strings */
  size_t strings_len, strings_cap;
  struct emu_inst *dcache; /* decoded instructions by (vaddr - text_lo) / 4 */
  uint8_t *dvalid;
  int xnack_replay;    /* the code object's target ID has xnack any or on (e_flags): XNACK may replay */
  /* DWARF sections kept for check reports' source positions (check_lines.c) */
  uint8_t *dbg_line, *dbg_line_str, *dbg_str;
  size_t dbg_line_size, dbg_line_str_size, dbg_str_size;
  uint8_t *wcc_checks;            /* wavecc's .wavecc.checks (check_notes.c) */
  size_t wcc_checks_size;
};

/* ------------------------------------------------------------ decode */
typedef struct emu_inst {
  isa_op op;
  isa_format fmt;   /* the encoding actually used (VOP3 for promoted VOP1/2/C) */
  uint8_t size;     /* bytes, including a literal */
  uint8_t vop3;     /* a VOP1/VOP2/VOPC op in the VOP3 encoding */
  uint8_t has_lit;
  uint32_t literal;
  uint16_t dst;     /* VALU: VGPR index; SALU: SGPR-file code */
  uint16_t sdst;    /* VOP3b / VOPC-in-VOP3: SGPR-file code */
  uint16_t src[3];  /* 9-bit operand codes (>= 256: VGPR) */
  uint8_t abs, neg, clamp, omod, opsel, opsel_hi, neg_hi;
  /* SDWA (VOP1/VOP2/VOPC with src0 = 249): operand sub-dword selects */
  uint8_t sdwa, dst_sel, dst_unused, src_sel[2], src_sext[2];
  /* DPP (src0 = 0xfa, 0xe9, 0xea; exec_dpp.c): dpp 1 DPP16, 2 DPP8; src[0]
   * is then the source VGPR, read from other lanes */
  uint8_t dpp, dpp_fi, dpp_bc, dpp_row_mask, dpp_bank_mask;
  uint16_t dpp_ctrl;
  uint32_t dpp8_sel;
  int32_t simm16;   /* SOPK/SOPP, sign-extended */
  /* memory */
  int32_t offset;   /* SMEM/MUBUF/FLAT immediate offset, DS offset0 */
  uint8_t offset1, gds, glc, slc, offen, idxen, lds, seg, imm, tfe;
  uint8_t tfmt;     /* MTBUF: FORMAT, DATA_FORMAT | NUM_FORMAT << 4 */
  uint8_t scc;      /* gfx90a SCC / gfx942 SC1 cache bit (glc is SC0, slc NT there) */
  uint8_t cbsz, abid, blgp; /* MFMA broadcast controls (VOP3P neg_hi, op_sel and neg fields) */
  uint16_t saddr, vaddr, vdata, srsrc, soffset, sbase, sdata;
  uint16_t addr, data0, data1, vdst;
  uint8_t sve;      /* SCRATCH: the address VGPR is used beside an SGPR SADDR (GFX940 SVE bit, GFX11 SVS mode; gfx9: SADDR is off) */
  uint8_t vaddr_off; /* GFX11 SCRATCH: no VADDR (SVE = 0) */
  /* GFX11 VOPD: this instruction is the X half; the Y half's VOP1/VOP2 op and operands */
  uint8_t vopd;
  uint16_t y_op, y_dst, y_src0, y_src1;
  /* Derived once per decoded instruction (emu_inst_prepare, when the
   * decode cache fills its slot), so execution does not re-derive them:
   * the statistics class (EMU_XC_*), issue cycles of the cycle estimate
   * and EMU_XF_* counters; the VALU fast path (emu_valu_prepare): vfast 1
   * a whole-wave op, 2 a whole-wave compare, 0 the generic path; its
   * sources after operand shaping, the carry-in mask operand and the
   * carry-out destination (EMU_NO_OPERAND: none). */
  uint8_t xclass, xcost, xflags;
  /* For the occupancy cycle model (cycle_model.c): the VALU kind
   * (WAVECC_VK_*), the VGPR rows whose values the instruction reads (first
   * row of each operand, at most 4) and the rows a VALU one writes. */
  uint8_t xvk, xnrd, xnwr;
  uint16_t xrd[4], xwr[3];
  uint8_t vfast, vnsrc;
  uint16_t vcodes[3], vcin, vcout;
  /* The poison check's plan of a VALU instruction (emu_poison_prepare,
   * check_poison.c): pplan PLAN_FULL when the lanes of its result are
   * undefined exactly where a VGPR row it reads (pvrow, pvn rows each) or
   * its mask operand (pmask_in) is, or everywhere when a scalar it reads
   * (pscode, psn dwords each) is; and it writes pdn rows from pdrow, the
   * VOPD Y row pyrow and the lane mask pmask_out (EMU_NO_OPERAND: none).
   * A VOPD pair's halves are planned apart: the X half reads rows
   * [0, pnx) and scalars [0, psx), the Y half (result row pyrow) the rest.
   * Other pplan values (check_internal.h): the check's general code. */
  uint8_t pplan, pnv, pns, pdn, pnx, psx;
  uint16_t pvrow[6], pscode[4], pmask_in, pdrow, pyrow, pmask_out;
  uint8_t pvn[6], psn[4];
} emu_inst;

enum { EMU_XC_SALU, EMU_XC_BRANCH, EMU_XC_OTHER, EMU_XC_SMEM, EMU_XC_LDS, EMU_XC_VMEM, EMU_XC_VALU };
enum { EMU_XF_MODE_WRITE = 1, EMU_XF_SPILL_STORE = 2, EMU_XF_SPILL_LOAD = 4 };
#define EMU_NO_OPERAND 0xffffu
/* Fills the derived fields of a decoded instruction (see emu_inst). */
void emu_inst_prepare(const wemu_device *dev, emu_inst *in);
void emu_valu_prepare(const wemu_device *dev, emu_inst *in);
void emu_poison_prepare(const wemu_device *dev, emu_inst *in);
/* The instruction the poison check should follow while wave w is in
 * s_set_gpr_idx_on mode: IN itself when no VGPR operand is indexed, else
 * COPY (caller's storage) with the indexed VGPR sources and destination
 * moved by the index (Vega ISA 4.5 "VGPR indexing": mode bits 0-2 the
 * sources, 3 the destination) and its plan made again. */
const emu_inst *emu_poison_indexed(const wemu_device *dev, const struct emu_wave *w, const emu_inst *in, emu_inst *copy);

/* Builds the (format, opcode) lookup tables of the device target's
 * encoding family (isa_encoding) and the operand shapes. */
void emu_decode_init(wemu_device *dev);
/* The dword at vaddr pc of prog; *ok = 0 outside the code. */
uint32_t emu_fetch(const wemu_program *p, uint64_t pc, int *ok);
/* out->op = the instruction of (format f, opcode op); -1 with the device
 * error set if the family has none. */
int emu_lookup(wemu_device *dev, isa_format f, unsigned op, uint64_t pc, uint32_t w0, emu_inst *out);
/* Reads the SDWA dword w1 of VOP1/VOP2/VOPC dword w into in (GFX9, GFX10). */
void emu_decode_sdwa(emu_inst *in, uint32_t w, uint32_t w1);
/* decode_rdna.c: emu_decode for the GFX10 and GFX11 encodings. */
int emu_decode_rdna(wemu_device *dev, const wemu_program *prog, uint64_t pc, emu_inst *out);
/* Decodes at vaddr `pc` of `prog`; 0 or -1 with the device error set. */
int emu_decode(wemu_device *dev, const wemu_program *prog, uint64_t pc, emu_inst *out);
/* Disassembles into buf (mnemonic + operands, llvm-mc-like). */
void emu_disasm(const wemu_device *dev, const emu_inst *in, char *buf, size_t n);

/* ------------------------------------------------------------ waves */
/* emu_pending.kind: the counter an access counts in. */
enum { EMU_PEND_VM = 0, EMU_PEND_LGKM = 1, EMU_PEND_VS = 2 };
typedef struct emu_pending {
  uint8_t kind;        /* EMU_PEND_*: vmcnt, lgkmcnt, vscnt (RDNA stores) */
  uint8_t vgpr;        /* destination is VGPR (else SGPR) */
  uint16_t reg, ndw;
  emu_lanes lanes;
  uint64_t pc;
  isa_op op;
  uint32_t *vals;      /* ndw (SGPR) or ndw*EMU_MAX_LANES (VGPR, [dw*EMU_MAX_LANES+lane]) */
  uint32_t *maskw;     /* VGPR: per-dword-lane byte masks for d16 (NULL: all) */
} emu_pending;

typedef struct emu_wave {
  uint32_t s[EMU_NUM_SGPR];
  uint8_t sinit[EMU_NUM_SGPR];
  uint8_t spend[EMU_NUM_SGPR];   /* a load into this SGPR is outstanding */
  uint32_t (*v)[EMU_MAX_LANES];  /* [EMU_NUM_VGPR][lanes] */
  unsigned nlanes;               /* lanes in this wave: the target's wave size */
  emu_lanes vinit[EMU_NUM_VGPR];  /* lanes written */
  emu_lanes vundef[EMU_NUM_VGPR]; /* lanes holding v_writelane_b32's copy of a never-written SGPR (not in vinit) */
  emu_lanes vpend[EMU_NUM_VGPR];  /* lanes with an outstanding load */
  uint8_t vexec0[EMU_NUM_VGPR];  /* last written by a load that ran with EXEC = 0 (loaded nothing) */
  emu_lanes exec;
  uint32_t scc, mode, trapsts;
  uint64_t pc, last_pc;          /* device addresses; last_pc: the previous instruction */
  int done, at_barrier;
  uint32_t id_in_group;          /* wave index in its workgroup */
  uint64_t scratch_base;         /* this wave's scratch (global address) */
  uint32_t call_depth;           /* s_swappc_b64 calls not yet returned by s_setpc_b64 (stack overflow messages) */
  uint32_t gpr_idx_on, gpr_idx, gpr_idx_mode;
  uint64_t flat_scratch;         /* FLAT_SCRATCH where it is not an SGPR pair (RDNA: s_setreg, architected) */
  uint8_t flat_scratch_set;      /* bit 0: low half written, bit 1: high half */
  uint8_t vgprs_released;        /* gfx11 s_sendmsg MSG_DEALLOC_VGPRS ran */
  emu_pending *pend; size_t npend, cappend;
  /* hazards: wait-state clock and the time of the last relevant writes */
  uint64_t ws;
  uint64_t valu_sgpr_write[EMU_NUM_SGPR];
  uint64_t salu_m0_write, setreg_time;
  /* gfx9 DPP hazards (exec_dpp.c): when a VALU instruction last wrote
   * each VGPR row, and EXEC */
  uint64_t valu_vgpr_write[EMU_NUM_VGPR], valu_exec_write;
  /* MFMAs issued in the last WAVECC_MFMA_MAX_WAIT wait states: when, and
   * their D and C rows (exec_mfma.c, emu_mfma_vhazard) */
  struct emu_mfma_rec { uint64_t ws; uint16_t op, d0, dn, c0, cn; } mfma[WAVECC_MFMA_MAX_WAIT + 1];
  uint8_t nmfma;
  /* gfx11 VALUTransUseHazard (hazard_gfx11.c): VALU and TRANS instructions
   * so far, va_vdst waits so far, and per VGPR those counts just after its
   * last TRANS write (wait count + 1; anything else: no such write since) */
  uint32_t hz_valus, hz_trans, hz_vawait;
  struct { uint32_t valus, trans, vawait; } trans_write[EMU_NUM_VGPR];
  /* gfx11 wave64 VALUMaskWriteHazard: SGPRs a VALU read as a lane mask
   * since the last expiry (armed), and those an SALU wrote since
   * (pending, until s_waitcnt_depctr sa_sdst(0)); VALUPartialForwarding:
   * per VGPR the VALU count after its last VALU write and the va_vdst
   * wait count + 1 then, the same for the last SALU write of EXEC. */
  uint64_t mask_armed[2], mask_pending[2];
  struct { uint32_t valus, vawait; } valu_write[EMU_NUM_VGPR];
  uint32_t exec_write_valus, exec_write_vawait;
  uint64_t instructions;
  /* the soft clause being executed (wemu_options.xnack_replay, replay.c) */
  uint8_t clause_kind;           /* isa_clause of its instructions; ISA_CLAUSE_NONE: none */
  uint32_t clause_n;             /* instructions in it so far */
  uint64_t clause_pc;            /* its first instruction */
  uint64_t clause_reads[8], clause_writes[8]; /* register units: SGPR codes 0..127, VGPR n at 256 + n */
} emu_wave;

typedef struct emu_cycle_model emu_cycle_model; /* cycle_model.c */
/* parallel.c: what the worker threads of one dispatch share (NULL when
 * the dispatch runs on one thread). */
typedef struct emu_par emu_par;
emu_par *emu_par_new(void);
void emu_par_free(emu_par *p);
/* Adds N wave-instructions to the dispatch-wide count; returns the new total. */
uint64_t emu_par_add_executed(emu_par *p, uint64_t n);
/* The lock of global-memory atomics (and dispatch.c's fault record); no-ops for NULL. */
void emu_par_lock(emu_par *p);
void emu_par_unlock(emu_par *p);
/* Worker threads for a dispatch: wemu_options.threads, 0 meaning the online CPUs. */
unsigned emu_par_threads(const wemu_options *o);
/* Runs fn(arg, i) for i in 0..n-1, i = 0 on the calling thread, the rest on
 * new threads; returns when all have returned. With LATER the other
 * threads start only when fn(arg, 0) calls emu_par_start (at most once;
 * never called: only fn(arg, 0) runs). *CREW_OUT (when not NULL) is set,
 * before fn(arg, 0) runs, to the handle emu_par_start takes (NULL when
 * n <= 1 or out of memory: one thread); it dies when emu_par_run returns. */
typedef struct emu_par_crew emu_par_crew;
void emu_par_run(unsigned n, void (*fn)(void *arg, unsigned index), void *arg, emu_par_crew **crew_out, int later);
/* Starts the other threads of CREW (once; NULL: nothing). */
void emu_par_start(emu_par_crew *crew);
/* Whether fn(arg, INDEX) of CREW's run has run or is running (0 always has). */
int emu_par_started(const emu_par_crew *crew, unsigned index);

typedef struct emu_dispatch {
  emu_cycle_model *cm;       /* the occupancy-aware cycle model (NULL: not kept) */
  wemu_device *dev;
  const wavecc_target *tgt;  /* the device target at the kernel's wave size (ENABLE_WAVEFRONT_SIZE32) */
  wemu_program *prog;
  emu_kernel *k;
  wemu_stats *st;
  FILE *trace;
  uint8_t *lds; uint32_t lds_size;
  uint64_t scratch_alloc; uint32_t scratch_per_lane, scratch_per_wave;
  uint64_t scratch_total;        /* bytes of the scratch allocation (all waves) */
  uint32_t dynamic_stack;        /* bytes per lane added for a USES_DYNAMIC_STACK kernel (0: none) */
  uint64_t dispatch_ptr, kernarg_ptr, queue_ptr;
  uint64_t limit, executed;      /* executed: by this worker (all of the dispatch when serial) */
  uint64_t group_executed;       /* wave-instructions of the running work-group so far (s_memtime) */
  emu_par *par;                  /* shared by the worker threads; NULL when serial */
  uint32_t scratch_wave0;        /* the worker's first scratch block (waves of a group use the next ones) */
  uint64_t wave_limit;           /* per-wave instruction limit (watchdog) */
  unsigned vgpr_limit;           /* VGPRs the kernel descriptor allocates (rsrc1 granules; on targets with
                                    AGPRs the ArchVGPRs below RSRC3 ACCUM_OFFSET) */
  unsigned agpr_limit;           /* AGPRs it allocates: the rest of the rsrc1 granules past ACCUM_OFFSET */
  unsigned sgpr_limit;           /* numbered SGPRs s0.. the descriptor's allocation covers (rsrc1 granules) */
  double deadline;               /* CLOCK_MONOTONIC seconds; 0: none */
  uint64_t entry;      /* device address of the kernel's first instruction */
  int check_uninit;               /* wemu_options.check_uninit, cleared for reads that are copies (per dispatch, not the shared device) */
  uint32_t group_id[3]; int in_group; /* the work-group running (fault messages name it) */
  /* writes done by the current instruction (for --trace) */
  char tw[512]; size_t twlen;
  struct emu_check *chk;         /* wemu_options.checks state (check_internal.h); NULL: no checks */
  /* Global wave sync resources (exec_gds.c): per worker, i.e. per
   * dispatch when serial; a value (barrier count or semaphore) each */
  uint32_t gws_value[64];
  uint8_t gws_inited[64];
  uint8_t *gds;                  /* the global data share (target gds_bytes), per worker, allocated at first use */
} emu_dispatch;

/* cycle_model.c: the occupancy-aware cycle model (wemu_stats.cycles_occupancy).
 * emu_cm_create: one per worker thread of dispatch d (its target,
 * d->vgpr_limit/agpr_limit/sgpr_limit) with lds_per_group bytes of LDS and
 * waves_per_group waves per full work-group; NULL when out of memory.
 * emu_cm_group: the worker starts work-group number `group` (serial
 * x, y, z order). emu_cm_before / emu_cm_after wrap the execution of one
 * instruction of wave w (counts: w's outstanding accesses per EMU_PEND_*
 * kind before it; issue: its issue cycles). emu_cm_merge: the estimate of
 * the dispatch from all workers' models, their waves placed in the serial
 * order, so it does not depend on the thread count (0 when a model is
 * NULL or lost an entry). emu_cm_occupancy: waves per SIMD. */
emu_cycle_model *emu_cm_create(const emu_dispatch *d, uint64_t lds_per_group, unsigned waves_per_group);
void emu_cm_free(emu_cycle_model *cm);
void emu_cm_before(emu_cycle_model *cm, const emu_wave *w, unsigned counts[3]);
void emu_cm_after(emu_cycle_model *cm, const emu_wave *w, const emu_inst *in, uint64_t issue, const unsigned counts[3]);
void emu_cm_group(emu_cycle_model *cm, uint64_t group);
uint64_t emu_cm_merge(emu_cycle_model *const *cms, unsigned n);
unsigned emu_cm_waves_per_simd(const emu_cycle_model *cm);
/* Fills IN's cycle-model operand fields (xrd, xwr: VGPR rows read and
 * written; needs xvk) once, when it is decoded (emu_inst_prepare). */
void emu_cm_prepare(emu_inst *in);
unsigned emu_cm_occupancy(const wavecc_target *t, unsigned vgprs, unsigned sgprs, uint64_t lds_per_group,
                          unsigned waves_per_group);

/* Raises a dispatch fault: "kernel K: pc 0x..: mnemonic: message". Returns -1. */
/* gfx11 hazards checked before instruction `in` runs (hazard_gfx11.c):
 * VALUTransUseHazard on targets with wavecc_target.trans_use_valus.
 * Returns 0, or -1 after a fault. */
int emu_gfx11_hazards(emu_dispatch *d, emu_wave *w, const emu_inst *in);
int emu_fault(emu_dispatch *d, emu_wave *w, const emu_inst *in, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* exec_mem.c: the new memory value of a read-modify-write atomic of kind
 * k (isa_atomic) from the old value, the data `src` and, for compare-swap
 * and ds_mskor, `cmp`; 32-bit values in the low bits unless is64.
 * Semantics: the ISA guides' atomic opcode descriptions. */
uint64_t emu_atomic_apply(int k, uint64_t old, uint64_t src, uint64_t cmp, int is64);

/* wave.c: operand access. Reads check poison/pending as configured. */
int emu_sreg_check(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, unsigned ndw);
uint32_t emu_sread(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, int *err);
uint64_t emu_sread64(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, int *err);
uint64_t emu_const64(const emu_inst *in, unsigned code, int fp64, int sext, int *ok);
int emu_swrite(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, uint32_t v);
int emu_swrite64(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, uint64_t v);
/* Lane masks (VCC, compare results, carries, saveexec): 32 bits in one
 * SGPR for a wave32 wave, an aligned SGPR pair in wave64. */
uint64_t emu_mask_read(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, int *err);
int emu_mask_write(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, uint64_t v);
/* VCC as a lane mask (no checks; for VCCZ and s_cbranch_vcc*). */
uint64_t emu_vcc_mask(const emu_wave *w);
int emu_vcheck_full(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned vreg, unsigned ndw, emu_lanes lanes);
void emu_vwrite(emu_dispatch *d, emu_wave *w, unsigned vreg, unsigned lane, uint32_t v);
/* Faults unless v[vreg .. vreg+ndw-1] lie inside the VGPRs the kernel
 * descriptor allocates (d->vgpr_limit): on hardware the rest belong to
 * other waves. `what` is "reads" or "writes". emu_vrange is the inline
 * test of the common case (one ArchVGPR in range), emu_vrange_full the
 * whole check with the message. */
int emu_vrange_full(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned vreg, unsigned ndw, const char *what);
static inline int emu_vrange(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned vreg, unsigned ndw, const char *what) {
  if (ndw == 1 && vreg < d->vgpr_limit && !w->vgprs_released && !w->nmfma) return 0; /* MFMA wait states: the full check */
  return emu_vrange_full(d, w, in, vreg, ndw, what);
}
/* Checks VGPRs [vreg, vreg+ndw) in `lanes` before a read: the range, an
 * outstanding load (strict waitcnt), never-written lanes (check_uninit).
 * Inline for the common case of one register that passes. */
static inline int emu_vcheck(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned vreg, unsigned ndw, emu_lanes lanes) {
  if (ndw == 1 && vreg < d->vgpr_limit && !w->vgprs_released && !w->nmfma && !(w->vpend[vreg] & lanes) &&
      !(d->check_uninit && (lanes & ~w->vinit[vreg])))
    return 0;
  return emu_vcheck_full(d, w, in, vreg, ndw, lanes);
}
/* Faults unless numbered SGPRs s[code .. code+ndw-1] lie inside the
 * descriptor's SGPR allocation (d->sgpr_limit); other operand codes (VCC,
 * M0, EXEC, constants) pass. `what` is "reads", "writes" or "loads into". */
int emu_srange(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, unsigned ndw, const char *what);
/* --trace: notes a VGPR write, with the value of the first active lane. */
void emu_trace_vwrite(emu_dispatch *d, const emu_wave *w, unsigned vreg, unsigned ndw);
int emu_wait(emu_dispatch *d, emu_wave *w, unsigned vm, unsigned lgkm);
/* The same for one counter (EMU_PEND_*): at most `lim` of its accesses outstanding. */
int emu_wait_counter(emu_dispatch *d, emu_wave *w, unsigned kind, unsigned lim);
int emu_pending_add(emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_pending *p);
/* exec_gds.c: ds_append/ds_consume and ds_gws_* (the wave-level DS
 * operations that take M0); 1 if `in` is one of them (then its result: 0
 * done, -1 fault), 0 otherwise. */
int emu_exec_ds_wave(emu_dispatch *d, emu_wave *w, const emu_inst *in, int *res);
/* exec_gds.c: the dispatch's GDS memory (zeroed at first use), NULL when out of memory. */
uint8_t *emu_gds(emu_dispatch *d);
void emu_pending_drop(emu_wave *w);

void emu_valu_init(wemu_device *dev);
/* exec_valu_fast.c: whole-wave loops for common VALU ops. The kind of op
 * (0: none); the results RES[lane] (all lanes, inactive ones
 * meaningless), carry-out mask *COUT and v_cndmask's never-written
 * selected lanes *BLEND_UNSET of sources CODES (nsrc of them, after
 * emu_exec_valu's operand shaping) with carry-in CIN; 0 or -1 after a
 * fault. emu_valu_fast_write writes RES to the destination VGPR under EXEC.
 * Which instructions take it (no output modifiers, op_sel, SDWA, VOPD
 * or s_set_gpr_idx): emu_valu_prepare (in->vfast) and emu_exec_valu. */
uint8_t emu_valu_fast_kind(isa_op op);
/* The kind of a compare with facts VI (f32, i32, u32, class f32), or 0;
 * emu_valu_fast_cmp computes its mask over the active lanes into *MASK
 * (0, or -1 after a fault). */
uint8_t emu_valu_fast_cmp_kind(const emu_vinfo *vi);
/* The kind for any other op of 32-bit sources and result (integer or f32
 * lane family) the fast path reads and writes and emu_valu_lane computes;
 * needs dev->vinfo[op] and dev->shape[op] filled. */
uint8_t emu_valu_fast_lane_kind(const wemu_device *dev, isa_op op);
int emu_valu_fast_cmp(emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_lanes *mask);
int emu_valu_fast(emu_dispatch *d, emu_wave *w, const emu_inst *in, const unsigned codes[3], unsigned nsrc,
                  emu_lanes cin, uint32_t *res, emu_lanes *cout, emu_lanes *blend_unset);
int emu_valu_fast_write(emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_lanes exec, const uint32_t *res,
                        emu_lanes blend_unset);
/* exec_*.c: execute one decoded instruction; 0 ok, -1 fault. */
int emu_exec_salu(emu_dispatch *d, emu_wave *w, const emu_inst *in);
int emu_exec_valu(emu_dispatch *d, emu_wave *w, const emu_inst *in);
/* exec_valu_movrel.c: the M0-relative VGPR moves (VALU ops whose isa_sem
 * flags have ISA_S_MOVREL); 0, or -1 after a fault. emu_movrel_offsets
 * gives the register offsets M0 adds to src0 and vdst of OP (0 where the
 * operand is not relative). */
int emu_exec_movrel(emu_dispatch *d, emu_wave *w, const emu_inst *in);
/* exec_valu_cross.c: v_readfirstlane/readlane/writelane_b32 and
 * v_swap_b32; 0, or -1 after a fault (as emu_exec_valu). */
int emu_exec_cross_lane(emu_dispatch *d, emu_wave *w, const emu_inst *in);
/* exec_valu.c: the VGPR a VALU operand names, v, after s_set_gpr_idx_on
 * indexing of operand `which` (0..2 sources, 3 destination). */
int emu_vgpr_index(const emu_wave *w, unsigned v, int which);
/* exec_valu.c: a fault (-1) when SGPR `code`, written by a VALU
 * instruction, is read fewer than `need` wave states later (the
 * target's hazard_waits); `what` names the hazard. 0 otherwise. */
int emu_valu_hazard(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, unsigned need, const char *what);
void emu_movrel_offsets(isa_op op, uint32_t m0, uint32_t *src_off, uint32_t *dst_off);
int emu_exec_mem(emu_dispatch *d, emu_wave *w, const emu_inst *in);
/* exec_dpp.c. emu_decode_dpp: the DPP fields of VOP1/VOP2 instruction in
 * from its second dword w1 (src0 code `code`: OPC_DPP, 233 or 234 DPP8);
 * -1 with the device error set for a control the target lacks or a DPP
 * compare. emu_dpp_read: src0 (ndw dwords, 1 or 2) of the lanes in exec as DPP reads it into
 * vals (0 where an invalid source reads zero) and the lanes the
 * instruction writes into *write; checks the DPP hazards; 0, or -1 after
 * a fault. emu_dpp_note_writes: records a VALU instruction's VGPR and
 * EXEC writes for those hazards (exec_before: EXEC before it ran). */
int emu_decode_dpp(wemu_device *dev, emu_inst *in, unsigned code, uint32_t w1, uint64_t pc);
int emu_dpp_read(emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_lanes exec, unsigned ndw, uint64_t *vals,
                 emu_lanes *write);
void emu_dpp_note_writes(const emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_lanes exec_before);
/* Typed MUBUF access (exec_typed.c) through V# vs (4 dwords): the bytes of
 * one element by its DATA_FORMAT, and the access itself at per-lane
 * addresses (oob: out of range); faults on what is not modelled. */
int emu_typed_buffer_bytes(emu_dispatch *d, emu_wave *w, const emu_inst *in, const uint32_t *vs, unsigned *bytes);
int emu_typed_buffer_lanes(emu_dispatch *d, emu_wave *w, const emu_inst *in, const uint32_t *vs, const uint64_t *addr,
                           const uint8_t *oob);
/* exec_mfma.c: is `op` an MFMA the emulator models; execute one. */
bool emu_is_mfma(isa_op op);
int emu_exec_mfma(emu_dispatch *d, emu_wave *w, const emu_inst *in);
/* The MFMA dependency check of a non-MFMA instruction `in` that reads or
 * writes (what: "reads", "writes"; others pass) rows vreg..vreg+ndw-1:
 * a fault when an MFMA issued too few wait states before wrote them (or
 * read them as C, for a write), as wavecc_mfma_wait says for the target.
 * Called by emu_vrange while w->nmfma is non-zero. */
int emu_mfma_vhazard(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned vreg, unsigned ndw, const char *what);

/* replay.c: with wemu_options.xnack_replay and a code object XNACK may
 * replay, checks `in` (about to execute) against the soft clause it
 * continues or starts; 0, or -1 with a fault. */
int emu_replay_check(emu_dispatch *d, emu_wave *w, const emu_inst *in);

/* exec_mem.c: memory helpers shared with dispatch. */
int emu_gread(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t addr, void *dst, unsigned n, unsigned lane);
int emu_gwrite(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t addr, const void *src, unsigned n, unsigned lane);

/* Bit casts between raw register bits and host floats (inline: they sit
 * in every lane loop). */
static inline float emu_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t emu_u32(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double emu_f64(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }
static inline uint64_t emu_u64(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
/* check.c: the kernel bug checks (check_internal.h). The dispatch calls
 * them only when d->chk is set; each returns 0, or -1 with a report. */
int emu_check_begin(emu_dispatch *d, unsigned nwaves, const uint64_t lsz[3], const uint64_t goff[3],
                    const uint64_t ngroups[3]);
void emu_check_end(emu_dispatch *d);
/* A work-group starts: waves[0..nw) initialised (init_wave). */
void emu_check_group(emu_dispatch *d, emu_wave *waves, unsigned nw, const uint32_t gid[3], const uint32_t size[3]);
/* Before / after executing `in` (step). */
int emu_check_pre(emu_dispatch *d, emu_wave *w, const emu_inst *in);
int emu_check_post(emu_dispatch *d, emu_wave *w, const emu_inst *in);
/* Every live wave of the group waits at a barrier: about to release them. */
int emu_check_barrier(emu_dispatch *d, emu_wave *waves, unsigned nw);
/* One lane's access: space 0 global (scratch through a V# included), 1 LDS
 * (byte offset), 2 scratch (per-lane offset, scratch_base the wave's);
 * kind CHK_READ / CHK_WRITE / CHK_ATOMIC (check_internal.h). */
int emu_check_access(emu_dispatch *d, emu_wave *w, const emu_inst *in, int space, uint64_t addr, unsigned n,
                     unsigned lane, int kind, uint64_t scratch_base);

/* A scratch access at global address ga (a V# into the scratch
 * allocation) outside the lane's private segment: a "check bounds" report
 * when that check is on (-1), else 0 (the caller's own fault follows). */
int emu_check_scratch(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t ga, unsigned n, unsigned lane);

/* check_lines.c: keeps a copy of a .debug_line / .debug_line_str /
 * .debug_str section of the code object (others ignored). */
void emu_keep_debug_section(wemu_program *p, const char *name, const uint8_t *data, uint64_t size);

/* fp.c */
float emu_h2f(uint16_t h);
/* dispatch_setup.c: what a dispatch sets up before its first wave runs. */
/* The NDRange of one dispatch, checked: sizes, offsets and group counts
 * with the unused dimensions 1 (sizes) or 0 (offsets). */
typedef struct grid {
  uint32_t dims;
  uint64_t gsz[3], lsz[3], goff[3], ngroups[3];
} grid;
/* The work-group a wave belongs to: its id and its actual work-items per
 * dimension (smaller in a partial last group). */
typedef struct wg_ctx {
  uint32_t gid[3];
  uint32_t size[3];
} wg_ctx;
/* Finds KERNEL in PROG and checks the NDRange and argument count against
 * it, filling *G (unused sizes 1, offsets 0). Returns the kernel, or NULL
 * with the device error set. */
emu_kernel *emu_check_dispatch(wemu_device *dev, wemu_program *prog, const char *kernel, const wemu_arg *args,
                               uint32_t num_args, uint32_t dims, const uint64_t global_size[3],
                               const uint64_t *local_size, const uint64_t *global_offset, grid *G);
/* The register limits (VGPR, AGPR, SGPR counts) a wave of D->k may touch,
 * from its kernel descriptor and the target description. */
void emu_set_register_limits(emu_dispatch *D);
/* Writes the explicit and hidden arguments into the kernarg segment at
 * device address KERN (KSIZE bytes; QUEUE: the queue pointer's value) and
 * places the dynamic __local arguments after the static LDS, growing
 * *LDS_TOTAL (bytes). Returns 0, or -1 with the device error set. */
int emu_write_kernargs(wemu_device *dev, const emu_kernel *k, const char *kernel, const wemu_arg *args,
                       uint32_t num_args, const grid *G, uint64_t kern, uint64_t queue, uint32_t ksize,
                       uint64_t *lds_total);
/* Sizes the per-lane scratch (private segment plus any dynamic stack) and
 * allocates NWAVES waves' worth, setting D's scratch fields. Returns 0, or
 * -1 with the device error set. */
int emu_setup_scratch(emu_dispatch *D, const char *kernel, unsigned nwaves);
/* Writes the 64-byte AQL dispatch packet at D->dispatch_ptr (HSA
 * hsa_kernel_dispatch_packet_t; LDS_TOTAL: group segment bytes). */
void emu_write_packet(const emu_dispatch *D, const grid *G, uint64_t lds_total);
/* Sets wave WI of work-group G to the state the hardware starts it in
 * (AMDGPUUsage "Initial Kernel Execution State"); ITEMS: work-items in
 * the group. */
void emu_init_wave(const emu_dispatch *D, emu_wave *w, const wg_ctx *g, unsigned wi, uint64_t items);

uint16_t emu_f2h(double f, int round);

static inline int popc64(uint64_t x) { return __builtin_popcountll(x); }

#endif
