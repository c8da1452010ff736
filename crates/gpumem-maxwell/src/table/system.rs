//! Special registers and machine state: S2R, CS2R, LEPC, IDE, the call-return stack
//! pointer and local-memory base; the names of special registers and condition-code
//! tests ([`sreg_name`], [`cc_name`]).
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{BR12, Enc, OP, OPC, RD, alu, bits, f, reg, reg_reuse, var};
use super::{Op, OpKind, OpSpec, Target};

/// Special registers of S2R, by number: nvdisasm 11.8's names for all 256 values
/// (taken from its sweep in `tests/data/maxwell-alu-examples.tsv`).
static SREGS: &[(u8, &str)] = &[
    (0, "SR_LANEID"),
    (1, "SR_CLOCK"),
    (2, "SR_VIRTCFG"),
    (3, "SR_VIRTID"),
    (4, "SR_PM0"),
    (5, "SR_PM1"),
    (6, "SR_PM2"),
    (7, "SR_PM3"),
    (8, "SR_PM4"),
    (9, "SR_PM5"),
    (10, "SR_PM6"),
    (11, "SR_PM7"),
    (12, "SR12"),
    (13, "SR13"),
    (14, "SR14"),
    (15, "SR15"),
    (16, "SR_PRIM_TYPE"),
    (17, "SR_INVOCATION_ID"),
    (18, "SR_Y_DIRECTION"),
    (19, "SR_THREAD_KILL"),
    (20, "SM_SHADER_TYPE"),
    (21, "SR_DIRECTCBEWRITEADDRESSLOW"),
    (22, "SR_DIRECTCBEWRITEADDRESSHIGH"),
    (23, "SR_DIRECTCBEWRITEENABLED"),
    (24, "SR_MACHINE_ID_0"),
    (25, "SR_MACHINE_ID_1"),
    (26, "SR_MACHINE_ID_2"),
    (27, "SR_MACHINE_ID_3"),
    (28, "SR_AFFINITY"),
    (29, "SR_INVOCATION_INFO"),
    (30, "SR_WSCALEFACTOR_XY"),
    (31, "SR_WSCALEFACTOR_Z"),
    (32, "SR_TID"),
    (33, "SR_TID.X"),
    (34, "SR_TID.Y"),
    (35, "SR_TID.Z"),
    (36, "SR_CTA_PARAM"),
    (37, "SR_CTAID.X"),
    (38, "SR_CTAID.Y"),
    (39, "SR_CTAID.Z"),
    (40, "SR_NTID"),
    (41, "SR_CirQueueIncrMinusOne"),
    (42, "SR_NLATC"),
    (43, "SR43"),
    (44, "SR44"),
    (45, "SR45"),
    (46, "SR46"),
    (47, "SR47"),
    (48, "SR_SWINLO"),
    (49, "SR_SWINSZ"),
    (50, "SR_SMEMSZ"),
    (51, "SR_SMEMBANKS"),
    (52, "SR_LWINLO"),
    (53, "SR_LWINSZ"),
    (54, "SR_LMEMLOSZ"),
    (55, "SR_LMEMHIOFF"),
    (56, "SR_EQMASK"),
    (57, "SR_LTMASK"),
    (58, "SR_LEMASK"),
    (59, "SR_GTMASK"),
    (60, "SR_GEMASK"),
    (61, "SR_REGALLOC"),
    (62, "SR_CTXADDR"),
    (63, "SR63"),
    (64, "SR_GLOBALERRORSTATUS"),
    (65, "SR65"),
    (66, "SR_WARPERRORSTATUS"),
    (67, "SR_WARPERRORSTATUSCLEAR"),
    (68, "SR68"),
    (69, "SR69"),
    (70, "SR70"),
    (71, "SR71"),
    (72, "SR_PM_HI0"),
    (73, "SR_PM_HI1"),
    (74, "SR_PM_HI2"),
    (75, "SR_PM_HI3"),
    (76, "SR_PM_HI4"),
    (77, "SR_PM_HI5"),
    (78, "SR_PM_HI6"),
    (79, "SR_PM_HI7"),
    (80, "SR_CLOCKLO"),
    (81, "SR_CLOCKHI"),
    (82, "SR_GLOBALTIMERLO"),
    (83, "SR_GLOBALTIMERHI"),
    (84, "SR84"),
    (85, "SR85"),
    (86, "SR86"),
    (87, "SR87"),
    (88, "SR88"),
    (89, "SR89"),
    (90, "SR90"),
    (91, "SR91"),
    (92, "SR92"),
    (93, "SR93"),
    (94, "SR94"),
    (95, "SR95"),
    (96, "SR_HWTASKID"),
    (97, "SR_CIRCULARQUEUEENTRYINDEX"),
    (98, "SR_CIRCULARQUEUEENTRYADDRESSLOW"),
    (99, "SR_CIRCULARQUEUEENTRYADDRESSHIGH"),
    (100, "SR100"),
    (101, "SR101"),
    (102, "SR102"),
    (103, "SR103"),
    (104, "SR104"),
    (105, "SR105"),
    (106, "SR106"),
    (107, "SR107"),
    (108, "SR108"),
    (109, "SR109"),
    (110, "SR110"),
    (111, "SR111"),
    (112, "SR112"),
    (113, "SR113"),
    (114, "SR114"),
    (115, "SR115"),
    (116, "SR116"),
    (117, "SR117"),
    (118, "SR118"),
    (119, "SR119"),
    (120, "SR120"),
    (121, "SR121"),
    (122, "SR122"),
    (123, "SR123"),
    (124, "SR124"),
    (125, "SR125"),
    (126, "SR126"),
    (127, "SR127"),
    (128, "SR128"),
    (129, "SR129"),
    (130, "SR130"),
    (131, "SR131"),
    (132, "SR132"),
    (133, "SR133"),
    (134, "SR134"),
    (135, "SR135"),
    (136, "SR136"),
    (137, "SR137"),
    (138, "SR138"),
    (139, "SR139"),
    (140, "SR140"),
    (141, "SR141"),
    (142, "SR142"),
    (143, "SR143"),
    (144, "SR144"),
    (145, "SR145"),
    (146, "SR146"),
    (147, "SR147"),
    (148, "SR148"),
    (149, "SR149"),
    (150, "SR150"),
    (151, "SR151"),
    (152, "SR152"),
    (153, "SR153"),
    (154, "SR154"),
    (155, "SR155"),
    (156, "SR156"),
    (157, "SR157"),
    (158, "SR158"),
    (159, "SR159"),
    (160, "SR160"),
    (161, "SR161"),
    (162, "SR162"),
    (163, "SR163"),
    (164, "SR164"),
    (165, "SR165"),
    (166, "SR166"),
    (167, "SR167"),
    (168, "SR168"),
    (169, "SR169"),
    (170, "SR170"),
    (171, "SR171"),
    (172, "SR172"),
    (173, "SR173"),
    (174, "SR174"),
    (175, "SR175"),
    (176, "SR176"),
    (177, "SR177"),
    (178, "SR178"),
    (179, "SR179"),
    (180, "SR180"),
    (181, "SR181"),
    (182, "SR182"),
    (183, "SR183"),
    (184, "SR184"),
    (185, "SR185"),
    (186, "SR186"),
    (187, "SR187"),
    (188, "SR188"),
    (189, "SR189"),
    (190, "SR190"),
    (191, "SR191"),
    (192, "SR192"),
    (193, "SR193"),
    (194, "SR194"),
    (195, "SR195"),
    (196, "SR196"),
    (197, "SR197"),
    (198, "SR198"),
    (199, "SR199"),
    (200, "SR200"),
    (201, "SR201"),
    (202, "SR202"),
    (203, "SR203"),
    (204, "SR204"),
    (205, "SR205"),
    (206, "SR206"),
    (207, "SR207"),
    (208, "SR208"),
    (209, "SR209"),
    (210, "SR210"),
    (211, "SR211"),
    (212, "SR212"),
    (213, "SR213"),
    (214, "SR214"),
    (215, "SR215"),
    (216, "SR216"),
    (217, "SR217"),
    (218, "SR218"),
    (219, "SR219"),
    (220, "SR220"),
    (221, "SR221"),
    (222, "SR222"),
    (223, "SR223"),
    (224, "SR224"),
    (225, "SR225"),
    (226, "SR226"),
    (227, "SR227"),
    (228, "SR228"),
    (229, "SR229"),
    (230, "SR230"),
    (231, "SR231"),
    (232, "SR232"),
    (233, "SR233"),
    (234, "SR234"),
    (235, "SR235"),
    (236, "SR236"),
    (237, "SR237"),
    (238, "SR238"),
    (239, "SR239"),
    (240, "SR240"),
    (241, "SR241"),
    (242, "SR242"),
    (243, "SR243"),
    (244, "SR244"),
    (245, "SR245"),
    (246, "SR246"),
    (247, "SR247"),
    (248, "SR248"),
    (249, "SR249"),
    (250, "SR250"),
    (251, "SR251"),
    (252, "SR252"),
    (253, "SR253"),
    (254, "SR254"),
    (255, "SR255"),
];

