"""The Python package's overhead beside the CLI on the same manifest: a `gpumem run
--json` process, gpumem.run(...).to_json() in one interpreter, a fresh interpreter that
imports gpumem and runs it, and a device-API launch with its copies.

    target/pyenv/bin/python scripts/python-overhead.py [CLI] [MANIFEST] [N]
"""

import subprocess
import sys
import time

import numpy as np

import gpumem

cli = sys.argv[1] if len(sys.argv) > 1 else "target/release/gpumem"
manifest = sys.argv[2] if len(sys.argv) > 2 else "examples/maxwell/vector_add.toml"
n = int(sys.argv[3]) if len(sys.argv) > 3 else 50


def per_call(f) -> float:
    f()
    t = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - t) / n * 1e3


same = gpumem.run(manifest).to_json() == subprocess.run(
    [cli, "run", "--json", manifest], capture_output=True, check=False
).stdout.decode()
print(f"to_json() identical to `{cli} run --json {manifest}`: {same}")
print(f"CLI process:            {per_call(lambda: subprocess.run([cli, 'run', '--json', manifest], capture_output=True)):8.2f} ms")
print(f"gpumem.run in-process:  {per_call(lambda: gpumem.run(manifest).to_json()):8.2f} ms")
code = f"import gpumem; gpumem.run({manifest!r}).to_json()"
print(f"python -c process:      {per_call(lambda: subprocess.run([sys.executable, '-c', code], check=True)):8.2f} ms")
dev = gpumem.Device()
k = dev.load("tests/cuda-samples/sm_52/vectorAdd__vectorAdd.cubin").kernel("_Z9vectorAddPKfS0_Pfi")
a = np.arange(40, dtype=np.float32)


def launch():
    x, y, z = dev.to_device(a), dev.to_device(a), dev.empty(40, np.float32)
    k(2, 32, x, y, z, np.int32(40))
    return z.get()


print(f"Device launch + copies: {per_call(launch):8.2f} ms")
