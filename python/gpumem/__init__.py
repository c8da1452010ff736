"""gpumem: assemble, disassemble, lint, run and time NVIDIA Maxwell SASS and AMD gfx9
scalar code, bit-exactly, from Python.

    >>> import gpumem
    >>> code = gpumem.maxwell.assemble("LDG.E R0, [R2] ;\\nEXIT ;")
    >>> [l.text for l in gpumem.maxwell.disassemble(code)][:1]
    ['LDG.E R0, [R2] ;']

Submodules: :mod:`gpumem.maxwell`, :mod:`gpumem.vega`. The device API:
:class:`Device`. Manifests: :func:`run`. Every error is a :class:`GpumemError`.
"""

from ._gpumem import (
    GpumemError,
    AsmError,
    DecodeError,
    ManifestError,
    DeviceError,
    ArgumentError,
    LaunchError,
    __version__,
)
from ._common import Line, Finding
from ._report import Report, Dump, run
from ._device import Device, Module, Kernel, Buffer, LaunchResult
from . import maxwell, vega

__all__ = [
    "GpumemError",
    "AsmError",
    "DecodeError",
    "ManifestError",
    "DeviceError",
    "ArgumentError",
    "LaunchError",
    "Line",
    "Finding",
    "Report",
    "Dump",
    "run",
    "Device",
    "Module",
    "Kernel",
    "Buffer",
    "LaunchResult",
    "maxwell",
    "vega",
    "__version__",
]
