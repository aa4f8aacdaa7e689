/*!
[config]
kernel_name: k
dimensions: 1
global_size: 1 0 0
[test]
arg_out: 0 buffer int[1] 1
