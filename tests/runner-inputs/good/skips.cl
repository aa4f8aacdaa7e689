/*!
[config]
name: tests that must be skipped everywhere
kernel_name: k
dimensions: 1
global_size: 1 0 0
device_regex: ^no-such-device$

[test]
name: skipped by device_regex
arg_out: 0 buffer int[1] 1
!*/
kernel void k(global int *x) { x[0] = 1; }
