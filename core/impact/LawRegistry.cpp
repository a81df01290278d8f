#include "impact/LawRegistry.h"

#include <cmath>
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

bool isFiniteResult(const ImpactResult& r) {
    bool finite = r.impulse.allFinite() && r.compressionImpulse.allFinite() && r.vPlus.allFinite() &&
                  std::isfinite(r.energyBefore) && std::isfinite(r.energyAfter) &&
                  std::isfinite(r.relativeEnergyChange.value_or(0.0));
    for (const auto& e : r.events) finite = finite && e.impulse.allFinite() && std::isfinite(e.normalImpulse);
    for (const auto& x : r.solutions) finite = finite && x.impulse.allFinite() && x.vPlus.allFinite() && std::isfinite(x.energyAfter);
    if (r.bodiesAfter) {
        for (const RigidBody* b : {&r.bodiesAfter->body1, &r.bodiesAfter->body2})
            finite = finite && b->velocity.allFinite() && b->angularVelocity.allFinite();
    }
    return finite;
}

// Every law's answer passes here before anyone prints or draws it (issue 8):
// a non-finite result becomes no-solution with the reason, the impulse zero
// and the velocities unchanged; an energy gain always carries a warning,
// whatever the law and its options.
}  // namespace

ImpactResult guardLawResult(const std::string& id, const ImpactProblem& p, ImpactResult r) {
    if (!isFiniteResult(r)) {
        ImpactResult g;
        g.model = r.model.empty() ? id : r.model;
        g.status = SolveStatus::NoSolution;
        g.steps = r.steps;
        g.warnings = r.warnings;
        g.warnings.push_back("no solution: " + id +
                             " produced a non-finite impulse or velocity for this input (overflow in its "
                             "arithmetic); no impulse is applied");
        g.vPlus = p.vMinus;
        g.energyBefore = p.calcEnergyBefore();
        g.energyAfter = std::isfinite(g.energyBefore) ? g.energyBefore : 0.0;
        if (!std::isfinite(g.energyBefore)) g.energyBefore = 0.0;
        g.relativeEnergyChange = 0.0;
        if (p.bodies) g.bodiesAfter = *p.bodies;
        return g;
    }
    if (r.gainsEnergy(kEnergyGainRelTol)) {
        bool warned = false;
        for (const auto& w : r.warnings) warned = warned || w.find("energy") != std::string::npos;
        if (!warned)
            r.warnings.push_back("energy gained: " + json(r.relativeEnergyChange.value_or(r.energyAfter - r.energyBefore)).dump() +
                                 " J (" + id + " does not guarantee dissipation with these options)");
    }
    return r;
}

namespace {

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
    for (LawInfo& law : laws) {
        law.solve = [solve = law.solve, id = law.id](const ImpactProblem& p, const json& o, ImpactTrace* t) {
            return guardLawResult(id, p, solve(p, o, t));
        };
    }
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
