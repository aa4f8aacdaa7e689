/*!
[config]
kernel_name: k
dimensions: 1
global_size: 1 0 0

[test]
name: t
arg_in: 0 buffer char[1] 300
!*/
kernel void k(global char *x) { x[0] = 1; }
