#include "laws/LawRegistry.h"

#include <nlohmann/json.hpp>

#include "impact/ContactSpaceAdapter.h"
#include "impact/Newton.h"
#include "impact/Poisson.h"
#include "impact/Stronge.h"
#include "laws/LawOptionReader.h"
#include "laws/LawIds.h"

namespace impactlab {

namespace {

using nlohmann::json;

// Options every law built on CoulombPath accepts.
std::vector<LawOptionInfo> pathOptionInfo() {
    const CoulombPathOptions d;
    return {
        {"max_turn_per_step", json(d.maxTurnPerStep).dump(),
         "rad; largest turn of the sliding direction in one integration step along I_n (stronge: set, it "
         "keeps the untraced solve on that path instead of Jia & Wang's in angle)"},
        {"max_steps", json(d.maxSteps).dump(), "integration step (or panel) limit; reported when hit"},
    };
}

// The options of every law on CoulombPath, key by key.
CoulombPathOptions readPathOptions(const std::string& law, const json& o) {
    CoulombPathOptions p;
    const LawOptionReader r(law, o);
    for (const std::string& key : r.keys()) {
        if (key == "max_turn_per_step") p.maxTurnPerStep = r.readPositive(key);
        else if (key == "max_steps") p.maxSteps = r.readCount(key);
        else r.rejectKey(key);
    }
    return p;
}

std::vector<LawInfo> makeLaws() {
    std::vector<LawInfo> laws;
    laws.push_back({toString(LawId::Newton), "Newton's kinematic restitution, v_n+ = -e v_n-, with Coulomb friction",
                    "Cataldo & Sampaio sec. 3.7 (Routh process); Jia & Wang eq. 31", pathOptionInfo(), true,
                    [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
                        return solveNewton(p, {readPathOptions("newton", o)}, t);
                    }});
    laws.push_back({toString(LawId::Poisson), "Poisson's kinetic restitution, I_n = (1 + e) I_nc, with Coulomb friction",
                    "Cataldo & Sampaio sec. 3.7; Uchida et al. (PLUS)", pathOptionInfo(), false,
                    [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
                        return solvePoisson(p, {readPathOptions("poisson", o)}, t);
                    }});
    laws.push_back({toString(LawId::Stronge), "Stronge's energetic restitution (normal work released = e^2 stored), with Coulomb friction",
                    "Jia & Wang sec. 2.2, eqs. 10-12", pathOptionInfo(), false,
                    [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
                        return solveStronge(p, {readPathOptions("stronge", o)}, t);
                    }});
    appendPlanarLaws(laws);
    appendJiaWangLaws(laws);
    appendVehicleLaws(laws);
    appendMaxDissipationLaws(laws);
    appendPlusLaws(laws);
    appendTangentialComplianceLaws(laws);
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

void checkContactCount(const LawInfo& law, const ContactSpaceProblem& problem) {
    if (law.solveSeveral || problem.getContactCount() == 1) return;
    throw InputError("contacts", "model '" + law.id + "' handles one contact, got " +
                                     std::to_string(problem.getContactCount()) +
                                     " (several contacts need model 'plus')");
}

ContactSpaceResult solveContactSpace(const LawInfo& law, const ContactSpaceProblem& problem,
                                     const nlohmann::json& options, ContactSpaceTrace* trace) {
    if (law.solveSeveral) {
        ContactSpaceResult r = law.solveSeveral(problem, options, trace);
        if (r.model.empty()) r.model = law.id;
        return guardContactSpaceResult(problem, std::move(r));
    }
    checkContactCount(law, problem);
    const ImpactProblem single = toSingleContact(problem);
    ImpactTrace singleTrace;
    ImpactResult r = law.solve(single, options, trace ? &singleTrace : nullptr);
    if (r.model.empty()) r.model = law.id;
    if (trace) *trace = toContactSpace(singleTrace);
    return toContactSpace(r, problem);
}

}  // namespace impactlab
