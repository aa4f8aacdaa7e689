target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_pk(ptr addrspace(1) %outk, ptr addrspace(1) %outh, ptr addrspace(1) %a,
                                ptr addrspace(1) %b, float %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <2 x float>, ptr addrspace(1) %a, i32 %id
  %pb = getelementptr <2 x float>, ptr addrspace(1) %b, i32 %id
  %x = load <2 x float>, ptr addrspace(1) %pa, align 8
  %y = load <2 x float>, ptr addrspace(1) %pb, align 8
  %t = sitofp i32 %id to float
  %m = fmul <2 x float> %x, %y
  %sw = shufflevector <2 x float> %y, <2 x float> poison, <2 x i32> <i32 1, i32 0>
  %n = fsub <2 x float> %m, %sw
  %si = insertelement <2 x float> poison, float %s, i32 0
  %ss = shufflevector <2 x float> %si, <2 x float> poison, <2 x i32> zeroinitializer
  %f = call <2 x float> @llvm.fma.v2f32(<2 x float> %n, <2 x float> %ss, <2 x float> %x)
  %nf = fneg <2 x float> %f
  %g = fmul <2 x float> %nf, %y
  %x11 = shufflevector <2 x float> %x, <2 x float> poison, <2 x i32> <i32 1, i32 1>
  %ti = insertelement <2 x float> poison, float %t, i32 0
  %ts = shufflevector <2 x float> %ti, <2 x float> poison, <2 x i32> zeroinitializer
  %nt = fneg <2 x float> %ts
  %h = call <2 x float> @llvm.fmuladd.v2f32(<2 x float> %x11, <2 x float> %g, <2 x float> %nt)
  %id1 = xor i32 %id, 1
  %pz = getelementptr <2 x float>, ptr addrspace(1) %b, i32 %id1
  %z = load <2 x float>, ptr addrspace(1) %pz, align 8
  %az = call <2 x float> @llvm.fabs.v2f32(<2 x float> %z)
  %k = fmul <2 x float> %az, %ss
  %pk = getelementptr <2 x float>, ptr addrspace(1) %outk, i32 %id
  store <2 x float> %k, ptr addrspace(1) %pk, align 8
  %ph = getelementptr <2 x float>, ptr addrspace(1) %outh, i32 %id
  store <2 x float> %h, ptr addrspace(1) %ph, align 8
  ret void
}

define amdgpu_kernel void @k_nan(ptr addrspace(1) %outa, ptr addrspace(1) %outm, ptr addrspace(1) %a,
                                 ptr addrspace(1) %b, float %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <2 x float>, ptr addrspace(1) %a, i32 %id
  %pb = getelementptr <2 x float>, ptr addrspace(1) %b, i32 %id
  %x = load <2 x float>, ptr addrspace(1) %pa, align 8
  %y = load <2 x float>, ptr addrspace(1) %pb, align 8
  %sum = fadd <2 x float> %x, %y
  %si = insertelement <2 x float> poison, float %s, i32 0
  %ss = shufflevector <2 x float> %si, <2 x float> poison, <2 x i32> zeroinitializer
  %prod = fmul <2 x float> %x, %ss
  %p1 = getelementptr <2 x float>, ptr addrspace(1) %outa, i32 %id
  store <2 x float> %sum, ptr addrspace(1) %p1, align 8
  %p2 = getelementptr <2 x float>, ptr addrspace(1) %outm, i32 %id
  store <2 x float> %prod, ptr addrspace(1) %p2, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <2 x float> @llvm.fma.v2f32(<2 x float>, <2 x float>, <2 x float>)
declare <2 x float> @llvm.fmuladd.v2f32(<2 x float>, <2 x float>, <2 x float>)
declare <2 x float> @llvm.fabs.v2f32(<2 x float>)
