// Calibration of the reconstruction's intervals: with
// synthetic evidence of known noise, the 95 % intervals must hold the true
// speeds in 92-98 % of the trials. Slow by nature (each trial is a fit and
// its Monte Carlo), so the sanitized run skips it (scripts/run-sanitized-tests.sh).
#include <gtest/gtest.h>

#include <random>

#include "reconstruction/Reconstruction.h"
#include "scene/VehicleSceneReader.h"
#include "support/SceneTestSupport.h"
#include "vehicle/RunOut.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Acceptance: at least 200 trials, coverage within [0.92, 0.98].
constexpr int kCoverageTrials = 200;
constexpr double kCoverageLow = 0.92;
constexpr double kCoverageHigh = 0.98;
// Monte Carlo samples per trial: the 2.5 % percentile sits between the 5th
// and 6th of 200 sorted samples.
constexpr int kSamplesPerTrial = 200;
// The evidence's one-sigma errors (a well documented crash: sliding marks to
// the rest positions, video for the separation).
constexpr double kSigmaSeparation = 0.4;   // m/s
constexpr double kSigmaYawRate = 0.15;     // rad/s
constexpr double kSigmaRestPosition = 0.5; // m
constexpr double kSigmaRestHeading = 0.1;  // rad
// The uncertain drag factor: the scene declares it uniform on this range,
// and each trial's truth draws it from there.
constexpr double kDragLow = 0.65, kDragHigh = 0.75;

TEST(ReconstructionCoverage, NinetyFivePercentIntervalsHoldTheTruthAboutThatOften) {
    const nlohmann::json base = test::loadSceneDocument("reconstruction-intersection.json");
    std::mt19937 rng(2025);
    std::normal_distribution<double> noise(0.0, 1.0);
    std::uniform_real_distribution<double> drag(kDragLow, kDragHigh);
    int covered = 0, checks = 0;
    for (int t = 0; t < kCoverageTrials; ++t) {
        nlohmann::json truth = base;
        truth["vehicles"][0]["speed"] = 13.9;
        truth["vehicles"][1]["speed"] = 11.1;
        truth["run_out"]["drag_factor"] = drag(rng);
        const VehicleScene scene = readVehicleScene(truth);
        const VehicleCollisionResult c = solveVehicleCollision(scene.vehicles.collision);
        nlohmann::json evidence = nlohmann::json::array();
        const VehicleImpactOutcome* outcomes[] = {&c.vehicle1, &*c.vehicle2};
        const Vehicle* after[] = {&c.vehicle1After, &*c.vehicle2After};
        for (int v = 0; v < 2; ++v) {
            const RunOutResult rest = calcRunOut(*after[v], scene.vehicles.runOut);
            const Vec2 sep = outcomes[v]->velocityAfter;
            evidence.push_back({{"quantity", "separation_velocity"}, {"vehicle", v},
                                {"value", {sep.x() + kSigmaSeparation * noise(rng), sep.y() + kSigmaSeparation * noise(rng)}},
                                {"sigma", kSigmaSeparation}});
            evidence.push_back({{"quantity", "yaw_rate"}, {"vehicle", v},
                                {"value", outcomes[v]->yawRateAfter + kSigmaYawRate * noise(rng)}, {"sigma", kSigmaYawRate}});
            evidence.push_back({{"quantity", "rest_position"}, {"vehicle", v},
                                {"value", {rest.restPosition.x() + kSigmaRestPosition * noise(rng),
                                           rest.restPosition.y() + kSigmaRestPosition * noise(rng)}},
                                {"sigma", kSigmaRestPosition}});
            evidence.push_back({{"quantity", "rest_heading"}, {"vehicle", v},
                                {"value", rest.restHeading + kSigmaRestHeading * noise(rng)}, {"sigma", kSigmaRestHeading}});
        }
        nlohmann::json doc = base;   // speeds at the neutral 10 m/s, drag at 0.7
        doc["reconstruction"]["evidence"] = evidence;
        doc["reconstruction"]["uncertain"] = {{{"target", "/run_out/drag_factor"}, {"min", kDragLow}, {"max", kDragHigh}}};
        const VehicleScene start = readVehicleScene(doc);
        ReconstructionOptions options;
        options.samples = kSamplesPerTrial;
        options.seed = static_cast<std::uint64_t>(t + 1);
        options.starts = 2;
        options.threads = 2;
        const ReconstructionResult r = reconstruct(start, readReconstructionSpec(start), options);
        ASSERT_NE(r.status, "no_approach");
        const double truthSpeeds[] = {13.9, 11.1};
        for (int v = 0; v < 2; ++v, ++checks) {
            const QuantitySummary& s = r.unknowns[v].summary;
            if (s.low <= truthSpeeds[v] && truthSpeeds[v] <= s.high) ++covered;
        }
    }
    const double share = static_cast<double>(covered) / checks;
    RecordProperty("coverage", std::to_string(share));
    std::cout << "coverage of the 95 % intervals: " << covered << " / " << checks << " = " << share << "\n";
    EXPECT_GE(share, kCoverageLow);
    EXPECT_LE(share, kCoverageHigh);
}

}}  // namespace
