"""Measured tosses of a box onto a table: ``impactlab-cli tosses`` as calls.

Pfrommer, Halm & Posa's cube tosses (scenes/data/cube-tosses/; the
format is docs/experiment-format.md, the method docs/experiments.md). Every
function takes the arguments of the CLI's subcommand of the same name, as
keywords, and returns what it prints or writes:

    impactlab-cli tosses fit T.csv --body B.json --law plus --out P.json
    impactlab.tosses.fit("T.csv", body="B.json", law="plus", out="P.json")

Files are read as the CLI reads them (errors name the file and the row or
field); ``body``, ``params`` and ``starts`` may also be dicts. The fits and
simulations release the GIL, use every core unless ``threads`` says otherwise,
and stop on Ctrl+C (``KeyboardInterrupt``).
"""

from . import _impactlab

__all__ = ["fit", "predict", "score", "starts", "cross_validate", "recommended_law"]

# The CLI's default law for tosses (docs/experiments.md).
recommended_law = "plus"


def fit(tosses, body, law=None, fit=None, grid=None, threads=None, out=None):
    """Fit a law's parameters to every toss (``tosses fit``).

    ``tosses``: the tosses CSV; ``body``: the body JSON (path or dict); ``law``:
    a law id (default the recommended law, ``plus``); ``fit``: what is fitted,
    a list or "friction,restitution[,OPTION...]" (default friction and
    restitution); ``grid``: (COARSE, FINE) points per parameter (default (9, 7));
    ``out``: also write the PARAMS.json the CLI writes.

    Returns that document: format, law, friction, restitution, options,
    objective, tosses, evaluations, intervals_95, contributions, warnings."""
    return _impactlab._tosses_fit(tosses, body, law, fit, grid, threads, out)


def predict(starts, params, threads=None, out=None):
    """Simulate every start state for its n_samples samples (``tosses predict``).

    ``starts``: a start-states JSON (path or dict, as :func:`starts` makes);
    ``params``: a PARAMS.json (path or dict, as :func:`fit` returns). Returns a
    numpy array with one row per predicted sample, columns toss, k, x, y, z, qw,
    qx, qy, qz (the CLI's CSV); ``out`` also writes that CSV. The output does not
    depend on ``threads``."""
    return _impactlab._tosses_predict(starts, params, threads, out)


def score(tosses, body, params, threads=None):
    """Simulate every toss from its measured start and score it (``tosses score``).

    Returns the dict the CLI prints: format, params, position, rotation_deg,
    first_impact_linear, first_impact_angular (mean, std, median, count each) and
    per toss its errors."""
    return _impactlab._tosses_score(tosses, body, params, threads)


def starts(tosses, body, samples=None, out=None):
    """The start state of every toss (``tosses starts``): the document
    :func:`predict` reads (the body's keys, n_samples, starts); ``samples``
    overrides n_samples, ``out`` also writes it."""
    return _impactlab._tosses_starts(tosses, body, samples, out)


def cross_validate(tosses, body, law=None, folds=None, fit=None, grid=None, threads=None):
    """Fit on K-1 folds of groups and score the K-th, rotated (``tosses
    cross-validate``; ``folds`` K defaults to 3). Returns the dict the CLI prints:
    the scores of every toss by parameters that never saw it, and each fold's fit."""
    return _impactlab._tosses_cross_validate(tosses, body, law, folds, fit, grid, threads)
