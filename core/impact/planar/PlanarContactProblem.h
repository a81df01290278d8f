#pragma once
// The single-contact ImpactProblem of one contact of a planar system
// (mechanics/planar/PlanarContact.h), handed to any law of the registry.
// For the pendulum W2 is singular (rank 1, Cataldo & Sampaio sec. 2.9): the
// problem is still built, without ImpactProblem::validate's
// positive-definiteness check.
#include "impact/ImpactProblem.h"
#include "mechanics/planar/PlanarContact.h"

namespace impactlab {

// The contact-level problem v- = (v_t, 0, v_n), W = embedPlanarW(G M^-1 G^T).
// The caller guarantees v_n < 0 (an approaching contact) and a friction and
// restitution already validated at the scene boundary.
ImpactProblem makePlanarImpactProblem(const PlanarSystem& system, const PlanarState& state,
                                      const PlanarContact& contact, double friction, double restitution);

}  // namespace impactlab