/// Condition codes of BRA/SYNC/EXIT (nvdisasm 11.8's names); 15 (`T`, always) is not
/// printed.
static CCS: &[(u8, &str)] = &[
    (0, "CC.F"),
    (1, "CC.LT"),
    (2, "CC.EQ"),
    (3, "CC.LE"),
    (4, "CC.GT"),
    (5, "CC.NE"),
    (6, "CC.GE"),
    (7, "CC.NUM"),
    (8, "CC.NAN"),
    (9, "CC.LTU"),
    (10, "CC.EQU"),
    (11, "CC.LEU"),
    (12, "CC.GTU"),
    (13, "CC.NEU"),
    (14, "CC.GEU"),
    (15, "CC.T"),
    (16, "CC.OFF"),
    (17, "CC.LO"),
    (18, "CC.SFF"),
    (19, "CC.LS"),
    (20, "CC.HI"),
    (21, "CC.SFT"),
    (22, "CC.HS"),
    (23, "CC.OFT"),
    (24, "CC.CSM_TA"),
    (25, "CC.CSM_TR"),
    (26, "CC.CSM_MX"),
    (27, "CC.FCSM_TA"),
    (28, "CC.FCSM_TR"),
    (29, "CC.FCSM_MX"),
    (30, "CC.RLE"),
    (31, "CC.RGT"),
];

