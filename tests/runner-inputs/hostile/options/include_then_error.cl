/*!
[config]
name: an outside #include before a preprocessing error (no dependency list: clang's -H trace is checked)
kernel_name: k
dimensions: 1
global_size: 1 0 0

[test]
name: never runs
arg_out: 0 buffer int[1] 1
!*/
#include "/etc/passwd"
#error stop here
kernel void k(global int *p) { *p = 1; }
