; Kernel arguments marked inreg: llc-19 preloads them into SGPRs at gfx90a
; and gfx942 (kernarg preload: the descriptor's kernarg_preload field,
; bytes 58-59, names the dwords; the user SGPR count includes them) and
; puts a 256-byte block at the entry for firmware without preloading (LLVM
; 19: s_trap 2 there), which firmware with it skips (AMDGPUUsage
; "Preloaded Kernel Arguments"). The emulator ran that block and trapped
; (tests/llvm-coverage known-differences.gfx942.txt: the kernarg-preload
; header hid llvm.amdgcn.writelane.ll and preload-kernargs*.ll kernels).
; wavecc reads the arguments from the kernarg segment. Host reference:
; out[i] = a * i + b + c, then the 64-bit d at out[64..65].
; [config]
; name: kernarg preload (inreg arguments)
; kernel_name: k
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: three i32 and an i64 in SGPRs
; arg_out: 0 buffer uint[66] 1007 1010 1013 1016 1019 1022 1025 1028 1031 1034 1037 1040 1043 1046 1049 1052 1055 1058 1061 1064 1067 1070 1073 1076 1079 1082 1085 1088 1091 1094 1097 1100 1103 1106 1109 1112 1115 1118 1121 1124 1127 1130 1133 1136 1139 1142 1145 1148 1151 1154 1157 1160 1163 1166 1169 1172 1175 1178 1181 1184 1187 1190 1193 1196 287454020 19088743
; arg_in: 1 uint 3
; arg_in: 2 uint 1000
; arg_in: 3 uint 7
; arg_in: 4 ulong 81985527194202948

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) inreg %out, i32 inreg %a, i32 inreg %b, i32 inreg %c, i64 inreg %d) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %m = mul i32 %a, %tid
  %s = add i32 %m, %b
  %t = add i32 %s, %c
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %t, ptr addrspace(1) %p
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %w, label %e
w:
  %pd = getelementptr i32, ptr addrspace(1) %out, i32 64
  store i64 %d, ptr addrspace(1) %pd, align 4
  br label %e
e:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
