#!/usr/bin/env bash
# Runs a rendering test on the current X display, or under a private Xvfb when
# there is none. (Nesting a second xvfb-run under the one the test command
# already started proved flaky: VTK sometimes lost the fresh server.)
if [ -n "${DISPLAY:-}" ]; then
  exec "$@"
fi
exec xvfb-run -a -s "-screen 0 1280x1024x24" "$@"
