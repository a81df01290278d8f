#pragma once
// What every law's answer passes through before anyone prints or draws it
// (issue 8; docs/design.md, "The impulse-space contract"): a non-finite result
// becomes NoSolution with a reason, zero impulse and unchanged velocities; an
// energy gain always carries a warning, whatever the law and its options.
// The law registry (laws/LawRegistry.h) applies these to every registered law;
// a caller that runs a solver directly (vehicle/VehicleCollision.cpp) applies
// them itself.
#include <string>

#include "impact/ContactSpaceProblem.h"
#include "impact/ContactSpaceResult.h"
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"

namespace impactlab {

// How the energy-gain warning writes the gain (a number in J).
using GuardNumberText = std::string (*)(double);

// A number in the layout of the project's JSON output (json::dump: "2.0" for
// a whole number, fixed notation from 1e-4 up to below 1e15, else
// "1.5e-05", "1e+15"), with the shortest digits that read back to x
// (std::to_chars; the JSON writer's own digits can differ in the last place,
// about one number in a hundred); "null" when x is not finite.
std::string formatNumberAsJson(double x);

// One contact; `id` is the law's model id, named in the warnings. The law
// registry passes the JSON writer's own number text (laws/LawRegistry.cpp), so
// the warning quotes the gain exactly as a result file writes it.
ImpactResult guardLawResult(const std::string& id, const ImpactProblem& problem, ImpactResult result,
                            GuardNumberText numberText = formatNumberAsJson);

// Several contacts, as guardLawResult for one.
ContactSpaceResult guardContactSpaceResult(const ContactSpaceProblem& problem, ContactSpaceResult result);

}  // namespace impactlab
