//! `[timing]` in a manifest and `run --timing`: the timed report (JSON schema,
//! unchanged functional reports), positioned errors for bad presets, keys and geometry.

use crate::common::*;
use gpumem_run::{AnyReport, RunOptions};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn copy_manifest(timing: &str) -> String {
    let text = std::fs::read_to_string(root().join("examples/maxwell/copy_u32.toml")).unwrap();
    format!("{text}\n{timing}")
}

fn run(text: &str, timing: bool) -> Result<AnyReport, String> {
    any_str_with(
        "m.toml",
        text,
        &root().join("examples/maxwell"),
        &RunOptions {
            timing,
            ..RunOptions::default()
        },
    )
    .map_err(|e| e.to_string())
}

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("docs/report.schema.json")).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

#[test]
fn timed_reports_follow_the_schema_and_functional_ones_do_not_change() {
    let v = validator();
    let plain = run(&copy_manifest(""), false).unwrap().to_json();
    assert!(plain.get("timing").is_none());
    for (text, flag) in [
        (copy_manifest(""), true),
        (copy_manifest("[timing]\npreset = \"gm107\"\n"), false),
    ] {
        let j = run(&text, flag).unwrap().to_json();
        let errors: Vec<String> = v.iter_errors(&j).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{errors:?}");
        let t = &j["timing"];
        assert!(
            t["cycles"].as_u64().unwrap() > 400,
            "a DRAM round trip at least"
        );
        assert_eq!(t["ctas"], 2);
        assert_eq!(t["metrics"]["gld_transactions"], 3.0);
        // Everything but the timing is the functional report.
        let mut rest = j.clone();
        rest.as_object_mut().unwrap().remove("timing");
        assert_eq!(rest, plain);
    }
    let j = run(&copy_manifest("[timing]\npreset = \"gm107\"\n"), false)
        .unwrap()
        .to_json();
    assert_eq!(j["timing"]["preset"], "gm107");
    let mut bad = j.clone();
    bad["timing"]["preset"] = "gm999".into();
    assert!(!v.is_valid(&bad));
    // The text report names the cycles and the levels.
    let text = run(&copy_manifest("[timing]\n"), false)
        .unwrap()
        .to_string();
    assert!(text.contains("timing (gm204):"), "{text}");
    assert!(text.contains("l2 "), "{text}");
}

#[test]
fn overrides_change_the_model() {
    let fast = run(
        &copy_manifest("[timing]\ndram_latency = 1\nl2_latency = 1\n"),
        false,
    )
    .unwrap()
    .to_json();
    let slow = run(&copy_manifest("[timing]\n"), false).unwrap().to_json();
    assert!(
        fast["timing"]["cycles"].as_u64().unwrap() + 400
            < slow["timing"]["cycles"].as_u64().unwrap()
    );
}

/// The copy kernel ptxas built for `sm` (`tests/cubins` for Maxwell, `tests/data/arch` for
/// Pascal), with `timing` appended.
fn copy_manifest_for(sm: u32, timing: &str) -> String {
    let program = match sm {
        50 | 52 => format!("../../tests/cubins/copy_u32.sm_{sm}.cubin"),
        _ => format!("../../tests/data/arch/copy_u32.sm_{sm}.cubin"),
    };
    copy_manifest(timing).replace("../../tests/cubins/copy_u32.sm_52.cubin", &program)
}

#[test]
fn the_default_preset_follows_the_programs_sm() {
    let v = validator();
    for (sm, preset) in [(50, "gm107"), (52, "gm204"), (60, "gp100"), (61, "gp104")] {
        let j = run(&copy_manifest_for(sm, ""), true).unwrap().to_json();
        let errors: Vec<String> = v.iter_errors(&j).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "sm_{sm}: {errors:?}");
        assert_eq!(j["timing"]["preset"], preset, "sm_{sm}");
        assert_eq!(j["target"], format!("sm_{sm}"));
        // A `[timing]` table without a preset follows the SM too; one that names a
        // preset keeps it.
        let j = run(
            &copy_manifest_for(
                sm,
                "[timing]
l1_latency = 90
",
            ),
            false,
        )
        .unwrap()
        .to_json();
        assert_eq!(j["timing"]["preset"], preset, "sm_{sm}");
        let j = run(
            &copy_manifest_for(
                sm,
                "[timing]
preset = \"gm204\"\n",
            ),
            false,
        )
        .unwrap()
        .to_json();
        assert_eq!(j["timing"]["preset"], "gm204", "sm_{sm}");
    }
    // The Pascal presets time the same launch differently from GM204's (their own
    // DRAM and L2 latencies: the copy's cold loads go to DRAM).
    let cycles = |text: String| run(&text, false).unwrap().to_json()["timing"]["cycles"].clone();
    let gm204 = cycles(copy_manifest_for(
        61,
        "[timing]
preset = \"gm204\"\n",
    ));
    let gp104 = cycles(copy_manifest_for(
        61,
        "[timing]
preset = \"gp104\"\n",
    ));
    assert_ne!(gm204, gp104);
}

