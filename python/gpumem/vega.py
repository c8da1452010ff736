"""AMD Vega (gfx900, gfx906) scalar instructions: assemble, disassemble, lint."""

from __future__ import annotations

import os
from typing import List, Optional, Union

from . import _gpumem
from ._common import Finding, Line, _finding, _line, _read, _source

__all__ = ["assemble", "disassemble", "lint"]


def assemble(text: str, target: Optional[str] = None, *, file: str = "<string>") -> bytes:
    """Assembles LLVM-syntax gfx9 assembly into little-endian dwords.

    ``target`` is ``"gfx900"`` (the default) or ``"gfx906"``. Errors raise
    :class:`gpumem.AsmError` (file, line, column, message, diagnostics); warnings are
    available from :func:`lint`."""
    if not isinstance(text, str):
        raise TypeError(f"assemble takes source text (str), not {type(text).__name__}")
    return _gpumem.vega_assemble(text, target, file)[0]


def disassemble(
    data: Union[bytes, str, "os.PathLike[str]"], target: Optional[str] = None
) -> List[Line]:
    """Disassembles a raw stream or a code object's ``.text`` into
    :class:`gpumem.Line` objects (llvm-objdump's text)."""
    raw, name = _read(data, "disassemble")
    return [_line(t) for t in _gpumem.vega_disassemble(raw, target, name)]


def lint(data: Union[str, bytes, "os.PathLike[str]"], target: Optional[str] = None) -> List[Finding]:
    """The assembler's lints (missing ``s_waitcnt`` and the rest) over LLVM assembly
    or a code object, as ``gpumem lint --isa vega``."""
    src, name = _source(data, "lint")
    return [_finding(t) for t in _gpumem.vega_lint(src, target, name)]
