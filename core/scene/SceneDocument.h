#pragma once
// One scene format for everything the app opens and the CLI runs
// (docs/scene-format.md): a JSON document with "format": "impactlab.scene/1"
// and a "kind" that says which reader takes the rest.
//
//   kind        reader                        what it describes
//   spatial     readSpatialScene (Scene.h)    3D bodies over a ground, simulated
//   planar      readPlanarScene (PlanarSceneReader.h)  Cataldo & Sampaio's planar systems, simulated
//   vehicles    readVehicleScene (VehicleSceneReader.h)  a Kudlich-Slibar collision with approach and run-out
//   impact      parseImpactScene (ImpactScene.h)  one impact between two bodies or a model system
//   plus        parsePlusScene (PlusScene.h)  a simultaneous multi-point impact (PLUS)
//   granular    parseGranularScene            many spheres, impulse-velocity time stepping
//
// A missing "kind" is "spatial", as scene files before the other kinds were.
// Files written before the formats were unified name their kind by format:
// "impactlab.impact-scene/1" is kind impact and "impactlab.plus-scene/1" kind
// plus. They are still read; the app saves in the unified format.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace impactlab {

inline constexpr const char* kSceneFormat = "impactlab.scene/1";

// The kinds of scene, one enum for the document, the readers, the runs and the
// pages (the descriptor of each: sim/SceneKinds.h). The first three are the
// simulated kinds, one type each (SpatialScene, PlanarScene, VehicleScene:
// scene/Scene.h), with the kind as a constant of the type.
enum class SceneKind { Spatial, Planar, Vehicles, Impact, Plus, Granular, Tosses };

// "spatial", "planar", ... as the "kind" field spells it.
const char* toString(SceneKind kind);
// Every kind, in the order of the table above.
const std::vector<SceneKind>& listSceneKinds();

// The kind of a scene document. Throws InputError naming "format" or "kind"
// for a document that is not a scene of a known kind.
SceneKind getSceneKind(const nlohmann::json& document);
// Whether `document` is a scene of `kind` (false for anything malformed).
bool isSceneDocumentOfKind(const nlohmann::json& document, SceneKind kind);

// `document` in the unified format: a legacy format id becomes
// "impactlab.scene/1" with its kind. Other documents are returned unchanged.
nlohmann::json toUnifiedSceneDocument(nlohmann::json document);

// For the readers of one kind: checks that the document's format and kind
// name `kind` (unified or legacy), else InputError("format" or "kind").
void requireSceneKind(const nlohmann::json& document, SceneKind kind);

}  // namespace impactlab
