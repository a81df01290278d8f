#pragma once
// Every solution of the purely inelastic single contact with Coulomb friction
// (Preclik, Eibl & Ruede, Fig. 1 at the impulse level, without the pressure
// condition 3d): an impulse I with
//   I_n >= 0 _|_ v_n+ >= 0,   ||I_t|| <= mu I_n,   ||v_t+|| I_t = -mu I_n v_t+,
// v+ = v- + W I. Solutions:
//   zero   I = 0, when v_n- >= 0 (grazing or separating);
//   stick  v+ = 0: I = W^-1 (-v-), when it lies in the cone with I_n > 0;
//   slide  on the cone boundary with v_n+ = 0 and v_t+ = -kappa I_t / ||I_t||, kappa > 0.
// With b_n = -v_n- != 0 the sliding angles are the roots of a degree-two
// trigonometric polynomial (CompressionPlane::calcSlidingCondition: all of them,
// by the closed-form quartic of impact/TrigPoly2.h, so none is missed) on the
// arc where r = mu b_n / f_r > 0; b_n < 0 can give "impacts without collision"
// on the far branch of the hyperbola, which are reported too. With b_n = 0 the
// plane meets the cone in rays; on a ray where the slip stays parallel to it
// for every r (the Painleve rod at exactly mu*) the solutions form a segment:
// a warning says so and its two end points are returned (kind "continuum-end").
//
// The result's `impulse` (primarySolution) is the solution equal to the
// max-dissipation law's impulse when there is one (flagged maxDissipation),
// else the solution of least energy after the impact (the most dissipative
// Coulomb solution). No solution at all gives status NoSolution, a zero
// impulse and a warning. Frame conversion: impact/CompressionPlane.h.
#include <vector>

#include "impact/CompressionPlane.h"
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

enum class CoulombSolutionKind { Zero, Stick, Slide, ContinuumEnd };
const char* toString(CoulombSolutionKind kind);

struct CoulombSolution {
    Vec3 impulse = Vec3::Zero();    // N s, contact frame [t1, t2, n]
    CoulombSolutionKind kind = CoulombSolutionKind::Zero;
    double objective = 0.0;         // J, 1/2 I^T W I + I.v- (change of relative kinetic energy)
    double alpha = 0.0;             // rad, atan2(I_t2, I_t1) for slide and continuum ends
};

struct CoulombSolutionSet {
    std::vector<CoulombSolution> solutions;   // ordered by objective, lowest first
    bool continuum = false;                   // a segment of solutions; its ends are listed
    ConicType conic = ConicType::Ellipse;
    bool grazing = false;
};

// The post-impact slip must oppose the friction impulse by more than this
// fraction of the velocity scale for a boundary point to count as sliding;
// at or below it the point is the sticking solution (listed once, as stick).
inline constexpr double kSlipRelTol = 1e-12;
// A root of the sliding condition is accepted when the slip's component
// across the ray is below this fraction of the velocity scale: Newton-polished
// roots reach ~1e-15; the near-double candidates the quartic adds do not.
inline constexpr double kSlideAlignRelTol = 1e-9;
// Two solutions closer than this fraction of the impulse scale are one
// (Newton can bring two candidates to the same root).
inline constexpr double kSameSolutionRelTol = 1e-8;

// All Coulomb solutions (contract frame), for valid inputs (W symmetric
// positive definite, mu >= 0, all finite).
CoulombSolutionSet findCoulombInelasticSolutions(const Mat3& W, const Vec3& vMinus, double mu);

// The law `coulomb-inelastic`: every solution in result.solutions, the
// primary one (see above) as result.impulse.
ImpactResult solveCoulombInelastic(const ImpactProblem& problem, ImpactTrace* trace = nullptr);

}  // namespace impactlab
