; atomicrmw fadd of f64 and f32 through buffer fat pointers, lanes split
; over two resources (even lanes: the buffer, odd lanes: 16 bytes on), so
; the resource is divergent (a waterfall loop around each atomic). On
; gfx942 these are buffer_atomic_add_f64 and the returning
; buffer_atomic_add_f32 (sc0), elsewhere compare-and-swap loops
; (expand_buffer_ops.h wir_mark_buffer_fadd). 32 lanes add 1.0 to their
; resource's double (10 -> 42, 20 -> 52) and 0.5 to its float (0 -> 16);
; the f32 adds return 0, 0.5, .. 15.5 in some order on each resource, and
; each lane adds 2 * old to one integer: 2 * (0 + 1 + .. + 31) = 992.
; Expected values by hand (exact in f32/f64).
; [config]
; name: buffer fat pointers: f64 and returning f32 atomic add, divergent resources
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: fadd f64 and f32 on two resources
; kernel_name: k
; arg_in: 0 buffer double[4] 10 0 20 0
; arg_out: 0 buffer double[4] 42 0 52 0
; arg_in: 1 buffer float[8] repeat 0
; arg_out: 1 buffer float[8] 16 0 0 0 16 0 0 0
; arg_in: 2 buffer uint[1] 0
; arg_out: 2 buffer uint[1] 992

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %d, ptr addrspace(1) %f, ptr addrspace(1) %sum) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = and i32 %tid, 1
  %boff = shl i32 %odd, 4
  %db = getelementptr i8, ptr addrspace(1) %d, i32 %boff
  %fb = getelementptr i8, ptr addrspace(1) %f, i32 %boff
  %rd = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %db, i16 0, i32 16, i32 159744)
  %rf = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %fb, i16 0, i32 16, i32 159744)
  %pd = addrspacecast ptr addrspace(8) %rd to ptr addrspace(7)
  %pf = addrspacecast ptr addrspace(8) %rf to ptr addrspace(7)
  %od = atomicrmw fadd ptr addrspace(7) %pd, double 1.0 syncscope("agent") monotonic
  %of = atomicrmw fadd ptr addrspace(7) %pf, float 0.5 syncscope("agent") monotonic
  %o2 = fmul float %of, 2.0
  %oi = fptoui float %o2 to i32
  %s = atomicrmw add ptr addrspace(1) %sum, i32 %oi syncscope("agent") monotonic
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
