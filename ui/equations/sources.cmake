# Each law's equations, typeset, with the numbers of the impact on screen.
set(IMPACTLAB_UI_EQUATIONS_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/EquationsView.h ${CMAKE_CURRENT_LIST_DIR}/EquationsView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EquationSheetPainter.h ${CMAKE_CURRENT_LIST_DIR}/EquationSheetPainter.cpp
)
