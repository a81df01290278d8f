// PLUS (Uchida, Sherman & Delp 2015) per solve on the paper's examples:
//
//   Brick/<theta_max>   the brick on one vertex (Example 1, mu 0.325, e_min
//                       0.373) at theta_max 0.01 / 0.15 / 0.25 rad
//                       (116 / 11 / 8 intervals, Fig. 10)
//   FourPointBrick      Example 2, four contacts, rank-6 A
//   NewtonsCradle       Example 3, five balls, four contacts, five rounds
// Counters: intervals and rounds per solve. The problem (A from the bodies)
// is built once, outside the timed loop.
//
// Run: build/bin/impactlab_bench_plus
#include <benchmark/benchmark.h>

#include "impact/plus/Plus.h"
#include "mechanics/ImpactExamples.h"

using namespace impactlab;

namespace {

ContactSpaceProblem makeProblem(const BodyContacts& system, double mu, double e, RestitutionKind kind) {
    std::vector<ContactParameters> contacts(system.contacts.size(), ContactParameters{"", mu, e, kind});
    return ContactSpaceProblem::makeBodyLevel(contacts, system);
}

void run(benchmark::State& state, const ContactSpaceProblem& problem, const PlusOptions& options) {
    ContactSpaceResult r;
    for (auto _ : state) {
        r = solvePlus(problem, options);
        benchmark::DoNotOptimize(r.impulse.data());
    }
    state.counters["intervals"] = r.intervals;
    state.counters["rounds"] = r.rounds;
}

void Brick(benchmark::State& state) {
    PlusOptions o;
    o.thetaMax = state.range(0) / 100.0;
    run(state, makeProblem(makeBrickOnVertex(), 0.325, 0.373, RestitutionKind::VelocityDependent), o);
}
BENCHMARK(Brick)->Arg(1)->Arg(15)->Arg(25)->ArgName("theta_max_x100")->Unit(benchmark::kMicrosecond);

void FourPointBrick(benchmark::State& state) {
    run(state, makeProblem(makeBrickOnFourVertices(), 0.2, 0.414, RestitutionKind::VelocityDependent), {});
}
BENCHMARK(FourPointBrick)->Unit(benchmark::kMicrosecond);

void NewtonsCradle(benchmark::State& state) {
    run(state, makeProblem(makeNewtonsCradle(), 0.0, 1.0, RestitutionKind::Constant), {});
}
BENCHMARK(NewtonsCradle)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