/// Special registers that SM52 names differently from SM50 (nvdisasm 11.8, checked over
/// all 256 numbers with `-b SM50` and `-b SM52`).
static SREGS_SM52: &[(u8, &str)] = &[(15, "SR_ORDERING_TICKET")];

/// Special registers that the Pascal SMs (SM60, SM61, SM62 alike) name differently from
/// SM52 (nvdisasm 11.8, checked over all 256 numbers with `-b SM52` and `-b SM6x`):
/// 44-47 get names and 62 is `SR_BARRIERALLOC` instead of `SR_CTXADDR`.
static SREGS_PASCAL: &[(u8, &str)] = &[
    (44, "SR_SM_SPA_VERSION"),
    (45, "SR_MULTIPASSSHADERINFO"),
    (46, "SR_LWINHI"),
    (47, "SR_SWINHI"),
    (62, "SR_BARRIERALLOC"),
];

/// Special-register names of S2R, by number, as nvdisasm prints them for `target`.
pub fn sreg_name(n: u8, target: Target) -> Option<&'static str> {
    let find = |list: &'static [(u8, &'static str)]| list.iter().find(|(v, _)| *v == n);
    let pascal = if target.is_pascal() {
        find(SREGS_PASCAL)
    } else {
        None
    };
    let sm52 = if target >= Target::Sm52 {
        find(SREGS_SM52)
    } else {
        None
    };
    pascal.or(sm52).or_else(|| find(SREGS)).map(|(_, s)| *s)
}

/// The number of a special register named `name` (any target's spelling).
pub fn sreg_num(name: &str) -> Option<u8> {
    SREGS
        .iter()
        .chain(SREGS_SM52)
        .chain(SREGS_PASCAL)
        .find(|(_, s)| *s == name)
        .map(|(v, _)| *v)
}

