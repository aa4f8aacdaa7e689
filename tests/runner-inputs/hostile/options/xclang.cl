/*!
[config]
name: -Xclang passes anything to cc1
kernel_name: k
dimensions: 1
global_size: 1 0 0
build_options: -D X=1 -Xclang -load -Xclang /nonexistent/x.so

[test]
name: never runs
arg_out: 0 buffer int[1] 1
!*/

kernel void k(global int *p) { *p = 1; }
