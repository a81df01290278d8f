"""ImpactLab from Python: impact laws, scenes, reconstruction and measured tosses.

The module is a thin layer over ImpactLab's core, the library the desktop app and
``impactlab-cli`` run: every call here computes what the matching CLI command
computes and returns what it prints, as Python values. Numbers in arrays (vectors,
matrices, time histories, an impulse path) are numpy arrays; everything else keeps
the JSON shape the CLI documents (docs/problem-format.md, docs/scene-format.md,
docs/reconstruction-format.md, docs/experiment-format.md).

    >>> import impactlab
    >>> r = impactlab.solve("tests/data/problems/ball-on-half-space.json")
    >>> r["impulse"]                      # [t1, t2, n], N s
    >>> impactlab.Scene("superball").set("friction", 0.2).simulate().energy

Errors: :class:`InputError` (a ``ValueError``) for bad input, its message naming the
field as the CLI does; :class:`SolverError` (a ``RuntimeError``) for a law with no
solution or at its iteration limit. Long calls release the GIL and stop on Ctrl+C
(``KeyboardInterrupt``). The tour is docs/python.md.
"""

import os as _os
import subprocess as _subprocess
import json as _json
from pathlib import Path as _Path

from . import _impactlab
from ._impactlab import InputError, SolverError
from ._impactlab import _solve

__version__ = _impactlab.__version__

__all__ = [
    "__version__", "models", "load", "solve", "solve_many", "Scene", "Run", "reconstruct",
    "figures", "figure", "tosses", "scenes", "InputError", "SolverError",
]


# --- Where things are -----------------------------------------------------------------

def _find_scenes_dir():
    """The folder of the built-in scenes: $IMPACTLAB_SCENES, an installation's
    share/impactlab/scenes, or the source tree's scenes/ for the build tree's package."""
    env = _os.environ.get("IMPACTLAB_SCENES")
    if env:
        return _Path(env)
    here = _Path(__file__).resolve().parent
    # <prefix>/lib/pythonX.Y/{dist,site}-packages/impactlab or <prefix>/lib/python3/dist-packages/impactlab
    for up in here.parents:
        candidate = up / "share" / "impactlab" / "scenes"
        if candidate.is_dir():
            return candidate
    try:
        from . import _build_tree
        return _Path(_build_tree.SCENES_DIR)
    except ImportError:
        return None


def _find_report_program():
    """impactlab-report (built with the desktop app): $IMPACTLAB_REPORT, the
    installation's bin/, the build tree's, or PATH."""
    env = _os.environ.get("IMPACTLAB_REPORT")
    if env:
        return env
    here = _Path(__file__).resolve().parent
    for up in here.parents:
        candidate = up / "bin" / "impactlab-report"
        if candidate.is_file() and _os.access(candidate, _os.X_OK):
            return str(candidate)
    try:
        from . import _build_tree
        if _build_tree.REPORT_PROGRAM and _Path(_build_tree.REPORT_PROGRAM).is_file():
            return _build_tree.REPORT_PROGRAM
    except ImportError:
        pass
    import shutil
    return shutil.which("impactlab-report")


def _is_path(value):
    return isinstance(value, (str, bytes, _os.PathLike))


def _is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _to_arrays(value):
    """A JSON-shaped value with its number arrays as numpy arrays (as solve gives them)."""
    import numpy
    if isinstance(value, dict):
        return {k: _to_arrays(v) for k, v in value.items()}
    if isinstance(value, list) and value:
        if all(_is_number(x) for x in value):
            return numpy.array(value, dtype=float if any(isinstance(x, float) for x in value) else numpy.int64)
        if (all(isinstance(r, list) and r and all(_is_number(x) for x in r) for r in value)
                and len({len(r) for r in value}) == 1):
            return numpy.array(value, dtype=float)
        return [_to_arrays(x) for x in value]
    return value


def scenes():
    """The names of the built-in scenes (``Scene(name)`` opens one), sorted.

    They are the JSON files of the project's scenes/ folder, installed in
    share/impactlab/scenes; an empty list when neither is found (set
    IMPACTLAB_SCENES to a folder of scenes)."""
    folder = _find_scenes_dir()
    if folder is None or not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json"))


