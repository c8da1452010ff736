//! `gpumem dis` listings: `--hex` against cuobjdump and nvdisasm byte for byte, `--kernel`,
//! and `gpumem asm` taking `dis` output as it stands back to the kernel's bytes.
//!
//! The oracles (scripts/install-oracles.sh) are required: a missing one fails the test
//! (`GPUMEM_SKIP_ORACLES=1` skips it locally, as every oracle test in the workspace).

use gpumem_oracle::{Oracle, cuda_bin, require};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn gpumem(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpumem"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gpumem");
    let mut input = child.stdin.take().expect("stdin");
    // A command that does not read its input may close it first.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("gpumem runs")
}

fn tool(path: &Path, args: &[&str]) -> Output {
    Command::new(path)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gpumem-listing-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d.join(name)
}

/// The SM a committed cubin's name says (`copy_u32.sm_61.cubin`: "61"); sm_52 when it
/// names none.
fn sm_of(path: &str) -> &'static str {
    ["50", "52", "60", "61", "62"]
        .into_iter()
        .find(|sm| path.contains(&format!("sm_{sm}")))
        .unwrap_or("52")
}

/// The cubins of a folder, sorted.
fn cubins(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
        .collect();
    v.sort();
    v
}

/// Every committed cubin: the ptxas corpus, the CUDA samples (both targets and the
/// variants), the cubin of no kernels.
fn every_cubin() -> Vec<PathBuf> {
    let mut v = cubins("tests/cubins");
    for d in [
        "tests/cuda-samples/sm_50",
        "tests/cuda-samples/sm_52",
        "tests/cuda-samples/variants/sm_52",
    ] {
        v.extend(cubins(d));
    }
    v.push(root().join("tests/data/no_kernels.sm_52.cubin"));
    v
}

/// Runs `f` on every item, on as many threads as there are cores; the failures' messages.
fn parallel<T: Sync>(items: &[T], f: impl Fn(&T) -> Option<String> + Sync) -> Vec<String> {
    let n = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = items.len().div_ceil(n).max(1);
    std::thread::scope(|s| {
        let hs: Vec<_> = items
            .chunks(chunk)
            .map(|c| s.spawn(|| c.iter().filter_map(&f).collect::<Vec<String>>()))
            .collect();
        hs.into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect()
    })
}

/// The first line where two texts differ, for the failure message.
fn first_difference(a: &str, b: &str) -> String {
    for (n, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  gpumem:    {x:?}\n  reference: {y:?}", n + 1);
        }
    }
    format!(
        "{} lines against {} (trailing lines differ)",
        a.lines().count(),
        b.lines().count()
    )
}

/// `gpumem dis --hex FILE` is `cuobjdump -sass FILE`, byte for byte, for every committed
/// cubin (`diff` is empty).
#[test]
fn dis_hex_is_cuobjdump_on_every_committed_cubin() {
    let Oracle::Found(cuobjdump) = require(cuda_bin(), "cuobjdump") else {
        return;
    };
    let files = every_cubin();
    let kernels = std::sync::atomic::AtomicUsize::new(0);
    let bad = parallel(&files, |f| {
        let p = f.to_str().expect("UTF-8 path");
        let ours = gpumem(&["dis", "--hex", p], b"");
        let theirs = tool(&cuobjdump, &["-sass", p]);
        if !ours.status.success() || !theirs.status.success() {
            return Some(format!(
                "{p}: gpumem {:?} ({}), cuobjdump {:?}",
                ours.status.code(),
                String::from_utf8_lossy(&ours.stderr),
                theirs.status.code()
            ));
        }
        let (a, b) = (
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&theirs.stdout),
        );
        kernels.fetch_add(
            b.matches("\tFunction : ").count(),
            std::sync::atomic::Ordering::Relaxed,
        );
        (a != b).then(|| format!("{p}: {}", first_difference(&a, &b)))
    });
    let k = kernels.into_inner();
    eprintln!(
        "dis --hex: {} of {} cubins ({k} kernels) equal cuobjdump -sass",
        files.len() - bad.len(),
        files.len()
    );
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
    assert!(
        files.len() >= 390 && k >= 1000,
        "{} cubins, {k} kernels",
        files.len()
    );
    // nvdisasm's spelling of the option.
    let f = root().join("tests/cubins/copy_u32.sm_52.cubin");
    let f = f.to_str().expect("UTF-8 path");
    let a = gpumem(&["dis", "-hex", f], b"");
    let b = gpumem(&["dis", "--hex", f], b"");
    assert!(a.status.success() && a.stdout == b.stdout);
}

