//! The pictures: golden SVG files (one case per access kind; `BLESS=1` regenerates
//! them), every SVG parsed by a real SVG parser (usvg), one rendered to PNG, and the
//! explanation of a manifest run end to end.

use gpumem_explain::{
    ExplainError, Picture, Select, explain_manifest, explain_manifest_at, html, svg, text,
};
use gpumem_mem::{Access, AccessKind, CacheOp, Space};
use resvg::{tiny_skia, usvg};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn record(space: Space, bytes: u32, f: impl Fn(usize) -> u64) -> Access {
    let mut a = Access::new(space, AccessKind::Load, bytes, false, CacheOp::Default);
    for l in 0..32 {
        a.set_lane(l, f(l));
    }
    a
}

/// The golden cases: name, instruction text, record.
fn cases() -> Vec<(&'static str, &'static str, Access)> {
    vec![
        // Stride of 4 words: lanes l and l+8 hit the same bank at different words.
        (
            "shared-conflict",
            "LDS R6, [R5] ;",
            record(Space::Shared, 4, |l| 16 * l as u64),
        ),
        // Half the warp reads one word (broadcast), the rest one word each.
        (
            "shared-broadcast",
            "LDS R7, [R2] ;",
            record(
                Space::Shared,
                4,
                |l| if l < 16 { 0x20 } else { 4 * l as u64 },
            ),
        ),
        (
            "global-coalesced",
            "LDG.E R4, [R2] ;",
            record(Space::Global, 4, |l| 0x10_0000 + 4 * l as u64),
        ),
        (
            "global-strided",
            "LDG.E R4, [R2] ;",
            record(Space::Global, 4, |l| 0x10_0000 + 128 * l as u64),
        ),
        (
            "constant-divergent",
            "LDC R4, c[0x3][R3] ;",
            record(Space::Constant, 4, |l| {
                (3 << 16) + 0x40 + 4 * (l as u64 % 5)
            }),
        ),
    ]
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn parse(s: &str) -> usvg::Tree {
    match usvg::Tree::from_str(s, &usvg::Options::default()) {
        Ok(t) => t,
        Err(e) => panic!("not a valid SVG ({e}):\n{s}"),
    }
}

#[test]
fn golden_svgs() {
    let bless = std::env::var_os("BLESS").is_some();
    for (name, inst, a) in cases() {
        let s = svg(&Picture::new(0x28, inst, 0, a, None));
        parse(&s);
        let path = golden_dir().join(format!("{name}.svg"));
        if bless {
            std::fs::create_dir_all(golden_dir()).unwrap();
            std::fs::write(&path, &s).unwrap();
        } else {
            let want = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e} (BLESS=1 makes it)", path.display()));
            assert_eq!(s, want, "{name}: the SVG changed (BLESS=1 regenerates)");
        }
    }
}

