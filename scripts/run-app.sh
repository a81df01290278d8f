#!/usr/bin/env bash
# Installs what is missing, builds in Release and opens ImpactLab on its
# default scene (superball). Extra arguments go to the app, e.g. a scene file.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
install_missing_packages
build_release
exec "$BUILD_DIR/bin/impactlab" "$@"
