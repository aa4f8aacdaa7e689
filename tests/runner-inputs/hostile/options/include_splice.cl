/*!
[config]
name: a directive name split by line splices (a trigraph ??/ and a backslash) (no plain "inc""lude" word in this file) still reads /etc/passwd, and is still refused
kernel_name: k
dimensions: 1
global_size: 1 0 0

[test]
name: never runs
arg_out: 0 buffer int[1] 1
!*/
#inc??/
l\
ude "/etc/passwd"
kernel void k(global int *p) { *p = 1; }
