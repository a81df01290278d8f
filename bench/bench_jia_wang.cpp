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
    SummaryReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.printSummary();
    benchmark::Shutdown();
    return 0;
}
