/* Temporary: back-end entry points not written yet report a user error so
 * the pipeline links and fails cleanly. Each moves to its own file. */
#include "passes/passes.h"

int mir_insert_waitcnt(mir_program *p, diag *d) { (void)p; (void)d; return 0; }
int mir_insert_hazard_nops(mir_program *p, diag *d) { (void)p; (void)d; return 0; }
