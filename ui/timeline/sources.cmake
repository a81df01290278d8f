# Playback timeline and impact-event list (Qt Widgets).
set(IMPACTLAB_UI_TIMELINE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/TimelineWidget.h
  ${CMAKE_CURRENT_LIST_DIR}/TimelineWidget.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunControls.h
  ${CMAKE_CURRENT_LIST_DIR}/RunControls.cpp
)
