"""Nothing the user hands in crashes the interpreter: a seeded fuzz of solve's
dicts, hostile Python values, and Ctrl+C during a long call."""
import copy
import json
import math
import os
import random
import signal
import subprocess
import sys
import time

import numpy
import pytest

import impactlab
from conftest import PROBLEMS_DIR

FUZZ_CASES = 5000
FUZZ_SEED = 20240607
# Outcomes a malformed problem may have: a refusal naming the field, a law
# that gives up (SolverError), or a result. Anything else is a bug.
ACCEPTED = (impactlab.InputError, impactlab.SolverError)

SEEDS = [json.loads(p.read_text()) for p in sorted(PROBLEMS_DIR.glob("*.json"))]
HOSTILE = [None, True, -1, 0, 1e308, -1e308, float("nan"), float("inf"), 2 ** 80, -(2 ** 70), "", "x" * 5000,
           [], {}, [[]], [1, 2], [[1, 2, 3]] * 3, [[0, 0, 0]] * 3, {"a": 1}, b"bytes", {1, 2}, 1j, object(),
           numpy.float64("nan"), numpy.arange(3.0), numpy.eye(3), numpy.int64(7), "newton", "plus", -0.0, 1e-320]


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _mutate(problem, rng):
    """One to three edits of a valid problem: a value replaced by a hostile one,
    a member removed, an unknown member added, a number scaled or negated."""
    p = copy.deepcopy(problem)
    for _ in range(rng.randint(1, 3)):
        paths = [q for q in _paths(p) if q]
        if not paths:
            break
        path = rng.choice(paths)
        parent = p
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        action = rng.randrange(5)
        if action == 0:
            parent[key] = rng.choice(HOSTILE)
        elif action == 1 and isinstance(parent, dict):
            del parent[key]
        elif action == 2 and isinstance(parent, dict):
            parent[rng.choice(["extra", "modle", "frictoin", "W", "contacts"])] = rng.choice(HOSTILE)
        elif isinstance(parent[key], (int, float)) and not isinstance(parent[key], bool):
            parent[key] = parent[key] * rng.choice([-1, 0, 1e9, -1e-9, 1e20])
        else:
            parent[key] = rng.choice(HOSTILE)
    return p


def test_fuzzed_problems_raise_python_exceptions():
    rng = random.Random(FUZZ_SEED)
    outcomes = {"result": 0, "InputError": 0, "SolverError": 0}
    cases = [_mutate(rng.choice(SEEDS), rng) for _ in range(FUZZ_CASES)]
    for case in cases:
        try:
            impactlab.solve(case, trace=rng.random() < 0.2)
            outcomes["result"] += 1
        except ACCEPTED as e:
            outcomes[type(e).__name__] += 1
            assert str(e)
    assert sum(outcomes.values()) == FUZZ_CASES
    assert outcomes["InputError"] > FUZZ_CASES // 2, outcomes
    # The batch path: every case again, each on its own, through solve_many.
    for case in cases[:500]:
        try:
            impactlab.solve_many([case])
        except ACCEPTED:
            pass


def test_hostile_python_values():
    base = json.loads((PROBLEMS_DIR / "ball-on-half-space.json").read_text())
    deep = {}
    node = deep
    for _ in range(200):
        node["a"] = {}
        node = node["a"]
    loop = dict(base)
    loop["description"] = loop
    cases = [
        (None, "problem: must be a JSON object"),
        ({1: 2}, "is a key of type int"),
        (dict(base, friction=float("nan")), "friction: must be a finite number"),
        (dict(base, friction=numpy.float32(0.2)), None),
        (dict(base, contact_level={"W": numpy.diag([3.5, 3.5, 1.0]), "v_minus": numpy.array([1, 0, -1])}), None),
        (dict(base, extra=deep), "nested deeper than the limit"),
        (loop, "nested deeper than the limit"),
        (dict(base, name="x" * 5000), "longer than the limit"),
        (dict(base, name=[0] * 100001), "array is longer than the limit"),
        (dict(base, friction=object()), "friction: must be a JSON value"),
    ]
    for case, message in cases:
        if message is None:
            assert impactlab.solve(case)["status"] == "converged"
            continue
        with pytest.raises(impactlab.InputError) as raised:
            impactlab.solve(case)
        assert message in str(raised.value), (message, str(raised.value))
    with pytest.raises(impactlab.InputError, match="^model: "):
        impactlab.solve(base, model=3)
    with pytest.raises(TypeError):
        impactlab.solve_many(5)


LONG_CALL = """
import sys, time, impactlab
print("ready", flush=True)
start = time.monotonic()
try:
    {call}
except KeyboardInterrupt:
    print("interrupted after %.2f s" % (time.monotonic() - start), flush=True)
    sys.exit(0)
print("finished", flush=True)
sys.exit(1)
"""


@pytest.mark.parametrize("call", [
    "impactlab.Scene('hopper').simulate(steps=100000)",
    "impactlab.reconstruct('reconstruction-ricsac-06', samples=100000)",
    "impactlab.solve_many([impactlab.load('{problem}')] * 300000)",
], ids=["granular", "reconstruct", "solve_many"])
def test_ctrl_c_stops_a_long_call(call):
    """SIGINT (Ctrl+C) one second into a call of minutes: KeyboardInterrupt
    within a second and a half, the interpreter alive to handle it."""
    code = LONG_CALL.format(call=call.format(problem=PROBLEMS_DIR / "ball-on-half-space.json"))
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=os.environ)
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    answered = time.monotonic() - sent
    assert proc.returncode == 0 and "interrupted" in out, out
    assert answered < 1.5, f"KeyboardInterrupt {answered:.2f} s after the signal"
