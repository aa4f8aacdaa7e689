/*!
[config]
name: an extension nobody offers
kernel_name: k
dimensions: 1
global_size: 1 0 0
require_device_extensions: cl_khr_fp64 cl_wavecc_no_such_extension

[test]
name: skipped by require_device_extensions
arg_out: 0 buffer int[1] 1
!*/
kernel void k(global int *x) { x[0] = 1; }
