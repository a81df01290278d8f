#pragma once
// Adding and removing the bodies of a scene document, as
// whole-document edits the app's undo stack holds. Only spatial scenes allow
// it: their bodies are independent (each a sphere or a box over the ground,
// contacts found by the simulator). The other kinds fix their bodies by
// construction (a planar system's coordinates, a vehicle pair, one impact's
// two bodies, a PLUS example) or by a parameter (a granular flow's
// particle count, the cradle's number of balls).
#include <nlohmann/json.hpp>
#include <string>

namespace impactlab {

// m: the clearance left between an added body and the bodies already there.
constexpr double kAddedBodyClearance = 0.02;

// Whether `document` is a scene whose bodies may be added and removed (a
// spatial scene without joints or an assembly).
bool canEditSceneBodies(const nlohmann::json& document);

// The document with one more body: a copy of the last body (shape, mass,
// velocities, colour) named "<name> copy", placed beyond every other body
// along +x at the copied body's height, kAddedBodyClearance clear of the
// farthest one's bounding sphere. Throws InputError naming "bodies" when the
// scene's bodies cannot be edited or the scene is at its body limit.
nlohmann::json addSceneBody(const nlohmann::json& document);

// The document without body `index`. Parameters that move the removed body
// ("target": "/bodies/<index>/...") go with it; those of later bodies are
// renumbered. Throws InputError naming "bodies" for an index out of range or
// the last body (a scene keeps at least one).
nlohmann::json removeSceneBody(const nlohmann::json& document, int index);

// The display names of the document's bodies ("body <i>" for an unnamed one).
std::vector<std::string> listSceneBodyNames(const nlohmann::json& document);

}  // namespace impactlab
