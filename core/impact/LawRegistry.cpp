#include "impact/LawRegistry.h"

#include <nlohmann/json.hpp>

#include "impact/Newton.h"
#include "impact/Poisson.h"
#include "impact/Stronge.h"

namespace impactlab {

namespace {

using nlohmann::json;

// Options every law built on CoulombPath accepts.
std::vector<LawOptionInfo> pathOptionInfo() {
    const CoulombPathOptions d;
    return {
        {"max_turn_per_step", json(d.maxTurnPerStep).dump(),
         "rad; largest turn of the sliding direction in one integration step"},
        {"max_steps", json(d.maxSteps).dump(), "integration step limit; reported when hit"},
    };
}

CoulombPathOptions readPathOptions(const std::string& law, const json& o) {
    CoulombPathOptions p;
    if (o.is_null()) return p;
    if (!o.is_object()) throw InputError(law, "options must be a JSON object");
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string field = law + "." + it.key();
        if (it.key() == "max_turn_per_step") {
            if (!it->is_number() || !(it->get<double>() > 0.0) || !std::isfinite(it->get<double>()))
                throw InputError(field, "must be a finite number > 0");
            p.maxTurnPerStep = it->get<double>();
        } else if (it.key() == "max_steps") {
            if (!it->is_number_integer() || it->get<long long>() < 1)
                throw InputError(field, "must be an integer >= 1");
            p.maxSteps = static_cast<int>(std::min<long long>(it->get<long long>(), 1LL << 30));
        } else {
            throw InputError(field, "unknown option");
        }
    }
    return p;
}

std::vector<LawInfo> makeLaws() {
    std::vector<LawInfo> laws;
    laws.push_back({"newton", "Newton's kinematic restitution, v_n+ = -e v_n-, with Coulomb friction",
                    "Cataldo & Sampaio sec. 3.7 (Routh process); Jia & Wang eq. 31", pathOptionInfo(), true,
                    [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
                        return solveNewton(p, {readPathOptions("newton", o)}, t);
                    }});
    laws.push_back({"poisson", "Poisson's kinetic restitution, I_n = (1 + e) I_nc, with Coulomb friction",
                    "Cataldo & Sampaio sec. 3.7; Uchida et al. (PLUS)", pathOptionInfo(), false,
                    [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
                        return solvePoisson(p, {readPathOptions("poisson", o)}, t);
                    }});
    laws.push_back({"stronge", "Stronge's energetic restitution (normal work released = e^2 stored), with Coulomb friction",
                    "Jia & Wang sec. 2.2, eqs. 10-12", pathOptionInfo(), false,
                    [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
                        return solveStronge(p, {readPathOptions("stronge", o)}, t);
                    }});
    appendPlanarLaws(laws);
    appendJiaWangLaws(laws);
    appendVehicleLaws(laws);
    appendMaxDissipationLaws(laws);
    appendPlusLaws(laws);
    return laws;
}

}  // namespace

const std::vector<LawInfo>& getLaws() {
    static const std::vector<LawInfo> laws = makeLaws();
    return laws;
}

const LawInfo* findLaw(const std::string& id) {
    for (const auto& law : getLaws())
        if (law.id == id) return &law;
    return nullptr;
}

const LawInfo& getLaw(const std::string& id, const std::string& field) {
    if (const LawInfo* law = findLaw(id)) return *law;
    std::string known;
    for (const auto& law : getLaws()) known += (known.empty() ? "" : ", ") + law.id;
    throw InputError(field, "unknown model '" + id + "' (known: " + known + ")");
}

}  // namespace impactlab
