//! Every example's report (and the built-in example's) validates against the documented
//! JSON schema `docs/report.schema.json`, which both ISAs share.

use crate::common::*;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("docs/report.schema.json")).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    jsonschema::validator_for(&schema).expect("a valid schema")
}

fn check(v: &jsonschema::Validator, what: &str, report: &serde_json::Value) {
    let errors: Vec<String> = v
        .iter_errors(report)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}:\n{}", errors.join("\n"));
}

#[test]
fn every_example_report_follows_the_schema() {
    let v = validator();
    check(&v, "built-in example", &builtin().to_json());
    let mut n = 0;
    for isa in ["maxwell", "vega"] {
        for e in std::fs::read_dir(root().join("examples").join(isa)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().and_then(|x| x.to_str()) != Some("toml") {
                continue;
            }
            let r = any_file(&p).unwrap_or_else(|e| panic!("{e}"));
            check(&v, &p.display().to_string(), &r.to_json());
            n += 1;
        }
    }
    assert!(n >= 3, "{n} examples");
}

#[test]
fn the_schema_rejects_a_report_that_departs_from_it() {
    let v = validator();
    let mut r = builtin().to_json();
    assert!(v.is_valid(&r));
    r["faults"] = serde_json::json!([{ "kind": "misaligned_address", "pc": 16 }]);
    assert!(!v.is_valid(&r), "a numeric pc and missing keys");
    let vega = root().join("examples/vega/missing-waitcnt.toml");
    let mut r = any_file(&vega).unwrap().to_json();
    assert!(v.is_valid(&r));
    r["waves"][0]["pc"] = 24.into();
    assert!(!v.is_valid(&r), "a numeric wave pc");
    let mut r = builtin().to_json();
    r["stats"]["warp_instructions"] = 3.into();
    r.as_object_mut().unwrap().remove("hazards");
    assert!(!v.is_valid(&r));
}

/// Both ISAs write one instruction-statistics row: the memory counters are numbers on
/// Maxwell and null on Vega, the totals are such a row too, and a key the row does not
/// have is refused.
#[test]
fn both_isas_share_the_instruction_row() {
    let v = validator();
    let vega = root().join("examples/vega/missing-waitcnt.toml");
    let mut r = any_file(&vega).unwrap().to_json();
    let row = &r["stats"]["per_instruction"][0];
    assert!(row["accesses"].is_null() && row["space"].is_null(), "{row}");
    assert!(r["stats"]["totals"]["pc"].is_null());
    assert_eq!(r["stats"]["totals"]["text"], "total");
    assert!(
        r["stats"]["scalar_cache"].is_object(),
        "Vega's own counters"
    );
    r["stats"]["per_instruction"][0]["lanes"] = 1.into();
    assert!(!v.is_valid(&r), "an unknown key in a row");
    let m = builtin().to_json();
    assert!(m["stats"]["totals"]["accesses"].is_u64());
    assert!(
        m["stats"].get("scalar_cache").is_none(),
        "no Vega counters on Maxwell"
    );
    assert!(v.is_valid(&m));
}

/// A constant access's fault names its address as the instruction spells it,
/// `c[bank][offset]`, in the JSON report too (and the schema allows that form).
#[test]
fn a_constant_fault_address_is_spelled_as_the_instruction() {
    let dir = std::env::temp_dir().join(format!("gpumem-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ldc.sass"), "LDC R0, c[0x3][0x6] ;\nEXIT ;\n").unwrap();
    let toml = "isa = \"maxwell\"\nprogram = \"ldc.sass\"\n[launch]\nblock = [1]\n";
    let r = maxwell_str(toml, &dir).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let j = r.to_json();
    assert_eq!(j["faults"][0]["space"], "constant", "{j:#}");
    assert_eq!(j["faults"][0]["address"], "c[0x3][0x6]");
    check(&validator(), "constant fault", &j);
}

#[test]
fn json_dumps_name_their_file_or_come_collapsed() {
    use gpumem_run::dump::JsonDumps;
    let v = validator();
    let dir = std::env::temp_dir().join(format!("gpumem-json-dumps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("k.sass"),
        "MOV32I R2, 0x100000 ;\nMOV32I R4, 0x2a ;\nSTG [R2], R4 ;\nEXIT ;\n",
    )
    .unwrap();
    // A 16 MiB dump (32 MiB of hex), and the same saved to a file.
    let t = "isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [1]\n\
             [[dump]]\nspace = \"global\"\naddress = 0x100000\nsize = 16777216\n\
             [[dump]]\nspace = \"global\"\naddress = 0x100000\nsize = 16777216\nfile = \"out.bin\"\n";
    let r = maxwell_str(t, &dir).unwrap();
    let hex = r.to_json();
    check(&v, "hex dumps", &hex);
    assert_eq!(hex["dumps"][0]["hex"].as_str().unwrap().len(), 32 << 20);
    assert!(hex["dumps"][0]["file"].is_null());
    // Saved to a file: named, not repeated.
    assert!(hex["dumps"][1]["hex"].is_null());
    assert_eq!(hex["dumps"][1]["file"], "out.bin");
    assert_eq!(hex["dumps"][1]["size"], 16777216);
    assert_eq!(
        std::fs::read(dir.join("out.bin")).unwrap(),
        r.dumps[1].bytes
    );
    // Collapsed: the stored word, then one stretch of zeros.
    let runs = r.to_json_with(JsonDumps::Runs);
    check(&v, "collapsed dumps", &runs);
    assert!(runs["dumps"][0]["hex"].is_null());
    assert_eq!(
        runs["dumps"][0]["runs"],
        serde_json::json!([
            { "offset": 0, "hex": "2a", "repeat": 1 },
            { "offset": 1, "hex": "00", "repeat": 16777215 },
        ])
    );
    assert!(runs.to_string().len() < 4096);
    assert!(runs["dumps"][1].get("runs").is_none());
}
