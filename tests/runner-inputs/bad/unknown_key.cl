/*!
[config]
kernel_name: k
dimensions: 1
global_size: 1 0 0

[test]
name: t
bogus_key: 3
!*/
kernel void k(global int *x) { x[0] = 1; }
