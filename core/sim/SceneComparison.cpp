#include "sim/SceneComparison.h"

#include "sim/JointedSimulation.h"

#include <algorithm>
#include <variant>

#include "laws/LawRegistry.h"

namespace impactlab {

namespace {

bool isValidEvent(const SimulationRun& run, int event) {
    return event >= 0 && event < static_cast<int>(run.impacts.size());
}

constexpr const char* kVehicleRunNote =
    "a vehicle collision's run is Kudlich-Slibar's reconstruction with its run-out: other laws are compared on "
    "the collision's impact only";

}  // namespace

bool isRunByContactLaw(const SimulatedScene& scene) { return !std::holds_alternative<VehicleScene>(scene); }

nlohmann::json getSceneLawOptions(const Scene& scene, const std::string& law) {
    if (law == scene.contact.law) return scene.contact.lawOptions;
    const nlohmann::json& doc = scene.document;
    const auto contact = doc.find("contact");
    if (contact == doc.end() || !contact->is_object()) return nlohmann::json::object();
    const auto options = contact->find("options");
    if (options == contact->end()) return nlohmann::json::object();
    return getContactLawOptions(*options, law, scene.contact.law);
}

SceneLawComparison compareLawsOnScene(const SimulatedScene& simulated, const SimulationRun& run, int event,
                                      const std::vector<std::string>& compared, bool simulateRuns,
                                      const SimulationOptions& options) {
    const Scene& scene = getScene(simulated);
    SceneLawComparison out;
    std::vector<std::string> ids{scene.contact.law};
    for (const std::string& id : compared)
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    if (!isRunByContactLaw(simulated) && ids.size() > 1) out.runNote = kVehicleRunNote;

    if (isValidEvent(run, event)) {
        out.event = event;
        const ImpactEventRecord& e = run.impacts[event];
        std::vector<LawChoice> choices;
        for (const std::string& id : ids) choices.push_back({id, getSceneLawOptions(scene, id)});
        out.laws = compareLaws(e.problem, choices);
        // The scene's own answer is the one the run applied, and its trace
        // when the run recorded one (else the re-solve's, which ends where
        // the untraced solve does: tests/core/impact/test_restitution_laws.cpp).
        out.laws.front().accepted = true;
        out.laws.front().refusal.clear();
        out.laws.front().result = e.result;
        if (!e.trace.samples.empty()) out.laws.front().trace = e.trace;
    } else {
        for (const std::string& id : ids) {
            ComparedLaw c;
            c.id = id;
            c.options = getSceneLawOptions(scene, id);
            c.accepted = true;   // nothing to refuse: the run has no impact
            out.laws.push_back(std::move(c));
        }
    }

    out.runs.resize(out.laws.size());
    if (!simulateRuns) return out;
    out.runs[0] = run;
    if (!isRunByContactLaw(simulated)) return out;
    // Jointed bodies: the compliant reference through the same joints.
    if (const SpatialScene* spatial = std::get_if<SpatialScene>(&simulated); spatial && spatial->isJointed()) {
        try {
            out.compliantRun = simulateJointedCompliant(*spatial, options);
        } catch (const InputError& err) {
            SimulationRun failed;
            failed.endReason = "no solution";
            failed.warnings.push_back(std::string("compliant reference: ") + err.what());
            out.compliantRun = std::move(failed);
        }
    }
    for (std::size_t k = 1; k < out.laws.size(); ++k) {
        if (!out.laws[k].accepted) continue;
        // The document again with the other law and its own options (keyed
        // by its id, the form every reader takes).
        nlohmann::json doc = scene.document;
        doc["contact"]["law"] = out.laws[k].id;
        doc["contact"]["options"] = nlohmann::json::object({{out.laws[k].id, out.laws[k].options}});
        try {
            out.runs[k] = simulate(readSimulatedScene(doc), options);
        } catch (const InputError& err) {
            SimulationRun failed;
            failed.endReason = "no solution";
            failed.warnings.push_back(out.laws[k].id + ": " + err.what());
            out.runs[k] = std::move(failed);
        }
    }
    return out;
}

std::vector<LawAcceptance> checkSceneLawAcceptance(const Scene& scene, const SimulationRun& run, int event) {
    if (!isValidEvent(run, event)) {
        std::vector<LawAcceptance> all;
        for (const LawInfo& law : getLaws()) all.push_back({law.id, true, {}});
        return all;
    }
    return checkLawAcceptance(run.impacts[event].problem,
                              [&scene](const std::string& id) { return getSceneLawOptions(scene, id); });
}

}  // namespace impactlab
