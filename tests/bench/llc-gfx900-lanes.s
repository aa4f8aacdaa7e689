	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.amdhsa_code_object_version 5
	.protected	count                   ; -- Begin function count
	.globl	count
	.p2align	8
	.type	count,@function
count:                                  ; @count
; %bb.0:
	s_load_dword s9, s[4:5], 0x4
	s_load_dwordx4 s[0:3], s[6:7], 0x0
	s_load_dword s10, s[6:7], 0x14
	s_mov_b32 s11, 0
	v_lshlrev_b32_e32 v0, 2, v0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s4, s9, 0xffff
	s_mul_hi_u32 s5, s4, s8
	s_mul_i32 s4, s4, s8
	s_lshl_b64 s[4:5], s[4:5], 2
	s_add_u32 s4, s2, s4
	s_addc_u32 s5, s3, s5
	s_lshl_b64 s[2:3], s[10:11], 2
	s_add_u32 s2, s2, s4
	s_addc_u32 s3, s3, s5
	global_load_dword v0, v0, s[2:3]
	s_mov_b64 s[12:13], exec
	s_waitcnt vmcnt(0)
	v_cmp_lt_i32_e32 vcc, 0, v0
	v_cndmask_b32_e64 v0, 0, 1, vcc
.LBB0_1:                                ; %ComputeLoop
                                        ; =>This Inner Loop Header: Depth=1
	s_ff1_i32_b64 s2, s[12:13]
	v_readlane_b32 s4, v0, s2
	s_lshl_b64 s[2:3], 1, s2
	s_add_i32 s11, s11, s4
	s_andn2_b64 s[12:13], s[12:13], s[2:3]
	s_cmp_lg_u64 s[12:13], 0
	s_cbranch_scc1 .LBB0_1
; %bb.2:                                ; %ComputeEnd
	v_mbcnt_lo_u32_b32 v0, exec_lo, 0
	v_mbcnt_hi_u32_b32 v0, exec_hi, v0
	v_cmp_eq_u32_e32 vcc, 0, v0
	s_and_saveexec_b64 s[2:3], vcc
	s_xor_b64 s[2:3], exec, s[2:3]
	s_cbranch_execz .LBB0_4
; %bb.3:
	v_mov_b32_e32 v0, 0
	v_mov_b32_e32 v1, s11
	global_atomic_add v0, v1, s[0:1]
	s_waitcnt vmcnt(0)
	buffer_wbinvl1_vol
.LBB0_4:
	s_or_b64 exec, exec, s[2:3]
	s_mov_b64 s[2:3], exec
	v_mbcnt_lo_u32_b32 v0, s2, 0
	v_mbcnt_hi_u32_b32 v0, s3, v0
	v_cmp_eq_u32_e32 vcc, 0, v0
	s_and_saveexec_b64 s[4:5], vcc
	s_cbranch_execz .LBB0_6
; %bb.5:
	s_bcnt1_i32_b64 s2, s[2:3]
	s_mul_i32 s2, s2, 3
	v_mov_b32_e32 v0, 0
	v_mov_b32_e32 v1, s2
	global_atomic_add v0, v1, s[0:1] offset:4
	s_waitcnt vmcnt(0)
	buffer_wbinvl1_vol
.LBB0_6:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel count
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 14
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	count, .Lfunc_end0-count
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 272
; NumSgprs: 18
; NumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 2
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	sgpr_heavy              ; -- Begin function sgpr_heavy
	.globl	sgpr_heavy
	.p2align	8
	.type	sgpr_heavy,@function
sgpr_heavy:                             ; @sgpr_heavy
; %bb.0:
                                        ; implicit-def: $vgpr17 : SGPR spill to VGPR lane
	s_load_dword s1, s[6:7], 0x48
	v_writelane_b32 v17, s8, 0
	v_writelane_b32 v17, s4, 1
	v_writelane_b32 v17, s5, 2
	v_writelane_b32 v17, s6, 3
	s_load_dwordx16 s[8:23], s[6:7], 0x8
	s_waitcnt lgkmcnt(0)
	s_cmp_lt_i32 s1, 1
	v_writelane_b32 v17, s7, 4
	s_cbranch_scc1 .LBB1_3
