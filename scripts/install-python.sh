#!/usr/bin/env bash
# Builds the gpumem Python package (python/, PyO3 + maturin, one abi3 wheel for CPython
# >= 3.9) and installs it into a virtual environment with numpy and pytest:
#   bash scripts/install-python.sh [VENV]     (default: $GPUMEM_PYENV or target/pyenv)
# The wheel lands in target/wheels/ (GPUMEM_PY_RELEASE=1: optimised). Prints the environment to export (the venv's python).
# Safe to run again: the venv is kept, the wheel rebuilt (cargo rebuilds what changed).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-${GPUMEM_PYENV:-target/pyenv}}
python=${PYTHON:-python3}
if [[ ! -x $venv/bin/python ]]; then
  "$python" -m venv "$venv" >&2
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check 'maturin>=1.5,<2' numpy pytest >&2
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
rm -f target/wheels/gpumem-*.whl
# A debug build by default (CI and tests: it shares target/debug with `cargo test` and
# takes minutes less than an optimised one); GPUMEM_PY_RELEASE=1 builds the release wheel.
profile=()
[[ ${GPUMEM_PY_RELEASE:-0} == 1 ]] && profile=(--release)
"$venv/bin/maturin" build "${profile[@]}" --quiet -m python/Cargo.toml -i "$venv/bin/python" -o target/wheels >&2
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps target/wheels/gpumem-*.whl >&2
echo "export GPUMEM_PYTHON=$PWD/$venv/bin/python"
