kernel void k(global int *x) { x[0] = 1; }
