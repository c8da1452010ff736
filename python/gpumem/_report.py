"""Manifests: :func:`run` and its :class:`Report`."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Union

import numpy as np

from . import _gpumem


@dataclass(frozen=True)
class Dump:
    """One ``[[dump]]`` of a report: what was read (``space``: global, constant,
    shared, local or registers), where, and ``data``, a numpy array (uint32 for a
    register dump, uint8 otherwise; ``None`` when the dump went to a file). ``view``
    reinterprets it."""

    space: str
    address: int
    size: int
    data: Optional[np.ndarray]
    symbol: Optional[str] = None
    bank: Optional[int] = None
    cta: Optional[int] = None
    thread: Optional[int] = None
    file: Optional[str] = None

    def view(self, dtype: Any) -> np.ndarray:
        """The dump's bytes as ``dtype`` (for example ``np.float32``)."""
        if self.data is None:
            raise ValueError(f"the dump went to {self.file}: read the file")
        return self.data.view(np.uint8).view(dtype)


def _dump(d: Mapping[str, Any]) -> Dump:
    hexs = d.get("hex")
    data = None
    if hexs is not None:
        raw = np.frombuffer(bytes.fromhex(hexs), dtype=np.uint8).copy()
        data = raw.view(np.uint32) if d.get("space") == "registers" and raw.size % 4 == 0 else raw
    return Dump(
        space=d.get("space", ""),
        address=int(d.get("address", "0x0"), 16),
        size=int(d.get("size", 0)),
        data=data,
        symbol=d.get("symbol"),
        bank=d.get("bank"),
        cta=d.get("cta"),
        thread=d.get("thread"),
        file=d.get("file"),
    )


class Report:
    """The report of a run: the same document ``gpumem run --json`` prints
    (:meth:`to_json` gives it back byte for byte), with its parts as Python values."""

    def __init__(self, text: str, faulted: bool) -> None:
        self._text = text
        self.faulted: bool = faulted
        """Whether the run stopped on a fault (``gpumem run`` exits 1)."""
        self.document: Dict[str, Any] = json.loads(text)
        """The whole JSON document as dicts and lists."""

    def to_json(self) -> str:
        """The JSON text exactly as ``gpumem run --json`` prints it."""
        return self._text

    @property
    def faults(self) -> List[Dict[str, Any]]:
        """Faults, each a dict (kind, pc, cta, warp, lane, address, message...)."""
        return self.document.get("faults", [])

    @property
    def hazards(self) -> List[Dict[str, Any]]:
        """Scoreboard hazards, each a dict (rule, pc, register, message...)."""
        return self.document.get("hazards", [])

    @property
    def stats(self) -> Dict[str, Any]:
        """Statistics, per instruction among them."""
        return self.document.get("stats", {})

    @property
    def timing(self) -> Optional[Dict[str, Any]]:
        """The cycle model's report as a dict (``None`` when the run was not timed)."""
        return self.document.get("timing")

    @property
    def dumps(self) -> List[Dump]:
        """The ``[[dump]]`` results as :class:`Dump` objects holding numpy arrays."""
        return [_dump(d) for d in self.document.get("dumps", [])]

    def __repr__(self) -> str:
        return f"<gpumem.Report faulted={self.faulted} faults={len(self.faults)} dumps={len(self.document.get('dumps', []))}>"


def run(
    manifest: Union[str, "os.PathLike[str]", Mapping[str, Any], None] = None,
    *,
    timing: bool = False,
    base_dir: Union[str, "os.PathLike[str]", None] = None,
) -> Report:
    """Runs a launch manifest, as ``gpumem run``.

    ``manifest`` is a path (``str`` naming an existing file, or a path object), TOML
    text, a dict of the manifest's tables, or ``None`` for the built-in example.
    Relative files named by TOML text or a dict are found from ``base_dir`` (the current
    directory by default). ``timing`` runs the cycle model (``--timing``). A bad
    manifest raises :class:`gpumem.ManifestError` naming its line and column; a run that
    faults returns a report with ``faulted`` true. The GIL is released while it runs."""
    base = os.fspath(base_dir) if base_dir is not None else os.getcwd()
    if manifest is None:
        text, faulted = _gpumem.run_manifest(None, None, base, "<builtin>", timing)
    elif isinstance(manifest, Mapping):
        toml = _gpumem.json_to_toml(json.dumps(manifest))
        text, faulted = _gpumem.run_manifest(toml, None, base, "<dict>", timing)
    elif isinstance(manifest, os.PathLike) or (
        isinstance(manifest, str) and "\n" not in manifest and os.path.isfile(manifest)
    ):
        text, faulted = _gpumem.run_manifest(None, os.fspath(manifest), base, "", timing)
    elif isinstance(manifest, str):
        text, faulted = _gpumem.run_manifest(manifest, None, base, "<string>", timing)
    else:
        raise TypeError(
            f"run takes a path, TOML text or a dict, not {type(manifest).__name__}"
        )
    return Report(text, faulted)
