# Maximum-dissipation views (Preclik, Eibl & Ruede Figs. 2, 3, 5, 7): the
# plane of maximum compression, f_obj(alpha) and the decision tree.
target_sources(impactlab_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CompressionPlaneView.h
  ${CMAKE_CURRENT_LIST_DIR}/CompressionPlaneView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FobjView.h
  ${CMAKE_CURRENT_LIST_DIR}/FobjView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DecisionTreeView.h
  ${CMAKE_CURRENT_LIST_DIR}/DecisionTreeView.cpp
)
# PLUS views (Uchida, Sherman & Delp): a generic figure view and the page of
# the multi-point impact scenes.
target_sources(impactlab_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/../plus/FigureView.h
  ${CMAKE_CURRENT_LIST_DIR}/../plus/FigureView.cpp
)
