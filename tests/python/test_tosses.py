"""impactlab.tosses against impactlab-cli tosses, on a few of the measured cube tosses."""
import csv

import numpy
import pytest

import impactlab
from conftest import EXACT, SAMPLED, assert_same, find_tosses_dir, run_cli

# A handful of tosses and the coarsest grids: the same code paths as the full
# study, in a fraction of a second.
TOSS_IDS_BELOW = 24
GRID = (2, 2)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    d = find_tosses_dir()
    folder = tmp_path_factory.mktemp("tosses")
    with open(d / "tosses.csv") as f, open(folder / "tosses.csv", "w", newline="") as out:
        rows = csv.reader(f)
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(next(rows))
        for row in rows:
            if int(row[0]) < TOSS_IDS_BELOW:
                writer.writerow(row)
    return {"tosses": str(folder / "tosses.csv"), "body": str(d / "body.json"), "dir": folder}


def test_fit_equals_cli(data):
    out = data["dir"] / "cli-params.json"
    run_cli("tosses", "fit", data["tosses"], "--body", data["body"], "--grid", "2,2", "--out", out, "--quiet")
    expected = impactlab.load(out)
    got = impactlab.tosses.fit(data["tosses"], data["body"], grid=GRID, out=data["dir"] / "py-params.json")
    assert_same(got, expected, SAMPLED)
    assert_same(impactlab.load(data["dir"] / "py-params.json"), expected, SAMPLED)
    law = impactlab.tosses.fit(data["tosses"], data["body"], law="stronge", fit="friction", grid=GRID, threads=1)
    assert law["law"] == "stronge" and list(law["intervals_95"]) == ["friction"]


def test_score_equals_cli(data):
    params = data["dir"] / "cli-params.json"
    if not params.exists():
        run_cli("tosses", "fit", data["tosses"], "--body", data["body"], "--grid", "2,2", "--out", params, "--quiet")
    expected = run_cli("tosses", "score", data["tosses"], "--body", data["body"], "--params", params)
    assert_same(impactlab.tosses.score(data["tosses"], data["body"], str(params)), expected, EXACT)
    assert_same(impactlab.tosses.score(data["tosses"], impactlab.load(data["body"]), impactlab.load(params),
                                       threads=1), expected, EXACT)


def test_starts_and_predict_equal_cli(data):
    starts_file = data["dir"] / "starts.json"
    expected = run_cli("tosses", "starts", data["tosses"], "--body", data["body"], "--samples", 60)
    assert_same(impactlab.tosses.starts(data["tosses"], data["body"], samples=60, out=starts_file), expected, EXACT)
    params = {"format": "impactlab.toss-params/1", "law": "plus", "friction": 0.17, "restitution": 0.1}
    params_file = data["dir"] / "p.json"
    params_file.write_text(__import__("json").dumps(params))
    cli_csv = data["dir"] / "cli-pred.csv"
    run_cli("tosses", "predict", starts_file, "--params", params_file, "--out", cli_csv)
    rows = numpy.loadtxt(cli_csv, delimiter=",", skiprows=1)
    py_csv = data["dir"] / "py-pred.csv"
    got = impactlab.tosses.predict(str(starts_file), params, out=py_csv)
    assert got.shape == rows.shape and got.shape[1] == 9
    # The CLI's CSV holds 9 significant digits.
    numpy.testing.assert_allclose(got, rows, rtol=5e-9, atol=1e-9)
    assert py_csv.read_text() == cli_csv.read_text()


def test_cross_validate_equals_cli(data):
    expected = run_cli("tosses", "cross-validate", data["tosses"], "--body", data["body"], "--grid", "2,2",
                       "--folds", 2, "--quiet")
    got = impactlab.tosses.cross_validate(data["tosses"], data["body"], folds=2, grid=GRID)
    assert_same(got, expected, SAMPLED)


def test_errors_name_the_file(data):
    with pytest.raises(impactlab.InputError, match="^law: "):
        impactlab.tosses.fit(data["tosses"], data["body"], law="no-such-law")
    with pytest.raises(impactlab.InputError, match="^grid"):
        impactlab.tosses.fit(data["tosses"], data["body"], grid=(1, 2))
    bad = data["dir"] / "bad.csv"
    bad.write_text("toss,group,k\n1,2\n")
    with pytest.raises(impactlab.InputError, match="bad.csv"):
        impactlab.tosses.score(str(bad), data["body"], {"format": "impactlab.toss-params/1", "law": "plus",
                                                        "friction": 0.2, "restitution": 0.1})
    with pytest.raises(OSError):
        impactlab.tosses.score(str(data["dir"] / "missing.csv"), data["body"], {})
