//! The register count is enforced (`register_out_of_range`): ptxas never names a
//! register at or above a kernel's count, so no kernel of the CUDA samples corpus
//! (tests/cuda-samples, sm_50 and sm_52) trips it, while a count one lower does trip it
//! wherever the kernel uses its top register as an operand.

use gpumem_maxwell::cubin::kernels;
use gpumem_warp::{Emulator, LaunchConfig, Program};
use std::path::PathBuf;

#[test]
fn no_sample_kernel_names_a_register_beyond_its_count() {
    let root = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/cuda-samples"
    ));
    let (mut checked, mut tight) = (0, 0);
    for sm in ["sm_50", "sm_52"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(sm))
            .expect("tests/cuda-samples")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
            .collect();
        files.sort();
        for path in files {
            let bytes = std::fs::read(&path).expect("cubin");
            let Ok(ks) = kernels(&bytes) else { continue };
            for k in ks {
                let target = k.target;
                let prog = Program::from_bytes(&k.code, target).expect("a program");
                let at = |registers| {
                    let cfg = LaunchConfig {
                        registers,
                        ..LaunchConfig::default()
                    };
                    Emulator::new(&prog, cfg).register_out_of_range()
                };
                assert_eq!(at(k.registers), None, "{} {}", path.display(), k.name);
                checked += 1;
                tight += at(k.registers.saturating_sub(1)).is_some() as usize;
            }
        }
    }
    eprintln!("{checked} kernels; {tight} name their top register outside an address");
    assert!(checked >= 1500 && tight >= checked / 2, "{checked} {tight}");
}
