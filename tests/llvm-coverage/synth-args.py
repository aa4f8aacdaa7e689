#!/usr/bin/env python3
"""Argument synthesis for `wavecc-run --differential` (issue 26).

Reads an LLVM IR file that has no test block (LLVM's own
test/CodeGen/AMDGPU inputs) and writes a copy that wavecc-run can run: a
leading test block (../../../shared/KERNEL-TEST-FORMAT.md) with one [test]
per amdgpu_kernel, and the module's triple set to amdgcn-amd-amdhsa (most
inputs have none; llc-19 gets -mtriple, wavecc reads it from the module).

What each kernel gets:
  - pointers to global, constant or flat memory (addrspace 1, 4, 0): a
    buffer of BUF bytes (64 KiB), compared byte for byte afterwards; each
    kernel runs three times (three [test]s), with the buffers filled with
    small integers, with small floats and with `random` bytes (wavecc-run's
    generator, deterministic per test), see FILLS;
  - LDS pointers (addrspace 3): `NULL` buffers of 1 KiB (dynamic LDS);
  - private / region pointers (addrspace 5, 2): offset 0;
  - buffer resources (addrspace 8): the parameter becomes a global
    pointer NAME.synth.base to a buffer as above, and the kernel's entry
    makes the resource from it (llvm.amdgcn.make.buffer.rsrc.p1: stride 0,
    num_records BUF, word 3 RSRC_WORD3: a 32-bit float format with the
    x, y, z, w destination selects, so that format loads return the
    memory's dwords); unnamed ones (%0) cannot be renamed: left out;
  - scalars, vectors, arrays and structs by value (also byref): small
    values from a generator seeded by the file and kernel name (integers
    0..3 (`small` test) or 0..15 within their width, floats k/4 for k in -8..8), laid out as
    LLVM's DataLayout does and passed as one integer value or ulong vector
    of the argument's allocation size. Sizes that are none of 1, 2, 4, 8,
    16, 32, 64, 128 bytes (say [3 x i32]) cannot be written in the test
    format: the kernel is left out and named on stderr.
  - the grid: one dimension, 2 work-groups of 64 work-items, or of the
    kernel's reqd_work_group_size (2 or 3 dimensions: 2 work-groups along
    x) / "amdgpu-flat-work-group-size" when it asks for other sizes.

Variants for the triage of differences (differential.sh runs them on the
files with differences, triage.py reads the results):
  --seed N      other by-value scalars and other buffer contents (N = 0 is
                the default run);
  --undef-zero  every `undef` and `poison` operand inside a function body
                replaced by `zeroinitializer` (a defined value of any
                type), and what else makes values poison or approximate
                dropped: nsw/nuw/exact/disjoint/nneg/inbounds, the
                fast-math flags, the zero-is-poison flag of ctlz/cttz and
                the int-min-is-poison flag of abs, !range and !fpmath, the
                no-nans/no-infs/unsafe/approx/no-signed-zeros function
                attributes. Every behaviour of the variant is one the
                original allows, so a difference that disappears is the
                undefined value's (or the allowed approximation's), and
                one that stays is not;
  --single      one work-item (kernels without a required work-group
                size): no two work-items can race for a store.
A name NAME@KERNEL in --batch's list writes NAME@KERNEL.ll ('/' as '__')
with that kernel alone: the other amdgpu_kernel definitions removed, so
that a file wavecc cannot compile whole (it stops at the first error)
still has its other kernels compared.

usage: synth-args.py [VARIANT...] IN.ll OUT.ll   (prints "KERNELS SKIPPED"
       on stdout, the reasons for skipped kernels on stderr)
       synth-args.py [VARIANT...] --batch SRCDIR OUTDIR < NAMES   (see main)
"""
import hashlib
import os
import random
import re
import sys

BUF = 65536
LDS = 1024
LOCAL = 64

