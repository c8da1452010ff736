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
