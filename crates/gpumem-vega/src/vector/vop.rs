//! The vector operation ids: one per mnemonic (without `_e32`/`_e64`), named after it.
//! Generated with the rows by `scripts/gen-vector-table.py`.

/// What a vector instruction does, in the Vega ISA's vocabulary: `v_add_f32` (both
/// its `_e32` and `_e64` encodings) is [`VOp::AddF32`]. Executors dispatch on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VOp {
    /// `v_nop`.
    Nop,
    /// `v_mov_b32`.
    MovB32,
    /// `v_readfirstlane_b32`.
    ReadfirstlaneB32,
    /// `v_cvt_i32_f64`.
    CvtI32F64,
    /// `v_cvt_f64_i32`.
    CvtF64I32,
    /// `v_cvt_f32_i32`.
    CvtF32I32,
    /// `v_cvt_f32_u32`.
    CvtF32U32,
    /// `v_cvt_u32_f32`.
    CvtU32F32,
    /// `v_cvt_i32_f32`.
    CvtI32F32,
    /// `v_cvt_f16_f32`.
    CvtF16F32,
    /// `v_cvt_f32_f16`.
    CvtF32F16,
    /// `v_cvt_rpi_i32_f32`.
    CvtRpiI32F32,
    /// `v_cvt_flr_i32_f32`.
    CvtFlrI32F32,
    /// `v_cvt_off_f32_i4`.
    CvtOffF32I4,
    /// `v_cvt_f32_f64`.
    CvtF32F64,
    /// `v_cvt_f64_f32`.
    CvtF64F32,
    /// `v_cvt_f32_ubyte0`.
    CvtF32Ubyte0,
    /// `v_cvt_f32_ubyte1`.
    CvtF32Ubyte1,
    /// `v_cvt_f32_ubyte2`.
    CvtF32Ubyte2,
    /// `v_cvt_f32_ubyte3`.
    CvtF32Ubyte3,
    /// `v_cvt_u32_f64`.
    CvtU32F64,
    /// `v_cvt_f64_u32`.
    CvtF64U32,
    /// `v_trunc_f64`.
    TruncF64,
    /// `v_ceil_f64`.
    CeilF64,
    /// `v_rndne_f64`.
    RndneF64,
    /// `v_floor_f64`.
    FloorF64,
    /// `v_fract_f32`.
    FractF32,
    /// `v_trunc_f32`.
    TruncF32,
    /// `v_ceil_f32`.
    CeilF32,
    /// `v_rndne_f32`.
    RndneF32,
    /// `v_floor_f32`.
    FloorF32,
    /// `v_exp_f32`.
    ExpF32,
    /// `v_log_f32`.
    LogF32,
    /// `v_rcp_f32`.
    RcpF32,
    /// `v_rcp_iflag_f32`.
    RcpIflagF32,
    /// `v_rsq_f32`.
    RsqF32,
    /// `v_rcp_f64`.
    RcpF64,
    /// `v_rsq_f64`.
    RsqF64,
    /// `v_sqrt_f32`.
    SqrtF32,
    /// `v_sqrt_f64`.
    SqrtF64,
    /// `v_sin_f32`.
    SinF32,
    /// `v_cos_f32`.
    CosF32,
    /// `v_not_b32`.
    NotB32,
    /// `v_bfrev_b32`.
    BfrevB32,
    /// `v_ffbh_u32`.
    FfbhU32,
    /// `v_ffbl_b32`.
    FfblB32,
    /// `v_ffbh_i32`.
    FfbhI32,
    /// `v_frexp_exp_i32_f64`.
    FrexpExpI32F64,
    /// `v_frexp_mant_f64`.
    FrexpMantF64,
    /// `v_fract_f64`.
    FractF64,
    /// `v_frexp_exp_i32_f32`.
    FrexpExpI32F32,
    /// `v_frexp_mant_f32`.
    FrexpMantF32,
    /// `v_clrexcp`.
    Clrexcp,
    /// `v_screen_partition_4se_b32`.
    ScreenPartition4seB32,
    /// `v_cvt_f16_u16`.
    CvtF16U16,
    /// `v_cvt_f16_i16`.
    CvtF16I16,
    /// `v_cvt_u16_f16`.
    CvtU16F16,
    /// `v_cvt_i16_f16`.
    CvtI16F16,
    /// `v_rcp_f16`.
    RcpF16,
    /// `v_sqrt_f16`.
    SqrtF16,
    /// `v_rsq_f16`.
    RsqF16,
    /// `v_log_f16`.
    LogF16,
    /// `v_exp_f16`.
    ExpF16,
    /// `v_frexp_mant_f16`.
    FrexpMantF16,
    /// `v_frexp_exp_i16_f16`.
    FrexpExpI16F16,
    /// `v_floor_f16`.
    FloorF16,
    /// `v_ceil_f16`.
    CeilF16,
    /// `v_trunc_f16`.
    TruncF16,
    /// `v_rndne_f16`.
    RndneF16,
    /// `v_fract_f16`.
    FractF16,
    /// `v_sin_f16`.
    SinF16,
    /// `v_cos_f16`.
    CosF16,
    /// `v_exp_legacy_f32`.
    ExpLegacyF32,
    /// `v_log_legacy_f32`.
    LogLegacyF32,
    /// `v_cvt_norm_i16_f16`.
    CvtNormI16F16,
    /// `v_cvt_norm_u16_f16`.
    CvtNormU16F16,
    /// `v_sat_pk_u8_i16`.
    SatPkU8I16,
    /// `v_swap_b32`.
    SwapB32,
    /// `v_cndmask_b32`.
    CndmaskB32,
    /// `v_add_f32`.
    AddF32,
    /// `v_sub_f32`.
    SubF32,
    /// `v_subrev_f32`.
    SubrevF32,
    /// `v_mul_legacy_f32`.
    MulLegacyF32,
    /// `v_mul_f32`.
    MulF32,
    /// `v_mul_i32_i24`.
    MulI32I24,
    /// `v_mul_hi_i32_i24`.
    MulHiI32I24,
    /// `v_mul_u32_u24`.
    MulU32U24,
    /// `v_mul_hi_u32_u24`.
    MulHiU32U24,
    /// `v_min_f32`.
    MinF32,
    /// `v_max_f32`.
    MaxF32,
    /// `v_min_i32`.
    MinI32,
    /// `v_max_i32`.
    MaxI32,
    /// `v_min_u32`.
    MinU32,
    /// `v_max_u32`.
    MaxU32,
    /// `v_lshrrev_b32`.
    LshrrevB32,
    /// `v_ashrrev_i32`.
    AshrrevI32,
    /// `v_lshlrev_b32`.
    LshlrevB32,
    /// `v_and_b32`.
    AndB32,
    /// `v_or_b32`.
    OrB32,
    /// `v_xor_b32`.
    XorB32,
    /// `v_mac_f32`.
    MacF32,
    /// `v_madmk_f32`.
    MadmkF32,
    /// `v_madak_f32`.
    MadakF32,
    /// `v_add_co_u32`.
    AddCoU32,
    /// `v_sub_co_u32`.
    SubCoU32,
    /// `v_subrev_co_u32`.
    SubrevCoU32,
    /// `v_addc_co_u32`.
    AddcCoU32,
    /// `v_subb_co_u32`.
    SubbCoU32,
    /// `v_subbrev_co_u32`.
    SubbrevCoU32,
    /// `v_add_f16`.
    AddF16,
    /// `v_sub_f16`.
    SubF16,
    /// `v_subrev_f16`.
    SubrevF16,
    /// `v_mul_f16`.
    MulF16,
    /// `v_mac_f16`.
    MacF16,
    /// `v_madmk_f16`.
    MadmkF16,
    /// `v_madak_f16`.
    MadakF16,
    /// `v_add_u16`.
    AddU16,
    /// `v_sub_u16`.
    SubU16,
    /// `v_subrev_u16`.
    SubrevU16,
    /// `v_mul_lo_u16`.
    MulLoU16,
    /// `v_lshlrev_b16`.
    LshlrevB16,
    /// `v_lshrrev_b16`.
    LshrrevB16,
    /// `v_ashrrev_i16`.
    AshrrevI16,
    /// `v_max_f16`.
    MaxF16,
    /// `v_min_f16`.
    MinF16,
    /// `v_max_u16`.
    MaxU16,
    /// `v_max_i16`.
    MaxI16,
    /// `v_min_u16`.
    MinU16,
    /// `v_min_i16`.
    MinI16,
    /// `v_ldexp_f16`.
    LdexpF16,
    /// `v_add_u32`.
    AddU32,
    /// `v_sub_u32`.
    SubU32,
    /// `v_subrev_u32`.
    SubrevU32,
    /// `v_fmac_f32`.
    FmacF32,
    /// `v_xnor_b32`.
    XnorB32,
    /// `v_cmp_class_f32`.
    CmpClassF32,
    /// `v_cmpx_class_f32`.
    CmpxClassF32,
    /// `v_cmp_class_f64`.
    CmpClassF64,
    /// `v_cmpx_class_f64`.
    CmpxClassF64,
    /// `v_cmp_class_f16`.
    CmpClassF16,
    /// `v_cmpx_class_f16`.
    CmpxClassF16,
    /// `v_cmp_f_f16`.
    CmpFF16,
    /// `v_cmp_lt_f16`.
    CmpLtF16,
    /// `v_cmp_eq_f16`.
    CmpEqF16,
    /// `v_cmp_le_f16`.
    CmpLeF16,
    /// `v_cmp_gt_f16`.
    CmpGtF16,
    /// `v_cmp_lg_f16`.
    CmpLgF16,
    /// `v_cmp_ge_f16`.
    CmpGeF16,
    /// `v_cmp_o_f16`.
    CmpOF16,
    /// `v_cmp_u_f16`.
    CmpUF16,
    /// `v_cmp_nge_f16`.
    CmpNgeF16,
    /// `v_cmp_nlg_f16`.
    CmpNlgF16,
    /// `v_cmp_ngt_f16`.
    CmpNgtF16,
    /// `v_cmp_nle_f16`.
    CmpNleF16,
    /// `v_cmp_neq_f16`.
    CmpNeqF16,
    /// `v_cmp_nlt_f16`.
    CmpNltF16,
    /// `v_cmp_tru_f16`.
    CmpTruF16,
    /// `v_cmpx_f_f16`.
    CmpxFF16,
    /// `v_cmpx_lt_f16`.
    CmpxLtF16,
    /// `v_cmpx_eq_f16`.
    CmpxEqF16,
    /// `v_cmpx_le_f16`.
    CmpxLeF16,
    /// `v_cmpx_gt_f16`.
    CmpxGtF16,
    /// `v_cmpx_lg_f16`.
    CmpxLgF16,
    /// `v_cmpx_ge_f16`.
    CmpxGeF16,
    /// `v_cmpx_o_f16`.
    CmpxOF16,
    /// `v_cmpx_u_f16`.
    CmpxUF16,
    /// `v_cmpx_nge_f16`.
    CmpxNgeF16,
    /// `v_cmpx_nlg_f16`.
    CmpxNlgF16,
    /// `v_cmpx_ngt_f16`.
    CmpxNgtF16,
    /// `v_cmpx_nle_f16`.
    CmpxNleF16,
    /// `v_cmpx_neq_f16`.
    CmpxNeqF16,
    /// `v_cmpx_nlt_f16`.
    CmpxNltF16,
    /// `v_cmpx_tru_f16`.
    CmpxTruF16,
    /// `v_cmp_f_f32`.
    CmpFF32,
    /// `v_cmp_lt_f32`.
    CmpLtF32,
    /// `v_cmp_eq_f32`.
    CmpEqF32,
    /// `v_cmp_le_f32`.
    CmpLeF32,
    /// `v_cmp_gt_f32`.
    CmpGtF32,
    /// `v_cmp_lg_f32`.
    CmpLgF32,
    /// `v_cmp_ge_f32`.
    CmpGeF32,
    /// `v_cmp_o_f32`.
    CmpOF32,
    /// `v_cmp_u_f32`.
    CmpUF32,
    /// `v_cmp_nge_f32`.
    CmpNgeF32,
    /// `v_cmp_nlg_f32`.
    CmpNlgF32,
    /// `v_cmp_ngt_f32`.
    CmpNgtF32,
    /// `v_cmp_nle_f32`.
    CmpNleF32,
    /// `v_cmp_neq_f32`.
    CmpNeqF32,
    /// `v_cmp_nlt_f32`.
    CmpNltF32,
    /// `v_cmp_tru_f32`.
    CmpTruF32,
    /// `v_cmpx_f_f32`.
    CmpxFF32,
    /// `v_cmpx_lt_f32`.
    CmpxLtF32,
    /// `v_cmpx_eq_f32`.
    CmpxEqF32,
    /// `v_cmpx_le_f32`.
    CmpxLeF32,
    /// `v_cmpx_gt_f32`.
    CmpxGtF32,
    /// `v_cmpx_lg_f32`.
    CmpxLgF32,
    /// `v_cmpx_ge_f32`.
    CmpxGeF32,
    /// `v_cmpx_o_f32`.
    CmpxOF32,
    /// `v_cmpx_u_f32`.
    CmpxUF32,
    /// `v_cmpx_nge_f32`.
    CmpxNgeF32,
    /// `v_cmpx_nlg_f32`.
    CmpxNlgF32,
    /// `v_cmpx_ngt_f32`.
    CmpxNgtF32,
    /// `v_cmpx_nle_f32`.
    CmpxNleF32,
    /// `v_cmpx_neq_f32`.
    CmpxNeqF32,
    /// `v_cmpx_nlt_f32`.
    CmpxNltF32,
    /// `v_cmpx_tru_f32`.
    CmpxTruF32,
    /// `v_cmp_f_f64`.
    CmpFF64,
    /// `v_cmp_lt_f64`.
    CmpLtF64,
    /// `v_cmp_eq_f64`.
    CmpEqF64,
    /// `v_cmp_le_f64`.
    CmpLeF64,
    /// `v_cmp_gt_f64`.
    CmpGtF64,
    /// `v_cmp_lg_f64`.
    CmpLgF64,
    /// `v_cmp_ge_f64`.
    CmpGeF64,
    /// `v_cmp_o_f64`.
    CmpOF64,
    /// `v_cmp_u_f64`.
    CmpUF64,
    /// `v_cmp_nge_f64`.
    CmpNgeF64,
    /// `v_cmp_nlg_f64`.
    CmpNlgF64,
    /// `v_cmp_ngt_f64`.
    CmpNgtF64,
    /// `v_cmp_nle_f64`.
    CmpNleF64,
    /// `v_cmp_neq_f64`.
    CmpNeqF64,
    /// `v_cmp_nlt_f64`.
    CmpNltF64,
    /// `v_cmp_tru_f64`.
    CmpTruF64,
    /// `v_cmpx_f_f64`.
    CmpxFF64,
    /// `v_cmpx_lt_f64`.
    CmpxLtF64,
    /// `v_cmpx_eq_f64`.
    CmpxEqF64,
    /// `v_cmpx_le_f64`.
    CmpxLeF64,
    /// `v_cmpx_gt_f64`.
    CmpxGtF64,
    /// `v_cmpx_lg_f64`.
    CmpxLgF64,
    /// `v_cmpx_ge_f64`.
    CmpxGeF64,
    /// `v_cmpx_o_f64`.
    CmpxOF64,
    /// `v_cmpx_u_f64`.
    CmpxUF64,
    /// `v_cmpx_nge_f64`.
    CmpxNgeF64,
    /// `v_cmpx_nlg_f64`.
    CmpxNlgF64,
    /// `v_cmpx_ngt_f64`.
    CmpxNgtF64,
    /// `v_cmpx_nle_f64`.
    CmpxNleF64,
    /// `v_cmpx_neq_f64`.
    CmpxNeqF64,
    /// `v_cmpx_nlt_f64`.
    CmpxNltF64,
    /// `v_cmpx_tru_f64`.
    CmpxTruF64,
    /// `v_cmp_f_i16`.
    CmpFI16,
    /// `v_cmp_lt_i16`.
    CmpLtI16,
    /// `v_cmp_eq_i16`.
    CmpEqI16,
    /// `v_cmp_le_i16`.
    CmpLeI16,
    /// `v_cmp_gt_i16`.
    CmpGtI16,
    /// `v_cmp_ne_i16`.
    CmpNeI16,
    /// `v_cmp_ge_i16`.
    CmpGeI16,
    /// `v_cmp_t_i16`.
    CmpTI16,
    /// `v_cmp_f_u16`.
    CmpFU16,
    /// `v_cmp_lt_u16`.
    CmpLtU16,
    /// `v_cmp_eq_u16`.
    CmpEqU16,
    /// `v_cmp_le_u16`.
    CmpLeU16,
    /// `v_cmp_gt_u16`.
    CmpGtU16,
    /// `v_cmp_ne_u16`.
    CmpNeU16,
    /// `v_cmp_ge_u16`.
    CmpGeU16,
    /// `v_cmp_t_u16`.
    CmpTU16,
    /// `v_cmpx_f_i16`.
    CmpxFI16,
    /// `v_cmpx_lt_i16`.
    CmpxLtI16,
    /// `v_cmpx_eq_i16`.
    CmpxEqI16,
    /// `v_cmpx_le_i16`.
    CmpxLeI16,
    /// `v_cmpx_gt_i16`.
    CmpxGtI16,
    /// `v_cmpx_ne_i16`.
    CmpxNeI16,
    /// `v_cmpx_ge_i16`.
    CmpxGeI16,
    /// `v_cmpx_t_i16`.
    CmpxTI16,
    /// `v_cmpx_f_u16`.
    CmpxFU16,
    /// `v_cmpx_lt_u16`.
    CmpxLtU16,
    /// `v_cmpx_eq_u16`.
    CmpxEqU16,
    /// `v_cmpx_le_u16`.
    CmpxLeU16,
    /// `v_cmpx_gt_u16`.
    CmpxGtU16,
    /// `v_cmpx_ne_u16`.
    CmpxNeU16,
    /// `v_cmpx_ge_u16`.
    CmpxGeU16,
    /// `v_cmpx_t_u16`.
    CmpxTU16,
    /// `v_cmp_f_i32`.
    CmpFI32,
    /// `v_cmp_lt_i32`.
    CmpLtI32,
    /// `v_cmp_eq_i32`.
    CmpEqI32,
    /// `v_cmp_le_i32`.
    CmpLeI32,
    /// `v_cmp_gt_i32`.
    CmpGtI32,
    /// `v_cmp_ne_i32`.
    CmpNeI32,
    /// `v_cmp_ge_i32`.
    CmpGeI32,
    /// `v_cmp_t_i32`.
    CmpTI32,
    /// `v_cmp_f_u32`.
    CmpFU32,
    /// `v_cmp_lt_u32`.
    CmpLtU32,
    /// `v_cmp_eq_u32`.
    CmpEqU32,
    /// `v_cmp_le_u32`.
    CmpLeU32,
    /// `v_cmp_gt_u32`.
    CmpGtU32,
    /// `v_cmp_ne_u32`.
    CmpNeU32,
    /// `v_cmp_ge_u32`.
    CmpGeU32,
    /// `v_cmp_t_u32`.
    CmpTU32,
    /// `v_cmpx_f_i32`.
    CmpxFI32,
    /// `v_cmpx_lt_i32`.
    CmpxLtI32,
    /// `v_cmpx_eq_i32`.
    CmpxEqI32,
    /// `v_cmpx_le_i32`.
    CmpxLeI32,
    /// `v_cmpx_gt_i32`.
    CmpxGtI32,
    /// `v_cmpx_ne_i32`.
    CmpxNeI32,
    /// `v_cmpx_ge_i32`.
    CmpxGeI32,
    /// `v_cmpx_t_i32`.
    CmpxTI32,
    /// `v_cmpx_f_u32`.
    CmpxFU32,
    /// `v_cmpx_lt_u32`.
    CmpxLtU32,
    /// `v_cmpx_eq_u32`.
    CmpxEqU32,
    /// `v_cmpx_le_u32`.
    CmpxLeU32,
    /// `v_cmpx_gt_u32`.
    CmpxGtU32,
    /// `v_cmpx_ne_u32`.
    CmpxNeU32,
    /// `v_cmpx_ge_u32`.
    CmpxGeU32,
    /// `v_cmpx_t_u32`.
    CmpxTU32,
    /// `v_cmp_f_i64`.
    CmpFI64,
    /// `v_cmp_lt_i64`.
    CmpLtI64,
    /// `v_cmp_eq_i64`.
    CmpEqI64,
    /// `v_cmp_le_i64`.
    CmpLeI64,
    /// `v_cmp_gt_i64`.
    CmpGtI64,
    /// `v_cmp_ne_i64`.
    CmpNeI64,
    /// `v_cmp_ge_i64`.
    CmpGeI64,
    /// `v_cmp_t_i64`.
    CmpTI64,
    /// `v_cmp_f_u64`.
    CmpFU64,
    /// `v_cmp_lt_u64`.
    CmpLtU64,
    /// `v_cmp_eq_u64`.
    CmpEqU64,
    /// `v_cmp_le_u64`.
    CmpLeU64,
    /// `v_cmp_gt_u64`.
    CmpGtU64,
    /// `v_cmp_ne_u64`.
    CmpNeU64,
    /// `v_cmp_ge_u64`.
    CmpGeU64,
    /// `v_cmp_t_u64`.
    CmpTU64,
    /// `v_cmpx_f_i64`.
    CmpxFI64,
    /// `v_cmpx_lt_i64`.
    CmpxLtI64,
    /// `v_cmpx_eq_i64`.
    CmpxEqI64,
    /// `v_cmpx_le_i64`.
    CmpxLeI64,
    /// `v_cmpx_gt_i64`.
    CmpxGtI64,
    /// `v_cmpx_ne_i64`.
    CmpxNeI64,
    /// `v_cmpx_ge_i64`.
    CmpxGeI64,
    /// `v_cmpx_t_i64`.
    CmpxTI64,
    /// `v_cmpx_f_u64`.
    CmpxFU64,
    /// `v_cmpx_lt_u64`.
    CmpxLtU64,
    /// `v_cmpx_eq_u64`.
    CmpxEqU64,
    /// `v_cmpx_le_u64`.
    CmpxLeU64,
    /// `v_cmpx_gt_u64`.
    CmpxGtU64,
    /// `v_cmpx_ne_u64`.
    CmpxNeU64,
    /// `v_cmpx_ge_u64`.
    CmpxGeU64,
    /// `v_cmpx_t_u64`.
    CmpxTU64,
    /// `v_mad_legacy_f32`.
    MadLegacyF32,
    /// `v_mad_f32`.
    MadF32,
    /// `v_mad_i32_i24`.
    MadI32I24,
    /// `v_mad_u32_u24`.
    MadU32U24,
    /// `v_cubeid_f32`.
    CubeidF32,
    /// `v_cubesc_f32`.
    CubescF32,
    /// `v_cubetc_f32`.
    CubetcF32,
    /// `v_cubema_f32`.
    CubemaF32,
    /// `v_bfe_u32`.
    BfeU32,
    /// `v_bfe_i32`.
    BfeI32,
    /// `v_bfi_b32`.
    BfiB32,
    /// `v_fma_f32`.
    FmaF32,
    /// `v_fma_f64`.
    FmaF64,
    /// `v_lerp_u8`.
    LerpU8,
    /// `v_alignbit_b32`.
    AlignbitB32,
    /// `v_alignbyte_b32`.
    AlignbyteB32,
    /// `v_min3_f32`.
    Min3F32,
    /// `v_min3_i32`.
    Min3I32,
    /// `v_min3_u32`.
    Min3U32,
    /// `v_max3_f32`.
    Max3F32,
    /// `v_max3_i32`.
    Max3I32,
    /// `v_max3_u32`.
    Max3U32,
    /// `v_med3_f32`.
    Med3F32,
    /// `v_med3_i32`.
    Med3I32,
    /// `v_med3_u32`.
    Med3U32,
    /// `v_sad_u8`.
    SadU8,
    /// `v_sad_hi_u8`.
    SadHiU8,
    /// `v_sad_u16`.
    SadU16,
    /// `v_sad_u32`.
    SadU32,
    /// `v_cvt_pk_u8_f32`.
    CvtPkU8F32,
    /// `v_div_fixup_f32`.
    DivFixupF32,
    /// `v_div_fixup_f64`.
    DivFixupF64,
    /// `v_div_scale_f32`.
    DivScaleF32,
    /// `v_div_scale_f64`.
    DivScaleF64,
    /// `v_div_fmas_f32`.
    DivFmasF32,
    /// `v_div_fmas_f64`.
    DivFmasF64,
    /// `v_msad_u8`.
    MsadU8,
    /// `v_qsad_pk_u16_u8`.
    QsadPkU16U8,
    /// `v_mqsad_pk_u16_u8`.
    MqsadPkU16U8,
    /// `v_mqsad_u32_u8`.
    MqsadU32U8,
    /// `v_mad_u64_u32`.
    MadU64U32,
    /// `v_mad_i64_i32`.
    MadI64I32,
    /// `v_mad_legacy_f16`.
    MadLegacyF16,
    /// `v_mad_legacy_u16`.
    MadLegacyU16,
    /// `v_mad_legacy_i16`.
    MadLegacyI16,
    /// `v_perm_b32`.
    PermB32,
    /// `v_fma_legacy_f16`.
    FmaLegacyF16,
    /// `v_div_fixup_legacy_f16`.
    DivFixupLegacyF16,
    /// `v_cvt_pkaccum_u8_f32`.
    CvtPkaccumU8F32,
    /// `v_mad_u32_u16`.
    MadU32U16,
    /// `v_mad_i32_i16`.
    MadI32I16,
    /// `v_xad_u32`.
    XadU32,
    /// `v_min3_f16`.
    Min3F16,
    /// `v_min3_i16`.
    Min3I16,
    /// `v_min3_u16`.
    Min3U16,
    /// `v_max3_f16`.
    Max3F16,
    /// `v_max3_i16`.
    Max3I16,
    /// `v_max3_u16`.
    Max3U16,
    /// `v_med3_f16`.
    Med3F16,
    /// `v_med3_i16`.
    Med3I16,
    /// `v_med3_u16`.
    Med3U16,
    /// `v_lshl_add_u32`.
    LshlAddU32,
    /// `v_add_lshl_u32`.
    AddLshlU32,
    /// `v_add3_u32`.
    Add3U32,
    /// `v_lshl_or_b32`.
    LshlOrB32,
    /// `v_and_or_b32`.
    AndOrB32,
    /// `v_or3_b32`.
    Or3B32,
    /// `v_mad_f16`.
    MadF16,
    /// `v_mad_u16`.
    MadU16,
    /// `v_mad_i16`.
    MadI16,
    /// `v_fma_f16`.
    FmaF16,
    /// `v_div_fixup_f16`.
    DivFixupF16,
    /// `v_add_f64`.
    AddF64,
    /// `v_mul_f64`.
    MulF64,
    /// `v_min_f64`.
    MinF64,
    /// `v_max_f64`.
    MaxF64,
    /// `v_ldexp_f64`.
    LdexpF64,
    /// `v_mul_lo_u32`.
    MulLoU32,
    /// `v_mul_hi_u32`.
    MulHiU32,
    /// `v_mul_hi_i32`.
    MulHiI32,
    /// `v_ldexp_f32`.
    LdexpF32,
    /// `v_readlane_b32`.
    ReadlaneB32,
    /// `v_writelane_b32`.
    WritelaneB32,
    /// `v_bcnt_u32_b32`.
    BcntU32B32,
    /// `v_mbcnt_lo_u32_b32`.
    MbcntLoU32B32,
    /// `v_mbcnt_hi_u32_b32`.
    MbcntHiU32B32,
    /// `v_lshlrev_b64`.
    LshlrevB64,
    /// `v_lshrrev_b64`.
    LshrrevB64,
    /// `v_ashrrev_i64`.
    AshrrevI64,
    /// `v_trig_preop_f64`.
    TrigPreopF64,
    /// `v_bfm_b32`.
    BfmB32,
    /// `v_cvt_pknorm_i16_f32`.
    CvtPknormI16F32,
    /// `v_cvt_pknorm_u16_f32`.
    CvtPknormU16F32,
    /// `v_cvt_pkrtz_f16_f32`.
    CvtPkrtzF16F32,
    /// `v_cvt_pk_u16_u32`.
    CvtPkU16U32,
    /// `v_cvt_pk_i16_i32`.
    CvtPkI16I32,
    /// `v_cvt_pknorm_i16_f16`.
    CvtPknormI16F16,
    /// `v_cvt_pknorm_u16_f16`.
    CvtPknormU16F16,
    /// `v_add_i32`.
    AddI32,
    /// `v_sub_i32`.
    SubI32,
    /// `v_add_i16`.
    AddI16,
    /// `v_sub_i16`.
    SubI16,
    /// `v_pack_b32_f16`.
    PackB32F16,
    /// `ds_add_u32`.
    DsAddU32,
    /// `ds_sub_u32`.
    DsSubU32,
    /// `ds_rsub_u32`.
    DsRsubU32,
    /// `ds_inc_u32`.
    DsIncU32,
    /// `ds_dec_u32`.
    DsDecU32,
    /// `ds_min_i32`.
    DsMinI32,
    /// `ds_max_i32`.
    DsMaxI32,
    /// `ds_min_u32`.
    DsMinU32,
    /// `ds_max_u32`.
    DsMaxU32,
    /// `ds_and_b32`.
    DsAndB32,
    /// `ds_or_b32`.
    DsOrB32,
    /// `ds_xor_b32`.
    DsXorB32,
    /// `ds_mskor_b32`.
    DsMskorB32,
    /// `ds_write_b32`.
    DsWriteB32,
    /// `ds_write2_b32`.
    DsWrite2B32,
    /// `ds_write2st64_b32`.
    DsWrite2st64B32,
    /// `ds_cmpst_b32`.
    DsCmpstB32,
    /// `ds_cmpst_f32`.
    DsCmpstF32,
    /// `ds_min_f32`.
    DsMinF32,
    /// `ds_max_f32`.
    DsMaxF32,
    /// `ds_nop`.
    DsNop,
    /// `ds_add_f32`.
    DsAddF32,
    /// `ds_write_addtid_b32`.
    DsWriteAddtidB32,
    /// `ds_write_b8`.
    DsWriteB8,
    /// `ds_write_b16`.
    DsWriteB16,
    /// `ds_add_rtn_u32`.
    DsAddRtnU32,
    /// `ds_sub_rtn_u32`.
    DsSubRtnU32,
    /// `ds_rsub_rtn_u32`.
    DsRsubRtnU32,
    /// `ds_inc_rtn_u32`.
    DsIncRtnU32,
    /// `ds_dec_rtn_u32`.
    DsDecRtnU32,
    /// `ds_min_rtn_i32`.
    DsMinRtnI32,
    /// `ds_max_rtn_i32`.
    DsMaxRtnI32,
    /// `ds_min_rtn_u32`.
    DsMinRtnU32,
    /// `ds_max_rtn_u32`.
    DsMaxRtnU32,
    /// `ds_and_rtn_b32`.
    DsAndRtnB32,
    /// `ds_or_rtn_b32`.
    DsOrRtnB32,
    /// `ds_xor_rtn_b32`.
    DsXorRtnB32,
    /// `ds_mskor_rtn_b32`.
    DsMskorRtnB32,
    /// `ds_wrxchg_rtn_b32`.
    DsWrxchgRtnB32,
    /// `ds_wrxchg2_rtn_b32`.
    DsWrxchg2RtnB32,
    /// `ds_wrxchg2st64_rtn_b32`.
    DsWrxchg2st64RtnB32,
    /// `ds_cmpst_rtn_b32`.
    DsCmpstRtnB32,
    /// `ds_cmpst_rtn_f32`.
    DsCmpstRtnF32,
    /// `ds_min_rtn_f32`.
    DsMinRtnF32,
    /// `ds_max_rtn_f32`.
    DsMaxRtnF32,
    /// `ds_wrap_rtn_b32`.
    DsWrapRtnB32,
    /// `ds_add_rtn_f32`.
    DsAddRtnF32,
    /// `ds_read_b32`.
    DsReadB32,
    /// `ds_read2_b32`.
    DsRead2B32,
    /// `ds_read2st64_b32`.
    DsRead2st64B32,
    /// `ds_read_i8`.
    DsReadI8,
    /// `ds_read_u8`.
    DsReadU8,
    /// `ds_read_i16`.
    DsReadI16,
    /// `ds_read_u16`.
    DsReadU16,
    /// `ds_swizzle_b32`.
    DsSwizzleB32,
    /// `ds_permute_b32`.
    DsPermuteB32,
    /// `ds_bpermute_b32`.
    DsBpermuteB32,
    /// `ds_add_u64`.
    DsAddU64,
    /// `ds_sub_u64`.
    DsSubU64,
    /// `ds_rsub_u64`.
    DsRsubU64,
    /// `ds_inc_u64`.
    DsIncU64,
    /// `ds_dec_u64`.
    DsDecU64,
    /// `ds_min_i64`.
    DsMinI64,
    /// `ds_max_i64`.
    DsMaxI64,
    /// `ds_min_u64`.
    DsMinU64,
    /// `ds_max_u64`.
    DsMaxU64,
    /// `ds_and_b64`.
    DsAndB64,
    /// `ds_or_b64`.
    DsOrB64,
    /// `ds_xor_b64`.
    DsXorB64,
    /// `ds_mskor_b64`.
    DsMskorB64,
    /// `ds_write_b64`.
    DsWriteB64,
    /// `ds_write2_b64`.
    DsWrite2B64,
    /// `ds_write2st64_b64`.
    DsWrite2st64B64,
    /// `ds_cmpst_b64`.
    DsCmpstB64,
    /// `ds_cmpst_f64`.
    DsCmpstF64,
    /// `ds_min_f64`.
    DsMinF64,
    /// `ds_max_f64`.
    DsMaxF64,
    /// `ds_write_b8_d16_hi`.
    DsWriteB8D16Hi,
    /// `ds_write_b16_d16_hi`.
    DsWriteB16D16Hi,
    /// `ds_read_u8_d16`.
    DsReadU8D16,
    /// `ds_read_u8_d16_hi`.
    DsReadU8D16Hi,
    /// `ds_read_i8_d16`.
    DsReadI8D16,
    /// `ds_read_i8_d16_hi`.
    DsReadI8D16Hi,
    /// `ds_read_u16_d16`.
    DsReadU16D16,
    /// `ds_read_u16_d16_hi`.
    DsReadU16D16Hi,
    /// `ds_add_rtn_u64`.
    DsAddRtnU64,
    /// `ds_sub_rtn_u64`.
    DsSubRtnU64,
    /// `ds_rsub_rtn_u64`.
    DsRsubRtnU64,
    /// `ds_inc_rtn_u64`.
    DsIncRtnU64,
    /// `ds_dec_rtn_u64`.
    DsDecRtnU64,
    /// `ds_min_rtn_i64`.
    DsMinRtnI64,
    /// `ds_max_rtn_i64`.
    DsMaxRtnI64,
    /// `ds_min_rtn_u64`.
    DsMinRtnU64,
    /// `ds_max_rtn_u64`.
    DsMaxRtnU64,
    /// `ds_and_rtn_b64`.
    DsAndRtnB64,
    /// `ds_or_rtn_b64`.
    DsOrRtnB64,
    /// `ds_xor_rtn_b64`.
    DsXorRtnB64,
    /// `ds_mskor_rtn_b64`.
    DsMskorRtnB64,
    /// `ds_wrxchg_rtn_b64`.
    DsWrxchgRtnB64,
    /// `ds_wrxchg2_rtn_b64`.
    DsWrxchg2RtnB64,
    /// `ds_wrxchg2st64_rtn_b64`.
    DsWrxchg2st64RtnB64,
    /// `ds_cmpst_rtn_b64`.
    DsCmpstRtnB64,
    /// `ds_cmpst_rtn_f64`.
    DsCmpstRtnF64,
    /// `ds_min_rtn_f64`.
    DsMinRtnF64,
    /// `ds_max_rtn_f64`.
    DsMaxRtnF64,
    /// `ds_read_b64`.
    DsReadB64,
    /// `ds_read2_b64`.
    DsRead2B64,
    /// `ds_read2st64_b64`.
    DsRead2st64B64,
    /// `ds_condxchg32_rtn_b64`.
    DsCondxchg32RtnB64,
    /// `ds_add_src2_u32`.
    DsAddSrc2U32,
    /// `ds_sub_src2_u32`.
    DsSubSrc2U32,
    /// `ds_rsub_src2_u32`.
    DsRsubSrc2U32,
    /// `ds_inc_src2_u32`.
    DsIncSrc2U32,
    /// `ds_dec_src2_u32`.
    DsDecSrc2U32,
    /// `ds_min_src2_i32`.
    DsMinSrc2I32,
    /// `ds_max_src2_i32`.
    DsMaxSrc2I32,
    /// `ds_min_src2_u32`.
    DsMinSrc2U32,
    /// `ds_max_src2_u32`.
    DsMaxSrc2U32,
    /// `ds_and_src2_b32`.
    DsAndSrc2B32,
    /// `ds_or_src2_b32`.
    DsOrSrc2B32,
    /// `ds_xor_src2_b32`.
    DsXorSrc2B32,
    /// `ds_write_src2_b32`.
    DsWriteSrc2B32,
    /// `ds_min_src2_f32`.
    DsMinSrc2F32,
    /// `ds_max_src2_f32`.
    DsMaxSrc2F32,
    /// `ds_add_src2_f32`.
    DsAddSrc2F32,
    /// `ds_gws_sema_release_all`.
    DsGwsSemaReleaseAll,
    /// `ds_gws_init`.
    DsGwsInit,
    /// `ds_gws_sema_v`.
    DsGwsSemaV,
    /// `ds_gws_sema_br`.
    DsGwsSemaBr,
    /// `ds_gws_sema_p`.
    DsGwsSemaP,
    /// `ds_gws_barrier`.
    DsGwsBarrier,
    /// `ds_read_addtid_b32`.
    DsReadAddtidB32,
    /// `ds_consume`.
    DsConsume,
    /// `ds_append`.
    DsAppend,
    /// `ds_ordered_count`.
    DsOrderedCount,
    /// `ds_add_src2_u64`.
    DsAddSrc2U64,
    /// `ds_sub_src2_u64`.
    DsSubSrc2U64,
    /// `ds_rsub_src2_u64`.
    DsRsubSrc2U64,
    /// `ds_inc_src2_u64`.
    DsIncSrc2U64,
    /// `ds_dec_src2_u64`.
    DsDecSrc2U64,
    /// `ds_min_src2_i64`.
    DsMinSrc2I64,
    /// `ds_max_src2_i64`.
    DsMaxSrc2I64,
    /// `ds_min_src2_u64`.
    DsMinSrc2U64,
    /// `ds_max_src2_u64`.
    DsMaxSrc2U64,
    /// `ds_and_src2_b64`.
    DsAndSrc2B64,
    /// `ds_or_src2_b64`.
    DsOrSrc2B64,
    /// `ds_xor_src2_b64`.
    DsXorSrc2B64,
    /// `ds_write_src2_b64`.
    DsWriteSrc2B64,
    /// `ds_min_src2_f64`.
    DsMinSrc2F64,
    /// `ds_max_src2_f64`.
    DsMaxSrc2F64,
    /// `ds_write_b96`.
    DsWriteB96,
    /// `ds_write_b128`.
    DsWriteB128,
    /// `ds_read_b96`.
    DsReadB96,
    /// `ds_read_b128`.
    DsReadB128,
    /// `flat_load_ubyte`.
    FlatLoadUbyte,
    /// `flat_load_sbyte`.
    FlatLoadSbyte,
    /// `flat_load_ushort`.
    FlatLoadUshort,
    /// `flat_load_sshort`.
    FlatLoadSshort,
    /// `flat_load_dword`.
    FlatLoadDword,
    /// `flat_load_dwordx2`.
    FlatLoadDwordx2,
    /// `flat_load_dwordx3`.
    FlatLoadDwordx3,
    /// `flat_load_dwordx4`.
    FlatLoadDwordx4,
    /// `flat_store_byte`.
    FlatStoreByte,
    /// `flat_store_byte_d16_hi`.
    FlatStoreByteD16Hi,
    /// `flat_store_short`.
    FlatStoreShort,
    /// `flat_store_short_d16_hi`.
    FlatStoreShortD16Hi,
    /// `flat_store_dword`.
    FlatStoreDword,
    /// `flat_store_dwordx2`.
    FlatStoreDwordx2,
    /// `flat_store_dwordx3`.
    FlatStoreDwordx3,
    /// `flat_store_dwordx4`.
    FlatStoreDwordx4,
    /// `flat_load_ubyte_d16`.
    FlatLoadUbyteD16,
    /// `flat_load_ubyte_d16_hi`.
    FlatLoadUbyteD16Hi,
    /// `flat_load_sbyte_d16`.
    FlatLoadSbyteD16,
    /// `flat_load_sbyte_d16_hi`.
    FlatLoadSbyteD16Hi,
    /// `flat_load_short_d16`.
    FlatLoadShortD16,
    /// `flat_load_short_d16_hi`.
    FlatLoadShortD16Hi,
    /// `flat_atomic_swap`.
    FlatAtomicSwap,
    /// `flat_atomic_cmpswap`.
    FlatAtomicCmpswap,
    /// `flat_atomic_add`.
    FlatAtomicAdd,
    /// `flat_atomic_sub`.
    FlatAtomicSub,
    /// `flat_atomic_smin`.
    FlatAtomicSmin,
    /// `flat_atomic_umin`.
    FlatAtomicUmin,
    /// `flat_atomic_smax`.
    FlatAtomicSmax,
    /// `flat_atomic_umax`.
    FlatAtomicUmax,
    /// `flat_atomic_and`.
    FlatAtomicAnd,
    /// `flat_atomic_or`.
    FlatAtomicOr,
    /// `flat_atomic_xor`.
    FlatAtomicXor,
    /// `flat_atomic_inc`.
    FlatAtomicInc,
    /// `flat_atomic_dec`.
    FlatAtomicDec,
    /// `flat_atomic_swap_x2`.
    FlatAtomicSwapX2,
    /// `flat_atomic_cmpswap_x2`.
    FlatAtomicCmpswapX2,
    /// `flat_atomic_add_x2`.
    FlatAtomicAddX2,
    /// `flat_atomic_sub_x2`.
    FlatAtomicSubX2,
    /// `flat_atomic_smin_x2`.
    FlatAtomicSminX2,
    /// `flat_atomic_umin_x2`.
    FlatAtomicUminX2,
    /// `flat_atomic_smax_x2`.
    FlatAtomicSmaxX2,
    /// `flat_atomic_umax_x2`.
    FlatAtomicUmaxX2,
    /// `flat_atomic_and_x2`.
    FlatAtomicAndX2,
    /// `flat_atomic_or_x2`.
    FlatAtomicOrX2,
    /// `flat_atomic_xor_x2`.
    FlatAtomicXorX2,
    /// `flat_atomic_inc_x2`.
    FlatAtomicIncX2,
    /// `flat_atomic_dec_x2`.
    FlatAtomicDecX2,
    /// `scratch_load_ubyte`.
    ScratchLoadUbyte,
    /// `scratch_load_sbyte`.
    ScratchLoadSbyte,
    /// `scratch_load_ushort`.
    ScratchLoadUshort,
    /// `scratch_load_sshort`.
    ScratchLoadSshort,
    /// `scratch_load_dword`.
    ScratchLoadDword,
    /// `scratch_load_dwordx2`.
    ScratchLoadDwordx2,
    /// `scratch_load_dwordx3`.
    ScratchLoadDwordx3,
    /// `scratch_load_dwordx4`.
    ScratchLoadDwordx4,
    /// `scratch_store_byte`.
    ScratchStoreByte,
    /// `scratch_store_byte_d16_hi`.
    ScratchStoreByteD16Hi,
    /// `scratch_store_short`.
    ScratchStoreShort,
    /// `scratch_store_short_d16_hi`.
    ScratchStoreShortD16Hi,
    /// `scratch_store_dword`.
    ScratchStoreDword,
    /// `scratch_store_dwordx2`.
    ScratchStoreDwordx2,
    /// `scratch_store_dwordx3`.
    ScratchStoreDwordx3,
    /// `scratch_store_dwordx4`.
    ScratchStoreDwordx4,
    /// `scratch_load_ubyte_d16`.
    ScratchLoadUbyteD16,
    /// `scratch_load_ubyte_d16_hi`.
    ScratchLoadUbyteD16Hi,
    /// `scratch_load_sbyte_d16`.
    ScratchLoadSbyteD16,
    /// `scratch_load_sbyte_d16_hi`.
    ScratchLoadSbyteD16Hi,
    /// `scratch_load_short_d16`.
    ScratchLoadShortD16,
    /// `scratch_load_short_d16_hi`.
    ScratchLoadShortD16Hi,
    /// `global_load_ubyte`.
    GlobalLoadUbyte,
    /// `global_load_sbyte`.
    GlobalLoadSbyte,
    /// `global_load_ushort`.
    GlobalLoadUshort,
    /// `global_load_sshort`.
    GlobalLoadSshort,
    /// `global_load_dword`.
    GlobalLoadDword,
    /// `global_load_dwordx2`.
    GlobalLoadDwordx2,
    /// `global_load_dwordx3`.
    GlobalLoadDwordx3,
    /// `global_load_dwordx4`.
    GlobalLoadDwordx4,
    /// `global_store_byte`.
    GlobalStoreByte,
    /// `global_store_byte_d16_hi`.
    GlobalStoreByteD16Hi,
    /// `global_store_short`.
    GlobalStoreShort,
    /// `global_store_short_d16_hi`.
    GlobalStoreShortD16Hi,
    /// `global_store_dword`.
    GlobalStoreDword,
    /// `global_store_dwordx2`.
    GlobalStoreDwordx2,
    /// `global_store_dwordx3`.
    GlobalStoreDwordx3,
    /// `global_store_dwordx4`.
    GlobalStoreDwordx4,
    /// `global_load_ubyte_d16`.
    GlobalLoadUbyteD16,
    /// `global_load_ubyte_d16_hi`.
    GlobalLoadUbyteD16Hi,
    /// `global_load_sbyte_d16`.
    GlobalLoadSbyteD16,
    /// `global_load_sbyte_d16_hi`.
    GlobalLoadSbyteD16Hi,
    /// `global_load_short_d16`.
    GlobalLoadShortD16,
    /// `global_load_short_d16_hi`.
    GlobalLoadShortD16Hi,
    /// `global_atomic_swap`.
    GlobalAtomicSwap,
    /// `global_atomic_cmpswap`.
    GlobalAtomicCmpswap,
    /// `global_atomic_add`.
    GlobalAtomicAdd,
    /// `global_atomic_sub`.
    GlobalAtomicSub,
    /// `global_atomic_smin`.
    GlobalAtomicSmin,
    /// `global_atomic_umin`.
    GlobalAtomicUmin,
    /// `global_atomic_smax`.
    GlobalAtomicSmax,
    /// `global_atomic_umax`.
    GlobalAtomicUmax,
    /// `global_atomic_and`.
    GlobalAtomicAnd,
    /// `global_atomic_or`.
    GlobalAtomicOr,
    /// `global_atomic_xor`.
    GlobalAtomicXor,
    /// `global_atomic_inc`.
    GlobalAtomicInc,
    /// `global_atomic_dec`.
    GlobalAtomicDec,
    /// `global_atomic_swap_x2`.
    GlobalAtomicSwapX2,
    /// `global_atomic_cmpswap_x2`.
    GlobalAtomicCmpswapX2,
    /// `global_atomic_add_x2`.
    GlobalAtomicAddX2,
    /// `global_atomic_sub_x2`.
    GlobalAtomicSubX2,
    /// `global_atomic_smin_x2`.
    GlobalAtomicSminX2,
    /// `global_atomic_umin_x2`.
    GlobalAtomicUminX2,
    /// `global_atomic_smax_x2`.
    GlobalAtomicSmaxX2,
    /// `global_atomic_umax_x2`.
    GlobalAtomicUmaxX2,
    /// `global_atomic_and_x2`.
    GlobalAtomicAndX2,
    /// `global_atomic_or_x2`.
    GlobalAtomicOrX2,
    /// `global_atomic_xor_x2`.
    GlobalAtomicXorX2,
    /// `global_atomic_inc_x2`.
    GlobalAtomicIncX2,
    /// `global_atomic_dec_x2`.
    GlobalAtomicDecX2,
    /// `buffer_load_format_x`.
    BufferLoadFormatX,
    /// `buffer_load_format_xy`.
    BufferLoadFormatXy,
    /// `buffer_load_format_xyz`.
    BufferLoadFormatXyz,
    /// `buffer_load_format_xyzw`.
    BufferLoadFormatXyzw,
    /// `buffer_store_format_x`.
    BufferStoreFormatX,
    /// `buffer_store_format_xy`.
    BufferStoreFormatXy,
    /// `buffer_store_format_xyz`.
    BufferStoreFormatXyz,
    /// `buffer_store_format_xyzw`.
    BufferStoreFormatXyzw,
    /// `buffer_load_format_d16_x`.
    BufferLoadFormatD16X,
    /// `buffer_load_format_d16_xy`.
    BufferLoadFormatD16Xy,
    /// `buffer_load_format_d16_xyz`.
    BufferLoadFormatD16Xyz,
    /// `buffer_load_format_d16_xyzw`.
    BufferLoadFormatD16Xyzw,
    /// `buffer_store_format_d16_x`.
    BufferStoreFormatD16X,
    /// `buffer_store_format_d16_xy`.
    BufferStoreFormatD16Xy,
    /// `buffer_store_format_d16_xyz`.
    BufferStoreFormatD16Xyz,
    /// `buffer_store_format_d16_xyzw`.
    BufferStoreFormatD16Xyzw,
    /// `buffer_load_ubyte`.
    BufferLoadUbyte,
    /// `buffer_load_sbyte`.
    BufferLoadSbyte,
    /// `buffer_load_ushort`.
    BufferLoadUshort,
    /// `buffer_load_sshort`.
    BufferLoadSshort,
    /// `buffer_load_dword`.
    BufferLoadDword,
    /// `buffer_load_dwordx2`.
    BufferLoadDwordx2,
    /// `buffer_load_dwordx3`.
    BufferLoadDwordx3,
    /// `buffer_load_dwordx4`.
    BufferLoadDwordx4,
    /// `buffer_store_byte`.
    BufferStoreByte,
    /// `buffer_store_byte_d16_hi`.
    BufferStoreByteD16Hi,
    /// `buffer_store_short`.
    BufferStoreShort,
    /// `buffer_store_short_d16_hi`.
    BufferStoreShortD16Hi,
    /// `buffer_store_dword`.
    BufferStoreDword,
    /// `buffer_store_dwordx2`.
    BufferStoreDwordx2,
    /// `buffer_store_dwordx3`.
    BufferStoreDwordx3,
    /// `buffer_store_dwordx4`.
    BufferStoreDwordx4,
    /// `buffer_load_ubyte_d16`.
    BufferLoadUbyteD16,
    /// `buffer_load_ubyte_d16_hi`.
    BufferLoadUbyteD16Hi,
    /// `buffer_load_sbyte_d16`.
    BufferLoadSbyteD16,
    /// `buffer_load_sbyte_d16_hi`.
    BufferLoadSbyteD16Hi,
    /// `buffer_load_short_d16`.
    BufferLoadShortD16,
    /// `buffer_load_short_d16_hi`.
    BufferLoadShortD16Hi,
    /// `buffer_load_format_d16_hi_x`.
    BufferLoadFormatD16HiX,
    /// `buffer_store_format_d16_hi_x`.
    BufferStoreFormatD16HiX,
    /// `buffer_store_lds_dword`.
    BufferStoreLdsDword,
    /// `buffer_wbinvl1`.
    BufferWbinvl1,
    /// `buffer_wbinvl1_vol`.
    BufferWbinvl1Vol,
    /// `buffer_atomic_swap`.
    BufferAtomicSwap,
    /// `buffer_atomic_cmpswap`.
    BufferAtomicCmpswap,
    /// `buffer_atomic_add`.
    BufferAtomicAdd,
    /// `buffer_atomic_sub`.
    BufferAtomicSub,
    /// `buffer_atomic_smin`.
    BufferAtomicSmin,
    /// `buffer_atomic_umin`.
    BufferAtomicUmin,
    /// `buffer_atomic_smax`.
    BufferAtomicSmax,
    /// `buffer_atomic_umax`.
    BufferAtomicUmax,
    /// `buffer_atomic_and`.
    BufferAtomicAnd,
    /// `buffer_atomic_or`.
    BufferAtomicOr,
    /// `buffer_atomic_xor`.
    BufferAtomicXor,
    /// `buffer_atomic_inc`.
    BufferAtomicInc,
    /// `buffer_atomic_dec`.
    BufferAtomicDec,
    /// `buffer_atomic_swap_x2`.
    BufferAtomicSwapX2,
    /// `buffer_atomic_cmpswap_x2`.
    BufferAtomicCmpswapX2,
    /// `buffer_atomic_add_x2`.
    BufferAtomicAddX2,
    /// `buffer_atomic_sub_x2`.
    BufferAtomicSubX2,
    /// `buffer_atomic_smin_x2`.
    BufferAtomicSminX2,
    /// `buffer_atomic_umin_x2`.
    BufferAtomicUminX2,
    /// `buffer_atomic_smax_x2`.
    BufferAtomicSmaxX2,
    /// `buffer_atomic_umax_x2`.
    BufferAtomicUmaxX2,
    /// `buffer_atomic_and_x2`.
    BufferAtomicAndX2,
    /// `buffer_atomic_or_x2`.
    BufferAtomicOrX2,
    /// `buffer_atomic_xor_x2`.
    BufferAtomicXorX2,
    /// `buffer_atomic_inc_x2`.
    BufferAtomicIncX2,
    /// `buffer_atomic_dec_x2`.
    BufferAtomicDecX2,
    /// `tbuffer_load_format_x`.
    TbufferLoadFormatX,
    /// `tbuffer_load_format_xy`.
    TbufferLoadFormatXy,
    /// `tbuffer_load_format_xyz`.
    TbufferLoadFormatXyz,
    /// `tbuffer_load_format_xyzw`.
    TbufferLoadFormatXyzw,
    /// `tbuffer_store_format_x`.
    TbufferStoreFormatX,
    /// `tbuffer_store_format_xy`.
    TbufferStoreFormatXy,
    /// `tbuffer_store_format_xyz`.
    TbufferStoreFormatXyz,
    /// `tbuffer_store_format_xyzw`.
    TbufferStoreFormatXyzw,
    /// `tbuffer_load_format_d16_x`.
    TbufferLoadFormatD16X,
    /// `tbuffer_load_format_d16_xy`.
    TbufferLoadFormatD16Xy,
    /// `tbuffer_load_format_d16_xyz`.
    TbufferLoadFormatD16Xyz,
    /// `tbuffer_load_format_d16_xyzw`.
    TbufferLoadFormatD16Xyzw,
    /// `tbuffer_store_format_d16_x`.
    TbufferStoreFormatD16X,
    /// `tbuffer_store_format_d16_xy`.
    TbufferStoreFormatD16Xy,
    /// `tbuffer_store_format_d16_xyz`.
    TbufferStoreFormatD16Xyz,
    /// `tbuffer_store_format_d16_xyzw`.
    TbufferStoreFormatD16Xyzw,
}

