#include "impact/vehicle/KudlichSlibar.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "impact/CoulombPath.h"
#include "impact/planar/PlanarProblem.h"

namespace impactlab {

namespace {

const Vec3 kNormal = Vec3::UnitZ();   // n^ in the contact frame [t1, t2, n]

// The common-velocity bound (eq. 62) with its degenerate cases (header).
double calcMuTilde(double Ktt, double Knn, double Knt, double rho) {
    const double numerator = Knt + rho * Ktt;
    const double denominator = Knn + rho * Knt;
    if (numerator < 0.0) return numerator / denominator;   // denominator > 0 here (W SPD)
    if (denominator > 0.0) return numerator / denominator;
    return std::numeric_limits<double>::infinity();         // no mu reaches common velocity
}

// Straight segment from -> to in impulse space, kSegmentSamples + 1 samples
// (the first skipped when the trace already ends there; none for a zero-length
// segment after the first).
void appendSegment(ImpactTrace* trace, const ImpactProblem& problem, const Vec3& from, const Vec3& to,
                   ContactMode mode, ImpactPhase phase) {
    if (!trace) return;
    const bool continues = !trace->samples.empty() && trace->samples.back().impulse == from;
    if (continues && from == to) return;
    const int count = from == to ? 0 : kSegmentSamples;
    const double energyBefore = problem.calcEnergyBefore();
    for (int i = continues ? 1 : 0; i <= count; ++i) {
        const Vec3 I = count == 0 ? from : Vec3(from + (to - from) * (static_cast<double>(i) / count));
        TraceSample s;
        s.normalImpulse = I.z();
        s.impulse = I;
        s.velocity = problem.calcVelocityAfter(I);
        s.energy = energyBefore + problem.calcEnergyChange(I);
        s.mode = mode;
        s.phase = phase;
        trace->samples.push_back(s);
    }
}

}  // namespace

KudlichSlibarTerms calcKudlichSlibarTerms(const ImpactProblem& problem, const KudlichSlibarOptions& options) {
    const Vec3& v = problem.vMinus;
    if (!(v.z() < 0.0)) {
        std::ostringstream os;
        os << "kudlich-slibar needs approaching bodies: normal component must be < 0, got " << v.z();
        throw InputError("v_minus", os.str());
    }
    const Mat3& W = problem.W;
    const double muUser = problem.friction;
    KudlichSlibarTerms k;
    k.Ktt = W(2, 2);
    const Vec3 vt(v.x(), v.y(), 0.0);
    k.hasTangent = vt.norm() > kKsTangentRelTol * v.norm();
    if (!k.hasTangent) return k;   // no friction impulse (header); mu = 0, planar by convention

    k.tHat = -vt.normalized();                     // eq. 35
    k.zHat = k.tHat.cross(kNormal);                // z' = t^ x n^
    k.Knn = k.tHat.dot(W * k.tHat);
    k.Knt = -k.tHat.dot(W * kNormal);
    k.rho = v.dot(k.tHat) / v.z();                 // >= 0 by eq. 35
    k.muTilde = calcMuTilde(k.Ktt, k.Knn, k.Knt, k.rho);
    // eqs. 63-64: 0 <= mu <= mu~ and mu <= mu_user.
    k.mu = options.muBound ? std::max(0.0, std::min(k.muTilde, muUser)) : muUser;
    const double scale = W.cwiseAbs().maxCoeff();
    const double coupling = std::max(std::abs(k.zHat.dot(W * kNormal)), std::abs(k.zHat.dot(W * k.tHat)));
    k.planar = coupling <= kPlanarCouplingRelTol * scale;
    return k;
}

Vec3 calcKudlichSlibarGeneralImpulse(const ImpactProblem& problem) {
    return -(1.0 + problem.restitution) * Vec3(problem.W.ldlt().solve(problem.vMinus));
}

ImpactResult solveKudlichSlibar(const ImpactProblem& problem, const KudlichSlibarOptions& options,
                                ImpactTrace* trace) {
    const KudlichSlibarTerms k = calcKudlichSlibarTerms(problem, options);
    const Vec3& v = problem.vMinus;
    const double eps = problem.restitution;
    ImpactResult result;
    result.model = "kudlich-slibar";
    result.steps = 1;

    Vec3 Jc = Vec3::Zero();   // compression impulse (eps = 0)
    ContactMode mode = ContactMode::Frictionless;
    if (!k.hasTangent) {
        Jc = -v.z() / k.Ktt * kNormal;
    } else {
        // General form (last equation, eps = 0) when out of the plane and inside
        // the user's cone (reference A.4.3); the closed form otherwise.
        const Vec3 Jstick = -Vec3(problem.W.ldlt().solve(v));
        const bool useGeneral = !k.planar && options.muBound && Jstick.z() > 0.0 &&
                                Jstick.head<2>().norm() <= problem.friction * Jstick.z();
        if (useGeneral) {
            Jc = Jstick;
            mode = ContactMode::Sticking;
        } else {
            const double D = k.Ktt - k.mu * k.Knt;    // denominator of eqs. 52-53
            if (!(D > kKsDenominatorRelTol * k.Ktt)) {
                std::ostringstream os;
                os << "no solution: Ktt - mu Knt = " << D << " (kg)^-1 <= 0 with mu = " << k.mu
                   << ": the normal impulse of eq. 52 is unbounded or pulling (switch mu_bound on)";
                result.status = SolveStatus::NoSolution;
                result.warnings.push_back(os.str());
                appendSegment(trace, problem, Vec3::Zero(), Vec3::Zero(), ContactMode::Sliding,
                              ImpactPhase::Compression);
                completeResult(problem, result);
                return result;
            }
            const double Jn = -v.z() / D;             // eq. 52 with eps = 0
            Jc = Jn * (kNormal + k.mu * k.tHat);      // eq. 53: J.t^ = mu J.n^
            if (k.mu == 0.0) mode = ContactMode::Frictionless;
            else if (k.mu == k.muTilde && k.planar) mode = ContactMode::Sticking;   // out of plane, z' may still slip
            else mode = ContactMode::Sliding;
        }
    }
    const Vec3 J = (1.0 + eps) * Jc;                  // text after eq. 64

    result.impulse = J;
    result.compressionImpulse = Jc;
    result.events.push_back({ImpactEventKind::EndOfCompression, Jc.z(), Jc});
    result.events.push_back({ImpactEventKind::EndOfImpact, J.z(), J});
    // After a common velocity the (1 + eps) scaling reverses the slip.
    const ContactMode restitutionMode =
        mode == ContactMode::Sticking && eps > 0.0 ? ContactMode::ResumedSlip : mode;
    appendSegment(trace, problem, Vec3::Zero(), Jc, mode, ImpactPhase::Compression);
    appendSegment(trace, problem, Jc, J, restitutionMode, ImpactPhase::Restitution);
    completeResult(problem, result);
    return result;
}

}  // namespace impactlab
