// The jia-wang entry of the law registry: its options as JSON, with defaults
// and units for `impactlab-cli models --verbose`.
#include <cmath>
#include <nlohmann/json.hpp>

#include "impact/JiaWang.h"
#include "impact/LawRegistry.h"

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

double readPositive(const json& value, const std::string& field) {
    if (!value.is_number() || !std::isfinite(value.get<double>()) || !(value.get<double>() > 0.0))
        throw InputError(field, "must be a finite number > 0");
    return value.get<double>();
}

JiaWangOptions readOptions(const json& o) {
    JiaWangOptions options;
    if (o.is_null()) return options;
    if (!o.is_object()) throw InputError("jia-wang", "options must be a JSON object");
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string& key = it.key();
        const std::string field = "jia-wang." + key;
        const json& v = *it;
        if (key == "method") {
            bool known = false;
            for (JiaWangMethod m : kMethods) {
                if (v.is_string() && v.get<std::string>() == toString(m)) {
                    options.method = m;
                    known = true;
                }
            }
            if (!known)
                throw InputError(field, "must be \"default\", \"fixed-step\", \"fixed-step-closed-form\" or \"paper-adaptive\"");
        } else if (key == "local_error_tol") {
            options.localErrorTol = readPositive(v, field);
        } else if (key == "max_turn_per_step") {
            options.maxTurnPerStep = readPositive(v, field);
        } else if (key == "h") {
            options.h = readPositive(v, field);
        } else if (key == "h1") {
            options.h1 = readPositive(v, field);
        } else if (key == "h2") {
            options.h2 = readPositive(v, field);
        } else if (key == "epsilon") {
            if (!v.is_number() || !(v.get<double>() >= 0.0 && v.get<double>() <= 1.0))
                throw InputError(field, "must be a number in [0, 1]");
            options.epsilon = v.get<double>();
        } else if (key == "l_angle_tol") {
            options.lAngleTol = readPositive(v, field);
        } else if (key == "stick_speed_rel_tol") {
            options.stickSpeedRelTol = readPositive(v, field);
        } else if (key == "max_steps") {
            if (!v.is_number_integer() || v.get<long long>() < 1) throw InputError(field, "must be an integer >= 1");
            options.maxSteps = static_cast<int>(std::min<long long>(v.get<long long>(), 1LL << 30));
        } else {
            throw InputError(field, "unknown option");
        }
    }
    return options;
}

}  // namespace

void appendJiaWangLaws(std::vector<LawInfo>& laws) {
    laws.push_back({"jia-wang",
                    "Jia & Wang: Coulomb friction with Stronge's energetic restitution; hodograph, invariant "
                    "directions and closed forms",
                    "Jia & Wang secs. 2-6: eqs. 11, 18, 21-22, 26, 31, 33, 35, 38-47, Algorithm 1",
                    makeOptionInfo(), false,
                    [](const ImpactProblem& p, const json& o, ImpactTrace* t) { return solveJiaWang(p, readOptions(o), t); }});
}

}  // namespace impactlab
