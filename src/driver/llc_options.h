/* llc-19's target options as wavecc reads them (-mtriple, -mattr): which
 * values describe what wavecc compiles for, and an error for the rest. */
#ifndef WAVECC_DRIVER_LLC_OPTIONS_H
#define WAVECC_DRIVER_LLC_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "target/target.h"
#include "util/diag.h"

/* Whether `triple` (an -mtriple value or a module's triple) names the
 * target wavecc writes code objects for: arch amdgcn, OS amdhsa, vendor
 * amd, unknown or empty, no environment, in the forms llc-19 normalises
 * (amdgcn-amd-amdhsa, amdgcn--amdhsa, amdgcn-amd-amdhsa-, amdgcn-amdhsa,
 * amdgcn-unknown-amdhsa). Returns 0, or -1 with the reason in
 * why[0..n). */
int llc_triple_check(const char *triple, char *why, size_t n);

/* Checks an -mattr list (comma-separated +feature / -feature) against
 * target `t`'s processor (wavecc_target_with_features, which also gives
 * the instance the list selects): wavefrontsize64/32 where the processor
 * has that wave size; the target-ID features sramecc and xnack
 * (llc_mattr_target_id) accepted, and where the processor has none
 * ignored with a warning as llc-19 does (llc_mattr_warn); +xnack on a
 * processor with XNACK not (replay-safe scalar loads are not ensured).
 * Returns 0, or -1 with a message naming the first feature it cannot
 * honour in why[0..n). */
int llc_mattr_check(const wavecc_target *t, const char *mattr, char *why, size_t n);

/* The target-ID features (AMDGPUUsage "Target ID") an -mattr list sets
 * for target t: *xnack and *sramecc 1 for "+", -1 for "-", 0 ("any")
 * when not named or when t lacks the feature; the last mention wins. */
void llc_mattr_target_id(const wavecc_target *t, const char *mattr, int8_t *xnack, int8_t *sramecc);

/* One warning in `d` per target-ID feature of `mattr` that target t does
 * not have (llc-19: "xnack 'On' was requested for a processor that does
 * not support it!"); such features change nothing. */
void llc_mattr_warn(const wavecc_target *t, const char *mattr, diag *d);

#endif
