; [config]
; name: buffer intrinsics with the resource as <4 x i32> (LLVM 19's non-ptr spelling) and llvm.amdgcn.raw.atomic.buffer.load
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; # The <4 x i32> V# is make.buffer.rsrc's through i128; wavecc on main:
; # "unsupported instruction" for every raw.buffer.* / struct.buffer.* /
; # raw.atomic.buffer.load call (llvm.amdgcn.raw.buffer.load.ll,
; # waterfall_kills_scc.ll, llvm.amdgcn.raw.atomic.buffer.load.ll).
;
; [test]
; name: raw/struct load, store and atomic through a <4 x i32> resource
; kernel_name: vec_rsrc
; arg_in: 0 buffer uint[136] 3235905536 3232759808 3229614080 3223322624 3212836864 1056964608 1073741824 1080033280 1084227584 1087373312 1090519040 1092091904 1093664768 1095237632 1096810496 1098383360 1099431936 1100218368 1101004800 1101791232 1102577664 1103364096 1104150528 1104936960 1105723392 1106509824 1107296256 1107689472 1108082688 1108475904 1108869120 1109262336 1109655552 1110048768 1110441984 1110835200 1111228416 1111621632 1112014848 1112408064 1112801280 1113194496 1113587712 1113980928 1114374144 1114767360 1115160576 1115553792 1115815936 1116012544 1116209152 1116405760 1116602368 1116798976 1116995584 1117192192 1117388800 1117585408 1117782016 1117978624 1118175232 1118371840 1118568448 1118765056 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_out: 0 buffer uint[136] 3235905536 3232759808 3229614080 3223322624 3212836864 1056964608 1073741824 1080033280 1084227584 1087373312 1090519040 1092091904 1093664768 1095237632 1096810496 1098383360 1099431936 1100218368 1101004800 1101791232 1102577664 1103364096 1104150528 1104936960 1105723392 1106509824 1107296256 1107689472 1108082688 1108475904 1108869120 1109262336 1109655552 1110048768 1110441984 1110835200 1111228416 1111621632 1112014848 1112408064 1112801280 1113194496 1113587712 1113980928 1114374144 1114767360 1115160576 1115553792 1115815936 1116012544 1116209152 1116405760 1116602368 1116798976 1116995584 1117192192 1117388800 1117585408 1117782016 1117978624 1118175232 1118371840 1118568448 1118765056 3244294144 3241148416 3238002688 3231711232 3221225472 1065353216 1082130432 1088421888 1092616192 1095761920 1098907648 1100480512 1102053376 1103626240 1105199104 1106771968 1107820544 1108606976 1109393408 1110179840 1110966272 1111752704 1112539136 1113325568 1114112000 1114898432 1115684864 1116078080 1116471296 1116864512 1117257728 1117650944 1118044160 1118437376 1118830592 1119223808 1119617024 1120010240 1120403456 1120796672 1121189888 1121583104 1121976320 1122369536 1122762752 1123155968 1123549184 1123942400 1124204544 1124401152 1124597760 1124794368 1124990976 1125187584 1125384192 1125580800 1125777408 1125974016 1126170624 1126367232 1126563840 1126760448 1126957056 1127153664 64 0 0 0 0 0 0 0
;
; [test]
; name: atomic buffer load stays in its loop (2 rounds of 64 adds)
; kernel_name: atomic_load_loop
; arg_in: 0 buffer uint[65] repeat 0
; arg_out: 0 buffer uint[65] 128 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32>, i32, i32, i32)
declare float @llvm.amdgcn.struct.buffer.load.f32(<4 x i32>, i32, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.f32(float, <4 x i32>, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.buffer.atomic.add.i32(i32, <4 x i32>, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.atomic.buffer.load.i32(<4 x i32>, i32, i32, i32)

define <4 x i32> @vrsrc(ptr addrspace(1) %p, i16 %stride) {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %p, i16 %stride, i32 544, i32 159744)
  %i = ptrtoint ptr addrspace(8) %r to i128
  %v = bitcast i128 %i to <4 x i32>
  ret <4 x i32> %v
}

define amdgpu_kernel void @vec_rsrc(ptr addrspace(1) %buf) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %raw = call <4 x i32> @vrsrc(ptr addrspace(1) %buf, i16 0)
  %str = call <4 x i32> @vrsrc(ptr addrspace(1) %buf, i16 4)
  %off = shl i32 %i, 2
  %a = call float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32> %raw, i32 %off, i32 0, i32 0)
  %b = call float @llvm.amdgcn.struct.buffer.load.f32(<4 x i32> %str, i32 %i, i32 0, i32 0, i32 0)
  %s = fadd float %a, %b
  %o = add i32 %off, 256
  call void @llvm.amdgcn.raw.buffer.store.f32(float %s, <4 x i32> %raw, i32 %o, i32 0, i32 0)
  %old = call i32 @llvm.amdgcn.raw.buffer.atomic.add.i32(i32 1, <4 x i32> %raw, i32 512, i32 0, i32 0)
  ret void
}

; every lane adds 1 to word 0 per round until the atomic load sees >= 100;
; a load hoisted out of the loop would never see the adds
define amdgpu_kernel void @atomic_load_loop(ptr addrspace(1) %buf) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %raw = call <4 x i32> @vrsrc(ptr addrspace(1) %buf, i16 0)
  br label %loop
loop:
  %n = phi i32 [ 0, %entry ], [ %n1, %loop ]
  %old = call i32 @llvm.amdgcn.raw.buffer.atomic.add.i32(i32 1, <4 x i32> %raw, i32 0, i32 0, i32 0)
  %n1 = add i32 %n, 1
  %v = call i32 @llvm.amdgcn.raw.atomic.buffer.load.i32(<4 x i32> %raw, i32 0, i32 0, i32 1)
  %more = icmp ult i32 %v, 100
  br i1 %more, label %loop, label %done
done:
  %slot = add i32 %i, 1
  %po = getelementptr i32, ptr addrspace(1) %buf, i32 %slot
  store i32 %n1, ptr addrspace(1) %po
  ret void
}
