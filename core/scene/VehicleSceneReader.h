#pragma once
// Reads a vehicle scene ("kind": "vehicles"; docs/scene-format.md): the
// vehicles at the instant of impact, the impulse centroid and contact plane,
// the run-out tyre model. contact.friction is mu_user and contact.restitution
// epsilon of the Kudlich-Slibar law. For drawing, also the bodies (boxes of the
// vehicles' outlines), the ground plane and a barrier's plane. Throws
// InputError naming the field, InputError("kind") for a document of another
// kind.
#include <nlohmann/json.hpp>

#include "scene/Scene.h"

namespace impactlab {

VehicleScene readVehicleScene(const nlohmann::json& document);

}  // namespace impactlab
