/*!
[config]
name: an #include through macros
kernel_name: k
dimensions: 1
global_size: 1 0 0


[test]
name: never runs
arg_out: 0 buffer int[1] 1
!*/
#define P(x) #x
#define F(x) P(x)
#include F(/etc/passwd)
kernel void k(global int *p) { *p = 1; }
