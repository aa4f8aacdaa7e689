kernel void count(global int *c, global const int *x)
{
    atomic_add(c, x[get_global_id(0)] > 0 ? 1 : 0);
    atomic_add(c + 1, 3);
}

__attribute__((amdgpu_num_sgpr(32)))
kernel void sgpr_heavy(global int *out, int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7,
                       int a8, int a9, int a10, int a11, int a12, int a13, int a14, int a15, int n)
{
    int s[16] = {a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15};
    int acc = 0;
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < 16; j++) s[j] = s[j] * 3 + s[(j + 5) & 15] + k;
        acc += s[k & 15];
    }
    for (int j = 0; j < 16; j++) out[get_global_id(0) * 16 + j] = s[j] + acc;
}
