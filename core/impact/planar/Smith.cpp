#include "impact/planar/Smith.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "impact/planar/PlanarProblem.h"

namespace impactlab {

namespace {

// Bisection steps per bracket: halving a bracket of width mu / 2000 reaches
// double round-off well within 100 steps.
constexpr int kBisectionIterations = 100;
// The scan keeps W_nn + W_nt r above this fraction of W_nn: closer to zero the
// normal impulse (and any root there) is unbounded.
constexpr double kSmithMinRateRelTol = 1e-9;

// Smith's weighted average of the sliding velocities, in [-1, 1] (a != 0).
double calcSmithAverage(double a, double x) { return (std::abs(a) * a + std::abs(x) * x) / (a * a + x * x); }

// The law as one equation in r = I_T / I_N (Smith.h).
struct SmithEquation {
    const PlanarProblem& planar;
    double b;   // -(1 + e) D_NA: the normal velocity the impact adds

    double calcNormalImpulse(double r) const { return b / (planar.W(1, 1) + planar.W(1, 0) * r); }
    double calcVtPlus(double r) const {
        return planar.vMinus.x() + (planar.W(0, 1) + planar.W(0, 0) * r) * calcNormalImpulse(r);
    }
    double calcResidual(double r) const {
        return r + planar.friction * calcSmithAverage(planar.vMinus.x(), calcVtPlus(r));
    }
};

std::vector<double> findRatioRoots(const SmithEquation& eq) {
    const PlanarProblem& planar = eq.planar;
    const double mu = planar.friction;
    if (mu == 0.0) return {0.0};
    double lo = -mu, hi = mu;
    const double Wnt = planar.W(1, 0), Wnn = planar.W(1, 1);
    if (Wnt != 0.0) {
        const double edge = (kSmithMinRateRelTol - 1.0) * Wnn / Wnt;   // W_nn + W_nt r = 1e-9 W_nn
        if (Wnt > 0.0) lo = std::max(lo, edge); else hi = std::min(hi, edge);
    }
    std::vector<double> roots;
    if (!(lo < hi)) return roots;
    auto add = [&](double r) {
        for (double q : roots)
            if (std::abs(q - r) <= 1e-12 * (hi - lo)) return;
        roots.push_back(r);
    };
    double r0 = lo, g0 = eq.calcResidual(lo);
    if (g0 == 0.0) add(r0);
    for (int i = 1; i <= kSmithScanSamples; ++i) {
        const double r1 = lo + (hi - lo) * i / kSmithScanSamples;
        const double g1 = eq.calcResidual(r1);
        if (g1 == 0.0) {
            add(r1);
        } else if (g0 != 0.0 && (g0 < 0.0) != (g1 < 0.0)) {
            double a = r0, b = r1, ga = g0;
            for (int it = 0; it < kBisectionIterations; ++it) {
                const double m = 0.5 * (a + b);
                const double gm = eq.calcResidual(m);
                if (gm == 0.0) { a = b = m; break; }
                if ((gm < 0.0) == (ga < 0.0)) { a = m; ga = gm; } else { b = m; }
            }
            add(0.5 * (a + b));
        }
        r0 = r1;
        g0 = g1;
    }
    // Forward sliding (D_TE with the sign of D_TA) makes the average exactly
    // sign(D_TA), so its root r = -mu sign(D_TA) sits on the end of the interval,
    // where round-off decides the sign of g: test it by its condition instead.
    const double a = planar.vMinus.x();
    const double forward = a > 0.0 ? -mu : mu;
    if (forward >= lo && forward <= hi && a * eq.calcVtPlus(forward) >= 0.0) add(forward);
    std::sort(roots.begin(), roots.end());
    return roots;
}

struct RootSet {
    std::vector<SmithRoot> roots;
    std::vector<CoulombBranch> branches;
};

RootSet findRoots(const PlanarProblem& planar) {
    const PlanarMobility mobility = makePlanarMobility(planar);
    const double targetVn = -planar.restitution * planar.vMinus.y();
    RootSet set;
    auto add = [&](const Vec2& I, CoulombBranch branch) {
        const Vec3 G(I.x(), I.y(), 0.0);
        set.roots.push_back({I, mobility.calcVelocityAfter(G).x(), mobility.calcEnergyChange(G)});
        set.branches.push_back(branch);
    };
    if (std::abs(planar.vMinus.x()) <= kSmithDirectSpeedRelTol * planar.vMinus.norm()) {
        // Direct impact: the set-valued limit of the average is Coulomb on D_TE (Kane, mu_0 = mu).
        for (const PlanarCoulombSolution& s :
             findCoulombSolutions(planar.W, planar.vMinus, targetVn, planar.friction, planar.friction))
            add(s.impulse, s.branch);
        return set;
    }
    const SmithEquation eq{planar, targetVn - planar.vMinus.y()};
    for (double r : findRatioRoots(eq)) {
        const double In = eq.calcNormalImpulse(r);
        add(Vec2(r * In, In), planar.friction == 0.0 ? CoulombBranch::Frictionless
                                                     : (r >= 0.0 ? CoulombBranch::SlidePositive
                                                                 : CoulombBranch::SlideNegative));
    }
    return set;
}

}  // namespace

std::vector<SmithRoot> findSmithRoots(const ImpactProblem& problem) {
    return findRoots(makePlanarProblem(problem, "smith")).roots;
}

ImpactResult solveSmith(const ImpactProblem& problem, const SmithOptions&, ImpactTrace* trace) {
    const PlanarProblem planar = makePlanarProblem(problem, "smith");
    const ImpactProblem p = makePlanarCopy(problem);
    const PlanarMobility mobility = makePlanarMobility(planar);
    const RootSet set = findRoots(planar);

    ImpactResult result;
    result.model = "smith";
    result.steps = kSmithScanSamples;
    if (set.roots.empty()) {
        result.status = SolveStatus::NoSolution;
        result.warnings.push_back(
            "no solution: Smith's law has no root with a positive normal impulse (W_nn + W_nt I_t/I_n > 0)");
        appendPlanarSegment(trace, p, mobility, Vec3::Zero(), Vec3::Zero(), ContactMode::Sliding,
                            ImpactPhase::Compression);
        completePlanarResult(p, mobility, 0.0, result);
        return result;
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < set.roots.size(); ++i)
        if (set.roots[i].energyChange < set.roots[best].energyChange) best = i;
    if (set.roots.size() > 1) {
        std::ostringstream os;
        os.precision(6);
        os << "Smith's law has " << set.roots.size() << " solutions (I_t, I_n, v_t+, dE):";
        for (const SmithRoot& r : set.roots)
            os << " (" << r.impulse.x() << ", " << r.impulse.y() << ", " << r.vtPlus << ", " << r.energyChange << ")";
        os << "; the most dissipative is reported";
        result.warnings.push_back(os.str());
    }
    const Vec2 I = set.roots[best].impulse;
    finishStraightPathResult(p, mobility, Vec3(I.x(), I.y(), 0.0), set.branches[best], trace, result);
    return result;
}

}  // namespace impactlab
