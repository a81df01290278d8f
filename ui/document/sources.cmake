# Scene documents: undoable edits, the recovery copy and recent files.
set(IMPACTLAB_UI_DOCUMENT_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/SceneEdits.h ${CMAKE_CURRENT_LIST_DIR}/SceneEdits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DocumentStore.h ${CMAKE_CURRENT_LIST_DIR}/DocumentStore.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Report.h ${CMAKE_CURRENT_LIST_DIR}/Report.cpp
)
