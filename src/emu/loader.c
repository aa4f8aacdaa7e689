/* Code object loader: ELF64 (EM_AMDGPU), kernel descriptors and the code
 * object v4/v5 metadata note.
 *
 * - The image is built from PT_LOAD program headers (a linked .hsaco from
 *   ld.lld -shared), indexed by virtual address.
 * - Each kernel is a symbol NAME.kd of 64 bytes laid out as in AMDGPUUsage
 *   "Kernel Descriptor": group/private/kernarg sizes, entry byte offset
 *   (relative to the descriptor), COMPUTE_PGM_RSRC1/2/3 and
 *   kernel_code_properties.
 * - The NT_AMDGPU_METADATA note (type 32, owner "AMDGPU") is MessagePack:
 *   amdhsa.kernels[] with .name, .args[], .kernarg_segment_size, ...
 *   (AMDGPUUsage "Code Object V5 Metadata").
 * Every offset read from the file is bounds-checked: a malformed file gives
 * an error message, never a crash. */
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "emu/msgpack.h"

static uint64_t rd(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

static char *dupn(const char *s, size_t n) {
  char *r = malloc(n + 1);
  if (r) { memcpy(r, s, n); r[n] = 0; }
  return r;
}

/* Frees a kernel's argument list with its strings. */
static void free_args(emu_kernel *k) {
  for (uint32_t a = 0; a < k->info.num_args; a++) {
    free((char *)k->args[a].value_kind);
    free((char *)k->args[a].name);
  }
  free(k->args);
  k->args = NULL;
  k->info.args = NULL;
  k->info.num_args = k->info.num_explicit_args = 0;
}

void wemu_program_free(wemu_program *p) {
  if (!p) return;
  for (uint32_t i = 0; i < p->nkernels; i++) {
    free_args(&p->kernels[i]);
    free(p->kernels[i].name);
  }
  free(p->kernels);
  if (p->load_base && p->dev) emu_free_at(p->dev, p->load_base);
  free(p->image);
  free(p->dcache);
  free(p->dvalid);
  free(p->dbg_line);
  free(p->dbg_line_str);
  free(p->dbg_str);
  free(p->wcc_checks);
  free(p);
}

static emu_kernel *kernel_by_name(wemu_program *p, const char *name, size_t n) {
  for (uint32_t i = 0; i < p->nkernels; i++)
    if (strlen(p->kernels[i].name) == n && memcmp(p->kernels[i].name, name, n) == 0)
      return &p->kernels[i];
  return NULL;
}

static wemu_arg_kind arg_kind(const char *vk) {
  if (!strcmp(vk, "by_value")) return WEMU_ARG_BY_VALUE;
  if (!strcmp(vk, "global_buffer")) return WEMU_ARG_GLOBAL_BUFFER;
  if (!strcmp(vk, "dynamic_shared_pointer")) return WEMU_ARG_DYNAMIC_SHARED_POINTER;
  if (!strncmp(vk, "hidden_", 7)) return WEMU_ARG_HIDDEN;
  return WEMU_ARG_OTHER;
}

static uint32_t addr_space(const mp_val *v) {
  if (mp_streq(v, "global")) return 1;
  if (mp_streq(v, "local")) return 3;
  if (mp_streq(v, "constant")) return 4;
  if (mp_streq(v, "private")) return 5;
  if (mp_streq(v, "generic")) return 0;
  if (mp_streq(v, "region")) return 2;
  return 0;
}

/* Parses one amdhsa.kernels[] entry into the kernel of the same name. */
static int parse_kernel_md(wemu_device *dev, wemu_program *p, mp_cursor *c) {
  mp_val m, key, val;
  if (mp_next(c, &m) || m.kind != MP_MAP) return -1;
  const uint8_t *args_at = NULL;
  emu_kernel tmp; memset(&tmp, 0, sizeof tmp);
  const char *name = NULL; uint32_t name_len = 0;
  for (uint32_t i = 0; i < m.len; i++) {
    if (mp_next(c, &key) || key.kind != MP_STR) return -1;
    const uint8_t *at = c->p;
    if (mp_next(c, &val)) return -1;
    if (mp_streq(&key, ".name") && val.kind == MP_STR) { name = val.str; name_len = val.len; }
    else if (mp_streq(&key, ".args") && val.kind == MP_ARRAY) {
      args_at = at;
      c->p = at;
      if (mp_skip(c)) return -1;
    } else if (val.kind == MP_UINT || val.kind == MP_INT) {
      uint32_t u = (uint32_t)val.u;
      if (mp_streq(&key, ".kernarg_segment_size")) tmp.info.kernarg_size = u;
      else if (mp_streq(&key, ".group_segment_fixed_size")) tmp.info.group_segment_size = u;
      else if (mp_streq(&key, ".private_segment_fixed_size")) tmp.info.private_segment_size = u;
      else if (mp_streq(&key, ".sgpr_count")) tmp.info.sgpr_count = u;
      else if (mp_streq(&key, ".vgpr_count")) tmp.info.vgpr_count = u;
      else if (mp_streq(&key, ".max_flat_workgroup_size")) tmp.info.max_flat_workgroup_size = u;
    } else if (mp_streq(&key, ".reqd_workgroup_size") && val.kind == MP_ARRAY && val.len == 3) {
      for (unsigned d = 0; d < 3; d++) { /* the cursor is at the array's first element */
        mp_val e;
        if (mp_next(c, &e) || (e.kind != MP_UINT && e.kind != MP_INT)) return -1;
        tmp.info.reqd_workgroup_size[d] = (uint32_t)e.u;
      }
    } else if (val.kind == MP_ARRAY || val.kind == MP_MAP) {
      c->p = at;
      if (mp_skip(c)) return -1;
    }
  }
  if (!name) { emu_err(dev, "metadata: kernel without .name"); return -2; }
  emu_kernel *k = kernel_by_name(p, name, name_len);
  if (!k) { emu_err(dev, "metadata: kernel %.*s has no descriptor symbol %.*s.kd", (int)name_len, name, (int)name_len, name); return -2; }
  k->info.kernarg_size = tmp.info.kernarg_size;
  k->info.group_segment_size = tmp.info.group_segment_size;
  k->info.private_segment_size = tmp.info.private_segment_size;
  k->info.sgpr_count = tmp.info.sgpr_count;
  k->info.vgpr_count = tmp.info.vgpr_count;
  k->info.max_flat_workgroup_size = tmp.info.max_flat_workgroup_size;
  memcpy(k->info.reqd_workgroup_size, tmp.info.reqd_workgroup_size, sizeof k->info.reqd_workgroup_size);
  if (args_at) {
    const uint8_t *save = c->p;
    c->p = args_at;
    mp_val arr;
    if (mp_next(c, &arr) || arr.kind != MP_ARRAY || arr.len > 4096) return -1;
    free_args(k); /* a second metadata entry for the same kernel replaces the first */
    k->args = calloc(arr.len ? arr.len : 1, sizeof *k->args);
    if (!k->args) return -1;
    k->info.num_args = arr.len;
    int seen_hidden = 0;
    for (uint32_t a = 0; a < arr.len; a++) {
      wemu_arg_info *ai = &k->args[a];
      if (mp_next(c, &m) || m.kind != MP_MAP) return -1;
      for (uint32_t i = 0; i < m.len; i++) {
        if (mp_next(c, &key) || key.kind != MP_STR) return -1;
        const uint8_t *at = c->p;
        if (mp_next(c, &val)) return -1;
        if (val.kind == MP_ARRAY || val.kind == MP_MAP) { c->p = at; if (mp_skip(c)) return -1; continue; }
        if (mp_streq(&key, ".offset")) ai->offset = (uint32_t)val.u;
        else if (mp_streq(&key, ".size")) ai->size = (uint32_t)val.u;
        else if (mp_streq(&key, ".value_kind") && val.kind == MP_STR) { free((char *)ai->value_kind); ai->value_kind = dupn(val.str, val.len); }
        else if (mp_streq(&key, ".name") && val.kind == MP_STR) { free((char *)ai->name); ai->name = dupn(val.str, val.len); }
        else if (mp_streq(&key, ".address_space")) ai->address_space = addr_space(&val);
      }
      if (!ai->value_kind) ai->value_kind = dupn("", 0);
      ai->kind = arg_kind(ai->value_kind);
      if (ai->kind == WEMU_ARG_HIDDEN) seen_hidden = 1;
      else if (!seen_hidden) k->info.num_explicit_args = a + 1;
    }
    k->info.args = k->args;
    c->p = save;
  }
  return 0;
}

static int parse_metadata(wemu_device *dev, wemu_program *p, const uint8_t *desc, size_t n) {
  mp_cursor c = {desc, desc + n, 0};
  mp_val top, key, val;
  if (mp_next(&c, &top) || top.kind != MP_MAP) goto bad;
  for (uint32_t i = 0; i < top.len; i++) {
    if (mp_next(&c, &key)) goto bad;
    if (mp_streq(&key, "amdhsa.kernels")) {
      if (mp_next(&c, &val) || val.kind != MP_ARRAY) goto bad;
      for (uint32_t k = 0; k < val.len; k++) {
        int r = parse_kernel_md(dev, p, &c);
        if (r == -2) return -1;
        if (r) goto bad;
      }
    } else if (mp_skip(&c)) goto bad;
  }
  return 0;
bad:
  emu_err(dev, "code object: malformed NT_AMDGPU_METADATA note (msgpack)");
  return -1;
}

/* Checks the ELF header of a `size`-byte code object `e` for this device:
 * ELF64, little endian, EM_AMDGPU, and EF_AMDGPU_MACH (e_flags bits 7:0,
 * AMDGPUUsage "ELF Header") of the emulated processor, since code for
 * another one would decode as something else or not at all. 0, or -1
 * after emu_err. */
static int check_header(wemu_device *dev, const uint8_t *e, size_t size) {
  if (size > WEMU_MAX_CODE_OBJECT_BYTES) { emu_err(dev, "code object: larger than " WEMU_MAX_CODE_OBJECT_TEXT); return -1; }
  if (!e || size < 64 || memcmp(e, "\177ELF", 4) != 0) { emu_err(dev, "code object: not an ELF file"); return -1; }
  if (e[4] != 2 || e[5] != 1) { emu_err(dev, "code object: not a little-endian ELF64 file"); return -1; }
  if (rd(e + 18, 2) != 224) { emu_err(dev, "code object: e_machine %u is not EM_AMDGPU (224)", (unsigned)rd(e + 18, 2)); return -1; }
  if ((rd(e + 48, 4) & 0xff) != dev->tgt->elf_mach) {
    emu_err(dev, "code object: e_flags processor 0x%x is not %s (0x%x) that this device emulates (wavecc-run --mcpu)",
            (unsigned)(rd(e + 48, 4) & 0xff), dev->tgt->name, (unsigned)dev->tgt->elf_mach);
    return -1;
  }
  return 0;
}

wemu_program *wemu_load(wemu_device *dev, const void *elfv, size_t size) {
  const uint8_t *e = elfv;
  if (!dev || check_header(dev, e, size) != 0) return NULL;
  uint64_t phoff = rd(e + 32, 8), shoff = rd(e + 40, 8);
  uint64_t phentsize = rd(e + 54, 2), phnum = rd(e + 56, 2), shentsize = rd(e + 58, 2), shnum = rd(e + 60, 2);
  if ((phnum && (phentsize < 56 || phoff > size || phnum * phentsize > size - phoff)) ||
      (shnum && (shentsize < 64 || shoff > size || shnum * shentsize > size - shoff))) {
    emu_err(dev, "code object: program or section header table outside the file"); return NULL;
  }
  wemu_program *p = calloc(1, sizeof *p);
  if (!p) { emu_err(dev, "out of memory"); return NULL; }
  p->dev = dev;
  /* EF_AMDGPU_FEATURE_XNACK_V4 (bits 9:8): 1 any, 2 off, 3 on; 0 unsupported */
  p->xnack_replay = ((rd(e + 48, 4) >> 8) & 3) == 1 || ((rd(e + 48, 4) >> 8) & 3) == 3;
  /* Image from PT_LOAD segments. */
  uint64_t top = 0;
  for (uint64_t i = 0; i < phnum; i++) {
    const uint8_t *ph = e + phoff + i * phentsize;
    if (rd(ph, 4) != 1) continue;
    uint64_t off = rd(ph + 8, 8), va = rd(ph + 16, 8), fsz = rd(ph + 32, 8), msz = rd(ph + 40, 8);
    if (off > size || fsz > size - off || fsz > msz || va > (1ull << 30) || msz > (1ull << 30)) { emu_err(dev, "code object: PT_LOAD segment outside the file"); goto fail; }
    if (va + msz > top) top = va + msz;
  }
  if (!top) { emu_err(dev, "code object: no PT_LOAD segment (link it with ld.lld -shared)"); goto fail; }
  if (top > (64ull << 20)) { emu_err(dev, "code object: loaded image of %llu bytes is implausibly large", (unsigned long long)top); goto fail; }
  p->image = calloc(1, top);
  if (!p->image) { emu_err(dev, "out of memory"); goto fail; }
  p->image_size = top;
  for (uint64_t i = 0; i < phnum; i++) {
    const uint8_t *ph = e + phoff + i * phentsize;
    if (rd(ph, 4) != 1) continue;
    uint64_t off = rd(ph + 8, 8), va = rd(ph + 16, 8), fsz = rd(ph + 32, 8);
    memcpy(p->image + va, e + off, fsz);
    if (rd(ph + 4, 4) & 1) { /* PF_X */
      uint64_t msz = rd(ph + 40, 8);
      if (!p->text_hi || va < p->text_lo) p->text_lo = va;
      if (va + msz > p->text_hi) p->text_hi = va + msz;
    }
  }
  /* Symbols: NAME.kd in .symtab or .dynsym; notes; DWARF line tables. */
  const uint8_t *note = NULL; uint64_t note_size = 0;
  uint64_t shstrndx = rd(e + 62, 2), shstr_off = 0, shstr_size = 0;
  if (shstrndx < shnum) {
    shstr_off = rd(e + shoff + shstrndx * shentsize + 24, 8);
    shstr_size = rd(e + shoff + shstrndx * shentsize + 32, 8);
    if (shstr_off > size || shstr_size > size - shstr_off) shstr_size = 0;
  }
  for (uint64_t i = 0; i < shnum; i++) {
    const uint8_t *sh = e + shoff + i * shentsize;
    uint32_t type = (uint32_t)rd(sh + 4, 4);
    uint64_t off = rd(sh + 24, 8), sz = rd(sh + 32, 8), link = rd(sh + 40, 4), entsz = rd(sh + 56, 8);
    if (type == 8) continue; /* NOBITS */
    if (off > size || sz > size - off) { emu_err(dev, "code object: section %llu outside the file", (unsigned long long)i); goto fail; }
    if (type == 7 && !note) { note = e + off; note_size = sz; }
    uint64_t nmo = rd(sh, 4);
    if (type == 1 && nmo < shstr_size && strnlen((const char *)e + shstr_off + nmo, shstr_size - nmo) < shstr_size - nmo)
      emu_keep_debug_section(p, (const char *)e + shstr_off + nmo, e + off, sz);
    if ((type == 2 || type == 11) && entsz >= 24 && link < shnum) {
      const uint8_t *str = e + shoff + link * shentsize;
      uint64_t soff = rd(str + 24, 8), ssz = rd(str + 32, 8);
      if (soff > size || ssz > size - soff) { emu_err(dev, "code object: string table outside the file"); goto fail; }
      for (uint64_t s = 0; s < sz / entsz; s++) {
        const uint8_t *sym = e + off + s * entsz;
        uint64_t nm = rd(sym, 4), val = rd(sym + 8, 8), ssize = rd(sym + 16, 8);
        if (nm >= ssz) continue;
        const char *name = (const char *)e + soff + nm;
        size_t nl = strnlen(name, ssz - nm);
        if (nl == ssz - nm || nl < 4 || strcmp(name + nl - 3, ".kd") != 0) continue;
        if (kernel_by_name(p, name, nl - 3)) continue;
        if (ssize != 64 || val > top || top - val < 64) { emu_err(dev, "code object: descriptor %s is not 64 bytes inside the image", name); goto fail; }
        emu_kernel *nk = realloc(p->kernels, (p->nkernels + 1) * sizeof *nk);
        if (!nk) { emu_err(dev, "out of memory"); goto fail; }
        p->kernels = nk;
        emu_kernel *k = &p->kernels[p->nkernels++];
        memset(k, 0, sizeof *k);
        k->name = dupn(name, nl - 3);
        k->info.name = k->name;
        k->args = calloc(1, sizeof *k->args);
        k->info.args = k->args;
        const uint8_t *kd = p->image + val;
        k->kd_offset = val;
        k->kd_group_size = (uint32_t)rd(kd, 4);
        k->kd_private_size = (uint32_t)rd(kd + 4, 4);
        k->kd_kernarg_size = (uint32_t)rd(kd + 8, 4);
        k->entry = val + (uint64_t)(int64_t)rd(kd + 16, 8);
        k->rsrc3 = (uint32_t)rd(kd + 44, 4);
        k->rsrc1 = (uint32_t)rd(kd + 48, 4);
        k->rsrc2 = (uint32_t)rd(kd + 52, 4);
        k->kcode_props = (uint16_t)rd(kd + 56, 2);
        k->kernarg_preload = (uint16_t)rd(kd + 58, 2);
        k->code_object_version = (uint8_t)(e[8] + 2);
        k->info.kernarg_size = k->kd_kernarg_size;
        k->info.group_segment_size = k->kd_group_size;
        k->info.private_segment_size = k->kd_private_size;
        if (k->entry >= top || k->entry < p->text_lo || k->entry >= p->text_hi) { emu_err(dev, "code object: kernel %s entry 0x%llx is outside the code", k->name, (unsigned long long)k->entry); goto fail; }
      }
    }
  }
  if (!p->nkernels) { emu_err(dev, "code object: no kernel descriptor symbol (NAME.kd)"); goto fail; }
  /* Notes: namesz, descsz, type, name (4-aligned), desc (4-aligned). */
  for (uint64_t o = 0; note && o + 12 <= note_size;) {
    uint64_t nsz = rd(note + o, 4), dsz = rd(note + o + 4, 4), type = rd(note + o + 8, 4);
    uint64_t npad = (nsz + 3) & ~3ull, dpad = (dsz + 3) & ~3ull;
    if (npad > note_size - o - 12 || dpad > note_size - o - 12 - npad) { emu_err(dev, "code object: malformed note"); goto fail; }
    const uint8_t *nm = note + o + 12, *desc = nm + npad;
    if (type == 32 && nsz >= 6 && memcmp(nm, "AMDGPU", 6) == 0)
      if (parse_metadata(dev, p, desc, dsz)) goto fail;
    o += 12 + npad + dpad;
  }
  /* The image also lives in device memory (so that s_getpc_b64-relative
   * constant data is readable), with the dynamic relocations applied:
   * R_AMDGPU_RELATIVE64 (13): base + addend; R_AMDGPU_ABS32_LO/HI/ABS64/
   * ABS32 (1, 2, 3, 6) against defined symbols: base + value + addend
   * (AMDGPUUsage "Relocation Records"). */
  p->load_base = emu_alloc_internal(dev, top, 2);
  if (!p->load_base) goto fail;
  for (uint64_t i = 0; i < shnum; i++) {
    const uint8_t *sh = e + shoff + i * shentsize;
    if (rd(sh + 4, 4) != 4 || rd(sh + 56, 8) != 24) continue;
    uint64_t off = rd(sh + 24, 8), sz = rd(sh + 32, 8), link = rd(sh + 40, 4);
    const uint8_t *symtab = NULL;
    uint64_t nsyms = 0;
    if (link && link < shnum) {
      const uint8_t *ss = e + shoff + link * shentsize;
      uint64_t so = rd(ss + 24, 8), ssz = rd(ss + 32, 8);
      if (so <= size && ssz <= size - so) { symtab = e + so; nsyms = ssz / 24; }
    }
    for (uint64_t r = 0; r + 24 <= sz; r += 24) {
      const uint8_t *re = e + off + r;
      uint64_t ro = rd(re, 8), info = rd(re + 8, 8), add = rd(re + 16, 8);
      uint64_t type = info & 0xffffffffu, symi = info >> 32, v;
      if (type == 13) v = p->load_base + add; /* R_AMDGPU_RELATIVE64 */
      else if (type >= 1 && type <= 6) {      /* ABS32_LO, ABS32_HI, ABS64, ..., ABS32 */
        if (!symtab || symi >= nsyms) continue;
        const uint8_t *sym = symtab + symi * 24;
        if (rd(sym + 6, 2) == 0) continue;    /* undefined symbol: stays 0 */
        v = p->load_base + rd(sym + 8, 8) + add;
        if (type == 2) v >>= 32;
      } else continue;
      unsigned nb = (type == 3 || type == 13) ? 8 : 4;
      if (ro > top - nb) continue;
      for (unsigned b = 0; b < nb; b++) p->image[ro + b] = (uint8_t)(v >> (8 * b));
    }
  }
  if (wemu_write(dev, p->load_base, p->image, top)) goto fail;
  uint64_t nslots = (p->text_hi - p->text_lo) / 4 + 1;
  /* not zeroed (a slot is read only once dvalid says it is decoded): a
   * large calloc was the biggest cost of loading a program per test */
  p->dcache = malloc(nslots * sizeof *p->dcache);
  p->dvalid = calloc(nslots, 1);
  if (!p->dcache || !p->dvalid) { emu_err(dev, "out of memory"); goto fail; }
  return p;
fail:
  wemu_program_free(p);
  return NULL;
}

const wemu_kernel_info *wemu_kernel(const wemu_program *p, const char *name) {
  if (!p || !name) return NULL;
  for (uint32_t i = 0; i < p->nkernels; i++)
    if (!strcmp(p->kernels[i].name, name)) return &p->kernels[i].info;
  return NULL;
}
