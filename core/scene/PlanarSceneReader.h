#pragma once
// Reading a planar scene document ("kind": "planar"): the shared part
// (readSharedScene), gravity and the "system" object (docs/scene-format.md,
// "Planar scenes"). Errors name the field as the user wrote it
// ("system.body.shape.length").
#include <nlohmann/json.hpp>

#include "scene/Scene.h"

namespace impactlab {

// The planar system, and for drawing the bodies' 3D images, the walls as
// planes, the pivots, gravity and the floor's height. Throws InputError for
// anything malformed, out of range, a body that starts inside a wall or
// another body, and InputError("kind") for a document of another kind.
PlanarScene readPlanarScene(const nlohmann::json& document);

// A body may start this far (m) inside a wall or another body: printed initial
// states (y0 = (L/2) sin(theta0) to seven digits) must not be rejected.
inline constexpr double kPlanarStartOverlapTol = 1e-6;

}  // namespace impactlab
