/*!
[config]
name: -I naming a directory outside the tree
kernel_name: k
dimensions: 1
global_size: 1 0 0
build_options: -I ..

[test]
name: never runs
arg_out: 0 buffer int[1] 1
!*/
#include "options/plugin.cl"
kernel void k(global int *p) { *p = 1; }
