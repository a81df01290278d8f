#pragma once
// One contact is the nc = 1 case of several (docs/design.md): conversions between
// the single-contact types (ImpactProblem, ImpactResult, ImpactTrace) and the
// contact-space ones. The law registry (laws/LawRegistry.h) runs any law on a
// contact-space problem through them (solveContactSpace).
//
// A single-contact law sees the 3x3 block of A as W and v- as its v-; the
// bodies behind a one-contact body-level problem become a TwoBodyContact.
// A single-contact law given several contacts, or a velocity-dependent
// restitution (PLUS's "restitution_min"), is refused with an InputError
// naming "contacts".
#include <string>

#include "impact/ContactSpaceProblem.h"
#include "impact/ContactSpaceResult.h"
#include "impact/ContactSpaceTrace.h"
#include "impact/ImpactProblem.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

ContactSpaceProblem toContactSpace(const ImpactProblem& problem);
// Throws InputError("contacts") unless nc = 1 with a constant restitution,
// and InputError("A") when the 3x3 block is not a valid W.
ImpactProblem toSingleContact(const ContactSpaceProblem& problem);

ContactSpaceResult toContactSpace(const ImpactResult& result, const ContactSpaceProblem& problem);
ImpactResult toSingleContact(const ContactSpaceResult& result, const ImpactProblem& problem);

ContactSpaceTrace toContactSpace(const ImpactTrace& trace);
ImpactTrace toSingleContact(const ContactSpaceTrace& trace);

}  // namespace impactlab