/// The code of every kernel of tests/cubins as a raw stream: `gpumem dis --hex` is
/// `nvdisasm -hex -b SM5x`, byte for byte.
#[test]
fn dis_hex_of_a_raw_stream_is_nvdisasm_hex() {
    let Oracle::Found(nvdisasm) = require(cuda_bin(), "nvdisasm") else {
        return;
    };
    let mut raws = Vec::new();
    for f in cubins("tests/cubins") {
        let bytes = std::fs::read(&f).expect("cubin");
        let sm = sm_of(&f.to_string_lossy());
        for k in gpumem_maxwell::cubin::kernels(&bytes).expect("kernels") {
            let name = format!(
                "{}.{}.bin",
                f.file_stem().unwrap().to_string_lossy(),
                k.name
            );
            let p = tmp(&name);
            std::fs::write(&p, &k.code).expect("write");
            raws.push((p, sm));
        }
    }
    let bad = parallel(&raws, |(p, sm)| {
        let p = p.to_str().expect("UTF-8 path");
        let target = format!("sm_{sm}");
        let ours = gpumem(
            &["dis", "--hex", "--isa", "maxwell", "--target", &target, p],
            b"",
        );
        let theirs = tool(&nvdisasm, &["-hex", "-b", &format!("SM{sm}"), p]);
        let (a, b) = (
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&theirs.stdout),
        );
        (!ours.status.success() || a != b).then(|| format!("{p}: {}", first_difference(&a, &b)))
    });
    eprintln!(
        "dis --hex: {} of {} raw streams equal nvdisasm -hex",
        raws.len() - bad.len(),
        raws.len()
    );
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
    assert!(raws.len() >= 70, "{} raw streams", raws.len());
}

