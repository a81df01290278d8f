#pragma once
// The joints, walls and assemblies of a spatial scene
// (docs/scene-format.md, "Joints"):
//  - "joints": pins ("revolute"), ball joints ("spherical"), welds and strings
//    ("string": a ball joint at the anchor, or a pin about the line of the two
//    anchors when "bifilar", drawn as strings). A body without a joint flies free.
//  - "walls": planes the bodies meet besides the ground.
//  - "assembly": a generated set of bodies and joints, so that one slider can
//    change how many there are (a Newton's cradle's ball count, how many are
//    pulled back). It is expanded into "bodies" and "joints" before reading.
#include <nlohmann/json.hpp>

#include "mechanics/Multibody.h"
#include "scene/Scene.h"

namespace impactlab {

// The document with its "assembly" expanded (appended to its bodies and
// joints); the document itself when it has none. Throws InputError naming the
// field ("assembly.raised").
nlohmann::json expandSceneAssembly(const nlohmann::json& document);

// Reads "joints" and "walls" of an expanded document into `scene` (its bodies
// read already): fills joints, walls, the planes and pivots and strings to draw.
// Throws InputError naming the field ("joints[2].parent").
// The bodies are then posed: `bodies` turned by the joints' angles, the pose
// as given kept in referenceBodies.
void readSceneJoints(const nlohmann::json& document, SpatialScene& scene);

// The scene's bodies and joints as a tree in joint coordinates (its reference
// pose: referenceBodies), and q at the scene's initial state (the joints'
// angles turned).
Multibody makeSceneMultibody(const SpatialScene& scene);
Eigen::VectorXd makeSceneInitialPositions(const SpatialScene& scene, const Multibody& system);

}  // namespace impactlab
