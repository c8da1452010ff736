import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cli() -> str:
    """The `gpumem` binary: $GPUMEM_CLI, else target/{debug,release}/gpumem, else PATH."""
    env = os.environ.get("GPUMEM_CLI")
    if env:
        return env
    for p in (ROOT / "target" / "debug" / "gpumem", ROOT / "target" / "release" / "gpumem"):
        if p.exists():
            return str(p)
    found = shutil.which("gpumem")
    if found:
        return found
    pytest.skip("no gpumem binary: build it (cargo build -p gpumem-cli) or set GPUMEM_CLI")


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def gpumem_cli() -> str:
    return cli()


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([cli(), *args], cwd=cwd, capture_output=True)
