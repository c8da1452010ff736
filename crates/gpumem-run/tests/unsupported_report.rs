//! An instruction without a functional model ends its warp with an `unsupported` fault,
//! and the run report (text and JSON) carries what a user needs: the instruction's pc,
//! its CTA and warp, and a message that says what is missing and ends with the
//! instruction's text (issue 10; every row's case is listed by gpumem-warp's
//! `tests/inventory.rs` in `tests/data/maxwell-unsupported.tsv`).

use crate::common::*;

/// Runs `body` (SASS, then EXIT) as the second warp of a 64-thread CTA only: the first
/// warp exits at once. Returns the report.
fn run(body: &str, target: &str, name: &str) -> gpumem_run::Report {
    let dir = std::env::temp_dir().join(format!(
        "gpumem-run-unsupported-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let src = format!(
        "S2R R0, SR_TID.X ;\nISETP.LT.U32.AND P0, PT, R0, 0x20, PT ;\n@P0 EXIT ;\n{body}\nEXIT ;\n"
    );
    std::fs::write(dir.join("k.sass"), src).unwrap();
    let t = format!(
        "isa = \"maxwell\"\nprogram = \"k.sass\"\ntarget = \"{target}\"\n\
         [launch]\nblock = [64]\n[config]\nhazards = false\n"
    );
    maxwell_str(&t, &dir).unwrap_or_else(|e| panic!("{body}: {e}"))
}

#[test]
fn unsupported_faults_carry_pc_warp_text_and_what_is_missing() {
    // (instruction, its text as the disassembler prints it, a word of the reason)
    for (name, body, target, text, missing) in [
        (
            "texs",
            "TEXS.LZ.DC.T R20, R22, R8, R9, 0x52, 2D, RGBA ;",
            "sm_50",
            "TEXS.LZ.DC.T R20, R22, R8, R9, 0x52, 2D, RGBA ;",
            "depth comparison",
        ),
        (
            "sured",
            "SURED.P.1D.XOR.IGN [R4], R12, R0 ;",
            "sm_50",
            "SURED.P.1D.XOR.IGN [R4], R12, R0 ;",
            "surface",
        ),
        (
            "vtg",
            "VOTE.VTG.A 0x12345 ;",
            "sm_52",
            "VOTE.VTG.A 0x12345 ;",
            "graphics",
        ),
    ] {
        let r = run(body, target, name);
        assert_eq!(r.faults.len(), 1, "{body}: {:?}", r.faults);
        let f = &r.faults[0];
        // The fourth instruction: bundle 1, slot 0.
        assert_eq!(f.pc, 0x28, "{body}");
        assert_eq!((f.cta, f.warp, f.lane), (0, 1, None), "{body}");
        assert!(f.message.ends_with(&format!(" ({text})")), "{}", f.message);
        assert!(f.message.contains(missing), "{}", f.message);
        assert!(
            !f.message.starts_with("no functional model"),
            "{}",
            f.message
        );
        let j = r.to_json();
        let jf = &j["faults"][0];
        assert_eq!(jf["kind"], "unsupported");
        assert_eq!(jf["pc"], "0x0028");
        assert_eq!(jf["warp"], 1);
        assert_eq!(jf["cta"], 0);
        assert_eq!(jf["message"], f.message.as_str());
        let shown = r.render(gpumem_run::dump::View::Hex);
        assert!(
            shown.contains("unsupported") && shown.contains("pc 0x0028") && shown.contains(text),
            "{shown}"
        );
    }
}