# --- Laws and single impacts ----------------------------------------------------------

def models(verbose=False):
    """The impact laws of this build, in the order ``impactlab-cli models`` lists them.

    Returns their ids (``["newton", "poisson", "stronge", ...]``). With
    ``verbose=True``, one dict per law instead: id, title, reference, options (name,
    default, description), may_gain_energy, accepts_grazing and several_contacts,
    as ``impactlab-cli models --verbose`` prints them."""
    return _impactlab._models(bool(verbose))


def load(path):
    """The JSON document at ``path`` as a dict, read as the CLI reads its input.

    The CLI's checks apply (size, nesting, duplicate keys, numbers a double can
    hold): :class:`InputError` names the file or the field. A missing file raises
    ``FileNotFoundError``."""
    path = _os.fspath(path)
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: invalid JSON: not UTF-8 text ({e.reason} at byte {e.start})") from None
    # The CLI's reader checks the text (its errors, its limits); Python's
    # reads the values, keeping the document's key order.
    _impactlab._check_text(text, path)
    return _json.loads(text)


def _problem(problem):
    return problem if type(problem) is dict else load(problem) if _is_path(problem) else problem


def solve(problem, model=None, trace=False, check=True):
    """Solve one impact problem as ``impactlab-cli solve`` does.

    ``problem`` is a dict in the problem format (docs/problem-format.md:
    ``"format": "impactlab.problem/1"``, one contact at contact level or between two
    bodies, or several contacts for ``plus``), or the path of such a file. A scene
    document (or its path) is solved as the CLI solves a scene. ``model`` replaces
    the problem's ``"model"`` / ``"models"`` (one result). ``trace=True`` adds the
    impulse path.

    Returns the result dict with the CLI's keys (format, model, status, impulse,
    v_plus, energy_before, energy_after, events, warnings, ...; a problem with
    ``"models"`` gives ``{"format", "results": [...]}``). Vectors are numpy arrays
    (``[t1, t2, n]`` in the contact frame, ``*_world`` in the world frame); the
    trace is a dict of columns: ``normal_impulse`` (n,), ``impulse`` (n, 3),
    ``velocity`` (n, 3), ``energy`` (n,), ``mode`` and ``phase`` (lists).

    Raises :class:`InputError` (a ValueError) naming the field for bad input, and
    :class:`SolverError` when a law has no solution or stops at its iteration
    limit (``check=False`` returns such a result instead, its ``"status"`` saying so)."""
    if type(problem) is not dict:
        problem = _problem(problem)
    return _solve(problem, model, trace, check)


def solve_many(problems, model=None, trace=False, check=True, threads=None):
    """Solve a list of problems in one call, on every core, with the GIL released.

    Each item is what :func:`solve` takes (a dict or a path); the results come
    back in order, each the dict :func:`solve` returns. ``threads`` caps the
    threads (default: every core). The first bad problem raises
    :class:`InputError` whose message starts with ``problems[i]``; with
    ``check=True`` a result that did not converge raises :class:`SolverError`.
    Ctrl+C stops the batch (``KeyboardInterrupt``)."""
    items = [_problem(p) for p in problems]
    return _impactlab._solve_many(items, model, bool(trace), bool(check), threads)


# --- Scenes ---------------------------------------------------------------------------

class Run:
    """A scene's run, as :meth:`Scene.simulate` returns it.

    Attributes:
      summary   the dict ``impactlab-cli simulate`` prints for the same scene
      t         sample times (s), a numpy array (empty for a one-impact, granular or toss scene)
      channels  dict of time histories, name -> numpy array beside ``t``
                ("<body>.x", "<body>.vz", ..., "kinetic_energy", "energy")
      units     dict name -> SI unit of each channel
      energy    the total energy channel (J), or None when the run has none
      impacts   the impacts of the summary, vectors as numpy arrays
      end_reason, warnings   from the summary
    """

    def __init__(self, native):
        self.summary = native["summary"]
        self.t = native["t"]
        self.channels = native["channels"]
        self.units = native["units"]
        self.energy = self.channels.get("energy")
        # A toss run's summary counts its impacts; the other kinds list them.
        impacts = self.summary.get("impacts", [])
        self.impacts = [_to_arrays(i) for i in impacts] if isinstance(impacts, list) else []
        self.end_reason = self.summary.get("end_reason")
        self.warnings = self.summary.get("warnings", [])

    def __getitem__(self, channel):
        """The time history named ``channel`` (``run["ball.z"]``)."""
        return self.channels[channel]

    def __repr__(self):
        return (f"<impactlab.Run {self.summary.get('scene', '')!r}: {len(self.t)} samples, "
                f"{len(self.impacts)} impacts, end {self.end_reason!r}>")


