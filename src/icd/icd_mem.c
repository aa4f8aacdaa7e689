/* Buffers and sub-buffers. A buffer's bytes live in host memory (the
 * user's for CL_MEM_USE_HOST_PTR); the emulator gets a copy for each
 * dispatch that uses it (icd_kernel.c). The emulator's memory has no free:
 * an emulator allocation lives as long as its context. */
#include <stdlib.h>
#include <string.h>

#include "icd/icd.h"

enum { ALIGN = 128 }; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN, bytes */

uint64_t icd_transfer_ns(size_t bytes) { return (bytes + 15) / 16; }

cl_mem icd_mem_root(cl_mem m) { return m->parent ? m->parent : m; }

uint64_t icd_mem_device_addr(cl_mem m, cl_context c, unsigned di) {
  cl_mem r = icd_mem_root(m);
  if (!r->dev_addr[di]) r->dev_addr[di] = wemu_alloc(c->emu[di], r->size);
  return r->dev_addr[di] ? r->dev_addr[di] + m->origin : 0;
}

void icd_mem_retain(cl_mem m) { m->refs++; }

void icd_mem_release(cl_mem m) {
  if (--m->refs > 0) return;
  /* Destructor callbacks, last registered first (OpenCL 1.2, 5.4.1). */
  while (m->destructors) {
    icd_callback *cb = m->destructors;
    m->destructors = cb->next;
    ((void(CL_CALLBACK *)(cl_mem, void *))cb->fn)(m, cb->user_data);
    free(cb);
  }
  if (m->owns_host) free(m->host);
  if (m->parent) icd_mem_release(m->parent);
  cl_context c = m->context;
  m->magic = 0;
  free(m);
  icd_context_release(c);
}

static cl_int check_flags(cl_mem_flags f) {
  const cl_mem_flags access = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
  const cl_mem_flags host = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
  const cl_mem_flags all = access | host | CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
  if (f & ~all) return CL_INVALID_VALUE;
  if (__builtin_popcountll(f & access) > 1 || __builtin_popcountll(f & host) > 1) return CL_INVALID_VALUE;
  if ((f & CL_MEM_USE_HOST_PTR) && (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))) return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

static cl_mem mem_new(cl_context c, cl_mem_flags flags, size_t size) {
  cl_mem m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->dispatch = c->dispatch;
  m->magic = ICD_MAGIC_MEM;
  m->refs = 1;
  m->context = c;
  m->flags = flags;
  m->size = size;
  icd_context_retain(c);
  return m;
}

static cl_ulong max_alloc(cl_context c) {
  cl_ulong v = 0;
  c->dispatch->clGetDeviceInfo(c->devices[0], CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof v, &v, NULL);
  return v;
}

static cl_mem CL_API_CALL create_buffer(cl_context c, cl_mem_flags flags, size_t size, void *host_ptr, cl_int *err) {
  cl_int rc = CL_SUCCESS;
  cl_mem m = NULL;
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) rc = CL_INVALID_CONTEXT;
  else if ((rc = check_flags(flags)) != CL_SUCCESS) {
  } else if (size == 0 || size > max_alloc(c)) rc = CL_INVALID_BUFFER_SIZE;
  else if ((host_ptr != NULL) != ((flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0)) rc = CL_INVALID_HOST_PTR;
  else if (!(m = mem_new(c, flags ? flags : CL_MEM_READ_WRITE, size))) rc = CL_OUT_OF_HOST_MEMORY;
  if (rc == CL_SUCCESS) {
    if (!(flags & (CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY))) m->flags |= CL_MEM_READ_WRITE;
    if (flags & CL_MEM_USE_HOST_PTR) {
      m->host = host_ptr;
      m->user_ptr = host_ptr;
    } else if (!(m->host = aligned_alloc(ALIGN, (size + ALIGN - 1) / ALIGN * ALIGN))) {
      rc = CL_MEM_OBJECT_ALLOCATION_FAILURE;
      icd_mem_release(m);
      m = NULL;
    } else {
      m->owns_host = 1;
      if (flags & CL_MEM_COPY_HOST_PTR) memcpy(m->host, host_ptr, size);
      else memset(m->host, 0, size); /* no uninitialised bytes reach the emulator */
    }
  }
  if (err) *err = rc;
  return m;
}

