; VGPR spill slots past the 4095-byte immediate of a private access (MUBUF
; OFFSET, scratch_* OFFSET: wavecc_scratch_offset_max) are addressed from a
; window base SGPR defined once after the wave offset, as llc-19 puts the
; high part in soffset or saddr. f_spill_slots_big.ll keeps 1280 dwords live
; under 24 VGPRs: 5040 bytes of scratch per lane (main refused it:
; "unsupported: 5032 bytes of spill slots per lane"). MUBUF's soffset is per
; wave: the window 4096 lane bytes is 4096 x 64 = 0x40000 (wave64) or
; 0x20000 (wave32) added to the wave offset; scratch_* takes lane bytes in
; saddr. No immediate reaches 4096. Under 16 SGPRs the window SGPR does not
; fit beside what the SGPR spiller left: the spiller fails the budget and
; the pipeline's shrinking retry compiles again with room for it.
; RUN: %wavecc -mcpu=gfx900 --max-sgprs=16 %S/../kernels/f_spill_slots_big.ll -S -o - | FileCheck %s --check-prefixes=CHECK,S16
; RUN: %wavecc -mcpu=gfx900 %S/../kernels/f_spill_slots_big.ll -S -o - | FileCheck %s --check-prefixes=CHECK,W64
; RUN: %wavecc -mcpu=gfx90a %S/../kernels/f_spill_slots_big.ll -S -o - | FileCheck %s --check-prefixes=CHECK,W64
; RUN: %wavecc -mcpu=gfx1030 %S/../kernels/f_spill_slots_big.ll -S -o - | FileCheck %s --check-prefixes=CHECK,W32
; RUN: %wavecc -mcpu=gfx1100 %S/../kernels/f_spill_slots_big.ll -S -o - | FileCheck %s --check-prefixes=CHECK,FLAT,GFX11
; RUN: %wavecc -mcpu=gfx1100 -mattr=+wavefrontsize64 %S/../kernels/f_spill_slots_big.ll -S -o - | FileCheck %s --check-prefixes=CHECK,FLAT,GFX11
; RUN: %wavecc -mcpu=gfx942 %S/../kernels/f_spill_slots_big.ll -S -o - | FileCheck %s --check-prefixes=CHECK,FLAT,GFX942
; S16: s_add_u32 s{{[0-9]+}}, s{{[0-9]+}}, 0x40000
; S16: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s{{[0-9]+}}{{$}}
; W64: s_add_u32 s[[W:[0-9]+]], s[[WO:[0-9]+]], 0x40000
; W32: s_add_u32 s[[W:[0-9]+]], s[[WO:[0-9]+]], 0x20000
; W64: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s[[WO]] offset:4092
; W64: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s[[W]]{{$}}
; W64: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s[[W]] offset:4{{$}}
; W32: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s[[WO]] offset:4092
; W32: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s[[W]]{{$}}
; W32: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s[[W]] offset:4{{$}}
; FLAT: s_mov_b32 s[[W:[0-9]+]], 0x1000
; GFX11: scratch_store_b32 off, v{{[0-9]+}}, off offset:4092
; GFX11: scratch_store_b32 off, v{{[0-9]+}}, s[[W]]{{$}}
; GFX11: scratch_store_b32 off, v{{[0-9]+}}, s[[W]] offset:4{{$}}
; GFX942: scratch_store_dword off, v{{[0-9]+}}, off offset:4092
; GFX942: scratch_store_dword off, v{{[0-9]+}}, s[[W]]{{$}}
; GFX942: scratch_store_dword off, v{{[0-9]+}}, s[[W]] offset:4{{$}}
; A function's slots (f_spill_slots_call.ll: 4960 bytes in @body, refused
; on main) take their window from the stack pointer s32.
; RUN: %wavecc -mcpu=gfx900 %S/../kernels/f_spill_slots_call.ll -S -o - | FileCheck %s --check-prefix=FN9
; RUN: %wavecc -mcpu=gfx1100 %S/../kernels/f_spill_slots_call.ll -S -o - | FileCheck %s --check-prefix=FN11
; FN9: s_add_u32 s[[F:[0-9]+]], s32, 0x40000
; FN9: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s[[F]] offset:4{{$}}
; FN9-NOT: offset:{{(409[6-9]|4[1-9][0-9][0-9]|[5-9][0-9][0-9][0-9])}}
; FN11: s_add_u32 s[[F:[0-9]+]], s32, 0x1000
; FN11: scratch_load_b32 v{{[0-9]+}}, off, s[[F]] offset:{{[0-9]+}}
; FN11-NOT: offset:{{(409[6-9]|4[1-9][0-9][0-9]|[5-9][0-9][0-9][0-9])}}
; CHECK-NOT: offset:{{(409[6-9]|4[1-9][0-9][0-9]|[5-9][0-9][0-9][0-9])}}
; CHECK: .amdhsa_private_segment_fixed_size 5040
