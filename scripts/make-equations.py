#!/usr/bin/env python3
"""Typeset the defining equations of ImpactLab's impact laws as SVG files.

Reads the catalogue resources/equations/equations.json (each equation's
matplotlib-mathtext source, its paper and equation number, a one-sentence
meaning, and which laws list it), checks it, renders every equation with
matplotlib's mathtext (no TeX needed, glyphs written as paths so the SVGs need
no fonts), writes resources/equations/<id>.svg and
resources/equations/manifest.json (the SHA-256 of each equation's tex, which
the C++ tests compare with the catalogue), and deletes the SVGs of ids that
left the catalogue. The output is deterministic: a second run changes no byte.

Run from the repository root whenever a formula changes, and commit the result:

    /usr/bin/python3 scripts/make-equations.py            # regenerate
    /usr/bin/python3 scripts/make-equations.py --check    # only verify; exit 1 naming what is stale

--check writes nothing: it fails when an SVG or a manifest entry is missing,
was made from another tex (each SVG carries its tex's hash as dc:identifier),
or belongs to no equation. docs/equations.md describes the catalogue.
"""
import argparse
import hashlib
import io
import json
import re
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
from matplotlib import rcParams  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EQUATIONS_DIR = ROOT / "resources" / "equations"
CATALOGUE_PATH = EQUATIONS_DIR / "equations.json"
MANIFEST_PATH = EQUATIONS_DIR / "manifest.json"
# The registered law ids (LawId's toString); the catalogue must cover exactly these.
LAW_IDS_SOURCE = ROOT / "core" / "laws" / "LawIds.cpp"

CATALOGUE_FORMAT = "impactlab.equations/1"
MANIFEST_FORMAT = "impactlab.equation-svgs/1"
CATALOGUE_KEYS = {"format", "equations", "laws"}
EQUATION_KEYS = {"tex", "source", "meaning"}
LAW_KEYS = {"title", "equations"}
MIN_EQUATIONS_PER_LAW = 2
MAX_EQUATIONS_PER_LAW = 6
# Ids become file names: lower-case kebab-case.
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")

FONT_SIZE_PT = 16
# One line must fit a 600 px column: 450 pt is 600 px at 96 dpi (and 562 px
# where an SVG renderer takes 1 pt = 1.25 px, as Qt SVG does).
MAX_WIDTH_PT = 450.0
PAD_INCHES = 0.02
# Fixed salt for the ids matplotlib writes (clip paths): same bytes every run.
SVG_HASH_SALT = "impactlab-equations"


def configure_matplotlib():
    rcParams["text.usetex"] = False
    rcParams["mathtext.fontset"] = "cm"
    rcParams["svg.fonttype"] = "path"
    rcParams["svg.hashsalt"] = SVG_HASH_SALT
    rcParams["text.color"] = "black"
    rcParams["savefig.transparent"] = True


def tex_hash(tex):
    return hashlib.sha256(tex.encode("utf-8")).hexdigest()


def reject_duplicate_keys(pairs):
    result = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f, object_pairs_hook=reject_duplicate_keys)


def check_keys(where, obj, expected, errors):
    if not isinstance(obj, dict):
        errors.append(f"{where}: must be an object")
        return False
    for key in sorted(set(obj) - expected):
        errors.append(f"{where}: unknown key {key!r}")
    for key in sorted(expected - set(obj)):
        errors.append(f"{where}: missing key {key!r}")
    return True


def check_text(where, value, errors):
    if not isinstance(value, str) or not value.strip():
        errors.append(f"{where}: must be a non-empty string")
        return False
    if value != value.strip():
        errors.append(f"{where}: leading or trailing white space")
    return True


def read_registered_law_ids():
    """The law ids LawIds.cpp returns, or None (with a warning) if unreadable."""
    try:
        text = LAW_IDS_SOURCE.read_text(encoding="utf-8")
    except OSError as e:
        print(f"warning: cannot read {LAW_IDS_SOURCE} ({e}); law ids not cross-checked", file=sys.stderr)
        return None
    ids = re.findall(r'case\s+LawId::\w+\s*:\s*return\s+"([^"]+)"\s*;', text)
    if not ids:
        print(f"warning: no law ids found in {LAW_IDS_SOURCE}; law ids not cross-checked", file=sys.stderr)
        return None
    return set(ids)


