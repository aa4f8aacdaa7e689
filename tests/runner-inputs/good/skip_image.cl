/*!
[config]
name: image arguments are skipped
kernel_name: k
dimensions: 1
global_size: 1 0 0

[test]
name: with an image
arg_in: 0 image uint4 2d 1 1 repeat 0
arg_out: 1 buffer int[1] 1

[test]
name: without an image runs
kernel_name: k2
arg_out: 0 buffer int[1] 7
!*/
kernel void k(read_only image2d_t img, global int *x) { x[0] = 1; }
kernel void k2(global int *x) { x[0] = 7; }
