#!/usr/bin/env bash
# Renders the app icon's PNG sizes from impactlab.svg (run after editing the
# SVG; the PNGs are committed, so the build needs no SVG renderer). Uses
# rsvg-convert (package librsvg2-bin): ImageMagick's own SVG reader drops the
# gradients, and Debian's convert only hands SVG to rsvg-convert anyway.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
command -v rsvg-convert >/dev/null || { echo "make-icons.sh: rsvg-convert not found (apt-get install librsvg2-bin)" >&2; exit 1; }
# The hicolor theme's usual application sizes; 48 is the one the icon theme
# specification requires, 16 and 32 are what title bars and taskbars ask for.
for size in 16 32 48 64 128 256; do
  rsvg-convert --width "$size" --height "$size" impactlab.svg --output "icons/impactlab-$size.png"
done