class Scene:
    """A scene of any kind (docs/scene-format.md), by built-in name, path or dict.

    ``Scene("superball")`` opens the built-in scene of that name (see
    :func:`scenes`), ``Scene("my.json")`` a file, ``Scene({...})`` a document. The
    scene is read and checked at once (:class:`InputError` names the field). A
    Scene does not change: :meth:`set` returns a new one, so edits chain.
    """

    def __init__(self, name_or_path):
        if isinstance(name_or_path, _impactlab._SceneDocument):
            self._native = name_or_path
            self.path = None
            return
        if isinstance(name_or_path, dict):
            self._native = _impactlab._SceneDocument.from_dict(name_or_path)
            self.path = None
            return
        path = _Path(_os.fspath(name_or_path))
        if not path.exists() and path.suffix != ".json" and len(path.parts) == 1:
            folder = _find_scenes_dir()
            if folder is None or not (folder / (path.name + ".json")).is_file():
                raise InputError(f"{name_or_path}: no such file, and no built-in scene of that name "
                                 f"(impactlab.scenes() lists them)")
            path = folder / (path.name + ".json")
        with open(path, "rb") as f:
            text = f.read().decode("utf-8", errors="replace")
        self._native = _impactlab._SceneDocument.from_text(text, str(path))
        self.path = str(path)

    @property
    def name(self):
        """The scene's "name"."""
        return self._native.name

    @property
    def kind(self):
        """The scene's kind: spatial, planar, vehicles, impact, plus or granular."""
        return self._native.kind

    @property
    def document(self):
        """The scene document as a dict (a copy: edit it and make a new Scene)."""
        return self._native.document

    @property
    def parameters(self):
        """Its parameters (the app's sliders): id -> value (a number in SI units,
        or the name of a choice)."""
        return self._native.parameters

    @property
    def parameter_info(self):
        """Each parameter in full: id, label, unit, target (JSON pointer), help,
        kind ("number": min, max, step; "choice": choices) and value."""
        return self._native.parameter_info

    def set(self, id, value):
        """A new Scene with parameter ``id`` set to ``value``, as
        ``impactlab-cli simulate --set id=value`` sets it: a number as given (not
        clamped to the slider's range; the scene's own checks apply), a choice by
        name. :class:`InputError` names the parameter when it is unknown or the
        value is refused."""
        return Scene(self._native.set(str(id), value))

    def simulate(self, law=None, max_run_seconds=None, steps=None, threads=None):
        """Run the scene as ``impactlab-cli simulate`` runs it and return a :class:`Run`.

        ``law`` resolves the impacts with another law (``--law``);
        ``max_run_seconds`` sets the wall-clock budget (``--max-run-seconds``). A
        granular scene takes ``steps`` and ``threads`` instead (``--steps``,
        ``--threads``). The GIL is released; Ctrl+C cancels the run."""
        return Run(self._native.simulate(law, max_run_seconds, steps, threads))

    def sweep_measurements(self, parameter=None, points=61):
        """Sweep an impact scene's laws over one parameter against its measurements.

        For a scene with ``measurements`` (``experiment-kharaz-2001``: Kharaz,
        Gorham & Salman's oblique sphere impacts), the parameter defaults to the
        measured one. Every law of the scene (its own and its compared ones, and
        the time-integrated Hertz-Mindlin reference beside ``tangential-compliance``)
        is solved at ``points`` values over the parameter's range and at every
        measured value. Returns a dict: parameter, label, unit, ``x`` (numpy), laws,
        quantities, ``values[law][quantity]`` (numpy, NaN where the law refused),
        measurements (each series' x and y), residuals (with ``points=0``, the
        ``"measurements"`` block that ``impactlab-cli simulate`` prints) and warnings.
        These are the numbers of the app's Measured and Residuals tabs."""
        return self._native.sweep_measurements(parameter, int(points))

    def save(self, path):
        """Write the scene document to ``path`` (JSON, as the app's File > Save
        writes it); ``Scene(path)`` reads it back identically."""
        text = self._native.text()
        path = _os.fspath(path)
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        _os.replace(tmp, path)

    def __repr__(self):
        return f"<impactlab.Scene {self.name!r} ({self.kind})>"