def validate_catalogue(catalogue):
    """Returns a list of error messages (empty when the catalogue is valid)."""
    errors = []
    if not check_keys("catalogue", catalogue, CATALOGUE_KEYS, errors):
        return errors
    if catalogue.get("format") != CATALOGUE_FORMAT:
        errors.append(f"format: expected {CATALOGUE_FORMAT!r}, got {catalogue.get('format')!r}")
    equations = catalogue.get("equations")
    laws = catalogue.get("laws")
    if not isinstance(equations, dict) or not equations:
        errors.append("equations: must be a non-empty object")
        equations = {}
    if not isinstance(laws, dict) or not laws:
        errors.append("laws: must be a non-empty object")
        laws = {}

    for eq_id, eq in equations.items():
        where = f"equations.{eq_id}"
        if not ID_PATTERN.match(eq_id):
            errors.append(f"{where}: id must be lower-case kebab-case")
        if not check_keys(where, eq, EQUATION_KEYS, errors):
            continue
        for key in sorted(EQUATION_KEYS & set(eq)):
            check_text(f"{where}.{key}", eq[key], errors)
        tex = eq.get("tex")
        if isinstance(tex, str) and "$" in tex:
            errors.append(f"{where}.tex: no '$' (the script adds the math delimiters)")
        if isinstance(tex, str) and "\n" in tex:
            errors.append(f"{where}.tex: one line only")

    used = set()
    for law_id, law in laws.items():
        where = f"laws.{law_id}"
        if not ID_PATTERN.match(law_id):
            errors.append(f"{where}: id must be lower-case kebab-case")
        if not check_keys(where, law, LAW_KEYS, errors):
            continue
        if "title" in law:
            check_text(f"{where}.title", law["title"], errors)
        ids = law.get("equations")
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            errors.append(f"{where}.equations: must be a list of equation ids")
            continue
        if not MIN_EQUATIONS_PER_LAW <= len(ids) <= MAX_EQUATIONS_PER_LAW:
            errors.append(f"{where}.equations: {len(ids)} equations, expected "
                          f"{MIN_EQUATIONS_PER_LAW} to {MAX_EQUATIONS_PER_LAW}")
        if len(set(ids)) != len(ids):
            errors.append(f"{where}.equations: an equation is listed twice")
        for i in ids:
            if i not in equations:
                errors.append(f"{where}.equations: unknown equation id {i!r}")
        used.update(ids)

    for eq_id in sorted(set(equations) - used):
        errors.append(f"equations.{eq_id}: listed by no law")

    registered = read_registered_law_ids()
    if registered is not None:
        for law_id in sorted(set(laws) - registered):
            errors.append(f"laws.{law_id}: not a registered law id ({LAW_IDS_SOURCE.relative_to(ROOT)})")
        for law_id in sorted(registered - set(laws)):
            errors.append(f"laws: registered law {law_id!r} is missing")
    return errors


def render_svg(eq_id, tex):
    """The SVG bytes of one equation, and its width in pt."""
    fig = Figure()
    fig.text(0.0, 0.0, f"${tex}$", fontsize=FONT_SIZE_PT, color="black")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", pad_inches=PAD_INCHES, transparent=True,
                metadata={"Date": None, "Title": eq_id, "Identifier": tex_hash(tex)})
    svg = buffer.getvalue()
    return svg, svg_width_pt(svg)


def svg_width_pt(svg):
    match = re.search(rb'<svg[^>]*\swidth="([0-9.]+)pt"', svg)
    return float(match.group(1)) if match else None


def svg_identifier(svg):
    match = re.search(rb"<dc:identifier>([0-9a-f]{64})</dc:identifier>", svg)
    return match.group(1).decode("ascii") if match else None


def make_manifest(equations):
    return {
        "format": MANIFEST_FORMAT,
        "equations": {eq_id: tex_hash(eq["tex"]) for eq_id, eq in sorted(equations.items())},
    }


def manifest_bytes(manifest):
    return (json.dumps(manifest, indent=2, sort_keys=False) + "\n").encode("utf-8")


def write_if_changed(path, data):
    if path.exists() and path.read_bytes() == data:
        return False
    path.write_bytes(data)
    return True


