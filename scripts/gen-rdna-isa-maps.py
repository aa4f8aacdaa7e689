#!/usr/bin/env python3
"""Writes the RDNA encoding maps src/target/isa_gfx10.def and isa_gfx11.def
from src/target/isa.def, with llvm-mc-19 as the oracle.

For every isa.def entry it synthesises an instruction from the entry's
signature (operands of the kinds and widths the signature lists, in the
forms the assembler wants for the format), assembles the candidates with
`llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=CPU -mattr=+wavefrontsize64
-show-encoding` (wave64 so that lane-mask operands are SGPR pairs, as the
signatures have them; encodings do not depend on the wave size) and reads
the format and opcode field back from the bytes (RDNA 2 / RDNA 3 ISA
guides, chapter "Microcode Formats"). The first candidate that assembles
wins; the spelling llvm-mc prints becomes the map's mnemonic when it
differs from isa.def's (gfx10 renames such as v_add_u32 -> v_add_nc_u32
are tried from RENAMES; gfx11's renames are LLVM's mnemonic aliases).
VOP1/VOP2/VOPC entries are mapped to their 32-bit encoding when they have
one, else to VOP3; the script checks that every 32-bit opcode's VOP3 form
is at the family's fixed offset (VOP3_BASE below, also in isa_enc.c).

Usage: scripts/gen-rdna-isa-maps.py [--check]   (from the repository root)
  --check: compare with the checked-in maps instead of writing them.
"""
import re
import subprocess
import sys
import tempfile

LLVM_MC = "llvm-mc-19"
FAMILIES = {  # file, -mcpu
    "GFX10": ("src/target/isa_gfx10.def", "gfx1030"),
    "GFX11": ("src/target/isa_gfx11.def", "gfx1100"),
}
# VOP3 opcode of a VOPC / VOP2 / VOP1 opcode: base + opcode (RDNA 2 guide
# 13.3.3 "VOP3"; RDNA 3 guide 15.3.4), checked below on every entry.
VOP3_BASE = {"VOPC": 0x000, "VOP2": 0x100, "VOP1": 0x180}
# GFX10 spellings of GFX9 instructions that LLVM does not accept under the
# GFX9 name on gfx10 (gfx11 has mnemonic aliases for its own renames).
RENAMES = {
    "v_add_u32": "v_add_nc_u32", "v_sub_u32": "v_sub_nc_u32", "v_subrev_u32": "v_subrev_nc_u32",
    "v_add_u16": "v_add_nc_u16", "v_sub_u16": "v_sub_nc_u16", "v_add_i32": "v_add_nc_i32",
    "v_sub_i32": "v_sub_nc_i32", "v_add_i16": "v_add_nc_i16", "v_sub_i16": "v_sub_nc_i16",
    "v_addc_co_u32": "v_add_co_ci_u32", "v_subb_co_u32": "v_sub_co_ci_u32",
    "v_subbrev_co_u32": "v_subrev_co_ci_u32", "v_mad_u32_u16": "v_mad_u32_u16",
    "global_atomic_min_f32": "global_atomic_fmin", "global_atomic_max_f32": "global_atomic_fmax",
    "buffer_atomic_min_f32": "buffer_atomic_fmin", "buffer_atomic_max_f32": "buffer_atomic_fmax",
    "flat_atomic_min_f32": "flat_atomic_fmin", "flat_atomic_max_f32": "flat_atomic_fmax",
    # f64 min/max: GFX10 only (gfx11 dropped them); llc-19's atomicrmw fmin/fmax double
    "global_atomic_min_f64": "global_atomic_fmin_x2", "global_atomic_max_f64": "global_atomic_fmax_x2",
    "buffer_atomic_min_f64": "buffer_atomic_fmin_x2", "buffer_atomic_max_f64": "buffer_atomic_fmax_x2",
    "flat_atomic_min_f64": "flat_atomic_fmin_x2", "flat_atomic_max_f64": "flat_atomic_fmax_x2",
}

# gfx11 spellings LLVM has no alias for.
RENAMES_GFX11 = {"s_inst_prefetch": "s_set_inst_prefetch_distance", "v_dot2c_f32_f16": "v_dot2acc_f32_f16"}

