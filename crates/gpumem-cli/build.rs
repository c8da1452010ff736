//! Puts the commit the binary was built from into `gpumem --version` (GPUMEM_COMMIT):
//! `git describe --always --dirty`, or "unknown" outside a git checkout.

use std::process::Command;

fn main() {
    let commit = Command::new("git")
        .args(["describe", "--always", "--dirty", "--abbrev=12"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=GPUMEM_COMMIT={commit}");
    // A new commit or a change of branch makes a new version line.
    let git = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.git");
    for f in ["HEAD", "index"] {
        if git.join(f).exists() {
            println!("cargo:rerun-if-changed={}", git.join(f).display());
        }
    }
}
