//! Maxwell runs report the run-time scoreboard's hazards in the report's `hazards` list
//! (the layout Vega's hazards use, `docs/report.schema.json`): the missing-wait example
//! has exactly its one, the built-in example and the ptxas examples none, and
//! `[config] hazards = false` turns the check off.

use crate::common::*;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn missing_wait_example_reports_its_hazard() {
    let path = root().join("examples/maxwell/missing-wait.toml");
    let r = maxwell_file(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    // Sequential values: lane l reads lane l+1's id (lane 31 reads 0) plus 0x100.
    let out = &r.dumps[0].bytes;
    for l in 0..32usize {
        let v = u32::from_le_bytes(out[4 * l..4 * l + 4].try_into().unwrap());
        let want = if l == 31 { 0 } else { l as u32 + 1 } + 0x100;
        assert_eq!(v, want, "lane {l}");
    }
    let j = r.to_json();
    let h = j["hazards"].as_array().unwrap();
    assert_eq!(h.len(), 1, "{j:#}");
    let h = &h[0];
    assert_eq!(h["rule"], "raw-barrier");
    assert_eq!(h["pc"], "0x0038");
    assert_eq!(h["related_pcs"], serde_json::json!(["0x0030"]));
    assert_eq!(h["register"], "R3");
    assert_eq!((h["cta"].as_u64(), h["warp"].as_u64()), (Some(0), Some(0)));
    assert!(h["wave"].is_null());
    let ins = h["instructions"].as_array().unwrap();
    assert!(
        ins[0]
            .as_str()
            .unwrap()
            .starts_with("0x0038: IADD32I R3, R3, 0x100"),
        "{ins:?}"
    );
    assert!(
        ins[1]
            .as_str()
            .unwrap()
            .starts_with("0x0030: LDS R3, [R2+0x4]"),
        "{ins:?}"
    );
    let text = r.to_string();
    assert!(text.contains("hazards (1):"), "{text}");
    assert!(
        text.contains("cta 0 warp 0 pc 0x0038 [raw-barrier] reads R3 without waiting on its producer's write barrier SB1"),
        "{text}"
    );
    // The switch.
    let src = std::fs::read_to_string(&path).unwrap();
    let off = format!("{src}\n[config]\nhazards = false\n");
    let r = maxwell_str(&off, &root().join("examples/maxwell")).unwrap();
    assert!(r.hazards.is_empty());
    assert!(r.to_string().contains("no hazards"));
}

#[test]
fn scheduled_examples_have_no_hazards() {
    let r = builtin();
    assert!(r.hazards.is_empty(), "{:?}", r.hazards);
    for name in ["copy_u32", "reduce", "vector_add"] {
        let p = root().join(format!("examples/maxwell/{name}.toml"));
        let r = maxwell_file(&p).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.hazards.is_empty(), "{name}: {:?}", r.hazards);
    }
}

/// Vega programs whose every path runs: the hazards a run reports that the program text
/// decides (a register read or written before the `s_waitcnt` of the SMEM that loads
/// it, replays, atomics in a clause) are exactly what the lint's program pass finds,
/// at the same instruction with the same related instructions, under every seed.
const VEGA_PROGRAMS: &[&str] = &[
    include_str!("../../../examples/vega/missing-waitcnt.s"),
    // Two atomics and loads in one clause; a last member overwrites the others' base.
    "s_load_dword s4, s[0:1], 0x0\n\
     s_atomic_add s5, s[0:1], 0x4\n\
     s_load_dword s6, s[0:1], 0x8\n\
     s_atomic_swap s7, s[0:1], 0xc\n\
     s_load_dword s0, s[2:3], 0x10\n\
     s_waitcnt lgkmcnt(0)\n\
     s_endpgm\n",
    // A loop: the load is read before its wait, and reloaded while still in flight.
    "s_mov_b32 s10, 3\n\
     top: s_load_dword s4, s[0:1], 0x0\n\
     s_add_u32 s6, s4, 1\n\
     s_sub_u32 s10, s10, 1\n\
     s_cmp_lg_u32 s10, 0\n\
     s_cbranch_scc1 top\n\
     s_mov_b32 s4, 0\n\
     s_waitcnt lgkmcnt(0)\n\
     s_endpgm\n",
    // lgkmcnt(1) guarantees the two-dword load only (out-of-order returns).
    "s_load_dwordx2 s[4:5], s[0:1], 0x0\n\
     s_load_dword s6, s[0:1], 0x8\n\
     s_waitcnt lgkmcnt(1)\n\
     s_mov_b32 s7, s4\n\
     s_mov_b32 s8, s6\n\
     s_waitcnt lgkmcnt(0)\n\
     s_endpgm\n",
    // s_memtime and a returning atomic share a clause and are read early.
    "s_memtime s[8:9]\n\
     s_atomic_add s10, s[0:1], 0x0 glc\n\
     s_nop 0\n\
     s_add_u32 s11, s10, s8\n\
     s_waitcnt lgkmcnt(0)\n\
     s_endpgm\n",
    // A replay of its own base; code after the branch never runs (nothing reported there).
    "s_load_dwordx2 s[0:1], s[0:1], 0x0\n\
     s_waitcnt lgkmcnt(0)\n\
     s_branch done\n\
     s_load_dwordx2 s[2:3], s[2:3], 0x0\n\
     s_atomic_add s5, s[2:3], 0x0\n\
     s_mov_b32 s5, s2\n\
     done: s_endpgm\n",
];

/// The run's name of each program lint (the lint calls replay-self-overwrite
/// `smem-replay-overlap`).
fn run_rule(lint: &str) -> &str {
    match lint {
        "smem-replay-overlap" => "replay-self-overwrite",
        other => other,
    }
}