ENTRY = re.compile(r'^ISA\((\w+), "([^"]+)", (\w+), (0x[0-9a-fA-F]+|ISA_OPC_NONE), "([^"]*)", ([^)]*)\)')


def parse_isa_def(path="src/target/isa.def"):
    out = []
    for line in open(path):
        m = ENTRY.match(line)
        if m:
            out.append(dict(enum=m.group(1), mn=m.group(2), fmt=m.group(3), sig=m.group(5), dpp8="ISA_F_DPP8" in m.group(6)))
    return out


def sig_ops(sig):
    defs, uses = sig.split(";")
    parse = lambda s: [(t[0], int(t[1:])) for t in s.split(",") if t]
    return parse(defs), parse(uses)


class Regs:
    """Hands out aligned, distinct registers."""

    def __init__(self):
        self.nxt = {"s": 4, "v": 1}

    def get(self, kind, w):
        k = "v" if kind == "v" else "s"
        r = self.nxt[k]
        if k == "s" and w > 1:
            r = (r + (3 if w >= 4 else 1)) & ~(3 if w >= 4 else 1)
        self.nxt[k] = r + w
        return f"{k}{r}" if w == 1 else f"{k}[{r}:{r + w - 1}]"


def valu_forms(mn, fmt, sig):
    """Candidate assembly lines for a VALU entry: (text, wants VOP3)."""
    defs, uses = sig_ops(sig)
    if mn.endswith("_dpp"):  # a DPP16 form (ISA_F_DPP): its own spelling, controls required
        return [(f"{mn} v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf", False)]
    cands = []
    for e64 in (False, True):
        if fmt == "VOP3" or fmt == "VOP3P":
            if not e64:
                continue
            suffix = ""
        else:
            suffix = "_e64" if e64 else "_e32"
        for a_kind in ("v", "s", "first_s"):
            r = Regs()
            ops = []
            for k, w in defs:
                if k == "s" and w == 2 and not e64:
                    ops.append("vcc")
                else:
                    ops.append(r.get(k, w))
            uo = []
            for i, (k, w) in enumerate(uses):
                kind = k
                if k == "a":
                    kind = "s" if (a_kind == "s" or (a_kind == "first_s" and i == 0)) else "v"
                if k == "s" and w == 2 and not e64:
                    uo.append("vcc")
                else:
                    uo.append(r.get(kind, w))
            texts = [ops + uo]
            if len(defs) == 2 and all(k == "v" for k, _ in defs):  # v_swap: tied uses
                texts = [ops]
            if fmt == "VOPC":
                texts.append(uo)  # gfx10 v_cmpx writes EXEC only
            if fmt == "VOP2":
                texts.append(ops + uo + ["vcc" if not e64 else r.get("s", 2)])  # v_cndmask
                if e64:  # carry-out forms whose signature leaves the VCC def implicit
                    texts.append(ops + [r.get("s", 2)] + uo)
                texts.append(ops + uo[:1] + ["0x1"] + uo[1:])  # v_madmk / v_fmamk K
                texts.append(ops + uo + ["0x1"])  # v_madak / v_fmaak K
            for t in texts:
                cands.append((f"{mn}{suffix} " + ", ".join(t) if t else f"{mn}{suffix}", e64 and fmt in VOP3_BASE))
    return cands


def salu_forms(mn, fmt, sig):
    defs, uses = sig_ops(sig)
    r = Regs()
    ops = [r.get("s", w) for _, w in defs] + [r.get("s", w) for _, w in uses]
    c = [f"{mn} " + ", ".join(ops) if ops else mn]
    if fmt == "SOPK":
        c += [f"{mn} s4, 0x1", f"{mn} s4, hwreg(HW_REG_MODE)", f"{mn} hwreg(HW_REG_MODE), s4",
              f"{mn} hwreg(HW_REG_MODE), 0x7", f"{mn} s[4:5], 4", f"{mn} null, 0x0", f"{mn} 0x0"]
    if fmt == "SOPP":
        c += [f"{mn} 0", f"{mn} 4", f"{mn} 0x1"]
    if fmt == "SOPC":
        c += [f"{mn} s4, 0x1"]
    return [(x, False) for x in c]


