# What every part of the UI shares: interactive quality, rich-text labels,
# side tabs, the views' exports and the run worker.
set(IMPACTLAB_UI_COMMON_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/InteractiveQuality.h ${CMAKE_CURRENT_LIST_DIR}/InteractiveQuality.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RichTextLabel.h ${CMAKE_CURRENT_LIST_DIR}/RichTextLabel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SideTabStyle.h ${CMAKE_CURRENT_LIST_DIR}/SideTabStyle.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ViewExport.h ${CMAKE_CURRENT_LIST_DIR}/ViewExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunWorker.h ${CMAKE_CURRENT_LIST_DIR}/RunWorker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TableNumbers.h ${CMAKE_CURRENT_LIST_DIR}/TableNumbers.cpp
)
