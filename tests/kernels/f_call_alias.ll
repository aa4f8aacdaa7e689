; Calls through an alias of a function defined in the module (issue 26:
; LLVM 19's inline-calls.ll stopped at "unsupported constant: i64 ptrtoint
; (ptr @func_alias to i64)"): uses of an alias that cannot be replaced at
; link time become uses of the aliasee (import.c), so the call is a direct
; one. On main: that error. Host reference (out[i] = (7 i + 1) ^ 3 i)
; computed in Python.
; [config]
; name: call through a function alias
; kernel_name: k
; dimensions: 1
;
; [test]
; name: one group
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer uint[64] 1 11 9 31 17 43 57 39 33 91 89 111 113 123 73 71 \
;     65 75 73 191 177 171 217 231 225 251 249 239 145 155 137 135 \
;     129 139 137 159 145 363 377 359 353 347 345 431 433 443 457 455 \
;     449 459 457 511 497 491 473 295 289 315 313 303 273 283 265 263
;

target triple = "amdgcn-amd-amdhsa"

define internal i32 @func(i32 %a) noinline {
  %t = mul i32 %a, 7
  %r = add i32 %t, 1
  ret i32 %r
}

@func_alias = alias i32 (i32), ptr @func

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %v = call i32 @func_alias(i32 %lid)
  %l3 = mul i32 %lid, 3
  %x = xor i32 %v, %l3
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %lid
  store i32 %x, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
