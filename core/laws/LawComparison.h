#pragma once
// Several laws on one impact: every view that compares
// laws (the impulse-space diagram, the time plots, the comparison table and
// its CSV) takes its laws from here, so they compare the same laws, each
// with its own options, in the same way.
//
// A law "accepts" a problem when its solve takes it: a planar law refuses a
// problem that leaves the (t1, n) plane, a law of approach refuses a grazing
// contact, a moment coefficient refuses contact-level input. The refusal is
// the law's own InputError text, so the reason shown is exactly what the CLI
// would print.
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

// A law and the options it is solved with (a JSON object, possibly empty).
struct LawChoice {
    std::string id;
    nlohmann::json options = nlohmann::json::object();
};

// One law's answer to a problem.
struct ComparedLaw {
    std::string id;
    nlohmann::json options = nlohmann::json::object();
    bool accepted = false;
    std::string refusal;   // why it does not take the problem (when !accepted)
    ImpactResult result;   // when accepted
    ImpactTrace trace;     // when accepted and traced
};

// Solves `problem` with each law in order. A law that refuses the problem
// (or an unknown id) is reported with its reason, never thrown.
std::vector<ComparedLaw> compareLaws(const ImpactProblem& problem, const std::vector<LawChoice>& laws,
                                     bool withTrace = true);

// Whether each registered law takes `problem` (options from `optionsOf`,
// which may return an empty object), in registry order.
struct LawAcceptance {
    std::string id;
    bool accepted = false;
    std::string refusal;
};
// Laws found in `solved` (a comparison of the same problem, with the options
// `optionsOf` gives) are taken from it rather than solved again.
std::vector<LawAcceptance> checkLawAcceptance(const ImpactProblem& problem,
                                              const std::function<nlohmann::json(const std::string&)>& optionsOf,
                                              const std::vector<ComparedLaw>& solved = {});

}  // namespace impactlab
