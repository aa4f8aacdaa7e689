// libclc pre-split (libclc_split.h): writing the split file at build time
// and building a program's libclc subset from it at compile time.
//
// Why: linking libclc lazily still reads the module-level records of all
// of its 11,433 functions (their prototypes, attributes, value symbol
// tables, the 10 MB file's string table) on every compile, 15-20 ms of
// CPU, where a program needs a few dozen functions (bench/README.md).
//
// The split file, host byte order (it is made on the machine that uses
// it, and the byte-order word rejects another):
//
//   Header   magic, version, byte order, libclc's size and modification
//            time (a different libclc makes the file unusable), counts
//            and offsets of the tables below
//   Piece[]  piece 0 holds libclc's named metadata (module flags, ident)
//            and no definition; piece i > 0 one definition (or a group
//            that must stay together: a local symbol and its users), in
//            libclc's order of definitions, global variables first
//   Sym[]    a name -> its piece (and a global variable's position in
//            libclc), sorted by name (binary search)
//   u32[]    each piece's dependencies: the pieces defining what it uses
//   strings  the names; then each piece's bitcode (4-byte aligned)
//
// A piece's module declares what its definitions use from other pieces.
// The subset is piece 0, then the pieces of the closure in index order,
// linked into one module: its function definitions are in libclc's order,
// and its global variables are put back into libclc's order afterwards
// (each link moves the globals a piece names to the end: IRLinker::run
// reorders the destination's globals to the source's order). So the
// linker's walk over it (ModuleLinker visits the source module's values
// in order, IRLinker reorders globals to it) and the definitions it moves
// are those of the whole library.
#include "driver/libclc_split.h"
#include "driver/clang_pch.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <numeric>
#include <tuple>
#include <vector>

#include "llvm/ADT/SetVector.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace {

constexpr char MAGIC[8] = "WCLCSPL";
constexpr uint32_t VERSION = 1;
constexpr uint32_t ORDER_MARK = 0x01020304;

struct Header {
  char magic[8];
  uint32_t version, byte_order;
  uint64_t libclc_size;
  int64_t libclc_mtime_sec, libclc_mtime_nsec;
  uint32_t num_pieces, num_syms, num_deps, strings_size;
  uint64_t pieces_off, syms_off, deps_off, strings_off;
};

struct Piece {
  uint64_t offset; // of its bitcode, from the start of the file
  uint32_t size, deps_first, deps_count, pad;
};

// A name of libclc: the piece defining it (0: none, a declaration) and,
// for a global variable, its position among libclc's global variables.
struct Sym {
  uint32_t name_off, name_len, piece, rank;
};

// libclc's size and modification time, as the header records them; false
// when it cannot be read.
bool libclc_identity(const char *libclc, Header &h) {
  struct stat st;
  if (stat(libclc, &st) != 0) return false;
  h.libclc_size = (uint64_t)st.st_size;
  h.libclc_mtime_sec = (int64_t)st.st_mtim.tv_sec;
  h.libclc_mtime_nsec = (int64_t)st.st_mtim.tv_nsec;
  return true;
}

// ---------------------------------------------------------------- writing

// The global values `root` refers to: through instruction operands and
// the constants (expressions, aggregates, initialisers) in them.
void collect_refs(const Constant *c, SetVector<const GlobalValue *> &out, SmallPtrSetImpl<const Constant *> &seen) {
  if (!seen.insert(c).second) return;
  if (auto *gv = dyn_cast<GlobalValue>(c)) {
    out.insert(gv);
    return;
  }
  for (const Use &u : c->operands())
    if (auto *k = dyn_cast<Constant>(u.get())) collect_refs(k, out, seen);
}

SetVector<const GlobalValue *> references(const GlobalObject &go) {
  SetVector<const GlobalValue *> out;
  SmallPtrSet<const Constant *, 32> seen;
  if (auto *gv = dyn_cast<GlobalVariable>(&go)) {
    if (gv->hasInitializer()) collect_refs(gv->getInitializer(), out, seen);
    return out;
  }
  for (const Instruction &i : instructions(cast<Function>(go)))
    for (const Use &u : i.operands())
      if (auto *k = dyn_cast<Constant>(u.get())) collect_refs(k, out, seen);
  return out;
}

