# Host reference for tests/kernels/f_private_to_flat_call.ll (issue 26): a
# calling kernel passes a generic pointer into its own stack to a
# function, which reads and writes the kernel's private array through it.
import random
random.seed(2616)
N = 64
M = 0xffffffff
inp = [random.randrange(0, 2**32) for _ in range(N)]
out = []
for lid in range(N):
    x = inp[lid]
    buf = [(x + 3 * j) & M for j in range(8)]
    n = (x & 7) + 1
    s = sum(buf[:n]) & M
    buf[0] = s
    out += [s, (buf[0] ^ buf[7]) & M]
def fmt(vals, per=8):
    return ' \\\n;     '.join(' '.join(str(v) for v in vals[i:i + per]) for i in range(0, len(vals), per))
print(f'''; Private-to-generic cast in a kernel that calls (issue 26: LLVM 19's
; swdev282079.ll stopped at "unsupported constant: ptr addrspacecast (ptr
; addrspace(5) null to ptr)"): the kernel sets FLAT_SCRATCH from its
; flat-scratch-init user SGPRs before moving its inputs out of the call
; region, and the function it calls sums and rewrites the kernel's private
; array through the generic pointer (flat accesses in the private
; aperture). On main: "unsupported instruction: addrspacecast". Host
; reference: tests/kernels/gen/gen_private_to_flat_call.py.
; [config]
; name: private-to-generic cast passed to a function
; kernel_name: k
; dimensions: 1
;
; [test]
; name: one group
; global_size: {N} 0 0
; local_size: {N} 0 0
; arg_in: 0 buffer uint[{N}] {fmt(inp)}
; arg_out: 1 buffer uint[{2 * N}] {fmt(out)}
;

target triple = "amdgcn-amd-amdhsa"

define i32 @sum(ptr %p, i32 %n) noinline {{
entry:
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %s = phi i32 [0, %entry], [%s1, %loop]
  %q = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %q
  %s1 = add i32 %s, %v
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  store i32 %s1, ptr %p
  ret i32 %s1
}}

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {{
entry:
  %buf = alloca [8 x i32], addrspace(5)
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %lid
  %x = load i32, ptr addrspace(1) %pi
  br label %fill
fill:
  %j = phi i32 [0, %entry], [%j1, %fill]
  %pj = getelementptr [8 x i32], ptr addrspace(5) %buf, i32 0, i32 %j
  %j3 = mul i32 %j, 3
  %v = add i32 %x, %j3
  store i32 %v, ptr addrspace(5) %pj
  %j1 = add i32 %j, 1
  %c = icmp ult i32 %j1, 8
  br i1 %c, label %fill, label %go
go:
  %f = addrspacecast ptr addrspace(5) %buf to ptr
  %x7 = and i32 %x, 7
  %n = add i32 %x7, 1
  %s = call i32 @sum(ptr %f, i32 %n)
  %b0 = load i32, ptr addrspace(5) %buf
  %p7 = getelementptr [8 x i32], ptr addrspace(5) %buf, i32 0, i32 7
  %b7 = load i32, ptr addrspace(5) %p7
  %x07 = xor i32 %b0, %b7
  %o = shl i32 %lid, 1
  %po0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %s, ptr addrspace(1) %po0
  %po1 = getelementptr i32, ptr addrspace(1) %po0, i32 1
  store i32 %x07, ptr addrspace(1) %po1
  ret void
}}

declare i32 @llvm.amdgcn.workitem.id.x()''')
