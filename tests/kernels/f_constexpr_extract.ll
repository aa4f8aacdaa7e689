; [config]
; name: extractelement constant expressions inside vector constants
; dimensions: 1
; global_size: 1 0 0
; local_size: 1 0 0
;
; # llvm-stress programs at -O0 keep constants such as
; # <16 x i8> <i8 extractelement (<2 x i8> bitcast (<1 x i16> <i16 19951>
; # to <2 x i8>), i32 0), ...> (seeds 40110, 40113, 40124 at gfx1100:
; # "unsupported constant" on main ba3ab87; -O1 and above fold them).
; # Expected (host, little-endian): word 0 = bytes 3, 2, 1, 0 of float
; # 1.5 (0x3fc00000); word 1 = byte 7 and byte 0 of double
; # 0x0123456789abcdef, then the two bytes of i16 19951 (0x4def);
; # words 2, 3 = halves 1 and 0 of i32 0x12345678, zero-extended;
; # words 4-6: `trunc` constant expressions (seed 41307 at -O1) of bytes
; # 0 (0xf9) and 1 (0x88) of i32 493817 (0x788f9): to i1 selecting 7 or 9
; # (bit 0: 1, 0), and byte 0 to i4 (9).
; # tests/passes/isel-constexpr-extract.ll runs it at -O0.
;
; [test]
; name: bytes and halves picked from bitcast constants
; kernel_name: cx
; arg_out: 0 buffer uint[7] 49215 1307569921 4660 22136 7 9 9
; arg_in: 0 buffer uint[7] repeat 0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @cx(ptr addrspace(1) %out) {
  store <8 x i8> <i8 extractelement (<4 x i8> bitcast (<1 x float> <float 1.5> to <4 x i8>), i32 3),
                  i8 extractelement (<4 x i8> bitcast (<1 x float> <float 1.5> to <4 x i8>), i32 2),
                  i8 extractelement (<4 x i8> bitcast (<1 x float> <float 1.5> to <4 x i8>), i32 1),
                  i8 extractelement (<4 x i8> bitcast (<1 x float> <float 1.5> to <4 x i8>), i32 0),
                  i8 extractelement (<8 x i8> bitcast (<1 x double> <double 0x0123456789ABCDEF> to <8 x i8>), i32 7),
                  i8 extractelement (<8 x i8> bitcast (<1 x double> <double 0x0123456789ABCDEF> to <8 x i8>), i32 0),
                  i8 extractelement (<2 x i8> bitcast (<1 x i16> <i16 19951> to <2 x i8>), i32 0),
                  i8 extractelement (<2 x i8> bitcast (<1 x i16> <i16 19951> to <2 x i8>), i32 1)>, ptr addrspace(1) %out, align 4
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  %h1 = zext i16 extractelement (<2 x i16> bitcast (<1 x i32> <i32 305419896> to <2 x i16>), i32 1) to i32
  store i32 %h1, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  %h0 = zext i16 extractelement (<2 x i16> bitcast (<1 x i32> <i32 305419896> to <2 x i16>), i32 0) to i32
  store i32 %h0, ptr addrspace(1) %p3
  %s4 = select i1 trunc (i8 extractelement (<4 x i8> bitcast (<1 x i32> <i32 493817> to <4 x i8>), i32 0) to i1), i32 7, i32 9
  %p4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %s4, ptr addrspace(1) %p4
  %s5 = select i1 trunc (i8 extractelement (<4 x i8> bitcast (<1 x i32> <i32 493817> to <4 x i8>), i32 1) to i1), i32 7, i32 9
  %p5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %s5, ptr addrspace(1) %p5
  %n6 = zext i4 trunc (i8 extractelement (<4 x i8> bitcast (<1 x i32> <i32 493817> to <4 x i8>), i32 0) to i4) to i32
  %p6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %n6, ptr addrspace(1) %p6
  ret void
}
