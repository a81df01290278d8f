# Scene documents without widgets (target impactlab_ui_document): the built-in
# scenes and scene files, undoable edits, the recovery copy, recent files and
# the document controller that owns them. It links Qt Core and Gui only, so
# a widget include here does not build.
set(IMPACTLAB_UI_DOCUMENT_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/../SceneLibrary.h ${CMAKE_CURRENT_LIST_DIR}/../SceneLibrary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SceneEdits.h ${CMAKE_CURRENT_LIST_DIR}/SceneEdits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DocumentStore.h ${CMAKE_CURRENT_LIST_DIR}/DocumentStore.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DocumentEditor.h ${CMAKE_CURRENT_LIST_DIR}/DocumentEditor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DocumentController.h ${CMAKE_CURRENT_LIST_DIR}/DocumentController.cpp
)
# Everything a page shows, into one folder (reads the pages: widgets).
set(IMPACTLAB_UI_REPORT_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/Report.h ${CMAKE_CURRENT_LIST_DIR}/Report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FigureExport.h ${CMAKE_CURRENT_LIST_DIR}/FigureExport.cpp
)
