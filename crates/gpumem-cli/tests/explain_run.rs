//! `gpumem explain` reports how the run ended as `gpumem run` does (a limit's stop, the
//! faults with their messages) and exits as it does; `explain --json` follows
//! docs/explain.schema.json.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn gpumem(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpumem"))
        .args(args)
        .output()
        .expect("gpumem runs")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The explain schema, with the report schema whose fault definition it refers to.
fn validator() -> jsonschema::Validator {
    let read = |name: &str| -> serde_json::Value {
        let t = std::fs::read_to_string(root().join("docs").join(name)).expect("schema");
        serde_json::from_str(&t).expect("schema JSON")
    };
    let report = read("report.schema.json");
    let id = report["$id"]
        .as_str()
        .expect("the report schema's $id")
        .to_string();
    let registry = jsonschema::Registry::new()
        .add(id, report)
        .expect("the report schema")
        .prepare()
        .expect("a registry");
    jsonschema::options()
        .offline()
        .with_registry(&registry)
        .build(&read("explain.schema.json"))
        .expect("a valid schema")
}

fn check(v: &jsonschema::Validator, what: &str, doc: &serde_json::Value) {
    let errors: Vec<String> = v
        .iter_errors(doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}:\n{}", errors.join("\n"));
}

/// A kernel that spins forever around a shared store, stopped by `limits.max_steps`.
fn spin() -> PathBuf {
    let d = std::env::temp_dir().join(format!("gpumem-explain-run-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    std::fs::write(
        d.join("spin.sass"),
        "S2R R0, SR_TID.X ;\nSHL R1, R0, 0x2 ;\nloop:\nSTS [R1], R0 ;\nBRA loop ;\n",
    )
    .expect("write");
    let m = d.join("spin.toml");
    std::fs::write(
        &m,
        "isa = \"maxwell\"\nprogram = \"spin.sass\"\n[launch]\nblock = [32]\nshared_bytes = 128\n\
         [limits]\nmax_steps = 2000\n",
    )
    .expect("write");
    m
}

/// The fault block of a report: from `faults (N):` to its `total:` line.
fn fault_block(report: &str) -> String {
    let start = report.find("\nfaults (").expect("a fault block");
    let rest = &report[start..];
    let end = rest.find("(every fault").expect("the block's end");
    rest[..end].to_string()
}

#[test]
fn explain_reports_a_step_limit_stop_and_exits_as_run() {
    let m = spin();
    let m = m.to_str().expect("UTF-8 path");
    let run = gpumem(&["run", m]);
    let explain = gpumem(&["explain", m]);
    assert_eq!(run.status.code(), Some(1), "{}", text(&run));
    assert_eq!(
        explain.status.code(),
        run.status.code(),
        "{}",
        text(&explain)
    );
    let t = text(&explain);
    assert!(t.contains("stopped by a limit"), "{t}");
    assert!(
        t.contains("first: stopped after limits.max_steps = 2000 warp instructions"),
        "{t}"
    );
    assert_eq!(fault_block(&t), fault_block(&text(&run)));
    // The picture is still there, its totals those of the run until the stop.
    assert!(t.contains("STS [R1], R0"), "{t}");
    // --svg: the picture written, the stop printed, exit 1.
    let svg = std::env::temp_dir().join(format!("gpumem-explain-{}.svg", std::process::id()));
    let o = gpumem(&["explain", m, "--svg", svg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).contains("step_limit"), "{}", text(&o));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    std::fs::remove_file(&svg).ok();
    // --json: one document, the stop and the fault in `run --json`'s layout.
    let o = gpumem(&["explain", m, "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    check(&validator(), "spin", &j);
    assert_eq!(j["stopped"], true);
    assert_eq!(j["faults"][0]["kind"], "step_limit");
    let r: serde_json::Value =
        serde_json::from_slice(&gpumem(&["run", m, "--json"]).stdout).expect("run JSON");
    assert_eq!(j["faults"], r["faults"]);
    assert_eq!(j["warp_instructions"], r["stats"]["instructions"]);
    assert_eq!(j["pictures"][0]["picture"], "shared");
}

#[test]
fn explain_reports_faults_as_run_and_json_follows_its_schema() {
    let v = validator();
    // A bounds fault (warn): reported with run's message, exit 1.
    let m = root().join("examples/maxwell/out-of-bounds.toml");
    let m = m.to_str().expect("UTF-8 path");
    let run = gpumem(&["run", m]);
    let explain = gpumem(&["explain", m]);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(explain.status.code(), Some(1), "{}", text(&explain));
    assert_eq!(fault_block(&text(&explain)), fault_block(&text(&run)));
    let j: serde_json::Value =
        serde_json::from_slice(&gpumem(&["explain", m, "--json"]).stdout).expect("JSON");
    check(&v, m, &j);
    assert!(!j["faults"].as_array().unwrap().is_empty());
    // A clean run: `no faults`, exit 0; every picture kind, with and without timing.
    let m = root().join("examples/maxwell/explain.toml");
    let m = m.to_str().expect("UTF-8 path");
    let o = gpumem(&["explain", m]);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o).contains("\nno faults\n"), "{}", text(&o));
    for extra in [&[][..], &["--timing"][..], &["--pc", "0x38"][..]] {
        let o = gpumem(&[&["explain", m, "--json"], extra].concat());
        assert_eq!(o.status.code(), Some(0), "{extra:?}");
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        check(&v, &format!("{m} {extra:?}"), &j);
        assert_eq!(j["stopped"], false);
        assert_eq!(j["faults"].as_array().unwrap().len(), 0);
        if extra.is_empty() {
            let kinds: Vec<&str> = j["pictures"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["picture"].as_str().unwrap())
                .collect();
            for k in ["shared", "sectors", "constant"] {
                assert!(kinds.contains(&k), "{kinds:?}");
            }
        }
        if extra.contains(&"--timing") {
            assert!(j["pictures"][0]["totals"]["timing"].is_object(), "{j}");
        }
    }
    // The schema holds the layout: a numeric pc is refused.
    let mut j: serde_json::Value =
        serde_json::from_slice(&gpumem(&["explain", m, "--json"]).stdout).unwrap();
    j["pictures"][0]["pc"] = 56.into();
    assert!(!v.is_valid(&j));
    // --json with --svg is a usage error.
    let o = gpumem(&["explain", m, "--json", "--svg", "x.svg"]);
    assert_eq!(o.status.code(), Some(2));
}
