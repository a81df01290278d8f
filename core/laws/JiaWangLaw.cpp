// The jia-wang entry of the law registry: its options read into JiaWangOptions
// (impact/JiaWangOptions.h), with defaults and units for
// `impactlab-cli models --verbose`.
#include <nlohmann/json.hpp>

#include "impact/JiaWang.h"
#include "laws/LawOptionReader.h"
#include "laws/LawRegistry.h"
#include "laws/LawIds.h"

namespace impactlab {

namespace {

using nlohmann::json;

constexpr JiaWangMethod kMethods[] = {JiaWangMethod::Default, JiaWangMethod::FixedStep,
                                      JiaWangMethod::FixedStepClosedForm, JiaWangMethod::PaperAdaptive};

std::vector<LawOptionInfo> makeOptionInfo() {
    const JiaWangOptions d;
    return {
        {"method", json(toString(d.method)).dump(),
         "\"default\" (adaptive Dormand-Prince 5(4), then closed forms), or Table 1's \"fixed-step\" (NI), "
         "\"fixed-step-closed-form\" (FS), \"paper-adaptive\" (VS, eq. 36)"},
        {"local_error_tol", json(d.localErrorTol).dump(),
         "default method: local error per step, relative to the frictionless compression impulse"},
        {"max_turn_per_step", json(d.maxTurnPerStep).dump(), "rad; default method: largest turn of gamma per step"},
        {"h", json(d.h).dump(), "N s; fixed-step methods: Euler step of the normal impulse"},
        {"h1", json(d.h1).dump(), "m/s; paper-adaptive: hodograph arc length per step (eq. 36)"},
        {"h2", json(d.h2).dump(), "rad; paper-adaptive: hodograph tangent turn per step (eq. 36)"},
        {"epsilon", json(d.epsilon).dump(), "paper-adaptive: weight of the arc-length rule in [0, 1] (eq. 36)"},
        {"l_angle_tol", json(d.lAngleTol).dump(), "rad; event l when gamma and gamma' are this close to collinear"},
        {"stick_speed_rel_tol", json(d.stickSpeedRelTol).dump(), "event s when |gamma| < this times |v_minus|"},
        {"max_steps", json(d.maxSteps).dump(), "integration step limit; reported when hit"},
    };
}

JiaWangOptions readOptions(const json& o) {
    JiaWangOptions options;
    const LawOptionReader r("jia-wang", o);
    std::vector<std::string> methodNames;
    for (JiaWangMethod m : kMethods) methodNames.push_back(toString(m));
    for (const std::string& key : r.keys()) {
        if (key == "method") {
            options.method = kMethods[r.readChoice(
                key, methodNames, "must be \"default\", \"fixed-step\", \"fixed-step-closed-form\" or \"paper-adaptive\"")];
        } else if (key == "local_error_tol") {
            options.localErrorTol = r.readPositive(key);
        } else if (key == "max_turn_per_step") {
            options.maxTurnPerStep = r.readPositive(key);
        } else if (key == "h") {
            options.h = r.readPositive(key);
        } else if (key == "h1") {
            options.h1 = r.readPositive(key);
        } else if (key == "h2") {
            options.h2 = r.readPositive(key);
        } else if (key == "epsilon") {
            options.epsilon = r.readNumberIn(key, 0.0, 1.0, "[0, 1]");
        } else if (key == "l_angle_tol") {
            options.lAngleTol = r.readPositive(key);
        } else if (key == "stick_speed_rel_tol") {
            options.stickSpeedRelTol = r.readPositive(key);
        } else if (key == "max_steps") {
            options.maxSteps = r.readCount(key);
        } else {
            r.rejectKey(key);
        }
    }
    return options;
}

}  // namespace

void appendJiaWangLaws(std::vector<LawInfo>& laws) {
    laws.push_back({toString(LawId::JiaWang),
                    "Jia & Wang: Coulomb friction with Stronge's energetic restitution; hodograph, invariant "
                    "directions and closed forms",
                    "Jia & Wang secs. 2-6: eqs. 11, 18, 21-22, 26, 31, 33, 35, 38-47, Algorithm 1",
                    makeOptionInfo(), false,
                    [](const ImpactProblem& p, const json& o, ImpactTrace* t) { return solveJiaWang(p, readOptions(o), t); }});
}

}  // namespace impactlab
