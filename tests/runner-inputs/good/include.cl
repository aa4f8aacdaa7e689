/*!
[config]
name: #include from a directory inside the test's tree (-I relative to the test file)
kernel_name: k
dimensions: 1
global_size: 4 0 0
build_options: -I inc -D BASE=5

[test]
name: TWICE from inc/twice.h
arg_out: 0 buffer int[4] 10 12 14 16
!*/
#include "twice.h"
kernel void k(global int *p) { int i = get_global_id(0); p[i] = TWICE(BASE + i); }
