#include "impact/MaxDissipation.h"

#include <Eigen/Cholesky>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "impact/CoulombPath.h"

namespace impactlab {

namespace {


// Eq. (9) generalised: the best point r u, r >= 0, of the ray u (b_n = 0, so bhat = b_to).
struct RayPoint {
    double r = 0.0;
    double objective = 0.0;
};
RayPoint calcBestOnRay(const CompressionPlane& plane, double alpha) {
    const Vec2 u = CompressionPlane::calcDirection(alpha);
    RayPoint p;
    p.r = std::max(0.0, u.dot(plane.bhat) / u.dot(plane.Ahat * u));
    p.objective = plane.calcReducedObjective(p.r * u);
    return p;
}

// Minimum of f_obj over the open feasible arc by dense sampling and golden
// section: the fallback when the quartic gave no candidate on the arc.
double findArcMinimumBySampling(const CompressionPlane& plane) {
    const bool closed = plane.conic == ConicType::Ellipse;
    const double lo = closed ? -kPi : plane.alpha0 - plane.deltaAlpha;
    const double width = 2.0 * (closed ? kPi : plane.deltaAlpha);
    const int n = kMaxDissipationFallbackSamples;
    double best = lo + 0.5 * width / n, bestF = std::numeric_limits<double>::infinity();
    for (int i = 0; i < n; ++i) {
        const double alpha = lo + (i + 0.5) * width / n;
        if (!plane.isFeasibleAngle(alpha)) continue;
        const double f = plane.calcFobj(alpha);
        if (f < bestF) { bestF = f; best = alpha; }
    }
    double a = best - width / n, b = best + width / n;
    const double invPhi = 0.5 * (std::sqrt(5.0) - 1.0);
    for (int it = 0; it < 100 && b - a > kTrigRootAngleTol; ++it) {
        const double c = b - invPhi * (b - a), d = a + invPhi * (b - a);
        const double fc = plane.isFeasibleAngle(c) ? plane.calcFobj(c) : std::numeric_limits<double>::infinity();
        const double fd = plane.isFeasibleAngle(d) ? plane.calcFobj(d) : std::numeric_limits<double>::infinity();
        if (fc < fd) b = d; else a = c;
    }
    return 0.5 * (a + b);
}

}  // namespace

const char* toString(MaxDissipationBranch branch) {
    switch (branch) {
        case MaxDissipationBranch::Separating: return "separating";
        case MaxDissipationBranch::Frictionless: return "frictionless";
        case MaxDissipationBranch::Sticking: return "sticking";
        case MaxDissipationBranch::GrazingPoint: return "grazing-point";
        case MaxDissipationBranch::GrazingRay: return "grazing-ray";
        case MaxDissipationBranch::ConicBoundary: return "conic-boundary";
    }
    return "?";
}

Vec3 calcMaxDissipationPaper(const PaperFrameProblem& problem, MaxDissipationSolution* info) {
    MaxDissipationSolution local;
    MaxDissipationSolution& s = info ? *info : local;
    s = MaxDissipationSolution{};
    const Mat3& A = problem.A;
    const Vec3& b = problem.b;
    const double mu = problem.mu;
    const CompressionPlane plane = CompressionPlane::make(problem);
    s.conic = plane.conic;
    s.grazing = plane.grazing;
    const double bn = plane.bn;

    Vec3 x = Vec3::Zero();
    if (bn < 0.0) {                                   // separating
        s.branch = MaxDissipationBranch::Separating;
    } else if (mu == 0.0) {                           // frictionless
        s.branch = MaxDissipationBranch::Frictionless;
        x = Vec3(bn / plane.Ann, 0.0, 0.0);
    } else {
        // P1: the unconstrained minimiser in the cone (it lies on the plane: A x0 = b).
        Vec3 bPlane = b;
        bPlane(0) = bn;
        const Vec3 x0 = A.llt().solve(bPlane);
        if (x0(0) >= 0.0 && x0.tail<2>().norm() <= mu * x0(0)) {
            s.branch = MaxDissipationBranch::Sticking;
            x = x0;
        } else if (bn == 0.0) {
            if (plane.conic == ConicType::Ellipse) {  // P2: the plane meets the cone in its apex only
                s.branch = MaxDissipationBranch::GrazingPoint;
            } else {
                // The feasible set is the wedge between the rays alpha0 +- delta alpha
                // (one ray when delta alpha = pi); x0 outside it: the better ray.
                s.branch = MaxDissipationBranch::GrazingRay;
                const double alphaA = plane.alpha0 - plane.deltaAlpha, alphaB = plane.alpha0 + plane.deltaAlpha;
                const RayPoint pa = calcBestOnRay(plane, alphaA), pb = calcBestOnRay(plane, alphaB);
                const bool takeA = pa.objective <= pb.objective;
                const double alpha = takeA ? alphaA : alphaB;
                const double r = takeA ? pa.r : pb.r;
                s.hasAngle = r > 0.0;
                s.alpha = std::remainder(alpha, 2.0 * kPi);
                x = plane.liftToPaper(r * CompressionPlane::calcDirection(alpha));
            }
        } else {
            // Sliding on the conic: the global minimum of f_obj over the roots of eq. (8) on the arc.
            s.branch = MaxDissipationBranch::ConicBoundary;
            const TrigRoots roots = findTrigPoly2Roots(plane.calcStationarity(), plane.calcPolynomialScale());
            s.candidates = roots.count;
            s.newtonIterations = roots.newtonIterations;
            double bestF = std::numeric_limits<double>::infinity();
            Vec2 best = Vec2::Zero();
            for (int i = 0; i < roots.count; ++i) {
                const Vec2 u(roots.cosAlpha[i], roots.sinAlpha[i]);
                const double fr = plane.Ann + mu * plane.a.dot(u);
                if (!(fr > 0.0)) continue;                       // outside the feasible arc (eq. 6)
                const Vec2 gamma = (mu * bn / fr) * u;
                const double f = plane.calcReducedObjective(gamma);
                if (f < bestF) { bestF = f; best = gamma; s.alpha = roots.alpha[i]; }
            }
            if (!(bestF < std::numeric_limits<double>::infinity())) {
                s.usedFallback = true;
                s.alpha = findArcMinimumBySampling(plane);
                best = plane.calcGamma(s.alpha);
            }
            s.hasAngle = true;
            x = plane.liftToPaper(best);
        }
    }
    s.impulse = toContractOrder(x);
    s.objective = 0.5 * x.dot(A * x) - x.dot(b);
    return x;
}

MaxDissipationSolution calcMaxDissipationImpulse(const Mat3& W, const Vec3& vMinus, double mu) {
    MaxDissipationSolution s;
    calcMaxDissipationPaper(toPaperFrame(W, vMinus, mu), &s);
    return s;
}

ImpactResult solveMaxDissipation(const ImpactProblem& problem, ImpactTrace* trace) {
    const MaxDissipationSolution s = calcMaxDissipationImpulse(problem.W, problem.vMinus, problem.friction);
    ImpactResult result;
    result.model = "max-dissipation";
    result.impulse = s.impulse;
    result.compressionImpulse = s.impulse;   // purely inelastic: the impact ends at maximum compression
    result.branch = toString(s.branch);
    result.conic = std::string(s.grazing ? "degenerate-" : "") + toString(s.conic);
    const bool sticking = s.branch == MaxDissipationBranch::Sticking;
    if (sticking) result.events.push_back({ImpactEventKind::Stick, s.impulse.z(), s.impulse});
    result.events.push_back({ImpactEventKind::EndOfImpact, s.impulse.z(), s.impulse});
    if (s.usedFallback)
        result.warnings.push_back("no stationary point of eq. (8) found on the feasible arc; the minimum "
                                  "was located by a dense angular search");
    if (problem.restitution > 0.0) {
        std::ostringstream os;
        os << "purely inelastic law: restitution " << problem.restitution
           << " is not used (v_n+ = 0 for a colliding contact)";
        result.warnings.push_back(os.str());
    }
    if (s.branch == MaxDissipationBranch::Separating)
        result.warnings.push_back("separating contact (v_n- > 0): no impulse");
    completeResult(problem, result);
    if (trace) {
        // The impulse as one straight segment 0 -> I.
        const ContactMode mode = problem.friction == 0.0 ? ContactMode::Frictionless
                                 : sticking              ? ContactMode::Sticking
                                                         : ContactMode::Sliding;
        for (double f : {0.0, 1.0}) {
            TraceSample sample;
            sample.impulse = f * s.impulse;
            sample.normalImpulse = sample.impulse.z();
            sample.velocity = problem.calcVelocityAfter(sample.impulse);
            sample.energy = result.energyBefore + problem.calcEnergyChange(sample.impulse);
            sample.mode = mode;
            sample.phase = ImpactPhase::Compression;
            trace->samples.push_back(sample);
        }
    }
    return result;
}

}  // namespace impactlab
