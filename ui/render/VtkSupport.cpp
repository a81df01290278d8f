#include "VtkSupport.h"

#include <vtkLightKit.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>

namespace impactlab::ui::render {

void setColor(vtkProperty* property, const Eigen::Vector3d& color) {
    property->SetColor(color.x(), color.y(), color.z());
}

void setUpStudio(vtkRenderer* renderer, const Eigen::Vector3d& backgroundTop, const Eigen::Vector3d& backgroundBottom) {
    renderer->GradientBackgroundOn();
    renderer->SetBackground(backgroundBottom.x(), backgroundBottom.y(), backgroundBottom.z());
    renderer->SetBackground2(backgroundTop.x(), backgroundTop.y(), backgroundTop.z());
    auto lights = vtkSmartPointer<vtkLightKit>::New();
    lights->AddLightsToRenderer(renderer);
}

}  // namespace impactlab::ui::render