def mem_forms(mn, fmt, sig):
    defs, uses = sig_ops(sig)
    r = Regs()
    d = [r.get("v", w) for _, w in defs]
    c = []
    if fmt == "SMEM":
        d = [r.get("s", w) for _, w in defs]
        u = [r.get("s", w) for _, w in uses]
        if not defs and uses:  # stores: data first
            c.append(", ".join(u + ["0x0"]))
        c.append(", ".join(d + u + (["0x0"] if u else [])))
        c.append(", ".join(d + u))
        return [(f"{mn} {x}" if x else mn, False) for x in c]
    if fmt == "DS":
        u = [r.get("v", w) for _, w in uses]
        c.append(", ".join(d + u))
        return [(f"{mn} {x}" if x else mn, False) for x in c]
    if fmt == "MUBUF":
        u = [r.get(k if k != "a" else "v", w) if k != "s" else r.get("s", w) for k, w in uses]
        if uses:
            c.append(", ".join(d + u) + " offen")
            c.append(", ".join(d + u) + " offen glc")
            c.append(", ".join(d + ["off"] + u[1:]) if len(u) > 1 else "")
        c.append("")
        return [(f"{mn} {x}" if x else mn, False) for x in c]
    # FLAT / GLOBAL / SCRATCH: the address first (a pair for FLAT/GLOBAL)
    u = [r.get("v", w) for _, w in uses]
    tail = "" if fmt == "FLAT" else ", off"
    base = ", ".join(d + u) + tail
    c += [base, base + " glc"]
    if fmt == "SCRATCH" and not defs:  # scratch_store vaddr, vdata
        pass
    return [(f"{mn} {x}", False) for x in c]


def candidates(family, entry):
    mn, fmt, sig = entry["mn"], entry["fmt"], entry["sig"]
    names = [mn] + ([RENAMES[mn]] if mn in RENAMES and RENAMES[mn] != mn else [])
    if family == "GFX11" and mn in RENAMES_GFX11:
        names.append(RENAMES_GFX11[mn])
    out = []
    if entry.get("dpp8"):  # ISA_F_DPP8: the DPP8 form, lane selects required
        return [(f"{mn[:-1]} v1, v2 dpp8:[0,1,2,3,4,5,6,7]", False)]  # v_mov_b32_dpp8 -> v_mov_b32_dpp
    for n in names:
        if fmt in ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3P"):
            out += valu_forms(n, fmt, sig)
        elif fmt in ("SOP1", "SOP2", "SOPK", "SOPC", "SOPP"):
            out += salu_forms(n, fmt, sig)
        else:
            out += mem_forms(n, fmt, sig)
    return out


def decode(family, words):
    """(format, opcode) of an encoding: the first dword's format prefix and
    opcode field (RDNA 2 guide chapter 13, RDNA 3 guide chapter 15)."""
    w = words[0]
    gfx11 = family == "GFX11"
    if w >> 23 == 0x17D:
        return "SOP1", (w >> 8) & 0xFF
    if w >> 23 == 0x17E:
        return "SOPC", (w >> 16) & 0x7F
    if w >> 23 == 0x17F:
        return "SOPP", (w >> 16) & 0x7F
    if w >> 28 == 0xB:
        return "SOPK", (w >> 23) & 0x1F
    if w >> 30 == 2:
        return "SOP2", (w >> 23) & 0x7F
    if w >> 25 == 0x3F:
        return "VOP1", (w >> 9) & 0xFF
    if w >> 25 == 0x3E:
        return "VOPC", (w >> 17) & 0xFF
    if w >> 31 == 0:
        return "VOP2", (w >> 25) & 0x3F
    if w >> 26 == 0x35:
        return "VOP3", (w >> 16) & 0x3FF
    if w >> 24 == 0xCC:
        return "VOP3P", (w >> 16) & 0x7F
    if w >> 26 == 0x3D:
        return "SMEM", (w >> 18) & 0xFF
    if w >> 26 == 0x36:
        return "DS", (w >> 18) & 0xFF
    if w >> 26 == 0x38:
        return "MUBUF", (w >> 18) & 0xFF  # gfx10: OP 24:18 and its bit 7 (OPM) at 25
    if w >> 26 == 0x37:
        seg = (w >> 16) & 3 if gfx11 else (w >> 14) & 3
        return ["FLAT", "SCRATCH", "GLOBAL", "?"][seg], (w >> 18) & 0x7F
    return "?", 0


