#!/usr/bin/env bash
# The Python package's tests: builds and installs it (scripts/install-python.sh), runs
# python/tests with pytest against the debug CLI (the round trips compare with
# `gpumem run --json`, `dis --json`, `lint --json`), then the two examples.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q -p gpumem-cli
eval "$(bash scripts/install-python.sh)"
export GPUMEM_CLI=$PWD/target/debug/gpumem
"$GPUMEM_PYTHON" -m pytest -q python/tests
"$GPUMEM_PYTHON" examples/python/check_vector_add.py
"$GPUMEM_PYTHON" examples/python/transpose_sweep.py --quick
