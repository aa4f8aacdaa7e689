/*!
[config]
kernel_name: k
dimensions: 1
global_size: 1 0 0
[test]
name: t
arg_in: 0 buffer float[2] 1 1.5x
!*/