LINE = re.compile(r"^\s*(\S+)(.*?);\s*encoding:\s*\[([^\]]*)\]")


def assemble(cpu, lines):
    """llvm-mc-19 on `lines`; {index: (printed mnemonic, [dwords])} for the
    lines that assemble (one output line per input line that does)."""
    with tempfile.NamedTemporaryFile("w", suffix=".s") as f:
        f.write("\n".join(lines) + "\n")
        f.flush()
        p = subprocess.run([LLVM_MC, "-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", "-mattr=+wavefrontsize64",
                            "-show-encoding", f.name], capture_output=True, text=True)
    bad = {int(m.group(1)) - 1 for m in re.finditer(r"\.s:(\d+):\d+: error", p.stderr)}
    outs = [LINE.match(x) for x in p.stdout.splitlines()]
    outs = [m for m in outs if m]
    good = [i for i in range(len(lines)) if i not in bad]
    if len(good) != len(outs):
        sys.exit(f"llvm-mc output has {len(outs)} instructions for {len(good)} accepted lines")
    res = {}
    for i, m in zip(good, outs):
        b = [int(x, 16) for x in m.group(3).split(",")]
        words = [int.from_bytes(bytes(b[k:k + 4]), "little") for k in range(0, len(b) - 3, 4)]
        res[i] = (m.group(1), words)
    return res


def strip_suffix(mn):
    return re.sub(r"_(e32|e64|sdwa|dpp)$", "", mn)


def build_map(family, cpu, entries):
    cands = [candidates(family, e) for e in entries]
    flat = [(i, k, text) for i, cs in enumerate(cands) for k, (text, _) in enumerate(cs)]
    asm = assemble(cpu, [t for _, _, t in flat])
    result, vop3_of = {}, {}
    for j, (i, k, text) in enumerate(flat):
        if j not in asm:
            continue
        e = entries[i]
        printed, words = asm[j]
        fmt, opc = decode(family, words)
        want_vop3 = cands[i][k][1]
        if fmt == "?" or (want_vop3 and fmt != "VOP3"):
            continue
        if e["fmt"] in VOP3_BASE and want_vop3:
            vop3_of.setdefault(i, opc)
        if i in result and not (result[i][0] == "VOP3" and fmt != "VOP3"):
            continue
        result[i] = (fmt, opc, printed if e["mn"].endswith("_dpp") or e.get("dpp8") else strip_suffix(printed))
    # the VOP3 form of every 32-bit VALU encoding is at the fixed offset
    for i, (fmt, opc, _) in result.items():
        if fmt in VOP3_BASE and i in vop3_of and vop3_of[i] != VOP3_BASE[fmt] + opc:
            sys.exit(f"{family}: {entries[i]['mn']}: VOP3 opcode {vop3_of[i]:#x} is not {VOP3_BASE[fmt]:#x} + {opc:#x}")
    return result


