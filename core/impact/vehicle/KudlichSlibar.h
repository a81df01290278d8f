#pragma once
// The Kudlich-Slibar impulse-momentum vehicle collision model.
//
// Paper: "Appendix 1 | Kudlich-Slibar" (Virtual CRASH), after Slibar (1966)
// and Kudlich (1966); reference notes, part A (docs/design.md, "Sources").
//
// Equations (paper numbering):
//   t^ = ((v^ x n^) x n^) / |.| = -v_t / |v_t|, v_t = v - (v.n) n      (eq. 35)
//   mu = (J.t^) / (J.n^)                                               (eq. 36)
//   epsilon = -(v_f.n^) / (v_i.n^)  (Newton-type, kinematic)           (eq. 37)
//   J.n^ = -(1 + eps)(v.n^) / (Ktt - mu Knt),  J.t^ = mu J.n^          (eqs. 52-53)
//   mu~  = (Knt + rho Ktt) / (Knn + rho Knt),  rho = (v.t^)/(v.n^)     (eq. 62)
//   sign(mu) = sign(rho)                                               (eq. 63)
//   |J.t^| <= |mu~ J.n^|,  mu = min(mu~, mu_user)                      (eq. 64 and text)
//   J = (1 + eps) J_comp                                               (text after 64)
//   J = -(1 + eps) [(1/m_bar) 1 - (r1~ I1^-1 r1~ + r2~ I2^-1 r2~)]^-1 v (general form)
// with the paper's bracketed terms (reference A.1.6 names them this way):
//   Ktt = 1/m_bar + r1t^2/I1 + r2t^2/I2 = n^T W n
//   Knn = 1/m_bar + r1n^2/I1 + r2n^2/I2 = t^T W t
//   Knt = r1n r1t/I1 + r2n r2t/I2       = -t^T W n
// The general form's bracket is W in world coordinates (TwoBodyContact.h), so
// the law works at contact level too: everything below is read from W.
//
// Conventions, converted once here. The paper's n^ is "parallel with the normal
// component of the impulse on object 1" and v_rel = v1 - v2, as in the
// project's contact frame [t1, t2, n] (n from body 2 into body 1, impulse on
// body 1, approach v_n < 0). The paper's t^ is not a fixed axis: it is built
// per problem from eq. 35 and points against the tangential closing velocity,
// so v.t^ <= 0 and rho >= 0 always, and the sign rule (63) gives mu >= 0.
// In the contact frame t^ = -(v_t1, v_t2, 0) / |v_t| and the impulse is
// J = J_n n + J_t t^: the paper's J.t^ > 0 is a tangential impulse against the
// slip. Example (reference A.2.1): n^ = world x, t^ = world -y; the project's t1
// is world y there, so the paper's J.t^ = 730.16 N s is impulse t1 = -730.16 N s.
//
// Planar vs general. The closed form (52-53) needs the lever arms in the (t^, n^)
// plane, i.e. W couples z' = t^ x n^ to neither t^ nor n^ (within
// kPlanarCouplingRelTol). Otherwise ("impulse centroid out of the plane") the
// paper's general form is used: the full-stick impulse -(1 + eps) W^-1 v. The
// paper does not friction-limit it; we do (reference A.4.3, an extension): it is
// taken when its compression part lies in the user's cone |J_t| <= mu_user J_n,
// and otherwise the (t^, n^) closed form with the bounded mu below is used.
// On planar data both give the same impulse when 0 <= mu~ <= mu_user.
//
// Choices the paper leaves open (documented and tested):
// - mu~ <= 0 (the normal impulse alone, through the lever-arm coupling Knt,
//   already brings the slip along t^ past zero): mu = 0, i.e.
//   mu = max(0, min(mu~, mu_user)). The sign rule (63) demands mu >= 0 and the
//   bound (64) demands mu <= mu~; 0 is the only value meeting both. Using
//   |mu~| instead would push the slip further past zero and make friction
//   accelerate it. With 0 <= mu <= mu~ the slip along t^ stays <= 0 during
//   compression, and then, for 0 <= eps <= 1, the energy change
//   J.(v_i + v_f)/2 = (1+eps) J_n [(1-eps) v_n/2 + mu ((1-eps) v_t/2 + (1+eps) v_tc/2)]
//   is <= 0 term by term (v_n < 0, v_t <= 0, v_tc <= 0): no energy gain, and
//   |J_t| = mu J_n <= mu_user J_n.
// - Denominator of (62) <= 0 with numerator >= 0: no mu reaches common velocity
//   (the slip along t^ stays negative for every mu >= 0); mu~ = +infinity and
//   mu = mu_user. (Numerator < 0 with denominator <= 0 contradicts W SPD.)
// - No tangential closing velocity (|v_t| <= kKsTangentRelTol |v|): t^ of
//   eq. 35 is undefined and the paper's mu~ has different one-sided limits
//   (K_nt/K_nn from one side, <= 0 from the other): no friction impulse,
//   J = -(1 + eps) v_n / W_nn n (the frictionless Newton impulse, dissipative).
//
// Ranges: 0 <= eps <= 1 (problem.restitution), mu_user >= 0 (problem.friction),
// SI units (kg, kg m^2, m, m/s, N s).
//
// Known non-physical cases:
// - With the bound switched off (options.muBound = false), mu = mu_user may
//   exceed mu~: the slip reverses during compression and the (1 + eps)
//   scaling can then GAIN ENERGY; the result carries the "energy gained"
//   warning. With the bound on (the paper's procedure) it cannot.
// - The tangential velocity is also scaled: when mu = mu~, v_f = -eps v_i in
//   the (t^, n^) plane, i.e. the slip reverses for eps > 0 (reference A.2.2).
// - With the bound off, Ktt - mu_user Knt <= kKsDenominatorRelTol Ktt makes
//   J_n unbounded or pulling (a jam): SolveStatus::NoSolution, zero impulse.
//
// Trace: impulse space, straight compression segment 0 -> J_comp (ends at
// v_n = 0, event EndOfCompression), then restitution J_comp -> (1+eps) J_comp
// (event EndOfImpact).
#include <limits>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

