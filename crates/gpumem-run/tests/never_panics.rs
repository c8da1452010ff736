//! Property tests: arbitrary words, random programs and random small manifests never
//! panic the emulator; faults are values.

use crate::common::*;
use gpumem_warp::fuzz_report;
use proptest::prelude::*;

/// Instruction lines the random programs draw from (every class of the table).
const LINES: &[&str] = &[
    "S2R R0, SR_TID.X ;",
    "S2R R1, SR_LANEID ;",
    "IADD R2, R0, R1 ;",
    "IADD32I R3, R2, -0x4 ;",
    "SHL R4, R0, 0x2 ;",
    "SHR.U32 R5, R4, 0x1 ;",
    "XMAD R6, R0, R1, R2 ;",
    "LOP.XOR R7, R6, R5 ;",
    "ISETP.LT.AND P0, PT, R0, 0x10, PT ;",
    "@P0 BRA L_end ;",
    "SSY L_end ;",
    "@P0 SYNC ;",
    "LDG.E R8, [R4] ;",
    "STG.E [R4+0x10], R6 ;",
    "LDS R9, [R4] ;",
    "STS [R4+-0x8], R7 ;",
    "LDL.64 R10, [R5] ;",
    "STL.128 [R4], R12 ;",
    "LDC R11, c[0x3][R4+0x8] ;",
    "LDC.IL R11, c[0x7][R2] ;",
    "LDC.ISL R12, c[0x1][R3] ;",
    "BAR.SYNC 0x0 ;",
    "@!P0 EXIT ;",
    "FFMA R13, R6, 0.5, R2 ;",
    "F2I.S32.F32.TRUNC R14, R13 ;",
    "I2F.F32.U32 R15, R14 ;",
    "PRMT R16, R4, 0x123, RZ ;",
    "BFE R17, R4, 0x804 ;",
    "LOP3.LUT R18, R1, R2, R3, 0x96 ;",
    "LDG.E.64 R9, [R2] ;",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = fuzz_report(&data);
    }

    #[test]
    fn random_programs_with_random_manifests_never_panic(
        picks in proptest::collection::vec(0..LINES.len(), 1..24),
        block in 1u32..80,
        grid in 1u32..3,
        regs in 1u32..40,
        shared in 0u64..512,
        local in 0u64..256,
        bank_graphics in any::<bool>(),
    ) {
        let mut src: Vec<&str> = picks.iter().map(|&i| LINES[i]).collect();
        src.push("L_end:");
        src.push("EXIT ;");
        let dir = std::env::temp_dir().join(format!("gpumem-run-prop-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let name = format!("p{}.sass", picks.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("_"));
        std::fs::write(dir.join(&name), src.join("\n")).unwrap();
        let t = format!(
            "isa = \"maxwell\"\nprogram = \"{name}\"\n[launch]\ngrid = [{grid}]\nblock = [{block}]\nregisters = {regs}\n\
             shared_bytes = {shared}\nlocal_bytes = {local}\nparams = [{{ u64 = 4096 }}]\n\
             [[memory]]\naddress = 0\nsize = 4096\nfill = 7\n[limits]\nmax_steps = 5000\nmax_memory = 4194304\n\
             [config]\nbank_limit = \"{}\"\n",
            if bank_graphics { "graphics" } else { "compute" }
        );
        let r = maxwell_str(&t, &dir);
        prop_assert!(r.is_ok(), "{:?}", r.err());
        let r = r.unwrap();
        let _ = r.to_json();
        let _ = r.to_string();
    }
}

/// The committed seeds of the `manifest_run` fuzz target really run (so the fuzzer starts
/// from inputs that reach the executors), and never panic when mangled.
#[test]
fn manifest_fuzz_seeds_run() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz/seeds/manifest_run");
    let mut seeds = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let data = std::fs::read(e.unwrap().path()).unwrap();
        let r = gpumem_run::fuzz_manifest_report(&data).expect("a manifest");
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert!(!r.faulted(), "{r}");
        seeds.push(data);
    }
    assert_eq!(seeds.len(), 2);
    // Every truncation and a few byte flips of each seed: no panic, no hang.
    for s in &seeds {
        for n in 0..s.len() {
            gpumem_run::fuzz_manifest(&s[..n]);
        }
        for i in (0..s.len()).step_by(7) {
            let mut m = s.clone();
            m[i] ^= 0x5a;
            gpumem_run::fuzz_manifest(&m);
        }
    }
    // Absolute paths are refused in fuzzing mode.
    assert!(
        gpumem_run::fuzz_manifest_report(b"isa = \"maxwell\"\nprogram = \"/dev/zero\"\n").is_none()
    );
}
