// Jia & Wang's Table 1 on its two published impacts (the icosahedron on a
// tetrahedron and the bowling pin and ball, tests/data/problems), and the
// accuracy each integration method buys with its time.
//
//   Table1/<impact>/<method>   NI, FS and VS at the paper's settings (VS also
//                              with a paper-like loose l tolerance), and the
//                              default method.
//   Sweep/<impact>/<method>/<parameter>   the same methods over their step
//                              parameter: h for NI and FS, h1 = h2 for VS, the
//                              local error tolerance for the default.
//   Random/<method>            256 random impacts (W = A A^T + 0.2 I, A's
//                              entries in [-1, 1], v- in [-2, 2]^2 x [-3, -0.1],
//                              mu in [0, 1.5], e in [0, 1]): the default in
//                              angle and along I_n; time per impact, mean
//                              steps, worst and mean relative error.
// Counters: steps per impact, error = |I_r - I_ref| (N s) and rel_error against
// a converged run (default method, local error 1e-13, l and s tolerances
// 1e-10). A summary table is printed after the runs.
//
// Run: build/bin/impactlab_bench_jia_wang [--benchmark_filter=Table1]
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <nlohmann/json.hpp>

#include "impact/JiaWang.h"
#include "laws/ProblemJson.h"
#include "support/JiaWangReference.h"

using namespace impactlab;

namespace {

struct Impact {
    std::string name;
    ImpactProblem problem;
    Vec3 reference;   // converged run
    double hNI, hFS;  // N s, Table 1's fixed steps
};

Impact makeImpact(const std::string& name, const std::string& file, double hNI, double hFS) {
    const ImpactProblem p = test::loadExampleProblem(file);
    return {name, p, test::solveJiaWangConverged(p), hNI, hFS};
}

void runImpact(benchmark::State& state, const Impact& impact, const JiaWangOptions& options) {
    ImpactResult r;
    for (auto _ : state) {
        r = solveJiaWang(impact.problem, options);
        benchmark::DoNotOptimize(r.impulse.data());
    }
    const double error = (r.impulse - impact.reference).norm();
    state.counters["steps"] = r.steps;
    state.counters["error"] = error;
    state.counters["rel_error"] = error / impact.reference.norm();
    if (r.status != SolveStatus::Converged) state.SkipWithError(toString(r.status));
}

JiaWangOptions makeOptions(JiaWangMethod method) {
    JiaWangOptions o;
    o.method = method;
    o.maxSteps = 10000000;
    return o;
}

void registerImpact(const Impact& impact) {
    auto add = [&](const std::string& name, const JiaWangOptions& o) {
        benchmark::RegisterBenchmark(name.c_str(), [&impact, o](benchmark::State& s) { runImpact(s, impact, o); })
            ->Unit(benchmark::kMicrosecond);
    };
    // Table 1's columns.
    JiaWangOptions ni = makeOptions(JiaWangMethod::FixedStep);
    ni.h = impact.hNI;
    add("Table1/" + impact.name + "/NI", ni);
    JiaWangOptions fs = makeOptions(JiaWangMethod::FixedStepClosedForm);
    fs.h = impact.hFS;
    add("Table1/" + impact.name + "/FS", fs);
    add("Table1/" + impact.name + "/VS", makeOptions(JiaWangMethod::PaperAdaptive));
    // The paper's iteration counts imply event l at sin(gamma, gamma') ~ 0.05
    // (reference A2.7): its VS with that tolerance.
    JiaWangOptions vsLoose = makeOptions(JiaWangMethod::PaperAdaptive);
    vsLoose.lAngleTol = 0.05;
    add("Table1/" + impact.name + "/VS-l0.05", vsLoose);
    add("Table1/" + impact.name + "/Default", makeOptions(JiaWangMethod::Default));

    // Accuracy against time.
    for (double h : {1e-2, 3e-3, 1e-3, 3e-4, 1e-4, 3e-5, 1e-5}) {
        for (JiaWangMethod m : {JiaWangMethod::FixedStep, JiaWangMethod::FixedStepClosedForm}) {
            JiaWangOptions o = makeOptions(m);
            o.h = h;
            char name[96];
            std::snprintf(name, sizeof name, "Sweep/%s/%s/h=%g", impact.name.c_str(),
                          m == JiaWangMethod::FixedStep ? "NI" : "FS", h);
            add(name, o);
        }
    }
    for (double h : {1e-1, 3e-2, 1e-2, 3e-3, 1e-3, 3e-4, 1e-4}) {
        JiaWangOptions o = makeOptions(JiaWangMethod::PaperAdaptive);
        o.h1 = o.h2 = h;
        char name[96];
        std::snprintf(name, sizeof name, "Sweep/%s/VS/h1=h2=%g", impact.name.c_str(), h);
        add(name, o);
    }
    for (double tol : {1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11}) {
        JiaWangOptions o = makeOptions(JiaWangMethod::Default);
        o.localErrorTol = tol;
        char name[96];
        std::snprintf(name, sizeof name, "Sweep/%s/Default/tol=%g", impact.name.c_str(), tol);
        add(name, o);
    }
}

// Random impacts that end (the converged reference converges), with it.
struct RandomSet {
    std::vector<ImpactProblem> problems;
    std::vector<Vec3> references;
};

RandomSet makeRandomSet(int count, unsigned seed) {
    std::mt19937 rng(seed);
    auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    RandomSet set;
    while (static_cast<int>(set.problems.size()) < count) {
        Mat3 A;
        for (int i = 0; i < 3; ++i) A.col(i) = Vec3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
        const Vec3 v(uniform(-2, 2), uniform(-2, 2), -uniform(0.1, 3.0));
        const ImpactProblem p = ImpactProblem::makeContactLevel(A * A.transpose() + 0.2 * Mat3::Identity(), v,
                                                                uniform(0.0, 1.5), uniform(0.0, 1.0));
        JiaWangOptions converged;
        converged.localErrorTol = 1e-13;
        converged.lAngleTol = 1e-10;
        converged.stickSpeedRelTol = 1e-10;
        converged.maxSteps = 10000000;
        converged.integrateInAngle = false;
        const ImpactResult ref = solveJiaWang(p, converged);
        if (ref.status != SolveStatus::Converged) continue;
        set.problems.push_back(p);
        set.references.push_back(ref.impulse);
    }
    return set;
}

void runRandom(benchmark::State& state, const RandomSet& set, const JiaWangOptions& options) {
    std::vector<ImpactResult> results(set.problems.size());
    for (auto _ : state) {
        for (size_t i = 0; i < set.problems.size(); ++i) results[i] = solveJiaWang(set.problems[i], options);
        benchmark::DoNotOptimize(results.data());
    }
    double worst = 0.0, sum = 0.0, steps = 0.0;
    for (size_t i = 0; i < results.size(); ++i) {
        const double rel = (results[i].impulse - set.references[i]).norm() / set.references[i].norm();
        worst = std::max(worst, rel);
        sum += rel;
        steps += results[i].steps;
    }
    const double n = static_cast<double>(results.size());
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(results.size()));
    state.counters["impacts"] = n;
    state.counters["steps"] = steps / n;
    state.counters["worst_rel_error"] = worst;
    state.counters["mean_rel_error"] = sum / n;
}

