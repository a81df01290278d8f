// The settling box (core/sim/granular/SettlingBox.h) for
// N = 1,000, 8,000, 27,000 and 125,000: time per step and contact solves per
// second (per core) for both friction models on one thread, the default
// Gauss-Seidel sweep (coloured) and the weighted Jacobi sweep on 1 and 2 threads (wall time,
// since the work is spread over threads). Speed-up with MPI processes is
// measured by bench/granular_ranks.sh through impactlab-cli under mpirun.
//
// Every benchmark of one N starts from the same state: the box after
// kWarmupSteps Gauss-Seidel steps (0.05 s: the lattice has collided
// everywhere and its lower layers have landed; a contact solve there is a
// pile's, not a free fall's separating pair), computed once per N and copied.
// A contact solve is one per-contact subproblem in one sweep.
#include <benchmark/benchmark.h>

#include <map>

#include "sim/granular/SettlingBox.h"

using namespace impactlab::granular;

namespace {

constexpr int kWarmupSteps = 500;

const GranularWorld& getWarmBox(int particles) {
    static std::map<int, GranularWorld> cache;
    auto it = cache.find(particles);
    if (it == cache.end()) {
        GranularWorld w = makeSettlingBox(particles);
        w.options.threads = 1;
        for (int k = 0; k < kWarmupSteps; ++k) w.step();
        it = cache.emplace(particles, std::move(w)).first;
    }
    return it->second;
}

void runSettlingBox(benchmark::State& state, FrictionModel model, SweepKind sweep = SweepKind::GaussSeidel,
                    int threads = 1) {
    GranularWorld w = getWarmBox(static_cast<int>(state.range(0)));
    w.options.model = model;
    w.options.sweep = sweep;
    w.options.threads = threads;
    double contactSolves = 0.0, contacts = 0.0, steps = 0.0;
    for (auto _ : state) {
        const StepStatistics s = w.step();
        contactSolves += static_cast<double>(s.contacts) * s.iterations;
        contacts += s.contacts;
        ++steps;
    }
    state.counters["contacts_per_particle"] = contacts / steps / static_cast<double>(w.spheres.size());
    state.counters["contact_solves_per_s"] = benchmark::Counter(contactSolves, benchmark::Counter::kIsRate);
    state.counters["contact_solves_per_s_per_core"] =
        benchmark::Counter(contactSolves / threads, benchmark::Counter::kIsRate);
}

void BM_SettlingBoxMaxDissipation(benchmark::State& state) { runSettlingBox(state, FrictionModel::MaxDissipation); }
void BM_SettlingBoxCoulomb(benchmark::State& state) { runSettlingBox(state, FrictionModel::Coulomb); }
// The default Gauss-Seidel sweep (its dissected tasks, SweepOrder.h) on 1 and 2 threads.
void BM_SettlingBoxThreads(benchmark::State& state) {
    runSettlingBox(state, FrictionModel::MaxDissipation, SweepKind::GaussSeidel, static_cast<int>(state.range(1)));
}
void BM_SettlingBoxJacobi(benchmark::State& state) {
    runSettlingBox(state, FrictionModel::MaxDissipation, SweepKind::Jacobi, static_cast<int>(state.range(1)));
}

}  // namespace

// Every benchmark runs the box's four standard sizes.
void addSizes(benchmark::internal::Benchmark* b) {
    b->ArgName("particles")->UseRealTime()->Unit(benchmark::kMillisecond);
    for (int n : {1000, 8000, 27000, 125000}) b->Arg(n);
}

BENCHMARK(BM_SettlingBoxMaxDissipation)->Apply(addSizes);
BENCHMARK(BM_SettlingBoxCoulomb)->Apply(addSizes);
BENCHMARK(BM_SettlingBoxThreads)
    ->ArgsProduct({{1000, 8000, 27000, 125000}, {1, 2}})
    ->ArgNames({"particles", "threads"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SettlingBoxJacobi)
    ->ArgsProduct({{1000, 8000, 27000, 125000}, {1, 2}})
    ->ArgNames({"particles", "threads"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
