#!/usr/bin/env bash
# The GUI monkey at full length: 2000 random actions over every
# built-in scene with a fixed seed, each followed by a check that the numbers
# on screen are the core's for the document on screen. CI runs a short count
# of the same test (ctest: rendering_monkey).
#
#   scripts/run-monkey.sh [ACTIONS] [SEED]     defaults: 2000 actions, seed 23
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
install_missing_packages
build_release
export IMPACTLAB_MONKEY_ACTIONS="${1:-2000}"
export IMPACTLAB_MONKEY_SEED="${2:-23}"
export QT_QPA_PLATFORM=xcb
test_binary="$(find "$BUILD_DIR/tests" -name impactlab_monkey_tests -type f | head -n 1)"
exec "$IMPACTLAB_ROOT/tests/ui/with-display.sh" "$test_binary"
