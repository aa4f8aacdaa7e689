; An LDS row index the range analysis bounds (a work-item id, below 1024)
; times a row of 68 bytes (int tile[16][17], bench/real transpose_lds) is
; one full-rate v_mul_u32_u24 (isel_gep.c scaled_index), as llc-19's
; v_mad_u32_u24, not s_mov_b32 0x44 + quarter-rate v_mul_lo_u32 (main
; c868dbc). Host reference (Python): out[i] = (i % 16) * 16 + i // 16.
; RUN: %wavecc -S %s -o - | FileCheck %s
; RUN: %wavecc-run %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 %s | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: k_tile:
; CHECK-NOT: v_mul_lo_u32
; CHECK: v_mul_u32_u24_e32 v{{[0-9]+}}, 0x44, v{{[0-9]+}}
; CHECK-NOT: v_mul_lo_u32
; CHECK: v_mul_u32_u24_e32 v{{[0-9]+}}, 0x44, v{{[0-9]+}}
; CHECK-NOT: v_mul_lo_u32
; CHECK: s_endpgm
; EMU: 1 passed, 0 failed
;
; [config]
; name: isel-gep-mul24
; dimensions: 2
;
; [test]
; name: isel-gep-mul24
; kernel_name: k_tile
; global_size: 16 16 0
; local_size: 16 16 0
; arg_in: 0 buffer int[256] repeat 0
; arg_out: 0 buffer int[256] 0 16 32 48 64 80 96 112 128 144 160 176 192 208 224 240 \
;     1 17 33 49 65 81 97 113 129 145 161 177 193 209 225 241 \
;     2 18 34 50 66 82 98 114 130 146 162 178 194 210 226 242 \
;     3 19 35 51 67 83 99 115 131 147 163 179 195 211 227 243 \
;     4 20 36 52 68 84 100 116 132 148 164 180 196 212 228 244 \
;     5 21 37 53 69 85 101 117 133 149 165 181 197 213 229 245 \
;     6 22 38 54 70 86 102 118 134 150 166 182 198 214 230 246 \
;     7 23 39 55 71 87 103 119 135 151 167 183 199 215 231 247 \
;     8 24 40 56 72 88 104 120 136 152 168 184 200 216 232 248 \
;     9 25 41 57 73 89 105 121 137 153 169 185 201 217 233 249 \
;     10 26 42 58 74 90 106 122 138 154 170 186 202 218 234 250 \
;     11 27 43 59 75 91 107 123 139 155 171 187 203 219 235 251 \
;     12 28 44 60 76 92 108 124 140 156 172 188 204 220 236 252 \
;     13 29 45 61 77 93 109 125 141 157 173 189 205 221 237 253 \
;     14 30 46 62 78 94 110 126 142 158 174 190 206 222 238 254 \
;     15 31 47 63 79 95 111 127 143 159 175 191 207 223 239 255
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [16 x [17 x i32]] undef, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @k_tile(ptr addrspace(1) %out) {
  %lx = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %ly = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.y()
  %row = shl i32 %ly, 4
  %v = add i32 %row, %lx
  %pw = getelementptr inbounds [16 x [17 x i32]], ptr addrspace(3) @tile, i32 0, i32 %ly, i32 %lx
  store i32 %v, ptr addrspace(3) %pw, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %pr = getelementptr inbounds [16 x [17 x i32]], ptr addrspace(3) @tile, i32 0, i32 %lx, i32 %ly
  %t = load i32, ptr addrspace(3) %pr, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %v
  store i32 %t, ptr addrspace(1) %po, align 4
  ret void
}
