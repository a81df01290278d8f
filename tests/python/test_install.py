"""`cmake --install` puts the package where the interpreter finds it and it runs
from there: scenes from the installation, no path into the build tree."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

BUILD_DIR = os.environ.get("IMPACTLAB_BUILD_DIR")
CMAKE = os.environ.get("IMPACTLAB_CMAKE", "cmake")


@pytest.mark.skipif(not BUILD_DIR, reason="needs IMPACTLAB_BUILD_DIR (set by CTest)")
def test_installed_package_runs_from_elsewhere(tmp_path):
    prefix = tmp_path / "prefix"
    done = subprocess.run([CMAKE, "--install", BUILD_DIR, "--prefix", str(prefix)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    site = prefix / "lib" / version / "site-packages"
    package = site / "impactlab"
    assert (package / "__init__.py").is_file() and (package / "tosses.py").is_file()
    assert not (package / "_build_tree.py").exists()
    [module] = package.glob("_impactlab*.so")
    dynamic = subprocess.run(["readelf", "-d", str(module)], capture_output=True, text=True).stdout
    assert BUILD_DIR not in dynamic, "the installed module keeps a RUNPATH into the build tree"
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "IMPACTLAB_SCENES")}
    env["PYTHONPATH"] = str(site)
    code = ("import impactlab, sys; s = impactlab.Scene('superball'); "
            "assert s.path.startswith(sys.argv[1]), s.path; "
            "print(impactlab.__file__, len(s.simulate().impacts))")
    done = subprocess.run([sys.executable, "-c", code, str(prefix)], cwd=work, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(str(package))