// What the split cannot keep faithful: refused with the reason.
bool splittable(const Module &m, std::string &msgs) {
  const char *why = nullptr;
  if (!m.alias_empty() || !m.ifunc_empty()) why = "aliases or ifuncs";
  else if (!m.getComdatSymbolTable().empty()) why = "comdats";
  for (const GlobalVariable &g : m.globals())
    if (g.hasAppendingLinkage()) why = "appending globals";
  for (const Function &f : m)
    if (f.hasPersonalityFn() || f.hasPrefixData() || f.hasPrologueData()) why = "personality, prefix or prologue data";
  if (why) msgs += std::string("error: libclc has ") + why + ", which the split does not support\n";
  return why == nullptr;
}

// A declaration in `dst` of `gv` (libclc's), as the linker would meet it.
GlobalValue *declare(Module &dst, const GlobalValue &gv) {
  GlobalValue *d;
  if (auto *f = dyn_cast<Function>(&gv)) {
    Function *nf = Function::Create(f->getFunctionType(), GlobalValue::ExternalLinkage, f->getAddressSpace(),
                                    f->getName(), &dst);
    nf->copyAttributesFrom(f);
    d = nf;
  } else {
    auto *g = cast<GlobalVariable>(&gv);
    auto *ng = new GlobalVariable(dst, g->getValueType(), g->isConstant(), GlobalValue::ExternalLinkage, nullptr,
                                  g->getName(), nullptr, g->getThreadLocalMode(), g->getAddressSpace());
    ng->copyAttributesFrom(g);
    d = ng;
  }
  d->setLinkage(GlobalValue::ExternalLinkage);
  return d;
}

// The bitcode of `m`. Use-list order is not written: libclc's file has
// none, so a piece and libclc read in the same (natural) order.
std::string bitcode_of(const Module &m) {
  std::string out;
  raw_string_ostream os(out);
  WriteBitcodeToFile(m, os, /*ShouldPreserveUseListOrder=*/false);
  os.flush();
  return out;
}

// `piece` gets libclc's data layout, triple and source file name.
void same_target(Module &piece, const Module &lib) {
  piece.setDataLayout(lib.getDataLayout());
  piece.setTargetTriple(lib.getTargetTriple());
  piece.setSourceFileName(lib.getSourceFileName());
}

// The bitcode of a module holding the definitions `members` (in order)
// and declarations of everything else they use.
std::string piece_bitcode(const Module &lib, ArrayRef<const GlobalObject *> members) {
  Module piece(lib.getModuleIdentifier(), lib.getContext());
  same_target(piece, lib);
  ValueToValueMapTy vmap;
  SmallPtrSet<const GlobalObject *, 4> inside(members.begin(), members.end());
  for (const GlobalObject *go : members) { // prototypes first: members may use each other
    if (auto *f = dyn_cast<Function>(go)) {
      Function *nf = Function::Create(f->getFunctionType(), f->getLinkage(), f->getAddressSpace(), f->getName(), &piece);
      nf->copyAttributesFrom(f);
      vmap[f] = nf;
    } else {
      auto *g = cast<GlobalVariable>(go);
      auto *ng = new GlobalVariable(piece, g->getValueType(), g->isConstant(), g->getLinkage(), nullptr, g->getName(),
                                    nullptr, g->getThreadLocalMode(), g->getAddressSpace());
      ng->copyAttributesFrom(g);
      vmap[g] = ng;
    }
  }
  for (const GlobalObject *go : members)
    for (const GlobalValue *gv : references(*go))
      if (!vmap.count(gv)) vmap[gv] = declare(piece, *gv);
  for (const GlobalObject *go : members) {
    if (auto *g = dyn_cast<GlobalVariable>(go)) {
      cast<GlobalVariable>(vmap[g])->setInitializer(MapValue(g->getInitializer(), vmap));
      SmallVector<std::pair<unsigned, MDNode *>, 2> mds;
      g->getAllMetadata(mds);
      for (auto &[kind, md] : mds) cast<GlobalVariable>(vmap[g])->addMetadata(kind, *MapMetadata(md, vmap));
      continue;
    }
    auto *f = cast<Function>(go);
    auto *nf = cast<Function>(vmap[f]);
    auto arg = nf->arg_begin();
    for (const Argument &a : f->args()) {
      arg->setName(a.getName());
      vmap[&a] = &*arg++;
    }
    SmallVector<ReturnInst *, 4> returns;
    CloneFunctionInto(nf, f, vmap, CloneFunctionChangeType::DifferentModule, returns);
    nf->setLinkage(f->getLinkage());
  }
  return bitcode_of(piece);
}

