"""The device API: an emulated GPU with allocations, modules and launches, in the style
of CuPy's and PyCUDA's driver layers."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _gpumem
from ._gpumem import ArgumentError, DeviceError

Dim = Union[int, Sequence[int]]


def _dim3(d: Dim, what: str) -> Tuple[int, int, int]:
    if isinstance(d, (int, np.integer)) and not isinstance(d, bool):
        v = [int(d)]
    elif isinstance(d, (tuple, list)) and 1 <= len(d) <= 3 and all(
        isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in d
    ):
        v = [int(x) for x in d]
    else:
        raise ArgumentError(f"{what} must be an int or a tuple of 1 to 3 ints, not {d!r}")
    v += [1] * (3 - len(v))
    for x in v:
        if not 0 <= x < 2**32:
            raise ArgumentError(f"{what} {tuple(v)}: each dimension must be 1 to 2**32 - 1")
    return (v[0], v[1], v[2])


class Device:
    """An emulated Maxwell GPU: ``preset`` is ``"gm204"`` (GTX 980, sm_52) or
    ``"gm107"`` (GTX 750 Ti, sm_50). ``timing=True`` runs every launch through the cycle
    model (its report is :attr:`LaunchResult.timing`); ``max_steps`` bounds the warp
    instructions of one launch; ``hazards`` reports scoreboard hazards."""

    def __init__(
        self,
        preset: str = "gm204",
        *,
        timing: bool = False,
        max_steps: Optional[int] = None,
        hazards: bool = False,
    ) -> None:
        self._dev = _gpumem.Device(preset, timing, max_steps, hazards)
        self.preset = preset
        self.timing = timing

    @property
    def name(self) -> str:
        """The GPU's name."""
        return self._dev.name

    def mem_info(self) -> Tuple[int, int]:
        """(free, total) bytes of device memory."""
        return self._dev.mem_info()

    def load(self, module: Union[bytes, str, "os.PathLike[str]"]) -> "Module":
        """Loads a cubin or nvcc fat binary (bytes or a path)."""
        if isinstance(module, (bytes, bytearray, memoryview)):
            data = bytes(module)
        elif isinstance(module, (str, os.PathLike)):
            with open(os.fspath(module), "rb") as f:
                data = f.read()
        else:
            raise TypeError(f"load takes bytes or a path, not {type(module).__name__}")
        return Module(self, self._dev._load(data))

    def empty(self, shape: Union[int, Sequence[int]], dtype: Any = np.float32) -> "Buffer":
        """A device buffer of ``shape`` and ``dtype``, zero-filled (device memory of a
        fresh emulator reads as zero)."""
        dt = np.dtype(dtype)
        shp = (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(int(s) for s in shape)
        if any(s < 0 for s in shp):
            raise ArgumentError(f"shape {shp}: sizes must not be negative")
        n = int(np.prod(shp, dtype=np.int64)) * dt.itemsize
        ptr = self._dev._malloc(n)
        self._dev._memset(ptr, 0, n)
        return Buffer(self, ptr, n, dt, shp)

    def zeros(self, shape: Union[int, Sequence[int]], dtype: Any = np.float32) -> "Buffer":
        """Same as :meth:`empty` (buffers start zeroed)."""
        return self.empty(shape, dtype)

    def to_device(self, array: np.ndarray) -> "Buffer":
        """Copies a C-contiguous numpy array to a new device buffer."""
        if not isinstance(array, np.ndarray):
            raise ArgumentError(f"to_device takes a numpy array, not {type(array).__name__}")
        if not array.flags.c_contiguous:
            raise ArgumentError(
                "the array is not C-contiguous (a transposed or strided view): pass "
                "np.ascontiguousarray(a)"
            )
        if array.dtype.hasobject:
            raise ArgumentError(f"dtype {array.dtype} holds Python objects, not bytes")
        ptr = self._dev._malloc(array.nbytes)
        buf = Buffer(self, ptr, array.nbytes, array.dtype, array.shape)
        self._dev._write_array(ptr, array)
        return buf

    def __repr__(self) -> str:
        return f"<gpumem.Device {self.preset} id={self._dev.id}>"


class Buffer:
    """A device allocation with a dtype and a shape. :meth:`get` copies it back;
    :meth:`free` releases it (a freed buffer refuses every use)."""

    def __init__(self, device: Device, ptr: int, nbytes: int, dtype: np.dtype, shape: Tuple[int, ...]) -> None:
        self.device = device
        self.ptr = ptr
        self.nbytes = nbytes
        self.dtype = np.dtype(dtype)
        self.shape = tuple(shape)
        self._freed = False

    def _live(self) -> None:
        if self._freed:
            raise DeviceError(f"buffer at {self.ptr:#x} was freed")

    def get(self) -> np.ndarray:
        """The buffer's contents as a numpy array of its dtype and shape."""
        self._live()
        raw = self.device._dev._read(self.ptr, self.nbytes)
        return raw.view(self.dtype).reshape(self.shape)

    def set(self, array: np.ndarray) -> None:
        """Copies ``array`` (same number of bytes, C-contiguous) into the buffer."""
        self._live()
        if not isinstance(array, np.ndarray) or array.nbytes != self.nbytes:
            raise ArgumentError(f"set takes a numpy array of {self.nbytes} bytes")
        if not array.flags.c_contiguous:
            raise ArgumentError("the array is not C-contiguous: pass np.ascontiguousarray(a)")
        self.device._dev._write_array(self.ptr, array)

    def free(self) -> None:
        """Releases the allocation; a second free raises :class:`gpumem.DeviceError`."""
        self._live()
        self._freed = True
        self.device._dev._free(self.ptr)

    @property
    def size(self) -> int:
        """Elements."""
        return int(np.prod(self.shape, dtype=np.int64))

    def __del__(self) -> None:
        if not getattr(self, "_freed", True):
            self._freed = True
            try:
                self.device._dev._free(self.ptr)
            except Exception:
                pass

    def __repr__(self) -> str:
        state = "freed" if self._freed else f"{self.ptr:#x}"
        return f"<gpumem.Buffer {state} {self.dtype} {self.shape}>"


@dataclass(frozen=True)
class LaunchResult:
    """What a launch did: warp instructions, time (ms, the cycle model's when the device
    is timed), statistics, the cycle model's report (``timing``, a dict, or ``None``)
    and the number of scoreboard hazards."""

    warp_instructions: int
    elapsed_ms: float
    stats: Dict[str, Any]
    timing: Optional[Dict[str, Any]]
    hazards: int


class Kernel:
    """A kernel of a loaded module. Call it as ``k(grid, block, *args, shared=0)``;
    each argument is a :class:`Buffer` (an 8-byte pointer parameter) or a numpy scalar
    whose size is the parameter's (``np.int32(n)``, ``np.float32(a)``)."""

    def __init__(self, module: "Module", name: str, params: List[Tuple[int, int]], registers: int, shared_bytes: int) -> None:
        self.module = module
        self.name = name
        self.params = params
        """(offset, size) of each parameter, from the cubin's ``.nv.info``."""
        self.registers = registers
        self.shared_bytes = shared_bytes

    def _arg(self, i: int, a: Any, size: int) -> bytes:
        where = f"kernel {self.name}: argument {i + 1}"
        dev = self.module.device
        if isinstance(a, Buffer):
            if a.device is not dev:
                raise ArgumentError(f"{where}: the buffer belongs to another Device")
            if a._freed:
                raise ArgumentError(f"{where}: the buffer at {a.ptr:#x} was freed")
            if size != 8:
                raise ArgumentError(f"{where}: a buffer is an 8-byte pointer; the parameter is {size} bytes")
            return int(a.ptr).to_bytes(8, "little")
        if isinstance(a, np.ndarray):
            raise ArgumentError(
                f"{where}: a numpy array is host memory; pass dev.to_device(array) (or a "
                "numpy scalar for a by-value parameter)"
            )
        if isinstance(a, np.generic):
            b = a.tobytes()
            if len(b) != size:
                raise ArgumentError(
                    f"{where}: {a.dtype} is {len(b)} bytes; the parameter is {size} bytes "
                    f"(give e.g. {_suggest(size)})"
                )
            return b
        if isinstance(a, (bytes, bytearray)):
            if len(a) != size:
                raise ArgumentError(f"{where}: {len(a)} bytes given; the parameter is {size} bytes")
            return bytes(a)
        raise ArgumentError(
            f"{where}: {type(a).__name__} has no size; give a Buffer or a numpy scalar "
            f"such as {_suggest(size)} (the parameter is {size} bytes)"
        )

    def __call__(self, grid: Dim, block: Dim, *args: Any, shared: int = 0) -> LaunchResult:
        if len(args) != len(self.params):
            raise ArgumentError(
                f"kernel {self.name} takes {len(self.params)} arguments (bytes: "
                f"{', '.join(str(s) for _, s in self.params)}), {len(args)} given"
            )
        blobs = [self._arg(i, a, size) for i, (a, (_, size)) in enumerate(zip(args, self.params))]
        if not isinstance(shared, (int, np.integer)) or shared < 0:
            raise ArgumentError(f"shared={shared!r}: bytes of dynamic shared memory, an int >= 0")
        dev = self.module.device._dev
        wi, ms, stats, timing, hazards = dev._launch(
            self.module.handle, self.name, _dim3(grid, "grid"), _dim3(block, "block"), blobs, int(shared)
        )
        return LaunchResult(
            wi, ms, json.loads(stats), json.loads(timing) if timing is not None else None, hazards
        )

    def __repr__(self) -> str:
        return f"<gpumem.Kernel {self.name} params={self.params}>"


def _suggest(size: int) -> str:
    return {1: "np.int8(x)", 2: "np.int16(x)", 4: "np.int32(n) or np.float32(x)", 8: "np.int64(n) or np.float64(x)"}.get(
        size, f"{size} bytes"
    )


class Module:
    """A loaded cubin or fat binary; :meth:`kernel` finds a kernel by its (mangled)
    name."""

    def __init__(self, device: Device, handle: int) -> None:
        self.device = device
        self.handle = handle
        self._kernels = {
            name: Kernel(self, name, [tuple(p) for p in params], regs, shared)
            for name, params, regs, shared in device._dev._kernels(handle)
        }

    @property
    def kernels(self) -> List[str]:
        """The module's kernel names."""
        return list(self._kernels)

    def kernel(self, name: str) -> Kernel:
        """The kernel ``name``; an unknown name raises :class:`gpumem.DeviceError`
        naming those the module has."""
        try:
            return self._kernels[name]
        except KeyError:
            raise DeviceError(
                f"no kernel `{name}`; the module's kernels: {', '.join(self._kernels) or 'none'}"
            ) from None
