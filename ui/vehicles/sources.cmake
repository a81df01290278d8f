# Vehicle-collision views: the ground-plane overlay for the 3D view (VTK, so
# impactlab_ui must link VTK as ui/render/render.cmake does), the momentum
# diagram (Qt Charts, reuses ui/hodograph/ChartSupport) and the results table;
# the reconstruction tab (evidence tables, estimate, plots) and its ghost cars (VTK).
# Headers use Q_OBJECT, so the target needs AUTOMOC. Usage in ui/CMakeLists.txt:
#   include(vehicles/sources.cmake)  and add ${IMPACTLAB_UI_VEHICLE_SOURCES} to impactlab_ui.
set(IMPACTLAB_UI_VEHICLE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/VehicleOverlay.h
  ${CMAKE_CURRENT_LIST_DIR}/VehicleOverlay.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MomentumDiagramView.h
  ${CMAKE_CURRENT_LIST_DIR}/MomentumDiagramView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/VehicleResultsTable.h
  ${CMAKE_CURRENT_LIST_DIR}/VehicleResultsTable.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EvidenceTable.h
  ${CMAKE_CURRENT_LIST_DIR}/EvidenceTable.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReconstructionCharts.h
  ${CMAKE_CURRENT_LIST_DIR}/ReconstructionCharts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReconstructionView.h
  ${CMAKE_CURRENT_LIST_DIR}/ReconstructionView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GhostCars.h
  ${CMAKE_CURRENT_LIST_DIR}/GhostCars.cpp
)
