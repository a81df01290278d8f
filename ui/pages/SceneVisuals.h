#pragma once
// What the 3D view draws of a simulated scene's bodies and planes
// (render/SceneRenderer.h's visuals), from the core's scene.
#include <vector>

#include "render/SceneRenderer.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"

namespace impactlab::ui {

// A body as the renderer draws it; `headingMarker` marks its forward axis (vehicles).
BodyVisual makeBodyVisual(const SceneBody& body, bool headingMarker);
// Every surface of the scene but the ground (drawn by setGround): walls, a
// vehicle's barrier.
std::vector<PlaneVisual> makePlaneVisuals(const Scene& scene);
// The scene's strings (Scene::strings) as world segments for the bodies in
// `states` (a run's states at one time; empty when the counts differ).
std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>> calcStringSegments(const Scene& scene,
                                                                           const std::vector<BodyState>& states);

}  // namespace impactlab::ui
