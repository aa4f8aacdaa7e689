/*!
[config]
name: piglit program-tester defaults and require_device_features
require_device_features: int64

# No dimensions and no global_size anywhere: piglit's program-tester runs
# one work-item in one dimension (piglit's v2i32-stack.cl and
# multiple-stack-objects.cl rely on it). int64 is every full-profile
# device's feature (__opencl_c_int64), so this file runs.
[test]
name: one work-item by default
kernel_name: k
arg_out: 0 buffer long[2] 0x100000000 1
arg_in:  1 long 0xffffffff
!*/
kernel void k(global long *out, long x)
{
    out[get_global_id(0)] = x + 1;
    out[1] = get_global_size(0) + get_work_dim() - 1;
}
