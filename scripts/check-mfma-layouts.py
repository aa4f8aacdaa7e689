#!/usr/bin/env python3
"""Checks the MFMA operand layouts of src/emu/exec_mfma.c against AMD's
Matrix Instruction Calculator (github.com/ROCm/amd_matrix_instruction_calculator).

Each element of A (M x K), B (K x N), C and D (M x N) maps to
(dword register offset, lane, low bit). The emulator's mapping is
reimplemented here from the formulas in exec_mfma.c (keep them in step);
the calculator's is read from its --register-layout --csv output.

  check-mfma-layouts.py --calculator PATH/matrix_calculator.py [--save FILE]
      runs the calculator (needs the `tabulate` package, or any module of
      that name providing tabulate(rows, headers, tablefmt='tsv')), compares,
      and optionally saves the calculator's maps as JSON.
  check-mfma-layouts.py --data scripts/mfma-layouts.json
      compares against saved maps (offline, no calculator needed; ctest
      mfma-layouts). The saved maps were captured from the calculator's
      commit 2ef91896bcdc4d26624f952e5c905c787cd9bc9e (2025-05-20) with
      --save scripts/mfma-layouts.json.
Exit status 1 and one line per differing shape/matrix if any map differs."""
import argparse, json, re, subprocess, sys

# (calculator arch, instruction, M, N, K, element bits) -- exec_mfma.c's shapes[].
SHAPES = [
  ('cdna2', 'v_mfma_f32_32x32x2f32', 32, 32, 2, 32),
  ('cdna2', 'v_mfma_f32_16x16x4f32', 16, 16, 4, 32),
  ('cdna2', 'v_mfma_f32_32x32x8f16', 32, 32, 8, 16),
  ('cdna2', 'v_mfma_f32_16x16x16f16', 16, 16, 16, 16),
  ('cdna2', 'v_mfma_f32_32x32x8bf16_1k', 32, 32, 8, 16),
  ('cdna2', 'v_mfma_f32_16x16x16bf16_1k', 16, 16, 16, 16),
  ('cdna2', 'v_mfma_f64_16x16x4f64', 16, 16, 4, 64),
  ('cdna2', 'v_mfma_i32_32x32x8i8', 32, 32, 8, 8),
  ('cdna2', 'v_mfma_i32_16x16x16i8', 16, 16, 16, 8),
  ('cdna3', 'v_mfma_i32_32x32x16_i8', 32, 32, 16, 8),
  ('cdna3', 'v_mfma_i32_16x16x32_i8', 16, 16, 32, 8),
  # The gfx90a shapes again on gfx942 (CDNA 3 spells them with an underscore;
  # the bf16 ones are the _1k forms).
  ('cdna3', 'v_mfma_f32_32x32x2_f32', 32, 32, 2, 32),
  ('cdna3', 'v_mfma_f32_16x16x4_f32', 16, 16, 4, 32),
  ('cdna3', 'v_mfma_f32_32x32x8_f16', 32, 32, 8, 16),
  ('cdna3', 'v_mfma_f32_16x16x16_f16', 16, 16, 16, 16),
  ('cdna3', 'v_mfma_f32_32x32x8_bf16', 32, 32, 8, 16),
  ('cdna3', 'v_mfma_f32_16x16x16_bf16', 16, 16, 16, 16),
  ('cdna3', 'v_mfma_f64_16x16x4_f64', 16, 16, 4, 64),
  # gfx942's fp8/bf8 forms (8-bit elements, the i8 shapes' layouts).
  ('cdna3', 'v_mfma_f32_16x16x32_fp8_fp8', 16, 16, 32, 8),
  ('cdna3', 'v_mfma_f32_16x16x32_fp8_bf8', 16, 16, 32, 8),
  ('cdna3', 'v_mfma_f32_16x16x32_bf8_fp8', 16, 16, 32, 8),
  ('cdna3', 'v_mfma_f32_16x16x32_bf8_bf8', 16, 16, 32, 8),
  ('cdna3', 'v_mfma_f32_32x32x16_fp8_fp8', 32, 32, 16, 8),
  ('cdna3', 'v_mfma_f32_32x32x16_fp8_bf8', 32, 32, 16, 8),
  ('cdna3', 'v_mfma_f32_32x32x16_bf8_fp8', 32, 32, 16, 8),
  ('cdna3', 'v_mfma_f32_32x32x16_bf8_bf8', 32, 32, 16, 8),
  # gfx942's xf32 forms (two f32 per lane).
  ('cdna3', 'v_mfma_f32_16x16x8_xf32', 16, 16, 8, 32),
  ('cdna3', 'v_mfma_f32_32x32x4_xf32', 32, 32, 4, 32),
]

