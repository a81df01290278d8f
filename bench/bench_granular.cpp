// The settling box of issue 12, item 8 (core/sim/granular/SettlingBox.h): time
// per step and contact solves per second on one core, for both friction
// models, and the Jacobi sweep on 1 and 2 threads (issue 12, item 2; wall
// time, since the work is spread over threads). Each benchmark first lets the box settle for kWarmupSteps so the
// steps measured have the dense contacts of a pile, not a free fall.
#include <benchmark/benchmark.h>

#include "sim/granular/SettlingBox.h"

using namespace impactlab::granular;

namespace {

constexpr int kWarmupSteps = 2000;   // 0.2 s: the lattice has collapsed into a pile

void runSettlingBox(benchmark::State& state, FrictionModel model, SweepKind sweep = SweepKind::GaussSeidel,
                    int threads = 1) {
    GranularWorld w = makeSettlingBox(static_cast<int>(state.range(0)), model);
    for (int k = 0; k < kWarmupSteps; ++k) w.step();   // the same pile for every sweep and thread count
    w.options.sweep = sweep;
    w.options.threads = threads;
    double contactSolves = 0.0, contacts = 0.0, steps = 0.0;
    for (auto _ : state) {
        const StepStatistics s = w.step();
        contactSolves += static_cast<double>(s.contacts) * s.iterations;
        contacts += s.contacts;
        ++steps;
    }
    state.counters["contacts_per_step"] = contacts / steps;
    state.counters["contact_solves_per_s"] = benchmark::Counter(contactSolves, benchmark::Counter::kIsRate);
    state.counters["particles"] = static_cast<double>(w.spheres.size());
}

void BM_SettlingBoxMaxDissipation(benchmark::State& state) { runSettlingBox(state, FrictionModel::MaxDissipation); }
void BM_SettlingBoxCoulomb(benchmark::State& state) { runSettlingBox(state, FrictionModel::Coulomb); }
void BM_SettlingBoxJacobi(benchmark::State& state) {
    runSettlingBox(state, FrictionModel::MaxDissipation, SweepKind::Jacobi, static_cast<int>(state.range(1)));
}

}  // namespace

BENCHMARK(BM_SettlingBoxMaxDissipation)->Arg(1000)->Arg(8000)->Arg(27000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SettlingBoxCoulomb)->Arg(1000)->Arg(8000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SettlingBoxJacobi)
    ->ArgsProduct({{8000, 27000}, {1, 2}})
    ->ArgNames({"particles", "threads"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
