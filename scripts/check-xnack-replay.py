#!/usr/bin/env python3
"""Checks wavecc assembly for code an XNACK replay would get wrong.

With XNACK on or "any" (wavecc's default gfx900 target ID) a page fault
replays memory instructions (AMDGPUUsage "Target ID"; LLVM's SMEM
early-clobber forms and GCNHazardRecognizer::checkSoftClauseHazards):

  1. a scalar load of more than one dword must not overwrite its address
     registers (sbase, soffset): it may have written part of its result
     when it is replayed;
  2. in a soft clause of two or more instructions (consecutive SMEM, or
     consecutive VMEM: buffer_/global_/flat_/scratch_, nothing else
     between; labels do not end one, the code falls through them) no
     member may write a register a member reads, itself included, and no
     store or atomic may follow a member that writes a register (the
     clause is replayed from its first instruction).

usage: check-xnack-replay.py [--wavecc BIN] [--jobs N] [--budgets LIST] FILE.s|FILE.cl|FILE.ll|DIR...
  .s files are checked as they are; sources (and the .cl/.ll files of a
  directory) are compiled with `BIN -S` at each budget of LIST
  (';'-separated wavecc options, "default" for none; default:
  "default;--max-vgprs=8 --max-sgprs=24"); files the compiler rejects
  are counted, not checked. Prints each violation and a summary; exits 1
  if any, 2 on a usage error or when nothing was checked.
  --self-test checks the rules on built-in examples.
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

REG = re.compile(r'\b([sv])(?:\[(\d+):(\d+)\]|(\d+)\b)')
VMEM = ('buffer_', 'global_', 'flat_', 'scratch_')


def clause_kind(mn):
    if mn.startswith(('s_load', 's_buffer_load', 's_store', 's_buffer_store', 's_memtime', 's_memrealtime',
                      's_dcache', 's_atc_probe', 's_atomic', 's_buffer_atomic')):
        return 'smem'
    if mn.startswith(VMEM):
        return 'vmem'
    return None


def units(text):
    """Register units named in an operand string: s5 -> {5}, v[1:2] -> {257, 258}."""
    out = set()
    for m in REG.finditer(text):
        lo, hi = (int(m.group(2)), int(m.group(3))) if m.group(2) else (int(m.group(4)),) * 2
        base = 256 if m.group(1) == 'v' else 0
        out.update(range(base + lo, base + hi + 1))
    return out


def parse(line):
    """(mnemonic, defs, uses, writes_memory) of a memory instruction line, else None."""
    code = line.split(';')[0].strip()
    if not code or code.endswith(':') or code.startswith('.'):
        return None
    mn, _, rest = code.partition(' ')
    kind = clause_kind(mn)
    if not kind:
        return None
    ops = [o.strip() for o in rest.split(',')] if rest.strip() else []
    atomic = 'atomic' in mn
    store = 'store' in mn
    returns = ('load' in mn and not store) or mn in ('s_memtime', 's_memrealtime') or (atomic and re.search(r'\bglc\b', rest))
    defs = units(ops[0]) if returns and ops else set()
    uses = set()
    for o in ops[1 if returns else 0:]:
        uses |= units(o)
    return mn, defs, uses, store or atomic


def check_text(text, name):
    """Violations (strings) in one assembly file's text."""
    bad = []
    clause = []  # (lineno, mnemonic, defs, uses, writes_memory) of the current clause
    kind = None
    for no, line in enumerate(text.splitlines(), 1):
        code = line.split(';')[0].strip()
        if not code or code.startswith('.') or code.endswith(':'):
            continue  # labels and directives emit nothing: the clause goes on
        ins = parse(line)
        k = clause_kind(code.split()[0])
        if ins is None or k != kind:
            clause = []
            kind = k if ins else None
        if ins is None:
            continue
        mn, defs, uses, writes = ins
        if kind == 'smem' and len(defs) > 1 and defs & uses:
            bad.append('%s:%d: %s writes its own address registers: %s' % (name, no, mn, code))
        prior_defs = set().union(*(c[2] for c in clause)) if clause else set()
        if prior_defs:
            all_defs = prior_defs | defs
            all_uses = set().union(*(c[3] for c in clause)) | uses
            if writes:
                bad.append('%s:%d: %s joins a soft clause holding a load (line %d): %s' % (name, no, mn, clause[0][0], code))
            elif all_defs & all_uses:
                bad.append('%s:%d: soft clause from line %d writes a register it reads: %s' % (name, no, clause[0][0], code))
        clause.append((no, mn, defs, uses, writes))
    return bad


