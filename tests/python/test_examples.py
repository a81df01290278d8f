"""Every script of examples/ runs headless (matplotlib's Agg) and writes its picture."""
import os
import subprocess
import sys

import pytest

from conftest import EXAMPLES_DIR

EXAMPLES = sorted(p for p in EXAMPLES_DIR.glob("*.py") if not p.name.startswith("_"))


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.stem)
def test_example_runs(script, tmp_path):
    env = dict(os.environ, MPLBACKEND="Agg", IMPACTLAB_EXAMPLES_OUT=str(tmp_path))
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    pictures = list(tmp_path.glob("*.png"))
    assert len(pictures) == 1 and pictures[0].stat().st_size > 10000, pictures
