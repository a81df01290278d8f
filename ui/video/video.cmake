# Animation export: the pages played along their timelines into MP4, WebM and
# GIF through Debian's libavcodec, libavformat and libswscale (linked, not a
# program found at run time: docs/animation.md). Part of impactlab_ui, since
# the window's File > Export animation... opens its dialog; libav stays a
# private dependency of these files.
find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBAV REQUIRED IMPORTED_TARGET libavcodec libavformat libavutil libswscale)
target_sources(impactlab_ui PRIVATE
  video/VideoEncoder.h video/VideoEncoder.cpp
  video/AnimationRenderer.h video/AnimationRenderer.cpp
  video/AnimationExportDialog.h video/AnimationExportDialog.cpp)
target_link_libraries(impactlab_ui PRIVATE PkgConfig::LIBAV)