def build_vopd(family, cpu, entries, result):
    """GFX11 VOPD (dual issue) component opcodes: {entry index: (OPY, usable
    as X)}. Each VOP1/VOP2 entry is tried as v_dual_<name> in the X slot
    (OPX [25:22]) and the Y slot (OPY [21:17]) beside v_dual_mov_b32 (RDNA 3
    guide 7.6 "Dual Issue VALU"); VOPD is wave32 only."""
    if family != "GFX11":
        return {}
    lines, who = [], []
    for i, e in enumerate(entries):
        if i not in result or result[i][0] not in ("VOP1", "VOP2"):
            continue
        name = "v_dual_" + result[i][2][2:]
        forms = [f"{name} v0, v1", f"{name} v0, v1, v2", f"{name} v0, v1, v2, 0x1", f"{name} v0, v1, 0x1, v2"]
        for f in forms:
            lines += [f"{f} :: v_dual_mov_b32 v3, v6", f"v_dual_mov_b32 v3, v6 :: {f}"]
            who += [(i, True), (i, False)]
    with tempfile.NamedTemporaryFile("w", suffix=".s") as f:
        f.write("\n".join(lines) + "\n")
        f.flush()
        p = subprocess.run([LLVM_MC, "-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", "-show-encoding", f.name],
                           capture_output=True, text=True)
    bad = {int(m.group(1)) - 1 for m in re.finditer(r"\.s:(\d+):\d+: error", p.stderr)}
    outs = [m for m in (re.match(r"^\s*v_dual.*encoding:\s*\[([^\]]*)\]", x) for x in p.stdout.splitlines()) if m]
    good = [j for j in range(len(lines)) if j not in bad]
    if len(good) != len(outs):
        sys.exit("VOPD: llvm-mc output does not match its input")
    codes = {}
    for j, m in zip(good, outs):
        w = int.from_bytes(bytes(int(x, 16) for x in m.group(1).split(",")[:4]), "little")
        if w >> 26 != 0x32:
            sys.exit(f"VOPD: {lines[j]} is not VOPD")
        i, as_x = who[j]
        c = codes.setdefault(i, [None, None])
        if as_x:
            c[0] = (w >> 22) & 0xF
        else:
            c[1] = (w >> 17) & 0x1F
    out = {}
    for i, (x, y) in codes.items():
        if y is None or (x is not None and x != y):
            sys.exit(f"VOPD: {entries[i]['mn']}: OPX {x} and OPY {y} differ")
        out[i] = (y, x is not None)
    return out


HEADER = """/* {family} ({what}) encoding: every instruction the family has, with its
 * format and opcode there.
 *   ENC(ENUM, FORMAT, OPCODE, "mnemonic" or NULL when isa.def's spelling holds)
 * Entries not listed are absent on {family}. GENERATED by
 * scripts/gen-rdna-isa-maps.py from isa.def with llvm-mc-19 -mcpu={cpu} as
 * the oracle (sources: the {guide}, chapter "Microcode Formats"); do not
 * edit, regenerate. VOP1/VOP2/VOPC entries also encode as VOP3 at
 * VOPC + 0x000, VOP2 + 0x100, VOP1 + 0x180 (isa_vop3_opcode).{vopd} */
"""


VOPD_NOTE = """
 *   VOPD(ENUM, OPY, X): a VALU instruction GFX11's dual-issue VOPD format
 *   can hold: its component opcode (OPY [21:17]; OPX [25:22] is the same
 *   number) and whether it may be the X half."""


def render(family, cpu, entries, result, vopd):
    what = "RDNA 1/2: gfx1010 .. gfx1036" if family == "GFX10" else "RDNA 3: gfx1100 .. gfx1103"
    guide = "RDNA 2 ISA guide" if family == "GFX10" else "RDNA 3 ISA guide"
    out = [HEADER.format(family=family, what=what, cpu=cpu, guide=guide, vopd=VOPD_NOTE if vopd else "")]
    for i, e in enumerate(entries):
        if i not in result:
            continue
        fmt, opc, printed = result[i]
        mn = "NULL" if printed == e["mn"] else f'"{printed}"'
        out.append(f"ENC({e['enum']}, {fmt}, {opc:#04x}, {mn})\n")
    for i in sorted(vopd, key=lambda i: vopd[i][0]):
        out.append(f"VOPD({entries[i]['enum']}, {vopd[i][0]:#04x}, {int(vopd[i][1])})\n")
    return "".join(out)


def main():
    check = "--check" in sys.argv[1:]
    entries = parse_isa_def()
    status = 0
    for family, (path, cpu) in FAMILIES.items():
        result = build_map(family, cpu, entries)
        text = render(family, cpu, entries, result, build_vopd(family, cpu, entries, result))
        if check:
            if open(path).read() != text:
                print(f"{path} differs from what scripts/gen-rdna-isa-maps.py writes", file=sys.stderr)
                status = 1
        else:
            open(path, "w").write(text)
            print(f"{path}: {text.count('ENC(')} of {len(entries)} entries", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
