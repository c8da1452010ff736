#!/usr/bin/env bash
# Runs one cargo-fuzz target for a number of seconds (default 600) on the stable toolchain
# (RUSTC_BOOTSTRAP=1 unlocks the sanitizer flags cargo-fuzz needs).
#   scripts/fuzz.sh maxwell_decode 600
# Targets: maxwell_decode maxwell_parse vega_decode vega_parse warp_run wave_run manifest_run (see fuzz/fuzz_targets).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
target=${1:?target}
secs=${2:-600}
mkdir -p "fuzz/corpus/$target"
# Committed seeds (fuzz/seeds/TARGET) start the corpus.
if [[ -d fuzz/seeds/$target ]]; then cp -n fuzz/seeds/"$target"/* "fuzz/corpus/$target/"; fi
RUSTC_BOOTSTRAP=1 cargo fuzz run "$target" -- -max_total_time="$secs" -rss_limit_mb=2048 -max_len=4096
