/*!
[config]
kernel_name: k
dimensions: 1
global_size: 4 0 0

[test]
name: t
arg_in: 0 buffer int[4] 1 2 \
   3
!*/
kernel void k(global int *x) { x[0] = 1; }
