//! Scalar data cache: GLC policies, write-back, invalidate, LRU, sharing and
//! stale reads across waves.
use crate::common;
use common::*;

const W: &str = "s_waitcnt lgkmcnt(0)\n";

#[test]
fn glc0_load_is_hit_lru() {
    let r = run_src(
        &format!("s_load_dword s4, s[0:1], 0x0\n{W}s_load_dword s5, s[0:1], 0x4\n{W}s_endpgm\n"),
        &base(),
        &ramp(),
    );
    let c = r.stats.scalar_cache;
    assert_eq!((c.hits, c.misses), (1, 1));
    assert_eq!(r.waves[0].sgpr[5], 101);
}

#[test]
fn glc1_load_is_miss_evict() {
    let r = run_src(
        &format!(
            "s_load_dword s4, s[0:1], 0x0\n{W}s_load_dword s5, s[0:1], 0x4 glc\n{W}s_load_dword s6, s[0:1], 0x8\n{W}s_endpgm\n"
        ),
        &base(),
        &ramp(),
    );
    let c = r.stats.scalar_cache;
    assert_eq!(
        (c.hits, c.misses),
        (0, 3),
        "the GLC load misses and evicts the line"
    );
}

#[test]
fn lru_replaces_the_least_recently_used_way() {
    // One set of two ways: A, B, A, C evicts B; then A hits, B misses.
    let mut c = sgprs(&[("s[0:1]", 0x1000)]);
    c.scalar_cache.size = 128;
    c.scalar_cache.ways = 2;
    let src = format!(
        "s_load_dword s4, s[0:1], 0x0\n{W}s_load_dword s4, s[0:1], 0x40\n{W}s_load_dword s4, s[0:1], 0x0\n{W}s_load_dword s4, s[0:1], 0x80\n{W}s_load_dword s4, s[0:1], 0x0\n{W}s_load_dword s4, s[0:1], 0x40\n{W}s_endpgm\n"
    );
    let r = run_src(&src, &c, &ramp());
    let s = r.stats.scalar_cache;
    assert_eq!((s.hits, s.misses, s.evictions), (2, 4, 2));
}

#[test]
fn glc0_store_write_combines_until_write_back() {
    let c = sgprs(&[("s[0:1]", 0x2000), ("s4", 7)]);
    let r = run_dump(
        &format!("s_store_dword s4, s[0:1], 0x0\n{W}s_endpgm\n"),
        &c,
        &[],
        0x2000,
        4,
    );
    assert_eq!(dump(&r, 0), [0], "dirty in the scalar cache only");
    assert_eq!(r.stats.dirty_lines_at_end, 1);
    let r = run_dump(
        &format!("s_store_dword s4, s[0:1], 0x0\ns_dcache_wb\n{W}s_endpgm\n"),
        &c,
        &[],
        0x2000,
        4,
    );
    assert_eq!(dump(&r, 0), [7]);
    assert_eq!(r.stats.scalar_cache.writebacks, 1);
    assert_eq!(r.stats.dirty_lines_at_end, 0);
}

#[test]
fn glc1_store_writes_through() {
    let c = sgprs(&[("s[0:1]", 0x2000), ("s4", 7)]);
    let r = run_dump(
        &format!("s_store_dword s4, s[0:1], 0x0 glc\n{W}s_endpgm\n"),
        &c,
        &[],
        0x2000,
        4,
    );
    assert_eq!(dump(&r, 0), [7]);
    assert_eq!(r.stats.scalar_cache.written_through, 1);
    assert_eq!(r.stats.dirty_lines_at_end, 0);
}

#[test]
fn dcache_inv_drops_dirty_lines() {
    let c = sgprs(&[("s[0:1]", 0x2000), ("s4", 7)]);
    let r = run_dump(
        &format!("s_store_dword s4, s[0:1], 0x0\ns_dcache_inv\ns_dcache_wb\n{W}s_endpgm\n"),
        &c,
        &[],
        0x2000,
        4,
    );
    assert_eq!(dump(&r, 0), [0]);
    assert_eq!(r.stats.scalar_cache.dirty_dropped, 1);
    assert_eq!(r.stats.scalar_cache.invalidated, 1);
}

#[test]
fn dirty_eviction_writes_back() {
    let mut c = sgprs(&[("s[0:1]", 0x1000), ("s4", 7)]);
    c.scalar_cache.size = 64;
    c.scalar_cache.ways = 1;
    let r = run_dump(
        &format!("s_store_dword s4, s[0:1], 0x0\n{W}s_load_dword s5, s[0:1], 0x40\n{W}s_endpgm\n"),
        &c,
        &ramp(),
        0x1000,
        4,
    );
    assert_eq!(dump(&r, 0), [7]);
    assert_eq!(r.stats.scalar_cache.writebacks, 1);
}

/// Wave 0 caches X; wave 1 (own cache) writes X through to memory; wave 0
/// reads the stale copy until it invalidates.
#[test]
fn stale_read_across_waves_until_invalidate() {
    let mut c = sgprs(&[("s[0:1]", 0x1000), ("s4", 55)]);
    c.wave.count = 2;
    c.wave.per_wave = vec![vec![], vec![reg("s2", 1)]];
    c.scalar_cache.sharing = gpumem_wave::Sharing::PerWave;
    let src = format!(
        "s_cmp_eq_u32 s2, 1\ns_cbranch_scc1 writer\n\
         s_load_dword s5, s[0:1], 0x0\n{W}s_barrier\ns_barrier\n\
         s_load_dword s6, s[0:1], 0x0\n{W}s_dcache_inv\n{W}s_load_dword s7, s[0:1], 0x0\n{W}s_endpgm\n\
         writer:\ns_barrier\ns_store_dword s4, s[0:1], 0x0 glc\n{W}s_barrier\ns_endpgm\n"
    );
    let r = run_src(&src, &c, &ramp());
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let s = &r.waves[0].sgpr;
    assert_eq!(
        (s[5], s[6], s[7]),
        (100, 100, 55),
        "stale until s_dcache_inv"
    );
    assert_eq!(r.stats.scalar_caches, 2);
}

/// The same with one shared cache: the write-combined store is seen at once.
#[test]
fn shared_cache_sees_other_waves_stores() {
    let mut c = sgprs(&[("s[0:1]", 0x1000), ("s4", 55)]);
    c.wave.count = 2;
    c.wave.per_wave = vec![vec![], vec![reg("s2", 1)]];
    let src = format!(
        "s_cmp_eq_u32 s2, 1\ns_cbranch_scc1 writer\n\
         s_load_dword s5, s[0:1], 0x0\n{W}s_barrier\ns_barrier\ns_load_dword s6, s[0:1], 0x0\n{W}s_endpgm\n\
         writer:\ns_barrier\ns_store_dword s4, s[0:1], 0x0\n{W}s_barrier\ns_endpgm\n"
    );
    let r = run_src(&src, &c, &ramp());
    let s = &r.waves[0].sgpr;
    assert_eq!((s[5], s[6]), (100, 55));
    assert_eq!(r.stats.scalar_caches, 1);
}
