"""impactlab.reconstruct against impactlab-cli reconstruct, with a fixed seed."""
import numpy
import pytest

import impactlab
from conftest import SAMPLED, SCENES_DIR, assert_same, run_cli

# Enough samples for percentiles and medians to mean something, few enough for
# a fraction of a second.
SAMPLES = 40
SEED = 7


@pytest.mark.parametrize("name", ["reconstruction-ricsac-06", "reconstruction-intersection"])
def test_reconstruct_equals_cli(name):
    expected = run_cli("reconstruct", SCENES_DIR / f"{name}.json", "--samples", SAMPLES, "--seed", SEED,
                       "--threads", 2, "--quiet")
    got = impactlab.reconstruct(name, samples=SAMPLES, seed=SEED, threads=1)
    samples = got.pop("sample_values")
    columns = got.pop("sample_columns")
    assert_same(got, expected, SAMPLED, ignore=("wall_s",))
    kept = expected["samples"] - expected["failed_samples"]
    assert isinstance(samples, numpy.ndarray) and samples.shape == (kept, len(columns))
    assert columns[: len(expected["unknowns"])] == [u["target"] for u in expected["unknowns"]]
    # The median of the samples is the reported one.
    first = expected["unknowns"][0]
    assert numpy.median(samples[:, 0]) == pytest.approx(first["median"], rel=SAMPLED)


def test_reconstruct_arguments():
    with pytest.raises(impactlab.InputError, match="^samples: "):
        impactlab.reconstruct("reconstruction-ricsac-06", samples=-1)
    with pytest.raises(impactlab.InputError, match="^threads: "):
        impactlab.reconstruct("reconstruction-ricsac-06", threads=0)
    with pytest.raises(impactlab.InputError):
        impactlab.reconstruct("superball")   # not a vehicle scene