// Piece 0: libclc's module-level data without any definition.
std::string header_bitcode(const Module &lib) {
  Module piece(lib.getModuleIdentifier(), lib.getContext());
  same_target(piece, lib);
  piece.setModuleInlineAsm(lib.getModuleInlineAsm());
  for (const NamedMDNode &nmd : lib.named_metadata()) {
    NamedMDNode *n = piece.getOrInsertNamedMetadata(nmd.getName());
    for (const MDNode *op : nmd.operands()) n->addOperand(const_cast<MDNode *>(op));
  }
  return bitcode_of(piece);
}

// Groups of definitions that must share a piece (a local symbol with the
// definitions using it; libclc 19 has none, so every group is one
// definition), in order of their first member.
std::vector<std::vector<const GlobalObject *>> groups(const std::vector<const GlobalObject *> &defs,
                                                      const DenseMap<const GlobalValue *, unsigned> &index) {
  std::vector<unsigned> parent(defs.size());
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](unsigned x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (unsigned i = 0; i < defs.size(); i++)
    for (const GlobalValue *gv : references(*defs[i]))
      if (gv->hasLocalLinkage()) {
        unsigned a = find(i), b = find(index.lookup(gv));
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
      }
  std::map<unsigned, std::vector<const GlobalObject *>> by_root;
  for (unsigned i = 0; i < defs.size(); i++) by_root[find(i)].push_back(defs[i]);
  std::vector<std::vector<const GlobalObject *>> out;
  for (auto &[root, members] : by_root) out.push_back(std::move(members));
  return out;
}

template <typename T> void put(std::string &out, const T &v) { out.append(reinterpret_cast<const char *>(&v), sizeof v); }

// ---------------------------------------------------------------- reading

// The split file mapped, with its tables checked against its size.
struct SplitFile {
  std::unique_ptr<MemoryBuffer> buf;
  const Header *h = nullptr;
  const Piece *pieces = nullptr;
  const Sym *syms = nullptr;
  const uint32_t *deps = nullptr;
  const char *strings = nullptr;

