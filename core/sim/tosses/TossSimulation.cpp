#include "sim/tosses/TossSimulation.h"

#include <cmath>

#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "mechanics/InputLimits.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"

namespace impactlab {

namespace {

using nlohmann::json;

// A sample of the run belongs to k dt when within this share of dt of it.
constexpr double kSampleMatchShare = 1e-6;

// Solves a plain approaching contact with the law and its options, so that an
// unknown or invalid option is refused when the parameters are read, not at a
// toss's first impact.
void checkLawOptions(const LawInfo& law, const TossParams& p, const std::string& field) {
    const ImpactProblem probe =
        ImpactProblem::makeContactLevel(Mat3::Identity(), Vec3(0.5, 0.0, -1.0), p.friction, p.restitution);
    try {
        law.solve(probe, p.options, nullptr);
    } catch (const InputError& e) {
        throw InputError(field, e.what());
    }
}

}  // namespace

TossParams readTossParams(const json& doc, const std::string& source) {
    requireObject(doc, source);
    auto field = [&](const std::string& key) { return source + ": " + key; };
    if (const json* f = findMember(doc, "format"); f && readString(*f, field("format")) != "impactlab.toss-params/1")
        throw InputError(field("format"), "must be \"impactlab.toss-params/1\"");
    TossParams p;
    p.law = readString(getMember(doc, "law", source), field("law"));
    const LawInfo& law = getLaw(p.law, field("law"));
    if (!law.solve) throw InputError(field("law"), "'" + p.law + "' does not solve a body striking the table");
    p.friction = readNumberInRange(getMember(doc, "friction", source), field("friction"), 0.0, limits::kMaxFriction);
    p.restitution = readNumberInRange(getMember(doc, "restitution", source), field("restitution"), 0.0, 1.0);
    if (const json* o = findMember(doc, "options")) {
        requireObject(*o, field("options"));
        p.options = *o;
    }
    checkLawOptions(law, p, field("options"));
    return p;
}

SimulatedToss simulateToss(const TossBody& body, const TossState& start, const TossParams& params, int samples,
                           const std::string& name) {
    if (samples < 1) throw InputError(name, "needs at least one sample to predict");
    SpatialScene scene;
    scene.name = name;
    scene.gravity = body.gravity;
    scene.groundHeight = body.groundZ;
    scene.endTime = (samples - 1) * body.dt;
    scene.sampleInterval = body.dt;
    scene.contact.law = params.law;
    scene.contact.lawOptions = params.options;
    scene.contact.friction = params.friction;
    scene.contact.restitution = params.restitution;
    SceneBody box;
    box.name = "box";
    box.shape.type = Shape::Type::Box;
    box.shape.halfExtents = body.halfExtents;
    const BodyState s = toBodyState(start);
    box.body.mass = body.mass;
    box.body.principalInertia = body.principalInertia;
    box.body.position = s.position;
    box.body.orientation = s.orientation;
    box.body.velocity = s.velocity;
    box.body.angularVelocity = s.angularVelocity;
    scene.bodies.push_back(box);

    SimulationOptions options;
    options.recordTraces = false;
    // The rigid scenes' flight step (SimulationOptions::maxStep): a longer one
    // lets a corner approaching below the rest speed sink deeper in a step, and
    // lifting it back out gains energy (docs/experiments.md).
    options.restSpecificEnergy = kTossRestSpecificEnergy;
    // A toss ends at its last sample or at rest and its impacts are counted
    // (SimulationOptions::maxImpacts), so it needs no wall-clock budget; with
    // one, a slow or busy machine would cut a run that a fast one finishes,
    // and a prediction would depend on the machine.
    options.maxRunSeconds = limits::kMaxRunSeconds;
    SimulationRun run;
    try {
        run = simulate(scene, options);
    } catch (const InputError& e) {
        throw InputError(name, e.what());
    }
    if (run.endReason != "end time" && run.endReason != "at rest") {
        std::string why = run.endReason;
        if (!run.warnings.empty()) why += ": " + run.warnings.back();
        throw InputError(name, "the simulation stopped early (" + why + ")");
    }

    SimulatedToss out;
    out.samples.resize(static_cast<std::size_t>(samples));
    out.energy.assign(static_cast<std::size_t>(samples), 0.0);
    std::vector<bool> filled(static_cast<std::size_t>(samples), false);
    int last = -1;
    for (const RunSample& r : run.samples) {
        const double k = std::round(r.time / body.dt);
        if (!(std::abs(r.time - k * body.dt) <= kSampleMatchShare * body.dt) || k < 0 || k >= samples) continue;
        const auto i = static_cast<std::size_t>(k);
        if (filled[i]) continue;
        out.samples[i] = toTossState(r.bodies.front());
        out.energy[i] = r.kineticEnergy + r.potentialEnergy;
        filled[i] = true;
        last = std::max(last, static_cast<int>(k));
    }
    // At rest before the end: it stays where it came to rest, still.
    const RunSample& rest = run.samples.back();
    for (int k = 0; k < samples; ++k) {
        if (filled[static_cast<std::size_t>(k)]) continue;
        if (k < last) throw std::logic_error("simulateToss: a sample inside the run is missing");
        TossState still = toTossState(rest.bodies.front());
        still.velocity.setZero();
        still.angularVelocity.setZero();
        out.samples[static_cast<std::size_t>(k)] = still;
        out.energy[static_cast<std::size_t>(k)] = rest.potentialEnergy;
    }
    out.impacts = static_cast<int>(run.impacts.size());
    for (const ImpactEventRecord& r : run.impacts) out.impactTimes.push_back(r.time);
    if (!run.impacts.empty()) out.firstImpactTime = run.impacts.front().time;
    out.endReason = run.endReason;
    return out;
}

}  // namespace impactlab
