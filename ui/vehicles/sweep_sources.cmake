# Sensitivity-sweep view of a vehicle collision (VehicleSweep.h): a curve for
# one input, a colour map for two. Qt Widgets + Qt Charts, no VTK.
set(IMPACTLAB_UI_SWEEP_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/SweepView.h
  ${CMAKE_CURRENT_LIST_DIR}/SweepView.cpp
)