/// s[0:1] = 0x1000, s[2:3] = 0x2000.
fn vega_config() -> gpumem_wave::VegaConfig {
    let mut c = gpumem_wave::VegaConfig::default();
    c.wave.sgpr = vec![
        gpumem_wave::SgprInit::new("s[0:1]", 0x1000).unwrap(),
        gpumem_wave::SgprInit::new("s[2:3]", 0x2000).unwrap(),
    ];
    c
}

#[test]
fn vega_lint_reports_what_a_run_reports_of_the_program_text() {
    use gpumem_vega::{Target, flow, lint};
    use std::collections::BTreeSet;
    let config = vega_config();
    for src in VEGA_PROGRAMS {
        let bytes = gpumem_vega::assemble(src, Target::Gfx900).unwrap().bytes;
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let mut insts = Vec::new();
        let mut at = 0;
        while at < words.len() {
            let (inst, n) = gpumem_vega::decode(&words[at..], Target::Gfx900).unwrap();
            insts.push(inst);
            at += n;
        }
        let prog = flow::place(&insts);
        let cfg = flow::build(&prog, &[]);
        let locate = |i: usize| format!("{:#06x}", prog[i].offset);
        let static_hits: BTreeSet<(String, u64, Vec<u64>)> =
            lint::check_program(&prog, &cfg, &locate)
                .into_iter()
                .map(|h| {
                    let pc = |i: usize| u64::from(prog[i].offset);
                    (
                        run_rule(h.lint.name()).to_string(),
                        pc(h.at),
                        h.related.iter().map(|&i| pc(i)).collect(),
                    )
                })
                .collect();
        assert!(!static_hits.is_empty(), "{src}");
        let program_rules: BTreeSet<&str> = lint::LINTS.iter().map(|l| run_rule(l)).collect();
        for seed in 0..6 {
            let mut c = config.clone();
            c.seed = seed;
            let r = gpumem_wave::run(gpumem_wave::Program::Source(src), &c, &[], &[]).unwrap();
            assert!(r.faults.is_empty(), "{src}{:?}", r.faults);
            let dynamic: BTreeSet<(String, u64, Vec<u64>)> = r
                .hazards
                .iter()
                .filter(|h| program_rules.contains(h.rule.name()))
                .map(|h| (h.rule.name().to_string(), h.pc, h.related_pcs.clone()))
                .collect();
            assert_eq!(dynamic, static_hits, "seed {seed}:\n{src}");
        }
    }
}

/// `atomic-in-clause` comes once per clause, at its first atomic, and names the clause's
/// atomics only; the lint's finding is the same one.
#[test]
fn vega_atomic_in_clause_is_one_finding_per_clause_naming_atomics() {
    let src = VEGA_PROGRAMS[1];
    let config = vega_config();
    let r = gpumem_wave::run(gpumem_wave::Program::Source(src), &config, &[], &[]).unwrap();
    let h: Vec<_> = r
        .hazards_of(gpumem_wave::HazardRule::AtomicInClause)
        .collect();
    assert_eq!(h.len(), 1, "{h:#?}");
    assert_eq!((h[0].pc, h[0].related_pcs.clone()), (8, vec![24]));
    assert_eq!(h[0].instructions.len(), 2);
    assert!(
        h[0].instructions.iter().all(|t| t.contains("s_atomic_")),
        "{h:#?}"
    );
    assert!(h[0].message.contains("0x0008, 0x0018"), "{}", h[0].message);
    let d = gpumem_vega::lint(src, gpumem_vega::Target::Gfx900);
    let l: Vec<_> =
        d.0.iter()
            .filter(|x| x.lint == Some("atomic-in-clause"))
            .collect();
    assert_eq!(l.len(), 1, "{d:#?}");
    assert_eq!(
        (l[0].span.line, l[0].text.as_str()),
        (2, "s_atomic_add s5, s[0:1], 0x4")
    );
    assert!(l[0].message.contains("0x0018 (line 4)"), "{}", l[0].message);
}

/// `s_load_dwordx16` with SDATA at s96 (s[96:111] does not exist; llvm-mc will not even
/// print it) is not executed: the report says so (`sdata-out-of-range`) and nothing
/// else about it, although its base, s[0:1], overlaps the s0.. its other fields decode
/// to (no `replay-self-overwrite`).
#[test]
fn vega_instruction_not_executed_reports_only_why() {
    let words = {
        let a = gpumem_vega::assemble(
            "s_load_dwordx16 s[16:31], s[0:1], 0x0\ns_waitcnt lgkmcnt(0)\ns_endpgm\n",
            gpumem_vega::Target::Gfx900,
        )
        .unwrap();
        let mut b = a.bytes;
        let w0 = u32::from_le_bytes(b[..4].try_into().unwrap());
        b[..4].copy_from_slice(&((w0 & !(0x7f << 6)) | 96 << 6).to_le_bytes());
        b
    };
    let dir = std::env::temp_dir().join(format!("gpumem-hazards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("s96.bin"), &words).unwrap();
    let toml =
        "isa = \"vega\"\nprogram = \"s96.bin\"\n[wave]\nsgpr = { \"s[0:1]\" = \"0x1000\" }\n";
    let r = any_str("s96.toml", toml, &dir).unwrap_or_else(|e| panic!("{e}"));
    let j = r.to_json();
    let rules: Vec<&str> = j["hazards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["sdata-out-of-range"], "{j:#}");
    assert_eq!(j["hazards"][0]["pc"], "0x0000");
    assert_eq!(j["stats"]["smem_skipped"], 1);
    assert_eq!(j["waves"][0]["pc"], "0x000c");
    assert_eq!(j["waves"][0]["end"], "endpgm");
}
