#!/usr/bin/env bash
# Installs what is missing, builds in Release and runs every test through CTest.
# Rendering tests need an X display: without one, CTest runs under xvfb-run.
# Extra arguments go to ctest (e.g. -L core, -LE rendering). Tests run one per
# core; the rendering and MPI tests are marked RUN_SERIAL and run alone.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
install_missing_packages
build_release
cd "$BUILD_DIR"
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x1024x24" ctest --output-on-failure -j "$(nproc)" "$@"
else
  exec ctest --output-on-failure -j "$(nproc)" "$@"
fi
