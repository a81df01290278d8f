# One page per kind of scene, registered in PageRegistry.cpp.
set(IMPACTLAB_UI_PAGE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/ScenePage.h ${CMAKE_CURRENT_LIST_DIR}/ScenePage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PageRegistry.h ${CMAKE_CURRENT_LIST_DIR}/PageRegistry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SimulationPage.h ${CMAKE_CURRENT_LIST_DIR}/SimulationPage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SimulationSummary.h ${CMAKE_CURRENT_LIST_DIR}/SimulationSummary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SimulationOverlay.h ${CMAKE_CURRENT_LIST_DIR}/SimulationOverlay.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SimulationTimePlots.h ${CMAKE_CURRENT_LIST_DIR}/SimulationTimePlots.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SceneVisuals.h ${CMAKE_CURRENT_LIST_DIR}/SceneVisuals.cpp
  ${CMAKE_CURRENT_LIST_DIR}/VehiclePage.h ${CMAKE_CURRENT_LIST_DIR}/VehiclePage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImpactScenePage.h ${CMAKE_CURRENT_LIST_DIR}/ImpactScenePage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImpactOverlay.h ${CMAKE_CURRENT_LIST_DIR}/ImpactOverlay.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PlusScenePage.h ${CMAKE_CURRENT_LIST_DIR}/PlusScenePage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TossPage.h ${CMAKE_CURRENT_LIST_DIR}/TossPage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GranularPage.h ${CMAKE_CURRENT_LIST_DIR}/GranularPage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GranularOverlay.h ${CMAKE_CURRENT_LIST_DIR}/GranularOverlay.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../granular/FieldMapView.h ${CMAKE_CURRENT_LIST_DIR}/../granular/FieldMapView.cpp
)
