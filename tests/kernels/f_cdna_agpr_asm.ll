; CDNA accumulation registers in inline assembly (issue 25): the "a"
; and "=a" constraints of llc-19 on v_accvgpr_write_b32 (from a VGPR and
; from an inline constant), v_accvgpr_mov_b32 and v_accvgpr_read_b32, an
; "a" value used twice, and two moves in one asm statement. llc-19
; allocates AGPRs; wavecc keeps "a" values in ArchVGPRs (its allocator has
; no AGPR class yet) and selects each move as a copy (isel_asm.c
; acc_move). Host reference: integer arithmetic. Before this wavecc
; refused the "a" constraint ("unsupported inline assembly: constraint a").
;
; [config]
; name: cdna agpr inline asm
; device_regex: gfx90a|gfx942
; dimensions: 1
;
; [test]
; name: v_accvgpr moves through "a" operands
; kernel_name: k_agpr_asm
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -1000 -966 -898 -840 -804 -898 -1014 -948 -896 -174 -202 -288 -476 -1690 -1214 -1948 -1688 -1686 -2450 -2296 -3060 -3282 -3462 -3812 -4016 -4446 -4698 -5104 5460 5814 6386 6868 7352 7450 7838 8280 8764 9246 9962 10284 10784 12274 12822 12480 13956 13766 15202 16004 15368 17034 18190 17512 19052 20238 19546 22204 20976 23682 24454 23472 26292 24918 27666 27060
; arg_out: 1 buffer int[64] -7938 -7666 -7122 -6658 -6370 -7122 -8050 -7522 -7106 -1330 -1554 -2242 -3746 -13458 -9650 -15522 -13442 -13426 -19538 -18306 -24418 -26194 -27634 -30434 -32066 -35506 -37522 -40770 43742 46574 51150 55006 58878 59662 62766 66302 70174 74030 79758 82334 86334 98254 102638 99902 111710 110190 121678 128094 123006 136334 145582 140158 152478 161966 156430 177694 167870 189518 195694 187838 210398 199406 221390 216542
; arg_out: 2 buffer int[64] -22974 -22944 -23004 -22814 -22906 -23004 -22960 -23018 -22822 -23288 -23188 -23366 -23426 -23748 -24296 -24002 -23758 -23760 -21452 -21166 -20906 -22156 -22496 -21690 -22006 -19208 -18436 -18870 20238 19692 17064 16526 18146 18240 17604 31234 30822 32324 31920 29302 28794 30120 26700 27290 27870 28572 24888 25822 26194 6352 7508 7730 4150 5460 5632 3302 2986 1752 1500 490 15598 15116 13896 13294
;

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_agpr_asm(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %out2) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %x = load i32, ptr addrspace(1) %pin
  %a = call i32 asm sideeffect "v_accvgpr_write_b32 $0, $1", "=a,v"(i32 %x)
  %b = call i32 asm sideeffect "v_accvgpr_mov_b32 $0, $1", "=a,a"(i32 %a)
  %c = call i32 asm sideeffect "v_accvgpr_read_b32 $0, $1", "=v,a"(i32 %b)
  %d = call i32 asm sideeffect "v_accvgpr_read_b32 $0, $1", "=v,a"(i32 %a)
  %w = call i32 asm sideeffect "v_accvgpr_write_b32 $0, 7", "=a"()
  %r = call i32 asm sideeffect "v_accvgpr_read_b32 $0, $1", "=v,a"(i32 %w)
  %x11 = add i32 %x, 11
  %e = call {i32, i32} asm sideeffect "v_accvgpr_write_b32 $1, $2\0Av_accvgpr_read_b32 $0, $1", "=v,=&a,v"(i32 %x11)
  %e0 = extractvalue {i32, i32} %e, 0
  %c2 = add i32 %c, %d
  %c3 = add i32 %c2, %c
  %s = add i32 %c3, %r
  %e5 = mul i32 %e0, 5
  %t = add i32 %s, %e5
  %pout = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %t, ptr addrspace(1) %pout
  %xr = xor i32 %d, 23130
  %pout2 = getelementptr i32, ptr addrspace(1) %out2, i32 %id
  store i32 %xr, ptr addrspace(1) %pout2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