#[test]
fn bad_timing_tables_are_positioned_errors() {
    let cases = [
        (
            "[timing]\npreset = \"gm999\"\n",
            ":",
            "unknown preset \"gm999\"",
        ),
        (
            "[timing]\nl1_latncy = 3\n",
            "l1_latncy",
            "unknown [timing] key `l1_latncy`",
        ),
        (
            "[timing]\nl1 = { ways = 0 }\n",
            "l1 = { ways = 0 }",
            "every size must be positive",
        ),
        (
            "[timing]\nl2 = { line = 96 }\n",
            "l2 = { line = 96 }",
            "powers of two",
        ),
        (
            "[timing]\nl1 = { bytes = 1000 }\n",
            "l1 = { bytes = 1000 }",
            "whole number of sets",
        ),
        (
            "[timing]\nl1_latency = \"slow\"\n",
            "l1_latency",
            "expected integer",
        ),
        ("[timing]\nsms = 0\n", "sms = 0", "sms = 0"),
        (
            "[timing]\nmax_cycles = 0\n",
            "max_cycles = 0",
            "expected a positive number of cycles",
        ),
        (
            "[timing]\nmax_cycles = -7\n",
            "max_cycles = -7",
            "expected a positive number of cycles",
        ),
        (
            "[timing]\nmax_cycles = \"1e6\"\n",
            "max_cycles",
            "expected integer, found string",
        ),
        (
            "[timing]\nmax_cycles = 2.5\n",
            "max_cycles",
            "expected integer, found float",
        ),
        (
            "[timing]\nl1 = { wayz = 4 }\n",
            "l1 = { wayz = 4 }",
            "unknown key `wayz`",
        ),
        (
            "[timing]\nl1 = 4\n",
            "l1 = 4",
            "expected table, found integer",
        ),
        (
            "[timing]\nl1_latency = -1\n",
            "l1_latency = -1",
            "invalid value: integer `-1`, expected u32",
        ),
        (
            "[timing]\nschedulers = 0\n",
            "schedulers = 0",
            "schedulers = 0: expected 1 to 32",
        ),
        (
            "[timing]\nrequest_threads = [32, 0, 8]\n",
            "request_threads",
            "each 1 to 32",
        ),
        (
            "[timing]\nrequest_threads = [32]\n",
            "request_threads",
            "expected an array of length 3",
        ),
        (
            "[timing]\nlocal_in_l1 = 1\n",
            "local_in_l1",
            "expected boolean, found integer",
        ),
        // The key at fault among valid ones, in the order written.
        (
            "[timing]\nsms = 8\nl2_latency = 9\nl1 = { ways = 0 }\n",
            "l1 = { ways = 0 }",
            "every size must be positive",
        ),
    ];
    for (table, shown, message) in cases {
        let text = copy_manifest(table);
        let e = run(&text, false)
            .err()
            .unwrap_or_else(|| panic!("{table} ran"));
        // The error names the manifest's line of the key (the table's last line).
        let line = text.lines().count();
        assert!(e.contains(&format!("m.toml:{line}:")), "{table}: {e}");
        assert!(e.contains(shown), "{table}: {e}");
        assert!(e.contains(message), "{table}: {e}");
    }
}

/// Each key sets its own field (a table only the fields it names), the rest keep the
/// preset's values.
#[test]
fn overrides_set_their_fields_key_by_key() {
    use gpumem_mem::hierarchy::Preset;
    let text = "l1 = { ways = 24 }\nl1_latency = 90\ndram_bytes_per_cycle = 100\n\
                schedulers = 2\nmax_cycles = 5000\nldg_ci_in_l1 = false\n";
    let t: gpumem_run::manifest::TimingSection = toml::from_str(text).unwrap();
    let c = gpumem_run::manifest::timing_config(&t, gpumem_mem::hierarchy::Preset::Gm204).unwrap();
    let mut want = gpumem_timing::TimingConfig::preset(Preset::Gm204);
    want.memory.l1.ways = 24;
    want.memory.l1_latency = 90;
    want.memory.dram_bytes_per_cycle = 100.0;
    want.memory.ldg_ci_in_l1 = false;
    want.core.schedulers = 2;
    want.max_cycles = 5000;
    assert_eq!(c, want);
    assert_eq!(c.memory.l1.bytes, 24 << 10);
    let t: gpumem_run::manifest::TimingSection =
        toml::from_str("preset = \"gm107\"\nsms = 3\n").unwrap();
    let c = gpumem_run::manifest::timing_config(&t, gpumem_mem::hierarchy::Preset::Gm204).unwrap();
    assert_eq!(c.preset, Preset::Gm107);
    assert_eq!(c.memory.sms, 3);
    assert_eq!(c.memory.l2, Preset::Gm107.params().l2);
}

