/* Unit test: the MODE column of the ISA table (src/target/isa_mode.def).
 * Every instruction flagged ISA_F_FLOAT must say which MODE fields it
 * reads (a new FP instruction without a line would silently escape the
 * MODE pass), and spot checks of the rules written in isa_mode.def. */
#include <stdio.h>

#include "target/isa.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

int main(void) {
  for (unsigned op = 0; op < ISA_NUM_OPS; op++) {
    unsigned m = isa_mode_reads(op);
    if ((isa_table[op].flags & ISA_F_FLOAT) && !isa_mode_listed(op)) {
      fprintf(stderr, "%s is ISA_F_FLOAT but has no ISA_MODE line in isa_mode.def\n", isa_table[op].mnemonic);
      failures++;
    }
    if (m && isa_table[op].mnemonic[0] != 'v') {
      fprintf(stderr, "%s: only VALU instructions read MODE\n", isa_table[op].mnemonic);
      failures++;
    }
  }
  CHECK(isa_mode_reads(ISA_V_ADD_F32) == (ISA_MR_R32 | ISA_MR_D32));
  CHECK(isa_mode_reads(ISA_V_FMA_F64) == (ISA_MR_R16_64 | ISA_MR_D16_64));
  CHECK(isa_mode_reads(ISA_V_CVT_F16_F32) == (ISA_MR_R16_64 | ISA_MR_D32 | ISA_MR_D16_64));
  CHECK(isa_mode_reads(ISA_V_CVT_F32_F64) == ISA_MR_ALL);
  CHECK(isa_mode_reads(ISA_V_CMP_LT_F32) == ISA_MR_D32);
  CHECK(isa_mode_reads(ISA_V_MAX_F32) == ISA_MR_D32);
  CHECK(isa_mode_reads(ISA_V_RNDNE_F32) == ISA_MR_D32);
  CHECK(isa_mode_reads(ISA_V_CMP_CLASS_F32) == 0);
  CHECK(isa_mode_reads(ISA_V_ADD_U32) == 0);
  CHECK(isa_mode_reads(ISA_S_SETREG_IMM32_B32) == 0);
  CHECK(isa_mode_reads(ISA_NUM_OPS + 3) == 0);
  CHECK(isa_mode_get(0xf0, ISA_MODE_DENORM32) == 3 && isa_mode_get(0xf0, ISA_MODE_ROUND32) == 0);
  CHECK(isa_mode_set(0xf0, ISA_MODE_ROUND16_64, 2) == 0xf8);
  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  return failures != 0;
}