  bool open(const char *path, const char *libclc) {
    auto b = MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!b) return false;
    buf = std::move(*b);
    size_t size = buf->getBufferSize();
    const char *base = buf->getBufferStart();
    if (size < sizeof(Header) || reinterpret_cast<uintptr_t>(base) % alignof(Header)) return false;
    h = reinterpret_cast<const Header *>(base);
    Header id{};
    if (std::memcmp(h->magic, MAGIC, sizeof MAGIC) || h->version != VERSION || h->byte_order != ORDER_MARK ||
        !libclc_identity(libclc, id) || id.libclc_size != h->libclc_size ||
        id.libclc_mtime_sec != h->libclc_mtime_sec || id.libclc_mtime_nsec != h->libclc_mtime_nsec)
      return false;
    auto fits = [&](uint64_t off, uint64_t n, uint64_t each) {
      return off % 4 == 0 && off <= size && n <= (size - off) / each;
    };
    if (h->num_pieces == 0 || !fits(h->pieces_off, h->num_pieces, sizeof(Piece)) ||
        !fits(h->syms_off, h->num_syms, sizeof(Sym)) || !fits(h->deps_off, h->num_deps, 4) ||
        !fits(h->strings_off, h->strings_size, 1))
      return false;
    pieces = reinterpret_cast<const Piece *>(base + h->pieces_off);
    syms = reinterpret_cast<const Sym *>(base + h->syms_off);
    deps = reinterpret_cast<const uint32_t *>(base + h->deps_off);
    strings = base + h->strings_off;
    for (uint32_t i = 0; i < h->num_pieces; i++) {
      const Piece &p = pieces[i];
      if (p.offset > size || p.size > size - p.offset || p.deps_first > h->num_deps ||
          p.deps_count > h->num_deps - p.deps_first)
        return false;
    }
    for (uint32_t i = 0; i < h->num_deps; i++)
      if (deps[i] >= h->num_pieces) return false;
    for (uint32_t i = 0; i < h->num_syms; i++)
      if (syms[i].piece >= h->num_pieces || syms[i].name_off > h->strings_size ||
          syms[i].name_len > h->strings_size - syms[i].name_off)
        return false;
    return true;
  }

  StringRef name(const Sym &s) const { return StringRef(strings + s.name_off, s.name_len); }

  // The entry of `n`, or null.
  const Sym *find(StringRef n) const {
    const Sym *end = syms + h->num_syms;
    const Sym *it = std::lower_bound(syms, end, n, [this](const Sym &s, StringRef k) { return name(s) < k; });
    return it != end && name(*it) == n ? it : nullptr;
  }

  // The piece defining `n`, or 0 (the header piece defines nothing).
  uint32_t piece_of(StringRef n) const {
    const Sym *s = find(n);
    return s ? s->piece : 0;
  }

  // A global variable's position in libclc (names it lacks last).
  uint32_t rank_of(StringRef n) const {
    const Sym *s = find(n);
    return s ? s->rank : UINT32_MAX;
  }
};

// ------------------------------------------------------- the subset cache
//
// Why: building a subset parses and links one piece per definition (8 for
// app_transpose, ~100 for f_half_vload_vstore), each with its own module
// header, type table and metadata: ~4.5M instructions of app_transpose's
// 97.5M-instruction --no-cache run (callgrind, 2026-11-29). The subset
// depends only on the split file and the set of pieces, never on the
// program's text, so it is kept as one bitcode file per set of pieces,
// like the default header's PCH (clang_pch.h): in the cache directory
// under libclc/, named by a hash of LLVM's version, the split format,
// the split file's and libclc's size and time and the set. --no-cache
// does not turn it off (it is not the code-object cache);
// WAVECC_NO_LIBCLC_CACHE=1 does. Written to a temporary file and renamed:
// a concurrent compile reads a whole file or none.

// The cache file of the subset `want` of `file` (at `split`), "" when the
// cache is off or has no directory.
std::string subset_cache_path(const SplitFile &file, const char *split, const std::vector<char> &want) {
  const char *off = std::getenv("WAVECC_NO_LIBCLC_CACHE");
  if (off && *off && std::strcmp(off, "0") != 0) return "";
  std::string dir = wavecc_frontend_cache_dir();
  struct stat st;
  if (dir.empty() || stat(split, &st) != 0) return "";
  SHA256 h;
  auto add = [&h](StringRef s) { wavecc_key_add(h, s); };
  add("wavecc libclc subset 1");
  add(LLVM_VERSION_STRING);
  add(std::to_string(VERSION));
  add(std::to_string(file.h->libclc_size) + " " + std::to_string(file.h->libclc_mtime_sec) + " " +
      std::to_string(file.h->libclc_mtime_nsec));
  add(std::to_string((uint64_t)st.st_size) + " " + std::to_string((int64_t)st.st_mtim.tv_sec) + " " +
      std::to_string((int64_t)st.st_mtim.tv_nsec));
  std::string set;
  for (uint32_t i = 0; i < want.size(); i++)
    if (want[i]) set += std::to_string(i) + ",";
  add(set);
  std::string name = wavecc_key_hex(h);
  return dir + "/libclc/" + name + ".bc";
}

// The cached subset at `path` read into `ctx` as the module the pieces
// would have built (named `libclc`), or null when there is none or it
// does not read.
std::unique_ptr<Module> subset_cache_read(LLVMContext &ctx, const std::string &path, const char *libclc) {
  auto b = MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!b) return nullptr;
  Expected<std::unique_ptr<Module>> m = parseBitcodeFile((*b)->getMemBufferRef(), ctx);
  if (!m) {
    consumeError(m.takeError());
    return nullptr;
  }
  (*m)->setModuleIdentifier(libclc);
  return std::move(*m);
}

