//! The workspace's test layout: each crate's tests are one binary (`tests/main.rs` with
//! `autotests = false`), so a file added to a crate's tests/ runs only if main.rs declares
//! it. This checks every crate: each `tests/*.rs` file is a `mod` of its `tests/main.rs`,
//! and each declared module exists.

use std::collections::BTreeSet;
use std::path::Path;

/// The module names `mod NAME;` lines declare in `text`.
fn declared(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_test_file_is_a_module_of_its_crates_test_binary() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut checked = 0;
    for entry in std::fs::read_dir(&crates).expect("crates/") {
        let tests = entry.expect("entry").path().join("tests");
        let main = tests.join("main.rs");
        if !main.exists() {
            // A crate without the one-binary layout has at most one test file.
            let files = std::fs::read_dir(&tests).map_or(0, |d| {
                d.filter(|e| {
                    e.as_ref()
                        .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "rs"))
                })
                .count()
            });
            assert!(
                files <= 1,
                "{}: {files} test files but no tests/main.rs",
                tests.display()
            );
            continue;
        }
        let mods = declared(&std::fs::read_to_string(&main).expect("main.rs"));
        for e in std::fs::read_dir(&tests).expect("tests/") {
            let path = e.expect("entry").path();
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            if path.extension().is_some_and(|x| x == "rs") && stem != "main" {
                assert!(
                    mods.contains(&stem),
                    "{} is not declared in {}",
                    path.display(),
                    main.display()
                );
            }
        }
        for m in &mods {
            let file = tests.join(format!("{m}.rs"));
            let dir = tests.join(m).join("mod.rs");
            assert!(
                file.exists() || dir.exists(),
                "{}: `mod {m};` has no file",
                main.display()
            );
        }
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} crates have tests/main.rs");
}
