# The chart views' common base: construction, axis fitting, in-place series,
# interactive quality; export (ChartExport.cpp).
set(IMPACTLAB_UI_CHART_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/ChartSupport.h ${CMAKE_CURRENT_LIST_DIR}/ChartSupport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChartExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AxisTicks.h ${CMAKE_CURRENT_LIST_DIR}/AxisTicks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChartView.h ${CMAKE_CURRENT_LIST_DIR}/ChartView.cpp
)
