/*!
[config]
name: #embed of a file outside the tree
kernel_name: k
dimensions: 1
global_size: 1 0 0


[test]
name: never runs
arg_out: 0 buffer int[1] 1
!*/
constant char leak[] = {
#embed "/etc/passwd"
};
kernel void k(global int *p) { *p = 1; }
