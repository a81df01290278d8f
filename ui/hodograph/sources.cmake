# Jia & Wang views (hodograph, energy, 3D impulse curve) and the mesh renderer
# for the impact scenes. Included by ui/CMakeLists.txt after render/render.cmake,
# so impactlab_ui already links VTK (privately) and runs vtk_module_autoinit;
# VTK headers stay inside ui/render/*.cpp.
target_sources(impactlab_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/HodographView.h
  ${CMAKE_CURRENT_LIST_DIR}/HodographView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EnergyView.h
  ${CMAKE_CURRENT_LIST_DIR}/EnergyView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImpulseCurveView.h
  ${CMAKE_CURRENT_LIST_DIR}/ImpulseCurveView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../render/MeshRenderer.h
  ${CMAKE_CURRENT_LIST_DIR}/../render/MeshRenderer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../render/ImpulseCurveRenderer.h
  ${CMAKE_CURRENT_LIST_DIR}/../render/ImpulseCurveRenderer.cpp
)
