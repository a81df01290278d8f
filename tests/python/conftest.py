"""Shared by the pytest suites of the Python module (tests/python/CMakeLists.txt
runs them through CTest, label python).

Equality with the CLI is the module's contract: the helpers here run
impactlab-cli and compare its JSON with what the module returns, numbers
within a stated tolerance, keys in the same order, arrays as their lists."""
import json
import math
import os
import subprocess
from pathlib import Path

import numpy
import pytest

import impactlab

SOURCE_DIR = Path(os.environ.get("IMPACTLAB_SOURCE_DIR", Path(__file__).resolve().parents[2]))
CLI = os.environ.get("IMPACTLAB_CLI", str(SOURCE_DIR / "build" / "app" / "cli" / "impactlab-cli"))
PROBLEMS_DIR = SOURCE_DIR / "tests" / "data" / "problems"
SCENES_DIR = SOURCE_DIR / "scenes"
EXAMPLES_DIR = SOURCE_DIR / "examples"


def find_tosses_dir():
    """The measured cube tosses (docs/experiment-format.md), wherever this tree keeps them."""
    return SCENES_DIR / "data" / "cube-tosses"


# Same code on the same input: the module and the CLI agree to round-off of
# the printing (the CLI prints 17 significant digits), so 1e-12 relative is
# generous for a deterministic result. Sampled results (Monte Carlo, bootstrap)
# are compared to 1e-9: the same streams, summed in the same order, but
# through more arithmetic.
EXACT = 1e-12
SAMPLED = 1e-9


def run_cli(*args, expect=0):
    """impactlab-cli's stdout parsed as JSON (or its stderr line when expect != 0)."""
    done = subprocess.run([CLI, *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert done.returncode == expect, f"impactlab-cli {' '.join(map(str, args))}: exit {done.returncode}\n{done.stderr}"
    if expect != 0:
        line = done.stderr.strip().splitlines()[-1]
        prefix = "impactlab-cli: "
        assert line.startswith(prefix)
        return line[len(prefix):]
    return json.loads(done.stdout) if done.stdout.strip() else None


def to_plain(value):
    """The module's value in the CLI's JSON shape: arrays as lists, a trace of
    columns as its list of samples."""
    if isinstance(value, numpy.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "trace" and isinstance(v, dict):
                n = len(next(iter(v.values())))
                out[k] = [{c: to_plain(v[c][i]) for c in v} for i in range(n)]
            else:
                out[k] = to_plain(v)
        return out
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, numpy.generic):
        return value.item()
    return value


def assert_same(got, expected, tol=EXACT, path="", ignore=()):
    """Equal JSON values: same keys in the same order, same strings and
    integers, numbers within tol relative (to 1 near zero). A NaN never passes."""
    got = to_plain(got)
    if isinstance(expected, dict):
        assert isinstance(got, dict), f"{path}: {type(got).__name__}, expected an object"
        gk = [k for k in got if k not in ignore]
        ek = [k for k in expected if k not in ignore]
        assert gk == ek, f"{path}: keys {gk} != {ek}"
        for k in ek:
            assert_same(got[k], expected[k], tol, f"{path}.{k}" if path else k, ignore)
    elif isinstance(expected, list):
        assert isinstance(got, list), f"{path}: {type(got).__name__}, expected an array"
        assert len(got) == len(expected), f"{path}: {len(got)} elements, expected {len(expected)}"
        for i, (g, e) in enumerate(zip(got, expected)):
            assert_same(g, e, tol, f"{path}[{i}]", ignore)
    elif isinstance(expected, float) or (isinstance(expected, int) and isinstance(got, float)):
        assert isinstance(got, (int, float)) and not isinstance(got, bool), f"{path}: {got!r}, expected {expected!r}"
        assert math.isfinite(got) and abs(got - expected) <= tol * max(1.0, abs(expected)), \
            f"{path}: {got!r} != {expected!r}"
    else:
        assert got == expected and type(got) is type(expected), f"{path}: {got!r} != {expected!r}"


@pytest.fixture
def cli():
    return run_cli
