#pragma once
// One contact is the nc = 1 case of several (docs/design.md): conversions between
// the single-contact types (ImpactProblem, ImpactResult, ImpactTrace) and the
// contact-space ones, and the registry entry point that runs any law on a
// contact-space problem.
//
// A single-contact law sees the 3x3 block of A as W and v- as its v-; the
// bodies behind a one-contact body-level problem become a TwoBodyContact.
// A single-contact law given several contacts, or a velocity-dependent
// restitution (PLUS's "restitution_min"), is refused with an InputError
// naming "contacts".
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "impact/ContactSpaceProblem.h"
#include "impact/ContactSpaceResult.h"
#include "impact/ContactSpaceTrace.h"
#include "impact/ImpactProblem.h"
#include "impact/ImpactTrace.h"
#include "impact/LawRegistry.h"

namespace impactlab {

ContactSpaceProblem toContactSpace(const ImpactProblem& problem);
// Throws InputError("contacts") unless nc = 1 with a constant restitution,
// and InputError("A") when the 3x3 block is not a valid W.
ImpactProblem toSingleContact(const ContactSpaceProblem& problem);

ContactSpaceResult toContactSpace(const ImpactResult& result, const ContactSpaceProblem& problem);
ImpactResult toSingleContact(const ContactSpaceResult& result, const ImpactProblem& problem);

ContactSpaceTrace toContactSpace(const ImpactTrace& trace);
ImpactTrace toSingleContact(const ContactSpaceTrace& trace);

// A law that solves contact-space problems natively (PLUS), by model id.
struct ContactSpaceLawInfo {
    std::string id;
    std::function<ContactSpaceResult(const ContactSpaceProblem&, const nlohmann::json& options,
                                     ContactSpaceTrace*)>
        solve;
};
const std::vector<ContactSpaceLawInfo>& getContactSpaceLaws();
const ContactSpaceLawInfo* findContactSpaceLaw(const std::string& id);

// Non-finite results become NoSolution with a reason (zero impulse, velocities
// unchanged); an energy gain always carries a warning. solveContactSpace
// applies it to native several-contact laws.
ContactSpaceResult guardContactSpaceResult(const ContactSpaceProblem& problem, ContactSpaceResult result);

// Throws InputError("contacts") when `law` handles one contact and the
// problem has several.
void checkContactCount(const LawInfo& law, const ContactSpaceProblem& problem);

// Runs `law` on `problem`: natively when the law handles several contacts,
// otherwise through the nc = 1 conversion (InputError("contacts") when
// nc > 1). Options are read as the law's registry entry reads them.
ContactSpaceResult solveContactSpace(const LawInfo& law, const ContactSpaceProblem& problem,
                                     const nlohmann::json& options, ContactSpaceTrace* trace = nullptr);

}  // namespace impactlab