#[test]
fn figures_follow_the_model() {
    let c = cases();
    let pic = |i: usize| Picture::new(0x28, c[i].1, 0, c[i].2.clone(), None);
    // Stride 4 words: 4-way conflict, 4 wavefronts.
    let p = pic(0);
    assert_eq!((p.cost.bank_conflict_degree, p.cost.wavefronts), (4, 4));
    let t = text(&p);
    assert!(t.contains("4-way bank conflict"), "{t}");
    assert_eq!(t.matches("(conflict)").count(), 24, "{t}");
    // The broadcast lanes share wavefront 0: no conflict.
    let p = pic(1);
    assert_eq!((p.cost.bank_conflict_degree, p.cost.wavefronts), (1, 1));
    // Coalesced: 4 sectors, 1 line; strided: 32 sectors in 32 lines, ideal 4.
    let p = pic(2);
    assert_eq!(
        (p.cost.sectors_32, p.cost.lines_128, p.cost.ideal),
        (4, 1, 4)
    );
    let p = pic(3);
    assert_eq!(
        (p.cost.sectors_32, p.cost.lines_128, p.cost.ideal),
        (32, 32, 4)
    );
    assert!(text(&p).contains("32 sectors of 32 B (ideal 4)"));
    // Five distinct constant words: five serialised requests.
    let p = pic(4);
    assert_eq!((p.cost.transactions, p.cost.ideal), (5, 1));
    let t = text(&p);
    assert!(t.contains("c[0x3][0x0040]"), "{t}");
    // The SVG draws one lane-to-bank line per (lane, word) and one box per sector.
    let s = svg(&pic(0));
    assert_eq!(s.matches("<line ").count(), 32);
    assert_eq!(s.matches(r#"class="bank""#).count(), 32);
    let s = svg(&pic(3));
    assert_eq!(s.matches(r#"class="sector""#).count(), 32);
    assert_eq!(s.matches(r#"class="line""#).count(), 32);
}

/// Issue 20, item 2: a broadcast's ideal is not above what it takes, a coalesced byte
/// load is one sector, and a shared atomic's lanes on one word serialise.
#[test]
fn broadcasts_bytes_and_atomics_count_what_they_need() {
    let figures = |a: Access| text(&Picture::new(0x28, "LDG.E R4, [R2] ;", 0, a, None));
    // All lanes one word: one sector, ideal one (it said ideal 4).
    let p = Picture::new(
        0x28,
        "LDG.E R4, [R2] ;",
        0,
        record(Space::Global, 4, |_| 0x10_0000),
        None,
    );
    assert_eq!((p.cost.sectors_32, p.cost.ideal), (1, 1));
    let t = figures(p.access.clone());
    assert!(t.contains("1 sectors of 32 B (ideal 1)"), "{t}");
    // 32 lanes x 1 byte: one request, four tag lookups, one sector.
    let t = figures(record(Space::Global, 1, |l| 0x10_0000 + l as u64));
    assert!(
        t.contains("1 request, 4 tag lookups, 1 sectors of 32 B (ideal 1)"),
        "{t}"
    );
    // A shared atomic on one word: 32 ways, 32 wavefronts; the load on it broadcasts.
    let mut a = record(Space::Shared, 4, |_| 0x40);
    assert_eq!(
        Picture::new(0x28, "LDS R4, [RZ] ;", 0, a.clone(), None)
            .cost
            .wavefronts,
        1
    );
    a.rmw = Some(gpumem_mem::Rmw::F32AddFtz);
    let p = Picture::new(0x28, "ATOMS.ADD R9, [RZ], R8 ;", 0, a, None);
    assert_eq!(
        (p.cost.bank_conflict_degree, p.cost.wavefronts, p.cost.ideal),
        (32, 32, 1)
    );
    let t = text(&p);
    assert!(t.contains("32 wavefronts (ideal 1)"), "{t}");
    parse(&svg(&p));
}

/// Every golden case rendered to PNG (kept in Cargo's test temp folder,
/// `target/tmp/explain-*.png`, for a look).
#[test]
fn renders_to_png() {
    for (name, inst, a) in cases() {
        let tree = parse(&svg(&Picture::new(0x28, inst, 0, a, None)));
        let size = tree.size().to_int_size();
        let mut pix = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a size");
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pix.as_mut());
        // The background is white; the boxes and lines are not.
        let coloured = pix
            .pixels()
            .iter()
            .filter(|p| (p.red(), p.green(), p.blue()) != (255, 255, 255))
            .count();
        assert!(
            coloured > 5_000,
            "{name}: only {coloured} non-background pixels of {}",
            pix.pixels().len()
        );
        let png = pix.encode_png().expect("PNG encoding");
        assert!(png.len() > 1000 && png.starts_with(b"\x89PNG"), "{name}");
        let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("explain-{name}.png"));
        std::fs::write(&out, &png).unwrap();
    }
}

#[test]
fn explains_a_manifest() {
    let m = root().join("examples/maxwell/explain.toml");
    let e = explain_manifest(&m, true, None).unwrap();
    let kinds: Vec<Space> = e.pictures.iter().map(|p| p.access.space).collect();
    assert_eq!(
        kinds,
        [
            Space::Constant,
            Space::Shared,
            Space::Shared,
            Space::Shared,
            Space::Global
        ]
    );
    // STS with a stride of 8 words: 8-way; the broadcast LDS: 1 wavefront.
    assert_eq!(e.pictures[1].cost.bank_conflict_degree, 8);
    assert_eq!(e.pictures[3].cost.wavefronts, 1);
    // Totals come from the run, the cycle model's too.
    let t = e.pictures[1].totals.as_ref().unwrap();
    assert_eq!(t.stats.executed, 1);
    let timed = t.timing.as_ref().unwrap();
    assert_eq!((timed.requests, timed.wavefronts), (1, 8));
    for p in &e.pictures {
        parse(&svg(p));
    }
    let page = html(&e);
    assert_eq!(page.matches("<svg ").count(), 5);
    assert!(page.contains("gm204"));
    // One pc.
    let pc = e.pictures[4].pc;
    let one = explain_manifest(&m, false, Some(pc)).unwrap();
    assert_eq!(one.pictures.len(), 1);
    assert!(one.pictures[0].totals.as_ref().unwrap().timing.is_none());
}

#[test]
fn errors_say_what_is_wrong() {
    let m = root().join("examples/maxwell/explain.toml");
    let e = explain_manifest(&m, false, Some(0x4)).unwrap_err();
    assert!(matches!(e, ExplainError::UnknownPc { pc: 4, .. }), "{e}");
    assert!(e.to_string().contains("no instruction at pc 0x0004"), "{e}");
    // S2R at 0x0008 is no memory instruction.
    let e = explain_manifest(&m, false, Some(0x8)).unwrap_err();
    assert!(e.to_string().contains("is not a memory instruction"), "{e}");
    assert!(e.to_string().contains("S2R"), "{e}");
    let v = root().join("examples/vega/missing-waitcnt.toml");
    let e = explain_manifest(&v, false, None).unwrap_err();
    assert!(matches!(e, ExplainError::Vega), "{e}");
}

/// `--cta N --warp W`: the picture is that CTA's (after the CTAs before it ran, so CTA 1
/// sees the base CTA 0 wrote) and that warp's.
#[test]
fn pictures_the_cta_and_warp_asked_for() {
    let m = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ctas.toml");
    // The last load (the base load is the first global load).
    let last_load = |e: &gpumem_explain::Explanation| -> Picture {
        e.pictures
            .iter()
            .rfind(|p| p.access.space == Space::Global && p.access.kind == AccessKind::Load)
            .cloned()
            .unwrap()
    };
    for (cta, warp, base, stride, sectors) in [
        (0u32, None, 0x10_0000u64, 4u64, 4u32),
        (0, Some(1), 0x10_1000, 4, 4),
        (1, None, 0x11_0000, 8, 8),
        (1, Some(1), 0x11_1000, 8, 8),
        (2, Some(0), 0x12_0000, 16, 16),
    ] {
        let e = explain_manifest_at(&m, false, None, Select { cta, warp }).unwrap();
        assert_eq!(e.select, Select { cta, warp });
        let p = last_load(&e);
        assert_eq!((p.cta, p.warp), (cta, warp.unwrap_or(0)), "{cta} {warp:?}");
        for l in 0..32 {
            assert_eq!(
                p.access.addr[l],
                base + stride * l as u64,
                "{cta} {warp:?} {l}"
            );
        }
        assert_eq!(p.cost.sectors_32, sectors, "{cta} {warp:?}");
        let w = warp.unwrap_or(0);
        assert!(
            text(&p).contains(&format!("pictured: CTA {cta}, warp {w},")),
            "{}",
            text(&p)
        );
        parse(&svg(&p));
        let page = html(&e);
        assert!(page.contains(&format!("of CTA {cta}")), "{page}");
    }
    // With the cycle model too.
    let e = explain_manifest_at(
        &m,
        true,
        None,
        Select {
            cta: 2,
            warp: Some(1),
        },
    )
    .unwrap();
    assert_eq!(last_load(&e).access.addr[1], 0x12_1000 + 16);
    // Outside the grid, or the block.
    let e = explain_manifest_at(&m, false, None, Select { cta: 3, warp: None }).unwrap_err();
    assert!(
        e.to_string().contains("--cta 3: the grid has 3 CTAs"),
        "{e}"
    );
    let e = explain_manifest_at(
        &m,
        false,
        None,
        Select {
            cta: 1,
            warp: Some(2),
        },
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            ExplainError::NoWarp {
                cta: 1,
                warp: 2,
                warps: 2
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("CTA 1 has 2 warps (0 to 1)"), "{e}");
}

/// A manifest of the spin loop (a global load, an add, a branch back, until the step
/// limit) in a fresh folder, with `max_trace_memory`.
fn spin_manifest(steps: u64, trace_memory: u64) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "gpumem-explain-spin-{}-{trace_memory}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("spin.sass"),
        "MOV32I R2, 0x100000 ;\nMOV R3, RZ ;\nloop:\nLDG.E R0, [R2] ;\nIADD32I R1, R1, 0x1 ;\nBRA loop ;\n",
    )
    .unwrap();
    let m = dir.join("spin.toml");
    std::fs::write(
        &m,
        format!(
            "isa = \"maxwell\"\nprogram = \"spin.sass\"\n[launch]\nblock = [32]\n\
             [limits]\nmax_steps = {steps}\nmax_trace_memory = {trace_memory}\n"
        ),
    )
    .unwrap();
    m
}

#[test]
fn a_long_run_is_explained_from_one_record_per_instruction() {
    // 200 000 instructions (~25 MB as a whole trace) explained and timed within 1 MiB:
    // the first record of the load is all explain keeps, the cycle model holds a window
    // of instructions at a time; the totals are the whole run's.
    let m = spin_manifest(200_000, 1 << 20);
    for timing in [false, true] {
        let e = explain_manifest(&m, timing, None).unwrap();
        assert_eq!(e.pictures.len(), 1);
        let p = &e.pictures[0];
        assert_eq!((p.pc, p.text.as_str()), (0x18, "LDG.E R0, [R2]"));
        assert_eq!(p.access.addr[31], 0x100000);
        let totals = p.totals.as_ref().unwrap();
        assert_eq!(totals.stats.executed, 66_666);
        assert_eq!(
            totals.timing.as_ref().map(|t| t.issued),
            timing.then_some(66_666)
        );
        assert!(e.dropped_note().is_none());
    }
    // A limit below one record keeps none, and says so: the run (stopped by its step
    // limit) is still reported, with a note; asking for the dropped instruction is an
    // error naming the limit.
    let m = spin_manifest(1000, 100);
    let e = explain_manifest(&m, false, None).unwrap();
    assert_eq!(
        (e.pictures.is_empty(), e.stopped, e.dropped),
        (true, true, 1)
    );
    assert!(
        e.dropped_note()
            .is_some_and(|n| n.contains("passed limits.max_trace_memory")),
        "{e:?}"
    );
    // The HTML page says how the run ended, as the text does.
    let page = html(&e);
    assert!(
        page.contains("run: 1000 warp instructions (stopped by a limit"),
        "{page}"
    );
    assert!(page.contains("max_steps"), "{page}");
    let e = explain_manifest(&m, false, Some(0x18)).unwrap_err();
    assert!(
        matches!(e, ExplainError::TraceMemory { dropped: 1, .. }),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("CTA 0's first memory records pass limits.max_trace_memory (1 not kept)"),
        "{e}"
    );
}
