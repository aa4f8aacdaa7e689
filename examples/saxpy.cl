/*!
[config]
name: saxpy demo
kernel_name: saxpy
dimensions: 1
global_size: 300 0 0
local_size: 128 0 0

[test]
name: y = 2x + y over 300 work-items in 3 workgroups (the last one partial)
arg_in:  0 float 2
arg_in:  1 buffer float[300] repeat 1 2 3
arg_in:  2 buffer float[300] repeat 0.5
arg_out: 2 buffer float[300] repeat 2.5 4.5 6.5
arg_in:  3 int 300
!*/
kernel void saxpy(float a, global const float *x, global float *y, int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}
