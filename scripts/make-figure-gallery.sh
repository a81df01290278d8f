#!/usr/bin/env bash
# Remakes docs/figures.md and its thumbnails (docs/images/figures/) from every
# figure of the catalogue, each written by `impactlab-cli figure ID --out`.
# Run from the repository root after a build:
#   scripts/make-figure-gallery.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
cli="$build/app/cli/impactlab-cli"
report="$build/bin/impactlab-report"
for tool in "$cli" "$report"; do
  [[ -x $tool ]] || { echo "make-figure-gallery: $tool is not built" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Ids are plain words and dots: one per "id" line of the list.
ids=$("$cli" figure --list | sed -n 's/^    "id": "\([^"]*\)",$/\1/p')
for id in $ids; do
  start=$(date +%s%N)
  "$cli" figure "$id" --out "$work" > /dev/null
  printf '%-32s %6d ms\n' "$id" $(( ($(date +%s%N) - start) / 1000000 ))
done
rm -f docs/images/figures/*.png
"$report" --gallery "$work" --out docs
echo "make-figure-gallery: wrote docs/figures.md and $(ls docs/images/figures | wc -l) thumbnails"
