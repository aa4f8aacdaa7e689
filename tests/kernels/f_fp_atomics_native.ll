; Float atomics on global and flat memory that wavecc now selects as one
; instruction where the GPU has it and the IR allows it (expand_atomics.c
; wir_float_atomic_native): f64 min/max under !amdgpu.no.fine.grained.memory
; (global_atomic_fmin_x2 / flat_atomic_fmax_x2 at gfx1030, _min_f64 at
; gfx90a/gfx942), f32 min/max with "amdgpu-unsafe-fp-atomics" (gfx1030,
; gfx1100), and a flat f32 add whose pointer leads to global, LDS and
; private memory (gfx90a: tested with is.shared/is.private and done as
; ds_add_rtn_f32, a private load/add/store or global_atomic_add_f32;
; gfx942/gfx1100: flat_atomic_add_f32 through the apertures; one flat
; pointer that leads, by lane, to each of the three). Elsewhere
; compare-and-swap loops, as before. Contended sums, minima and maxima are
; exact whatever the order; old values only where one lane owns the word.
; Expected values computed on the host (python: min/max/sum of the same
; exactly representable operands).
; [config]
; name: native float atomics on global, flat, LDS-through-flat and private-through-flat memory
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: f64 min per lane with old values, contended f64 max/min, f32 min/max, flat f32 adds into three segments
; kernel_name: k
; arg_in: 0 buffer double[130] -1 -19.25 -18.5 -5.5 -17 -16.25 -10 -14.75 -14 -14.5 -12.5 -11.75 -19 -10.25 -9.5 -23.5 \
;     -8 -7.25 -28 -5.75 -5 -32.5 -3.5 -2.75 -37 -1.25 -0.5 -41.5 1 1.75 -46 3.25 \
;     4 -50.5 5.5 6.25 -55 7.75 8.5 -59.5 10 10.75 -64 12.25 13 -68.5 14.5 15.25 \
;     -73 16.75 17.5 -77.5 19 19.75 -82 21.25 22 -86.5 23.5 24.25 -91 25.75 26.5 -95.5 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;     0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;     -1000 1000
; arg_out: 0 buffer double[130] -1 -19.25 -18.5 -5.5 -17 -16.25 -10 -14.75 -14 -14.5 -12.5 -11.75 -19 -10.25 -9.5 -23.5 \
;     -8 -7.25 -28 -5.75 -5 -32.5 -3.5 -2.75 -37 -1.25 -0.5 -41.5 1 1 -46 0 \
;     -0.5 -50.5 -1.5 -2 -55 -3 -3.5 -59.5 -4.5 -5 -64 -6 -6.5 -68.5 -7.5 -8 \
;     -73 -9 -9.5 -77.5 -10.5 -11 -82 -12 -12.5 -86.5 -13.5 -14 -91 -15 -15.5 -95.5 \
;     -1 -19.25 -18.5 -5.5 -17 -16.25 -10 -14.75 -14 -14.5 -12.5 -11.75 -19 -10.25 -9.5 -23.5 \
;     -8 -7.25 -28 -5.75 -5 -32.5 -3.5 -2.75 -37 -1.25 -0.5 -41.5 1 1.75 -46 3.25 \
;     4 -50.5 5.5 6.25 -55 7.75 8.5 -59.5 10 10.75 -64 12.25 13 -68.5 14.5 15.25 \
;     -73 16.75 17.5 -77.5 19 19.75 -82 21.25 22 -86.5 23.5 24.25 -91 25.75 26.5 -95.5 \
;     48.75 -30
; arg_in: 1 buffer float[2] 1000 -1000
; arg_out: 1 buffer float[2] -30.0 48.75
; arg_in: 2 buffer float[2] 0.25 0
; arg_out: 2 buffer float[2] 715.25 672.5
; arg_out: 3 buffer float[128] -1 -1 10 -1 -1 10 -1 -1 10 -1 -1 10 -1 -1 10 -1 \
;     -1 10 -1 -1 10 -1 -1 10 -1 -1 10 -1 -1 10 -1 -1 \
;     10 -1 -1 10 -1 -1 10 -1 -1 10 -1 -1 10 -1 -1 10 \
;     -1 -1 10 -1 -1 10 -1 -1 10 -1 -1 10 -1 -1 10 -1 \
;     10 10 13 10 10 16 10 10 19 10 10 22 10 10 25 10 \
;     10 28 10 10 31 10 10 34 10 10 37 10 10 40 10 10 \
;     43 10 10 46 10 10 49 10 10 52 10 10 55 10 10 58 \
;     10 10 61 10 10 64 10 10 67 10 10 70 10 10 73 10

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global float poison, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %D, ptr addrspace(1) %F, ptr addrspace(1) %G, ptr addrspace(1) %O) #0 {
entry:
  %priv = alloca float, align 4, addrspace(5)
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %l0 = icmp eq i32 %l, 0
  br i1 %l0, label %init, label %go
