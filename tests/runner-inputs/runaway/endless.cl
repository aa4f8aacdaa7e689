/*!
[config]
name: runaway
kernel_name: spin
dimensions: 1
global_size: 64 0 0
local_size: 64 0 0

# The buffer holds 0 and nothing changes it: the kernel never ends. The
# emulator's watchdog (--max-steps, --timeout) must end it with a clear
# "did not finish" error instead of running forever (issue 13).
[test]
name: endless
arg_in: 0 buffer int[1] 0
arg_out: 0 buffer int[1] 1
!*/
kernel void spin(global volatile int *a)
{
    while (a[0] == 0) {}
}
