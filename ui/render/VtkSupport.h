#pragma once
// Internal to ui/render and the views built on it: small VTK helpers every
// renderer of the app needs. Only .cpp files include VTK headers.
#include <Eigen/Core>

class vtkProperty;
class vtkRenderer;

namespace impactlab::ui::render {

void setColor(vtkProperty* property, const Eigen::Vector3d& color);
// A vertical gradient background and camera-following key, fill and back
// lights (bodies keep their relief from any side, unlike with a headlight).
void setUpStudio(vtkRenderer* renderer, const Eigen::Vector3d& backgroundTop, const Eigen::Vector3d& backgroundBottom);

}  // namespace impactlab::ui::render
