#pragma once

// Internal to ui/render: VTK poly-data builders for SceneRenderer.
// Includes VTK, so include it only from .cpp files of this folder.

#include <Eigen/Core>

#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <vector>

#include "render/SphereDetail.h"

namespace impactlab::ui::geometry {

/// Sphere centred at the origin in `color`, with two dark stripes along the
/// great circles z = 0 and x = 0 so that its spin is visible without a
/// texture. Colours are per-cell RGB bytes (array "Colors").
vtkSmartPointer<vtkPolyData> spinSphere(double radius, const Eigen::Vector3d& color,
                                        SphereDetail detail = kFullSphereDetail);

/// Square grid of lines just above the plane z = height, covering [-halfSize, halfSize]
/// in x and y, with a "round" spacing (1, 2 or 5 times a power of ten).
vtkSmartPointer<vtkPolyData> groundGrid(double height, double halfSize);

/// Open polyline through `points`.
vtkSmartPointer<vtkPolyData> polyline(const std::vector<Eigen::Vector3d>& points);

/// Largest of 1, 2, 5 times a power of ten that is not larger than `value`.
double roundStepBelow(double value);

}  // namespace impactlab::ui::geometry
