#!/usr/bin/env python3
"""First sorting of the differences differential.sh found (issue 26).

usage: triage.py OUT [CHECKED_OUT [CPU]]
  OUT: differential.sh's output folder (differences.txt, gen/, and the
  variant runs OUT/seed1, OUT/undef0, OUT/single: synth-args.py --seed 1,
  --undef-zero, --single over the files with differences);
  CHECKED_OUT: the same run over the files with differences with
  WRUN_OPTS=--check=race,poison (differential.sh does both);
  CPU: the --mcpu of the run: known-differences.CPU.txt is read too.

Prints one line per differing kernel ("FILE KERNEL CLASS [fills]
{variants}: evidence", variants as s1 (seed 1) u0 (undef zero) w1 (one
work-item), each 'same' (every test identical), 'diff' (some test
differs) or 'skip' (no test compared)) and the counts by class. The
classes with a shown verdict:
  known:...       listed in known-differences.txt (the reader's verdict; a
                  KERNEL with '*' is a glob pattern);
  ub-undef        the kernel's undef-zero variant (undef/poison operands
                  replaced by zeroinitializer, poison-generating and
                  fast-math flags dropped: synth-args.py --undef-zero) is
                  identical under both compilers: the difference is an
                  undefined value's (or an approximation the IR allows);
                  Also ub-undef: the kernel loads, stores, does an
                  atomic or a memcpy/memmove/memset through an undef or
                  poison pointer, or branches or switches on undef or
                  poison (immediate UB where it runs: LangRef), found in
                  its IR;
  ub-race         the emulator's race check reports the kernel (work-items
                  or waves store to one address with no order) and the
                  one-work-item variant is identical;
  undef-stays     the IR uses undef/poison but the difference stays with
                  them replaced (or the variant cannot compare): read it;
  race-stays      the race check reports it, but one work-item alone
                  differs too (or cannot compare): read it;
  ub-uninit       the poison check reports undefined data (never-written
                  LDS, private memory or registers) reaching a store,
                  branch or address in both codes;
  ub-oob          one code faults out of bounds (an index from the
                  synthesised data: in IR, a load or store past the
                  object is UB; the other compiler kept the value in
                  registers or dropped the access) and the `small` run of
                  the same kernel, whose indices stay in range, is
                  identical;
  unclassified    none of the above: read it.
"""
import fnmatch
import os
import re
import sys


def body(gen_file, kernel):
    try:
        text = open(gen_file, encoding='utf-8', errors='replace').read()
    except OSError:
        return ''
    m = re.search(r'^define[^\n]*@' + re.escape(kernel) + r'\(.*?^}', text, re.M | re.S)
    return m.group(0) if m else ''


def parse(path):
    """{(file, test): (status, message)} from wavecc-run lines."""
    res = {}
    if not os.path.exists(path):
        return res
    for line in open(path, encoding='utf-8', errors='replace'):
        m = re.match(r'^(pass|fail|skip|error)\s+(\S+): (\S+): (.*)$', line.rstrip('\n'))
        if m:
            res[(os.path.basename(m.group(2)), m.group(3))] = (m.group(1), m.group(4))
    return res


UNDEF_PTR = re.compile(r'(?:\b(?:load|store)\b[^\n]*,\s*|\b(?:atomicrmw|cmpxchg)\b(?:\s+volatile)?(?:\s+\w+)?\s+|'
                       r'@llvm\.mem(?:cpy|move|set)[\w.]*\([^\n]*)'
                       r'ptr(?:\s+addrspace\(\d+\))?(?:\s+\w+)*?(?:\s+align\s+\d+)?\s+(?:undef|poison)\b'
                       r'|\bbr\s+i1\s+(?:undef|poison)\b|\bswitch\s+i\d+\s+(?:undef|poison)\b')


