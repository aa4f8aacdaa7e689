"""The kernel-test header the tests/fuzz/ops generators share: one kernel
`k(in, out, arg2)`, 128 work-items in groups of 64, and the start of its
IR module (KERNEL-TEST-FORMAT.md)."""


def header(name, in_buffer, out_words, arg2):
    """Header lines and module start: `name` of the config, `in_buffer` the
    input buffer's type and values (`buffer ulong[256] random`), `out_words`
    the 64-bit words of the zeroed output buffer, `arg2` the third
    argument's type and value (`ulong 0x...`)."""
    return f'''; [config]
; name: {name}
; kernel_name: k
; dimensions: 1
; global_size: 128 0 0
; local_size: 64 0 0
;
; [test]
; name: t
; arg_in: 0 {in_buffer}
; arg_in: 1 buffer ulong[{out_words}] repeat 0
; arg_in: 2 {arg2}

target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
'''
