# Laws compared on one impact: the check boxes and the comparison table.
set(IMPACTLAB_UI_COMPARE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/LawComparisonBox.h ${CMAKE_CURRENT_LIST_DIR}/LawComparisonBox.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ComparisonTableView.h ${CMAKE_CURRENT_LIST_DIR}/ComparisonTableView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DisplayText.h
)
