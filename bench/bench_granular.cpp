// The settling box of issue 12, item 8 (core/sim/granular/SettlingBox.h): time
// per step and contact solves per second on one core, for both friction
// models. Each benchmark first lets the box settle for kWarmupSteps so the
// steps measured have the dense contacts of a pile, not a free fall.
#include <benchmark/benchmark.h>

#include "sim/granular/SettlingBox.h"

using namespace impactlab::granular;

namespace {

constexpr int kWarmupSteps = 2000;   // 0.2 s: the lattice has collapsed into a pile

void runSettlingBox(benchmark::State& state, FrictionModel model) {
    GranularWorld w = makeSettlingBox(static_cast<int>(state.range(0)), model);
    for (int k = 0; k < kWarmupSteps; ++k) w.step();
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

}  // namespace

BENCHMARK(BM_SettlingBoxMaxDissipation)->Arg(1000)->Arg(8000)->Arg(27000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SettlingBoxCoulomb)->Arg(1000)->Arg(8000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