// |v_t| <= this * |v| counts as no tangential closing velocity: t^ (eq. 35)
// is then a direction of round-off; 1e-9 matches the planar velocity tolerance.
inline constexpr double kKsTangentRelTol = 1e-9;
// Ktt - mu Knt below this fraction of Ktt is a jam: J_n would exceed 1e9 times
// the frictionless normal impulse.
inline constexpr double kKsDenominatorRelTol = 1e-9;

struct KudlichSlibarOptions {
    // The common-velocity bound (eq. 64): mu = max(0, min(mu~, mu_user)).
    // false: mu = mu_user (eqs. 52-53 alone; may gain energy).
    bool muBound = true;
};

// The paper's quantities for one problem, in the contact frame: what the law
// uses and what a view needs to draw the user and effective friction cones.
struct KudlichSlibarTerms {
    bool hasTangent = false;      // eq. 35 defined
    Vec3 tHat = Vec3::Zero();     // unit, contact frame, -v_t/|v_t| (eq. 35); zero without a tangent
    Vec3 zHat = Vec3::Zero();     // t^ x n^ (text after eq. 35)
    double Ktt = 0.0;             // (kg)^-1, n^T W n
    double Knn = 0.0;             // (kg)^-1, t^T W t^
    double Knt = 0.0;             // (kg)^-1, -t^T W n
    double rho = 0.0;             // (v.t^)/(v.n^) >= 0
    double muTilde = std::numeric_limits<double>::infinity();  // eq. 62; +inf: no bound
    double mu = 0.0;              // effective mu of the (t^, n^) closed form
    bool planar = true;           // z' decoupled from (t^, n^)
};

// Throws InputError("v_minus") unless the bodies approach (v_n < 0).
KudlichSlibarTerms calcKudlichSlibarTerms(const ImpactProblem& problem, const KudlichSlibarOptions& options = {});

// The paper's general (3D tensor) form, contact frame: -(1 + eps) W^-1 v.
Vec3 calcKudlichSlibarGeneralImpulse(const ImpactProblem& problem);

ImpactResult solveKudlichSlibar(const ImpactProblem& problem, const KudlichSlibarOptions& options = {},
                                ImpactTrace* trace = nullptr);

}  // namespace impactlab
