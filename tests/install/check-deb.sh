#!/usr/bin/env bash
# CTest `install_deb` (label install): makes the .deb with CPack into a
# temporary folder (not the build tree's _CPack_Packages, which a developer's
# own `cpack` uses) and reads it back with dpkg-deb: its Depends must name the
# runtime packages (found by dpkg-shlibdeps, plus the plugins it cannot see)
# and it must hold the desktop installation. The package is not installed.
#
#   check-deb.sh CPACK BUILD_DIR PACKAGE...   (PACKAGE: one that Depends must name)
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: check-deb.sh CPACK BUILD_DIR PACKAGE..." >&2
  exit 2
fi
CPACK=$1 BUILD_DIR=$2
shift 2

fail() { echo "check-deb: FAIL: $*" >&2; exit 1; }
for tool in dpkg-deb dpkg-shlibdeps file; do
  command -v "$tool" >/dev/null || fail "$tool not found (packages dpkg-dev and file; scripts/common.sh installs them)"
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/impactlab-deb-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

"$CPACK" -G DEB --config "$BUILD_DIR/CPackConfig.cmake" -B "$scratch" >"$scratch/cpack.log" 2>&1 ||
  { cat "$scratch/cpack.log" >&2; fail "cpack -G DEB failed"; }
debs=("$scratch"/impactlab_*.deb)
[ -f "${debs[0]}" ] || { cat "$scratch/cpack.log" >&2; fail "cpack made no impactlab_*.deb"; }
deb=${debs[0]}

depends=$(dpkg-deb -f "$deb" Depends)
[ -n "$depends" ] || fail "the package declares no Depends"
# The package names of "a (>= 1), b | c, ...", one a line, without versions.
names=$(sed -E 's/[,|]/\n/g' <<<"$depends" | sed -E 's/\(.*\)//; s/^ +//; s/ +$//')
for p in "$@"; do
  grep -qxF "$p" <<<"$names" || fail "Depends lacks $p: $depends"
done

contents=$(dpkg-deb -c "$deb" | awk '{print $NF}')
for f in ./usr/bin/impactlab ./usr/bin/impactlab-cli ./usr/bin/impactlab-report \
         ./usr/share/applications/impactlab.desktop \
         ./usr/share/icons/hicolor/scalable/apps/impactlab.svg \
         ./usr/share/icons/hicolor/48x48/apps/impactlab.png \
         ./usr/share/impactlab/scenes/superball.json \
         ./usr/share/doc/impactlab/README.md; do
  grep -qxF "$f" <<<"$contents" || fail "the package lacks $f"
done
echo "check-deb: $(basename "$deb"), $(du -h "$deb" | cut -f1); Depends: $depends"
