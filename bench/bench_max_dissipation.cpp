// The analytic maximum-dissipation solver per contact (Preclik, Eibl & Ruede
// sec. 3.2, Fig. 5) against a general iterative minimiser on the same
// problems: a fine angular search of the objective along the cone's section
// (dense sampling of the feasible arc, then golden section to the same angle
// accuracy as the analytic solver's Newton polish). Also the Coulomb
// enumeration. Run: build/bin/impactlab_bench_max_dissipation
//
// Problems: 1024 random SPD W (fixed seed), colliding, mu in (0.05, 2.05),
// filtered so that the unconstrained minimiser leaves the cone: every solve
// takes the conic-boundary branch (the quartic), the costly one. The
// sticking-heavy mix a granular flow sees is cheaper.
#include <benchmark/benchmark.h>

#include <limits>
#include <random>
#include <vector>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"
#include "impact/SixPointMassBody.h"

using namespace impactlab;

namespace {

// Samples of the angular search's first pass; then golden section to the
// analytic solver's angle tolerance.
constexpr int kSearchSamples = 512;

struct Problem {
    Mat3 W;
    Vec3 vMinus;
    double mu;
};

const std::vector<Problem>& getProblems() {
    static const std::vector<Problem> problems = [] {
        std::vector<Problem> out;
        std::mt19937 rng(5);
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        while (out.size() < 1024) {
            Mat3 L;
            for (int i = 0; i < 9; ++i) L(i / 3, i % 3) = u(rng);
            Problem p{L * L.transpose() + 0.05 * Mat3::Identity(), Vec3(u(rng), u(rng), -std::abs(u(rng)) - 0.01),
                      0.05 + 2.0 * std::abs(u(rng))};
            if (calcMaxDissipationImpulse(p.W, p.vMinus, p.mu).branch == MaxDissipationBranch::ConicBoundary)
                out.push_back(p);
        }
        return out;
    }();
    return problems;
}

// The iterative reference: minimum of f_obj over the feasible arc by sampling
// and golden section (needs no stationarity condition).
Vec3 solveByAngularSearch(const Problem& q) {
    const CompressionPlane plane = CompressionPlane::make(toPaperFrame(q.W, q.vMinus, q.mu));
    const bool closed = plane.conic == ConicType::Ellipse;
    const double lo = closed ? -kPi : plane.alpha0 - plane.deltaAlpha;
    const double width = 2.0 * (closed ? kPi : plane.deltaAlpha);
    double best = 0.0, bestF = std::numeric_limits<double>::infinity();
    for (int i = 0; i < kSearchSamples; ++i) {
        const double alpha = lo + (i + 0.5) * width / kSearchSamples;
        if (!plane.isFeasibleAngle(alpha)) continue;
        const double f = plane.calcFobj(alpha);
        if (f < bestF) { bestF = f; best = alpha; }
    }
    double a = best - width / kSearchSamples, b = best + width / kSearchSamples;
    const double invPhi = 0.5 * (std::sqrt(5.0) - 1.0);
    double c = b - invPhi * (b - a), d = a + invPhi * (b - a);
    double fc = plane.calcFobj(c), fd = plane.calcFobj(d);
    while (b - a > kTrigRootAngleTol * 100.0) {
        if (fc < fd) { b = d; d = c; fd = fc; c = b - invPhi * (b - a); fc = plane.calcFobj(c); }
        else { a = c; c = d; fc = fd; d = a + invPhi * (b - a); fd = plane.calcFobj(d); }
    }
    return toContractOrder(plane.liftToPaper(plane.calcGamma(0.5 * (a + b))));
}

void BM_MaxDissipationAnalytic(benchmark::State& state) {
    const auto& problems = getProblems();
    std::size_t i = 0;
    for (auto _ : state) {
        const Problem& p = problems[i++ & 1023];
        benchmark::DoNotOptimize(calcMaxDissipationImpulse(p.W, p.vMinus, p.mu));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MaxDissipationAnalytic);

void BM_MaxDissipationAngularSearch(benchmark::State& state) {
    const auto& problems = getProblems();
    // Same answer first: the search reaches the analytic impulse.
    for (const Problem& p : problems) {
        const Vec3 a = calcMaxDissipationImpulse(p.W, p.vMinus, p.mu).impulse, s = solveByAngularSearch(p);
        if ((a - s).norm() > 1e-6 * (1.0 + a.norm())) {
            state.SkipWithError("angular search and analytic solver disagree");
            return;
        }
    }
    std::size_t i = 0;
    for (auto _ : state) {
        const Problem& p = problems[i++ & 1023];
        benchmark::DoNotOptimize(solveByAngularSearch(p));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MaxDissipationAngularSearch);

void BM_MaxDissipationTable1(benchmark::State& state) {
    SixPointMassParams params;
    params.literalPaperFrame = true;
    const ImpactProblem p = makeSixPointMassProblem(params).problem;
    for (auto _ : state) benchmark::DoNotOptimize(calcMaxDissipationImpulse(p.W, p.vMinus, p.friction));
}
BENCHMARK(BM_MaxDissipationTable1);

void BM_MaxDissipationLaw(benchmark::State& state) {
    // The registry-facing law: energies, warnings, result strings (allocates).
    const Problem& q = getProblems().front();
    const ImpactProblem p = ImpactProblem::makeContactLevel(q.W, q.vMinus, q.mu, 0.0);
    for (auto _ : state) benchmark::DoNotOptimize(solveMaxDissipation(p));
}
BENCHMARK(BM_MaxDissipationLaw);

void BM_CoulombInelasticSolutions(benchmark::State& state) {
    const auto& problems = getProblems();
    std::size_t i = 0;
    for (auto _ : state) {
        const Problem& p = problems[i++ & 1023];
        benchmark::DoNotOptimize(findCoulombInelasticSolutions(p.W, p.vMinus, p.mu));
    }
}
BENCHMARK(BM_CoulombInelasticSolutions);

}  // namespace

BENCHMARK_MAIN();