impl VOp {
    /// `v_cmpx_*`: the compare writes EXEC as well as its lane mask.
    pub const fn is_cmpx(self) -> bool {
        matches!(
            self,
            VOp::CmpxClassF32
                | VOp::CmpxClassF64
                | VOp::CmpxClassF16
                | VOp::CmpxFF16
                | VOp::CmpxLtF16
                | VOp::CmpxEqF16
                | VOp::CmpxLeF16
                | VOp::CmpxGtF16
                | VOp::CmpxLgF16
                | VOp::CmpxGeF16
                | VOp::CmpxOF16
                | VOp::CmpxUF16
                | VOp::CmpxNgeF16
                | VOp::CmpxNlgF16
                | VOp::CmpxNgtF16
                | VOp::CmpxNleF16
                | VOp::CmpxNeqF16
                | VOp::CmpxNltF16
                | VOp::CmpxTruF16
                | VOp::CmpxFF32
                | VOp::CmpxLtF32
                | VOp::CmpxEqF32
                | VOp::CmpxLeF32
                | VOp::CmpxGtF32
                | VOp::CmpxLgF32
                | VOp::CmpxGeF32
                | VOp::CmpxOF32
                | VOp::CmpxUF32
                | VOp::CmpxNgeF32
                | VOp::CmpxNlgF32
                | VOp::CmpxNgtF32
                | VOp::CmpxNleF32
                | VOp::CmpxNeqF32
                | VOp::CmpxNltF32
                | VOp::CmpxTruF32
                | VOp::CmpxFF64
                | VOp::CmpxLtF64
                | VOp::CmpxEqF64
                | VOp::CmpxLeF64
                | VOp::CmpxGtF64
                | VOp::CmpxLgF64
                | VOp::CmpxGeF64
                | VOp::CmpxOF64
                | VOp::CmpxUF64
                | VOp::CmpxNgeF64
                | VOp::CmpxNlgF64
                | VOp::CmpxNgtF64
                | VOp::CmpxNleF64
                | VOp::CmpxNeqF64
                | VOp::CmpxNltF64
                | VOp::CmpxTruF64
                | VOp::CmpxFI16
                | VOp::CmpxLtI16
                | VOp::CmpxEqI16
                | VOp::CmpxLeI16
                | VOp::CmpxGtI16
                | VOp::CmpxNeI16
                | VOp::CmpxGeI16
                | VOp::CmpxTI16
                | VOp::CmpxFU16
                | VOp::CmpxLtU16
                | VOp::CmpxEqU16
                | VOp::CmpxLeU16
                | VOp::CmpxGtU16
                | VOp::CmpxNeU16
                | VOp::CmpxGeU16
                | VOp::CmpxTU16
                | VOp::CmpxFI32
                | VOp::CmpxLtI32
                | VOp::CmpxEqI32
                | VOp::CmpxLeI32
                | VOp::CmpxGtI32
                | VOp::CmpxNeI32
                | VOp::CmpxGeI32
                | VOp::CmpxTI32
                | VOp::CmpxFU32
                | VOp::CmpxLtU32
                | VOp::CmpxEqU32
                | VOp::CmpxLeU32
                | VOp::CmpxGtU32
                | VOp::CmpxNeU32
                | VOp::CmpxGeU32
                | VOp::CmpxTU32
                | VOp::CmpxFI64
                | VOp::CmpxLtI64
                | VOp::CmpxEqI64
                | VOp::CmpxLeI64
                | VOp::CmpxGtI64
                | VOp::CmpxNeI64
                | VOp::CmpxGeI64
                | VOp::CmpxTI64
                | VOp::CmpxFU64
                | VOp::CmpxLtU64
                | VOp::CmpxEqU64
                | VOp::CmpxLeU64
                | VOp::CmpxGtU64
                | VOp::CmpxNeU64
                | VOp::CmpxGeU64
                | VOp::CmpxTU64
        )
    }

