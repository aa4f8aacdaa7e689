; Uniform 8- and 16-bit loads of constant memory at dword-aligned
; addresses: wavecc loads the dword that holds the value with
; s_load_dword (isel_mem.c; llc-19 does the same), and the SGPR's bits
; above the value are undefined, so every use must extend or compare the
; low bits only: the ushort at byte 4 is read as the dword at bytes
; 4..7, whose high half holds c[3] = 0x7777. (Both compilers read the
; whole dword, so a buffer whose size is not a multiple of 4 would fault
; in the emulator for llc-19 too.) Expected values by hand:
; c = {0x1234, 0xbeef, 0x8001, 0x7777} as ushorts, bytes 34 12 ef be 01 80 77 77;
;   h = c[2] = 0x8001: zext 32769, sext -32767
;   b = byte 0 = 0x34: sext 52; b4 = byte 4 = 0x01 -> 1
;   h == 0x8001 -> 1; half(c[0] = 0x1234) as f32 bits = 0x3a468000 = 977698816
; [config]
; name: uniform sub-dword constant loads through s_load_dword
; dimensions: 1
;
; [test]
; name: i8 i16 half from a ushort[4] constant buffer
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer ushort[4] 4660 48879 32769 30583
; arg_in: 1 buffer int[384] repeat 0
; arg_out: 1 buffer int[384] repeat 32769 -32767 52 1 1 977698816

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(4) %c, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %ph = getelementptr inbounds i8, ptr addrspace(4) %c, i64 4
  %h = load i16, ptr addrspace(4) %ph, align 4
  %b = load i8, ptr addrspace(4) %c, align 4
  %b4 = load i8, ptr addrspace(4) %ph, align 4
  %f = load half, ptr addrspace(4) %c, align 4
  %hz = zext i16 %h to i32
  %hs = sext i16 %h to i32
  %bs = sext i8 %b to i32
  %b4z = zext i8 %b4 to i32
  %eq = icmp eq i16 %h, -32767
  %eqz = zext i1 %eq to i32
  %ff = fpext half %f to float
  %fb = bitcast float %ff to i32
  %base = mul i32 %t, 6
  %o0 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %base
  store i32 %hz, ptr addrspace(1) %o0, align 4
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %o0, i32 1
  store i32 %hs, ptr addrspace(1) %o1, align 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %o0, i32 2
  store i32 %bs, ptr addrspace(1) %o2, align 4
  %o3 = getelementptr inbounds i32, ptr addrspace(1) %o0, i32 3
  store i32 %b4z, ptr addrspace(1) %o3, align 4
  %o4 = getelementptr inbounds i32, ptr addrspace(1) %o0, i32 4
  store i32 %eqz, ptr addrspace(1) %o4, align 4
  %o5 = getelementptr inbounds i32, ptr addrspace(1) %o0, i32 5
  store i32 %fb, ptr addrspace(1) %o5, align 4
  ret void
}