/// Keys each valid alone that together make an impossible set: the error is the
/// table's (no one key is at fault).
#[test]
fn a_set_only_the_keys_together_make_invalid_is_an_error_at_the_table() {
    // 24 MiB L1s: 196608 lines per SM; with 32 SMs past the model's line bound.
    let table = "[timing]\nl1 = { bytes = 25165824 }\nsms = 32\n";
    let text = copy_manifest(table);
    let e = run(&text, false).err().unwrap();
    assert!(e.contains("[timing]: the caches hold"), "{e}");
    let at = text.lines().position(|l| l == "[timing]").unwrap() + 1;
    assert!(e.contains(&format!("m.toml:{at}:")), "{e}");
    for alone in [
        "[timing]\nl1 = { bytes = 25165824 }\n",
        "[timing]\nsms = 32\n",
    ] {
        run(&copy_manifest(alone), false).unwrap();
    }
}

#[test]
fn timing_is_refused_for_vega() {
    let path = root().join("examples/vega");
    let m = std::fs::read_dir(&path)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "toml"))
        .unwrap();
    let text = std::fs::read_to_string(&m).unwrap();
    let e = any_str_with(
        "v.toml",
        &text,
        &path,
        &RunOptions {
            timing: true,
            ..RunOptions::default()
        },
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("for Maxwell manifests"), "{e}");
}

#[test]
fn max_cycles_stops_the_model_with_a_clean_partial_report() {
    let v = validator();
    let whole = run(&copy_manifest("[timing]\n"), false).unwrap().to_json();
    assert_eq!(whole["timing"]["partial"], false);
    assert!(whole["timing"]["stop_reason"].is_null());
    assert_eq!(whole["stopped"], false);
    let full = whole["timing"]["cycles"].as_u64().unwrap();
    let limit = full / 4;
    let j = run(
        &copy_manifest(&format!("[timing]\nmax_cycles = {limit}\n")),
        false,
    )
    .unwrap()
    .to_json();
    let errors: Vec<String> = v.iter_errors(&j).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let t = &j["timing"];
    assert_eq!(t["partial"], true);
    assert_eq!(t["stop_reason"], "max_cycles");
    assert!(t["cycles"].as_u64().unwrap() <= limit, "{t}");
    // Nothing finished in a quarter of the time: the loads are still out.
    assert_eq!(t["ctas"], 0);
    // What issued is counted; the functional report says a limit stopped the run.
    assert!(t["warp_instructions"].as_u64().unwrap() > 0);
    assert_eq!(j["stopped"], true);
    let text = run(
        &copy_manifest(&format!("[timing]\nmax_cycles = {limit}\n")),
        false,
    )
    .unwrap()
    .to_string();
    assert!(text.contains("(partial: stopped by max_cycles)"), "{text}");
}

/// A read before its producer's variable-latency result lands (missing-wait.sass: the
/// IADD32I reads the LDS's R3 without waiting on SB1). The timed run issues the read as
/// the hardware would (no stall: the LDS has not completed), but values stay the
/// executor's, independent of timing (SEMANTICS.md, "Timing": stale reads), and the
/// hazard report names the read.
#[test]
fn stale_reads_are_timed_as_issued_and_reported_not_given_stale_values() {
    let path = root().join("examples/maxwell/missing-wait.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let plain = any_str_with(
        "m.toml",
        &text,
        &root().join("examples/maxwell"),
        &RunOptions::default(),
    )
    .unwrap()
    .to_json();
    let timed = any_str_with(
        "m.toml",
        &text,
        &root().join("examples/maxwell"),
        &RunOptions {
            timing: true,
            ..RunOptions::default()
        },
    )
    .unwrap()
    .to_json();
    // The same values, the same hazard.
    assert_eq!(timed["dumps"], plain["dumps"]);
    assert_eq!(timed["hazards"], plain["hazards"]);
    assert_eq!(timed["hazards"][0]["pc"], "0x0038");
    // The consumer issued while the LDS was in flight: it waited nothing on memory, and
    // it issued one cycle (the LDS's stall count) after the LDS, within its latency.
    let per = timed["timing"]["per_instruction"].as_array().unwrap();
    let at = |pc: &str| per.iter().find(|i| i["pc"] == pc).unwrap().clone();
    let (lds, add) = (at("0x0030"), at("0x0038"));
    let waited: u64 = add["stalls"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(waited, 0, "{add}");
    assert!(lds["latency_max"].as_u64().unwrap() > 1, "{lds}");
}

/// A folder holding the spin loop (one global load, an add and a branch back, forever).
fn spin_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpumem-spin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("spin.sass"),
        "MOV32I R2, 0x100000 ;\nMOV R3, RZ ;\nloop:\nLDG.E R0, [R2] ;\nIADD32I R1, R1, 0x1 ;\nBRA loop ;\n",
    )
    .unwrap();
    dir
}