def emulator_maps(M, N, K, bits):
  """{matrix: {"row,col": [dword, lane, lowbit]}} per exec_mfma.c."""
  G = 64 // M; KL = K // G
  a, b, cd = {}, {}, {}
  for l in range(64):
    for e in range(KL):
      k = (l // M) * KL + e
      off = e * bits
      a[f'{l % M},{k}'] = [off // 32, l, off % 32]
      k = (l // N) * KL + e
      b[f'{k},{l % N}'] = [off // 32, l, off % 32]
    dw = 2 if bits == 64 else 1
    for r in range(M * N // 64):
      if bits == 64:  # exec_mfma.c: f64 C/D, one row per pair
        i = r * (64 // N) + l // N
      else:
        i = (r // 4) * 4 * (64 // N) + 4 * (l // N) + r % 4
      cd[f'{i},{l % N}'] = [r * dw, l, 0]
  return {'A': a, 'B': b, 'C': cd, 'D': cd}

CELL = re.compile(r'^v(?:(\d+)|\[(\d+):(\d+)\])\{(\d+)\}(?:\.\[(\d+):(\d+)\])?$')

def calculator_maps(calc, arch, inst):
  out = {}
  for mat in 'ABCD':
    txt = subprocess.run([sys.executable, calc, '--architecture', arch, '--instruction', inst,
                          '--register-layout', f'--{mat}-matrix', '--csv'],
                         check=True, capture_output=True, text=True, timeout=120).stdout
    rows = [r.split(',') for r in txt.splitlines() if ',' in r]
    blocks = [i for i, r in enumerate(txt.splitlines()) if r.startswith('Block ')]
    if len(blocks) != 1: raise SystemExit(f'{inst} {mat}: expected one block, got {len(blocks)}')
    cols = rows[0][1:]
    m = {}
    for r in rows[1:]:
      for c, cell in zip(cols, r[1:]):
        g = CELL.match(cell)
        if not g: raise SystemExit(f'{inst} {mat}: unparsed cell {cell!r}')
        reg = int(g[1]) if g[1] is not None else int(g[3])
        m[f'{int(r[0])},{int(c)}'] = [reg, int(g[4]), int(g[6]) if g[6] else 0]
    out[mat] = m
  return out

# Saved form: per shape and matrix, [rows, cols, codes] with one code per
# element in row-major order: (dword * 64 + lane) * 64 + low bit; a map
# equal to one saved before is saved as the string "shape/matrix" naming it.
def pack(ref):
  out, seen = {}, {}
  for key in sorted(ref):
    out[key] = {}
    for mat, m in sorted(ref[key].items()):
      rows = 1 + max(int(e.split(',')[0]) for e in m); cols = 1 + max(int(e.split(',')[1]) for e in m)
      v = [rows, cols, [(m[f'{i},{j}'][0] * 64 + m[f'{i},{j}'][1]) * 64 + m[f'{i},{j}'][2]
                        for i in range(rows) for j in range(cols)]]
      out[key][mat] = seen.setdefault(json.dumps(v), f'{key}/{mat}')
      if out[key][mat] == f'{key}/{mat}': out[key][mat] = v
  return out

def unpack(data):
  def one(v):
    if isinstance(v, str): k, m = v.split('/'); v = data[k][m]
    rows, cols, codes = v
    return {f'{n // cols},{n % cols}': [c // 4096, c // 64 % 64, c % 64] for n, c in enumerate(codes)}
  return {key: {mat: one(v) for mat, v in mats.items()} for key, mats in data.items()}

def main():
  ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  ap.add_argument('--calculator'); ap.add_argument('--save'); ap.add_argument('--data')
  o = ap.parse_args()
  if bool(o.calculator) == bool(o.data): ap.error('give exactly one of --calculator, --data')
  ref = unpack(json.load(open(o.data))) if o.data else {}
  bad = 0
  for arch, inst, M, N, K, bits in SHAPES:
    key = f'{arch} {inst}'
    if o.calculator: ref[key] = calculator_maps(o.calculator, arch, inst)
    emu = emulator_maps(M, N, K, bits)
    for mat in 'ABCD':
      want = ref[key][mat]
      diff = [e for e in sorted(set(want) | set(emu[mat])) if want.get(e) != emu[mat].get(e)]
      if diff:
        bad += 1
        e = diff[0]
        print(f'{key} {mat}: {len(diff)} of {len(want)} elements differ, e.g. [{e}] calculator {want.get(e)} emulator {emu[mat].get(e)}')
      else:
        print(f'{key} {mat}: {len(want)} elements equal')
  if o.save:
    with open(o.save, 'w') as f: json.dump(pack(ref), f, separators=(',', ':'), sort_keys=True)
  return 1 if bad else 0

if __name__ == '__main__':
  sys.exit(main())
