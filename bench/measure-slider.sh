#!/usr/bin/env bash
# Slider-to-redraw time on every built-in scene: runs the
# app with --measure-slider N on each scene at the default window size under
# Xvfb (Mesa's software renderer) and prints a Markdown table of the medians
# and maxima. Build first (scripts/run-tests.sh or cmake --build build).
#
#   bench/measure-slider.sh [N] [WIDTHxHEIGHT]     (defaults: 30 moves, 1500x900)
#
# The time runs from the slider's move (through the panel, as a drag gives
# it) to the last pixel of every view on screen, as main.cpp measures it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
app="${IMPACTLAB_BUILD_DIR:-$root/build}/bin/impactlab"
moves="${1:-30}"
size="${2:-1500x900}"
[ -x "$app" ] || { echo "build the app first: $app not found" >&2; exit 1; }

run() {
  if [ -n "${DISPLAY:-}" ]; then "$@"; else xvfb-run -a -s "-screen 0 1920x1200x24" "$@"; fi
}

echo "| scene | slider | median [ms] | max [ms] | of which computing [ms] | GUI thread CPU [ms] |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
for scene in "$root"/scenes/*.json; do
  name="$(basename "$scene" .json)"
  out="$(run "$app" "$scene" --size "$size" --measure-slider "$moves" 2>/dev/null || true)"
  slider="$(sed -n "s/^slider '\([^']*\)'.*/\1/p" <<<"$out")"
  median="$(sed -n 's/.*redrawn: median \([0-9.]*\) ms, max.*/\1/p' <<<"$out")"
  max="$(sed -n 's/.*redrawn: median [0-9.]* ms, max \([0-9.]*\) ms.*/\1/p' <<<"$out")"
  compute="$(sed -n 's/.*computing: *median \([0-9.]*\) ms.*/\1/p' <<<"$out")"
  cpu="$(sed -n "s/.*GUI thread's CPU time: *median \([0-9.]*\) ms.*/\1/p" <<<"$out")"
  echo "| $name | ${slider:-?} | ${median:-failed} | ${max:-} | ${compute:-} | ${cpu:-} |"
done
