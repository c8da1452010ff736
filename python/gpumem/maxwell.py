"""NVIDIA Maxwell and Pascal SASS (sm_50, sm_52, sm_60, sm_61, sm_62): assemble, disassemble, lint."""

from __future__ import annotations

import os
from typing import List, Optional, Union

from . import _gpumem
from ._common import Finding, Line, _finding, _line, _read, _source

__all__ = ["assemble", "disassemble", "lint"]


def assemble(text: str, target: Optional[str] = None, *, file: str = "<string>") -> bytes:
    """Assembles SASS text (or a ``gpumem dis`` listing, whose header names its target)
    into a raw little-endian instruction stream of 32-byte bundles.

    ``target`` is ``"sm_50"`` or ``"sm_52"`` (the default). Errors raise
    :class:`gpumem.AsmError` with ``file``, ``line``, ``column`` and ``message`` (the
    caret text ``gpumem asm`` prints) and every ``diagnostics`` entry."""
    if not isinstance(text, str):
        raise TypeError(f"assemble takes source text (str), not {type(text).__name__}")
    return _gpumem.maxwell_assemble(text, target, file)


def disassemble(
    data: Union[bytes, str, "os.PathLike[str]"], target: Optional[str] = None, *, base: int = 0
) -> List[Line]:
    """Disassembles a raw stream or a cubin (bytes or a path) into :class:`gpumem.Line`
    objects; a cubin's kernels in order, each line naming its kernel. Undecodable words
    are lines with ``text=None`` and ``error`` set; a truncated or corrupt file raises
    :class:`gpumem.DecodeError`."""
    raw, name = _read(data, "disassemble")
    return [_line(t) for t in _gpumem.maxwell_disassemble(raw, target, base, name)]


def lint(
    data: Union[str, bytes, "os.PathLike[str]"],
    target: Optional[str] = None,
    *,
    stall_no_yield: bool = False,
) -> List[Finding]:
    """Checks schedules (stalls, barriers, dual issue, yields) of source text, a raw
    stream or a cubin, as ``gpumem lint`` does; returns :class:`gpumem.Finding` objects.
    Source that does not assemble raises :class:`gpumem.AsmError`."""
    src, name = _source(data, "lint")
    return [_finding(t) for t in _gpumem.maxwell_lint(src, target, name, stall_no_yield)]
