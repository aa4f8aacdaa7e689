"""Writes tests/kernels/f_sdwa_selects.cl: SDWA source selects (pass sdwa)
executed, with expected outputs from the integer reference below.
Run: python3 tests/kernels/gen/gen_sdwa_selects.py > tests/kernels/f_sdwa_selects.cl"""
import random, struct
random.seed(16)
N = 256
xs = [random.getrandbits(32) for _ in range(N)]
xs[:8] = [0, 0xffffffff, 0x80808080, 0x7f7f7f7f, 0x00ff00ff, 0xff00ff00, 0x12345678, 0x87654321]
S = -1234
def i32(v):
    v &= 0xffffffff
    return v - (1 << 32) if v & 0x80000000 else v
def sb(v):  # signed byte
    return v - 256 if v & 0x80 else v
def sh(v):  # signed short
    return v - 65536 if v & 0x8000 else v
out = []
for i, x in enumerate(xs):
    r = ((x >> 8) & 255) + i                         # add, BYTE_1
    r = i32((x >> 16) * (r & 0xffff))                # mul_u32_u24? WORD_1
    r = i32(sb((x >> 16) & 255) ^ r)                 # xor, sext BYTE_2
    r = i32(r - (x & 0xffff))                        # sub, WORD_0
    f = struct.unpack('<I', struct.pack('<f', float(x & 255)))[0]
    r = i32(r + f)                                   # cvt_f32_u32 BYTE_0
    r = i32(r + max(sh(x >> 16), S))                 # max_i32, sext WORD_1, SGPR
    r = i32(r + min(x >> 24, i))                     # min_u32, BYTE_3
    r = i32(r + (3 if ((x >> 8) & 255) > i else 5))  # v_cmp_gt_u32, BYTE_1
    r = i32(r ^ (0x100 if sb((x >> 16) & 255) < (S >> 4) else 0x200))  # v_cmp_lt_i32 sext BYTE_2, SGPR
    out.append(r)
def fmt(vals):
    lines = []
    for k in range(0, len(vals), 16):
        lines.append(' '.join(str(v) for v in vals[k:k+16]))
    return ' \\\n    '.join(lines)
print("""/*!
# SDWA source selects (pass sdwa, src/passes/sdwa.c) executed: each byte and
# half-word of x, zero- and sign-extended, read by add, mul, xor, sub,
# v_cvt_f32_u32 (VOP1), max with an SGPR operand, min, and compares (VOPC
# SDWA writing a lane mask), one against an SGPR. Expected values from
# the Python reference in tests/kernels/gen/gen_sdwa_selects.py (rerun it to
# change this file), not from a compiler.
[config]
name: sdwa_selects
kernel_name: k
dimensions: 1

[test]
name: 256 words
global_size: 256 0 0
local_size: 64 0 0
arg_in: 0 buffer uint[256] %s
arg_out: 1 buffer int[256] %s
arg_in: 2 int %d
!*/
kernel void k(global const uint *in, global int *out, int s)
{
    int i = get_global_id(0);
    uint x = in[i];
    int r = (int)((x >> 8) & 255) + i;
    r = (int)((x >> 16) * (uint)(r & 0xffff));
    r = (int)(char)(x >> 16) ^ r;
    r = r - (int)(x & 0xffff);
    r = r + as_int((float)(x & 255));
    r = r + max((int)(short)(x >> 16), s);
    r = r + (int)min(x >> 24, (uint)i);
    r = r + (((x >> 8) & 255) > (uint)i ? 3 : 5);
    r = r ^ ((int)(char)(x >> 16) < (s >> 4) ? 0x100 : 0x200);
    out[i] = r;
}""" % (fmt(xs), fmt(out), S))
