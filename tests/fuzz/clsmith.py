#!/usr/bin/python3
"""Differential fuzzing of the OpenCL C path with random well-defined kernels.

A program generator in the spirit of CLsmith (Lidbury et al., "Many-core
compiler fuzzing", PLDI 2015): each seed gives one OpenCL C kernel test
file with random inputs and no expected values, and `wavecc-run
--differential` compiles it with wavecc (clang-19 + libclc + wavecc) and
with llc-19 and compares every buffer byte for byte on the emulator.

The programs have no undefined behaviour, so any difference is a compiler's
(or the emulator's) fault:
- integers: unsigned arithmetic wraps; signed +, -, *, << go through
  unsigned and back; division and remainder by `| 1` divisors (unsigned)
  or through safe_div/safe_mod (signed: zero and INT_MIN / -1 guarded);
  shift counts masked to the width; mad24 operands masked to 24 bits; clamp
  only with constant bounds in order; abs never sees INT_MIN (libclc 19
  lowers abs(int) to llvm.abs with INT_MIN poison, which OpenCL defines).
- floats: every value is a multiple of 2^-e below 2^m with m + e <= 24,
  tracked per expression, so every +, -, *, fma, min, max, floor, ... is
  exact (fma and contraction cannot change a result) and no NaN, infinity
  or denormal appears; a float variable is re-quantised on assignment
  (multiples of 1/16 below 2048); float-to-int conversions stay in range;
  a stored float gets + 0.0f so that the sign of a zero never matters.
- memory: global inputs read at masked indices, each work-item writes only
  its own output slots, private arrays at masked indices, local memory in
  phases (barrier; each work-item writes its own slot; barrier; anyone
  reads) in uniform control flow only, atomics on global counters whose
  returned values are not used, one kind of operation per counter (the
  final values do not depend on the order of the work-items).
- divergence: branches, switches and loops whose conditions and trip
  counts depend on get_global_id, get_local_id and input data; barriers
  only where the whole work-group goes (top level, uniform loops and
  branches on the uniform argument or the group id).

Usage:
  clsmith.py [--seeds 1-100] [--jobs 2] [--wavecc-run PATH] [--keep DIR]
             [--expect-clean] [--print SEED]

Prints one line per seed that is not identical and a summary (the classes
of stress.py). --print SEED writes that seed's test file to stdout.
"""
import argparse
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, 'tests', 'kernels', 'gen'))
from kt import Rng  # noqa: E402
from stress import add_common_args, run_all, seeds_and_dir, target_args  # noqa: E402

INP = 256          # uint elements of the input buffer (power of two)
FINP = 64          # float elements of the float input buffer (power of two)
ACC = 8            # global atomic counters
PRIV = 8           # private array elements (power of two)
FMAX_BITS = 24     # float exactness: magnitude bits + fraction bits
FVAR = (12, 4)     # a float variable: below 2^12, a multiple of 2^-4
FINP_B = (11, 4)   # float inputs: below 2^11, multiples of 1/16
INT_TYPES = ('uint', 'int')
# global atomics by counter: the operations that may share counter i
ATOMICS = (('atomic_add', 'atomic_sub'), ('atomic_xor',), ('atomic_or',), ('atomic_max',), ('atomic_min',),
           ('atomic_and',), ('atomic_sub',))
VEC_TYPES = ('uint4', 'int4', 'float4')

HELPERS = '''static int safe_div(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
static int safe_mod(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? 0 : a % b; }
static float quant(float x) { return clamp(floor(x * 16.0f) * 0.0625f, -2047.0f, 2047.0f); }
static float4 quant4(float4 x) { return clamp(floor(x * 16.0f) * 0.0625f, -2047.0f, 2047.0f); }
'''


def fbound_ok(b):
    return b[0] + b[1] <= FMAX_BITS


