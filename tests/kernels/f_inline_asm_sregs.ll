; [config]
; name: inline assembly naming m0 and vcc ({m0}, {vcc_lo} constraints, m0 / vcc in the text)
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
; # gfx9 syntax (v_add_u32) and wave64 (the readlane result comes from lane 7 of the one wave)
; device_regex: gfx9
;
; # As in llvm.amdgcn.readlane.ll ("s_mov_b32 m0, -1", "={m0}") and
; # branch-relax-spill.ll ("={vcc_lo}", "{vcc_hi}"): wavecc on main
; # refused the constraints ("unsupported inline assembly: constraint").
;
; [test]
; name: m0, vcc_lo, vcc_hi and vcc through inline assembly
; kernel_name: sregs
; arg_in: 0 buffer uint[257] repeat 0
; arg_out: 0 buffer uint[257] \
;   0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 \
;   32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 \
;   47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 \
;   47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 \
;   1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031 1032 1033 1034 1035 1036 \
;   1037 1038 1039 1040 1041 1042 1043 1044 1045 1046 1047 1048 1049 1050 1051 1052 1053 1054 1055 1056 1057 1058 1059 1060 1061 1062 1063 1064 1065 1066 1067 1068 \
;   9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 \
;   9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 7
; arg_in: 1 uint 40
; arg_in: 2 ulong 0x0000000900000007

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)

define amdgpu_kernel void @sregs(ptr addrspace(1) %out, i32 %x, i64 %y) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  ; m0 written by name, the "={m0}" output read as readlane's lane: lane 7
  %m0 = call i32 asm "s_mov_b32 m0, 7", "={m0}"()
  %r = call i32 @llvm.amdgcn.readlane.i32(i32 %i, i32 %m0)
  %rp = getelementptr i32, ptr addrspace(1) %out, i32 256
  store i32 %r, ptr addrspace(1) %rp
  ; out[i] = i (lane's own id through v_mov from a "{vcc_lo}" input read by name)
  %v = call i32 asm "v_add_u32 $0, vcc_lo, $2", "=v,{vcc_lo},v"(i32 0, i32 %i)
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p0
  ; out[64 + i] = x + 7 = 47 ("={vcc_hi}" output written through $0)
  %h = call i32 asm "s_add_u32 $0, $1, 7", "={vcc_hi},s"(i32 %x)
  %j1 = add i32 %i, 64
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 %j1
  store i32 %h, ptr addrspace(1) %p1
  ; out[128 + i] = 998 + i + 7 (m0 written and read by name in one text)
  %w = call i32 asm "s_mov_b32 m0, $1\0Av_add_u32 $0, m0, $2", "=v,s,v"(i32 998, i32 %i)
  %w7 = add i32 %w, 7
  %j2 = add i32 %i, 128
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %j2
  store i32 %w7, ptr addrspace(1) %p2
  ; out[192 + i] = high half of y through vcc (written and read by name)
  %z64 = call i64 asm "s_mov_b64 vcc, $1\0As_mov_b64 $0, vcc", "=s,s"(i64 %y)
  %zh = lshr i64 %z64, 32
  %z = trunc i64 %zh to i32
  %j3 = add i32 %i, 192
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 %j3
  store i32 %z, ptr addrspace(1) %p3
  ret void
}
