; Inline assembly with memory instructions: a GLOBAL load and store with
; `off` SADDR and an offset, an LDS write and read (DS) with an offset, and
; s_waitcnt written by counter name, next to a barrier and ordinary
; accesses. Each text waits for its own loads and LDS store, as it must with llc-19,
; which sees no memory access in the text (without the waits the emulator
; reports llc-19's code: "reads v0 before an s_waitcnt covers the load";
; wavecc's waitcnt pass counts the text's accesses: lit isel-asm-memory.ll).
; Host reference: out[i] = (in[i^1] + 1) + 2 * in[i], out2[i] = in[i] + 5.
;
; [config]
; name: inline asm memory
; dimensions: 1
;
; [test]
; name: global and lds through inline asm
; kernel_name: k_asm_mem
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -100 -93 -86 -79 -72 -65 -58 -51 -44 -37 -30 -23 -16 -9 -2 5 12 19 26 33 40 47 54 61 68 75 82 89 96 103 110 117 124 131 138 145 152 159 166 173 180 187 194 201 208 215 222 229 236 243 250 257 264 271 278 285 292 299 306 313 320 327 334 341
; arg_out: 1 buffer int[64] -292 -285 -250 -243 -208 -201 -166 -159 -124 -117 -82 -75 -40 -33 2 9 44 51 86 93 128 135 170 177 212 219 254 261 296 303 338 345 380 387 422 429 464 471 506 513 548 555 590 597 632 639 674 681 716 723 758 765 800 807 842 849 884 891 926 933 968 975 1010 1017
; arg_out: 2 buffer int[64] -95 -88 -81 -74 -67 -60 -53 -46 -39 -32 -25 -18 -11 -4 3 10 17 24 31 38 45 52 59 66 73 80 87 94 101 108 115 122 129 136 143 150 157 164 171 178 185 192 199 206 213 220 227 234 241 248 255 262 269 276 283 290 297 304 311 318 325 332 339 346
;

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [66 x i32] poison, align 4

define amdgpu_kernel void @k_asm_mem(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %out2) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %pin0 = getelementptr i32, ptr addrspace(1) %pin, i32 -1
  ; offset:4 from the element before: in[id]
  %a = call i32 asm sideeffect "global_load_dword $0, $1, off offset:4\0As_waitcnt vmcnt(0)", "=v,v"(ptr addrspace(1) %pin0)
  %a1 = add i32 %a, 1
  %pl = getelementptr [66 x i32], ptr addrspace(3) @lds, i32 0, i32 %id
  %la = ptrtoint ptr addrspace(3) %pl to i32
  ; lds[id + 2] = in[id] + 1
  call void asm sideeffect "ds_write_b32 $0, $1 offset:8\0As_waitcnt lgkmcnt(0)", "v,v"(i32 %la, i32 %a1)
  call void @llvm.amdgcn.s.barrier()
  %x = xor i32 %id, 1
  %px = getelementptr [66 x i32], ptr addrspace(3) @lds, i32 0, i32 %x
  %lx = ptrtoint ptr addrspace(3) %px to i32
  %d = call i32 asm sideeffect "ds_read_b32 $0, $1 offset:8\0As_waitcnt lgkmcnt(0)", "=v,v"(i32 %lx)
  %a2 = shl i32 %a, 1
  %r = add i32 %d, %a2
  %pout = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %pout
  %a5 = add i32 %a, 5
  %pout2 = getelementptr i32, ptr addrspace(1) %out2, i32 %id
  call void asm sideeffect "global_store_dword $0, $1, off", "v,v"(ptr addrspace(1) %pout2, i32 %a5)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
