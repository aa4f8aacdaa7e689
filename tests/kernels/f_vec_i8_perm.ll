; # Byte vectors packed by v_perm_b32 (isel_packed.c, gather_bytes): a
; # loaded <4 x i8> reversed (one v_perm_b32, selector 0x04050607), bytes
; # of two loaded dwords mixed (one v_perm_b32 of both), and a <3 x i8>
; # copied (the loaded dword's bytes 0-2; the fourth byte of the output
; # stays 0xaa). Expected values from the host: out = the bytes the
; # shuffles name, in = random bytes (seed 1527).
; [config]
; name: byte gathers by v_perm_b32
; dimensions: 1
; global_size: 16 0 0
; local_size: 16 0 0
;
; [test]
; name: reverse, mix, copy of 3
; kernel_name: k_perm
; arg_in: 0 buffer uchar[64] 176 222 131 188 6 205 185 54 110 129 0 107 151 199 29 42 175 4 255 123 72 147 76 203 75 231 28 80 201 20 164 90 59 25 95 54 149 190 145 248 124 78 89 154 218 149 194 3 242 223 157 146 152 126 71 102 74 255 234 169 164 54 158 114
; arg_in: 1 buffer uchar[64] 106 183 217 151 2 76 239 22 125 136 121 194 64 197 185 51 79 108 105 174 186 33 109 94 245 50 232 72 132 30 79 209 158 225 95 97 132 85 9 114 57 89 247 25 177 39 72 177 77 68 74 155 230 241 132 243 169 225 136 198 183 145 165 253
; arg_in: 2 buffer uchar[64] repeat 0
; arg_out: 2 buffer uchar[64] 188 131 222 176 54 185 205 6 107 0 129 110 42 29 199 151 123 255 4 175 203 76 147 72 80 28 231 75 90 164 20 201 54 95 25 59 248 145 190 149 154 89 78 124 3 194 149 218 146 157 223 242 102 71 126 152 169 234 255 74 114 158 54 164
; arg_in: 3 buffer uchar[64] repeat 0
; arg_out: 3 buffer uchar[64] 222 106 188 217 205 2 54 239 129 125 107 121 199 64 42 185 4 79 123 105 147 186 203 109 231 245 80 232 20 132 90 79 25 158 54 95 190 132 248 9 78 57 154 247 149 177 3 72 223 77 146 74 126 230 102 132 255 169 169 136 54 183 114 165
; arg_in: 4 buffer uchar[64] repeat 0xaa
; arg_out: 4 buffer uchar[64] 176 222 131 170 6 205 185 170 110 129 0 170 151 199 29 170 175 4 255 170 72 147 76 170 75 231 28 170 201 20 164 170 59 25 95 170 149 190 145 170 124 78 89 170 218 149 194 170 242 223 157 170 152 126 71 170 74 255 234 170 164 54 158 170

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k_perm(ptr addrspace(1) %ina, ptr addrspace(1) %inb, ptr addrspace(1) %orev,
                                  ptr addrspace(1) %omix, ptr addrspace(1) %ocp) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x i8>, ptr addrspace(1) %ina, i32 %t
  %a = load <4 x i8>, ptr addrspace(1) %pa, align 4
  %pb = getelementptr <4 x i8>, ptr addrspace(1) %inb, i32 %t
  %b = load <4 x i8>, ptr addrspace(1) %pb, align 4
  %r = shufflevector <4 x i8> %a, <4 x i8> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %pr = getelementptr <4 x i8>, ptr addrspace(1) %orev, i32 %t
  store <4 x i8> %r, ptr addrspace(1) %pr, align 4
  %m = shufflevector <4 x i8> %a, <4 x i8> %b, <4 x i32> <i32 1, i32 4, i32 3, i32 6>
  %pm = getelementptr <4 x i8>, ptr addrspace(1) %omix, i32 %t
  store <4 x i8> %m, ptr addrspace(1) %pm, align 4
  %c = shufflevector <4 x i8> %a, <4 x i8> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %pc = getelementptr <4 x i8>, ptr addrspace(1) %ocp, i32 %t
  store <3 x i8> %c, ptr addrspace(1) %pc, align 4
  ret void
}
