"""Shared by the examples: where the project's data are and where pictures go."""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def problem(name):
    """An example problem of tests/data/problems."""
    return ROOT / "tests" / "data" / "problems" / name


def tosses_dir():
    """The measured cube tosses (docs/experiment-format.md)."""
    return ROOT / "scenes" / "data" / "cube-tosses"


def out_path(name):
    """Where a picture is saved: the folder in $IMPACTLAB_EXAMPLES_OUT, else here."""
    folder = Path(os.environ.get("IMPACTLAB_EXAMPLES_OUT", "."))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name
