#pragma once
// PLUS on one contact (Uchida, Sherman & Delp 2015; docs/design.md, "Several
// contacts"): the contact-space solver on the nc = 1 problem
// (impact/ContactSpaceAdapter.h), with the continuous path as a fallback when
// its intervals stop at a limit.
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"
#include "impact/plus/PlusOptions.h"

namespace impactlab {

// PLUS's intervals discretise the Darboux-Keller path with Poisson
// restitution; on strongly coupled contacts (W_nn < mu |W_nt|) the interval
// loop or the impending-slip Newton iteration can stop at a limit. The single
// contact then has the continuous path as a second way to the answer PLUS
// approximates: Poisson's law with PLUS's e (Fig. 2) for the approach speed,
// so a valid problem is solved rather than abandoned (a warning says so).
ImpactResult solvePlusSingleContact(const ImpactProblem& problem, const PlusOptions& options,
                                    ImpactTrace* trace = nullptr);

}  // namespace impactlab
