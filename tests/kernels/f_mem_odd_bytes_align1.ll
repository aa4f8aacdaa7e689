; # <3 x i8> and <7 x i8> loads and stores of alignment 1 go in chunks
; # 2 + 1 (and 4 + 2 + 1): wavecc took the last byte's chunk for a dword of
; # its own, so the loaded third byte was lost (read as 0) and the stored
; # third byte was the first one (LLVM 19's copy-illegal-type.ll
; # test_copy_v3i8_align1, found by tests/llvm-coverage/differential.sh).
; # Expected values: out bytes = in bytes + 1 (k3, k7) or in ^ 0x5a through
; # LDS (k3lds) for the 3 or 7 bytes of each work-item's element, the
; # padding byte untouched (0xaa); in[i] = (37 i + 11) mod 256.
; [config]
; name: odd-sized byte vectors, alignment 1
; dimensions: 1
; global_size: 16 0 0
; local_size: 16 0 0
;
; [test]
; name: <3 x i8> global align 1
; kernel_name: k3
; arg_in: 0 buffer uchar[128] repeat 0xaa
; arg_out: 0 buffer uchar[128] 12 49 86 170 160 197 234 170 52 89 126 170 200 237 18 170 92 129 166 170 240 21 58 170 132 169 206 170 24 61 98 170 172 209 246 170 64 101 138 170 212 249 30 170 104 141 178 170 252 33 70 170 144 181 218 170 36 73 110 170 184 221 2 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170
; arg_in: 1 buffer uchar[128] 11 48 85 122 159 196 233 14 51 88 125 162 199 236 17 54 91 128 165 202 239 20 57 94 131 168 205 242 23 60 97 134 171 208 245 26 63 100 137 174 211 248 29 66 103 140 177 214 251 32 69 106 143 180 217 254 35 72 109 146 183 220 1 38 75 112 149 186 223 4 41 78 115 152 189 226 7 44 81 118 155 192 229 10 47 84 121 158 195 232 13 50 87 124 161 198 235 16 53 90 127 164 201 238 19 56 93 130 167 204 241 22 59 96 133 170 207 244 25 62 99 136 173 210 247 28 65 102
;
; [test]
; name: <7 x i8> global align 1
; kernel_name: k7
; arg_in: 0 buffer uchar[128] repeat 0xaa
; arg_out: 0 buffer uchar[128] 12 49 86 123 160 197 234 170 52 89 126 163 200 237 18 170 92 129 166 203 240 21 58 170 132 169 206 243 24 61 98 170 172 209 246 27 64 101 138 170 212 249 30 67 104 141 178 170 252 33 70 107 144 181 218 170 36 73 110 147 184 221 2 170 76 113 150 187 224 5 42 170 116 153 190 227 8 45 82 170 156 193 230 11 48 85 122 170 196 233 14 51 88 125 162 170 236 17 54 91 128 165 202 170 20 57 94 131 168 205 242 170 60 97 134 171 208 245 26 170 100 137 174 211 248 29 66 170
; arg_in: 1 buffer uchar[128] 11 48 85 122 159 196 233 14 51 88 125 162 199 236 17 54 91 128 165 202 239 20 57 94 131 168 205 242 23 60 97 134 171 208 245 26 63 100 137 174 211 248 29 66 103 140 177 214 251 32 69 106 143 180 217 254 35 72 109 146 183 220 1 38 75 112 149 186 223 4 41 78 115 152 189 226 7 44 81 118 155 192 229 10 47 84 121 158 195 232 13 50 87 124 161 198 235 16 53 90 127 164 201 238 19 56 93 130 167 204 241 22 59 96 133 170 207 244 25 62 99 136 173 210 247 28 65 102
;
; [test]
; name: <3 x i8> LDS align 1
; kernel_name: k3lds
; arg_in: 0 buffer uchar[128] repeat 0xaa
; arg_out: 0 buffer uchar[128] 81 106 15 170 197 158 179 170 105 2 39 170 157 182 75 170 1 218 255 170 181 78 99 170 217 242 151 170 77 102 59 170 241 138 175 170 101 62 211 170 137 162 71 170 61 214 235 170 161 122 31 170 213 238 131 170 121 18 55 170 237 134 91 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170 170
; arg_in: 1 buffer uchar[128] 11 48 85 122 159 196 233 14 51 88 125 162 199 236 17 54 91 128 165 202 239 20 57 94 131 168 205 242 23 60 97 134 171 208 245 26 63 100 137 174 211 248 29 66 103 140 177 214 251 32 69 106 143 180 217 254 35 72 109 146 183 220 1 38 75 112 149 186 223 4 41 78 115 152 189 226 7 44 81 118 155 192 229 10 47 84 121 158 195 232 13 50 87 124 161 198 235 16 53 90 127 164 201 238 19 56 93 130 167 204 241 22 59 96 133 170 207 244 25 62 99 136 173 210 247 28 65 102

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x i8] poison, align 4

define amdgpu_kernel void @k3(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr <3 x i8>, ptr addrspace(1) %in, i32 %tid
  %v = load <3 x i8>, ptr addrspace(1) %pi, align 1
  %w = add <3 x i8> %v, <i8 1, i8 1, i8 1>
  %po = getelementptr <3 x i8>, ptr addrspace(1) %out, i32 %tid
  store <3 x i8> %w, ptr addrspace(1) %po, align 1
  ret void
}

define amdgpu_kernel void @k7(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr <7 x i8>, ptr addrspace(1) %in, i32 %tid
  %v = load <7 x i8>, ptr addrspace(1) %pi, align 1
  %w = add <7 x i8> %v, <i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1>
  %po = getelementptr <7 x i8>, ptr addrspace(1) %out, i32 %tid
  store <7 x i8> %w, ptr addrspace(1) %po, align 1
  ret void
}

define amdgpu_kernel void @k3lds(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr <3 x i8>, ptr addrspace(1) %in, i32 %tid
  %v = load <3 x i8>, ptr addrspace(1) %pi, align 4
  %w = xor <3 x i8> %v, <i8 90, i8 90, i8 90>
  %pl = getelementptr <3 x i8>, ptr addrspace(3) @lds, i32 %tid
  store <3 x i8> %w, ptr addrspace(3) %pl, align 1
  call void @llvm.amdgcn.s.barrier()
  %r = load <3 x i8>, ptr addrspace(3) %pl, align 1
  %po = getelementptr <3 x i8>, ptr addrspace(1) %out, i32 %tid
  store <3 x i8> %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