; %bb.1:                                ; %.preheader.preheader
	s_mov_b32 s0, s1
	s_mov_b32 s3, 0
	s_mov_b32 vcc_lo, 0
	s_mov_b32 s1, 0
	s_mov_b32 s6, s0
.LBB1_2:                                ; %.preheader
                                        ; =>This Inner Loop Header: Depth=1
	s_mul_i32 s8, s8, 3
	s_add_i32 vcc_hi, s13, s8
	s_mul_i32 s8, s13, 3
	s_add_i32 s8, s18, s8
	s_add_i32 s13, vcc_lo, s8
	s_mul_i32 s8, s9, 3
	s_add_i32 s0, s14, s8
	s_mul_i32 s8, s14, 3
	s_add_i32 s8, s19, s8
	s_add_i32 s14, vcc_lo, s8
	s_mul_i32 s8, s10, 3
	s_mul_i32 s5, s15, 3
	s_add_i32 s2, s15, s8
	s_add_i32 s5, s20, s5
	s_mul_i32 s8, s16, 3
	s_add_i32 s15, vcc_lo, s5
	s_mul_i32 s5, s11, 3
	s_add_i32 s8, s21, s8
	s_mul_i32 s7, s17, 3
	s_add_i32 s5, s16, s5
	s_add_i32 s16, vcc_lo, s8
	s_mul_i32 s8, s12, 3
	s_add_i32 s7, s22, s7
	s_add_i32 s4, s17, s8
	s_add_i32 s17, vcc_lo, s7
	s_mul_i32 s7, s18, 3
	s_add_i32 s7, s23, s7
	s_add_i32 s18, vcc_lo, s7
	s_mul_i32 s7, s19, 3
	s_add_i32 s8, vcc_lo, vcc_hi
	s_add_i32 vcc_hi, vcc_hi, s7
	s_mul_i32 s7, s20, 3
	s_add_i32 s9, vcc_lo, s0
	s_add_i32 s0, s0, s7
	s_mul_i32 s7, s21, 3
	s_add_i32 s10, vcc_lo, s2
	s_add_i32 s2, s2, s7
	s_mul_i32 s7, s22, 3
	s_add_i32 s11, vcc_lo, s5
	s_add_i32 s5, s5, s7
	s_mul_i32 s7, s23, 3
	s_add_i32 s12, vcc_lo, s4
	s_add_i32 s4, s4, s7
	s_add_i32 s19, s3, vcc_hi
	s_add_i32 s20, s3, s0
	s_add_i32 s21, s3, s2
	s_add_i32 s22, s3, s5
	s_add_i32 s23, s3, s4
	v_mov_b32_e32 v1, s8
	s_and_b32 s0, vcc_lo, 15
	v_mov_b32_e32 v2, s9
	v_mov_b32_e32 v3, s10
	v_mov_b32_e32 v4, s11
	v_mov_b32_e32 v5, s12
	v_mov_b32_e32 v6, s13
	v_mov_b32_e32 v7, s14
	v_mov_b32_e32 v8, s15
	v_mov_b32_e32 v9, s16
	v_mov_b32_e32 v10, s17
	v_mov_b32_e32 v11, s18
	v_mov_b32_e32 v12, s19
	v_mov_b32_e32 v13, s20
	v_mov_b32_e32 v14, s21
	v_mov_b32_e32 v15, s22
	v_mov_b32_e32 v16, s23
	s_set_gpr_idx_on s0, gpr_idx(SRC0)
	v_mov_b32_e32 v1, v1
	s_set_gpr_idx_off
	v_readfirstlane_b32 s0, v1
	s_add_i32 s1, s0, s1
	s_add_i32 vcc_lo, vcc_lo, 1
	s_add_i32 s3, s3, 2
	s_cmp_lg_u32 s6, vcc_lo
	s_cbranch_scc1 .LBB1_2
	s_branch .LBB1_4
.LBB1_3:
	s_mov_b32 s1, 0
