# Host reference for tests/kernels/f_call_big_frame.ll (issue 26): a
# function with a 4400-byte private array that calls another function,
# so its register save area lies past the 4 KiB MUBUF offset.
import random
random.seed(2614)
N = 64
M = 0xffffffff
inp = [random.randrange(0, 2**32) for _ in range(N)]
out = []
for lid in range(N):
    x = inp[lid]
    n = x & 1023
    y = ((x * 2654435761) & M) ^ 12345
    w = (n + x) & M
    l = (1099 + x) & M
    r = ((y + w) & M) ^ l
    out.append((r + lid) & M)
def fmt(vals, per=8):
    return ' \\\n;     '.join(' '.join(str(v) for v in vals[i:i + per]) for i in range(0, len(vals), per))
print(f'''; A function whose frame passes 4 KiB per lane (issue 26: LLVM 19's
; kernel-vgpr-spill-mubuf-with-voffset.ll and
; stack-pointer-offset-relative-frameindex.ll stopped at "stack frame of
; 8196 bytes per lane"): its 4400-byte array fills the MUBUF offset's
; reach, so the registers it saves (it calls @g: the return address and
; frame pointer SGPRs in a VGPR's lanes) are stored and reloaded with the
; SP moved past the array (s_add_u32/s_sub_u32 s32 around them), as llc-19
; uses an SGPR soffset there. On main: "unsupported: stack frame of 4408
; bytes per lane". Host reference: tests/kernels/gen/gen_call_big_frame.py.
; [config]
; name: function frame beyond 4 KiB
; kernel_name: k
; dimensions: 1
;
; [test]
; name: one group
; global_size: {N} 0 0
; local_size: {N} 0 0
; arg_in: 0 buffer uint[{N}] {fmt(inp)}
; arg_out: 1 buffer uint[{N}] {fmt(out)}
;

target triple = "amdgcn-amd-amdhsa"

define i32 @g(i32 %x) noinline {{
  %m = mul i32 %x, 2654435761
  %r = xor i32 %m, 12345
  ret i32 %r
}}

define i32 @f(i32 %x, i32 %n) noinline {{
entry:
  %a = alloca [1100 x i32], addrspace(5)
  br label %fill
fill:
  %i = phi i32 [0, %entry], [%i1, %fill]
  %p = getelementptr [1100 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  %v = add i32 %i, %x
  store i32 %v, ptr addrspace(5) %p
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 1100
  br i1 %c, label %fill, label %mid
mid:
  %y = call i32 @g(i32 %x)
  %q = getelementptr [1100 x i32], ptr addrspace(5) %a, i32 0, i32 %n
  %w = load i32, ptr addrspace(5) %q
  %z = add i32 %y, %w
  %last = getelementptr [1100 x i32], ptr addrspace(5) %a, i32 0, i32 1099
  %l = load i32, ptr addrspace(5) %last
  %r = xor i32 %z, %l
  ret i32 %r
}}

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {{
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %lid
  %x = load i32, ptr addrspace(1) %pi
  %n = and i32 %x, 1023
  %r = call i32 @f(i32 %x, i32 %n)
  %r2 = add i32 %r, %lid
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %lid
  store i32 %r2, ptr addrspace(1) %po
  ret void
}}

declare i32 @llvm.amdgcn.workitem.id.x()''')
