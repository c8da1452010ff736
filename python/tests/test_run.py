"""gpumem.run and Report: to_json() is byte for byte `gpumem run --json`."""

import os
from pathlib import Path

import numpy as np
import pytest

import gpumem
from conftest import ROOT, run_cli

EX = ROOT / "examples" / "maxwell"


@pytest.mark.parametrize("name", ["vector_add.toml", "copy_u32.toml", "out-of-bounds.toml"])
def test_to_json_identical_to_cli(name):
    path = EX / name
    r = gpumem.run(path)
    out = run_cli("run", "--json", str(path))
    assert r.to_json() == out.stdout.decode()
    assert r.faulted == (out.returncode == 1)


def test_vega_manifest_identical_to_cli():
    path = ROOT / "examples" / "vega" / "missing-waitcnt.toml"
    out = run_cli("run", "--json", str(path))
    assert gpumem.run(str(path)).to_json() == out.stdout.decode()


def test_vector_add_dump_is_numpy():
    r = gpumem.run(EX / "vector_add.toml")
    assert not r.faulted and r.faults == []
    d = r.dumps[0]
    assert d.data.dtype == np.uint8 and d.size == 160
    a = np.arange(40, dtype=np.float32) + 0.5
    b = (np.arange(40, dtype=np.float32) + 1) * 100
    np.testing.assert_array_equal(d.view(np.float32), a + b)
    assert r.stats and isinstance(r.hazards, list)


def test_text_and_dict_manifests_agree_with_path():
    path = EX / "vector_add.toml"
    text = path.read_text()
    by_text = gpumem.run(text, base_dir=EX)
    assert by_text.to_json() == gpumem.run(path).to_json()
    import tomllib  # noqa: PLC0415  (3.11+)

    by_dict = gpumem.run(tomllib.loads(text), base_dir=EX)
    assert by_dict.dumps[0].data.tobytes() == by_text.dumps[0].data.tobytes()


def test_timing_dict():
    r = gpumem.run(EX / "vector_add.toml", timing=True)
    assert isinstance(r.timing, dict) and r.timing["cycles"] > 0
    assert gpumem.run(EX / "vector_add.toml").timing is None


def test_builtin_example():
    assert "faults" in gpumem.run().document


def test_manifest_error_names_line_and_column():
    with pytest.raises(gpumem.ManifestError) as e:
        gpumem.run('isa = "maxwell"\nprogram = 3\n')
    assert "<string>:" in str(e.value)
    with pytest.raises(gpumem.ManifestError):
        gpumem.run({"isa": "maxwell", "program": "no-such-file.sass"})
    with pytest.raises(TypeError):
        gpumem.run(42)


def test_fault_is_report_not_exception():
    r = gpumem.run(EX / "out-of-bounds.toml")
    assert r.faulted and r.faults and "kind" in r.faults[0]
