/*!
[config]
name: -MD -MF would write a file anywhere
kernel_name: k
dimensions: 1
global_size: 1 0 0
build_options: -MD -MF /tmp/wavecc-hostile-depfile

[test]
name: never runs
arg_out: 0 buffer int[1] 1
!*/

kernel void k(global int *p) { *p = 1; }
