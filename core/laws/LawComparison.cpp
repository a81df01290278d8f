#include "laws/LawComparison.h"

#include "laws/LawRegistry.h"

#include <algorithm>

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
                                              const std::function<nlohmann::json(const std::string&)>& optionsOf,
                                              const std::vector<ComparedLaw>& solved) {
    std::vector<LawAcceptance> out;
    for (const LawInfo& law : getLaws()) {
        const nlohmann::json options = optionsOf ? optionsOf(law.id) : nlohmann::json::object();
        const auto known = std::find_if(solved.begin(), solved.end(), [&](const ComparedLaw& c) {
            return c.id == law.id && c.options == (options.is_object() ? options : nlohmann::json::object());
        });
        if (known != solved.end()) {
            out.push_back({known->id, known->accepted, known->refusal});
            continue;
        }
        const ComparedLaw c = compareLaws(problem, {{law.id, options}}, false).front();
        out.push_back({c.id, c.accepted, c.refusal});
    }
    return out;
}

}  // namespace impactlab
