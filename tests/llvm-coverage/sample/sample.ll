; An input in the style of LLVM's test/CodeGen/AMDGPU files (no triple, no
; test block, FileCheck lines between the parameters, a graphics shader
; llc-19 refuses for amdhsa, a buffer resource argument, a by-value size
; the test format has no type for, a 3-D work-group) for the ctest layer
; llvm-coverage.sample:
; synth-args.py must give every kernel arguments and both compilers'
; code must store identical buffers.
; RUN: llc -mtriple=amdgcn -mcpu=gfx900 < %s | FileCheck %s

%struct.pair = type { i32, float }

; CHECK-LABEL: {{^}}scalars:
define amdgpu_kernel void @scalars(ptr addrspace(1) %out,
; CHECK: s_load
    i8 %a, i16 %b, i32 %c, i64 %d, half %e, float %f, double %g, i1 %h) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %ai = zext i8 %a to i32
  %bi = sext i16 %b to i32
  %s0 = add i32 %ai, %bi
  %s1 = mul i32 %s0, %c
  %dt = trunc i64 %d to i32
  %s2 = xor i32 %s1, %dt
  %ef = fpext half %e to float
  %fs = fadd float %ef, %f
  %fd = fpext float %fs to double
  %gd = fmul double %fd, %g
  %gi = fptosi double %gd to i32
  %s3 = add i32 %s2, %gi
  %hi = zext i1 %h to i32
  %s4 = add i32 %s3, %hi
  %s5 = add i32 %s4, %tid
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s5, ptr addrspace(1) %p
  ret void
}

; vectors by value, a struct and a vector byref, an LDS argument
define amdgpu_kernel void @aggregates(ptr addrspace(1) %out, ptr addrspace(1) %in, <4 x i32> %v, <2 x float> %w,
                                      ptr addrspace(4) byref(%struct.pair) %st, ptr addrspace(4) byref(<2 x i32>) %r,
                                      ptr addrspace(3) %lds) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %x = load i32, ptr addrspace(1) %pi
  %pl = getelementptr i32, ptr addrspace(3) %lds, i32 %tid
  store i32 %x, ptr addrspace(3) %pl
  call void @llvm.amdgcn.s.barrier()
  %n = xor i32 %tid, 1
  %pn = getelementptr i32, ptr addrspace(3) %lds, i32 %n
  %y = load i32, ptr addrspace(3) %pn
  %v2 = extractelement <4 x i32> %v, i32 2
  %w1 = extractelement <2 x float> %w, i32 1
  %wi = fptosi float %w1 to i32
  %a1t = add i32 %v2, 1
  %s0 = load i32, ptr addrspace(4) %st
  %rv = load <2 x i32>, ptr addrspace(4) %r
  %r1 = extractelement <2 x i32> %rv, i32 1
  %t0 = add i32 %y, %v2
  %t1 = add i32 %t0, %wi
  %t2 = add i32 %t1, %a1t
  %t3 = add i32 %t2, %s0
  %t4 = add i32 %t3, %r1
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %t4, ptr addrspace(1) %po
  ret void
}

; floats from the buffer, a loop bounded by a loaded value
define amdgpu_kernel void @loop_floats(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %pi
  %nb = bitcast float %x to i32
  %n = and i32 %nb, 15
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %acc1 = call float @llvm.fma.f32(float %acc, float 0.5, float %x)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  %po = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %acc1, ptr addrspace(1) %po
  ret void
}

; a buffer resource argument (synth-args.py makes it from a buffer), a
; [3 x i32] by value (passed padded), a 3-D required work-group size
define amdgpu_kernel void @resource_3d(ptr addrspace(8) %rsrc, [3 x i32] %arr) !reqd_work_group_size !0 {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %z = call i32 @llvm.amdgcn.workitem.id.z()
  %a0 = extractvalue [3 x i32] %arr, 0
  %a2 = extractvalue [3 x i32] %arr, 2
  %yz = mul i32 %z, 4
  %row = add i32 %yz, %y
  %row8 = mul i32 %row, 8
  %lin = add i32 %row8, %x
  %off = shl i32 %lin, 2
  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rsrc, i32 %off, i32 0, i32 0)
  %v1 = add i32 %v, %a0
  %v2 = mul i32 %v1, %a2
  %off2 = add i32 %off, 1024
  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %v2, ptr addrspace(8) %rsrc, i32 %off2, i32 0, i32 0)
  ret void
}

!0 = !{i32 8, i32 4, i32 2}

define amdgpu_ps float @shader(float %x) {
  %y = fmul float %x, 2.0
  ret float %y
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workitem.id.z()
declare i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32, ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.s.barrier()
declare float @llvm.fma.f32(float, float, float)