/// nvdisasm's spelling of condition-code test `n` (`CC.NUM`, `T`, ...), if `n` is a valid test.
pub fn cc_name(n: u8) -> Option<&'static str> {
    CCS.iter().find(|(v, _)| *v == n).map(|(_, s)| *s)
}

/// The condition-code test number that nvdisasm spells `name`; inverse of [`cc_name`].
pub fn cc_num(name: &str) -> Option<u8> {
    CCS.iter().find(|(_, s)| *s == name).map(|(v, _)| *v)
}

/// Every special-register number S2R knows.
pub static SREG_NUMBERS: std::sync::LazyLock<Vec<u8>> =
    std::sync::LazyLock::new(|| SREGS.iter().map(|(n, _)| *n).collect());

/// Every condition-code number.
pub static CC_NUMBERS: std::sync::LazyLock<Vec<u8>> =
    std::sync::LazyLock::new(|| CCS.iter().map(|(n, _)| *n).collect());

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- ALU set (docs/research/maxwell-alu-facts.md) ---
    var(Enc { op: Op::S2r, name: "S2R", form: "S2R", opcode: 0xf0c8 << 48, mask: OPC, mods: &[], operands: &[RD, OpKind::SReg { f: f(20, 8) }], ignored: bits(8, 15) | bits(28, 50) }),
    // --- breadth B ---
    // nvdisasm prints no immediate when it is 0xc10 (`IDE.EN ;`), and every other value
    // (0 included); docs/research/maxwell-breadth-F.md.
    OpSpec { reuse_ok: 0b1111, ..var(Enc { op: Op::Ide, name: "IDE", form: "IDE", opcode: 0xe39 << 52, mask: BR12, mods: &[grp!(En, 5, 1, { 0 => ".EN", 1 => "" })], operands: &[OpKind::UImm { f: f(20, 16), hide: Some(0xc10), signed_if: None }], ignored: bits(0, 4) | bits(6, 19) | bits(36, 51) }) },
    OpSpec { reuse_ok: 0b1111, ..var(Enc { op: Op::Getcrsptr, name: "GETCRSPTR", form: "GETCRSPTR", opcode: 0xe2c << 52, mask: BR12, mods: &[], operands: &[reg(0, true)], ignored: bits(8, 51) }) },
    OpSpec { reuse_ok: 0b1111, ..var(Enc { op: Op::Getlmembase, name: "GETLMEMBASE", form: "GETLMEMBASE", opcode: 0xe2d << 52, mask: BR12, mods: &[], operands: &[reg(0, true)], ignored: bits(8, 51) }) },
    OpSpec { reuse_ok: 0b1111, ..var(Enc { op: Op::Setcrsptr, name: "SETCRSPTR", form: "SETCRSPTR", opcode: 0xe2e << 52, mask: BR12, mods: &[], operands: &[reg(8, false)], ignored: bits(0, 7) | bits(16, 51) }) },
    OpSpec { reuse_ok: 0b1111, ..var(Enc { op: Op::Setlmembase, name: "SETLMEMBASE", form: "SETLMEMBASE", opcode: 0xe2f << 52, mask: BR12, mods: &[], operands: &[reg(8, false)], ignored: bits(0, 7) | bits(16, 51) }) },
    // CS2R: a special register at fixed latency (ptxas: `SR_CLOCKLO`, `SR_GLOBALTIMERLO`).
    OpSpec { reuse_ok: 0b0111, ..alu(Enc { op: Op::Cs2r, name: "CS2R", form: "CS2R", opcode: 0x50c8 << 48, mask: OPC, mods: &[], operands: &[reg(0, true), OpKind::SReg { f: f(20, 8) }], ignored: bits(8, 15) | bits(28, 50) }) },
    // --- breadth F ---
    // LEPC (0x50d0): Rd 0-7; every other bit is ignored.
    alu(Enc { op: Op::Lepc, name: "LEPC", form: "LEPC", opcode: 0x50d0 << 48, mask: OP, mods: &[], operands: &[reg_reuse(0, true, None)], ignored: bits(8, 15) | bits(20, 50) }),
];