class Gen:
    def __init__(self, seed):
        self.r = Rng(seed * 1000003 + 11)
        self.n = 0
        self.scopes = [[]]          # lists of (name, type, assignable)
        self.lm_ready = False       # local memory holds data (a phase has run)
        self.local = 0              # work-group size
        self.funcs = []             # helper functions: (name, text)
        self.lines = []
        self.ind = 1
        self.budget = 0             # statements left
        self.in_helper = False      # expressions of a helper: parameters and constants only

    # ---- random helpers
    def pick(self, xs):
        return xs[self.r.u64() % len(xs)]

    def chance(self, p):
        return self.r.u64() % 1000 < p * 1000

    def fresh(self, prefix):
        self.n += 1
        return '%s%d' % (prefix, self.n)

    def vars(self, ty, assignable=False):
        return [n for sc in self.scopes for (n, t, a) in sc if t == ty and (a or not assignable)]

    def emit(self, s):
        self.lines.append('    ' * self.ind + s)

    # ---- expressions: text for ints; (text, bound) for floats
    def uconst(self):
        return self.pick(['%du' % self.r.range(0, 9), '0x%08xu' % self.r.bits(32), '%du' % self.r.range(0, 300)])

    def ileaf(self, ty):
        vs = self.vars(ty)
        k = self.r.u64() % 9
        if k < 3 and vs:
            return self.pick(vs)
        if self.in_helper:
            k = 8
        if k == 3:
            return self.pick(['gid', 'lid', 'grp', 's']) if ty == 'uint' else '(int)' + self.pick(['gid', 'lid', 's'])
        if k == 4:
            e = 'inp[(%s) & %du]' % (self.iexpr('uint', 1), INP - 1)
            return e if ty == 'uint' else '(int)' + e
        if k == 5 and self.vars('uint4') + self.vars('int4'):
            v = self.pick(self.vars('uint4') + self.vars('int4'))
            return '(%s)%s.s%d' % (ty, v, self.r.range(0, 3))
        if k == 6:
            return '(%s)priv[(%s) & %du]' % (ty, self.iexpr('uint', 1), PRIV - 1)
        if k == 7 and self.lm_ready:
            return '(%s)lm[(%s) %% %du]' % (ty, self.iexpr('uint', 1), self.local)
        if ty == 'int':
            return self.pick(['(%d)' % self.r.range(-20, 20), '(int)0x%08xu' % self.r.bits(32)])
        return self.uconst()

    def iexpr(self, ty, depth):
        """An expression of type uint or int without undefined behaviour."""
        if depth <= 0 or self.chance(0.25):
            return self.ileaf(ty)
        a = lambda: self.iexpr(ty, depth - 1)  # noqa: E731
        k = self.r.u64() % 14
        other = 'int' if ty == 'uint' else 'uint'
        if k == 9:
            return '(%s ? %s : %s)' % (self.cond(depth - 1), a(), a())
        if k == 10:
            return '(%s)%s' % (ty, self.iexpr(other, depth - 1))
        if k == 11:
            return '(%s)(int)%s' % (ty, self.fexpr(depth - 1)[0])
        if ty == 'uint':
            if k < 4:
                return '(%s %s %s)' % (a(), self.pick(['+', '-', '*', '&', '|', '^']), a())
            if k == 4:
                return '(%s %s (%s & 31u))' % (a(), self.pick(['<<', '>>']), a())
            if k == 5:
                return '(%s %s (%s | 1u))' % (a(), self.pick(['/', '%']), a())
            if k == 6:
                f = self.pick(['min', 'max', 'rotate', 'mul_hi', 'hadd', 'rhadd', 'add_sat', 'sub_sat', 'abs_diff'])
                return '%s(%s, %s)' % (f, a(), a())
            if k == 7:
                return '%s(%s)' % (self.pick(['popcount', 'clz', '~']), a())
            if k == 8:
                return 'mad24(%s & 0xffffffu, %s & 0xffffffu, %s)' % (a(), a(), a())
            if k == 12 and self.funcs and not self.in_helper:
                name = self.pick(self.funcs)[0]
                return '%s(%s, %s)' % (name, a(), a())
            return '(uint)(%s)' % self.cond(depth - 1)
        # int
        if k < 4:
            return '(int)((uint)%s %s (uint)%s)' % (a(), self.pick(['+', '-', '*']), a())
        if k == 4:
            return '(%s %s %s)' % (a(), self.pick(['&', '|', '^']), a())
        if k == 5:
            return '%s(%s, %s)' % (self.pick(['safe_div', 'safe_mod']), a(), a())
        if k == 6:
            return '(%s >> (%s & 31))' % (a(), a())
        if k == 7:
            f = self.pick(['min', 'max', 'add_sat', 'sub_sat', 'hadd', 'mul_hi'])
            return '%s(%s, %s)' % (f, a(), a())
        if k == 8:
            lo = self.r.range(-1000, 1000)
            return 'clamp(%s, %d, %d)' % (a(), lo, lo + self.r.range(0, 2000))
        if k == 12:
            # libclc 19's abs(int) is llvm.abs with INT_MIN poison, against
            # OpenCL (abs(INT_MIN) is 0x80000000): keep INT_MIN away
            return '(int)abs(max(%s, -0x7fffffff))' % a()
        return '(int)((uint)%s << (%s & 31u))' % (a(), self.iexpr('uint', depth - 1))

    def cond(self, depth):
        k = self.r.u64() % 4
        if k == 1 and self.in_helper:
            k = 3
        if k == 0:
            t = self.pick(INT_TYPES)
            return '(%s %s %s)' % (self.iexpr(t, depth), self.pick(['<', '<=', '==', '!=', '>', '>=']),
                                   self.iexpr(t, depth))
        if k == 1:
            return '((%s & %du) == %du)' % (self.pick(['gid', 'lid', 'inp[lid]']), 3, self.r.range(0, 3))
        if k == 2:
            x, y = self.fexpr(depth), self.fexpr(depth)
            return '(%s %s %s)' % (x[0], self.pick(['<', '<=', '==', '>']), y[0])
        return '(%s & 1u)' % self.iexpr('uint', depth)

    def fleaf(self):
        vs = self.vars('float')
        k = 5 if self.in_helper else self.r.u64() % 6
        if k < 2 and vs:
            return self.pick(vs), FVAR
        if k == 2:
            return 'finp[(%s) & %du]' % (self.iexpr('uint', 1), FINP - 1), FINP_B
        if k == 3:
            return '(float)(%s & 0xfffu)' % self.iexpr('uint', 1), (12, 0)
        if k == 4 and self.vars('float4'):
            return '%s.s%d' % (self.pick(self.vars('float4')), self.r.range(0, 3)), FVAR
        e = self.r.range(0, 3)
        return '%.4ff' % (self.r.range(-1024, 1024) / float(1 << e)), (11, e)

    def fexpr(self, depth):
        """A float expression whose every intermediate value is exact."""
        if depth <= 0 or self.chance(0.3):
            return self.fleaf()
        x = self.fexpr(depth - 1)
        k = self.r.u64() % 8
        if k < 3:
            y = self.fexpr(depth - 1)
            op = self.pick(['+', '-', '*'])
            b = ((x[1][0] + y[1][0], x[1][1] + y[1][1]) if op == '*'
                 else (max(x[1][0], y[1][0]) + 1, max(x[1][1], y[1][1])))
            if fbound_ok(b):
                return '(%s %s %s)' % (x[0], op, y[0]), b
            return '%s(%s, %s)' % (self.pick(['fmin', 'fmax']), x[0], y[0]), (max(x[1][0], y[1][0]),
                                                                             max(x[1][1], y[1][1]))
        if k == 3:
            return '%s(%s)' % (self.pick(['floor', 'trunc', 'rint']), x[0]), (x[1][0], 0)
        if k == 4:
            return '%s(%s)' % (self.pick(['fabs', '-']), x[0]), x[1]
        if k == 5:
            y, z = self.fexpr(depth - 1), self.fexpr(depth - 1)
            b = (max(x[1][0] + y[1][0], z[1][0]) + 1, max(x[1][1] + y[1][1], z[1][1]))
            if fbound_ok(b) and fbound_ok((x[1][0] + y[1][0], x[1][1] + y[1][1])):
                return '%s(%s, %s, %s)' % (self.pick(['fma', 'mad']), x[0], y[0], z[0]), b
            return x
        if k == 6:
            y = self.fexpr(depth - 1)
            return '(%s ? %s : %s)' % (self.cond(depth - 1), x[0], y[0]), (max(x[1][0], y[1][0]),
                                                                           max(x[1][1], y[1][1]))
        # scaling by a power of two
        sh = self.r.range(1, 3)
        if self.chance(0.5) and fbound_ok((x[1][0] + sh, x[1][1])):
            return '(%s * %.1ff)' % (x[0], float(1 << sh)), (x[1][0] + sh, x[1][1])
        if fbound_ok((x[1][0], x[1][1] + sh)):
            return '(%s * %gf)' % (x[0], 1.0 / (1 << sh)), (x[1][0], x[1][1] + sh)
        return x

    def vexpr(self, ty, depth):
        """uint4 / int4 / float4 expressions (component-wise, same rules)."""
        vs = self.vars(ty)
        s = ty[:-1]
        if depth <= 0 or self.chance(0.3):
            k = self.r.u64() % 4
            if k == 0 and vs:
                v = self.pick(vs)
                return '%s.%s' % (v, ''.join(self.pick('xyzw') for _ in range(4)))
            if k == 1 and vs:
                return self.pick(vs)
            if k == 2 and ty == 'uint4':
                return 'vload4((%s) & %du, inp)' % (self.iexpr('uint', 1), INP // 4 - 1)
            if k == 2 and ty == 'float4':
                return 'vload4((%s) & %du, finp)' % (self.iexpr('uint', 1), FINP // 4 - 1)
            parts = [self.fleaf()[0] if s == 'float' else self.iexpr(s, 1) for _ in range(4)]
            return '(%s)(%s)' % (ty, ', '.join(parts))
        a = lambda: self.vexpr(ty, depth - 1)  # noqa: E731
        k = self.r.u64() % 6
        if s == 'float':
            # operands are float4 variables/leaves (|v| < 2^12, e <= 4): one
            # addition keeps every component exact, and the other operations
            # are exact on any exact value
            if k < 2:
                return '(%s %s %s)' % (a(), self.pick(['+', '-']), a()) if depth == 1 else a()
            if k == 2:
                return '%s(%s, %s)' % (self.pick(['fmin', 'fmax']), a(), a())
            if k == 3:
                return '%s(%s)' % (self.pick(['floor', 'fabs', '-']), a())
            if k == 4:
                return 'select(%s, %s, %s < %s)' % (a(), a(), a(), a())
            return '(%s * 0.5f)' % a()
        if k == 0:
            return '(%s %s %s)' % (a(), self.pick(['+', '-', '*', '&', '|', '^']) if s == 'uint' else
                                   self.pick(['&', '|', '^']), a())
        if k == 1:
            return '(%s %s (%s & (%s)(31)))' % (a(), self.pick(['<<', '>>']) if s == 'uint' else '>>', a(), ty)
        if k == 2:
            return '%s(%s, %s)' % (self.pick(['min', 'max', 'add_sat', 'hadd', 'rotate' if s == 'uint' else 'max']),
                                   a(), a())
        if k == 3:
            return 'select(%s, %s, %s > %s)' % (a(), a(), a(), a())
        if k == 4:
            other = 'int4' if s == 'uint' else 'uint4'
            return 'as_%s(%s)' % (ty, self.vexpr(other, depth - 1))
        if s == 'uint':
            return '(%s / (%s | (uint4)(1)))' % (a(), a())
        return 'convert_int4(%s)' % self.vexpr('float4', depth - 1)

    def expr(self, ty, depth):
        if ty == 'float':
            return self.fexpr(depth)[0]
        if ty in VEC_TYPES:
            return self.vexpr(ty, depth)
        return self.iexpr(ty, depth)

    def assign_rhs(self, ty):
        e = self.expr(ty, self.r.range(1, 4))
        if ty == 'float':
            return 'quant(%s)' % e
        if ty == 'float4':
            return 'quant4(%s)' % e
        return e

    # ---- statements
    def block(self, n, uniform, depth):
        self.scopes.append([])
        for _ in range(n):
            if self.budget <= 0:
                break
            self.stmt(uniform, depth)
        self.scopes.pop()

    def stmt(self, uniform, depth):
        self.budget -= 1
        k = self.r.u64() % 20
        if k < 4 or depth >= 3:
            ty = self.pick(('uint', 'uint', 'int', 'float', 'uint4', 'int4', 'float4'))
            vs = self.vars(ty, assignable=True)
            if vs and self.chance(0.6):
                v = self.pick(vs)
                if ty in ('uint', 'uint4') and self.chance(0.4):
                    self.emit('%s %s= %s;' % (v, self.pick(['+', '^', '|', '-']), self.expr(ty, 2)))
                else:
                    self.emit('%s = %s;' % (v, self.assign_rhs(ty)))
            else:
                v = self.fresh('v')
                self.emit('%s %s = %s;' % (ty, v, self.assign_rhs(ty)))
                self.scopes[-1].append((v, ty, True))
        elif k < 7:
            c = self.cond(2)
            self.emit('if %s {' % c if c.startswith('(') else 'if (%s) {' % c)
            self.ind += 1
            self.block(self.r.range(1, 4), False, depth + 1)
            self.ind -= 1
            if self.chance(0.5):
                self.emit('} else {')
                self.ind += 1
                self.block(self.r.range(1, 3), False, depth + 1)
                self.ind -= 1
            self.emit('}')
        elif k < 10:
            i = self.fresh('i')
            bound = self.pick(['%du' % self.r.range(1, 5), '(lid & 7u)', '(inp[gid & %du] & 3u)' % (INP - 1),
                               '(gid % 5u)', '(s & 3u)'])
            uni = uniform and bound.startswith(('(s', '1', '2', '3', '4', '5'))
            self.emit('for (uint %s = 0; %s < %s; %s++) {' % (i, i, bound, i))
            self.ind += 1
            self.scopes.append([(i, 'uint', False)])
            self.block(self.r.range(1, 4), uni, depth + 1)
            if not uni and self.chance(0.3):
                self.emit('if %s %s;' % (self.cond(1), self.pick(['break', 'continue'])))
            self.scopes.pop()
            self.ind -= 1
            self.emit('}')
        elif k < 11:
            self.emit('switch (%s & 3u) {' % self.iexpr('uint', 2))
            for case in range(4):
                self.emit('%s: {' % ('default' if case == 3 else 'case %d' % case))
                self.ind += 1
                self.block(self.r.range(0, 2), False, depth + 1)
                if self.chance(0.7):
                    self.emit('break;')
                self.ind -= 1
                self.emit('}')
            self.emit('}')
        elif k < 13 and uniform:
            self.local_phase(depth)
        elif k < 14:
            self.emit('priv[(%s) & %du] = %s;' % (self.iexpr('uint', 2), PRIV - 1, self.iexpr('uint', 2)))
        elif k < 15:
            # One kind of operation per counter (add and sub share one, as
            # they commute): different kinds on one counter would make the
            # final value depend on the order of the work-items.
            slot = self.r.range(0, len(ATOMICS) - 1)
            self.emit('%s(&acc[%d], %s);' % (self.pick(ATOMICS[slot]), slot, self.iexpr('uint', 2)))
        elif k < 16 and uniform:
            self.local_atomic_phase()
        else:
            ty = self.pick(('uint', 'int', 'float'))
            vs = self.vars(ty, assignable=True)
            if vs:
                self.emit('%s = %s;' % (self.pick(vs), self.assign_rhs(ty)))

    def local_phase(self, depth):
        """barrier; own slot written; barrier; any slot readable (later
        code too, when the phase surely ran: at the top level)."""
        self.emit('barrier(CLK_LOCAL_MEM_FENCE);')
        # the value stored reads no lm: other work-items write their own
        # slots in this phase (a race otherwise: seed 3823 read lm[k] while
        # work-item k stored to it, and the results followed wave order)
        ready = self.lm_ready
        self.lm_ready = False
        self.emit('lm[lid] = %s;' % self.iexpr('uint', 3))
        self.emit('barrier(CLK_LOCAL_MEM_FENCE);')
        self.lm_ready = True
        vs = self.vars('uint', assignable=True)
        if vs:
            self.emit('%s += lm[(%s) %% %du];' % (self.pick(vs), self.iexpr('uint', 2), self.local))
        self.lm_ready = ready or depth == 0

    def local_atomic_phase(self):
        v = self.fresh('la')
        self.emit('barrier(CLK_LOCAL_MEM_FENCE);')
        self.emit('if (lid == 0) lcount = %s;' % self.uconst())
        self.emit('barrier(CLK_LOCAL_MEM_FENCE);')
        self.emit('%s(&lcount, %s);' % (self.pick(['atomic_add', 'atomic_xor', 'atomic_or', 'atomic_max']),
                                        self.iexpr('uint', 2)))
        self.emit('barrier(CLK_LOCAL_MEM_FENCE);')
        self.emit('uint %s = lcount;' % v)
        self.scopes[-1].append((v, 'uint', True))

    def helper(self):
        name = self.fresh('f')
        save = self.scopes
        self.scopes = [[('a', 'uint', False), ('b', 'uint', False)]]
        self.in_helper = True
        body = self.iexpr('uint', 3)
        self.in_helper = False
        self.scopes = save
        self.funcs.append((name, 'static uint %s(uint a, uint b) { return %s; }' % (name, body)))


def make_test(seed):
    """The kernel test file of one seed."""
    g = Gen(seed)
    g.local = g.pick([64, 64, 128, 32, 96, 192, 256])
    groups = g.pick([1, 1, 2, 3])
    gsize = g.local * groups
    for _ in range(g.r.range(0, 2)):
        g.helper()
    g.budget = g.r.range(8, 30)
    g.emit('uint priv[%d];' % PRIV)
    g.emit('for (uint p = 0; p < %du; p++) priv[p] = inp[(gid + p) & %du];' % (PRIV, INP - 1))
    # variables that live to the end (and are stored): the statements
    # mostly assign to these
    for ty in ('uint', 'uint', 'int', 'float', 'uint4', 'int4', 'float4'):
        v = g.fresh('v')
        g.emit('%s %s = %s;' % (ty, v, g.assign_rhs(ty)))
        g.scopes[0].append((v, ty, True))
    while g.budget > 0:
        g.stmt(True, 0)
    outs = [(n, t) for (n, t, a) in g.scopes[0] if not n.startswith('i')]
    ulist, flist = [], []
    for n, t in outs:
        if t in ('uint', 'int'):
            ulist.append('(uint)%s' % n)
        elif t in ('uint4', 'int4'):
            ulist += ['(uint)%s.s%d' % (n, c) for c in range(4)]
        elif t == 'float':
            flist.append(n)
        elif t == 'float4':
            flist += ['%s.s%d' % (n, c) for c in range(4)]
    ulist += ['priv[%d]' % p for p in range(PRIV)]
    nu, nf = len(ulist), max(len(flist), 1)
    for i, e in enumerate(ulist):
        g.emit('out[gid * %du + %du] = %s;' % (nu, i, e))
    for i, e in enumerate(flist):
        g.emit('fout[gid * %du + %du] = %s + 0.0f;' % (nf, i, e))
    r = g.r
    inp = ' '.join(str(r.bits(32) if r.u64() % 4 else r.range(0, 16)) for _ in range(INP))
    finp = ' '.join(repr(r.range(-(1 << 15) + 1, (1 << 15) - 1) / 16.0) for _ in range(FINP))
    head = ['/*!', '[config]', 'name: clsmith seed %d' % seed, 'kernel_name: k', 'dimensions: 1',
            'global_size: %d 0 0' % gsize, 'local_size: %d 0 0' % g.local, '', '[test]', 'name: seed%d' % seed,
            'arg_in: 0 buffer uint[%d] %s' % (INP, inp),
            'arg_in: 1 buffer float[%d] %s' % (FINP, finp),
            'arg_in: 2 buffer uint[%d] repeat 0' % (gsize * nu),
            'arg_in: 3 buffer float[%d] repeat 0' % (gsize * nf),
            'arg_in: 4 buffer uint[%d] %s' % (ACC, ' '.join(str(r.bits(32)) for _ in range(ACC))),
            'arg_in: 5 uint %d' % r.bits(32), '!*/']
    src = head + [HELPERS] + [f[1] for f in g.funcs] + [
        'kernel void k(global const uint *inp, global const float *finp, global uint *out, global float *fout,',
        '              global uint *acc, uint s)', '{',
        '    uint gid = get_global_id(0), lid = get_local_id(0), grp = get_group_id(0);',
        '    local uint lm[%d];' % g.local, '    local uint lcount;'] + g.lines + ['}', '']
    return '\n'.join(src)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seeds', default='1-100')
    add_common_args(ap, 50, 2000000)
    ap.add_argument('--print', type=int, help='print the test file of this seed and exit')
    a = ap.parse_args()
    if a.print is not None:
        sys.stdout.write(make_test(a.print))
        return 0
    seeds, tmp = seeds_and_dir(a, 'wavecc-clsmith-')
    files = {}
    for s in seeds:
        path = os.path.join(tmp, 'clsmith_%05d.cl' % s)
        with open(path, 'w') as f:
            f.write(make_test(s))
        files[path] = s
    counts = {}
    # poison (wavecc-run's default) stays on: the generated programs are
    # well defined, so an undefined value deciding a branch, an address or
    # a store is a compiler bug (or the generator's) worth a look.
    for p, (c, msg) in sorted(run_all(a.wavecc_run, sorted(files), a.jobs, a.batch, a.max_steps, 'poison',
                                      target_args(a)).items()):
        counts[c] = counts.get(c, 0) + 1
        if c != 'identical':
            print('seed %d: %s: %s' % (files[p], c, msg))
    n = len(files)
    print('programs %d: identical %d, differences %d, wavecc-only faults %d, llc-only faults %d, both fault %d, '
          'only llc-19 compiles %d, only wavecc compiles %d, neither compiles %d, crashes %d' % (
              n, counts.get('identical', 0), counts.get('difference', 0), counts.get('wavecc-only fault', 0),
              counts.get('llc-only fault', 0), counts.get('both fault', 0), counts.get('only llc-19 compiles', 0),
              counts.get('only wavecc compiles', 0), counts.get('neither compiles', 0), counts.get('crash', 0)))
    if not a.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    bad = n - counts.get('identical', 0)
    return 1 if a.expect_clean and bad else 0


if __name__ == '__main__':
    sys.exit(main())