def variant(res, f, kernel):
    """'same', 'diff' or 'skip': the kernel's tests in a variant run."""
    st = [v[0] for (vf, t), v in res.items() if vf == f and t.rsplit('.', 1)[0] == kernel]
    if any(x in ('fail', 'error') for x in st):
        return 'diff'
    return 'same' if 'pass' in st else 'skip'


def main():
    out = sys.argv[1]
    var = {v: parse(os.path.join(out, v, 'results.txt')) for v in ('seed1', 'undef0', 'single')}
    checked = parse(os.path.join(sys.argv[2], 'results.txt')) if len(sys.argv) > 2 else {}
    allres = parse(os.path.join(out, 'results.txt'))
    known = {}
    here = os.path.dirname(os.path.abspath(__file__))
    # known-differences.txt holds verdicts for every processor (read at
    # gfx900; undefined behaviour is the input's); known-differences.CPU.txt
    # those read at CPU only (its code or its llc-19 code differ)
    lists = ['known-differences.txt'] + (['known-differences.%s.txt' % sys.argv[3]] if len(sys.argv) > 3 else [])
    for kf in (os.path.join(here, n) for n in lists):
        if not os.path.exists(kf):
            continue
        for line in open(kf):
            if line.strip() and not line.startswith('#'):
                f = line.split(None, 2)
                known[(f[0], f[1])] = f[2].strip() if len(f) > 2 else '?'
    kernels = {}
    for (f, test), (st, msg) in allres.items():
        if st != 'fail':
            continue
        kernel = test.rsplit('.', 1)[0]
        kernels.setdefault((f, kernel), []).append((test.rsplit('.', 1)[-1], msg))
    counts = {}
    for (f, kernel), fails in sorted(kernels.items()):
        kinds = [k for k, _ in fails]
        ir = body(os.path.join(out, 'gen', f), kernel)
        chk = [checked.get((f, '%s.%s' % (kernel, k)), ('', ''))[1] for k in kinds]
        small = allres.get((f, kernel + '.small'), ('', ''))[0]
        # NAME@KERNEL.ll: a kernel of NAME run alone (differential.sh's split)
        fk = f.split('@')[0] if '@' in f else f
        pat = [k for k in known if k[0] == fk and '*' in k[1] and fnmatch.fnmatchcase(kernel, k[1])]
        v = {k: variant(r, f, kernel) for k, r in var.items()}
        undef = re.search(r'(?<![\w.$%@-])(undef|poison)(?![\w.$-])', ir)
        race = any('check race' in c for c in chk)
        if (fk, kernel) in known:
            cls = 'known:' + known[(fk, kernel)]
        elif pat:
            cls = 'known:' + known[pat[0]]
        elif v['undef0'] == 'same':
            cls = 'ub-undef'
        elif UNDEF_PTR.search(ir):
            cls = 'ub-undef'
            fails = [('', 'UB: memory through an undef/poison pointer or a branch on undef: ' + UNDEF_PTR.search(ir).group(0))] + fails
        elif race and v['single'] == 'same':
            cls = 'ub-race'
        elif chk and all(c.startswith('both fault') and 'check poison' in c for c in chk):
            cls = 'ub-uninit'
        elif small == 'pass' and all('outside' in m for _, m in fails):
            cls = 'ub-oob'
        elif race:
            cls = 'race-stays'
        elif undef:
            cls = 'undef-stays'
        else:
            cls = 'unclassified'
        counts[cls.split(':')[0]] = counts.get(cls.split(':')[0], 0) + 1
        vs = ' '.join('%s=%s' % (a, v[b]) for a, b in (('s1', 'seed1'), ('u0', 'undef0'), ('w1', 'single')))
        print('%s %s %s [%s] {%s}: %s' % (f, kernel, cls, ','.join(kinds), vs, fails[0][1][:300]))
    print('kernels with differences: %d; by class: %s' % (len(kernels), ', '.join('%s %d' % kv for kv in sorted(counts.items()))))


if __name__ == '__main__':
    main()
