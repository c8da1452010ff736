//! `cudaDeviceProp` and `cudaFuncAttributes` field by field against CUDA 11.8's
//! `driver_types.h`, compiled by the host C compiler.

use gpumem_cudart::tex::Layout;
use gpumem_cudart::types::{
    DeviceProp, FuncAttributes, device_prop_offsets, func_attributes_offsets,
};
use std::process::Command;

/// Compiles a C program printing each struct's field offsets and size (`offsetof`,
/// `sizeof`) against CUDA 11.8's headers in `CARGO_TARGET_TMPDIR/<dir>` and checks that it
/// prints `layouts`: (C type, (field, offset) pairs, size).
fn check_layouts(dir: &str, layouts: &[Layout]) {
    let mut c = String::from(
        "#include <stdio.h>\n#include <stddef.h>\n#include <cuda_runtime_api.h>\nint main(void) {\n",
    );
    let mut want = String::new();
    for (ty, offs, size) in layouts {
        for (name, off) in offs {
            c.push_str(&format!(
                "  printf(\"{ty} {name} %zu\\n\", offsetof({ty}, {name}));\n"
            ));
            want.push_str(&format!("{ty} {name} {off}\n"));
        }
        c.push_str(&format!("  printf(\"{ty} size %zu\\n\", sizeof({ty}));\n"));
        want.push_str(&format!("{ty} size {size}\n"));
    }
    c.push_str("  return 0;\n}\n");
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("layout.c"), c).unwrap();
    let o = Command::new("gcc")
        .arg("-I")
        .arg(super::cuda_include())
        .arg("-o")
        .arg(dir.join("layout"))
        .arg(dir.join("layout.c"))
        .output()
        .expect("gcc runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = Command::new(dir.join("layout")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
}

#[test]
fn structs_match_the_cuda_11_8_headers() {
    check_layouts(
        "layout",
        &[
            (
                "struct cudaDeviceProp",
                device_prop_offsets(),
                std::mem::size_of::<DeviceProp>(),
            ),
            (
                "struct cudaFuncAttributes",
                func_attributes_offsets(),
                std::mem::size_of::<FuncAttributes>(),
            ),
        ],
    );
}

/// The structs of arrays and texture objects (`cudaChannelFormatDesc`,
/// `cudaMemcpy3DParms`, `cudaResourceDesc`, `cudaTextureDesc`) field by field.
#[test]
fn texture_structs_match_the_cuda_11_8_headers() {
    let mut l = gpumem_cudart::tex::layouts();
    l.push(gpumem_cudart::tex::texref_layout());
    check_layouts("layout-tex", &l);
}
