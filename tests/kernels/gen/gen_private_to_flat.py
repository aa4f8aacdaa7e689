import random
random.seed(26125)
N=128
M=0xffffffff
inp=[random.randrange(0,2**32) for _ in range(N*8)]
g=[random.randrange(0,2**32) for _ in range(N)]
out=[]
for gid in range(N):
    buf=[inp[gid*8+j]^j for j in range(8)]
    idx=gid&7
    v=buf[idx]
    buf[idx]=(v*3)&M
    w=g[gid] if gid&1 else buf[idx]
    s=sum(buf)&M
    isnull=1 if gid==5 else 0
    rt=buf[idx]
    out += [v, w, s, (isnull + rt*2)&M]
def fmt(vals, per=8):
    lines=[' '.join(str(v) for v in vals[i:i+per]) for i in range(0,len(vals),per)]
    return ' \\\n;     '.join(lines)
stores='\n'.join(f'''  %i{j}.o = add i32 %b8, {j}
  %i{j}.p = getelementptr i32, ptr addrspace(1) %in, i32 %i{j}.o
  %i{j}.v = load i32, ptr addrspace(1) %i{j}.p
  %i{j}.x = xor i32 %i{j}.v, {j}
  %s{j}.p = getelementptr [8 x i32], ptr addrspace(5) %buf, i32 0, i32 {j}
  store i32 %i{j}.x, ptr addrspace(5) %s{j}.p''' for j in range(8))
sums='\n'.join(f'''  %l{j} = load i32, ptr addrspace(5) %s{j}.p''' for j in range(8))
adds='\n'.join(f'''  %a{j} = add i32 %a{j-1}, %l{j}''' for j in range(1,8))
print(f'''; Private-to-generic address space casts (issue 26: LLVM 19's
; flat-address-space.ll, hsa-metadata-queue-ptr-v5.ll stopped at
; "unsupported instruction: addrspacecast ptr addrspace(5) to ptr"): the
; private aperture in the high dword (SH_MEM_BASES[15:0] << 16, AMDGPUUsage
; "Address Spaces"), the segment null (-1) as the generic null, and the
; kernel prolog setting FLAT_SCRATCH from the flat-scratch-init user SGPRs
; plus the wave offset (gfx9) so flat loads and stores reach the lane's
; scratch. Each lane writes an 8-dword private array, reads and rewrites
; one element through the generic pointer, odd lanes then read global
; memory through a runtime select of generic pointers, the array is summed
; through private loads, and the generic pointer is cast back to private.
; On main: "unsupported instruction: addrspacecast". Host reference:
; tests/kernels/gen/gen_private_to_flat.py (Python).
; [config]
; name: private-to-generic casts, flat access to scratch
; kernel_name: k
; dimensions: 1
;
; [test]
; name: two groups
; global_size: {N} 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[{N*8}] {fmt(inp)}
; arg_in: 1 buffer uint[{N}] {fmt(g)}
; arg_out: 2 buffer uint[{N*4}] {fmt(out)}
;

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %g, ptr addrspace(1) %out) {{
  %buf = alloca [8 x i32], align 4, addrspace(5)
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %grp = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %grp, 6
  %gid = add i32 %base, %lid
  %b8 = shl i32 %gid, 3
{stores}
  %idx = and i32 %gid, 7
  %pp = getelementptr [8 x i32], ptr addrspace(5) %buf, i32 0, i32 %idx
  %f = addrspacecast ptr addrspace(5) %pp to ptr
  %v = load i32, ptr %f
  %v3 = mul i32 %v, 3
  store i32 %v3, ptr %f
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %gid
  %gf = addrspacecast ptr addrspace(1) %gp to ptr
  %odd.b = and i32 %gid, 1
  %odd = icmp ne i32 %odd.b, 0
  %sel = select i1 %odd, ptr %gf, ptr %f
  %w = load i32, ptr %sel
{sums}
  %a0 = add i32 0, %l0
{adds}
  %is5 = icmp eq i32 %gid, 5
  %off = shl i32 %idx, 2
  %x = select i1 %is5, i32 -1, i32 %off
  %xp = inttoptr i32 %x to ptr addrspace(5)
  %xf = addrspacecast ptr addrspace(5) %xp to ptr
  %isnull = icmp eq ptr %xf, null
  %isnull.i = zext i1 %isnull to i32
  %rp = addrspacecast ptr %f to ptr addrspace(5)
  %rv = load i32, ptr addrspace(5) %rp
  %rv2 = shl i32 %rv, 1
  %o3 = add i32 %isnull.i, %rv2
  %ob = shl i32 %gid, 2
  %po0 = getelementptr i32, ptr addrspace(1) %out, i32 %ob
  store i32 %v, ptr addrspace(1) %po0
  %po1 = getelementptr i32, ptr addrspace(1) %po0, i32 1
  store i32 %w, ptr addrspace(1) %po1
  %po2 = getelementptr i32, ptr addrspace(1) %po0, i32 2
  store i32 %a7, ptr addrspace(1) %po2
  %po3 = getelementptr i32, ptr addrspace(1) %po0, i32 3
  store i32 %o3, ptr addrspace(1) %po3
  ret void
}}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()''')
