#include "laws/LawComparison.h"

#include "laws/LawRegistry.h"

namespace impactlab {


std::vector<ComparedLaw> compareLaws(const ImpactProblem& problem, const std::vector<LawChoice>& laws, bool withTrace) {
    std::vector<ComparedLaw> out;
    out.reserve(laws.size());
    for (const LawChoice& choice : laws) {
        ComparedLaw c;
        c.id = choice.id;
        c.options = choice.options.is_object() ? choice.options : nlohmann::json::object();
        try {
            const LawInfo& law = getLaw(choice.id, "law");
            c.result = law.solve(problem, c.options, withTrace ? &c.trace : nullptr);
            c.accepted = true;
        } catch (const InputError& e) {
            c.refusal = e.what();
        }
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<LawAcceptance> checkLawAcceptance(const ImpactProblem& problem,
                                              const std::function<nlohmann::json(const std::string&)>& optionsOf) {
    std::vector<LawChoice> all;
    for (const LawInfo& law : getLaws()) all.push_back({law.id, optionsOf ? optionsOf(law.id) : nlohmann::json::object()});
    std::vector<LawAcceptance> out;
    for (ComparedLaw& c : compareLaws(problem, all, false)) out.push_back({c.id, c.accepted, c.refusal});
    return out;
}

}  // namespace impactlab
