#pragma once
// Reads a vehicle scene ("kind": "vehicles"; docs/scene-format.md): the
// vehicles at the instant of impact, the impulse centroid and contact plane,
// the run-out tyre model. contact.friction is mu_user and contact.restitution
// epsilon of the Kudlich-Slibar law. Fills Scene::vehicles, and Scene::bodies
// (boxes of the vehicles' outlines) and the ground plane for drawing.
#include <nlohmann/json.hpp>

#include "scene/Scene.h"

namespace impactlab {

void readVehicleScene(const nlohmann::json& document, Scene& scene);

}  // namespace impactlab
