/* Temporary: back-end entry points not written yet report a user error so
 * the pipeline links and fails cleanly. Each moves to its own file. */
#include "passes/passes.h"

int mir_insert_waitcnt(mir_program *p, diag *d) { (void)p; (void)d; return 0; }
int mir_insert_hazard_nops(mir_program *p, diag *d) { (void)p; (void)d; return 0; }
int mir_emit_module(mir_program *const *k, unsigned n, FILE *out, diag *d) { (void)k; (void)n; (void)out; diag_error(d, NULL, "emission is not implemented yet"); return 1; }
void mir_kernel_stats(const mir_program *p, wavecc_kernel_stats *st) { (void)p; (void)st; }
int wavecc_assemble_link(const char *a, void **e, size_t *s, diag *d) { (void)a; (void)e; (void)s; diag_error(d, NULL, "assembling is not implemented yet"); return 1; }
