#include "impact/plus/PlusLaw.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include <sstream>

#include "impact/ContactSpaceAdapter.h"
#include "impact/Poisson.h"
#include "impact/plus/Plus.h"
#include "impact/plus/PlusRestitution.h"

namespace impactlab {

namespace {

using nlohmann::json;

double readPositive(const json& value, const std::string& field, bool allowZero) {
    if (!value.is_number() || !std::isfinite(value.get<double>()))
        throw InputError(field, "must be a finite number");
    const double x = value.get<double>();
    if (allowZero ? x < 0.0 : !(x > 0.0)) throw InputError(field, allowZero ? "must be >= 0" : "must be > 0");
    return x;
}

int readCount(const json& value, const std::string& field) {
    if (!value.is_number_integer() || value.get<long long>() < 1) throw InputError(field, "must be an integer >= 1");
    return static_cast<int>(std::min<long long>(value.get<long long>(), 1LL << 30));
}

}  // namespace

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
    if (o.is_null()) return p;
    if (!o.is_object()) throw InputError("plus", "options must be a JSON object");
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string field = "plus." + it.key();
        const std::string& key = it.key();
        if (key == "v_capture") p.vCapture = readPositive(*it, field, true);
        else if (key == "v_plastic") p.vPlastic = readPositive(*it, field, false);
        else if (key == "v_transition") p.vTransition = readPositive(*it, field, true);
        else if (key == "theta_max") {
            p.thetaMax = readPositive(*it, field, false);
            if (p.thetaMax >= 0.5 * M_PI) throw InputError(field, "must be < pi/2");
        } else if (key == "alpha_min") {
            p.alphaMin = readPositive(*it, field, false);
            if (p.alphaMin > 1.0) throw InputError(field, "must be <= 1");
        } else if (key == "impact_model") {
            const std::string m = it->is_string() ? it->get<std::string>() : "";
            if (m == "sequential") p.impactModel = PlusImpactModel::Sequential;
            else if (m == "simultaneous") p.impactModel = PlusImpactModel::Simultaneous;
            else throw InputError(field, "must be \"sequential\" or \"simultaneous\"");
        } else if (key == "velocity_tolerance") p.velocityTolerance = readPositive(*it, field, false);
        else if (key == "max_rounds") p.maxRounds = readCount(*it, field);
        else if (key == "max_intervals") p.maxIntervals = readCount(*it, field);
        else if (key == "max_newton_iterations") p.maxNewtonIterations = readCount(*it, field);
        else throw InputError(field, "unknown option");
    }
    if (p.vCapture > p.vPlastic) throw InputError("plus.v_capture", "must be <= v_plastic");
    return p;
}

namespace {

// PLUS on one contact. Its intervals discretise the Darboux-Keller path with
// Poisson restitution; on strongly coupled contacts (W_nn < mu |W_nt|) the
// interval loop or the impending-slip Newton iteration can stop at a limit.
// The single contact then has the continuous path as a second way to the
// answer PLUS approximates: Poisson's law with PLUS's e (Fig. 2) for the
// approach speed, so a valid problem is solved rather than abandoned.
ImpactResult solvePlusSingleContact(const ImpactProblem& p, const json& o, ImpactTrace* t) {
    const PlusOptions options = readPlusOptions(o);
    ContactSpaceTrace trace;
    const ContactSpaceResult r = solvePlus(toContactSpace(p), options, t ? &trace : nullptr);
    if (r.status != SolveStatus::IterationLimit) {
        if (t) *t = toSingleContact(trace);
        return toSingleContact(r, p);
    }
    ImpactProblem poisson = p;
    poisson.restitution = calcPlusRestitution(-p.vMinus.z(), p.restitution, options);
    ImpactTrace pathTrace;
    ImpactResult f = solvePoisson(poisson, {}, t ? &pathTrace : nullptr);
    if (f.status != SolveStatus::Converged) {
        if (t) *t = toSingleContact(trace);
        return toSingleContact(r, p);
    }
    if (t) *t = pathTrace;
    std::ostringstream os;
    os << "PLUS stopped at a limit (" << (r.warnings.empty() ? std::string("iteration limit") : r.warnings.front())
       << "); this single contact was solved by the continuous path PLUS discretises: Poisson restitution with e = "
       << poisson.restitution << " (PLUS's COR for the approach speed) and Coulomb friction";
    f.warnings.insert(f.warnings.begin(), os.str());
    f.model = "plus";
    return f;
}

}  // namespace

void appendPlusLaws(std::vector<LawInfo>& laws) {
    laws.push_back({"plus",
                    "PLUS: simultaneous multi-contact impacts, Poisson restitution with a velocity-dependent "
                    "COR, Coulomb friction in intervals",
                    "Uchida, Sherman & Delp 2015, eqs. 2.1-2.14, Algorithms 1-2", getPlusOptionInfo(), false,
                    solvePlusSingleContact});
}

ContactSpaceLawInfo makePlusContactSpaceLaw() {
    return {"plus", [](const ContactSpaceProblem& p, const json& o, ContactSpaceTrace* t) {
                return solvePlus(p, readPlusOptions(o), t);
            }};
}

}  // namespace impactlab
