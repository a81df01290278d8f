#pragma once
// What the planar laws of Cataldo & Sampaio share: the planar view of an
// ImpactProblem, the moment-impulse row, the algebraic Coulomb branches and the
// straight-segment trace of a closed-form law.
//
// Paper: E. Cataldo, R. Sampaio, "Modelagem e simulacao de colisoes planas entre
// corpos rigidos", Rev. Int. Met. Num. Calc. Dis. Ing. 18(1) 111-192 (2002).
//
// Conventions (converted here, once). The paper orders vectors (N, T) and writes
// the local mass matrix [M~_L] = [[A, -B], [-B, C]] (eq. 2.2):
//   D_N = A I_N - B I_T + D_NA,   D_T = -B I_N + C I_T + D_TA,
// with D = body 1 - body 2 and the impulse acting on body 1 (sec. 2.6.1; sec. 2.1
// writes P2 - P1, reference errata B4.1). In the project's contact frame
// [t1, t2, n] that is
//   W = [[C, 0, -B], [0, W_t2t2, 0], [-B, 0, A]],   v^- = (D_TA, 0, D_NA),
// so A = W_nn, B = -W_tn, C = W_tt. Planar vectors here are ordered (t, n), as
// the contact frame orders them. The bodies approach when v_n^- < 0.
//
// The moment impulse I_theta of eq. 2.1 (Brach, C-S) is a couple +I_theta k on
// body 1 and -I_theta k on body 2 about k = t1 x n, the normal of the plane;
// D_theta = (omega_1 - omega_2) . k. The paper's bar takes D_theta = -theta at its
// left end and +theta at its right end (sec. 3.3.3), so its printed I_theta is
// the negative of ours at the left end. The laws' outcomes do not depend on this
// sign (e_m I_theta = -(1 + e_m) J D_thetaE is odd in both).
//
// Planarity: the laws act in the (t1, n) plane and need W(0,1) = W(1,2) = 0 and
// v_t2 = 0 (within kPlanarCouplingRelTol, kPlanarVelocityRelTol). For body-level
// input t1 is ContactFrame's choice (the world x axis projected on the tangent
// plane, y when n is near x): a problem in the world x-y plane always qualifies.
//
// Singular in-plane W (a one-degree-of-freedom mechanism such as the rigid
// pendulum of sec. 2.9, whose [M~_L] has det = 0) is outside ImpactProblem's
// contract (W must be SPD) but arrives from generalized-coordinate systems built
// directly; the planar laws accept it, skip stick branches that have no unique
// solution, and report jams as SolveStatus::NoSolution.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

// Out-of-plane couplings |W(0,1)|, |W(1,2)| accepted, relative to max |W_ij|:
// a body-level planar problem has them at round-off (~1e-16) and printed planar
// inputs write them as exact zeros, so 1e-9 rejects only genuinely 3D input.
inline constexpr double kPlanarCouplingRelTol = 1e-9;
// |v_t2| accepted relative to |v^-|, for the same reason.
inline constexpr double kPlanarVelocityRelTol = 1e-9;
// det(W_2x2) <= this * W_tt * W_nn marks a mechanism (singular in-plane W):
// one free rigid body gives at least (1/m) / (1/m + r^2/J) (1/4 for a uniform
// rod struck at its end); the pendulum's is round-off (~1e-16).
inline constexpr double kPlanarSingularRelTol = 1e-12;
// The consistency checks of the algebraic branches (|I_t| <= mu I_n, the sign
// of a final sliding velocity, I_n > 0) accept violations up to this fraction
// of the problem's impulse or velocity scale, so a solution on the boundary of
// two branches is found by both (and reported once) rather than by neither.
inline constexpr double kBranchRelTol = 1e-12;
// Samples on each straight segment of a closed-form law's trace: the energy is
// quadratic along a segment and 16 samples draw it smoothly.
inline constexpr int kSegmentSamples = 16;

// The (t1, n) restriction of an ImpactProblem.
struct PlanarProblem {
    Mat2 W = Mat2::Identity();  // (kg)^-1, [[W_tt, W_tn], [W_nt, W_nn]] = [[C, -B], [-B, A]]
    Vec2 vMinus = Vec2::Zero(); // m/s, (D_TA, D_NA)
    double friction = 0.0;
    double restitution = 1.0;

    double A() const { return W(1, 1); }   // eq. 2.2
    double B() const { return -W(0, 1); }
    double C() const { return W(0, 0); }
    // Critical friction mu_s = |B / C| (sec. 3.7.3): sticking holds above it.
    double calcCriticalFriction() const { return std::abs(B() / C()); }
    bool isMechanism() const;   // singular in-plane W (kPlanarSingularRelTol)
};

