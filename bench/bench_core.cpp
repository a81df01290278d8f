// Core benchmarks: building W from two bodies, the frictionless and frictional
// solves, and simulating the built-in scenes. Run: build/bin/impactlab_bench
#include <benchmark/benchmark.h>

#include "impact/Newton.h"
#include "impact/Poisson.h"
#include "impact/Stronge.h"
#include "mechanics/TwoBodyContact.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"

using namespace impactlab;

namespace {

TwoBodyContact makeContact() {
    TwoBodyContact c;
    c.body1.mass = 3.0;
    c.body1.principalInertia = Vec3(0.07, 0.08, 0.1);
    c.body1.orientation = Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()));
    c.body1.position = Vec3(0.05, -0.02, 0.23);
    c.body1.velocity = Vec3(-0.1, 0.5, -0.95);
    c.body1.angularVelocity = Vec3(0.1, 0.1, 0.1);
    c.body2.mass = 1.0;
    c.body2.principalInertia = Vec3(0.017, 0.023, 0.027);
    c.body2.position = Vec3(0.125, 0.125, -0.4375);
    c.frame = ContactFrame::makeFromNormal(Vec3::UnitZ());
    return c;
}

Mat3 jiaWangW() {
    Mat3 W;
    W << 11.5984, -0.910367, 2.44236, -0.910367, 9.90134, 1.95747, 2.44236, 1.95747, 2.59042;
    return W;
}

void BM_InverseInertiaW(benchmark::State& state) {
    const TwoBodyContact c = makeContact();
    for (auto _ : state) benchmark::DoNotOptimize(c.calcContactW());
}
BENCHMARK(BM_InverseInertiaW);

void BM_FrictionlessStronge(benchmark::State& state) {
    const ImpactProblem p = ImpactProblem::makeContactLevel(jiaWangW(), Vec3(-0.26, 0.39, -0.077), 0.0, 0.95);
    for (auto _ : state) benchmark::DoNotOptimize(solveStronge(p).impulse);
}
BENCHMARK(BM_FrictionlessStronge);

// The closed form every frictionless two-phase law takes.
void BM_FrictionlessNewton(benchmark::State& state) {
    const ImpactProblem p = ImpactProblem::makeContactLevel(jiaWangW(), Vec3(-0.26, 0.39, -0.077), 0.0, 0.95);
    for (auto _ : state) benchmark::DoNotOptimize(solveNewton(p).impulse);
}
BENCHMARK(BM_FrictionlessNewton);

void BM_FrictionlessPoisson(benchmark::State& state) {
    const ImpactProblem p = ImpactProblem::makeContactLevel(jiaWangW(), Vec3(-0.26, 0.39, -0.077), 0.0, 0.95);
    for (auto _ : state) benchmark::DoNotOptimize(solvePoisson(p).impulse);
}
BENCHMARK(BM_FrictionlessPoisson);

void BM_FrictionlessNewtonBodyLevel(benchmark::State& state) {
    const TwoBodyContact c = makeContact();
    for (auto _ : state) {
        const ImpactProblem p = ImpactProblem::makeBodyLevel(c, 0.0, 0.8);
        benchmark::DoNotOptimize(solveNewton(p).impulse);
    }
}
BENCHMARK(BM_FrictionlessNewtonBodyLevel);

void BM_StrongeWithFrictionJiaWangExample(benchmark::State& state) {
    const ImpactProblem p = ImpactProblem::makeContactLevel(jiaWangW(), Vec3(-0.2619763, 0.3863287, -0.0768555), 0.8, 0.95);
    for (auto _ : state) benchmark::DoNotOptimize(solveStronge(p).impulse);
}
BENCHMARK(BM_StrongeWithFrictionJiaWangExample);

void BM_SimulateScene(benchmark::State& state, const char* file, bool recordTraces = true) {
    const SimulatedScene s = loadSimulatedScene(std::string(IMPACTLAB_SCENES_DIR) + "/" + file);
    SimulationOptions o;
    o.recordTraces = recordTraces;
    for (auto _ : state) benchmark::DoNotOptimize(simulate(s, o).impacts.size());
}
BENCHMARK_CAPTURE(BM_SimulateScene, superball, "superball.json")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SimulateScene, brick_drop, "brick-drop.json")->Unit(benchmark::kMillisecond);
// Jointed scenes, untraced: each run is what one slider move computes.
BENCHMARK_CAPTURE(BM_SimulateScene, newtons_cradle_swinging, "newtons-cradle-swinging.json", false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SimulateScene, triple_pendulum_fall, "triple-pendulum-fall.json", false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SimulateScene, double_pendulum_wall, "double-pendulum-wall.json", false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SimulateScene, ball_chain_strike, "ball-chain-strike.json", false)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
