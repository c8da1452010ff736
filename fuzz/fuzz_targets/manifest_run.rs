//! Launch manifests (TOML text, optionally followed by `---` and the program's source)
//! run under tight limits: no input may panic or hang the launch layer.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    gpumem_run::fuzz_manifest(data);
});