// Throws InputError("W", "... is planar ...") or InputError("v_minus", ...)
// unless the problem lies in the (t1, n) plane; `law` names the caller.
PlanarProblem makePlanarProblem(const ImpactProblem& problem, const std::string& law);
// The same problem with W(0,1), W(1,2) and v_t2 set to exactly zero, so a 3D
// solver it is handed to stays in the plane. Call after makePlanarProblem.
ImpactProblem makePlanarCopy(const ImpactProblem& problem);

inline Vec3 toContactVector(const Vec2& tn) { return Vec3(tn.x(), 0.0, tn.y()); }
inline Vec2 toPlanarVector(const Vec3& contact) { return Vec2(contact.x(), contact.z()); }

// ---------------------------------------------------------------------------
// The generalized planar impulse G = (I_t, I_n, I_theta) and its mobility.

struct PlanarMobility {
    // (t, n, theta): dv = W G (eq. 2.1 premultiplied by [W]^t [M]^-1). Without a
    // moment impulse the theta row and column are zero but W(2,2) = 1.
    Mat3 W = Mat3::Identity();
    Vec3 vMinus = Vec3::Zero();  // (D_TA, D_NA, D_thetaA): m/s, m/s, rad/s
    bool hasCouple = false;
    Vec3 axis = Vec3::UnitZ();   // k = t1 x n in the world frame (body level)

    double calcEnergyChange(const Vec3& G) const { return G.dot(vMinus) + 0.5 * G.dot(W * G); }  // eq. 2.3
    Vec3 calcVelocityAfter(const Vec3& G) const { return vMinus + W * G; }
};

// Force impulses only (I_theta = 0).
PlanarMobility makePlanarMobility(const PlanarProblem& planar);
// With the moment row, from the bodies: W_theta_theta = 1/J1 + 1/J2 (so the
// J = J1 J2 / (J1 + J2) of the moment coefficient law is 1 / W_theta_theta),
// W_{t,theta}, W_{n,theta} the contact velocity per unit couple, and D_thetaA.
// Throws InputError("bodies", ...) saying `need` when the problem has no bodies
// or when k is not a principal axis of a free body (the couple would tilt it
// out of the plane).
PlanarMobility makePlanarMobilityWithCouple(const ImpactProblem& problem, const PlanarProblem& planar,
                                            const std::string& need);

// Brach's moment coefficient law e_m I_theta = -(1 + e_m) J D_thetaE (sec. 3.3.2)
// solved for I_theta: with X = D_theta,start + W_theta . I the relative angular
// velocity the force impulse alone would leave,
//   I_theta = -f J X,  f = (1 + e_m) / (1 + 2 e_m),  D_thetaE = X e_m / (1 + 2 e_m).
// e_m = -1 gives f = 0 (no moment impulse), e_m = 0 stops the relative rotation.
// Valid for e_m = -1 or e_m >= 0: e_m = -1/2 is singular and (-1, 0) reverses or
// amplifies the rotation.
double calcMomentLawFactor(double em);
bool isValidMomentCoefficient(double em);

// A phase whose moment impulse follows the law with factor f, reduced to the
// force impulse: v_end = v + W I in (t, n) with I_theta eliminated.
struct PlanarPhase {
    Mat2 W = Mat2::Identity();
    Vec2 v = Vec2::Zero();   // velocity at the start of the phase, shifted by the couple's share
};
PlanarPhase makePlanarPhase(const PlanarMobility& mobility, const Vec3& vStart, double f);
double calcCoupleImpulse(const PlanarMobility& mobility, const Vec3& vStart, const Vec2& I, double f);

// ---------------------------------------------------------------------------
// Coulomb's law for impulses applied algebraically to the end of a phase
// (sec. 2.5.2, Fig. 3.12; Kane sec. 3.4, Glocker-Pfeiffer sec. 3.5):
//   stick:  v_t,end = 0 with |I_t| <= mu_static I_n
//   +mu:    I_t = +mu I_n with v_t,end <= 0
//   -mu:    I_t = -mu I_n with v_t,end >= 0

enum class CoulombBranch {
    Frictionless,   // mu = 0: I_t = 0
    Stick,          // v_t,end = 0, I_t inside its bounds
    SlidePositive,  // I_t at its upper bound (+mu I_n for plain Coulomb), v_t,end <= 0
    SlideNegative,  // I_t at its lower bound (-mu I_n), v_t,end >= 0
};
const char* toString(CoulombBranch branch);

