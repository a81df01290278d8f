# Impulse-space diagram view (Qt Widgets + Qt Charts + Qt Svg). Included by
# ui/CMakeLists.txt; headers use Q_OBJECT, so the target needs AUTOMOC.
set(IMPACTLAB_UI_DIAGRAM_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/DiagramShapes.h
  ${CMAKE_CURRENT_LIST_DIR}/DiagramShapes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImpulseDiagramView.h
  ${CMAKE_CURRENT_LIST_DIR}/ImpulseDiagramView.cpp
)
