#include "sim/SceneKinds.h"

#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "sim/SceneRunSummaries.h"
#include "sim/granular/GranularRun.h"
#include "sim/granular/GranularSetups.h"
#include "laws/LawIds.h"
#include "sim/tosses/TossExperiment.h"

namespace impactlab {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

// Spatial, planar and vehicles: a reader each, and simulate().

AnyScene readSpatial(const json& document) { return readSpatialScene(document); }

AnyScene readPlanar(const json& document) { return readPlanarScene(document); }

AnyScene readVehicles(const json& document) { return readVehicleScene(document); }

std::vector<SceneParameter> readSimulatedParameters(const json& document) { return parseSceneParameters(document); }

ordered_json simulateSimulated(const json& document, const SceneRunRequest& request, SimulationRun* run) {
    SimulatedScene scene = readSimulatedScene(document);
    if (request.law) {
        getLaw(*request.law, "--law");
        json doc = getScene(scene).document;
        doc["contact"]["law"] = *request.law;
        scene = readSimulatedScene(doc);
    }
    SimulationRun result = simulate(scene, request.options);
    ordered_json summary = summarizeSimulationRun(scene, result, request.csvPath);
    if (run) *run = std::move(result);
    return summary;
}

// Impact: one impact between two bodies or a model system, solved by its law.

AnyScene readImpact(const json& document) { return parseImpactScene(document); }

std::vector<SceneParameter> readImpactParameters(const json& document) { return parseImpactScene(document).parameters; }

ordered_json simulateImpact(const json& document, const SceneRunRequest& request, SimulationRun*) {
    return summarizeImpactScene(document, request.law, false);
}

ordered_json solveImpact(const json& document, const std::optional<std::string>& law, bool withTrace) {
    return summarizeImpactScene(document, law, withTrace)["impacts"][0];
}

// PLUS: a simultaneous multi-point impact, resolved by plus alone.

AnyScene readPlus(const json& document) { return parsePlusScene(document); }

std::vector<SceneParameter> readPlusParameters(const json& document) { return parsePlusScene(document).parameters; }

ordered_json simulatePlus(const json& document, const SceneRunRequest& request, SimulationRun*) {
    if (request.law && !isLaw(*request.law, LawId::Plus)) throw InputError("--law", "a PLUS scene is resolved by plus");
    return summarizePlusScene(document, false);
}

ordered_json solvePlus(const json& document, const std::optional<std::string>& law, bool withTrace) {
    if (law && !isLaw(*law, LawId::Plus)) throw InputError("--model", "a PLUS scene is solved by plus, not " + *law);
    return summarizePlusScene(document, withTrace)["impacts"][0];
}

// Granular: many spheres, impulse-velocity time stepping; no single impact.

AnyScene readGranular(const json& document) { return parseGranularScene(document); }

std::vector<SceneParameter> readGranularParameters(const json& document) {
    return parseGranularScene(document).parameters;
}

ordered_json simulateGranular(const json& document, const SceneRunRequest& request, SimulationRun*) {
    if (request.law) throw InputError("--law", "a granular scene has a friction model, not a law (simulate --model)");
    const GranularScene scene = parseGranularScene(document);
    granular::GranularRunSettings settings = granular::makeGranularRunSettings(scene);
    settings.keepFrames = false;
    settings.keepSteps = false;
    granular::GranularWorld world = granular::makeGranularWorld(scene);
    granular::GranularFrame last;
    granular::GranularRunCallbacks callbacks;
    callbacks.onFrame = [&last](const granular::GranularFrame& f) { last = f; };
    const granular::GranularRunResult result = granular::runGranular(world, settings, callbacks);
    return summarizeGranularRun(scene, world, result, last, 1, "");
}

ordered_json solveGranular(const json&, const std::optional<std::string>&, bool) {
    throw InputError("kind", "a granular scene has no single impact to solve: run it with simulate");
}

// Tosses: measured tosses of a box; the toss on show simulated by a law from
// its measured start and scored against the measurement.

AnyScene readTosses(const json& document) { return parseTossScene(document); }

std::vector<SceneParameter> readTossParameters(const json& document) { return parseTossScene(document).parameters; }

ordered_json simulateTosses(const json& document, const SceneRunRequest& request, SimulationRun*) {
    const TossScene scene = parseTossScene(document);
    if (request.law) getLaw(*request.law, "--law");
    const TossSet set = loadTossSceneData(scene);
    const TossLawRun run = runToss(set, requireTossIndex(set, scene.toss), getTossParams(scene, request.law.value_or(scene.contact.law)));
    return summarizeTossRun(scene, set, run);
}

ordered_json solveTosses(const json&, const std::optional<std::string>&, bool) {
    throw InputError("kind", "a toss scene has no single impact to solve: run it with simulate, or score its tosses with `tosses score`");
}

}  // namespace

const std::vector<SceneKindInfo>& getSceneKinds() {
    // The one table of kinds, in the order of SceneKind.
    static const std::vector<SceneKindInfo> kinds = {
        {SceneKind::Spatial, "Spatial simulation", SceneRunShape::TimeHistories, readSpatial,
         readSimulatedParameters, simulateSimulated, solveSimulatedScene},
        {SceneKind::Planar, "Planar simulation", SceneRunShape::TimeHistories, readPlanar, readSimulatedParameters,
         simulateSimulated, solveSimulatedScene},
        {SceneKind::Vehicles, "Vehicle collision", SceneRunShape::TimeHistories, readVehicles,
         readSimulatedParameters, simulateSimulated, solveSimulatedScene},
        {SceneKind::Impact, "Single impact", SceneRunShape::OneImpact, readImpact, readImpactParameters,
         simulateImpact, solveImpact},
        {SceneKind::Plus, "Multi-point impact (PLUS)", SceneRunShape::OneImpact, readPlus, readPlusParameters,
         simulatePlus, solvePlus},
        {SceneKind::Granular, "Granular flow", SceneRunShape::Stepped, readGranular, readGranularParameters,
         simulateGranular, solveGranular},
        {SceneKind::Tosses, "Toss experiment", SceneRunShape::Measured, readTosses, readTossParameters,
         simulateTosses, solveTosses},
    };
    return kinds;
}

const SceneKindInfo& getSceneKindInfo(SceneKind kind) {
    for (const SceneKindInfo& info : getSceneKinds())
        if (info.kind == kind) return info;
    // Unreachable while the registry test passes (every kind has a descriptor).
    throw InputError("kind", std::string("no descriptor for \"") + toString(kind) + "\"");
}

const SceneKindInfo& getSceneKindInfo(const json& document) { return getSceneKindInfo(getSceneKind(document)); }

}  // namespace impactlab
