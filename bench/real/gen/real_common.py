"""Shared helpers of the bench/real generators: each generator module holds
OpenCL sources written for this bench (in the style of public suites, none
copied) with a host reference of exact C semantics, and writes one .cl file
per program into bench/real/ through tests/kernels/gen/app_common.py."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'tests', 'kernels', 'gen'))
import numpy as np  # noqa: E402
import app_common as ac  # noqa: E402
from app_common import Rng, F32, buf, buf_repeat, scalar, local, test  # noqa: E402,F401

I32 = np.int32
U32 = np.uint32


def emit(name, kernel, dims, source, tests, comment, generator, extra=()):
    """Writes bench/real/<name>.cl with config naming `kernel`; extra: more
    [config] lines (e.g. require_device_extensions)."""
    path = os.path.join(HERE, '..', name + '.cl')
    ac.write(os.path.normpath(path), 'real_' + name, source, tests,
             config_extra=list(extra) + [f'kernel_name: {kernel}', f'dimensions: {dims}'],
             comment=comment, generator='bench/real/gen/' + generator)


def ints(seed, n, lo, hi):
    return Rng(seed).ints(n, lo, hi).astype(I32)


def fints(seed, n, lo, hi):
    """float32 values that are small integers: sums and products of few of
    them are exact in float32, so expected values need no tolerance."""
    return Rng(seed).ints(n, lo, hi).astype(F32)


def rel_tol(ref, rel, floor=1e-6):
    """An absolute tolerance for a float buffer: rel times its largest
    magnitude (the format has absolute and ulp tolerances only)."""
    m = float(np.max(np.abs(np.asarray(ref, dtype=np.float64)))) if np.size(ref) else 0.0
    return '%.3g' % max(m * rel, floor)
