/*!
[config]
name: runner format corners
kernel_name: copy_float  # comments end lines
dimensions: 1
global_size: 4 0 0
local_size: 2 0 0

[test]
name: floats, hex floats, infinities, nan matching
arg_in:  0 buffer float[4] 0x1.8p0 -inf INFINITY nan
arg_out: 1 buffer float[4] 12 -Inf inf -nan
arg_in:  1 buffer float[4] repeat 0

[test]
name: continuation lines and true/false
arg_in:  0 buffer float[4] 1 \
                           true \
                           false 4
arg_out: 1 buffer float[4] 8 1 0 4
arg_in:  1 buffer float[4] repeat 0

[test]
name: absolute tolerance
kernel_name: scale
arg_in:  0 buffer float[4] 1 2 3 4
arg_in:  1 float 0.1
arg_out: 0 buffer float[4] 0.1 0.2 0.3 0.4 tolerance 0.000001

[test]
name: ulp tolerance
kernel_name: scale
arg_in:  0 buffer float[4] 1 2 3 4
arg_in:  1 float 0.1
arg_out: 0 buffer float[4] 0x1.99999ap-4 0x1.99999ap-3 0x1.333334p-2 0x1.99999ap-2 tolerance 1 ulp

[test]
name: a wrong expectation, expected to fail
expect_test_fail: true
arg_in:  0 buffer float[4] 1 2 3 4
arg_out: 1 buffer float[4] 1 2 3 5
arg_in:  1 buffer float[4] repeat 0

[test]
name: int4 and int3 vectors, by-value vector, 3-wide padding
kernel_name: vec
global_size: 2 0 0
arg_in:  0 buffer int4[2] 1 2 3 4 5 6 7 8
arg_in:  1 buffer int3[2] repeat 0
arg_out: 1 buffer int3[2] 11 22 33 15 26 37
arg_in:  2 int3 10 20 30
arg_in:  3 buffer uint[2] repeat 0xffffffff
arg_out: 3 buffer uint[2] -1 4294967295

[test]
name: __local NULL buffer and integer tolerance
kernel_name: local_rev
arg_in:  0 buffer short[4] -1 2 -3 4
arg_in:  1 buffer short[2] NULL
arg_out: 0 buffer short[4] 2 -1 4 -3 tolerance 0
arg_in:  2 buffer long[4] repeat 0
arg_out: 2 buffer long[4] repeat 100 tolerance 1

[test]
name: random inputs are deterministic and only read
kernel_name: scale
arg_in:  0 buffer float[4] random
arg_in:  1 float 0
arg_out: 0 buffer float[4] repeat 0
!*/
kernel void copy_float(global const float *in, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * (i == 0 ? 8.0f : 1.0f);
}

kernel void scale(global float *x, float s)
{
    size_t i = get_global_id(0);
    x[i] = x[i] * s;
}

kernel void vec(global const int4 *a, global int3 *b, int3 add, global uint *u)
{
    size_t i = get_global_id(0);
    b[i] = a[i].xyz + add;
}

kernel void local_rev(global short *x, local short *tmp, global long *l)
{
    size_t i = get_global_id(0), li = get_local_id(0);
    tmp[li] = x[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    x[i] = tmp[1 - li];
    l[i] = 100 + (i & 1 ? 1 : -1);
}
