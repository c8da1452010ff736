//! The timeline (`--trace`): Chrome trace JSON whose slices nest on their tracks (one
//! track per warp, never overlapping, timestamps increasing), counters that return to
//! zero, and a bound on its size.

use gpumem_maxwell::Target;
use gpumem_mem::hierarchy::Preset;
use gpumem_timing::{Timing, TimingConfig};
use gpumem_warp::{Emulator, LaunchConfig, Program};
use std::collections::BTreeMap;

const SRC: &str = "--:-:1:-:1 S2R R0, SR_TID.X ;
01:-:-:-:6 SHL R2, R0, 0x2 ;
--:-:-:-:6 MOV32I R3, 0x0 ;
--:-:2:-:1 LDG.E.CG R4, [R2] ;
--:-:-:-:1 STS [R2], R0 ;
{ MOV32I R6, 0x1 ;
--:-:-:-:1 MOV32I R7, 0x2 ; }
02:-:-:-:6 MOV R5, R4 ;
--:-:-:-:5 BAR.SYNC 0x0 ;
--:-:3:-:1 LDS R8, [R2] ;
04:-:-:-:5 EXIT ;
";

fn timeline(limit: usize) -> serde_json::Value {
    let prog = Program::from_sass(SRC, Target::Sm52).unwrap();
    let cfg = LaunchConfig {
        grid: [20, 1, 1],
        block: [128, 1, 1],
        shared_bytes: 512,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(&prog, cfg);
    let (r, t) = Timing::new(&mut emu, TimingConfig::preset(Preset::Gm204), 16)
        .unwrap()
        .with_trace(limit)
        .run_traced();
    assert!(emu.faults.is_empty(), "{:?}", emu.faults);
    assert!(r.cycles > 0);
    t.unwrap().to_json(&prog.texts)
}

#[test]
fn slices_nest_on_their_tracks_and_counters_balance() {
    let j = timeline(1_000_000);
    let events = j["traceEvents"].as_array().unwrap();
    let mut tracks: BTreeMap<(u64, u64), Vec<(u64, u64)>> = BTreeMap::new();
    let mut flight: BTreeMap<String, i64> = BTreeMap::new();
    let mut last_counter_ts = 0;
    let mut names = 0;
    for e in events {
        match e["ph"].as_str().unwrap() {
            "X" => {
                let key = (e["pid"].as_u64().unwrap(), e["tid"].as_u64().unwrap());
                tracks
                    .entry(key)
                    .or_default()
                    .push((e["ts"].as_u64().unwrap(), e["dur"].as_u64().unwrap()));
                assert!(e["name"].as_str().unwrap().len() > 2);
                assert!(e["args"]["latency"].is_u64());
            }
            "C" => {
                let ts = e["ts"].as_u64().unwrap();
                assert!(ts >= last_counter_ts, "counters in time order");
                last_counter_ts = ts;
                for (k, v) in e["args"].as_object().unwrap() {
                    let v = v.as_i64().unwrap();
                    assert!(v >= 0, "{k} {v}");
                    flight.insert(k.clone(), v);
                }
            }
            "M" => names += 1,
            p => panic!("unexpected phase {p}"),
        }
    }
    // 20 CTAs of 4 warps, 11 instructions each (a dual-issue pair is two).
    assert_eq!(tracks.len(), 80);
    assert_eq!(names, 80 + 16);
    for (k, slices) in &tracks {
        assert_eq!(slices.len(), 11, "{k:?}");
        for w in slices.windows(2) {
            assert!(w[1].0 >= w[0].0 + w[0].1, "{k:?}: {w:?} overlap");
        }
    }
    for k in ["near", "l2", "dram"] {
        assert_eq!(
            flight.get(k).copied().unwrap_or(0),
            0,
            "{k} in flight at the end"
        );
    }
    assert!(flight["bytes"] > 0, "DRAM bytes counted");
    assert_eq!(j["otherData"]["truncated"], false);
}

#[test]
fn the_timeline_is_bounded() {
    let j = timeline(100);
    let slices = j["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["ph"] == "X")
        .count();
    assert!(slices <= 100, "{slices}");
    assert_eq!(j["otherData"]["truncated"], true);
}

/// One warp (or more) spinning on a global load until the step limit ends the launch.
const SPIN: &str = "MOV32I R2, 0x100000 ;
MOV R3, RZ ;
loop:
LDG.E R0, [R2] ;
IADD32I R1, R1, 0x1 ;
BRA loop ;
";

/// Times `threads` threads of [`SPIN`] for `steps` warp instructions with a memory limit
/// (`None`: the default) and a timeline of at most `slices` slices.
fn spin(
    threads: u32,
    steps: u64,
    limit: Option<u64>,
    slices: Option<usize>,
) -> (
    gpumem_timing::TimingReport,
    Option<gpumem_timing::Timeline>,
    Vec<gpumem_warp::Fault>,
) {
    let prog = Program::from_sass(SPIN, Target::Sm52).unwrap();
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [threads, 1, 1],
        max_steps: steps,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(&prog, cfg);
    let mut t = Timing::new(&mut emu, TimingConfig::preset(Preset::Gm204), 8).unwrap();
    if let Some(l) = limit {
        t = t.with_memory_limit(l);
    }
    if let Some(s) = slices {
        t = t.with_trace(s);
    }
    let (r, tl) = t.run_traced();
    (r, tl, emu.faults)
}

/// Bytes an untimed spin of `steps` warp instructions would hold as one trace: 16-byte
/// events and a 300-byte record every third instruction, at least.
fn whole_trace_bytes(steps: u64) -> u64 {
    steps * 16 + steps / 3 * 300
}

#[test]
fn a_spinning_warp_is_timed_a_window_at_a_time_within_the_memory_limit() {
    // 300 000 instructions would hold ~35 MB as one trace; the model holds a window of
    // them, far below a 1 MiB limit, and times them all.
    let limit = 1 << 20;
    assert!(whole_trace_bytes(300_000) > 30 * limit);
    let (bounded, _, faults) = spin(32, 300_000, Some(limit), None);
    assert_eq!(
        bounded.stop_reason,
        Some(gpumem_timing::StopReason::Emulator),
        "{:?}",
        bounded.stop_message
    );
    assert!(faults.iter().any(|f| f.kind.name() == "step_limit"));
    assert_eq!(bounded.warp_instructions, 300_000);
    // The same figures as with the default limit.
    let (default, _, _) = spin(32, 300_000, None, None);
    assert_eq!(bounded, default);
}

#[test]
fn a_warp_waiting_behind_a_spinning_one_stops_the_model_at_the_limit() {
    // Warp 1's first instruction comes only after warp 0 (the executor's order): warp 0's
    // whole spin would be held. The model stops at the limit and says where.
    let (r, _, faults) = spin(64, 300_000, Some(1 << 20), None);
    assert!(r.partial);
    assert_eq!(r.stop_reason, Some(gpumem_timing::StopReason::TraceMemory));
    assert_eq!(r.stop_reason.unwrap().name(), "max_trace_memory");
    let m = r.stop_message.expect("a message");
    assert!(m.contains("CTA 0 warp 1 waits"), "{m}");
    assert!(m.contains("limits.max_trace_memory (1048576 bytes)"), "{m}");
    assert!(m.starts_with("cycle 0:"), "{m}");
    // The CTA still ran functionally to the step limit.
    assert!(faults.iter().any(|f| f.kind.name() == "step_limit"));
    // With room for the whole spin, it is timed as before.
    let (r, _, _) = spin(64, 30_000, Some(64 << 20), None);
    assert_eq!(r.stop_reason, Some(gpumem_timing::StopReason::Emulator));
    assert!(r.stop_message.is_none());
}

#[test]
fn the_timeline_shares_the_memory_limit() {
    // A million slices would not fit 2 MiB: the timeline is truncated there, and the
    // model still times the whole spin.
    let limit = 2 << 20;
    let (r, tl, _) = spin(32, 200_000, Some(limit), Some(1_000_000));
    let tl = tl.unwrap();
    assert!(tl.truncated());
    assert!(tl.bytes() <= limit, "{}", tl.bytes());
    assert!(
        tl.slices() > 10_000 && tl.slices() < 200_000,
        "{}",
        tl.slices()
    );
    assert_eq!(r.stop_reason, Some(gpumem_timing::StopReason::Emulator));
    assert_eq!(r.warp_instructions, 200_000);
    // What is kept is written as JSON event by event, the same as `to_json`.
    let prog = Program::from_sass(SPIN, Target::Sm52).unwrap();
    let mut out = Vec::new();
    tl.write_json(&prog.texts, &mut out).unwrap();
    let j: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(j, tl.to_json(&prog.texts));
    assert_eq!(j["otherData"]["slices"], tl.slices());
    assert_eq!(j["otherData"]["truncated"], true);
}