.LBB1_4:                                ; %.loopexit
	v_readlane_b32 s4, v17, 3
	v_readlane_b32 s5, v17, 4
	s_load_dword s0, s[4:5], 0x54
                                        ; kill: killed $vgpr17
	s_waitcnt lgkmcnt(0)
	v_add_co_u32_e32 v0, vcc, s0, v0
	v_addc_co_u32_e64 v1, s[2:3], 0, 0, vcc
	v_readlane_b32 s2, v17, 1
	v_readlane_b32 s3, v17, 2
	s_load_dword s0, s[2:3], 0x4
	v_readlane_b32 s2, v17, 0
	v_mov_b32_e32 v2, s2
	s_load_dwordx2 s[2:3], s[4:5], 0x0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s0, s0, 0xffff
	v_mad_u64_u32 v[0:1], s[4:5], s0, v2, v[0:1]
	s_add_i32 s0, s8, s1
	v_mov_b32_e32 v2, s3
	v_lshlrev_b64 v[0:1], 6, v[0:1]
	s_add_i32 s3, s10, s1
	v_add_co_u32_e32 v4, vcc, s2, v0
	s_add_i32 s2, s9, s1
	v_mov_b32_e32 v0, s0
	s_add_i32 s0, s11, s1
	v_addc_co_u32_e32 v5, vcc, v2, v1, vcc
	v_mov_b32_e32 v1, s2
	v_mov_b32_e32 v2, s3
	v_mov_b32_e32 v3, s0
	s_add_i32 s0, s12, s1
	global_store_dwordx4 v[4:5], v[0:3], off
	s_add_i32 s2, s13, s1
	s_add_i32 s3, s14, s1
	v_mov_b32_e32 v0, s0
	s_add_i32 s0, s15, s1
	v_mov_b32_e32 v1, s2
	v_mov_b32_e32 v2, s3
	v_mov_b32_e32 v3, s0
	s_add_i32 s0, s16, s1
	global_store_dwordx4 v[4:5], v[0:3], off offset:16
	s_add_i32 s2, s17, s1
	s_add_i32 s3, s18, s1
	v_mov_b32_e32 v0, s0
	s_add_i32 s0, s19, s1
	v_mov_b32_e32 v1, s2
	v_mov_b32_e32 v2, s3
	v_mov_b32_e32 v3, s0
	s_add_i32 s0, s20, s1
	s_add_i32 s2, s21, s1
	s_add_i32 s3, s22, s1
	s_add_i32 s1, s23, s1
	global_store_dwordx4 v[4:5], v[0:3], off offset:32
	s_nop 0
	v_mov_b32_e32 v0, s0
	v_mov_b32_e32 v1, s2
	v_mov_b32_e32 v2, s3
	v_mov_b32_e32 v3, s1
	global_store_dwordx4 v[4:5], v[0:3], off offset:48
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel sgpr_heavy
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 336
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 18
		.amdhsa_next_free_sgpr 24
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end1:
	.size	sgpr_heavy, .Lfunc_end1-sgpr_heavy
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 684
; NumSgprs: 28
; NumVgprs: 18
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 3
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 28
; NumVGPRsForWavesPerEU: 18
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.hidden	__oclc_ABI_version              ; @__oclc_ABI_version
	.type	__oclc_ABI_version,@object
	.section	.rodata,"a",@progbits
	.weak	__oclc_ABI_version
	.p2align	2, 0x0
__oclc_ABI_version:
	.long	500                             ; 0x1f4
	.size	__oclc_ABI_version, 4

	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         20
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         28
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         30
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         32
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         34
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         36
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         38
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         56
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         80
        .size:           2
        .value_kind:     hidden_grid_dims
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           count
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         count.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     2
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         12
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         16
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         20
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         28
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         32
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         36
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         40
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         44
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         48
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         52
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         56
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         60
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         64
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         68
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         72
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         80
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         84
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         88
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         92
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         94
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         96
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         98
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         100
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         102
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         120
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         128
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         136
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         144
        .size:           2
        .value_kind:     hidden_grid_dims
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 336
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           sgpr_heavy
    .private_segment_fixed_size: 0
    .sgpr_count:     28
    .sgpr_spill_count: 5
    .symbol:         sgpr_heavy.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     18
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
