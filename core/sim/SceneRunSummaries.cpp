#include "sim/SceneRunSummaries.h"

#include "io/ContactSpaceJson.h"
#include "impact/planar/PendulumTable21.h"
#include "impact/planar/WangMason.h"
#include "io/ResultJson.h"
#include "laws/LawRegistry.h"
#include "scene/ImpactScene.h"
#include "scene/PlusScene.h"
#include "sim/PlusSceneRun.h"
#include "sim/granular/GranularAnalysis.h"
#include "sim/granular/GranularPhases.h"
#include "laws/LawIds.h"

namespace impactlab {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

ordered_json toJson(const Vec3& v) { return ordered_json::array({v.x(), v.y(), v.z()}); }

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

// The record's problem is the pinned rod's contact level, v^- = (L cos(theta0)
// thetadot_A - v, 0, L sin(theta0) thetadot_A) (PlanarModels.h), so
// thetadot_A is its normal part over L sin(theta0).
std::optional<PendulumTable21Cell> findSceneTable21Cell(const SimulatedScene& simulated, const ImpactEventRecord& e,
                                                        double* thetadotA) {
    const auto* planar = std::get_if<PlanarScene>(&simulated);
    if (!planar || planar->planar.type != "pendulum") return std::nullopt;
    // The reader checked both (PlanarSceneReader.cpp); the surface speed is optional.
    const json& system = getScene(simulated).document.at("system");
    PendulumTable21Input in;
    in.length = planar->planar.system.bodies.at(0).geometry.length;
    in.contactAngle = system.at("contact_angle").get<double>();
    in.surfaceSpeed = system.value("surface_velocity", 0.0);
    in.thetadotA = e.problem.vMinus.z() / (in.length * std::sin(in.contactAngle));
    in.friction = e.problem.friction;
    in.restitution = e.problem.restitution;
    if (thetadotA) *thetadotA = in.thetadotA;
    return findPendulumTable21Cell(in);
}

namespace {

std::optional<ordered_json> findTable21Cell(const SimulatedScene& simulated, const ImpactEventRecord& e) {
    double thetadotA = 0.0;
    const std::optional<PendulumTable21Cell> cell = findSceneTable21Cell(simulated, e, &thetadotA);
    if (!cell) return std::nullopt;
    return ordered_json{{"row", cell->row}, {"column", cell->column}, {"outcome", cell->outcome},
                        {"condition", cell->condition}, {"thetadot_a", thetadotA}};
}

}  // namespace

ordered_json summarizeSimulationRun(const SimulatedScene& simulated, const SimulationRun& run,
                                    const std::string& csvPath) {
    const Scene& scene = getScene(simulated);
    ordered_json s;
    s["format"] = kRunFormat;
    s["scene"] = scene.name;
    s["kind"] = toString(getSceneKind(simulated));
    s["law"] = scene.contact.law;
    s["friction"] = scene.contact.friction;
    s["restitution"] = scene.contact.restitution;
    s["end_time"] = run.endTime;
    s["end_reason"] = run.endReason;
    s["samples"] = run.samples.size();
    if (!csvPath.empty()) s["csv"] = csvPath;
    if (!run.samples.empty()) {
        const RunSample& a = run.samples.front();
        const RunSample& b = run.samples.back();
        s["energy"] = {{"initial", a.kineticEnergy + a.potentialEnergy},
                       {"final", b.kineticEnergy + b.potentialEnergy}};
    }
    s["impacts"] = ordered_json::array();
    for (const ImpactEventRecord& e : run.impacts) {
        ordered_json j;
        j["time"] = e.time;
        j["contact"] = e.contact;
        j["body"] = scene.bodies[e.body].name;
        j["other_body"] = e.otherBody >= 0 ? ordered_json(scene.bodies[e.otherBody].name) : ordered_json(nullptr);
        j["point"] = toJson(e.point);
        j["status"] = toString(e.result.status);
        j["model"] = e.result.model;
        j["v_minus"] = toJson(e.problem.vMinus);
        j["impulse"] = toJson(e.result.impulse);
        j["impulse_world"] = toJson(e.frame.toWorld(e.result.impulse));
        j["v_plus"] = toJson(e.result.vPlus);
        if (isLaw(e.result.model, LawId::WangMason))
            j["wang_mason_mode"] = toString(classifyWangMasonMode(e.problem, e.result));
        if (const std::optional<ordered_json> cell = findTable21Cell(simulated, e))
            j["table_2_1_cell"] = *cell;
        if (e.rounds > 0) {
            j["simultaneous_contacts"] = e.simultaneousContacts;
            j["rounds"] = e.rounds;
            j["intervals"] = e.intervals;
        }
        if (e.bodiesMovingBefore >= 0) {
            j["bodies_moving_before"] = e.bodiesMovingBefore;
            j["bodies_moving_after"] = e.bodiesMovingAfter;
        }
        j["kinetic_energy_before"] = e.kineticEnergyBefore;
        j["kinetic_energy_after"] = e.kineticEnergyAfter;
        j["energy_after"] = e.kineticEnergyAfter + e.potentialEnergy;
        j["warnings"] = e.result.warnings;
        s["impacts"].push_back(j);
    }
    s["resting_impulses"] = run.restingImpulses;
    s["warnings"] = run.warnings;
    return s;
}

// The summary's sweep: the measured x only, all the residuals need.
constexpr int kNoSweepGrid = 0;

ordered_json summarizeMeasurementSweep(const MeasurementSweep& sweep) {
    ordered_json m;
    m["parameter"] = sweep.parameter;
    m["values"] = sweep.x.size();
    m["laws"] = ordered_json::array();
    for (const MeasurementSweepLaw& law : sweep.laws) m["laws"].push_back(law.id);
    m["residuals"] = ordered_json::array();
    for (const MeasurementResidual& r : calcMeasurementResiduals(sweep)) {
        ordered_json e;
        e["series"] = r.series;
        e["range"] = r.range;
        e["law"] = sweep.laws[r.law].id;
        e["points"] = r.points;
        e["rms"] = r.rms;
        if (r.rmsSigmas) e["rms_sigmas"] = *r.rmsSigmas;
        if (r.constant) e["constant"] = *r.constant;
        m["residuals"].push_back(e);
    }
    m["warnings"] = sweep.warnings;
    return m;
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
    // The scene's laws against its measurements (not for another law asked
    // for by --law: the sweep is of the scene's own laws).
    if (!law) {
        if (const std::optional<std::string> parameter = findMeasuredParameter(scene.measurements))
            s["measurements"] =
                summarizeMeasurementSweep(runMeasurementSweep(scene, scene.measurements, *parameter, {}, kNoSweepGrid));
    }
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

ordered_json solveSimulatedScene(const json& document, const std::optional<std::string>& law, bool withTrace) {
    json doc = document;
    if (law) {
        getLaw(*law, "--model");
        doc["contact"]["law"] = *law;
    }
    const SimulatedScene scene = readSimulatedScene(doc);
    const SimulationRun run = simulate(scene);
    ordered_json out;
    out["format"] = kResultFormat;
    out["scene"] = getScene(scene).name;
    out["results"] = ordered_json::array();
    for (const ImpactEventRecord& e : run.impacts) {
        ordered_json r = resultToJson(e.problem, e.result, withTrace ? &e.trace : nullptr);
        r["time"] = e.time;
        r["contact"] = e.contact;
        out["results"].push_back(r);
    }
    return out;
}

ordered_json summarizeGranularRun(const GranularScene& scene, const granular::GranularWorld& world,
                                  const granular::GranularRunResult& result, const granular::GranularFrame& last,
                                  int ranks, const std::string& outputDir) {
    const granular::GranularRunTotals& t = result.totals;
    const double steps = static_cast<double>(t.steps);
    ordered_json s;
    s["format"] = kGranularRunFormat;
    s["scene"] = scene.name;
    s["setup"] = toString(scene.setup);
    s["friction_model"] = scene.solver.frictionModel;
    s["friction"] = scene.solver.friction;
    s["sweep"] = scene.solver.sweep;
    s["time_step"] = scene.solver.timeStep;
    s["threads"] = granular::phases::getThreadCount(world.options);
    s["ranks"] = ranks;
    s["initial_particles"] = result.initialParticles;
    s["particles"] = last.size();
    s["steps"] = t.steps;
    s["end_time"] = last.time;
    s["end_reason"] = result.endReason;
    s["contacts_per_step"] = steps > 0 ? t.contacts / steps : 0.0;
    s["iterations"] = t.last.iterations;
    s["iterations_per_step"] = steps > 0 ? t.iterations / steps : 0.0;
    s["residual"] = t.last.residual;
    s["iteration_limit_steps"] = t.iterationLimitSteps;
    s["wall_s"] = result.wallSeconds;
    s["contact_solves_per_s"] = result.wallSeconds > 0.0 ? t.contactSolves / result.wallSeconds : 0.0;
    s["lost_particles"] = t.lost;
    s["discharged_particles"] = t.discharged;
    s["inserted_particles"] = t.inserted;
    s["max_penetration"] = t.maxPenetration;
    s["mean_speed"] = granular::calcMeanSpeed(last);
    s["pile_height"] = granular::calcPileHeight(last);
    if (!outputDir.empty()) s["output"] = outputDir;
    return s;
}

}  // namespace impactlab
