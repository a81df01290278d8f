#include "cli/SceneKinds.h"

#include <cmath>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "io/ContactSpaceJson.h"
#include "io/JsonInput.h"
#include "io/ResultJson.h"
#include "laws/LawRegistry.h"
#include "scene/ImpactScene.h"
#include "scene/PlusScene.h"
#include "scene/Scene.h"
#include "scene/SceneDocument.h"
#include "sim/PlusSceneRun.h"
#include "sim/Simulation.h"

namespace impactlab::cli {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr const char* kRunFormat = "impactlab.run/1";

// The parameters of a document of any kind, as its reader reads them.
std::vector<SceneParameter> readParameters(const json& document) {
    switch (getSceneDocumentKind(document)) {
        case SceneDocumentKind::Impact: return parseImpactScene(document).parameters;
        case SceneDocumentKind::Plus: return parsePlusScene(document).parameters;
        default: return parseSceneParameters(document);
    }
}

ordered_json summarizeCompliant(const CompliantResult& c, double milliseconds) {
    ordered_json j;
    j["status"] = toString(c.status);
    j["contact_time"] = c.endTime;
    j["integrator"] = toString(c.integrator);
    if (c.stiffFrom >= 0.0) j["stiff_from"] = c.stiffFrom;
    j["steps"] = c.acceptedSteps;
    j["kinetic_energy_before"] = c.kineticEnergyBefore;
    j["kinetic_energy_after"] = c.kineticEnergyAfter;
    j["wall_ms"] = milliseconds;
    j["warnings"] = c.warnings;
    return j;
}

}  // namespace

json applySets(const json& document, const std::vector<std::string>& sets) {
    json doc = document;
    for (const std::string& assignment : sets) {
        const auto eq = assignment.find('=');
        if (eq == std::string::npos || eq == 0) throw UsageError("--set needs id=value, got '" + assignment + "'");
        const std::string id = assignment.substr(0, eq);
        const std::string text = assignment.substr(eq + 1);
        const std::string field = "--set " + id;
        const std::vector<SceneParameter> parameters = readParameters(doc);
        const SceneParameter* p = nullptr;
        for (const SceneParameter& q : parameters)
            if (q.id == id) p = &q;
        if (!p) {
            std::string known;
            for (const auto& q : parameters) known += (known.empty() ? "" : ", ") + q.id;
            throw InputError(field, "no such parameter in this scene (known: " + known + ")");
        }
        if (p->kind == SceneParameter::Kind::Choice) {
            doc = setChoiceInDocument(parameters, doc, id, text);
            continue;
        }
        const std::optional<double> value = parseFiniteNumber(text);
        if (!value) throw InputError(field, "must be a finite number, got '" + text + "'");
        doc[json::json_pointer(p->target)] = *value;   // as given: not clamped to the slider
    }
    return doc;
}

ordered_json summarizeImpactScene(const json& document, const std::optional<std::string>& law, bool withTrace) {
    ImpactScene scene = parseImpactScene(document);
    const std::string id = law.value_or(scene.law);
    const LawInfo& info = getLaw(id, law ? "--law" : "contact.law");
    const json options = law && *law != scene.law
                             ? getContactLawOptions(document["contact"].value("options", json::object()), id, scene.law)
                             : scene.lawOptions;
    ImpactTrace trace;
    ImpactResult result = info.solve(scene.problem, options, withTrace ? &trace : nullptr);
    if (result.model.empty()) result.model = id;
    ordered_json s;
    s["format"] = kRunFormat;
    s["scene"] = scene.name;
    s["kind"] = "impact";
    s["law"] = id;
    s["friction"] = scene.problem.friction;
    s["restitution"] = scene.problem.restitution;
    s["end_reason"] = "impact resolved";
    s["impacts"] = ordered_json::array({resultToJson(scene.problem, result, withTrace ? &trace : nullptr)});
    s["warnings"] = result.warnings;
    return s;
}

ordered_json summarizePlusScene(const json& document, bool withTrace) {
    const PlusScene scene = parsePlusScene(document);
    const PlusSceneRun run = runPlusScene(scene);
    ordered_json s;
    s["format"] = kRunFormat;
    s["scene"] = scene.name;
    s["kind"] = "plus";
    s["law"] = "plus";
    s["impact_model"] = toString(run.options.impactModel);
    s["end_reason"] = "impact resolved";
    ordered_json plus = contactSpaceResultToJson(run.problem, run.plus, withTrace ? &run.trace : nullptr);
    plus["wall_ms"] = run.plusMilliseconds;
    s["impacts"] = ordered_json::array({plus});
    if (run.flightTime > 0.0)
        s["flight"] = {{"time", run.flightTime}, {"energy_at_release", run.releaseEnergy}, {"energy_at_touch", run.touchEnergy}};
    if (run.compliant) s["compliant"] = summarizeCompliant(*run.compliant, run.compliantMilliseconds);
    else s["compliant"] = {{"skipped", run.compliantSkipped}};
    s["warnings"] = run.plus.warnings;
    return s;
}

ordered_json solveSceneDocument(const json& document, const std::optional<std::string>& law, bool withTrace) {
    switch (getSceneDocumentKind(document)) {
        case SceneDocumentKind::Impact: return summarizeImpactScene(document, law, withTrace)["impacts"][0];
        case SceneDocumentKind::Plus:
            if (law && *law != "plus") throw InputError("--model", "a PLUS scene is solved by plus, not " + *law);
            return summarizePlusScene(document, withTrace)["impacts"][0];
        case SceneDocumentKind::Granular:
            throw InputError("kind", "a granular scene has no single impact to solve: run it with simulate");
        default: break;
    }
    json doc = document;
    if (law) {
        getLaw(*law, "--model");
        doc["contact"]["law"] = *law;
    }
    const Scene scene = parseScene(doc);
    const SimulationRun run = simulate(scene);
    ordered_json out;
    out["format"] = kResultFormat;
    out["scene"] = scene.name;
    out["results"] = ordered_json::array();
    for (const ImpactEventRecord& e : run.impacts) {
        ordered_json r = resultToJson(e.problem, e.result, withTrace ? &e.trace : nullptr);
        r["time"] = e.time;
        r["contact"] = e.contact;
        out["results"].push_back(r);
    }
    return out;
}

}  // namespace impactlab::cli
