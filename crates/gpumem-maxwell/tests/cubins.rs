//! Every instruction of the committed ptxas 11.8 cubins (`tests/cubins`, built from
//! `tests/ptx` by `tests/ptx/build.sh`): it decodes, prints exactly as cuobjdump printed it
//! (the `.sass` listing beside each cubin), and the whole kernel, control words included,
//! re-assembles bit-exactly from gpumem's annotated text and from cuobjdump's own text
//! (instruction words only: cuobjdump's text does not show the whole schedule).

use gpumem_maxwell::cubin::kernels;
use gpumem_maxwell::{SchedStyle, assemble, cubin_header, disassemble, inst_addr, render};
use std::path::PathBuf;

fn cubin_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cubins"))
}

/// cuobjdump's instruction lines for `kernel`, without the hex comments.
fn listing(sass: &str, kernel: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in sass.lines() {
        if let Some(name) = line.trim().strip_prefix("Function : ") {
            inside = name.trim() == kernel;
            continue;
        }
        if inside
            && line.trim_start().starts_with("/*")
            && line.contains("*/ ")
            && !line.trim_start().starts_with("/* 0x")
        {
            let text = match line.rfind("/* 0x") {
                Some(i) => &line[..i],
                None => line,
            };
            out.push(text.trim_end().to_string());
        }
    }
    out
}

#[test]
fn every_cubin_instruction_round_trips_and_prints_as_cuobjdump() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(cubin_dir())
        .expect("tests/cubins")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 20,
        "expected the ptxas corpus, found {} cubins",
        files.len()
    );
    let (mut insts, mut bad) = (0usize, Vec::new());
    for path in &files {
        let bytes = std::fs::read(path).expect("cubin");
        let sass = std::fs::read_to_string(path.with_extension("sass")).expect("sass listing");
        for k in kernels(&bytes).expect("a cubin") {
            let target = k.target;
            let d = disassemble(&k.code, 0, target).expect("whole bundles");
            if let Some(e) = d.first_error() {
                bad.push(format!("{}: {}: {e}", path.display(), k.name));
                continue;
            }
            insts += d.lines.len();
            // Printing: line for line as cuobjdump.
            let ours: Vec<String> = render(&d, SchedStyle::None, false)
                .lines()
                .skip(1)
                .map(|l| l.trim_end().to_string())
                .collect();
            let theirs = listing(&sass, &k.name);
            if ours != theirs {
                let first = ours.iter().zip(&theirs).find(|(a, b)| a != b);
                bad.push(format!(
                    "{}: {}: {} vs {} lines; first difference {first:?}",
                    path.display(),
                    k.name,
                    ours.len(),
                    theirs.len()
                ));
            }
            // Whole kernel, schedules included, from the annotated text.
            let annotated = render(&d, SchedStyle::Annotations, true);
            match assemble(&annotated, target) {
                Ok(back) if back == k.code => {}
                Ok(_) => bad.push(format!(
                    "{}: {}: annotated text re-assembles to other bytes",
                    path.display(),
                    k.name
                )),
                Err(e) => bad.push(format!(
                    "{}: {}: annotated text does not assemble: {}",
                    path.display(),
                    k.name,
                    e.0[0]
                )),
            }
            // Instruction words from cuobjdump's own text.
            match assemble(&sass_for(&theirs), target) {
                Ok(back) => {
                    for i in 0..d.lines.len() {
                        let a = inst_addr(i) as usize;
                        if back.get(a..a + 8) != k.code.get(a..a + 8) {
                            bad.push(format!(
                                "{}: {}: cuobjdump text at {a:#x} re-assembles to another word",
                                path.display(),
                                k.name
                            ));
                        }
                    }
                }
                Err(e) => bad.push(format!(
                    "{}: {}: cuobjdump text does not assemble: {}",
                    path.display(),
                    k.name,
                    e.0[0]
                )),
            }
        }
    }
    eprintln!("{insts} instructions in {} cubins", files.len());
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(insts > 1000);
}

fn sass_for(lines: &[String]) -> String {
    lines.join("\n")
}

/// The header lines `gpumem dis` prints for a cubin (`code for sm_NN` and each kernel's
/// `.headerflags`) are cuobjdump's, taken from the cubin's own ELF flags: an sm_53
/// cubin says SM53 though its code decodes with the SM52 table.
#[test]
fn header_lines_are_cuobjdumps_from_the_elf_flags() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(cubin_dir())
        .expect("tests/cubins")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
        .collect();
    files.sort();
    let mut sms = std::collections::BTreeSet::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("cubin");
        let sass = std::fs::read_to_string(path.with_extension("sass")).expect("sass listing");
        let (flags, _) = gpumem_maxwell::cubin::arch(&bytes).expect("a Maxwell cubin");
        let ks = kernels(&bytes).expect("kernels");
        let heads: Vec<&str> = sass
            .lines()
            .filter(|l| l.contains(".headerflags"))
            .collect();
        assert_eq!(heads.len(), ks.len(), "{}", path.display());
        for h in heads {
            assert_eq!(format!("{h}\n"), cubin_header(flags), "{}", path.display());
        }
        let code_for = format!("\tcode for sm_{}", flags.sm());
        assert!(sass.lines().any(|l| l == code_for), "{}", path.display());
        sms.insert(flags.sm());
    }
    assert_eq!(
        sms.into_iter().collect::<Vec<_>>(),
        [50, 52, 53, 60, 61, 62]
    );
}