/// `dis | asm` for every kernel of tests/cubins: with the control words in the text
/// (`--hex`, `--sched annot`, `--sched maxas`, compact or not) the kernel's bytes come
/// back exactly; from nvdisasm's plain layout, which shows no schedules, every
/// instruction word does. The listing of a whole multi-kernel cubin takes `--kernel`;
/// the raw-stream listings round-trip too.
#[test]
fn dis_output_assembles_back_to_each_kernels_code() {
    let mut units = Vec::new();
    for f in cubins("tests/cubins") {
        let bytes = std::fs::read(&f).expect("cubin");
        for k in gpumem_maxwell::cubin::kernels(&bytes).expect("kernels") {
            units.push((f.clone(), k.name, k.code));
        }
    }
    let modes: [&[&str]; 6] = [
        &["--hex"],
        &["--sched", "annot"],
        &["--sched", "maxas"],
        &["--compact", "--hex"],
        &["--compact", "--sched", "annot"],
        &[],
    ];
    let exact = std::sync::atomic::AtomicUsize::new(0);
    let bad = parallel(&units, |(f, name, code)| {
        let p = f.to_str().expect("UTF-8 path");
        let raw = tmp(&format!(
            "{}.{name}.raw",
            f.file_stem().unwrap().to_string_lossy()
        ));
        std::fs::write(&raw, code).expect("write");
        let sm = format!("sm_{}", sm_of(p));
        let sm = sm.as_str();
        for mode in modes {
            // The whole cubin's listing, one kernel assembled; the kernel's own listing;
            // the raw stream's.
            let whole = gpumem(&[&["dis"], mode, &[p]].concat(), b"");
            let one = gpumem(&[&["dis"], mode, &["--kernel", name, p]].concat(), b"");
            let r = raw.to_str().expect("UTF-8 path");
            let stream = gpumem(
                &[&["dis", "--isa", "maxwell", "--target", sm], mode, &[r]].concat(),
                b"",
            );
            for (what, listing, kernel) in [
                ("whole cubin", &whole, Some(name.as_str())),
                ("--kernel", &one, None),
                ("raw stream", &stream, None),
            ] {
                if !listing.status.success() {
                    return Some(format!("{p} {name} {mode:?} {what}: dis failed"));
                }
                let mut args = vec!["asm", "--isa", "maxwell", "--target", sm, "-", "-o"];
                let out = tmp(&format!(
                    "{}.{name}.{}.bin",
                    f.file_stem().unwrap().to_string_lossy(),
                    what.len()
                ));
                let o = out.to_str().expect("UTF-8 path");
                args.push(o);
                if let Some(k) = kernel {
                    args.extend(["--kernel", k]);
                }
                let asm = gpumem(&args, &listing.stdout);
                if !asm.status.success() {
                    return Some(format!(
                        "{p} {name} {mode:?} {what}: asm failed: {}",
                        String::from_utf8_lossy(&asm.stderr)
                    ));
                }
                let got = std::fs::read(&out).expect("output");
                let same = if mode.contains(&"--hex") || mode.contains(&"--sched") {
                    got == *code
                } else {
                    // Instruction words only (slots 1 to 3 of every bundle).
                    got.len() == code.len()
                        && got
                            .chunks(8)
                            .zip(code.chunks(8))
                            .enumerate()
                            .all(|(i, (a, b))| i % 4 == 0 || a == b)
                };
                if !same {
                    return Some(format!("{p} {name} {mode:?} {what}: other bytes"));
                }
                exact.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }
        None
    });
    eprintln!(
        "dis | asm: {} kernels, {} listings assembled back",
        units.len(),
        exact.into_inner()
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(units.len() >= 70, "{} kernels", units.len());
}

/// A listing of several kernels without `--kernel` is refused at its second `Function :`
/// line, naming the kernels; `--kernel` with a name the cubin (or listing) lacks is exit
/// 2 naming those it has, for `dis`, `dis --json`, `lint` and `asm`.
#[test]
fn kernel_selection_names_the_kernels_present() {
    let f = root().join("tests/cubins/pchase.sm_52.cubin");
    let p = f.to_str().expect("UTF-8 path");
    let names: Vec<String> = gpumem_maxwell::cubin::kernels(&std::fs::read(&f).unwrap())
        .unwrap()
        .into_iter()
        .map(|k| k.name)
        .collect();
    let listing = gpumem(&["dis", "--hex", p], b"").stdout;
    assert!(names.len() > 1, "{names:?}");
    {
        let out = gpumem(
            &[
                "asm",
                "--isa",
                "maxwell",
                "-",
                "-o",
                &tmp("x.bin").to_string_lossy(),
            ],
            &listing,
        );
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("a second kernel") && err.contains(&names[1]),
            "{err}"
        );
        assert!(err.contains("--kernel"), "{err}");
    }
    for args in [
        vec!["dis", "--kernel", "nope", p],
        vec!["dis", "-fun", "nope", p],
        vec!["dis", "--json", "--kernel", "nope", p],
        vec!["lint", "--kernel", "nope", p],
    ] {
        let out = gpumem(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("no kernel `nope`"), "{args:?}: {err}");
        for n in &names {
            assert!(err.contains(n.as_str()), "{args:?}: {err}");
        }
    }
    let out = gpumem(
        &[
            "asm", "--isa", "maxwell", "--kernel", "nope", "-", "-o", "-",
        ],
        &listing,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no kernel `nope`") && err.contains(&names[0]),
        "{err}"
    );
    // One kernel: only its block.
    let one = gpumem(&["dis", "--kernel", &names[0], p], b"");
    assert!(one.status.success());
    let text = String::from_utf8_lossy(&one.stdout);
    assert_eq!(text.matches("Function : ").count(), 1, "{text}");
    assert!(text.contains(&format!("Function : {}", names[0])));
    // A raw stream has no kernels; a contradicting --target is refused.
    let raw = tmp("k.raw");
    std::fs::write(&raw, [0u8; 32]).unwrap();
    let out = gpumem(
        &[
            "dis",
            "--isa",
            "maxwell",
            "--kernel",
            "k",
            &raw.to_string_lossy(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let out = gpumem(
        &[
            "asm", "--isa", "maxwell", "--target", "sm_50", "-", "-o", "-",
        ],
        &listing,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("contradicts"));
    // A cubin of no kernels: cuobjdump's header alone, exit 0.
    let none = root().join("tests/data/no_kernels.sm_52.cubin");
    let out = gpumem(&["dis", &none.to_string_lossy()], b"");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "\n\tcode for sm_52\n");
}
