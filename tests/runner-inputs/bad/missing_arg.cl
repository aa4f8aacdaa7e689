/*!
[config]
kernel_name: k
dimensions: 1
global_size: 1 0 0

[test]
name: t
arg_in: 1 int 3
!*/
kernel void k(global int *x, int y) { x[0] = y; }
