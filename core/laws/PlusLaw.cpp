#include "laws/PlusLaw.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "impact/plus/Plus.h"
#include "impact/plus/PlusSingleContact.h"
#include "laws/LawOptionReader.h"
#include "laws/LawIds.h"

namespace impactlab {

using nlohmann::json;

std::vector<LawOptionInfo> getPlusOptionInfo() {
    const PlusOptions d;
    return {
        {"v_capture", json(d.vCapture).dump(), "m/s; approach speed below which e = 0 (Fig. 2)"},
        {"v_plastic", json(d.vPlastic).dump(), "m/s; approach speed from which e = e_min (Fig. 2)"},
        {"v_transition", json(d.vTransition).dump(), "m/s; sliding-to-rolling transition speed (eq. 2.9)"},
        {"theta_max", json(d.thetaMax).dump(), "rad; largest sliding-direction change per interval (eq. 2.14)"},
        {"alpha_min", json(d.alphaMin).dump(), "smallest interval fraction under the direction limit"},
        {"impact_model", "\"sequential\"", "\"sequential\" (impact rounds) or \"simultaneous\" (Fig. 14 C)"},
        {"velocity_tolerance", json(d.velocityTolerance).dump(), "m/s; approach below this ends the impact"},
        {"max_rounds", json(d.maxRounds).dump(), "impact round limit; reported when hit"},
        {"max_intervals", json(d.maxIntervals).dump(), "interval limit over all rounds; reported when hit"},
        {"max_newton_iterations", json(d.maxNewtonIterations).dump(),
         "Newton iterations for the impending-slip direction; reported when hit"},
    };
}

PlusOptions readPlusOptions(const json& o) {
    PlusOptions p;
    const LawOptionReader r("plus", o);
    for (const std::string& key : r.keys()) {
        if (key == "v_capture") p.vCapture = r.readNonNegative(key);
        else if (key == "v_plastic") p.vPlastic = r.readStrictlyPositive(key);
        else if (key == "v_transition") p.vTransition = r.readNonNegative(key);
        else if (key == "theta_max") {
            p.thetaMax = r.readStrictlyPositive(key);
            if (p.thetaMax >= 0.5 * M_PI) r.rejectKey(key, "must be < pi/2");
        } else if (key == "alpha_min") {
            p.alphaMin = r.readStrictlyPositive(key);
            if (p.alphaMin > 1.0) r.rejectKey(key, "must be <= 1");
        } else if (key == "impact_model") {
            p.impactModel = r.readChoice(key, {"sequential", "simultaneous"},
                                         "must be \"sequential\" or \"simultaneous\"") == 0
                                ? PlusImpactModel::Sequential
                                : PlusImpactModel::Simultaneous;
        } else if (key == "velocity_tolerance") p.velocityTolerance = r.readStrictlyPositive(key);
        else if (key == "max_rounds") p.maxRounds = r.readCount(key);
        else if (key == "max_intervals") p.maxIntervals = r.readCount(key);
        else if (key == "max_newton_iterations") p.maxNewtonIterations = r.readCount(key);
        else r.rejectKey(key);
    }
    if (p.vCapture > p.vPlastic) r.rejectKey("v_capture", "must be <= v_plastic");
    return p;
}

void appendPlusLaws(std::vector<LawInfo>& laws) {
    LawInfo plus{toString(LawId::Plus),
                 "PLUS: simultaneous multi-contact impacts, Poisson restitution with a velocity-dependent "
                 "COR, Coulomb friction in intervals",
                 "Uchida, Sherman & Delp 2015, eqs. 2.1-2.14, Algorithms 1-2", getPlusOptionInfo(), false,
                 [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
                     return solvePlusSingleContact(p, readPlusOptions(o), t);
                 }};
    plus.solveSeveral = [](const ContactSpaceProblem& p, const json& o, ContactSpaceTrace* t) {
        return solvePlus(p, readPlusOptions(o), t);
    };
    laws.push_back(std::move(plus));
}

}  // namespace impactlab
