"""Values shared by both ISAs: disassembled lines and lint findings."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Optional, Union


@dataclass(frozen=True)
class Line:
    """One disassembled instruction.

    ``address`` is its byte address, ``words`` its words as stored (Maxwell: the
    instruction word and its bundle's control word; Vega: its dwords), ``text`` the
    vendor tool's text (``None`` for an undecodable word, ``error`` then says why),
    ``kernel`` the cubin kernel it belongs to, ``fields`` the decoded fields (Maxwell:
    op, form, guard, modifiers, operands, control; ``None`` for Vega and errors).
    """

    address: int
    words: tuple
    text: Optional[str]
    error: Optional[str] = None
    kernel: Optional[str] = None
    fields: Optional[dict] = None

    def __str__(self) -> str:
        return f"/*{self.address:04x}*/ {self.text if self.text is not None else '<' + str(self.error) + '>'}"


@dataclass(frozen=True)
class Finding:
    """One lint finding: severity (``error``, ``warning``, ``note``), the lint's name,
    the message, and where: file, line and column for source text, address (and
    kernel) for binaries."""

    severity: str
    lint: Optional[str]
    message: str
    file: str
    line: Optional[int] = None
    column: Optional[int] = None
    address: Optional[int] = None
    kernel: Optional[str] = None


def _line(t: tuple) -> Line:
    address, words, text, error, kernel, fields = t
    return Line(address, tuple(words), text, error, kernel, fields)


def _finding(t: tuple) -> Finding:
    return Finding(*t)


def _read(data: Union[str, bytes, bytearray, memoryview, "os.PathLike[str]"], what: str) -> tuple:
    """(bytes, file name) of a path or of bytes given directly."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data), "<bytes>"
    if isinstance(data, (str, os.PathLike)):
        path = os.fspath(data)
        with open(path, "rb") as f:
            return f.read(), path
    raise TypeError(f"{what} takes bytes or a path, not {type(data).__name__}")


def _source(data: Any, what: str) -> tuple:
    """(str or bytes, file name) for lint: a path's contents (text when UTF-8), bytes, or
    source text (a str that is not an existing file)."""
    if isinstance(data, os.PathLike) or (
        isinstance(data, str) and "\n" not in data and os.path.isfile(data)
    ):
        raw, name = _read(data, what)
        try:
            return raw.decode("utf-8"), name
        except UnicodeDecodeError:
            return raw, name
    if isinstance(data, str):
        return data, "<string>"
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data), "<bytes>"
    raise TypeError(f"{what} takes source text, bytes or a path, not {type(data).__name__}")
