#pragma once
// The principle of maximum dissipation for a purely inelastic single contact
// with a friction cone: Preclik, Eibl & Ruede, "The Maximum Dissipation
// Principle in Rigid-Body Dynamics with Purely Inelastic Impacts", eq. (3)
// (cone 3a, Signorini 3b, inelastic restitution 3c, pressure condition 3d),
// solved analytically by the decision tree of their Fig. 5 (sec. 3.2,
// Appendix A).
//
// The impulse minimises the kinetic energy after the impact, 1/2 I^T W I + I.v-
// (the paper's 1/2 x^T A x - x^T b), over the impulses the cone and the
// inelastic complementarity allow. Conventions: the contract's (t1, t2, n)
// frame; the paper's (n, t, o) is used inside, converted once in
// impact/CompressionPlane.h (toPaperFrame). Units SI; mu >= 0; any v_n-:
//   v_n- < 0 colliding: v_n+ = 0, the impulse on the plane of maximum compression;
//   v_n- = 0 grazing (the Painleve rod): defined by the b_n = 0 branches;
//   v_n- > 0 separating: zero impulse (Fig. 5's first branch).
// Energy is never created (the zero impulse, or a point of the plane with
// objective <= 0, is always feasible when it is chosen). The result is in
// general NOT a Coulomb solution (the paper's Table 1): see coulomb-inelastic.
//
// Decision tree (Fig. 5), with the reference notes' errata:
//   b_n < 0                    -> 0                               Separating
//   mu = 0                     -> (b_n / A_nn, 0, 0)              Frictionless
//   P1: x0 = A^-1 b in cone    -> x0                              Sticking
//   b_n = 0, P2: ellipse       -> 0                               GrazingPoint
//   b_n = 0, not P2            -> eq. (9) on the better of the rays alpha0 +- delta alpha
//                                 (one ray alpha0 + pi for the parabola: C.4.2; the
//                                 better of two instead of eq. (9)'s side rule: C.4.3)   GrazingRay
//   otherwise                  -> global minimum of f_obj over the feasible arc among
//                                 the roots of eq. (8)                                  ConicBoundary
#include "impact/CompressionPlane.h"
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

enum class MaxDissipationBranch { Separating, Frictionless, Sticking, GrazingPoint, GrazingRay, ConicBoundary };
const char* toString(MaxDissipationBranch branch);

struct MaxDissipationSolution {
    Vec3 impulse = Vec3::Zero();     // N s, contact frame [t1, t2, n]
    double objective = 0.0;          // J, 1/2 I^T W I + I.v- = 1/2 x^T A x - x^T b (<= 0)
    MaxDissipationBranch branch = MaxDissipationBranch::Separating;
    ConicType conic = ConicType::Ellipse;   // of the plane of maximum compression and the cone
    bool grazing = false;            // b_n taken as 0: the conic is degenerate (apex, ray or rays)
    bool hasAngle = false;           // GrazingRay, ConicBoundary: the impulse's polar angle
    double alpha = 0.0;              // rad, atan2(I_t2, I_t1) when hasAngle
    int candidates = 0;              // stationary-point candidates of eq. (8) examined
    int newtonIterations = 0;        // polishing steps over all candidates
    bool usedFallback = false;       // no candidate on the arc: dense angular search (reported)
};

// Samples of the dense angular search used only if the quartic yields no
// candidate on the feasible arc (never seen in tests; a warning says so).
inline constexpr int kMaxDissipationFallbackSamples = 2048;

// The lean kernel: no trace, no allocation, no exceptions; the inputs must be
// valid (W symmetric positive definite, mu >= 0, all finite).
MaxDissipationSolution calcMaxDissipationImpulse(const Mat3& W, const Vec3& vMinus, double mu);
// The same in the paper's frame: returns x* in (n, t, o) and fills `info`
// (whose impulse is then in the contract frame).
Vec3 calcMaxDissipationPaper(const PaperFrameProblem& problem, MaxDissipationSolution* info = nullptr);

// The law `max-dissipation`: kernel + energies, body velocities, a two-sample
// trace (the straight segment 0 -> I), result.branch and result.conic.
ImpactResult solveMaxDissipation(const ImpactProblem& problem, ImpactTrace* trace = nullptr);

}  // namespace impactlab
