#!/usr/bin/env bash
# CTest `install_desktop_app` (labels install, rendering): installs the build
# into a temporary prefix and runs the installed programs as a user would,
# from a folder outside the source and build trees:
#   - the layout: programs, scenes, docs, icon, a valid desktop entry;
#   - no installed program carries the source tree's scenes folder, so the
#     scenes cannot come from there;
#   - the app opens a built-in scene BY NAME (compiled-in resources) and
#     writes a screenshot and its 3D view, neither of them blank;
#   - the CLI simulates the installed superball.json and prints a run summary;
#   - the CLI's `report` runs the installed impactlab-report.
# Needs an X display (the app's VTK view renders through GLX): CMake runs it
# through tests/ui/with-display.sh.
#
#   check-install.sh CMAKE BUILD_DIR SOURCE_DIR
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: check-install.sh CMAKE BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
CMAKE=$1 BUILD_DIR=$2 SOURCE_DIR=$3

# The app's window size for the screenshot, and what "not blank" means: a
# real window (widgets, text, charts, a shaded 3D view) has thousands of
# colours; a blank or uniformly filled image has one, a failed 3D render a
# handful.
readonly SHOT_WIDTH=1200 SHOT_HEIGHT=800
readonly MIN_SCREENSHOT_COLOURS=256
readonly MIN_VIEW_COLOURS=32
# A single impact whose hodograph tab no simulation has: if the app fell back
# to the default scene (the superball), --tab hodograph would fail.
readonly APP_SCENE=impact-ball-on-ball APP_TAB=hodograph

fail() { echo "check-install: FAIL: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null || fail "$1 not found (package $2; scripts/common.sh installs it)"; }
need jq jq
need identify imagemagick
need desktop-file-validate desktop-file-utils
need readelf binutils

scratch=$(mktemp -d "${TMPDIR:-/tmp}/impactlab-install-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
prefix=$scratch/prefix
work=$scratch/work     # the current folder of every run: no scenes, no build
mkdir -p "$work"

"$CMAKE" --install "$BUILD_DIR" --prefix "$prefix" >"$scratch/install.log" 2>&1 ||
  { cat "$scratch/install.log" >&2; fail "cmake --install $BUILD_DIR --prefix $prefix failed (is everything built?)"; }

# --- Layout ------------------------------------------------------------------
for f in bin/impactlab bin/impactlab-cli bin/impactlab-report \
         share/applications/impactlab.desktop \
         share/icons/hicolor/scalable/apps/impactlab.svg \
         share/icons/hicolor/48x48/apps/impactlab.png \
         share/icons/hicolor/256x256/apps/impactlab.png \
         share/doc/impactlab/README.md share/doc/impactlab/docs/scene-format.md; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
for b in impactlab impactlab-cli impactlab-report; do
  [ -x "$prefix/bin/$b" ] || fail "bin/$b is not executable"
  # CMake drops the build tree's RUNPATH on install; one left would load
  # libraries from the build tree.
  if readelf -d "$prefix/bin/$b" | grep -E 'R(UN)?PATH' | grep -qF "$BUILD_DIR"; then
    fail "bin/$b keeps a RUNPATH into the build tree"
  fi
  # The scenes must not be found through the source tree's path.
  if grep -aqF "$SOURCE_DIR/scenes" "$prefix/bin/$b"; then
    fail "bin/$b holds the source tree's scenes path $SOURCE_DIR/scenes"
  fi
done
# Every built-in scene is installed for the CLI.
for s in "$SOURCE_DIR"/scenes/*.json; do
  [ -f "$prefix/share/impactlab/scenes/$(basename "$s")" ] || fail "scene not installed: $(basename "$s")"
done
desktop-file-validate "$prefix/share/applications/impactlab.desktop" ||
  fail "the desktop entry does not validate"
grep -qx 'Exec=impactlab %f' "$prefix/share/applications/impactlab.desktop" || fail "desktop entry: Exec is not 'impactlab %f'"
grep -qx 'Icon=impactlab' "$prefix/share/applications/impactlab.desktop" || fail "desktop entry: Icon is not 'impactlab'"

# --- The app, on a built-in scene by name -------------------------------------
cd "$work"
if [ -e "$APP_SCENE" ] || [ -e "$APP_SCENE.json" ]; then fail "$work holds a file named like the scene"; fi
[ -n "${DISPLAY:-}" ] || fail "no X display (run through tests/ui/with-display.sh)"
QT_QPA_PLATFORM=xcb "$prefix/bin/impactlab" "$APP_SCENE" --tab "$APP_TAB" --size "${SHOT_WIDTH}x${SHOT_HEIGHT}" \
  --screenshot shot.png --export-view view.png >"$scratch/app.log" 2>&1 ||
  { cat "$scratch/app.log" >&2; fail "the installed app did not open the built-in scene '$APP_SCENE' by name"; }
check_image() {   # file width height min-colours (width, height empty: any)
  [ -s "$1" ] || fail "$1 was not written"
  local w h k
  read -r w h k < <(identify -format '%w %h %k\n' "$1") || fail "$1 is not an image"
  if [ -n "$2" ] && { [ "$w" -ne "$2" ] || [ "$h" -ne "$3" ]; }; then
    fail "$1 is ${w}x${h}, expected ${2}x${3}"
  fi
  [ "$k" -ge "$4" ] || fail "$1 has $k colours, fewer than $4: blank"
  echo "check-install: $1 ${w}x${h}, $k colours"
}
check_image shot.png "$SHOT_WIDTH" "$SHOT_HEIGHT" "$MIN_SCREENSHOT_COLOURS"
check_image view.png "" "" "$MIN_VIEW_COLOURS"

# --- The CLI, on the installed scene -----------------------------------------
"$prefix/bin/impactlab-cli" simulate "$prefix/share/impactlab/scenes/superball.json" >run.json 2>"$scratch/cli.log" ||
  { cat "$scratch/cli.log" >&2; fail "impactlab-cli simulate on the installed superball.json failed"; }
jq -e '.format == "impactlab.run/1" and .scene == "Superball" and .kind == "spatial"
       and .samples > 0 and (.impacts | length) > 0
       and (.energy.final | type) == "number" and .energy.final <= .energy.initial' run.json >/dev/null ||
  { head -c 2000 run.json >&2; fail "impactlab-cli simulate printed an unexpected summary"; }
echo "check-install: impactlab-cli simulate: $(jq '.impacts | length' run.json) impacts"

# impactlab-cli report finds impactlab-report beside itself in bin/.
env -u IMPACTLAB_REPORT "$prefix/bin/impactlab-cli" report "$prefix/share/impactlab/scenes/superball.json" --out report \
  >"$scratch/report.log" 2>&1 || { cat "$scratch/report.log" >&2; fail "impactlab-cli report failed"; }
[ -s report/report.html ] || fail "impactlab-cli report wrote no report.html"

echo "check-install: the installation in a temporary prefix works"
