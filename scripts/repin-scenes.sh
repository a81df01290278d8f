#!/usr/bin/env bash
# Re-pins the built-in scenes' results (tests/data/pins/<stem>.json) from the
# present build: run it only for a deliberate change of a number, and say in
# the commit why the number changed. With scene stems as arguments
# (superball brick-drop), only those are re-pinned.
#
#   IMPACTLAB_BUILD_DIR  the Release build to use (default: build)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
build_release
filter='BuiltInScenePins/*'
if [ $# -gt 0 ]; then
  filter=""
  for stem in "$@"; do filter+="BuiltInScenePins/ScenePin.MatchesItsPin/${stem//-/_}:"; done
fi
IMPACTLAB_REPIN=1 "$BUILD_DIR/tests/cli/impactlab_cli_tests" --gtest_filter="$filter"
git -C "$IMPACTLAB_ROOT" status --short tests/data/pins
