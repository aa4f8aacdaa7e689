kernel void saxpy(float a, global const float *x, global float *y, int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}

__attribute__((noinline)) float mix3(float a, float b, float c) { return a * b + c * c - a; }

kernel void callmix(global float *y)
{
    int i = get_global_id(0);
    y[i] = mix3(y[i], y[i + 1], y[i + 2]);
}

__attribute__((amdgpu_num_vgpr(8)))
kernel void spill(global const float *x, global float *y, float a)
{
    int i = get_global_id(0);
    float v[10];
    for (int k = 0; k < 10; k++) v[k] = x[i * 10 + k];
    float s = 0;
    for (int k = 0; k < 10; k++) s += v[k] * v[(k * 7) % 10] * a + v[(k * 3) % 10];
    y[i] = s;
}
