; # Byte vectors packed by v_perm_b32 (isel_packed.c, gather_bytes): a
; # loaded <4 x i8> reversed (one v_perm_b32, selector 0x04050607), bytes
; # of two loaded dwords mixed (one v_perm_b32 of both), and a <3 x i8>
; # copied (the loaded dword's bytes 0-2; the fourth byte of the output
; # stays 0xaa); k_add8: a byte-wise add (isel_packed8.c's SWAR sum) of
; # bytes such as 0x80 + 0x80 and 0xff + 0x01. Expected values from the
; # host: out = the bytes the shuffles name or the sums mod 256, in =
; # random and edge bytes (seeds 1527, 2715).
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
;
; [test]
; name: byte-wise add of <8 x i8> (carries out of bit 7 dropped per byte)
; kernel_name: k_add8
; arg_in: 0 buffer uchar[128] 127 127 64 64 12 128 254 128 0 255 0 128 64 128 106 129 254 129 127 64 127 128 0 255 255 254 127 1 63 1 254 128 254 64 128 129 129 129 64 255 254 254 0 255 1 0 160 64 128 127 1 39 127 1 254 254 255 254 255 254 129 128 254 79 1 255 64 0 129 129 129 254 1 127 254 128 128 127 1 129 0 128 128 254 127 254 128 254 127 22 129 255 129 254 127 64 127 1 127 127 127 255 64 254 255 64 175 0 64 20 129 255 254 255 254 255 64 0 0 254 64 1 1 128 1 255 129 127
; arg_in: 1 buffer uchar[128] 255 85 255 255 64 0 0 0 64 64 129 255 1 129 0 0 0 254 254 127 254 0 129 129 64 177 129 64 102 1 0 255 255 254 1 127 255 255 255 254 64 129 128 254 0 230 0 64 127 64 127 254 71 127 64 254 129 254 64 0 136 127 1 129 1 0 141 127 129 128 255 116 64 255 0 255 127 54 0 20 0 3 1 64 254 128 0 231 127 254 129 64 0 151 132 93 127 129 128 127 127 255 104 255 129 1 255 128 1 128 254 129 92 129 187 1 85 128 0 127 255 255 117 0 129 128 255 129
; arg_in: 2 buffer uchar[128] repeat 0
; arg_out: 2 buffer uchar[128] 126 212 63 63 76 128 254 128 64 63 129 127 65 1 106 129 254 127 125 191 125 128 129 128 63 175 0 65 165 2 254 127 253 62 129 0 128 128 63 253 62 127 128 253 1 230 160 128 255 191 128 37 198 128 62 252 128 252 63 254 9 255 255 208 2 255 205 127 2 1 128 114 65 126 254 127 255 181 1 149 0 131 129 62 125 126 128 229 254 20 2 63 129 149 3 157 254 130 255 254 254 254 168 253 128 65 174 128 65 148 127 128 90 128 185 0 149 128 0 125 63 0 118 128 130 127 128 0

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

define amdgpu_kernel void @k_add8(ptr addrspace(1) %ina, ptr addrspace(1) %inb, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <8 x i8>, ptr addrspace(1) %ina, i32 %t
  %a = load <8 x i8>, ptr addrspace(1) %pa, align 8
  %pb = getelementptr <8 x i8>, ptr addrspace(1) %inb, i32 %t
  %b = load <8 x i8>, ptr addrspace(1) %pb, align 8
  %s = add <8 x i8> %a, %b
  %po = getelementptr <8 x i8>, ptr addrspace(1) %out, i32 %t
  store <8 x i8> %s, ptr addrspace(1) %po, align 8
  ret void
}
