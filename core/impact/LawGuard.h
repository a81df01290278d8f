#pragma once
// What every law's answer passes through before anyone prints or draws it
// (docs/design.md, "The impulse-space contract"): a non-finite result
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

// One contact; `id` is the law's model id, named in the warnings, which quote
// the gain as every message quotes a number (mechanics/NumberText.h).
ImpactResult guardLawResult(const std::string& id, const ImpactProblem& problem, ImpactResult result);

// Several contacts, as guardLawResult for one.
ContactSpaceResult guardContactSpaceResult(const ContactSpaceProblem& problem, ContactSpaceResult result);

}  // namespace impactlab
