; A calling kernel whose frame passes 4 KiB per lane (issue 26: LLVM 19's
; kernel-vgpr-spill-mubuf-with-voffset.ll): the VGPRs an external callee
; may clobber (v32 and up: the value inline assembly put in v40 among them) are
; saved past a 4800-byte array, so the save and the reload address them
; with SP (s32) set to the save area's base (s_mov_b32 s32, ...), then
; SP is set back to the callees' frame start. Linked by ld.lld-19 with
; llc-19's @mix and run; on main: "unsupported: stack frame of ... bytes
; per lane". Host reference computed in Python:
; out[i] = mix(in[i], i) + (7 (in[i] & 1023) + in[i]) + (in[i] ^ 0x5a5a5a5a).
; RUN: rm -rf %t && split-file %s %t && cd %t
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=asm km.ll -o - | FileCheck %s --check-prefix=ASM
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj km.ll -o km-w.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj mix.ll -o mix.o
; RUN: %ld.lld -shared km-w.o mix.o -o w.hsaco
; RUN: %wavecc-run --code-object=w.hsaco km.ll | FileCheck %s
; ASM: s_mov_b32 s32, [[FRAME:0x[0-9a-f]+]]
; ASM: s_mov_b32 s32, [[SAVE:0x[0-9a-f]+]]
; ASM: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s32{{$}}
; ASM: s_mov_b32 s32, [[FRAME]]
; ASM: s_swappc_b64
; ASM: s_mov_b32 s32, [[SAVE]]
; ASM: buffer_load_dword v{{[0-9]+}}, off, s[0:3], s32{{$}}
; ASM: s_mov_b32 s32, [[FRAME]]
; CHECK: pass {{.*}}: llc-obj-big-frame
; CHECK: 1 passed, 0 failed

;--- mix.ll
target triple = "amdgcn-amd-amdhsa"
define i32 @mix(i32 %a, i32 %b) noinline {
  %m = mul i32 %a, %b
  %s = lshr i32 %a, 3
  %x = xor i32 %m, %s
  %r = add i32 %x, %b
  ret i32 %r
}

;--- km.ll
; [config]
; name: llc-obj-big-frame
; dimensions: 1
;
; [test]
; name: llc-obj-big-frame
; kernel_name: km
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[64] 2403608540 1713119243 1592577897 3750642054 3873553123 3513443987 4252018109 651759231 \
;     4129995569 128521998 59210664 439898346 541571368 4261556360 3665796199 3880652899 \
;     471567974 2551403788 1425475119 538648977 1804680063 4228493836 1772919295 2455670778 \
;     3270599100 3839069727 2649583546 3657733040 263941353 692047067 2719803086 2291162350 \
;     3861870719 3929642646 1071236492 4053722072 1218428753 4261774334 434452355 4267815313 \
;     3770931231 1297830042 362757834 3148055703 3929882227 3041461219 1431117012 3775611466 \
;     3195984393 3825537566 1783173031 2498708065 870102504 3355934571 649900130 2936416734 \
;     2535545043 4003421426 860103114 2673771786 2909486720 3385392931 1431418587 3668355120
; arg_out: 1 buffer uint[64] 1984644449 222445236 430408636 3938284721 720932005 1775735155 2477369518 2928720090 \
;     1378632169 2845927276 2157900577 2110181918 565837699 2620837912 1146807217 903714081 \
;     614009640 1688681268 1466237322 6079063 126302132 1437095304 3078886536 2392375312 \
;     3130765173 3884974618 2135274717 1067350379 522530552 1170421450 2240038943 4089689490 \
;     2077196076 3335049505 578057345 3018765144 2596981829 1265769858 954161561 2177622943 \
;     2648644416 3465601650 4093141511 815832447 4200976375 1876494233 3184981726 3918311022 \
;     1118479292 1524449122 1768468177 484195477 739449027 3404876680 3535683614 873784884 \
;     2185995915 3758933229 929680919 226944458 1428977382 1798934401 129906536 804999935
target triple = "amdgcn-amd-amdhsa"
declare i32 @mix(i32, i32)
define amdgpu_kernel void @km(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %arr = alloca [1200 x i32], addrspace(5)
  %gid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %a = load i32, ptr addrspace(1) %pi
  br label %fill
fill:
  %i = phi i32 [0, %entry], [%i1, %fill]
  %p = getelementptr [1200 x i32], ptr addrspace(5) %arr, i32 0, i32 %i
  %i7 = mul i32 %i, 7
  %v = add i32 %i7, %a
  store i32 %v, ptr addrspace(5) %p
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 1200
  br i1 %c, label %fill, label %go
go:
  %x = xor i32 %a, 1515870810
  %v40 = call i32 asm sideeffect "v_mov_b32 $0, $1", "={v40},v"(i32 %x)
  %m = call i32 @mix(i32 %a, i32 %gid)
  %n = and i32 %a, 1023
  %q = getelementptr [1200 x i32], ptr addrspace(5) %arr, i32 0, i32 %n
  %w = load i32, ptr addrspace(5) %q
  %s1 = add i32 %m, %w
  %s = add i32 %s1, %v40
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %s, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
