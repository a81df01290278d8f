# ui/render: ImpactLab's own Qt 6 adapter for VTK (VtkView) and the 3D scene
# of primitive bodies (SceneRenderer).
#
# Usage, from a CMakeLists.txt that already defines the UI library target:
#
#   set(IMPACTLAB_UI_TARGET impactlab_ui)       # a STATIC/SHARED/OBJECT library
#   include(${CMAKE_SOURCE_DIR}/ui/render/render.cmake)
#
# Required top-level set-up (Debian 12, VTK 9.1; see docs/design.md, "Platform"):
#
#   project(ImpactLab C CXX)          # C is required: VTK::mpi links MPI::MPI_C
#   set(CMAKE_CXX_STANDARD 17)
#   find_package(Qt6 REQUIRED COMPONENTS Widgets)
#   find_package(Eigen3 3.4 REQUIRED NO_MODULE)
#   find_package(MPI REQUIRED COMPONENTS C)  # must come before find_package(VTK)
#   find_package(VTK REQUIRED COMPONENTS
#       CommonCore CommonDataModel CommonMath FiltersCore FiltersSources
#       RenderingCore RenderingOpenGL2 RenderingFreeType InteractionStyle)
#   find_package(GTest REQUIRED)             # only for the pixel test
#   enable_testing()                         # only for the pixel test
#
# If VTK has not been found yet, this file finds MPI and VTK itself (the C
# language must still be enabled by project()). It then calls
# vtk_module_autoinit() for IMPACTLAB_UI_TARGET, which registers VTK's OpenGL
# back-end; without it vtkRenderWindow::New() returns an object that cannot draw.
#
# NEVER add VTK's Qt GUI-support module or its OpenGL widget: Debian builds them
# against Qt 5, and mixing them into this Qt 6 program breaks at link or run
# time. VtkView replaces them.

if(NOT IMPACTLAB_UI_TARGET OR NOT TARGET ${IMPACTLAB_UI_TARGET})
  message(FATAL_ERROR "render.cmake: set IMPACTLAB_UI_TARGET to an existing target first")
endif()

set(IMPACTLAB_RENDER_DIR ${CMAKE_CURRENT_LIST_DIR})
set(IMPACTLAB_RENDER_VTK_COMPONENTS
  CommonCore CommonDataModel CommonMath FiltersCore FiltersSources
  RenderingCore RenderingOpenGL2 RenderingFreeType InteractionStyle)
set(IMPACTLAB_RENDER_VTK_LIBRARIES)
foreach(component IN LISTS IMPACTLAB_RENDER_VTK_COMPONENTS)
  list(APPEND IMPACTLAB_RENDER_VTK_LIBRARIES VTK::${component})
endforeach()

if(NOT TARGET VTK::RenderingOpenGL2)
  get_property(_impactlab_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "C" IN_LIST _impactlab_languages)
    message(FATAL_ERROR "render.cmake: VTK needs the C language; use project(<name> C CXX)")
  endif()
  find_package(MPI REQUIRED COMPONENTS C)
  find_package(VTK REQUIRED COMPONENTS ${IMPACTLAB_RENDER_VTK_COMPONENTS})
endif()
if(NOT TARGET Eigen3::Eigen)
  find_package(Eigen3 3.4 REQUIRED NO_MODULE)
endif()
if(NOT TARGET Qt6::Widgets)
  find_package(Qt6 REQUIRED COMPONENTS Widgets)
endif()

target_sources(${IMPACTLAB_UI_TARGET} PRIVATE
  ${IMPACTLAB_RENDER_DIR}/VtkView.h
  ${IMPACTLAB_RENDER_DIR}/VtkView.cpp
  ${IMPACTLAB_RENDER_DIR}/CameraFraming.h
  ${IMPACTLAB_RENDER_DIR}/CameraFraming.cpp
  ${IMPACTLAB_RENDER_DIR}/CameraMoves.h
  ${IMPACTLAB_RENDER_DIR}/CameraMoves.cpp
  ${IMPACTLAB_RENDER_DIR}/CaptionFitter.h
  ${IMPACTLAB_RENDER_DIR}/CaptionFitter.cpp
  ${IMPACTLAB_RENDER_DIR}/SceneGeometry.h
  ${IMPACTLAB_RENDER_DIR}/SceneGeometry.cpp
  ${IMPACTLAB_RENDER_DIR}/SphereDetail.h
  ${IMPACTLAB_RENDER_DIR}/SceneRenderer.h
  ${IMPACTLAB_RENDER_DIR}/SceneRenderer.cpp
  ${IMPACTLAB_RENDER_DIR}/ParticleRenderer.h
  ${IMPACTLAB_RENDER_DIR}/ParticleRenderer.cpp
  ${IMPACTLAB_RENDER_DIR}/RenderStyle.h
  ${IMPACTLAB_RENDER_DIR}/VtkSupport.h
  ${IMPACTLAB_RENDER_DIR}/VtkSupport.cpp)
set_target_properties(${IMPACTLAB_UI_TARGET} PROPERTIES AUTOMOC ON)
# Qt and Eigen appear in the public headers; VTK does not, so it stays private
# (consumers that call VtkView::renderer() link VTK themselves).
target_link_libraries(${IMPACTLAB_UI_TARGET}
  PUBLIC Qt6::Widgets Eigen3::Eigen
  PRIVATE ${IMPACTLAB_RENDER_VTK_LIBRARIES})
vtk_module_autoinit(TARGETS ${IMPACTLAB_UI_TARGET} MODULES ${IMPACTLAB_RENDER_VTK_LIBRARIES})
