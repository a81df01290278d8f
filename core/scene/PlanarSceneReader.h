#pragma once
// Reading the planar part of a scene document ("kind": "planar"): gravity and
// the "system" object (docs/scene-format.md, "Planar scenes"). Used by
// parseScene; errors name the field as the user wrote it
// ("system.body.shape.length").
#include <nlohmann/json.hpp>

#include "scene/Scene.h"

namespace impactlab {

// Fills scene.planar, scene.bodies (the 3D images), scene.planes,
// scene.pivots, scene.gravity and scene.groundHeight from `document`.
// Throws InputError for anything malformed, out of range, or a body that
// starts inside a wall or another body.
void readPlanarScene(const nlohmann::json& document, Scene& scene);

// A body may start this far (m) inside a wall or another body: printed initial
// states (y0 = (L/2) sin(theta0) to seven digits) must not be rejected.
inline constexpr double kPlanarStartOverlapTol = 1e-6;

}  // namespace impactlab