static cl_mem CL_API_CALL create_sub_buffer(cl_mem parent, cl_mem_flags flags, cl_buffer_create_type type,
                                            const void *info, cl_int *err) {
  cl_int rc = CL_SUCCESS;
  cl_mem m = NULL;
  const cl_buffer_region *r = info;
  const cl_mem_flags access = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
  const cl_mem_flags host = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
  if (!icd_valid(parent, ICD_MAGIC_MEM) || parent->parent) rc = CL_INVALID_MEM_OBJECT;
  else if ((rc = check_flags(flags)) != CL_SUCCESS) {
  } else if (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)) rc = CL_INVALID_VALUE;
  /* Access the parent does not allow is an error (OpenCL 1.2, 5.2.1). */
  else if (((parent->flags & CL_MEM_WRITE_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
           ((parent->flags & CL_MEM_READ_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) ||
           ((parent->flags & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY)) ||
           ((parent->flags & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY)) ||
           ((parent->flags & CL_MEM_HOST_NO_ACCESS) && (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY))))
    rc = CL_INVALID_VALUE;
  else if (type != CL_BUFFER_CREATE_TYPE_REGION || !r) rc = CL_INVALID_VALUE;
  else if (r->size == 0) rc = CL_INVALID_BUFFER_SIZE;
  else if (r->origin > parent->size || r->size > parent->size - r->origin) rc = CL_INVALID_VALUE;
  else if (r->origin % ALIGN) rc = CL_MISALIGNED_SUB_BUFFER_OFFSET;
  else if (!(m = mem_new(parent->context, flags, r->size))) rc = CL_OUT_OF_HOST_MEMORY;
  if (rc == CL_SUCCESS) {
    /* Unspecified access and host flags are inherited, as are the
     * allocation flags. */
    if (!(flags & access)) m->flags |= parent->flags & access;
    if (!(flags & host)) m->flags |= parent->flags & host;
    m->flags |= parent->flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR);
    m->parent = parent;
    m->origin = r->origin;
    m->host = parent->host + r->origin;
    if (parent->user_ptr) m->user_ptr = (char *)parent->user_ptr + r->origin;
    icd_mem_retain(parent);
  }
  if (err) *err = rc;
  return m;
}

static cl_int CL_API_CALL retain_mem(cl_mem m) {
  if (!icd_valid(m, ICD_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
  icd_mem_retain(m);
  return CL_SUCCESS;
}

static cl_int CL_API_CALL release_mem(cl_mem m) {
  if (!icd_valid(m, ICD_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
  icd_mem_release(m);
  return CL_SUCCESS;
}

static cl_int CL_API_CALL get_mem_info(cl_mem m, cl_mem_info what, size_t size, void *value, size_t *ret) {
  if (!icd_valid(m, ICD_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
  cl_mem_object_type type = CL_MEM_OBJECT_BUFFER;
  switch (what) {
  case CL_MEM_TYPE: return icd_info(value, size, ret, &type, sizeof type);
  case CL_MEM_FLAGS: return icd_info(value, size, ret, &m->flags, sizeof m->flags);
  case CL_MEM_SIZE: return icd_info(value, size, ret, &m->size, sizeof m->size);
  case CL_MEM_HOST_PTR: return icd_info(value, size, ret, &m->user_ptr, sizeof m->user_ptr);
  case CL_MEM_MAP_COUNT: return icd_info(value, size, ret, &m->map_count, sizeof m->map_count);
  case CL_MEM_REFERENCE_COUNT: return icd_info(value, size, ret, &m->refs, sizeof m->refs);
  case CL_MEM_CONTEXT: return icd_info(value, size, ret, &m->context, sizeof m->context);
  case CL_MEM_ASSOCIATED_MEMOBJECT: return icd_info(value, size, ret, &m->parent, sizeof m->parent);
  case CL_MEM_OFFSET: return icd_info(value, size, ret, &m->origin, sizeof m->origin);
  default: return CL_INVALID_VALUE;
  }
}

static cl_int CL_API_CALL set_mem_destructor(cl_mem m, void(CL_CALLBACK *fn)(cl_mem, void *), void *data) {
  if (!icd_valid(m, ICD_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
  if (!fn) return CL_INVALID_VALUE;
  icd_callback *cb = calloc(1, sizeof *cb);
  if (!cb) return CL_OUT_OF_HOST_MEMORY;
  cb->fn = (void *)fn;
  cb->user_data = data;
  cb->next = m->destructors;
  m->destructors = cb;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL migrate_mem(cl_command_queue q, cl_uint n, const cl_mem *mems, cl_mem_migration_flags flags,
                                      cl_uint nw, const cl_event *wl, cl_event *ev) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (n == 0 || !mems) return CL_INVALID_VALUE;
  if (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
    return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < n; i++) {
    if (!icd_valid(mems[i], ICD_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
    if (mems[i]->context != q->context) return CL_INVALID_CONTEXT;
  }
  cl_int rc = icd_check_wait_list(q, nw, wl);
  if (rc != CL_SUCCESS) return rc;
  return icd_enqueue(q, CL_COMMAND_MIGRATE_MEM_OBJECTS, nw, wl, ev, 0, icd_run_nothing, NULL, NULL);
}

void icd_table_mem(cl_icd_dispatch *t) {
  t->clCreateBuffer = create_buffer;
  t->clCreateSubBuffer = create_sub_buffer;
  t->clRetainMemObject = retain_mem;
  t->clReleaseMemObject = release_mem;
  t->clGetMemObjectInfo = get_mem_info;
  t->clSetMemObjectDestructorCallback = set_mem_destructor;
  t->clEnqueueMigrateMemObjects = migrate_mem;
}
