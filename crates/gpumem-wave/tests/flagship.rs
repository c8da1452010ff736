//! The flagship: a missing `s_waitcnt` reads correct data under some latency
//! seeds and stale data under others; the hazard is reported under every
//! seed. With `s_waitcnt lgkmcnt(0)` nothing is reported and every seed is correct.
use crate::common;
use common::*;
use gpumem_wave::*;

const NEW: u32 = 0x1234;
const OLD: u32 = 0xdead;

fn program(wait: bool) -> String {
    format!(
        "s_load_dword s4, s[0:1], 0x0\ns_nop 15\ns_nop 15\ns_nop 15\n{}s_mov_b32 s5, s4\ns_endpgm\n",
        if wait { "s_waitcnt lgkmcnt(0)\n" } else { "" }
    )
}

fn run_seed(wait: bool, seed: u64) -> WaveReport {
    let mut c = sgprs(&[("s[0:1]", 0x1000), ("s4", u64::from(OLD))]);
    c.seed = seed;
    run_src(&program(wait), &c, &[mem_u32(0x1000, &[NEW])])
}

#[test]
fn missing_waitcnt_is_reported_under_every_seed() {
    let (mut fresh, mut stale) = (0, 0);
    for seed in 0..64 {
        let r = run_seed(false, seed);
        match r.waves[0].sgpr[5] {
            NEW => fresh += 1,
            OLD => stale += 1,
            v => panic!("seed {seed}: s5 = {v:#x}"),
        }
        let h: Vec<_> = r.hazards_of(HazardRule::ReadBeforeWait).collect();
        assert_eq!(h.len(), 1, "seed {seed}: {:?}", rules(&r));
        assert_eq!(h[0].pc, 20, "the s_mov_b32 is at byte 20");
        assert_eq!(h[0].related_pcs, vec![0]);
        assert!(h[0].instructions[0].contains("s_mov_b32 s5, s4"));
        assert!(h[0].instructions[1].contains("s_load_dword s4"));
        assert!(h[0].message.contains("s4"));
    }
    assert!(fresh > 0, "some seeds must deliver in time");
    assert!(stale > 0, "some seeds must deliver late");
}

#[test]
fn with_waitcnt_nothing_is_reported_and_every_seed_is_correct() {
    for seed in 0..64 {
        let r = run_seed(true, seed);
        assert_eq!(r.waves[0].sgpr[5], NEW, "seed {seed}");
        assert!(r.hazards.is_empty(), "seed {seed}: {:?}", rules(&r));
        assert!(r.faults.is_empty());
    }
}

#[test]
fn hazard_names_rule_pc_instructions_message() {
    let r = run_seed(false, 3);
    let h = &r.hazards[0];
    assert_eq!(h.rule.name(), "read-before-wait");
    assert_eq!(h.pc, 20);
    assert_eq!(h.instructions.len(), 2);
    assert!(h.message.contains("s_waitcnt"));
    assert!(r.stats.scalar_cache.misses >= 1);
    assert!(r.faults.is_empty());
}
