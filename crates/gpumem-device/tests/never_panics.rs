//! Corrupt fat binaries and cubins are errors, never panics.

use gpumem_device::{Context, DeviceConfig, fatbin};
use proptest::prelude::*;
use std::path::Path;

fn data(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name),
    )
    .unwrap()
}

const FILES: [&str; 4] = [
    "copy_u32.fatbin",
    "copy_u32.multi.fatbin",
    "copy_u32.compressed.fatbin",
    "scale_add.o",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn damaged_files_load_or_fail_cleanly(
        file in 0usize..FILES.len(),
        cut in any::<prop::sample::Index>(),
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6),
    ) {
        let mut b = data(FILES[file]);
        for (i, v) in flips {
            let i = i.index(b.len());
            b[i] = v;
        }
        b.truncate(cut.index(b.len() + 1));
        let _ = fatbin::entries(&b);
        let mut c = Context::new(DeviceConfig::gm204());
        let _ = c.load(&b);
    }

    #[test]
    fn random_blocks_decode_or_fail(input in prop::collection::vec(any::<u8>(), 0..200), len in 0usize..1000) {
        let _ = fatbin::decompress(&input, len);
    }
}