def generate(equations):
    rendered = {}
    errors = []
    for eq_id, eq in sorted(equations.items()):
        try:
            svg, width = render_svg(eq_id, eq["tex"])
        except Exception as e:  # mathtext reports parse errors as ValueError
            message = str(e).strip().splitlines()
            errors.append(f"{eq_id}: mathtext cannot render the tex: {message[-1] if message else e}")
            continue
        if width is None:
            errors.append(f"{eq_id}: rendered SVG has no width in pt")
        elif width > MAX_WIDTH_PT:
            errors.append(f"{eq_id}: {width:.0f} pt wide, more than {MAX_WIDTH_PT:.0f} pt: split it in two")
        rendered[eq_id] = svg
    if errors:
        return errors

    changed = []
    for eq_id, svg in rendered.items():
        if write_if_changed(EQUATIONS_DIR / f"{eq_id}.svg", svg):
            changed.append(f"{eq_id}.svg")
    removed = []
    for path in sorted(EQUATIONS_DIR.glob("*.svg")):
        if path.stem not in equations:
            path.unlink()
            removed.append(path.name)
    if write_if_changed(MANIFEST_PATH, manifest_bytes(make_manifest(equations))):
        changed.append(MANIFEST_PATH.name)
    print(f"{len(rendered)} equations: {len(changed)} file(s) written"
          + (f" ({', '.join(changed)})" if changed else "")
          + (f", {len(removed)} removed ({', '.join(removed)})" if removed else ""))
    return []


def check(equations):
    expected = make_manifest(equations)["equations"]
    problems = []
    try:
        manifest = load_json(MANIFEST_PATH)
    except (OSError, ValueError) as e:
        manifest = None
        problems.append(f"{MANIFEST_PATH.name}: cannot be read ({e})")
    if manifest is not None:
        entries = manifest.get("equations") if isinstance(manifest, dict) else None
        if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT or not isinstance(entries, dict):
            problems.append(f"{MANIFEST_PATH.name}: not an {MANIFEST_FORMAT} manifest")
        else:
            if set(manifest) != {"format", "equations"}:
                problems.append(f"{MANIFEST_PATH.name}: unexpected keys {sorted(set(manifest) - {'format', 'equations'})}")
            missing = sorted(set(expected) - set(entries))
            stale = sorted(i for i in expected if i in entries and entries[i] != expected[i])
            extra = sorted(set(entries) - set(expected))
            if missing:
                problems.append(f"{MANIFEST_PATH.name}: missing entries: {', '.join(missing)}")
            if stale:
                problems.append(f"{MANIFEST_PATH.name}: stale entries (tex changed): {', '.join(stale)}")
            if extra:
                problems.append(f"{MANIFEST_PATH.name}: entries of no equation: {', '.join(extra)}")

    missing_svgs, stale_svgs, wide_svgs = [], [], []
    for eq_id, digest in expected.items():
        path = EQUATIONS_DIR / f"{eq_id}.svg"
        if not path.exists():
            missing_svgs.append(eq_id)
            continue
        svg = path.read_bytes()
        if svg_identifier(svg) != digest:
            stale_svgs.append(eq_id)
        width = svg_width_pt(svg)
        if width is None or width > MAX_WIDTH_PT:
            wide_svgs.append(eq_id)
    orphans = sorted(p.name for p in EQUATIONS_DIR.glob("*.svg") if p.stem not in expected)
    if missing_svgs:
        problems.append(f"missing SVGs: {', '.join(missing_svgs)}")
    if stale_svgs:
        problems.append(f"stale SVGs (made from another tex): {', '.join(stale_svgs)}")
    if wide_svgs:
        problems.append(f"SVGs wider than {MAX_WIDTH_PT:.0f} pt: {', '.join(wide_svgs)}")
    if orphans:
        problems.append(f"SVGs of no equation: {', '.join(orphans)}")
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="verify the SVGs and the manifest against the catalogue without writing; "
                             "exit 1 naming the missing or stale ids")
    args = parser.parse_args(argv)

    try:
        catalogue = load_json(CATALOGUE_PATH)
    except (OSError, ValueError) as e:
        print(f"error: {CATALOGUE_PATH.relative_to(ROOT)}: {e}", file=sys.stderr)
        return 2
    errors = validate_catalogue(catalogue)
    if errors:
        for message in errors:
            print(f"error: {message}", file=sys.stderr)
        return 2
    equations = catalogue["equations"]

    if args.check:
        problems = check(equations)
        if problems:
            for message in problems:
                print(f"stale: {message}", file=sys.stderr)
            print("run /usr/bin/python3 scripts/make-equations.py to regenerate", file=sys.stderr)
            return 1
        print(f"{len(equations)} equation SVGs and the manifest match the catalogue")
        return 0

    configure_matplotlib()
    errors = generate(equations)
    if errors:
        for message in errors:
            print(f"error: {message}", file=sys.stderr)
        print("nothing written", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
