#pragma once
// Internal to ui/render and the views built on it: small VTK helpers every
// renderer of the app needs. Only .cpp files include VTK headers (VTK types
// are only declared here).
#include <Eigen/Core>
#include <functional>

#include "RenderStyle.h"

class vtkActor;
class vtkPolyData;
class vtkProp;
class vtkRenderWindow;
class vtkProperty;
class vtkRenderer;
template <class T>
class vtkSmartPointer;

namespace impactlab::ui::render {

void setColor(vtkProperty* property, const Eigen::Vector3d& color);
// A vertical gradient background and camera-following key, fill and back
// lights (bodies keep their relief from any side, unlike with a headlight).
void setUpStudio(vtkRenderer* renderer, const Backdrop& backdrop);
// An actor drawing `data` through a plain mapper.
vtkSmartPointer<vtkActor> actorFor(vtkPolyData* data);
// Calls `visit` with every prop of every renderer of `window`, in drawing order.
void forEachViewProp(vtkRenderWindow* window, const std::function<void(vtkRenderer*, vtkProp*)>& visit);

}  // namespace impactlab::ui::render
