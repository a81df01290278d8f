# Qt widget tests (GoogleTest + Qt6::Test for QSignalSpy). Each test file can be
# its own executable or all can share one; every executable also needs
# IMPACTLAB_UI_TEST_MAIN (it creates the QApplication). They run headless:
# the main selects QT_QPA_PLATFORM=offscreen unless the variable is set.
set(IMPACTLAB_UI_TEST_MAIN ${CMAKE_CURRENT_LIST_DIR}/ui_test_main.cpp)
set(IMPACTLAB_UI_TEST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/test_diagram_export.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_diagram_shapes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_display_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_equations_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_hodograph_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_mdp_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_page_registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_parameter_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_rich_text_label.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_run_worker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_sweep_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_time_plots.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_timeline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_vehicle_views.cpp
)
