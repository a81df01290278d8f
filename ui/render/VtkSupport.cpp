#include "VtkSupport.h"

#include <vtkActor.h>
#include <vtkLightKit.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProp.h>
#include <vtkPropCollection.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>
#include <vtkSmartPointer.h>

namespace impactlab::ui::render {

void setColor(vtkProperty* property, const Eigen::Vector3d& color) {
    property->SetColor(color.x(), color.y(), color.z());
}

void setUpStudio(vtkRenderer* renderer, const Backdrop& backdrop) {
    renderer->GradientBackgroundOn();
    renderer->SetBackground(backdrop.bottom.x(), backdrop.bottom.y(), backdrop.bottom.z());
    renderer->SetBackground2(backdrop.top.x(), backdrop.top.y(), backdrop.top.z());
    auto lights = vtkSmartPointer<vtkLightKit>::New();
    lights->AddLightsToRenderer(renderer);
}

vtkSmartPointer<vtkActor> actorFor(vtkPolyData* data) {
    auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    mapper->SetInputData(data);
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    return actor;
}

void forEachViewProp(vtkRenderWindow* window, const std::function<void(vtkRenderer*, vtkProp*)>& visit) {
    vtkRendererCollection* renderers = window->GetRenderers();
    renderers->InitTraversal();
    while (vtkRenderer* r = renderers->GetNextItem()) {
        vtkPropCollection* props = r->GetViewProps();
        props->InitTraversal();
        while (vtkProp* prop = props->GetNextProp()) visit(r, prop);
    }
}

}  // namespace impactlab::ui::render
