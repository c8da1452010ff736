#!/usr/bin/env bash
# The README's test command: installs the oracles with the project's own script, then runs
# every test with the oracles required; then builds the Python package into a venv
# (scripts/install-python.sh) and runs its pytest suite and examples against the CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(bash scripts/install-oracles.sh)"
unset GPUMEM_SKIP_ORACLES
cargo test --workspace
bash scripts/test-python.sh