// Writes `subset` to the cache file `path` (nothing on failure: the next
// compile builds it again).
void subset_cache_write(const Module &subset, const std::string &path) {
  SmallString<128> dir(path);
  sys::path::remove_filename(dir);
  if (sys::fs::create_directories(dir)) return;
  std::string tmp = path + "." + std::to_string(getpid()) + ".tmp";
  std::error_code ec;
  {
    raw_fd_ostream os(tmp, ec, sys::fs::OF_None);
    if (ec) return;
    // The use-list order too: read back, the module is the one built here.
    WriteBitcodeToFile(subset, os, /*ShouldPreserveUseListOrder=*/true);
    os.close();
    ec = os.error();
  }
  if (ec || sys::fs::rename(tmp, path)) sys::fs::remove(tmp);
}

} // namespace

int libclc_split_write(const char *libclc, const char *out_path, std::string &msgs) {
  LLVMContext ctx;
  auto buffer = MemoryBuffer::getFile(libclc);
  if (!buffer) {
    msgs += std::string("error: cannot read ") + libclc + ": " + buffer.getError().message() + "\n";
    return -1;
  }
  Expected<std::unique_ptr<Module>> lib = parseBitcodeFile((*buffer)->getMemBufferRef(), ctx);
  if (!lib) {
    msgs += std::string("error: ") + libclc + ": " + toString(lib.takeError()) + "\n";
    return -1;
  }
  const Module &m = **lib;
  Header h{};
  if (!splittable(m, msgs) || !libclc_identity(libclc, h)) return -1;
  std::vector<const GlobalObject *> defs;
  DenseMap<const GlobalValue *, unsigned> index;
  for (const GlobalVariable &g : m.globals())
    if (!g.isDeclaration()) index[&g] = defs.size(), defs.push_back(&g);
  for (const Function &f : m)
    if (!f.isDeclaration()) index[&f] = defs.size(), defs.push_back(&f);
  std::vector<std::vector<const GlobalObject *>> group = groups(defs, index);
  DenseMap<const GlobalValue *, uint32_t> piece_of;
  for (uint32_t i = 0; i < group.size(); i++)
    for (const GlobalObject *go : group[i]) piece_of[go] = i + 1;

  std::vector<std::string> bitcode{header_bitcode(m)};
  std::vector<Piece> pieces(group.size() + 1);
  std::vector<uint32_t> deps;
  for (uint32_t i = 0; i < group.size(); i++) {
    bitcode.push_back(piece_bitcode(m, group[i]));
    SetVector<uint32_t> d;
    for (const GlobalObject *go : group[i])
      for (const GlobalValue *gv : references(*go))
        if (uint32_t p = piece_of.lookup(gv); p && p != i + 1) d.insert(p);
    pieces[i + 1].deps_first = deps.size();
    pieces[i + 1].deps_count = d.size();
    deps.insert(deps.end(), d.begin(), d.end());
  }
  std::vector<const GlobalObject *> named(defs);
  DenseMap<const GlobalValue *, uint32_t> rank;
  for (const GlobalVariable &g : m.globals()) {
    rank[&g] = rank.size();
    if (g.isDeclaration()) named.push_back(&g);
  }
  std::sort(named.begin(), named.end(), [](auto *a, auto *b) { return a->getName() < b->getName(); });
  std::string strings;
  std::vector<Sym> syms;
  for (const GlobalObject *go : named) {
    if (!go->hasName()) continue;
    syms.push_back({(uint32_t)strings.size(), (uint32_t)go->getName().size(), piece_of.lookup(go), rank.lookup(go)});
    strings += go->getName().str();
  }
  while (strings.size() % 4) strings += '\0';

  std::memcpy(h.magic, MAGIC, sizeof MAGIC);
  h.version = VERSION;
  h.byte_order = ORDER_MARK;
  h.num_pieces = pieces.size();
  h.num_syms = syms.size();
  h.num_deps = deps.size();
  h.strings_size = strings.size();
  h.pieces_off = sizeof h;
  h.syms_off = h.pieces_off + pieces.size() * sizeof(Piece);
  h.deps_off = h.syms_off + syms.size() * sizeof(Sym);
  h.strings_off = h.deps_off + deps.size() * 4;
  uint64_t off = h.strings_off + strings.size();
  for (size_t i = 0; i < pieces.size(); i++) {
    pieces[i].offset = off;
    pieces[i].size = bitcode[i].size();
    off += (bitcode[i].size() + 3) & ~(uint64_t)3;
  }
  std::string file;
  put(file, h);
  for (const Piece &p : pieces) put(file, p);
  for (const Sym &s : syms) put(file, s);
  for (uint32_t d : deps) put(file, d);
  file += strings;
  for (const std::string &b : bitcode) {
    file += b;
    while (file.size() % 4) file += '\0';
  }
  // Written whole under a temporary name, then renamed: a build
  // interrupted midway leaves no half file for a compile to read.
  std::string tmp = std::string(out_path) + ".tmp";
  std::error_code ec;
  {
    raw_fd_ostream os(tmp, ec, sys::fs::OF_None);
    if (!ec) {
      os << file;
      os.close();
      ec = os.error();
    }
  }
  if (!ec) ec = sys::fs::rename(tmp, out_path);
  if (ec) {
    msgs += std::string("error: cannot write ") + out_path + ": " + ec.message() + "\n";
    sys::fs::remove(tmp);
    return -1;
  }
  return 0;
}

