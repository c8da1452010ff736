//! Maxwell runs report the run-time scoreboard's hazards in the report's `hazards` list
//! (the layout Vega's hazards use, `docs/report.schema.json`): the missing-wait example
//! has exactly its one, the built-in example and the ptxas examples none, and
//! `[config] hazards = false` turns the check off.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn missing_wait_example_reports_its_hazard() {
    let path = root().join("examples/maxwell/missing-wait.toml");
    let r = gpumem_run::run_manifest_file(&path).unwrap_or_else(|e| panic!("{e}"));
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
    let r = gpumem_run::run_manifest_str(&off, &root().join("examples/maxwell")).unwrap();
    assert!(r.hazards.is_empty());
    assert!(r.to_string().contains("no hazards"));
}

#[test]
fn scheduled_examples_have_no_hazards() {
    let r = gpumem_run::builtin_example();
    assert!(r.hazards.is_empty(), "{:?}", r.hazards);
    for name in ["copy_u32", "reduce", "vector_add"] {
        let p = root().join(format!("examples/maxwell/{name}.toml"));
        let r = gpumem_run::run_manifest_file(&p).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.hazards.is_empty(), "{name}: {:?}", r.hazards);
    }
}