void registerRandom(const RandomSet& set) {
    JiaWangOptions alongNormal;
    alongNormal.integrateInAngle = false;
    for (const auto& [name, o] : {std::pair<const char*, JiaWangOptions>{"Random/Default", JiaWangOptions{}},
                                  std::pair<const char*, JiaWangOptions>{"Random/AlongNormalImpulse", alongNormal}}) {
        benchmark::RegisterBenchmark(name, [&set, o = o](benchmark::State& s) { runRandom(s, set, o); })
            ->Unit(benchmark::kMillisecond);
    }
}

// The console output, plus the runs kept for the summary.
class SummaryReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& r : runs)
            if (!r.error_occurred && r.run_type == Run::RT_Iteration) runs_.push_back(r);
    }
    void printSummary() const {
        std::printf("\n%-46s %9s %12s %12s %12s\n", "impact / method", "steps", "us/impact", "error N s", "rel.error");
        for (const Run& r : runs_) {
            if (r.counters.count("impacts")) {   // Random/<method>: ms per set
                std::printf("%-46s %9.1f %12.3f %12s %12.3e (worst %.1e)\n", r.benchmark_name().c_str(),
                            r.counters.at("steps").value,
                            r.GetAdjustedRealTime() * 1e3 / r.counters.at("impacts").value, "",
                            r.counters.at("mean_rel_error").value, r.counters.at("worst_rel_error").value);
                continue;
            }
            std::printf("%-46s %9.0f %12.3f %12.3e %12.3e\n", r.benchmark_name().c_str(), r.counters.at("steps").value,
                        r.GetAdjustedRealTime(), r.counters.at("error").value, r.counters.at("rel_error").value);
        }
    }

private:
    std::vector<Run> runs_;
};

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    // Table 1's steps: NI 0.00095 and 0.001, FS 0.001 and 0.002 N s.
    static const Impact impacts[] = {
        makeImpact("icosahedron", "jia-wang-icosahedron.json", 0.00095, 0.001),
        makeImpact("pin-ball", "jia-wang-pin-ball.json", 0.001, 0.002),
    };
    const Vec3 paperTruth[] = {Vec3(-0.00326657, -0.0592263, 0.1007), Vec3(0.7330654, -0.0216048, 2.585018)};
    for (int i = 0; i < 2; ++i) {
        std::printf("reference %-12s I_r = (%.9f, %.9f, %.9f), |I_r - paper| = %.2e\n", impacts[i].name.c_str(),
                    impacts[i].reference.x(), impacts[i].reference.y(), impacts[i].reference.z(),
                    (impacts[i].reference - paperTruth[i]).norm());
        registerImpact(impacts[i]);
    }
    static const RandomSet randomSet = makeRandomSet(256, 71);
    registerRandom(randomSet);
    SummaryReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.printSummary();
    benchmark::Shutdown();
    return 0;
}
