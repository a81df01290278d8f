"""impactlab.Scene, Run, figures and the measurement sweep against impactlab-cli simulate."""
import csv
import json

import numpy
import pytest

import impactlab
from conftest import CLI, EXACT, SCENES_DIR, assert_same, run_cli

SCENES = sorted(p.stem for p in SCENES_DIR.glob("*.json"))
# Granular scenes run for seconds to minutes as they stand: compared on a
# few steps (the CLI's --steps), without the wall-clock fields.
GRANULAR_STEPS = 10
# Wall-clock measurements differ run to run, in the CLI as here.
WALL_CLOCK_KEYS = ("wall_s", "wall_ms", "contact_solves_per_s")


def test_scenes_lists_the_builtin_scenes():
    assert impactlab.scenes() == SCENES


@pytest.mark.parametrize("name", SCENES)
def test_simulate_equals_cli(name):
    path = SCENES_DIR / f"{name}.json"
    scene = impactlab.Scene(name)
    if scene.kind == "granular":
        expected = run_cli("simulate", path, "--steps", GRANULAR_STEPS, "--quiet")
        run = scene.simulate(steps=GRANULAR_STEPS)
        assert_same(run.summary, expected, EXACT, ignore=WALL_CLOCK_KEYS)
        return
    expected = run_cli("simulate", path)
    run = scene.simulate()
    assert_same(run.summary, expected, EXACT, ignore=WALL_CLOCK_KEYS)
    assert isinstance(run.t, numpy.ndarray)
    for name_, values in run.channels.items():
        assert values.shape == run.t.shape, name_
    if run.t.size:
        assert run.energy is not None and run.energy.shape == run.t.shape
    listed = expected.get("impacts", [])
    assert len(run.impacts) == (len(listed) if isinstance(listed, list) else 0), "a toss run counts its impacts"


def test_channels_equal_the_cli_csv(tmp_path):
    out = tmp_path / "bar.csv"
    run_cli("simulate", SCENES_DIR / "bar.json", "--csv", out)
    with open(out) as f:
        rows = list(csv.reader(f))
    header, data = rows[0], numpy.array(rows[1:], dtype=float)
    run = impactlab.Scene("bar").simulate()
    assert header[0] == "t [s]"
    numpy.testing.assert_allclose(run.t, data[:, 0], rtol=EXACT, atol=EXACT)
    for j, column in enumerate(header[1:], start=1):
        name, unit = column.rsplit(" [", 1)
        assert run.units[name] == unit[:-1]
        numpy.testing.assert_allclose(run[name], data[:, j], rtol=EXACT, atol=EXACT)


def test_set_chains_as_the_clis_set():
    base = impactlab.Scene("superball")
    edited = base.set("friction", 0.2).set("law", "poisson")
    assert base.parameters["friction"] == 0.5, "a Scene does not change"
    assert edited.parameters["friction"] == 0.2 and edited.parameters["law"] == "poisson"
    expected = run_cli("simulate", SCENES_DIR / "superball.json", "--set", "friction=0.2", "--set", "law=poisson")
    assert_same(edited.simulate().summary, expected, EXACT)
    expected = run_cli("simulate", SCENES_DIR / "superball.json", "--law", "newton")
    assert_same(base.simulate(law="newton").summary, expected, EXACT)


def test_parameters_and_errors():
    scene = impactlab.Scene("superball")
    info = {p["id"]: p for p in scene.parameter_info}
    assert set(info) == set(scene.parameters)
    assert info["friction"]["kind"] == "number" and info["law"]["kind"] == "choice"
    with pytest.raises(impactlab.InputError, match="^frction: no such parameter"):
        scene.set("frction", 0.1)
    with pytest.raises(impactlab.InputError, match="^friction: must be a finite number"):
        scene.set("friction", float("nan"))
    with pytest.raises(impactlab.InputError) as raised:
        scene.set("friction", -1.0)
    assert "friction" in raised.value.field
    with pytest.raises(impactlab.InputError, match="no built-in scene"):
        impactlab.Scene("no-such-scene")
    with pytest.raises(impactlab.InputError, match="^max_run_seconds: "):
        scene.simulate(max_run_seconds=-1)


def test_save_reopens_identically(tmp_path):
    scene = impactlab.Scene("kane-paradox").set("friction", 0.4)
    scene.save(tmp_path / "k.json")
    again = impactlab.Scene(tmp_path / "k.json")
    assert again.document == scene.document
    assert_same(again.simulate().summary, scene.simulate().summary, 0.0)
    assert impactlab.Scene(scene.document).parameters == scene.parameters


def test_kharaz_sweep_equals_the_clis_residuals():
    scene = impactlab.Scene("experiment-kharaz-2001")
    expected = run_cli("simulate", SCENES_DIR / "experiment-kharaz-2001.json")["measurements"]
    assert_same(scene.sweep_measurements(points=0)["residuals"], expected, EXACT)
    sweep = scene.sweep_measurements()
    assert sweep["parameter"] == expected.get("parameter", sweep["parameter"])
    assert sweep["x"].ndim == 1 and len(sweep["x"]) >= 61
    for law in sweep["laws"]:
        for q in sweep["quantities"]:
            assert sweep["values"][law][q].shape == sweep["x"].shape
    assert sweep["measurements"] and sweep["measurements"][0]["x"].size > 0


def test_figures_list_equals_cli():
    assert impactlab.figures() == run_cli("figure", "--list")


def test_figure(tmp_path, monkeypatch):
    from impactlab import _find_report_program
    if not _find_report_program():
        with pytest.raises(FileNotFoundError, match="impactlab-report"):
            impactlab.figure("plus-fig8", tmp_path)
        return
    out = impactlab.figure("plus-fig8", tmp_path)
    assert out["id"] == "plus-fig8"
    for ext in ("png", "svg", "csv"):
        assert (tmp_path / f"plus-fig8.{ext}").stat().st_size > 0
    with pytest.raises(impactlab.InputError):
        impactlab.figure("no-such-figure", tmp_path)
