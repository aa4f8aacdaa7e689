/* Unit test: the semantic columns of the ISA table (src/target/isa_sem.def,
 * isa.h "semantics"). Every entry has a line (a new isa.def entry without
 * one would read as a zero row: no cost class, no types), the columns agree
 * with the flags of isa.def, and spot checks of the rules the generator
 * (tools/isa_sem_gen.c) applies. That the checked-in file is the
 * generator's output is unit.isa_sem_generated. */
#include <stdio.h>

#include "target/isa.h"
#include "target/target.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static void check_entry(unsigned op) {
  const isa_info *ii = &isa_table[op];
  const isa_sem *s = isa_sem_of(op);
  if (s->cost == ISA_COST_NONE) {
    fprintf(stderr, "%s has no ISA_SEM line in isa_sem.def (regenerate it)\n", ii->mnemonic);
    failures++;
    return;
  }
  bool mem = ii->format == ISA_FMT_DS || isa_fmt_vmem(ii->format);
  if (mem != (s->bytes != 0)) { fprintf(stderr, "%s: memory bytes %u\n", ii->mnemonic, s->bytes); failures++; }
  if ((s->atomic != ISA_AT_NONE) && !(ii->flags & ISA_F_ATOMIC) && ii->format != ISA_FMT_DS) {
    fprintf(stderr, "%s: atomic operation without ISA_F_ATOMIC\n", ii->mnemonic);
    failures++;
  }
  if ((ii->flags & ISA_F_ATOMIC) && s->atomic == ISA_AT_NONE) { fprintf(stderr, "%s: ISA_F_ATOMIC without an operation\n", ii->mnemonic); failures++; }
  if ((s->cmp != ISA_CMP_NONE) != (ii->format == ISA_FMT_VOPC)) { fprintf(stderr, "%s: compare kind\n", ii->mnemonic); failures++; }
  if ((ii->flags & ISA_F_F64) && s->cost != ISA_COST_F64) { fprintf(stderr, "%s: f64 cost\n", ii->mnemonic); failures++; }
}

