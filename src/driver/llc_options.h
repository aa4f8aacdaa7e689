/* llc-19's target options as wavecc reads them (-mtriple, -mattr): which
 * values describe what wavecc compiles for, and an error for the rest. */
#ifndef WAVECC_DRIVER_LLC_OPTIONS_H
#define WAVECC_DRIVER_LLC_OPTIONS_H

#include <stddef.h>

#include "target/target.h"

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
 * has that wave size; sramecc off where it has none; xnack (a target-ID
 * feature wavecc writes as "any") not yet. Returns 0, or -1 with a message naming the first feature it
 * cannot honour in why[0..n). */
int llc_mattr_check(const wavecc_target *t, const char *mattr, char *why, size_t n);

#endif
