/* What the device does not have: images and samplers
 * (CL_DEVICE_IMAGE_SUPPORT is false) and native kernels (no
 * CL_EXEC_NATIVE_KERNEL). Each entry point answers with the error OpenCL
 * 1.2 names for a context without image support, so that a program asking
 * gets an error code, never a crash through a NULL dispatch entry. */
#include <stddef.h>

#include "icd/icd.h"

static cl_mem no_image(cl_context c, cl_int *err) {
  if (err) *err = icd_valid(c, ICD_MAGIC_CONTEXT) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
  return NULL;
}

static cl_mem CL_API_CALL create_image(cl_context c, cl_mem_flags f, const cl_image_format *fmt,
                                       const cl_image_desc *desc, void *host, cl_int *err) {
  (void)f, (void)fmt, (void)desc, (void)host;
  return no_image(c, err);
}

static cl_mem CL_API_CALL create_image2d(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w, size_t h,
                                         size_t row, void *host, cl_int *err) {
  (void)f, (void)fmt, (void)w, (void)h, (void)row, (void)host;
  return no_image(c, err);
}

static cl_mem CL_API_CALL create_image3d(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w, size_t h,
                                         size_t d, size_t row, size_t slice, void *host, cl_int *err) {
  (void)f, (void)fmt, (void)w, (void)h, (void)d, (void)row, (void)slice, (void)host;
  return no_image(c, err);
}

/* No formats. */
static cl_int CL_API_CALL supported_formats(cl_context c, cl_mem_flags f, cl_mem_object_type t, cl_uint n,
                                            cl_image_format *out, cl_uint *nout) {
  (void)f, (void)t, (void)n, (void)out;
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  if (nout) *nout = 0;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL image_info(cl_mem m, cl_image_info what, size_t size, void *value, size_t *ret) {
  (void)what, (void)size, (void)value, (void)ret;
  (void)m;
  return CL_INVALID_MEM_OBJECT; /* no image exists */
}

static cl_sampler CL_API_CALL create_sampler(cl_context c, cl_bool norm, cl_addressing_mode am, cl_filter_mode fm,
                                             cl_int *err) {
  (void)norm, (void)am, (void)fm;
  if (err) *err = icd_valid(c, ICD_MAGIC_CONTEXT) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
  return NULL;
}

static cl_int CL_API_CALL sampler_ref(cl_sampler s) {
  (void)s;
  return CL_INVALID_SAMPLER;
}

static cl_int CL_API_CALL sampler_info(cl_sampler s, cl_sampler_info what, size_t size, void *value, size_t *ret) {
  (void)s, (void)what, (void)size, (void)value, (void)ret;
  return CL_INVALID_SAMPLER;
}

/* Image commands: the image argument cannot be valid. */
static cl_int image_command(cl_command_queue q) {
  return icd_valid(q, ICD_MAGIC_QUEUE) ? CL_INVALID_MEM_OBJECT : CL_INVALID_COMMAND_QUEUE;
}

static cl_int CL_API_CALL read_image(cl_command_queue q, cl_mem m, cl_bool b, const size_t *o, const size_t *r,
                                     size_t row, size_t slice, void *p, cl_uint n, const cl_event *wl, cl_event *ev) {
  (void)m, (void)b, (void)o, (void)r, (void)row, (void)slice, (void)p, (void)n, (void)wl, (void)ev;
  return image_command(q);
}

static cl_int CL_API_CALL write_image(cl_command_queue q, cl_mem m, cl_bool b, const size_t *o, const size_t *r,
                                      size_t row, size_t slice, const void *p, cl_uint n, const cl_event *wl,
                                      cl_event *ev) {
  (void)m, (void)b, (void)o, (void)r, (void)row, (void)slice, (void)p, (void)n, (void)wl, (void)ev;
  return image_command(q);
}

static cl_int CL_API_CALL copy_image(cl_command_queue q, cl_mem s, cl_mem d, const size_t *so, const size_t *dor,
                                     const size_t *r, cl_uint n, const cl_event *wl, cl_event *ev) {
  (void)s, (void)d, (void)so, (void)dor, (void)r, (void)n, (void)wl, (void)ev;
  return image_command(q);
}

static cl_int CL_API_CALL image_to_buffer(cl_command_queue q, cl_mem s, cl_mem d, const size_t *so, const size_t *r,
                                          size_t off, cl_uint n, const cl_event *wl, cl_event *ev) {
  (void)s, (void)d, (void)so, (void)r, (void)off, (void)n, (void)wl, (void)ev;
  return image_command(q);
}

static cl_int CL_API_CALL buffer_to_image(cl_command_queue q, cl_mem s, cl_mem d, size_t off, const size_t *dor,
                                          const size_t *r, cl_uint n, const cl_event *wl, cl_event *ev) {
  (void)s, (void)d, (void)off, (void)dor, (void)r, (void)n, (void)wl, (void)ev;
  return image_command(q);
}

static void *CL_API_CALL map_image(cl_command_queue q, cl_mem m, cl_bool b, cl_map_flags f, const size_t *o,
                                   const size_t *r, size_t *row, size_t *slice, cl_uint n, const cl_event *wl,
                                   cl_event *ev, cl_int *err) {
  (void)m, (void)b, (void)f, (void)o, (void)r, (void)row, (void)slice, (void)n, (void)wl, (void)ev;
  if (err) *err = image_command(q);
  return NULL;
}

static cl_int CL_API_CALL fill_image(cl_command_queue q, cl_mem m, const void *color, const size_t *o,
                                     const size_t *r, cl_uint n, const cl_event *wl, cl_event *ev) {
  (void)m, (void)color, (void)o, (void)r, (void)n, (void)wl, (void)ev;
  return image_command(q);
}

/* No CL_EXEC_NATIVE_KERNEL capability. */
static cl_int CL_API_CALL native_kernel(cl_command_queue q, void(CL_CALLBACK *fn)(void *), void *args, size_t size,
                                        cl_uint nm, const cl_mem *ml, const void **loc, cl_uint n, const cl_event *wl,
                                        cl_event *ev) {
  (void)fn, (void)args, (void)size, (void)nm, (void)ml, (void)loc, (void)n, (void)wl, (void)ev;
  return icd_valid(q, ICD_MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

void icd_table_unsupported(cl_icd_dispatch *t) {
  t->clCreateImage = create_image;
  t->clCreateImage2D = create_image2d;
  t->clCreateImage3D = create_image3d;
  t->clGetSupportedImageFormats = supported_formats;
  t->clGetImageInfo = image_info;
  t->clCreateSampler = create_sampler;
  t->clRetainSampler = sampler_ref;
  t->clReleaseSampler = sampler_ref;
  t->clGetSamplerInfo = sampler_info;
  t->clEnqueueReadImage = read_image;
  t->clEnqueueWriteImage = write_image;
  t->clEnqueueCopyImage = copy_image;
  t->clEnqueueCopyImageToBuffer = image_to_buffer;
  t->clEnqueueCopyBufferToImage = buffer_to_image;
  t->clEnqueueMapImage = map_image;
  t->clEnqueueFillImage = fill_image;
  t->clEnqueueNativeKernel = native_kernel;
}
