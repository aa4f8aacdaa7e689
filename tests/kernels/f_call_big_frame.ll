; A function whose frame passes 4 KiB per lane (issue 26: LLVM 19's
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
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[64] 599194393 1098336 989773855 1187071291 3257249861 2566835695 991876984 1887615567 \
;     3656017608 40825021 3873733514 3893017782 719087601 2689875976 2200700459 3798877100 \
;     3290389268 2627712358 2023614876 3998846453 826910037 2277077655 2588976201 4100207780 \
;     276794144 1339227049 2382838311 1899762962 1382505028 2005665155 3171622591 736612322 \
;     1691067735 2105430526 1045523906 4222847792 3787458424 2449104766 1672571980 684766470 \
;     977617439 1190883366 897867888 3713694030 1433217009 1650642312 1253076562 1300676150 \
;     2130009103 3902314797 2571411168 3120310202 2779641647 151559020 2648105461 3392065240 \
;     2625516258 2314583893 4059949098 3517944573 3923216642 3922533033 844169469 469437948
; arg_out: 1 buffer uint[64] 2449384646 4197875635 3966224640 2466873073 2171750794 136637155 823101304 3178195685 \
;     224557338 2112429071 3641470140 2714356837 670305874 1589918111 1676649660 2733976297 \
;     3711624282 3425497419 2166796812 710525209 1054169626 1362454659 1496802140 632174177 \
;     1966039114 3609604063 904195720 3047563341 3494135654 546805915 2370304476 370754865 \
;     3936636814 626636043 477914804 2638472501 2215958422 2393990415 978328064 3056024737 \
;     2908026150 4193998051 2855561916 1029339925 98618994 1450374079 3906984928 2226600841 \
;     916490766 1639131703 4222257636 1827426629 743035922 1823395855 2349858108 3197709929 \
;     2082754890 744802879 3820010540 1397165249 3403328334 1665696771 2423550148 3165328633
;

target triple = "amdgcn-amd-amdhsa"

define i32 @g(i32 %x) noinline {
  %m = mul i32 %x, 2654435761
  %r = xor i32 %m, 12345
  ret i32 %r
}

define i32 @f(i32 %x, i32 %n) noinline {
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
}

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %lid
  %x = load i32, ptr addrspace(1) %pi
  %n = and i32 %x, 1023
  %r = call i32 @f(i32 %x, i32 %n)
  %r2 = add i32 %r, %lid
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %lid
  store i32 %r2, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
