; CDNA 2/3 accumulation registers on the emulator (issue 25): AGPRs
; reached through the ACC bit of GLOBAL and DS data operands and through
; v_accvgpr_read/write/mov, written as inline assembly with llc-19's "a"
; constraint (wavecc takes "a" on the v_accvgpr moves, f_cdna_agpr_asm.ll,
; and as the data of the GLOBAL and DS accesses here, holding the values in
; VGPRs: isel_asm.c; until session 21 it refused them). Host reference: integer
; arithmetic. Before issue 25 wavecc-run knew no --mcpu=gfx90a.
;
; [config]
; name: cdna agprs
; device_regex: gfx90a|gfx942
; dimensions: 1
;
; [test]
; name: agpr loads, moves, LDS and stores
; kernel_name: k_agpr
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -100 -93 -86 -79 -72 -65 -58 -51 -44 -37 -30 -23 -16 -9 -2 5 12 19 26 33 40 47 54 61 68 75 82 89 96 103 110 117 124 131 138 145 152 159 166 173 180 187 194 201 208 215 222 229 236 243 250 257 264 271 278 285 292 299 306 313 320 327 334 341
; arg_out: 1 buffer int[64] -400 -372 -344 -316 -288 -260 -232 -204 -176 -148 -120 -92 -64 -36 -8 20 48 76 104 132 160 188 216 244 272 300 328 356 384 412 440 468 496 524 552 580 608 636 664 692 720 748 776 804 832 860 888 916 944 972 1000 1028 1056 1084 1112 1140 1168 1196 1224 1252 1280 1308 1336 1364
; arg_out: 2 buffer int[64] -100 -93 -86 -79 -72 -65 -58 -51 -44 -37 -30 -23 -16 -9 -2 5 12 19 26 33 40 47 54 61 68 75 82 89 96 103 110 117 124 131 138 145 152 159 166 173 180 187 194 201 208 215 222 229 236 243 250 257 264 271 278 285 292 299 306 313 320 327 334 341
;

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x i32] poison, align 4

define amdgpu_kernel void @k_agpr(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %out2) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %a = call i32 asm sideeffect "global_load_dword $0, $1, off\0As_waitcnt vmcnt(0)", "=a,v"(ptr addrspace(1) %pin)
  %b = call i32 asm sideeffect "v_accvgpr_mov_b32 $0, $1", "=a,a"(i32 %a)
  %c = call i32 asm sideeffect "v_accvgpr_read_b32 $0, $1", "=v,a"(i32 %b)
  %pl = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %id
  %la = ptrtoint ptr addrspace(3) %pl to i32
  call void asm sideeffect "ds_write_b32 $0, $1\0As_waitcnt lgkmcnt(0)", "v,a"(i32 %la, i32 %b)
  %d = call i32 asm sideeffect "ds_read_b32 $0, $1\0As_waitcnt lgkmcnt(0)", "=a,v"(i32 %la)
  %pout2 = getelementptr i32, ptr addrspace(1) %out2, i32 %id
  call void asm sideeffect "global_store_dword $0, $1, off\0As_waitcnt vmcnt(0)", "v,a"(ptr addrspace(1) %pout2, i32 %b)
  %c3 = mul i32 %c, 3
  %r = add i32 %c3, %d
  %pout = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %pout
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
