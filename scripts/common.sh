# Shared by run-app.sh and run-tests.sh: install missing Debian packages, then
# configure and build in Release. Sourced, not executed.
set -euo pipefail

IMPACTLAB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${IMPACTLAB_BUILD_DIR:-$IMPACTLAB_ROOT/build}"

# Everything the build, the app and the tests need on Debian 12.
PACKAGES=(
  cmake ninja-build g++ ccache pkg-config
  libeigen3-dev nlohmann-json3-dev libgtest-dev libbenchmark-dev
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl1-mesa-dri
  libvtk9-dev
  xvfb xauth x11-apps imagemagick
  clang libfuzzer-14-dev libclang-rt-14-dev   # sanitized build and fuzzing (run-sanitized-tests.sh)
  libopenmpi-dev openmpi-bin                  # granular runs over MPI processes (IMPACTLAB_MPI, label mpi)
  libbullet-dev                               # the granular benchmark against Bullet (optional)
  dpkg-dev file                               # cpack -G DEB: dpkg-shlibdeps finds the package's dependencies
  jq desktop-file-utils                       # the install tests (tests/install): the CLI's JSON, the desktop entry
  librsvg2-bin                                # resources/make-icons.sh: the icon's PNG sizes from its SVG
  libceres-dev                                # the vehicle reconstruction's bounded least squares (core/reconstruction)
  pybind11-dev python3-numpy python3-pytest python3-matplotlib python3-scipy   # the Python module, its tests and examples (python/)
  libavcodec-dev libavformat-dev libswscale-dev ffmpeg   # animation export (ui/video/); ffmpeg's ffprobe checks the files in tests
)

install_missing_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing missing packages: ${missing[*]} (libvtk9-dev alone takes a few minutes)"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

build_release() {
  if [ ! -f "$BUILD_DIR/build.ninja" ]; then
    cmake -S "$IMPACTLAB_ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  cmake --build "$BUILD_DIR" -j "$(nproc)"
}