init:
  store float 0.5, ptr addrspace(3) @lds, align 4
  br label %go
go:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ; f64 min per lane, old value kept (x = (31 - l) / 2)
  %m = sub i32 31, %l
  %mf = sitofp i32 %m to double
  %x = fmul double %mf, 0.5
  %pd = getelementptr double, ptr addrspace(1) %D, i32 %l
  %oldd = atomicrmw fmin ptr addrspace(1) %pd, double %x syncscope("agent") monotonic, align 8, !amdgpu.no.fine.grained.memory !0
  %l64 = add i32 %l, 64
  %pdo = getelementptr double, ptr addrspace(1) %D, i32 %l64
  store double %oldd, ptr addrspace(1) %pdo, align 8
  ; contended f64 max (global) and min (flat), y = l * 1.25 - 30
  %lf = sitofp i32 %l to double
  %yl = fmul double %lf, 1.25
  %y = fsub double %yl, 30.0
  %p128 = getelementptr double, ptr addrspace(1) %D, i32 128
  %r0 = atomicrmw fmax ptr addrspace(1) %p128, double %y syncscope("agent") monotonic, align 8, !amdgpu.no.fine.grained.memory !0
  %p129 = getelementptr double, ptr addrspace(1) %D, i32 129
  %f129 = addrspacecast ptr addrspace(1) %p129 to ptr
  %r1 = atomicrmw fmin ptr %f129, double %y syncscope("agent") monotonic, align 8, !amdgpu.no.fine.grained.memory !0
  ; contended f32 min/max under the attribute
  %yf = fptrunc double %y to float
  %r2 = atomicrmw fmin ptr addrspace(1) %F, float %yf syncscope("agent") monotonic, align 4
  %pf1 = getelementptr float, ptr addrspace(1) %F, i32 1
  %ff1 = addrspacecast ptr addrspace(1) %pf1 to ptr
  %r3 = atomicrmw fmax ptr %ff1, float %yf syncscope("agent") monotonic, align 4
  ; flat f32 adds of v = l + 1 through one flat pointer that leads, by
  ; lane, to global memory (l % 3 == 0), LDS (1) or private memory (2)
  %t1 = add i32 %l, 1
  %v = uitofp i32 %t1 to float
  store float 10.0, ptr addrspace(5) %priv, align 4
  %fg = addrspacecast ptr addrspace(1) %G to ptr
  %fl = addrspacecast ptr addrspace(3) @lds to ptr
  %fp = addrspacecast ptr addrspace(5) %priv to ptr
  %seg = urem i32 %l, 3
  %is1 = icmp eq i32 %seg, 1
  %is2 = icmp eq i32 %seg, 2
  %f12 = select i1 %is1, ptr %fl, ptr %fp
  %fa = icmp eq i32 %seg, 0
  %f = select i1 %fa, ptr %fg, ptr %f12
  %oldp = atomicrmw fadd ptr %f, float %v syncscope("agent") monotonic, align 4
  %oldo = select i1 %is2, float %oldp, float -1.0
  %po = getelementptr float, ptr addrspace(1) %O, i32 %l
  store float %oldo, ptr addrspace(1) %po, align 4
  %np = load float, ptr addrspace(5) %priv, align 4
  %po2 = getelementptr float, ptr addrspace(1) %O, i32 %l64
  store float %np, ptr addrspace(1) %po2, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %l0, label %out, label %done
out:
  %s = load float, ptr addrspace(3) @lds, align 4
  %pg1 = getelementptr float, ptr addrspace(1) %G, i32 1
  store float %s, ptr addrspace(1) %pg1, align 4
  br label %done
done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
attributes #0 = { "amdgpu-unsafe-fp-atomics"="true" }
!0 = !{}
