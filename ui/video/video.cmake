# Animation export: the pages played along their timelines into MP4, WebM and
# GIF through Debian's libavcodec, libavformat and libswscale (linked, not a
# program found at run time: docs/animation.md). A library of its own over
# impactlab_ui, so the report program and the app link it without the
# unity batches of impactlab_ui changing.
find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBAV REQUIRED IMPORTED_TARGET libavcodec libavformat libavutil libswscale)
add_library(impactlab_video STATIC
  video/VideoEncoder.h video/VideoEncoder.cpp
  video/AnimationRenderer.h video/AnimationRenderer.cpp)
target_link_libraries(impactlab_video PUBLIC impactlab_ui PRIVATE PkgConfig::LIBAV)
