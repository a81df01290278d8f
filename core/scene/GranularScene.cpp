#include "scene/GranularScene.h"
#include "scene/SceneMeasurements.h"
#include "scene/SceneOverlay.h"
#include "scene/SceneDocument.h"

#include <cmath>

#include "io/JsonInput.h"
#include "mechanics/InputLimits.h"

namespace impactlab {

namespace {

using nlohmann::json;

constexpr const char* kField = "granular";
constexpr double kMaxTimeStep = 1e-2;     // s: spheres of millimetres cross themselves in a few such steps
constexpr double kMaxGravity = 1e3;       // m/s^2, |g| per component: 100 g
constexpr double kMaxFlowSpeed = 1e2;         // m/s: inflow and perturbation; a granular flow, not a ballistic study
constexpr double kMaxResidualTolerance = 1e3;   // m/s
constexpr double kMaxSpeculativeFactor = 100.0;   // solver.speculative_factor admitted at most (as GranularOptions)
constexpr double kMinHopperOutlet = 1.0, kMaxHopperOutlet = 100.0;   // diameters: a sphere fits ... a wide slot
constexpr double kMinHopperDepth = 1.0, kMaxHopperDepth = 1000.0;    // diameters
constexpr double kMaxHopperAngle = 1.4;   // rad (80 deg from vertical): the walls still funnel

struct SetupDefaults {
    double timeStep;
    double endTime;
    double frameInterval;
};

// Per setup: the paper's dt for the channel (10 us), the benchmark's for the
// box (1e-4 s); run lengths that show the setup's behaviour at the default
// particle count: the box settled, the channel's inflow past the obstacle,
// the hopper draining.
SetupDefaults getDefaults(GranularSetup setup) {
    switch (setup) {
        case GranularSetup::SettlingBox: return {1e-4, 0.5, 0.01};
        case GranularSetup::ChannelFlow: return {1e-5, 0.2, 0.005};
        case GranularSetup::Hopper: return {1e-4, 1.0, 0.01};
    }
    return {1e-4, 0.5, 0.01};
}

GranularSetup readSetup(const json& g) {
    const std::string type = readString(getMember(g, "setup", kField), "granular.setup");
    if (type == "settling-box") return GranularSetup::SettlingBox;
    if (type == "channel-flow") return GranularSetup::ChannelFlow;
    if (type == "hopper") return GranularSetup::Hopper;
    throw InputError("granular.setup", "must be \"settling-box\", \"channel-flow\" or \"hopper\", got \"" + type + "\"");
}

std::string readChoice(const json& obj, const char* key, const std::string& field, const std::string& fallback,
                       const std::vector<std::string>& choices) {
    const std::string name = joinField(field, key);
    const std::string value = readOptionalString(obj, key, field, fallback);
    for (const std::string& c : choices)
        if (value == c) return value;
    std::string list;
    for (const std::string& c : choices) list += (list.empty() ? "\"" : ", \"") + c + "\"";
    throw InputError(name, "must be one of " + list + ", got \"" + value + "\"");
}

void readSolver(const json& g, GranularSolverSettings& s, double defaultTimeStep) {
    s.frictionModel = readChoice(g, "friction_model", kField, s.frictionModel, {kMaxDissipationFrictionModel, kCoulombFrictionModel});
    s.friction = readOptionalNumberInRange(g, "friction", kField, s.friction, 0.0, limits::kMaxFriction);
    s.timeStep = readOptionalNumberInRange(g, "time_step", kField, defaultTimeStep, 0.0, kMaxTimeStep);
    if (!(s.timeStep > 0.0)) throw InputError("granular.time_step", "must be > 0");
    if (g.contains("iterations"))
        s.iterations = static_cast<int>(readInteger(g["iterations"], "granular.iterations", 1, kMaxGranularIterations));
    s.sweep = readChoice(g, "sweep", kField, s.sweep, {"gauss-seidel", "jacobi"});
    if (g.contains("threads"))
        s.threads = static_cast<int>(readInteger(g["threads"], "granular.threads", 0, kMaxGranularThreads));
    const auto it = g.find("solver");
    if (it == g.end()) return;
    const std::string f = "granular.solver";
    requireObject(*it, f);
    rejectUnknownKeys(*it,
                      {"residual_tolerance", "relaxation", "jacobi_relaxation", "error_reduction", "contact_margin",
                       "contact_floor", "speculative_factor"},
                      f);
    s.residualTolerance =
        readOptionalNumberInRange(*it, "residual_tolerance", f, s.residualTolerance, 0.0, kMaxResidualTolerance);
    s.relaxation = readOptionalNumberInRange(*it, "relaxation", f, s.relaxation, 0.0, 2.0);
    if (!(s.relaxation > 0.0 && s.relaxation < 2.0)) throw InputError(f + ".relaxation", "must be in (0, 2)");
    s.jacobiRelaxation = readOptionalNumberInRange(*it, "jacobi_relaxation", f, s.jacobiRelaxation, 0.0, 1.0);
    if (!(s.jacobiRelaxation > 0.0)) throw InputError(f + ".jacobi_relaxation", "must be in (0, 1]");
    s.errorReduction = readOptionalNumberInRange(*it, "error_reduction", f, s.errorReduction, 0.0, 1.0);
    if (!(s.errorReduction < 1.0)) throw InputError(f + ".error_reduction", "must be in [0, 1)");
    s.contactMargin = readOptionalNumberInRange(*it, "contact_margin", f, s.contactMargin, 0.0, 1.0);
    s.contactFloor = readOptionalNumberInRange(*it, "contact_floor", f, s.contactFloor, 0.0, 1.0);
    s.speculativeFactor = readOptionalNumberInRange(*it, "speculative_factor", f, s.speculativeFactor, 0.0, kMaxSpeculativeFactor);
}

void readRunLength(const json& g, GranularScene& s, const SetupDefaults& d) {
    const bool hasEnd = g.contains("end_time"), hasSteps = g.contains("steps");
    if (hasEnd && hasSteps) throw InputError("granular.steps", "give end_time or steps, not both");
    const double dt = s.solver.timeStep;
    if (hasSteps) {
        s.steps = readInteger(g["steps"], "granular.steps", 1, kMaxGranularSteps);
        s.endTime = static_cast<double>(s.steps) * dt;
    } else {
        s.endTime = readOptionalNumberInRange(g, "end_time", kField, d.endTime, 0.0, limits::kMaxEndTime);
        if (!(s.endTime > 0.0)) throw InputError("granular.end_time", "must be > 0");
        const double steps = std::ceil(s.endTime / dt - 1e-9);   // the last step may end just past end_time
        if (steps > static_cast<double>(kMaxGranularSteps))
            throw InputError("granular.end_time", "needs " + json(steps).dump() + " steps of time_step, more than " +
                                                      std::to_string(kMaxGranularSteps));
        s.steps = static_cast<long long>(steps);
    }
    s.frameInterval = readOptionalNumberInRange(g, "frame_interval", kField, std::max(d.frameInterval, dt), 0.0, limits::kMaxEndTime);
    if (!(s.frameInterval >= dt)) throw InputError("granular.frame_interval", "must be at least time_step");
    if (s.endTime / s.frameInterval > static_cast<double>(kMaxGranularFrames))
        throw InputError("granular.frame_interval", "gives more than " + std::to_string(kMaxGranularFrames) +
                                                        " frames over the run");
}

void readChannel(const json& g, ChannelFlowSettings& c) {
    const auto it = g.find("channel");
    if (it == g.end()) return;
    const std::string f = "granular.channel";
    requireObject(*it, f);
    rejectUnknownKeys(*it, {"inflow_speed", "perturbation"}, f);
    c.inflowSpeed = readOptionalNumberInRange(*it, "inflow_speed", f, c.inflowSpeed, 0.0, kMaxFlowSpeed);
    if (!(c.inflowSpeed > 0.0)) throw InputError(f + ".inflow_speed", "must be > 0 (the plane pushes into the channel)");
    c.perturbation = readOptionalNumberInRange(*it, "perturbation", f, c.perturbation, 0.0, kMaxFlowSpeed);
}

void readHopper(const json& g, HopperSettings& h) {
    const auto it = g.find("hopper");
    if (it == g.end()) return;
    const std::string f = "granular.hopper";
    requireObject(*it, f);
    rejectUnknownKeys(*it, {"outlet_width", "wall_angle", "depth"}, f);
    h.outletWidth = readOptionalNumberInRange(*it, "outlet_width", f, h.outletWidth, kMinHopperOutlet, kMaxHopperOutlet);
    h.wallAngle = readOptionalNumberInRange(*it, "wall_angle", f, h.wallAngle, 0.0, kMaxHopperAngle);
    h.depth = readOptionalNumberInRange(*it, "depth", f, h.depth, kMinHopperDepth, kMaxHopperDepth);
}

}  // namespace

const char* toString(GranularSetup setup) {
    switch (setup) {
        case GranularSetup::SettlingBox: return "settling-box";
        case GranularSetup::ChannelFlow: return "channel-flow";
        case GranularSetup::Hopper: return "hopper";
    }
    return "?";
}

const SceneParameter* GranularScene::findParameter(const std::string& id) const {
    for (const SceneParameter& p : parameters)
        if (p.id == id) return &p;
    return nullptr;
}

bool isGranularSceneDocument(const json& document) {
    return isSceneDocumentOfKind(document, SceneKind::Granular);
}

GranularScene parseGranularScene(const json& doc) {
    requireObject(doc, "scene");
    if (!isGranularSceneDocument(doc))
        throw InputError("kind", "must be \"granular\" in a \"impactlab.scene/1\" document for a granular scene");
    rejectUnknownKeys(doc, {"format", "kind", "name", "description", "reference", "guide", "compare", "granular", "parameters", kOverlayKey, kMeasurementsKey}, "");
    GranularScene s;
    s.name = readOptionalString(doc, "name", "name", "untitled");
    s.description = readOptionalString(doc, "description", "description", "");
    s.reference = readOptionalString(doc, "reference", "reference", "");
    readOptionalString(doc, "guide", "guide", "");
    // The friction models run side by side, as the laws the app names them by.
    for (const std::string& law : readComparedLaws(doc))
        if (!findLawFrictionModel(law))
            throw InputError("compare", "a granular scene compares its friction models: \"max-dissipation\" or "
                                        "\"coulomb-inelastic\", got \"" + law + "\"");
    const json& g = getMember(doc, kField, "");
    requireObject(g, kField);
    rejectUnknownKeys(g,
                      {"setup", "particles", "seed", "gravity", "friction_model", "friction", "time_step", "iterations",
                       "sweep", "threads", "end_time", "steps", "frame_interval", "solver", "channel", "hopper"},
                      kField);
    s.setup = readSetup(g);
    s.particles = static_cast<int>(readInteger(getMember(g, "particles", kField), "granular.particles", 1,
                                               kMaxGranularParticles));
    if (g.contains("seed")) s.seed = static_cast<std::uint32_t>(readInteger(g["seed"], "granular.seed", 0, 4294967295LL));
    if (g.contains("gravity")) {
        s.gravity = readVec3(g["gravity"], "granular.gravity");
        if (s.gravity.cwiseAbs().maxCoeff() > kMaxGravity)
            throw InputError("granular.gravity", "components must be within +-" + json(kMaxGravity).dump() + " m/s^2");
    }
    const SetupDefaults defaults = getDefaults(s.setup);
    readSolver(g, s.solver, defaults.timeStep);
    readRunLength(g, s, defaults);
    readChannel(g, s.channel);
    readHopper(g, s.hopper);
    if (s.setup != GranularSetup::ChannelFlow && g.contains("channel"))
        throw InputError("granular.channel", "applies to the channel-flow setup only");
    if (s.setup != GranularSetup::Hopper && g.contains("hopper"))
        throw InputError("granular.hopper", "applies to the hopper setup only");
    s.parameters = parseSceneParameters(doc);
    s.document = doc;
    return s;
}

GranularScene loadGranularScene(const std::string& path) { return parseGranularScene(readJsonFile(path)); }

GranularScene withGranularParameter(const GranularScene& scene, const std::string& id, double value) {
    return parseGranularScene(setParameterInDocument(scene.parameters, scene.document, id, value));
}

GranularScene withGranularChoice(const GranularScene& scene, const std::string& id, const std::string& choice) {
    return parseGranularScene(setChoiceInDocument(scene.parameters, scene.document, id, choice));
}

LawId getFrictionModelLaw(const std::string& model) {
    for (const GranularFrictionModel& m : kGranularFrictionModels)
        if (model == m.model) return m.law;
    return LawId::MaxDissipation;
}

std::optional<std::string> findLawFrictionModel(const std::string& lawId) {
    for (const GranularFrictionModel& m : kGranularFrictionModels)
        if (isLaw(lawId, m.law)) return std::string(m.model);
    return std::nullopt;
}

}  // namespace impactlab
