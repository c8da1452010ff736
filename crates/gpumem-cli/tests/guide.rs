//! Runs every `$ gpumem ...` command of `docs/guide.md` from the repository's root and
//! checks it: the exit code (0, or the `# exit N` written after the command) and that
//! every output line shown under it (up to the next command or the end of the block;
//! `...` skips) appears in what the command printed. `$TMP` is a fresh folder.

use std::process::Command;

/// One command of the guide and what it must print.
struct Step {
    line: usize,
    args: Vec<String>,
    exit: i32,
    expect: Vec<String>,
}

fn steps(guide: &str, tmp: &str) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    let mut in_sh = false;
    // Whether the last step's command is in this block (a block's lines before its first
    // `$ gpumem`, such as an nvcc command line, belong to no step).
    let mut open = false;
    for (n, l) in guide.lines().enumerate() {
        if l.starts_with("```") {
            in_sh = !in_sh && l.trim() == "```sh";
            open = false;
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(cmd) = l.strip_prefix("$ gpumem") {
            open = true;
            let (cmd, exit) = match cmd.split_once("# exit ") {
                Some((c, e)) => (c, e.trim().parse().expect("exit code")),
                None => (cmd, 0),
            };
            out.push(Step {
                line: n + 1,
                args: cmd
                    .split_whitespace()
                    .map(|a| a.replace("$TMP", tmp))
                    .collect(),
                exit,
                expect: Vec::new(),
            });
        } else if let Some(s) = out.last_mut().filter(|_| open)
            && l.trim() != "..."
            && !l.trim().is_empty()
        {
            s.expect.push(l.trim_end().to_string());
        }
    }
    out
}

#[test]
fn every_command_of_the_guide_runs_as_shown() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let guide = std::fs::read_to_string(format!("{root}/docs/guide.md")).expect("guide");
    let tmp = std::env::temp_dir().join(format!("gpumem-guide-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let steps = steps(&guide, tmp.to_str().unwrap());
    assert!(steps.len() >= 10, "{} commands", steps.len());
    for s in &steps {
        let out = Command::new(env!("CARGO_BIN_EXE_gpumem"))
            .args(&s.args)
            .current_dir(root)
            .output()
            .expect("gpumem runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(s.exit),
            "docs/guide.md:{}: gpumem {}\n{}{}",
            s.line,
            s.args.join(" "),
            stdout,
            String::from_utf8_lossy(&out.stderr)
        );
        for e in &s.expect {
            assert!(
                stdout.lines().any(|l| l.trim_end() == e),
                "docs/guide.md:{}: gpumem {}: no line `{e}` in:\n{stdout}",
                s.line,
                s.args.join(" ")
            );
        }
    }
}
