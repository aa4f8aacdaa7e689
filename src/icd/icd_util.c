/* Helpers every file of the ICD shares: handle checks and the copying
 * of clGet*Info answers. A leaf (it calls no other file of the ICD), so the
 * files stay out of one call cycle (scripts/check-layers.py). */
#include <string.h>

#include "icd/icd.h"

int icd_valid(const void *obj, uint32_t magic) {
  const struct _cl_platform_id *o = obj; /* every object starts with ICD_HEAD */
  return o && o->magic == magic && o->refs > 0;
}

int icd_valid_device(cl_device_id d) { return icd_valid(d, ICD_MAGIC_DEVICE); }

cl_int icd_info(void *dst, size_t dst_size, size_t *ret, const void *src, size_t n) {
  if (dst) {
    if (dst_size < n) return CL_INVALID_VALUE;
    if (n) memcpy(dst, src, n);
  }
  if (ret) *ret = n;
  return CL_SUCCESS;
}

cl_int icd_info_str(void *dst, size_t dst_size, size_t *ret, const char *s) {
  return icd_info(dst, dst_size, ret, s, strlen(s) + 1);
}