def _scene(scene):
    return scene if isinstance(scene, Scene) else Scene(scene)


# --- Reconstruction -------------------------------------------------------------------

def reconstruct(scene, samples=None, seed=None, threads=None):
    """Reconstruct a vehicle collision from its evidence, as ``impactlab-cli reconstruct``.

    ``scene`` is a :class:`Scene`, a built-in name or a path of a vehicle scene with
    a ``"reconstruction"`` block (docs/reconstruction-format.md). ``samples``
    (default: the block's, else 1000; 0: the linearised intervals only), ``seed``
    (default: the block's, else 1) and ``threads`` (default: every core) are the
    CLI's flags; the same seed gives the same numbers for any thread count.

    Returns the dict the CLI prints (status, unknowns with value, median, std,
    interval_95 and sensitivities, evidence residuals, derived delta-V / PDOF /
    EES per vehicle, chi2, dof, samples, failed_samples, warnings, wall_s), plus
    ``sample_values``: the kept Monte Carlo samples as a numpy array, one row each,
    and ``sample_columns``: its columns (the unknowns' targets, then
    delta_v_<i>, pdof_<i>, ees_<i> per vehicle). Ctrl+C cancels."""
    return _impactlab._reconstruct(_scene(scene)._native, samples, seed, threads)


# --- Paper figures --------------------------------------------------------------------

def figures():
    """The catalogue of the papers' figures, as ``impactlab-cli figure --list``:
    one dict per figure (id, paper, title, scene, caption, view, kind, differences)."""
    return _impactlab._figures()


def figure(id, out_dir, full=False):
    """Draw figure ``id`` into ``out_dir`` as ``impactlab-cli figure ID --out DIR``:
    ``<id>.png``, ``<id>.svg`` and ``<id>.csv`` (the numbers drawn).

    Returns the dict the drawing prints (format, id, files). The drawing is the
    app's own view, made by ``impactlab-report`` (built with the desktop app; set
    IMPACTLAB_REPORT to its path if it is not found). ``full=True`` runs a granular
    figure at the paper's size (hours). Raises :class:`InputError` for an id not in
    :func:`figures`, ``FileNotFoundError`` when impactlab-report is missing and
    ``RuntimeError`` when it fails."""
    ids = {f["id"] for f in figures()}
    if id not in ids:
        raise InputError(f"figure: no figure '{id}' in the catalogue (see impactlab.figures())")
    program = _find_report_program()
    if not program:
        raise FileNotFoundError("figure needs impactlab-report, which is built with the desktop app "
                                "(IMPACTLAB_BUILD_UI); set IMPACTLAB_REPORT to its path")
    out_dir = _os.fspath(out_dir)
    argv = [program, "--figure", id, "--out", out_dir] + (["--full"] if full else [])
    done = _subprocess.run(argv, stdout=_subprocess.PIPE, stderr=_subprocess.PIPE)
    if done.returncode != 0:
        raise RuntimeError(f"impactlab-report failed on figure {id} (exit {done.returncode}): "
                           + done.stderr.decode(errors="replace").strip()[-2000:])
    text = done.stdout.decode(errors="replace").strip()
    try:
        return _json.loads(text)
    except ValueError:
        return {"format": "impactlab.figure/1", "id": id,
                "files": sorted(str(p) for p in _Path(out_dir).glob(id + ".*"))}


from . import tosses  # noqa: E402  (needs the names above)