# Global buffer contents, one [test] each: `small` dwords (an integer 0..15
# then a zero, repeated: indices and i64 values stay small, so that fewer
# kernels index out of bounds), `float` (f32 values k/4) and `random` bytes
# (wavecc-run's generator).
# (seed 0: the main run; other seeds: other lists, and `random` becomes an
# explicit list drawn from the seed, as wavecc-run's own generator is fixed
# per test name)
RSRC_WORD3 = 0x27fac


def make_fills(seed):
    r = random.Random(26 + 1000003 * seed)
    fills = {
        'small': 'buffer uint[%d] repeat %s' % (BUF // 4, ' '.join('%d 0' % r.randrange(16) for _ in range(31 + 2 * seed))),
        'float': 'buffer float[%d] repeat %s' % (BUF // 4, ' '.join(str(r.randrange(-16, 17) / 4.0) for _ in range(61 + 2 * seed))),
        'random': 'buffer uchar[%d] random' % BUF,
    }
    if seed:
        fills['random'] = 'buffer uint[%d] repeat %s' % (BUF // 4, ' '.join(str(r.getrandbits(32)) for _ in range(509)))
    return fills


OPTS = {'seed': 0, 'undef_zero': False, 'single': False}
FILLS = make_fills(0)


def split_top(s, sep=','):
    """Splits s on sep outside (), <>, [], {} and quotes."""
    out, depth, cur, q = [], 0, [], False
    for c in s:
        if c == '"':
            q = not q
        if not q:
            if c in '(<[{':
                depth += 1
            elif c in ')>]}':
                depth -= 1
            elif c == sep and depth == 0:
                out.append(''.join(cur))
                cur = []
                continue
        cur.append(c)
    if ''.join(cur).strip():
        out.append(''.join(cur))
    return out


class Unsupported(Exception):
    pass


def parse_type(s, structs):
    """Parses the leading type of s; returns (type, rest). Types are tuples:
    ('i', bits) ('f', bits) ('ptr', as) ('vec', n, t) ('arr', n, t)
    ('struct', [t...], packed)."""
    s = s.lstrip()
    m = re.match(r'i(\d+)\b', s)
    if m:
        return ('i', int(m.group(1))), s[m.end():]
    for name, bits in (('half', 16), ('bfloat', 16), ('float', 32), ('double', 64)):
        if re.match(name + r'\b', s):
            return ('f', bits, name), s[len(name):]
    m = re.match(r'ptr(\s+addrspace\((\d+)\))?', s)
    if m:
        return ('ptr', int(m.group(2) or 0)), s[m.end():]
    m = re.match(r'<\s*(\d+)\s*x\s*', s)
    if m:
        t, rest = parse_type(s[m.end():], structs)
        rest = rest.lstrip()
        if not rest.startswith('>'):
            raise Unsupported('vector type ' + s[:40])
        return ('vec', int(m.group(1)), t), rest[1:]
    m = re.match(r'\[\s*(\d+)\s*x\s*', s)
    if m:
        t, rest = parse_type(s[m.end():], structs)
        rest = rest.lstrip()
        if not rest.startswith(']'):
            raise Unsupported('array type ' + s[:40])
        return ('arr', int(m.group(1)), t), rest[1:]
    packed = s.startswith('<{')
    if s.startswith('{') or packed:
        depth, i = 0, 0
        for i, c in enumerate(s):
            if c in '{':
                depth += 1
            elif c == '}':
                depth -= 1
                if depth == 0:
                    break
        body = s[(2 if packed else 1):i]
        fields = [parse_type(f, structs)[0] for f in split_top(body)] if body.strip() else []
        rest = s[i + 1:]
        if packed:
            rest = rest.lstrip()[1:]
        return ('struct', fields, packed), rest
    m = re.match(r'(%[\w.$"-]+)', s)
    if m and m.group(1) in structs:
        return parse_type(structs[m.group(1)], structs)[0], s[m.end():]
    raise Unsupported('type ' + s.split()[0] if s.split() else 'empty type')


def pow2ceil(n):
    p = 1
    while p < n:
        p *= 2
    return p


def layout(t):
    """(alloc size, alignment) in bytes, as the AMDGPU DataLayout."""
    k = t[0]
    if k == 'i':
        b = t[1]
        if b > 64:
            size = (b + 63) // 64 * 8
            return (size if size != 8 else 8), 8  # i65..i128: 16, align 8 (i128 align 8 in LLVM 19's layout)
        size = pow2ceil((b + 7) // 8)
        return size, size
    if k == 'f':
        return t[1] // 8, t[1] // 8
    if k == 'ptr':
        s = 4 if t[1] in (2, 3, 5, 6) else (16 if t[1] == 8 else 8)
        return s, (8 if t[1] == 8 else s)
    if k == 'vec':
        es, _ = layout(t[2])
        if t[2][0] == 'i' and t[2][1] % 8:
            bits = t[1] * t[2][1]
            store = (bits + 7) // 8
            a = pow2ceil(store)
            return a, a
        size = t[1] * es
        a = pow2ceil(size)
        return a, a
    if k == 'arr':
        es, ea = layout(t[2])
        return t[1] * es, ea
    if k == 'struct':
        off, al = 0, 1
        for f in t[1]:
            fs, fa = layout(f)
            if t[2]:
                fa = 1
            off = (off + fa - 1) // fa * fa + fs
            al = max(al, fa)
        return (off + al - 1) // al * al, al
    raise Unsupported(str(t))


def fill(t, rng, buf, off):
    """Writes small values of type t at buf[off:]."""
    k = t[0]
    if k == 'i':
        v = rng.randrange(0, min(rng.int_range, 1 << t[1]))
        size, _ = layout(t)
        buf[off:off + size] = v.to_bytes(size, 'little')
    elif k == 'f':
        import struct
        v = rng.randrange(-8, 9) / 4.0
        if t[1] == 64:
            buf[off:off + 8] = struct.pack('<d', v)
        elif t[1] == 32:
            buf[off:off + 4] = struct.pack('<f', v)
        elif t[2] == 'bfloat':
            buf[off:off + 2] = struct.pack('<f', v)[2:4]
        else:
            buf[off:off + 2] = struct.pack('<e', v)
    elif k == 'ptr':
        pass  # null (only inside aggregates)
    elif k == 'vec':
        if t[2][0] == 'i' and t[2][1] % 8:
            return  # bit-packed elements: zeros
        es, _ = layout(t[2])
        for i in range(t[1]):
            fill(t[2], rng, buf, off + i * es)
    elif k == 'arr':
        es, _ = layout(t[2])
        for i in range(t[1]):
            fill(t[2], rng, buf, off + i * es)
    elif k == 'struct':
        o = 0
        for f in t[1]:
            fs, fa = layout(f)
            if t[2]:
                fa = 1
            o = (o + fa - 1) // fa * fa
            fill(f, rng, buf, off + o)
            o += fs


ARG_SIZES = {1: 'i8', 2: 'i16', 4: 'i32', 8: 'i64', 16: '<4 x i32>', 32: '<8 x i32>', 64: '<16 x i32>', 128: '<32 x i32>'}


def by_value(t, rng, pad=0):
    size, _ = layout(t)
    buf = bytearray(max(size, pad))
    fill(t, rng, buf, 0)
    size = len(buf)
    one = {1: 'uchar', 2: 'ushort', 4: 'uint', 8: 'ulong'}
    if size in one:
        return '%s %d' % (one[size], int.from_bytes(buf, 'little'))
    if size in (16, 32, 64, 128):
        vals = [int.from_bytes(buf[i:i + 8], 'little') for i in range(0, size, 8)]
        return 'ulong%d %s' % (size // 8, ' '.join('0x%x' % v for v in vals))
    raise Unsupported('a by-value argument of %d bytes (the test format has no such type)' % size)


def kernel_args(params, structs, rng, fill_kind, pads):
    """The arg_in lines; pads: {index: bytes} of by-value arguments
    passed padded (see odd_params)."""
    lines = []
    for i, p in enumerate(split_top(params)):
        p = p.strip()
        if p == '...':
            raise Unsupported('varargs')
        t, rest = parse_type(p, structs)
        m = re.search(r'\bbyref\((.*)\)', rest)
        if m:
            inner = split_top(m.group(1), ')')[0]
            t, _ = parse_type(inner, structs)
            lines.append('arg_in: %d %s' % (i, by_value(t, rng)))
            continue
        if t[0] == 'ptr':
            a = t[1]
            if a in (0, 1, 4):
                lines.append(('arg_in: %d ' % i) + FILLS[fill_kind])
            elif a == 3:
                lines.append('arg_in: %d buffer uchar[%d] NULL' % (i, LDS))
            elif a in (2, 5):
                lines.append('arg_in: %d uint 0' % i)
            elif a == 8:
                # rewritten to a global pointer (process, rsrc_params)
                lines.append(('arg_in: %d ' % i) + FILLS[fill_kind])
            else:
                raise Unsupported('a pointer to address space %d' % a)
            continue
        lines.append('arg_in: %d %s' % (i, by_value(t, rng, pads.get(i, 0))))
    return lines


def attr_groups(text):
    g = {}
    for m in re.finditer(r'^attributes\s+#(\d+)\s*=\s*\{(.*)\}', text, re.M):
        g[m.group(1)] = m.group(2)
    return g


def metadata(text):
    md = {}
    for m in re.finditer(r'^!(\d+)\s*=\s*(?:distinct\s+)?!\{(.*)\}', text, re.M):
        md[m.group(1)] = m.group(2)
    return md


def local_size(header, groups, md):
    """The work-group size (x, y, z) and whether the kernel requires it."""
    m = re.search(r'!reqd_work_group_size\s+!(\d+)', header)
    if m and m.group(1) in md:
        v = [int(x) for x in re.findall(r'i32\s+(\d+)', md[m.group(1)])]
        if len(v) == 3 and min(v) > 0:
            return tuple(v), True
        if len(v) == 3:
            raise Unsupported('reqd_work_group_size %s' % v)
    lo, hi = 1, 1024
    attrs = ' '.join(groups.get(g, '') for g in re.findall(r'#(\d+)', header.split(')')[-1] if ')' in header else ''))
    attrs += ' ' + header
    m = re.search(r'"amdgpu-flat-work-group-size"="(\d+),(\d+)"', attrs)
    if m:
        lo, hi = int(m.group(1)), int(m.group(2))
    m = re.search(r'"amdgpu-max-work-group-size"="(\d+)"', attrs)
    if m:
        hi = min(hi, int(m.group(1)))
    size = 1 if OPTS['single'] else LOCAL
    if size > hi:
        size = hi
    if size < lo:
        size = lo
    return (size, 1, 1), False


NAME = r'%[-\w.$]+'


def rsrc_params(params, structs):
    """The buffer-resource parameters (ptr addrspace(8), not byref) of a
    parameter list: [(start, end, name)] with offsets into params."""
    out, off = [], 0
    pieces = split_top(params)
    for p in pieces:
        q = p.strip()
        if q and q != '...':
            t, rest = parse_type(q, structs)
            if t == ('ptr', 8) and 'byref' not in rest:
                m = re.search(r'(' + NAME + r')\s*$', rest)
                if not m or re.fullmatch(r'%\d+', m.group(1)):
                    raise Unsupported('an unnamed buffer resource argument')
                out.append((off, off + len(p), m.group(1)))
        off += len(p) + 1
    return out


def odd_params(params, structs, body):
    """The by-value parameters whose size the test format cannot write
    (say [3 x i32], 12 bytes): [(start, end, name, type text, padded size,
    index)]. process() passes each as the next size it can write (an
    integer or <N x i32>) and reloads the original type from a private
    copy at the kernel's entry: the same value, in other kernarg bytes.
    An unnamed one (the [112 x i8] padding of some kernels) keeps its
    number and is only retyped (name None) if the body never uses it."""
    out, off, unnamed = [], 0, 0
    for i, p in enumerate(split_top(params)):
        q = p.strip()
        if q and q != '...':
            t, rest = parse_type(q, structs)
            size = layout(t)[0]
            m = re.search(r'(' + NAME + r')\s*$', rest)
            num = None if m and not re.fullmatch(r'%\d+', m.group(1)) else unnamed
            unnamed += num is not None
            if t[0] != 'ptr' and 'byref' not in rest and size not in ARG_SIZES:
                pad = min([k for k in ARG_SIZES if k >= size] or [0])
                if num is not None and re.search(r'%%%d\b' % num, body):
                    pad = 0
                if not pad or size == 0:
                    raise Unsupported('a by-value argument of %d bytes (the test format has no such type, '
                                      'and it cannot be passed padded)' % size)
                out.append((off, off + len(p), None if num is not None else m.group(1), q[:len(q) - len(rest)].strip(), pad, i))
        off += len(p) + 1
    return out


def body_start(text, brace):
    """Where instructions may go in the entry block of the body whose '{'
    is at text[brace]: after the '{', or after the entry block's label."""
    pos = brace + 1
    nl = text.find('\n', pos)
    while nl >= 0:
        line = text[pos:nl]
        if line.strip():
            if re.match(r'\s*([-\w.$]+|"[^"]*"):', line):
                return nl
            return brace + 1
        pos = nl + 1
        nl = text.find('\n', pos)
    return brace + 1


UNDEF = re.compile(r'(?<![\w.$%@-])(undef|poison)(?![\w.$-])')
FLAGS = re.compile(r'(?<![\w.$%@"-])(nsw|nuw|exact|disjoint|nneg|inbounds|nnan|ninf|nsz|arcp|contract|afn|reassoc|fast)'
                   r'(?![\w.$"-])\s*')
ZERO_POISON = re.compile(r'(call\s[^\n]*@llvm\.(?:ctlz|cttz|abs)\.[\w.]+\(.*), i1 true\)')
FP_ATTRS = re.compile(r'"(no-nans-fp-math|no-infs-fp-math|unsafe-fp-math|approx-func-fp-math|no-signed-zeros-fp-math)"="true"')


def undef_zero(text):
    """The --undef-zero variant of text: inside function bodies (from a
    `define` line to its closing '}' line) undef and poison operands
    become zeroinitializer and the flags that make values poison or
    approximate go (see the docstring); globals keep theirs (LDS variables
    must stay undefined)."""
    out, inside = [], False
    for line in text.split('\n'):
        if line.startswith('define'):
            inside = True
        elif inside:
            line = UNDEF.sub('zeroinitializer', line)
            line = ZERO_POISON.sub(r'\1, i1 false)', line)
            line = re.sub(r',\s*!(range|fpmath)\s+!\d+', '', line)
            if not line.lstrip().startswith(('declare', 'define')):
                line = FLAGS.sub('', line)
        if line.startswith('}'):
            inside = False
        out.append(line)
    return FP_ATTRS.sub(r'"\1"="false"', '\n'.join(out))


SHADER = re.compile(r'^define\s+(?:[\w()]+\s+)*?amdgpu_(ps|vs|gs|hs|ls|es|cs|cs_chain|cs_chain_preserve)\b')
DEFINE = re.compile(r'^define\s+((?:[\w()]+\s+)*?)amdgpu_kernel\s+void\s+@("[^"]*"|[\w.$-]+)\s*\(', re.M)


def strip_comments(text):
    """The text without ';' comments (FileCheck lines sit between a
    kernel's parameters in some files); ';' inside quotes stays."""
    out, q = [], False
    for line in text.split('\n'):
        if ';' in line or '"' in line:
            # q carries over lines: inline asm strings span lines
            for i, c in enumerate(line):
                if c == '"':
                    q = not q
                elif c == ';' and not q:
                    line = line[:i]
                    break
        out.append(line)
    return '\n'.join(out)


def process(src, dst, only=None):
    """Writes dst from src; returns (kernels, kernels left out). only: a
    kernel name, the module's other kernels removed (see the docstring)."""
    orig = open(src, encoding='utf-8', errors='replace').read()
    text = strip_comments(orig)
    structs = {}
    for m in re.finditer(r'^(%[\w.$"-]+)\s*=\s*type\s+(.*)$', text, re.M):
        structs[m.group(1)] = m.group(2)
    groups, md = attr_groups(text), metadata(text)
    tests, skipped, kernels, edits, drop = [], 0, 0, [], set()
    for m in DEFINE.finditer(text):
        name = m.group(2)
        # the parameter list: up to the matching ')'
        i, depth = m.end(), 1
        while i < len(text) and depth:
            if text[i] == '(':
                depth += 1
            elif text[i] == ')':
                depth -= 1
            i += 1
        params = text[m.end():i - 1]
        header = text[m.start():text.find('{', i) if text.find('{', i) >= 0 else i]
        if only is not None and name != only:
            drop.add(name)
            continue
        if name.startswith('"'):
            skipped += 1
            print('%s: %s: skipped: a quoted name' % (src, name), file=sys.stderr)
            continue
        if 'internal' in m.group(1).split() or 'private' in m.group(1).split():
            skipped += 1
            print('%s: %s: skipped: internal linkage (not in the code object)' % (src, name), file=sys.stderr)
            continue
        key = src.split('/')[-1] + '@' + name + ('#%d' % OPTS['seed'] if OPTS['seed'] else '')
        seed = int(hashlib.sha256(key.encode()).hexdigest()[:16], 16)
        try:
            ls, reqd = local_size(header, groups, md)
            groups_x = 1 if OPTS['single'] and not reqd else 2
            dims = 3 if ls[2] > 1 else 2 if ls[1] > 1 else 1
            rs = rsrc_params(params, structs)
            brace = text.find('{', i)
            odd = odd_params(params, structs, text[brace:text.find('\n}', brace)])
            pads = {o[5]: o[4] for o in odd}
            kt = []
            for kind in FILLS:
                rng = random.Random(seed)
                # integers 0..3 with the `small` buffers (in range of the
                # small private arrays tests index), 0..15 otherwise
                rng.int_range = 4 if kind == 'small' else 16
                args = kernel_args(params, structs, rng, kind, pads)
                kt.append(['[test]', 'name: %s.%s' % (name, kind), 'kernel_name: ' + name, 'dimensions: %d' % dims,
                           'global_size: %d %d %d' % (groups_x * ls[0], ls[1], ls[2]),
                           'local_size: %d %d %d' % ls] + args)
        except Unsupported as e:
            skipped += 1
            print('%s: %s: skipped: %s' % (src, name, e), file=sys.stderr)
            continue
        tests += kt
        # buffer resources: a global pointer parameter, the resource made
        # from it at the entry (edits applied back to front below)
        for a, b, pname in rs:
            edits.append((m.end() + a, m.end() + b, ' ptr addrspace(1) %s.synth.base' % pname))
        for a, b, pname, _, pad, _ in odd:
            edits.append((m.end() + a, m.end() + b, ' %s %s.synth.raw' % (ARG_SIZES[pad], pname) if pname else ' ' + ARG_SIZES[pad]))
        odd = [o for o in odd if o[2]]
        if rs or odd:
            brace = text.find('{', i)
            at = body_start(text, brace)
            make = ''.join('\n  %s = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %s.synth.base, '
                           'i16 0, i32 %d, i32 %d)' % (pname, pname, BUF, RSRC_WORD3) for _, _, pname in rs)
            make += ''.join('\n  %s.synth.mem = alloca %s, align 16, addrspace(5)'
                            '\n  store %s %s.synth.raw, ptr addrspace(5) %s.synth.mem'
                            '\n  %s = load %s, ptr addrspace(5) %s.synth.mem' % (pname, ARG_SIZES[pad], ARG_SIZES[pad], pname, pname,
                                                                                pname, ty, pname)
                            for _, _, pname, ty, pad, _ in odd)
            edits.append((at, at, make))
        kernels += 1
    for a, b, new in sorted(edits, reverse=True):
        text = text[:a] + new + text[b:]
    if any(e[0] != e[1] for e in edits) and not re.search(r'^declare[^\n]*@llvm\.amdgcn\.make\.buffer\.rsrc\.p1\(', text, re.M):
        text += '\ndeclare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)\n'
    if OPTS['undef_zero']:
        text = undef_zero(text)
    with open(dst, 'w') as out:
        out.write('; generated by tests/llvm-coverage/synth-args.py from %s\n' % src)
        out.write('; /*!\n; [config]\n; name: %s\n' % src.split('/')[-1])
        for t in tests:
            out.write(';\n')
            for line in t:
                out.write('; ' + line + '\n')
        out.write('; !*/\n\n')
        out.write('target triple = "amdgcn-amd-amdhsa"\n')
        skip = False
        # the text without comments (FileCheck lines), rewritten as above
        for line in text.split('\n'):
            if re.match(r'\s*target\s+triple\s*=', line):
                continue
            # graphics shaders: llc-19 refuses them for amdhsa; nothing
            # calls them, so they go (their bodies end at a '}' line); so
            # do the kernels of a NAME@KERNEL split but KERNEL
            m = DEFINE.match(line)
            if SHADER.match(line) or (m and m.group(2) in drop):
                skip = True
            if skip:
                if line.startswith('}'):
                    skip = False
                continue
            out.write(line + '\n')
    return kernels, skipped


def main():
    global FILLS
    while len(sys.argv) > 1 and sys.argv[1] in ('--seed', '--undef-zero', '--single'):
        if sys.argv[1] == '--seed':
            OPTS['seed'] = int(sys.argv[2])
            del sys.argv[1]
        else:
            OPTS[sys.argv[1][2:].replace('-', '_')] = True
        del sys.argv[1]
    FILLS = make_fills(OPTS['seed'])
    if len(sys.argv) == 4 and sys.argv[1] == '--batch':
        # many files in one process (python's start-up dominates on a
        # loaded machine): names relative to SRCDIR on stdin, OUTDIR gets
        # NAME with '/' as '__'; files without a runnable kernel are not
        # written. Prints "NAME KERNELS SKIPPED" per file.
        srcdir, outdir = sys.argv[2], sys.argv[3]
        for name in sys.stdin.read().split():
            file, _, only = name.partition('@')
            path = srcdir + '/' + file
            with open(path, encoding='utf-8', errors='replace') as f:
                if 'amdgpu_kernel' not in f.read():
                    continue
            dst = outdir + '/' + name.replace('/', '__') + ('.ll' if only else '')
            try:
                k, s = process(path, dst, only or None)
            except Exception as e:  # noqa: BLE001 - one bad file must not stop the batch
                print('%s: synth-args.py failed: %s' % (path, e), file=sys.stderr)
                k, s = 0, 0
            if k == 0 and os.path.exists(dst):
                os.remove(dst)
            print(name, k, s)
        return
    k, s = process(sys.argv[1], sys.argv[2])
    print(k, s)


if __name__ == '__main__':
    main()
