#pragma once
// Every kind of scene, described once: one descriptor per
// SceneKind (scene/SceneDocument.h) in one table (SceneKinds.cpp), which the
// CLI's commands and the app's page registry look kinds up in. A kind is its
// descriptor, its reader (core/scene), its run (core/sim) and its page (ui);
// docs/design.md, "Adding a scene kind".
//
// The table lives on the sim floor because a descriptor runs its kind, and
// the runs are here; the readers it names are one floor down (core/scene).
// tests/core/sim/test_scene_kinds.cpp walks listSceneKinds() and fails on a
// kind without a descriptor, a descriptor out of place or without a part.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "scene/GranularScene.h"
#include "scene/ImpactScene.h"
#include "scene/PlanarSceneReader.h"
#include "scene/PlusScene.h"
#include "scene/Scene.h"
#include "scene/VehicleSceneReader.h"
#include "scene/SceneDocument.h"
#include "scene/TossScene.h"
#include "sim/Simulation.h"

namespace impactlab {

// A scene read by its kind's reader: a type per kind, in the order of
// SceneKind (the first three simulated by simulate(), as SimulatedScene).
using AnyScene = std::variant<SpatialScene, PlanarScene, VehicleScene, ImpactScene, PlusScene, GranularScene, TossScene>;

// What a caller asks of a run (the CLI's simulate; the app's pages run their
// kinds themselves).
struct SceneRunRequest {
    std::optional<std::string> law;   // resolve the impacts with this law instead of the scene's ("--law")
    SimulationOptions options;        // a simulation's wall-clock budget
    std::string csvPath;              // named in the summary when the caller writes the time histories
};

// How a kind's run is shaped, for the commands that take only some shapes.
enum class SceneRunShape {
    TimeHistories,   // a simulation with samples and impacts over time (simulate(): CSV time histories)
    OneImpact,       // one impact event, resolved as the kind's page shows it
    Stepped,         // impulse-velocity time stepping of many bodies (frames, no impact events)
    Measured,        // a measured experiment replayed by a law and scored against the measurement
};

struct SceneKindInfo {
    SceneKind kind;
    const char* title;   // for people: "Spatial simulation", ...
    SceneRunShape shape;
    // Reads and validates `document` as this kind. Throws InputError naming
    // the field.
    AnyScene (*read)(const nlohmann::json& document);
    // The parameters (sliders) of `document`, as the kind's reader reads them.
    std::vector<SceneParameter> (*readParameters)(const nlohmann::json& document);
    // Runs `document` and returns the CLI's simulate summary
    // ("impactlab.run/1"; "impactlab.granular-run/1" for a granular scene,
    // run as it stands: the CLI's simulate has options of its own for it).
    // `run` receives the time histories of a TimeHistories kind.
    nlohmann::ordered_json (*simulate)(const nlohmann::json& document, const SceneRunRequest& request,
                                       SimulationRun* run);
    // `solve` on a scene of this kind: the result of its impact (OneImpact),
    // {"results": [...]} per impact of its run (TimeHistories), or
    // InputError saying why it has no impact to solve. `law` replaces the
    // scene's law ("--model").
    nlohmann::ordered_json (*solve)(const nlohmann::json& document, const std::optional<std::string>& law,
                                    bool withTrace);
};

// Every kind's descriptor, in the order of listSceneKinds().
const std::vector<SceneKindInfo>& getSceneKinds();
// The descriptor of `kind`.
const SceneKindInfo& getSceneKindInfo(SceneKind kind);
// The descriptor of a document's kind; InputError("format" or "kind") for a
// document that is not a scene of a known kind.
const SceneKindInfo& getSceneKindInfo(const nlohmann::json& document);

}  // namespace impactlab