    /// The multiply-accumulate forms read their destination (`v_mac_*`, `v_fmac_*`).
    pub const fn accumulates(self) -> bool {
        matches!(self, VOp::MacF32 | VOp::MacF16 | VOp::FmacF32)
    }

    /// The reversed-operand forms (`v_subrev_*`, `v_lshlrev_*`, …): llvm-mc refuses
    /// `src_lds_direct` in them.
    pub const fn is_rev(self) -> bool {
        matches!(
            self,
            VOp::SubrevF32
                | VOp::LshrrevB32
                | VOp::AshrrevI32
                | VOp::LshlrevB32
                | VOp::SubrevCoU32
                | VOp::SubbrevCoU32
                | VOp::SubrevF16
                | VOp::SubrevU16
                | VOp::LshlrevB16
                | VOp::LshrrevB16
                | VOp::AshrrevI16
                | VOp::SubrevU32
                | VOp::LshlrevB64
                | VOp::LshrrevB64
                | VOp::AshrrevI64
        )
    }

    /// Reads VCC without naming it (`v_div_fmas_*`: the scale flag of `v_div_scale_*`).
    pub const fn reads_vcc(self) -> bool {
        matches!(self, VOp::DivFmasF32 | VOp::DivFmasF64)
    }

    /// Reads M0 (none of the VOP1/VOP2/VOPC/VOP3 rows yet: `v_movrel*` and the
    /// interpolation rows, which do, are not in the table).
    pub const fn reads_m0(self) -> bool {
        false
    }
}