std::unique_ptr<Module> libclc_split_subset(LLVMContext &ctx, const Module &program, const char *split,
                                            const char *libclc) {
  SplitFile file;
  if (!split || !*split || !file.open(split, libclc)) return nullptr;
  // The closure over the pieces of the names the program declares (the
  // roots of `llvm-link --only-needed`) and defines (IRLinker's final
  // reordering moves a libclc global variable the program defines too),
  // and what they reach.
  std::vector<char> want(file.h->num_pieces, 0);
  std::vector<uint32_t> work;
  for (const GlobalValue &gv : program.global_values())
    if (gv.hasName())
      if (uint32_t p = file.piece_of(gv.getName()); p && !want[p]) want[p] = 1, work.push_back(p);
  while (!work.empty()) {
    const Piece &p = file.pieces[work.back()];
    work.pop_back();
    for (uint32_t i = 0; i < p.deps_count; i++)
      if (uint32_t d = file.deps[p.deps_first + i]; !want[d]) want[d] = 1, work.push_back(d);
  }
  want[0] = 1;
  std::string cached = subset_cache_path(file, split, want);
  if (!cached.empty())
    if (std::unique_ptr<Module> m = subset_cache_read(ctx, cached, libclc)) return m;
  auto subset = std::make_unique<Module>(libclc, ctx);
  Linker linker(*subset);
  for (uint32_t i = 0; i < file.h->num_pieces; i++) {
    if (!want[i]) continue;
    const Piece &p = file.pieces[i];
    MemoryBufferRef ref(StringRef(file.buf->getBufferStart() + p.offset, p.size), split);
    Expected<std::unique_ptr<Module>> piece = parseBitcodeFile(ref, ctx);
    if (!piece) {
      consumeError(piece.takeError());
      return nullptr;
    }
    // OverrideFromSrc: a linkonce_odr definition nothing in the subset
    // uses yet is linked all the same (a later piece will use it).
    if (linker.linkInModule(std::move(*piece), Linker::Flags::OverrideFromSrc)) return nullptr;
  }
  // (rank, position now): a total order (std::stable_sort's temporary
  // buffer is deprecated in the libstdc++ clang-19 builds the fuzzers with).
  std::vector<std::tuple<uint32_t, size_t, GlobalVariable *>> order;
  for (GlobalVariable &g : subset->globals()) order.emplace_back(file.rank_of(g.getName()), order.size(), &g);
  std::sort(order.begin(), order.end());
  for (auto &[r, i, g] : order) {
    g->removeFromParent();
    subset->insertGlobalVariable(g);
  }
  if (!cached.empty()) subset_cache_write(*subset, cached);
  return subset;
}