int main(void) {
  for (unsigned op = 0; op < ISA_NUM_OPS; op++) check_entry(op);

  /* Cost classes: transcendental by operation, not by the letters "exp". */
  CHECK(isa_sem_of(ISA_V_EXP_F32)->cost == ISA_COST_TRANS);
  CHECK(isa_sem_of(ISA_V_RCP_IFLAG_F32)->cost == ISA_COST_TRANS);
  CHECK(isa_sem_of(ISA_V_SIN_F16)->cost == ISA_COST_TRANS);
  CHECK(isa_sem_of(ISA_V_LDEXP_F32)->cost == ISA_COST_VALU);
  CHECK(isa_sem_of(ISA_V_FREXP_MANT_F32)->cost == ISA_COST_VALU);
  CHECK(isa_sem_of(ISA_V_FREXP_EXP_I32_F32)->cost == ISA_COST_VALU);
  CHECK(isa_sem_of(ISA_V_LDEXP_F16)->cost == ISA_COST_VALU);
  CHECK(isa_sem_of(ISA_V_FMA_F64)->cost == ISA_COST_F64);
  CHECK(isa_sem_of(ISA_S_ADD_U32)->cost == ISA_COST_SALU);
  CHECK(isa_sem_of(ISA_DS_READ_B32)->cost == ISA_COST_LDS);
  CHECK(isa_sem_of(ISA_GLOBAL_LOAD_DWORD)->cost == ISA_COST_VMEM);

  /* Types, destination first. */
  CHECK(isa_sem_of(ISA_V_CVT_F32_I32)->dtype == ISA_T_F32 && isa_sem_of(ISA_V_CVT_F32_I32)->stype == ISA_T_I32);
  CHECK(isa_sem_of(ISA_V_MAD_U32_U16)->dtype == ISA_T_U32 && isa_sem_of(ISA_V_MAD_U32_U16)->stype == ISA_T_U16);
  CHECK(isa_sem_of(ISA_V_ADD_F16)->dtype == ISA_T_F16 && isa_type_bits(ISA_T_F16) == 16);
  CHECK(isa_sem_of(ISA_V_FMA_F64)->fbits == 64 && isa_type_bits(ISA_T_U64) == 64);
  CHECK(isa_sem_of(ISA_V_CVT_F64_I32)->fbits == 32);

  /* Compares. */
  CHECK(isa_sem_of(ISA_V_CMP_LT_F32)->cmp == ISA_CMP_F_LT && isa_sem_of(ISA_V_CMP_LT_F32)->stype == ISA_T_F32);
  CHECK(isa_sem_of(ISA_V_CMP_NE_U32)->cmp == ISA_CMP_I_NE);
  CHECK(isa_sem_of(ISA_V_CMPX_NE_U32)->flags & ISA_S_CMPX);
  CHECK(isa_sem_of(ISA_V_CMP_CLASS_F32)->cmp == ISA_CMP_CLASS);

  /* Carries, tied and partial destinations. */
  CHECK(isa_sem_of(ISA_V_ADDC_CO_U32)->flags & ISA_S_CARRY_IN);
  CHECK(isa_sem_of(ISA_V_ADD_CO_U32)->flags & ISA_S_CARRY_OUT);
  CHECK(isa_sem_of(ISA_V_DIV_SCALE_F32)->flags & ISA_S_SDST);
  CHECK(isa_sem_of(ISA_V_MAC_F32)->flags & ISA_S_TIED);
  CHECK(isa_sem_of(ISA_S_CMOV_B32)->flags & ISA_S_PARTIAL);
  CHECK(isa_sem_of(ISA_S_MOVRELS_B32)->flags & ISA_S_MOVREL);
  CHECK(!(isa_sem_of(ISA_V_ADD_F32)->flags & (ISA_S_TIED | ISA_S_PARTIAL)));
  /* src0/src1 symmetry: what vopd.c and simplify.c may swap */
  CHECK(isa_sem_of(ISA_V_ADD_F32)->flags & ISA_S_COMMUTES);
  CHECK(isa_sem_of(ISA_V_AND_B32)->flags & ISA_S_COMMUTES);
  CHECK(isa_sem_of(ISA_V_FMAC_F32)->flags & ISA_S_COMMUTES);
  CHECK(isa_sem_of(ISA_V_MUL_LEGACY_F32)->flags & ISA_S_COMMUTES);
  CHECK(!(isa_sem_of(ISA_V_SUB_F32)->flags & ISA_S_COMMUTES));
  CHECK(!(isa_sem_of(ISA_V_SUBREV_U32)->flags & ISA_S_COMMUTES));
  CHECK(!(isa_sem_of(ISA_V_LSHLREV_B32)->flags & ISA_S_COMMUTES));
  CHECK(!(isa_sem_of(ISA_V_ADDC_CO_U32)->flags & ISA_S_COMMUTES));
  CHECK(!(isa_sem_of(ISA_V_FMAMK_F32)->flags & ISA_S_COMMUTES));
  CHECK(!(isa_sem_of(ISA_V_LDEXP_F16)->flags & ISA_S_COMMUTES));
  CHECK(!(isa_sem_of(ISA_V_MUL_LO_U32)->flags & ISA_S_COMMUTES)); /* VOP3 only: not a VOP2 swap */

  /* Memory shapes and atomics. */
  CHECK(isa_sem_of(ISA_GLOBAL_LOAD_DWORDX4)->bytes == 16 && isa_mem_dwords(ISA_GLOBAL_LOAD_DWORDX4) == 4);
  CHECK(isa_sem_of(ISA_BUFFER_LOAD_SBYTE)->bytes == 1 && (isa_sem_of(ISA_BUFFER_LOAD_SBYTE)->flags & ISA_S_SIGNED));
  CHECK(isa_sem_of(ISA_DS_READ_U16_D16_HI)->flags & ISA_S_D16_HI);
  CHECK(isa_sem_of(ISA_DS_WRITE2_B64)->bytes == 8 && (isa_sem_of(ISA_DS_WRITE2_B64)->flags & ISA_S_TWO_ADDR));
  CHECK(isa_sem_of(ISA_DS_MIN_RTN_U64)->atomic == ISA_AT_UMIN && (isa_sem_of(ISA_DS_MIN_RTN_U64)->flags & ISA_S_RTN));
  CHECK(isa_sem_of(ISA_S_BUFFER_LOAD_DWORD)->flags & ISA_S_BUFFER);
  CHECK(isa_atomic_find(ISA_FMT_DS, ISA_AT_CMPSWAP, 8, true) == ISA_DS_CMPST_RTN_B64);
  CHECK(isa_atomic_find(ISA_FMT_FLAT, ISA_AT_SMAX, 8, true) == ISA_FLAT_ATOMIC_SMAX_X2);
  CHECK(isa_atomic_find(ISA_FMT_GLOBAL, ISA_AT_SWAP, 8, true) == ISA_GLOBAL_ATOMIC_SWAP_X2);
  CHECK(isa_atomic_no_return(ISA_DS_ADD_RTN_U32) == ISA_DS_ADD_U32);
  CHECK(isa_atomic_no_return(ISA_DS_CMPST_RTN_F32) == ISA_DS_CMPST_F32);
  CHECK(isa_atomic_no_return(ISA_DS_WRXCHG_RTN_B32) == ISA_DS_WRXCHG_RTN_B32);
  CHECK(isa_atomic_no_return(ISA_GLOBAL_ATOMIC_ADD) == ISA_GLOBAL_ATOMIC_ADD);
  /* GFX11 has ds_cmpstore_b32, not ds_cmpst_b32 (its operands the other way round) */
  CHECK(isa_atomic_no_return_in(WAVECC_ENC_GFX11, ISA_DS_CMPSTORE_RTN_B32) == ISA_DS_CMPSTORE_B32);
  CHECK(isa_atomic_no_return_in(WAVECC_ENC_GFX10, ISA_DS_CMPST_RTN_B32) == ISA_DS_CMPST_B32);
  CHECK(isa_atomic_find(ISA_FMT_MUBUF, ISA_AT_INC, 4, true) == ISA_BUFFER_ATOMIC_INC);
  CHECK(isa_cmp_find(ISA_CMP_F_NLT, ISA_T_F16) == ISA_V_CMP_NLT_F16);
  CHECK(isa_cmp_find(ISA_CMP_I_NE, ISA_T_U64) == ISA_V_CMP_NE_U64);
  /* swapped sources: every v_cmp but a class test has a partner, and
   * swapping twice gives the compare back (isel_vcmp relies on it for
   * f64 and f16 as for f32) */
  CHECK(isa_cmp_swapped(ISA_V_CMP_LT_F64) == ISA_V_CMP_GT_F64);
  CHECK(isa_cmp_swapped(ISA_V_CMP_NGE_F16) == ISA_V_CMP_NLE_F16);
  CHECK(isa_cmp_swapped(ISA_V_CMP_LE_U32) == ISA_V_CMP_GE_U32);
  CHECK(isa_cmp_swapped(ISA_V_CMP_NEQ_F64) == ISA_V_CMP_NEQ_F64);
  CHECK(isa_cmp_swapped(ISA_V_CMP_CLASS_F64) == ISA_NUM_OPS);
  CHECK(isa_cmp_swapped(ISA_V_CMPX_LT_F64) == ISA_NUM_OPS);
  for (unsigned op = 0; op < ISA_NUM_OPS; op++) {
    const isa_sem *se = isa_sem_of(op);
    if (isa_table[op].format != ISA_FMT_VOPC || se->cmp == ISA_CMP_NONE || se->cmp == ISA_CMP_CLASS ||
        (se->flags & ISA_S_CMPX))
      continue;
    unsigned r = isa_cmp_swapped(op);
    if (r == ISA_NUM_OPS || isa_cmp_swapped(r) != op) {
      fprintf(stderr, "%s: no swapped partner\n", isa_table[op].mnemonic);
      failures++;
    }
  }

  /* SOPP immediates. */
  CHECK(isa_sem_of(ISA_S_NOP)->flags & ISA_S_SIMM16);
  CHECK(!(isa_sem_of(ISA_S_ENDPGM)->flags & ISA_S_SIMM16));

  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