/// The spin loop's manifest: `threads` threads, `steps` warp instructions, and
/// `max_trace_memory`.
fn spin_manifest(threads: u32, steps: u64, trace_memory: u64) -> String {
    format!(
        "isa = \"maxwell\"\nprogram = \"spin.sass\"\n[launch]\nblock = [{threads}]\n\
         [limits]\nmax_steps = {steps}\nmax_trace_memory = {trace_memory}\n"
    )
}

fn run_spin(text: &str, opts: &RunOptions) -> gpumem_run::Report {
    match any_str_with("spin.toml", text, &spin_dir(), opts) {
        Ok(AnyReport::Maxwell(r)) => r,
        Ok(AnyReport::Vega(_)) => panic!("not Maxwell"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn max_trace_memory_bounds_the_model_the_timeline_and_explains_records() {
    let traced = RunOptions {
        trace_limit: Some(1_000_000),
        first_cta: true,
        ..RunOptions::default()
    };
    // One spinning warp: 200 000 instructions (~25 MB as one trace) timed within 2 MiB;
    // the timeline keeps what fits half of it; explain's records are one per
    // instruction.
    let limit = 2 << 20;
    let r = run_spin(&spin_manifest(32, 200_000, limit), &traced);
    let t = r.timing.as_ref().unwrap();
    assert_eq!(t.stop_reason.map(|s| s.name()), Some("emulator"));
    assert_eq!(t.warp_instructions, 200_000);
    let tl = r.trace.as_ref().unwrap();
    assert!(tl.truncated() && tl.bytes() <= limit / 2, "{}", tl.bytes());
    let mut json = Vec::new();
    r.write_trace(&mut json).unwrap();
    let j: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(j["otherData"]["truncated"], true);
    let first = r.first_cta.as_ref().unwrap();
    assert_eq!(first.warps.len(), 1);
    assert_eq!(first.warps[0].len(), 1, "the LDG's first record only");
    assert!(first.bytes() < 1024, "{}", first.bytes());
    // Two warps: warp 1 waits for warp 0's whole spin; the model stops at the limit and
    // the report says where, in text and JSON.
    let r = run_spin(&spin_manifest(64, 200_000, 1 << 20), &traced);
    let t = r.timing.as_ref().unwrap();
    assert!(t.partial);
    assert_eq!(t.stop_reason.map(|s| s.name()), Some("max_trace_memory"));
    let text = r.to_string();
    assert!(
        text.contains("(partial: stopped by max_trace_memory)"),
        "{text}"
    );
    assert!(
        text.contains("  stopped: cycle 0: the executed instructions held for timing pass limits.max_trace_memory (1048576 bytes): CTA 0 warp 1 waits"),
        "{text}"
    );
    let j = r.to_json();
    let errors: Vec<String> = validator().iter_errors(&j).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(j["timing"]["stop_reason"], "max_trace_memory");
    assert!(
        j["timing"]["stop_message"]
            .as_str()
            .unwrap()
            .contains("CTA 0 warp 1")
    );
    // The functional run is the untimed one (the CTA ran on to the step limit).
    let plain = run_spin(&spin_manifest(64, 200_000, 1 << 20), &RunOptions::default());
    assert_eq!(r.stats.warp_instructions, plain.stats.warp_instructions);
    assert_eq!(r.faults.len(), plain.faults.len());
    assert!(r.stopped);
}

/// Issue 20, item 2 (`examples/maxwell/figures.toml`): the statistics table and the
/// timing table count the same sectors, lines and wavefronts; a coalesced byte load is
/// one sector (not one per 8-lane request), a broadcast's ideal is not above what it
/// takes, a same-address shared atomic serialises, and shared rows have no lines or
/// sectors; each table says what its columns count.
#[test]
fn both_tables_count_the_same_figures() {
    let text = std::fs::read_to_string(root().join("examples/maxwell/figures.toml")).unwrap();
    let r = run(&text, true).unwrap();
    let j = r.to_json();
    let errors: Vec<String> = validator().iter_errors(&j).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let stats = j["stats"]["per_instruction"].as_array().unwrap();
    let timed = j["timing"]["per_instruction"].as_array().unwrap();
    let row = |rows: &[serde_json::Value], text: &str| {
        rows.iter()
            .find(|r| r["text"].as_str().unwrap().starts_with(text))
            .unwrap_or_else(|| panic!("no {text}"))
            .clone()
    };
    // (instruction, sectors, lines, wavefronts, requests, tag lookups, transactions, ideal)
    for (inst, sectors, lines, wavefronts, lookups, trans, ideal) in [
        ("LDG.E.U8", 1, 1, 0, 4, 1, 1),
        ("LDG.E R5", 1, 1, 0, 4, 1, 1),
        ("ATOMS.ADD", 0, 0, 32, 0, 32, 1),
        ("LDS", 0, 0, 1, 0, 1, 1),
        ("STS", 0, 0, 1, 0, 1, 1),
    ] {
        let s = row(stats, inst);
        let t = row(timed, inst);
        assert_eq!(
            (&s["sectors_32"], &s["lines_128"], &s["shared_wavefronts"]),
            (&sectors.into(), &lines.into(), &wavefronts.into()),
            "{inst}: statistics"
        );
        assert_eq!(
            (&t["sectors"], &t["lines"], &t["wavefronts"]),
            (&sectors.into(), &lines.into(), &wavefronts.into()),
            "{inst}: timing"
        );
        assert_eq!(
            (
                &t["requests"],
                &t["tag_lookups"],
                &t["transactions"],
                &t["ideal"]
            ),
            (&1.into(), &lookups.into(), &trans.into(), &ideal.into()),
            "{inst}: timing"
        );
    }
    let text = r.to_string();
    let line = |start: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with("0x") && l.contains(start))
            .unwrap_or_else(|| panic!("no {start} in\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    // The statistics row of the LDS: no lines, no sectors; the timing row of the byte
    // load: 1 request, 1 transaction, ideal 1, 0.0 % excessive.
    assert!(line("LDS R10").ends_with("1 32 0 0 1 1"), "{text}");
    let ldg = text
        .lines()
        .filter(|l| l.contains("LDG.E.U8"))
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(ldg.ends_with("1 1 1 0.0"), "{ldg}");
    assert!(text.contains("(shared accesses have none)"), "{text}");
    assert!(text.contains("(req: warp-level requests"), "{text}");
}

/// The tables' columns stay in place whatever the instructions' texts: the instruction
/// column is as wide as its longest text (a very long one is cut with an ellipsis).
#[test]
fn table_columns_do_not_shift_with_long_texts() {
    let dir = std::env::temp_dir().join(format!("gpumem-long-text-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("k.sass"),
        "MOV32I R2, 0x100000 ;\n\
         @!P0 FFMA.FTZ.SAT.RP R4, R5, c[0x0][0x144], -R6 ;\n\
         @!P0 ATOM.E.ADD.F32.FTZ.RN R8, [R2+0x7ff0], R4 ;\n\
         @!P0 LDG.E.CI.128 R8, [R2+0x7ff0] ;\n\
         STG.E [R2], R4 ;\n\
         EXIT ;\n",
    )
    .unwrap();
    let text = "isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [32]\n\
                [[memory]]\naddress = 0x100000\nsize = 0x8000\n";
    let r = any_str_with(
        "m.toml",
        text,
        &dir,
        &RunOptions {
            timing: true,
            ..RunOptions::default()
        },
    )
    .unwrap();
    let out = r.render(gpumem_run::dump::View::Hex);
    // Every row of a table is as long as its header.
    let lines: Vec<&str> = out.lines().collect();
    let mut tables = 0;
    for (i, l) in lines.iter().enumerate() {
        if !l.trim_start().starts_with("pc  instruction") {
            continue;
        }
        tables += 1;
        let width = l.chars().count();
        let rows: Vec<&&str> = lines[i + 1..]
            .iter()
            .take_while(|r| r.trim_start().starts_with("0x") || r.contains("total"))
            .collect();
        assert!(rows.len() >= 2, "{out}");
        for r in rows {
            assert_eq!(r.chars().count(), width, "{l}\n{r}\n{out}");
        }
    }
    assert_eq!(tables, 2, "{out}");
    assert!(
        out.contains("@!P0 ATOM.E.ADD.F32.FTZ.RN R8, [R2+0x7ff0], R4 "),
        "{out}"
    );
}
