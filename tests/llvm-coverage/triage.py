#!/usr/bin/env python3
"""First sorting of the differences differential.sh found (issue 26).

usage: triage.py OUT [CHECKED_OUT]
  OUT: differential.sh's output folder (differences.txt, gen/);
  CHECKED_OUT: the same run over the files with differences with
  WRUN_OPTS=--check=race,poison (differential.sh's --triage does both).

Prints one line per differing kernel ("FILE KERNEL CLASS: evidence") and
the counts by class. Classes are suggestions for the reader, who must
still read the IR and both assemblies for anything not plainly UB:
  known:...       listed in known-differences.txt (the reader's verdict; a
                  KERNEL with '*' is a glob pattern);
  ub-undef        the kernel's IR uses undef or poison values;
  ub-race         the emulator's race check reports the kernel (work-items
                  or waves store to one address with no order);
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


def main():
    out = sys.argv[1]
    checked = parse(os.path.join(sys.argv[2], 'results.txt')) if len(sys.argv) > 2 else {}
    allres = parse(os.path.join(out, 'results.txt'))
    known = {}
    kf = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'known-differences.txt')
    if os.path.exists(kf):
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
        pat = [k for k in known if k[0] == f and '*' in k[1] and fnmatch.fnmatchcase(kernel, k[1])]
        if (f, kernel) in known:
            cls = 'known:' + known[(f, kernel)]
        elif pat:
            cls = 'known:' + known[pat[0]]
        elif re.search(r'\b(undef|poison)\b', ir):
            cls = 'ub-undef'
        elif any('check race' in c for c in chk):
            cls = 'ub-race'
        elif chk and all(c.startswith('both fault') and 'check poison' in c for c in chk):
            cls = 'ub-uninit'
        elif small == 'pass' and all('outside' in m for _, m in fails):
            cls = 'ub-oob'
        else:
            cls = 'unclassified'
        counts[cls.split(':')[0]] = counts.get(cls.split(':')[0], 0) + 1
        print('%s %s %s [%s]: %s' % (f, kernel, cls, ','.join(kinds), fails[0][1][:300]))
    print('kernels with differences: %d; by class: %s' % (len(kernels), ', '.join('%s %d' % kv for kv in sorted(counts.items()))))


if __name__ == '__main__':
    main()
