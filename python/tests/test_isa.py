"""gpumem.maxwell and gpumem.vega: assemble, disassemble, lint, and their errors."""

import pytest

import gpumem
from conftest import ROOT, run_cli

CUBIN = ROOT / "tests" / "cuda-samples" / "sm_52" / "vectorAdd__vectorAdd.cubin"


def test_maxwell_round_trip():
    src = "LDG.E R0, [R2+0x10] ;\nIADD R0, R0, 0x1 ;\nSTG.E [R2], R0 ;\nEXIT ;\n"
    code = gpumem.maxwell.assemble(src, "sm_52")
    assert isinstance(code, bytes) and len(code) % 32 == 0
    lines = gpumem.maxwell.disassemble(code)
    texts = [l.text for l in lines]
    assert texts[:4] == ["LDG.E R0, [R2+0x10] ;", "IADD R0, R0, 0x1 ;", "STG.E [R2], R0 ;", "EXIT ;"]
    assert [l.address for l in lines[:4]] == [0x8, 0x10, 0x18, 0x28]
    first = lines[0]
    assert first.fields["op"] == "LDG" and first.error is None
    assert len(first.words) == 2
    # the words re-assemble to the same bytes
    again = gpumem.maxwell.assemble("\n".join(t for t in texts if t) + "\n")
    assert gpumem.maxwell.disassemble(again)[0].words[0] == first.words[0]


def test_maxwell_disassemble_cubin_matches_cli_json():
    import json

    lines = gpumem.maxwell.disassemble(CUBIN)
    out = run_cli("dis", "--json", str(CUBIN))
    assert out.returncode == 0, out.stderr
    cli_lines = [json.loads(l) for l in out.stdout.decode().splitlines()]
    assert len(cli_lines) == len(lines)
    for py, c in zip(lines, cli_lines):
        assert c["text"] == py.text
        assert int(c["address"], 16) == py.address
        assert int(c["words"][0], 16) == py.words[0]
        assert c["kernel"] == py.kernel
        if c["fields"]:
            assert c["fields"]["op"] == py.fields["op"]


def test_maxwell_disassemble_path_and_bytes_agree():
    assert gpumem.maxwell.disassemble(CUBIN.read_bytes()) == gpumem.maxwell.disassemble(str(CUBIN))


def test_asm_error_carries_place_and_caret_text():
    src = "LDG.E R0, [R2] ;\nFROB R1, R2 ;\n"
    with pytest.raises(gpumem.AsmError) as e:
        gpumem.maxwell.assemble(src, file="k.sass")
    err = e.value
    assert isinstance(err, gpumem.GpumemError)
    assert err.file == "k.sass" and err.line == 2 and err.column == 1
    assert "k.sass:2:1" in err.message and "^" in err.message
    assert err.diagnostics[0]["line"] == 2
    # the same text as the CLI prints
    p = ROOT / "target" / "py-asm-error.sass"
    p.write_text(src)
    out = run_cli("asm", "--isa", "maxwell", "--color", "never", str(p), "-o", "/dev/null")
    assert out.returncode == 2
    assert err.message.replace("k.sass", str(p)) in out.stderr.decode()


def test_bad_target_is_value_error():
    with pytest.raises(ValueError):
        gpumem.maxwell.assemble("EXIT ;", "sm_99")
    with pytest.raises(ValueError):
        gpumem.vega.assemble("s_endpgm", "gfx1100")


def test_decode_error_on_truncated_cubin():
    data = CUBIN.read_bytes()[:100]
    with pytest.raises(gpumem.DecodeError):
        gpumem.maxwell.disassemble(data)


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        gpumem.maxwell.assemble(b"EXIT ;")
    with pytest.raises(TypeError):
        gpumem.maxwell.disassemble(12)
    with pytest.raises(TypeError):
        gpumem.vega.lint(3.5)


def test_maxwell_lint_source_and_cubin():
    missing = (ROOT / "examples" / "maxwell" / "missing-wait.sass").read_text()
    fs = gpumem.maxwell.lint(missing)
    assert fs, "missing-wait.sass has a finding"
    assert all(isinstance(f, gpumem.Finding) for f in fs)
    assert fs[0].line is not None and fs[0].severity in ("error", "warning", "note")
    out = run_cli("lint", "--isa", "maxwell", "--json", str(ROOT / "examples" / "maxwell" / "missing-wait.sass"))
    import json

    doc = json.loads(out.stdout)
    assert [d["lint"] for d in doc["diagnostics"]] == [f.lint for f in fs]
    assert [d["line"] for d in doc["diagnostics"]] == [f.line for f in fs]
    assert isinstance(gpumem.maxwell.lint(CUBIN), list)


def test_vega_round_trip_and_lint():
    src = (ROOT / "examples" / "vega" / "missing-waitcnt.s").read_text()
    code = gpumem.vega.assemble(src)
    lines = gpumem.vega.disassemble(code)
    assert lines and lines[-1].text == "s_endpgm"
    assert all(l.fields is None for l in lines)
    fs = gpumem.vega.lint(src)
    assert any(f.lint == "missing-waitcnt" or "waitcnt" in f.message for f in fs)
    with pytest.raises(gpumem.AsmError) as e:
        gpumem.vega.assemble("s_load_dword s0, s[0:1], 0x0\ns_bogus s1\n")
    assert e.value.line == 2
