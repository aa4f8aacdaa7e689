/*!
[config]
name: integer constant expressions on a global's address (cov24)
kernel_name: k
dimensions: 1
global_size: 64 0 0
local_size: 64 0 0
build_options: -cl-std=CL2.0

[test]
name: c = 1
arg_in: 0 buffer uint[8] repeat 0
arg_out: 0 buffer uint[8] 5 2 1 2 7 0 0 0
arg_in: 1 int 1
arg_in: 2 int 1

[test]
name: c = 0
arg_in: 0 buffer uint[8] repeat 0
arg_out: 0 buffer uint[8] 1 0 0 0 7 0 0 0
arg_in: 1 int 0
arg_in: 2 int 0
!*/
/* cov24 (session 22): clang -O2 folds `c ? g + 1 : 0` used as an integer
 * into `select i1 %z, i32 5, i32 add (i32 ptrtoint (ptr addrspace(1)
 * getelementptr (i8, ptr addrspace(1) @g, i64 4) to i32), i32 5)`: an
 * integer constant expression on a data global's address, whose bits are
 * known only at run time. wavecc on main 501c6c5 refused it ("unsupported
 * constant"). The results do not depend on where @g lands: each is the
 * difference with the same address computed at run time (q = g + one),
 * @g being 4-byte aligned. Host reference (c = one = 1): p = &g[1],
 * out0 = (p + 5) - q = 5; out1 = ((g + 5) >> 1) - (g >> 1) = 2 (g even);
 * out2 = ((g + 8) >> 3) - (g >> 3) = 1; out3 = g[1] = 2; out4 = 7.
 * c = one = 0: out0 = (p == 0) = 1, out1..3 untouched (0), out4 = 7. */
global int g[4] = {1, 2, 3, 4};

kernel void k(global uint *out, int c, int one) {
  if (get_local_id(0) != 0) return;
  global int *p = c ? g + 1 : 0;
  global int *q = g + one;
  if (c) {
    out[0] = ((uint)(ulong)p + 5) - (uint)(ulong)q;
    out[1] = (((uint)(ulong)(c ? g : 0) + 5) >> 1) - ((uint)(ulong)(q - one) >> 1);
    out[2] = (uint)((ulong)(c ? g + 2 : 0) >> 3) - (uint)((ulong)(q - one) >> 3);
    out[3] = *p;
  } else {
    out[0] = (ulong)p == 0;
  }
  out[4] = 7;
}