// (Named apart from CoulombInelastic.h's CoulombSolution: two classes of one
// name in one namespace broke the one-definition rule, which the sanitized
// build caught as a stack overflow.)
struct PlanarCoulombSolution {
    Vec2 impulse = Vec2::Zero();  // (I_t, I_n) of the phase
    CoulombBranch branch = CoulombBranch::Frictionless;
};

// Every branch consistent with v_n,end = targetVn, in the order stick, +mu,
// -mu (duplicates on a branch boundary removed). Empty when none is. A singular
// phase W has no stick branch (its stick system has no unique solution).
std::vector<PlanarCoulombSolution> findCoulombSolutions(const Mat2& W, const Vec2& vStart, double targetVn,
                                                  double muStatic, double muKinetic);

// Why findCoulombSolutions found nothing, for the NoSolution warning.
std::string explainNoCoulombSolution(const Vec2& vStart, double targetVn);

// The expansion of Glocker-Pfeiffer: I_n fixed, I_t in [lo, hi] with
// interior => v_t,end = 0, I_t = hi => v_t,end <= 0, I_t = lo => v_t,end >= 0.
// v_t,end increases with I_t (W_tt > 0), so the solution is the stick value
// clamped to [lo, hi] and is unique.
PlanarCoulombSolution solveBoundedTangent(const Mat2& W, const Vec2& vStart, double In, double lo, double hi);

// ---------------------------------------------------------------------------
// Traces and results of the closed-form planar laws.

// The mode a trace shows for a phase that ends on `branch`: ResumedSlip when
// the sliding velocity changed sign (or started from zero) within the phase.
ContactMode calcPhaseMode(CoulombBranch branch, double vtStart, double vtEnd, double scale);

// Appends kSegmentSamples + 1 samples (the first skipped when the trace already
// ends at `from`) on the straight segment between generalized impulses.
void appendPlanarSegment(ImpactTrace* trace, const ImpactProblem& problem, const PlanarMobility& mobility,
                         const Vec3& from, const Vec3& to, ContactMode mode, ImpactPhase phase);

// The fraction lambda in (0, 1] of the straight path 0 -> G at which v_n = 0:
// the end of compression of a law that only sets the final velocity.
double calcCompressionFraction(const PlanarMobility& mobility, const Vec3& G);

// Events of a phase that ended on `branch` at generalized impulse G: Stick,
// or ResumedSlip when the sliding velocity reversed (same rule as calcPhaseMode).
void appendPhaseEvents(ImpactResult& result, CoulombBranch branch, double vtStart, double vtEnd,
                       double scale, const Vec3& G);

// Finishes the result of a law that only sets the final impulse G (first and
// second groups: Kane, Brach, Smith): the straight path 0 -> G, its end of
// compression where v_n = 0, the events (end of compression, the branch's
// Stick / ResumedSlip, end of impact), the trace and completePlanarResult.
void finishStraightPathResult(const ImpactProblem& problem, const PlanarMobility& mobility, const Vec3& G,
                              CoulombBranch branch, ImpactTrace* trace, ImpactResult& result);

// The same for a two-phase law (third and fourth groups: Glocker-Pfeiffer,
// C-S): 0 -> Gc (compression, ending on branch `compression`) -> G (the total,
// the expansion ending on `expansion`).
void finishTwoPhaseResult(const ImpactProblem& problem, const PlanarMobility& mobility, const Vec3& Gc,
                          CoulombBranch compression, const Vec3& G, CoulombBranch expansion, ImpactTrace* trace,
                          ImpactResult& result);

// "stick (I_t, I_n) = (0.375, 1.025); slide I_t = +mu I_n (..)" for warnings.
std::string describeSolutions(const std::vector<PlanarCoulombSolution>& solutions);

// The compression phase of the laws that end it at D_NC = 0 under Coulomb
// friction (Glocker-Pfeiffer, C-S), in the phase's own (W, v): the first
// consistent solution in the order stick, +mu, -mu, with a warning when there
// are several. With none, `result` is completed as NoSolution (with an empty
// trace segment) and nullopt is returned.
std::optional<PlanarCoulombSolution> solveCoulombCompression(const ImpactProblem& problem, const PlanarMobility& mobility,
                                                       const Mat2& W, const Vec2& v, double mu, ImpactResult& result,
                                                       ImpactTrace* trace);

// completeResult, plus the moment impulse: v+, the energy after, the bodies
// after and the energy-gain / approach warnings include I_theta.
void completePlanarResult(const ImpactProblem& problem, const PlanarMobility& mobility, double coupleImpulse,
                          ImpactResult& result);

}  // namespace impactlab
