"""The device API: allocation, copies, modules, launches checked against numpy, and
every bad argument a Python exception."""

import threading

import numpy as np
import pytest

import gpumem
from conftest import ROOT

VADD = ROOT / "tests" / "cuda-samples" / "sm_52" / "vectorAdd__vectorAdd.cubin"
VADD_NAME = "_Z9vectorAddPKfS0_Pfi"


@pytest.fixture
def dev():
    return gpumem.Device(preset="gm204")


@pytest.fixture
def vadd(dev):
    return dev.load(VADD).kernel(VADD_NAME)


def test_vector_add_against_numpy(dev, vadd):
    rng = np.random.default_rng(7)
    n = 1000
    a = rng.random(n, dtype=np.float32)
    b = rng.random(n, dtype=np.float32)
    x, y, z = dev.to_device(a), dev.to_device(b), dev.empty(n, np.float32)
    r = vadd((n + 255) // 256, 256, x, y, z, np.int32(n), shared=0)
    np.testing.assert_array_equal(z.get(), a + b)
    assert r.warp_instructions > 0 and r.timing is None
    # a shorter n leaves the tail untouched (zero)
    z2 = dev.empty(n, np.float32)
    vadd(4, 256, x, y, z2, np.int32(10))
    assert np.all(z2.get()[10:] == 0) and np.array_equal(z2.get()[:10], (a + b)[:10])


def test_load_bytes_and_kernel_listing(dev):
    m = dev.load(VADD.read_bytes())
    assert m.kernels == [VADD_NAME]
    assert m.kernel(VADD_NAME).params == [(0, 8), (8, 8), (16, 8), (24, 4)]
    with pytest.raises(gpumem.DeviceError, match="no kernel `nope`"):
        m.kernel("nope")
    with pytest.raises(gpumem.DeviceError):
        dev.load(b"not a cubin")
    with pytest.raises(TypeError):
        dev.load(3)


def test_timing_device_returns_cycle_report():
    d = gpumem.Device(preset="gm107", timing=True)
    k = d.load(ROOT / "tests" / "cuda-samples" / "sm_50" / "vectorAdd__vectorAdd.cubin").kernel(VADD_NAME)
    a = np.ones(64, np.float32)
    x, y, z = d.to_device(a), d.to_device(a), d.empty(64, np.float32)
    r = k(1, 64, x, y, z, np.int32(64))
    assert r.timing["cycles"] > 0 and r.elapsed_ms > 0
    assert np.all(z.get() == 2)


def test_argument_count(dev, vadd):
    x = dev.empty(4)
    with pytest.raises(gpumem.ArgumentError, match="takes 4 arguments"):
        vadd(1, 32, x, x, x)
    with pytest.raises(gpumem.ArgumentError, match="takes 4 arguments"):
        vadd(1, 32, x, x, x, np.int32(1), np.int32(2))


def test_argument_sizes_and_dtypes(dev, vadd):
    x = dev.empty(4)
    with pytest.raises(gpumem.ArgumentError, match="int64 is 8 bytes; the parameter is 4"):
        vadd(1, 32, x, x, x, np.int64(4))
    with pytest.raises(gpumem.ArgumentError, match="has no size"):
        vadd(1, 32, x, x, x, 4)
    with pytest.raises(gpumem.ArgumentError, match="8-byte pointer; the parameter is 4"):
        vadd(1, 32, x, x, x, x)
    with pytest.raises(gpumem.ArgumentError, match="host memory"):
        vadd(1, 32, np.zeros(4, np.float32), x, x, np.int32(4))
    with pytest.raises(gpumem.ArgumentError, match="is 4 bytes; the parameter is 8"):
        vadd(1, 32, np.float32(1), x, x, np.int32(4))


def test_non_contiguous_and_object_arrays(dev):
    a = np.arange(16, dtype=np.float32).reshape(4, 4).T
    with pytest.raises(gpumem.ArgumentError, match="not C-contiguous"):
        dev.to_device(a)
    with pytest.raises(gpumem.ArgumentError):
        dev.to_device(np.array([object()]))
    with pytest.raises(gpumem.ArgumentError):
        dev.to_device([1, 2, 3])
    b = dev.to_device(np.ascontiguousarray(a))
    np.testing.assert_array_equal(b.get(), a)


def test_freed_buffers(dev, vadd):
    x = dev.empty(4)
    x.free()
    with pytest.raises(gpumem.DeviceError, match="freed"):
        x.get()
    with pytest.raises(gpumem.DeviceError, match="freed"):
        x.free()
    y = dev.empty(4)
    with pytest.raises(gpumem.ArgumentError, match="freed"):
        vadd(1, 32, x, y, y, np.int32(4))


def test_buffer_of_another_device(dev, vadd):
    other = gpumem.Device()
    x = other.empty(4)
    y = dev.empty(4)
    with pytest.raises(gpumem.ArgumentError, match="another Device"):
        vadd(1, 32, x, y, y, np.int32(4))


def test_bad_shapes_and_launch_limits(dev, vadd):
    x = dev.empty(4)
    with pytest.raises(gpumem.ArgumentError):
        vadd((1, 2, 3, 4), 32, x, x, x, np.int32(4))
    with pytest.raises(gpumem.ArgumentError):
        vadd("1", 32, x, x, x, np.int32(4))
    with pytest.raises(gpumem.LaunchError, match="block"):
        vadd(1, 2048, x, x, x, np.int32(4))
    with pytest.raises(gpumem.LaunchError, match="grid"):
        vadd(0, 32, x, x, x, np.int32(4))
    with pytest.raises(gpumem.ArgumentError):
        vadd(1, 32, x, x, x, np.int32(4), shared=-1)
    with pytest.raises(gpumem.LaunchError, match="shared"):
        vadd(1, 32, x, x, x, np.int32(4), shared=1 << 20)
    with pytest.raises(ValueError):
        gpumem.Device(preset="gk110")


def test_step_limit_raises_launch_error():
    dev = gpumem.Device(max_steps=10)
    vadd = dev.load(VADD).kernel(VADD_NAME)
    x = dev.empty(64)
    with pytest.raises(gpumem.LaunchError, match="_Z9vectorAdd"):
        vadd(1, 32, x, x, x, np.int32(32))
    with pytest.raises(gpumem.ArgumentError, match="3 bytes given"):
        vadd(1, 32, b"abc", x, x, np.int32(32))


def test_set_and_mem_info(dev):
    b = dev.empty((2, 3), np.int16)
    b.set(np.arange(6, dtype=np.int16).reshape(2, 3))
    assert b.get().tolist() == [[0, 1, 2], [3, 4, 5]]
    free, total = dev.mem_info()
    assert 0 < free <= total
    with pytest.raises(gpumem.ArgumentError):
        b.set(np.zeros(3, np.int16))


def test_gil_released_during_launch(dev, vadd):
    """Another Python thread runs while a launch executes."""
    n = 1 << 16
    a = np.ones(n, np.float32)
    x, y, z = dev.to_device(a), dev.to_device(a), dev.empty(n, np.float32)
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    t = threading.Thread(target=tick)
    t.start()
    vadd(n // 256, 256, x, y, z, np.int32(n))
    done.set()
    t.join()
    assert np.all(z.get() == 2)
    assert len(ticks) > 1


def test_ctrl_c_stops_a_long_launch():
    """SIGINT during a launch: KeyboardInterrupt, well before the launch would end."""
    import _thread
    import time

    dev = gpumem.Device()
    vadd = dev.load(VADD).kernel(VADD_NAME)
    n = 1 << 22
    a = np.ones(n, np.float32)
    x, y, z = dev.to_device(a), dev.to_device(a), dev.empty(n, np.float32)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        for _ in range(50):  # far longer than 0.3 s in all
            vadd(n // 256, 256, x, y, z, np.int32(n))
    timer.cancel()
    assert time.monotonic() - started < 20
    # the interrupted launch left the device faulted, as a CUDA context after a fault
    with pytest.raises(gpumem.LaunchError, match="interrupted"):
        vadd(1, 32, x, y, z, np.int32(32))