def compile_one(wavecc, src, flags, tmp):
    out = os.path.join(tmp, '%s.%d.s' % (os.path.basename(src), abs(hash(flags))))
    cmd = [wavecc, '-S', '-o', out] + flags.split() + [src]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode:
        return src, flags, None, r.stderr.strip()
    with open(out) as f:
        return src, flags, f.read(), None


SELF_TEST = [
    ('s_load_dwordx2 s[0:1], s[0:1], 0x0', 1),
    ('s_load_dword s0, s[0:1], 0x0', 0),  # one dword cannot be half written
    ('s_load_dwordx4 s[8:11], s[2:3], 0x0\n\ts_load_dwordx2 s[4:5], s[2:3], 0x10', 0),
    ('s_load_dwordx4 s[8:11], s[2:3], 0x0\n\ts_load_dword s2, s[0:1], 0x10', 1),  # WAR in the clause
    ('s_load_dwordx4 s[8:11], s[2:3], 0x0\n\ts_nop 0\n\ts_load_dword s2, s[2:3], 0x10', 0),
    ('s_load_dwordx4 s[8:11], s[2:3], 0x0\n\ts_load_dword s0, s[0:1], 0x10', 1),  # self overlap in a clause
    ('global_load_dword v1, v[1:2], off', 0),
    ('global_load_dword v1, v[1:2], off\n.LBB0_1:\n\tglobal_load_dword v3, v[4:5], off', 1),
    ('global_load_dword v1, v[2:3], off\n\tglobal_store_dword v[4:5], v6, off', 1),
    ('global_store_dword v[4:5], v6, off\n\tglobal_load_dword v1, v[2:3], off', 0),
    ('global_load_dword v1, v[2:3], off\n\ts_waitcnt vmcnt(0)\n\tglobal_load_dword v3, v[1:2], off', 0),
    ('global_atomic_add v1, v[2:3], v4, off glc\n\tglobal_load_dword v5, v[1:2], off', 1),
]


def self_test():
    fails = 0
    for text, want in SELF_TEST:
        got = len(check_text('\t' + text + '\n', 'self-test'))
        if got != want:
            print('self-test: %r: %d violation(s), expected %d' % (text, got, want))
            fails += 1
    print('check-xnack-replay self-test: %d case(s), %d failed' % (len(SELF_TEST), fails))
    return 1 if fails else 0


def main(argv):
    wavecc, jobs, budgets, inputs = 'wavecc', 2, 'default;--max-vgprs=8 --max-sgprs=24', []
    it = iter(argv)
    for a in it:
        if a == '--self-test':
            return self_test()
        if a in ('--wavecc', '--jobs', '--budgets'):
            v = next(it, None)
            if v is None:
                print('check-xnack-replay: %s needs a value' % a, file=sys.stderr)
                return 2
            if a == '--wavecc':
                wavecc = v
            elif a == '--jobs':
                jobs = int(v)
            else:
                budgets = v
        elif a.startswith('-'):
            print(__doc__, file=sys.stderr)
            return 2
        else:
            inputs.append(a)
    files = []
    for i in inputs:
        if os.path.isdir(i):
            files += sorted(os.path.join(i, f) for f in os.listdir(i) if f.endswith(('.cl', '.ll')))
        else:
            files.append(i)
    bad, checked, errors = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        work = []
        for f in files:
            if f.endswith('.s'):
                with open(f) as fh:
                    bad += check_text(fh.read(), f)
                checked += 1
                continue
            for b in budgets.split(';'):
                work.append(pool.submit(compile_one, wavecc, f, '' if b == 'default' else b, tmp))
        for w in work:
            src, flags, text, err = w.result()
            if text is None:
                # files the compiler rejects (a budget it cannot meet, options the
                # kernel test file gives, an error test) have no code to check
                errors += 1
                continue
            checked += 1
            bad += check_text(text, '%s [%s]' % (src, flags or 'default'))
    for b in bad:
        print(b)
    print('check-xnack-replay: %d assembly file(s), %d violation(s), %d compile(s) failed (not checked)'
          % (checked, len(bad), errors))
    return 1 if bad else 0 if checked else 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
