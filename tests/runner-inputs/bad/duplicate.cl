/*!
[config]
kernel_name: k
dimensions: 1
global_size: 1 0 0
[test]
name: t
arg_in: 0 buffer int[1] 1
arg_in: 0 buffer int[1] 2
!*/
