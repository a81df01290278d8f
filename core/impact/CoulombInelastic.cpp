#include "impact/CoulombInelastic.h"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "impact/CoulombPath.h"
#include "impact/MaxDissipation.h"

namespace impactlab {

namespace {


struct Finder {
    const PaperFrameProblem& p;
    const CompressionPlane& plane;
    CoulombSolutionSet& set;

    void add(const Vec3& x, CoulombSolutionKind kind, double alpha) {
        CoulombSolution s;
        s.impulse = toContractOrder(x);
        s.kind = kind;
        s.objective = 0.5 * x.dot(p.A * x) - x.dot(p.b);
        s.alpha = alpha;
        set.solutions.push_back(s);
    }

    // A point r u (r > 0) of the boundary that slides: the slip v_to+ = Ahat x_to - bhat
    // is -kappa u with kappa > 0 (the friction impulse opposes it).
    bool isSliding(double r, const Vec2& u) const {
        const Vec2 v = plane.Ahat * (r * u) - plane.bhat;
        const double scale = plane.bhat.norm() + plane.Ahat.norm() * r + std::abs(plane.bn);
        const Vec2 uPerp(-u.y(), u.x());
        return std::abs(uPerp.dot(v)) <= kSlideAlignRelTol * scale && -u.dot(v) > kSlipRelTol * scale;
    }

    // b_n != 0: roots of the sliding condition where r = mu b_n / f_r > 0.
    void addSlidingOnConic() {
        const TrigRoots roots = findTrigPoly2Roots(plane.calcSlidingCondition(), plane.calcPolynomialScale());
        for (int i = 0; i < roots.count; ++i) {
            const double alpha = roots.alpha[i];
            const double fr = plane.calcFr(alpha);
            if (!(fr * plane.bn > 0.0)) continue;
            const double r = plane.mu * plane.bn / fr;
            const Vec2 u = CompressionPlane::calcDirection(alpha);
            if (isSliding(r, u)) add(plane.liftToPaper(r * u), CoulombSolutionKind::Slide, alpha);
        }
    }

