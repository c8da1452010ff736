#!/usr/bin/env bash
# The README's test command: installs the oracles with the project's own script, then runs
# every test with the oracles required.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(bash scripts/install-oracles.sh)"
unset GPUMEM_SKIP_ORACLES
cargo test --workspace
