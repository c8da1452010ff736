//! The shared library carries the soname of CUDA 11.8's runtime, `libcudart.so.11.0`: the
//! name nvcc's `-cudart shared` programs record in DT_NEEDED and the loader looks for.

fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libcudart.so.11.0");
}