    // b_n = 0: the rays alpha0 +- delta alpha of the degenerate parabola or hyperbola.
    void addSlidingOnRays() {
        if (plane.conic == ConicType::Ellipse) return;
        const int rays = plane.conic == ConicType::Parabola ? 1 : 2;
        for (int k = 0; k < rays; ++k) {
            // The parabola's one ray is alpha0 + pi (C.4.2): the continuum lies on it exactly.
            const double width = plane.conic == ConicType::Parabola ? kPi : plane.deltaAlpha;
            const double alpha = std::remainder(plane.alpha0 + (k == 0 ? 1.0 : -1.0) * width, 2.0 * kPi);
            const Vec2 u = CompressionPlane::calcDirection(alpha), uPerp(-u.y(), u.x());
            const double d = uPerp.dot(plane.Ahat * u), e = uPerp.dot(plane.bhat);
            const double aScale = plane.Ahat.norm(), bScale = plane.bhat.norm();
            if (std::abs(d) > kSlideAlignRelTol * aScale) {
                const double r = e / d;
                if (r > 0.0 && isSliding(r, u)) add(plane.liftToPaper(r * u), CoulombSolutionKind::Slide, alpha);
            } else if (std::abs(e) <= kSlideAlignRelTol * bScale) {
                // The slip stays along the ray for every r: slides while it opposes, up to rMax.
                const double rMax = u.dot(plane.bhat) / u.dot(plane.Ahat * u);
                if (rMax > 0.0) {
                    set.continuum = true;
                    add(Vec3::Zero(), CoulombSolutionKind::ContinuumEnd, alpha);
                    add(plane.liftToPaper(rMax * u), CoulombSolutionKind::ContinuumEnd, alpha);
                }
            }
        }
    }
};

// Drops repeats (closer than kSameSolutionRelTol of the impulse scale), keeping
// the first kind listed (continuum ends are listed last, so they replace
// nothing but are kept when alone; a continuum end equal to an earlier zero or
// stick solution relabels it).
void removeDuplicates(CoulombSolutionSet& set, double impulseScale) {
    std::vector<CoulombSolution> unique;
    for (const CoulombSolution& s : set.solutions) {
        bool seen = false;
        for (CoulombSolution& u : unique) {
            if ((u.impulse - s.impulse).norm() <= kSameSolutionRelTol * impulseScale) {
                seen = true;
                if (s.kind == CoulombSolutionKind::ContinuumEnd) u.kind = s.kind;
            }
        }
        if (!seen) unique.push_back(s);
    }
    std::sort(unique.begin(), unique.end(),
              [](const CoulombSolution& a, const CoulombSolution& b) { return a.objective < b.objective; });
    set.solutions = std::move(unique);
}

}  // namespace

const char* toString(CoulombSolutionKind kind) {
    switch (kind) {
        case CoulombSolutionKind::Zero: return "zero";
        case CoulombSolutionKind::Stick: return "stick";
        case CoulombSolutionKind::Slide: return "slide";
        case CoulombSolutionKind::ContinuumEnd: return "continuum-end";
    }
    return "?";
}

CoulombSolutionSet findCoulombInelasticSolutions(const Mat3& W, const Vec3& vMinus, double mu) {
    const PaperFrameProblem p = toPaperFrame(W, vMinus, mu);
    const CompressionPlane plane = CompressionPlane::make(p);
    CoulombSolutionSet set;
    set.conic = plane.conic;
    set.grazing = plane.grazing;
    Finder finder{p, plane, set};
    Vec3 b = p.b;
    b(0) = plane.bn;
    const Vec3 x0 = p.A.llt().solve(b);

    if (plane.bn <= 0.0) finder.add(Vec3::Zero(), CoulombSolutionKind::Zero, 0.0);
    if (mu == 0.0) {
        // No friction: I_t = 0, and v_n+ = 0 needs I_n = b_n / A_nn > 0.
        if (plane.bn > 0.0) {
            const Vec3 x(plane.bn / plane.Ann, 0.0, 0.0);
            const bool sticks = plane.bhat.norm() <= kSlipRelTol * b.norm();
            finder.add(x, sticks ? CoulombSolutionKind::Stick : CoulombSolutionKind::Slide, 0.0);
        }
    } else {
        if (x0(0) > 0.0 && x0.tail<2>().norm() <= mu * x0(0)) finder.add(x0, CoulombSolutionKind::Stick, 0.0);
        if (plane.bn != 0.0) finder.addSlidingOnConic();
        else finder.addSlidingOnRays();
    }
    const double impulseScale = x0.norm() + b.norm() / p.A.norm();
    removeDuplicates(set, impulseScale);
    return set;
}

ImpactResult solveCoulombInelastic(const ImpactProblem& problem, ImpactTrace* trace) {
    const CoulombSolutionSet set = findCoulombInelasticSolutions(problem.W, problem.vMinus, problem.friction);
    const MaxDissipationSolution mdp = calcMaxDissipationImpulse(problem.W, problem.vMinus, problem.friction);
    ImpactResult result;
    result.model = "coulomb-inelastic";
    result.conic = std::string(set.grazing ? "degenerate-" : "") + toString(set.conic);
    result.energyBefore = problem.calcEnergyBefore();

    const double impulseScale = mdp.impulse.norm() + (set.solutions.empty() ? 0.0 : set.solutions.back().impulse.norm());
    std::optional<int> mdpIndex;
    for (std::size_t i = 0; i < set.solutions.size(); ++i) {
        const CoulombSolution& c = set.solutions[i];
        ImpactSolution s;
        s.impulse = c.impulse;
        s.vPlus = problem.calcVelocityAfter(c.impulse);
        s.energyAfter = result.energyBefore + problem.calcEnergyChange(c.impulse);
        s.kind = toString(c.kind);
        s.maxDissipation = (c.impulse - mdp.impulse).norm() <= kSameSolutionRelTol * impulseScale;
        if (s.maxDissipation && !mdpIndex) mdpIndex = static_cast<int>(i);
        result.solutions.push_back(s);
    }
    if (set.solutions.empty()) {
        result.status = SolveStatus::NoSolution;
        result.warnings.push_back("no impulse satisfies the inelastic Coulomb conditions for this input");
    } else {
        // Solutions are sorted by energy: index 0 is the most dissipative.
        result.primarySolution = mdpIndex.value_or(0);
        result.impulse = result.solutions[*result.primarySolution].impulse;
        result.branch = result.solutions[*result.primarySolution].kind;
    }
    if (problem.restitution > 0.0) {
        std::ostringstream os;
        os << "purely inelastic law: restitution " << problem.restitution
           << " is not used (v_n+ = 0 for a colliding contact)";
        result.warnings.push_back(os.str());
    }
    if (set.continuum)
        result.warnings.push_back("the solutions form a continuum (a segment on a ray of the degenerate "
                                  "conic, as for the Painleve rod at mu = mu*); its end points are listed");
    if (set.solutions.size() > 1) {
        std::ostringstream os;
        os << set.solutions.size() << " Coulomb solutions; the impulse reported is the "
           << (mdpIndex ? "maximum-dissipation one" : "one of least energy (none is the maximum-dissipation impulse)");
        result.warnings.push_back(os.str());
    }
    result.compressionImpulse = result.impulse;
    result.events.push_back({ImpactEventKind::EndOfImpact, result.impulse.z(), result.impulse});
    completeResult(problem, result);
    if (trace) {
        for (double f : {0.0, 1.0}) {
            TraceSample sample;
            sample.impulse = f * result.impulse;
            sample.normalImpulse = sample.impulse.z();
            sample.velocity = problem.calcVelocityAfter(sample.impulse);
            sample.energy = result.energyBefore + problem.calcEnergyChange(sample.impulse);
            sample.mode = result.branch == std::string("stick") ? ContactMode::Sticking : ContactMode::Sliding;
            trace->samples.push_back(sample);
        }
    }
    return result;
}

}  // namespace impactlab
