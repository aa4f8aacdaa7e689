/*!
[config]
name: a device feature the runner does not know
kernel_name: k
dimensions: 1
global_size: 1 0 0
require_device_features: int64 wavecc_no_such_feature

[test]
name: skipped by require_device_features
arg_out: 0 buffer int[1] 1
!*/
kernel void k(global int *x) { x[0] = 1; }
