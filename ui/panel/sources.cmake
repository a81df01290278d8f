# Parameter panel built from a scene's named parameters (Qt Widgets).
set(IMPACTLAB_UI_PANEL_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/OverlayDialog.h
  ${CMAKE_CURRENT_LIST_DIR}/OverlayDialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ParameterDisplayUnit.h
  ${CMAKE_CURRENT_LIST_DIR}/ParameterPanel.h
  ${CMAKE_CURRENT_LIST_DIR}/ParameterPanel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RangeNoteSpinBox.h
  ${CMAKE_CURRENT_LIST_DIR}/RangeNoteSpinBox.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SceneSidePanel.h
  ${CMAKE_CURRENT_LIST_DIR}/SceneSidePanel.cpp
)
