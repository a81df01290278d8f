"""impactlab.solve, solve_many, models, load and __version__ against impactlab-cli."""
import json
import re

import numpy
import pytest

import impactlab
from conftest import CLI, PROBLEMS_DIR, EXACT, assert_same, run_cli, to_plain

PROBLEMS = sorted(PROBLEMS_DIR.glob("*.json"))
BAD = sorted((PROBLEMS_DIR / "bad").glob("*.json"))


def test_version_is_the_clis():
    import subprocess
    done = subprocess.run([CLI, "--version"], capture_output=True, text=True)
    assert done.stdout.split()[1] == impactlab.__version__


def test_models_are_the_clis():
    import subprocess
    text = subprocess.run([CLI, "models"], capture_output=True, text=True, check=True).stdout
    assert impactlab.models() == [line.split()[0] for line in text.splitlines() if line.strip()]
    verbose = impactlab.models(verbose=True)
    assert [m["id"] for m in verbose] == impactlab.models()
    stronge = next(m for m in verbose if m["id"] == "stronge")
    assert stronge["title"] and stronge["reference"]
    assert all({"name", "default", "description"} <= set(o) for m in verbose for o in m["options"])


@pytest.mark.parametrize("path", PROBLEMS, ids=lambda p: p.stem)
@pytest.mark.parametrize("trace", [False, True], ids=["result", "trace"])
def test_solve_equals_cli(path, trace):
    expected = run_cli("solve", path, *(["--trace"] if trace else []))
    got = impactlab.solve(str(path), trace=trace, check=False)
    assert_same(got, expected, EXACT)
    # The same from the dict, and vectors are numpy arrays.
    again = impactlab.solve(json.loads(path.read_text()), trace=trace, check=False)
    assert_same(again, expected, EXACT)
    first = got["results"][0] if "results" in got else got
    if "impulse" in first:
        assert isinstance(first["impulse"], numpy.ndarray)


def _law_outcome(path, law):
    """The CLI's result of `solve PATH --model LAW`, or its error line."""
    import subprocess
    done = subprocess.run([CLI, "solve", str(path), "--model", law], capture_output=True, text=True)
    if done.returncode == 0:
        return json.loads(done.stdout), None
    assert done.returncode == 1, done.stderr
    return None, done.stderr.strip()[len("impactlab-cli: "):]


@pytest.mark.parametrize("path", PROBLEMS, ids=lambda p: p.stem)
def test_every_law_equals_cli(path):
    """Every law on every example problem: the same result, or the same refusal
    (the CLI names its flag --model, the module its keyword model)."""
    for law in impactlab.models():
        expected, error = _law_outcome(path, law)
        if error is None:
            assert_same(impactlab.solve(str(path), model=law, check=False), expected, EXACT, f"{law}")
        else:
            with pytest.raises(impactlab.InputError) as raised:
                impactlab.solve(str(path), model=law)
            assert str(raised.value) == error.replace("--model", "model"), law


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_input_names_the_field_as_the_cli(path):
    message = run_cli("solve", path, expect=1)
    with pytest.raises(ValueError) as raised:
        impactlab.solve(str(path))
    assert isinstance(raised.value, impactlab.InputError)
    assert str(raised.value) == message
    field = message.split(":")[0]
    assert raised.value.field is None or message.startswith(raised.value.field)
    # From a dict, the same field and reason (only a file can be unreadable JSON).
    try:
        document = json.loads(path.read_text())
    except ValueError:
        return
    if any(isinstance(v, float) and not numpy.isfinite(v) for v in _numbers(document)):
        return
    with pytest.raises(impactlab.InputError) as raised:
        impactlab.solve(document)
    assert str(raised.value) == message


def _numbers(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _numbers(v)
    elif isinstance(value, list):
        for v in value:
            yield from _numbers(v)
    elif isinstance(value, (int, float)):
        yield value


def test_solve_many_equals_solve():
    problems = [str(p) for p in PROBLEMS] * 3
    many = impactlab.solve_many(problems, check=False)
    for path, got in zip(problems, many):
        assert_same(got, to_plain(impactlab.solve(path, check=False)), EXACT)
    one = impactlab.solve_many(problems[:5], check=False, threads=1, trace=True)
    assert "trace" in one[0]
    assert impactlab.solve_many([]) == []


def test_solve_many_names_the_bad_problem():
    good = json.loads((PROBLEMS_DIR / "ball-on-half-space.json").read_text())
    bad = dict(good, friction=-1)
    with pytest.raises(impactlab.InputError, match=r"^problems\[2\]: friction: ") as raised:
        impactlab.solve_many([good, good, bad, good])
    assert raised.value.field == "friction"


def test_model_overrides_the_problem():
    path = PROBLEMS_DIR / "ball-on-half-space.json"
    assert impactlab.solve(str(path), model="newton")["model"] == "newton"
    with pytest.raises(impactlab.InputError, match="^model: "):
        impactlab.solve(str(path), model="no-such-law")


def test_iteration_limit_is_a_solver_error():
    problem = impactlab.load(PROBLEMS_DIR / "jia-wang-icosahedron-stronge.json")
    problem["stronge"] = {"max_steps": 1}
    with pytest.raises(impactlab.SolverError) as raised:
        impactlab.solve(problem)
    assert isinstance(raised.value, RuntimeError)
    assert raised.value.status == "iteration-limit"
    assert raised.value.result["steps"] == 1 and raised.value.result["warnings"]
    assert impactlab.solve(problem, check=False)["status"] == "iteration-limit"
    with pytest.raises(impactlab.SolverError, match=r"^problems\[1\]: stronge: iteration-limit"):
        impactlab.solve_many([impactlab.load(PROBLEMS_DIR / "jia-wang-icosahedron-stronge.json"), problem])


def test_load_reads_as_the_cli():
    assert impactlab.load(PROBLEMS_DIR / "ball-on-half-space.json")["friction"] == 0.2
    with pytest.raises(FileNotFoundError):
        impactlab.load(PROBLEMS_DIR / "no-such-file.json")
    with pytest.raises(FileNotFoundError):
        impactlab.solve(str(PROBLEMS_DIR / "no-such-file.json"))


def test_docstrings():
    import inspect
    for name in ["models", "load", "solve", "solve_many", "reconstruct", "figures", "figure", "scenes"]:
        assert inspect.getdoc(getattr(impactlab, name)), name
    for name in ["set", "simulate", "save", "sweep_measurements"]:
        assert inspect.getdoc(getattr(impactlab.Scene, name)), name
    for name in ["fit", "predict", "score", "starts", "cross_validate"]:
        assert inspect.getdoc(getattr(impactlab.tosses, name)), name
    assert inspect.getdoc(impactlab.Scene) and inspect.getdoc(impactlab.Run)
    assert inspect.getdoc(impactlab.InputError) and inspect.getdoc(impactlab.SolverError)
