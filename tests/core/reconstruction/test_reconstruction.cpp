// The vehicle reconstruction (reconstruction/Reconstruction.h): speeds
// recovered from the evidence of forward runs, the RICSAC 6 staged crash,
// sensitivities against re-fits, flat directions and bounds, reproducibility
// across thread counts, and the estimate written back into the scene.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "reconstruction/ForwardModel.h"
#include "reconstruction/Reconstruction.h"
#include "scene/VehicleSceneReader.h"
#include "support/SceneTestSupport.h"
#include "support/TestSupport.h"
#include "vehicle/RunOut.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Acceptance: random intersections' speeds from their rest poses within 3 %.
constexpr double kRoundTripRelTol = 0.03;
// Acceptance: RICSAC 6 within 10 % of the measured 9.6 m/s.
constexpr double kRicsacRelTol = 0.10;
constexpr double kRicsacMeasuredSpeed = 9.6;   // m/s, both vehicles (Neades, Table 7.1)
// A sensitivity against the re-fit it predicts: the observation moves by
// kNudgeShare sigma, the re-fit's change is linear in it to O(nudge), and the
// fit ends within its tolerances (1e-10): 1e-3 relative plus a floor.
constexpr double kNudgeShare = 1e-4;
constexpr double kSensitivityRelTol = 1e-3;
constexpr double kSensitivityAbsTol = 1e-6;
// Derived values at the estimate against the collision of the applied scene:
// the same arithmetic on the same inputs.
constexpr double kAppliedRelTol = 1e-12;

nlohmann::json makeIntersectionDocument() {
    nlohmann::json doc = test::loadSceneDocument("reconstruction-intersection.json");
    return doc;
}

struct RestPoses {
    std::vector<Vec2> positions;
    std::vector<double> headings;
};

// The evidence by an independent path: the collision, then the sampled
// run-out at the scene's sample interval (the reconstruction computes rest
// poses in one step per motion).
RestPoses runForward(const VehicleScene& scene) {
    const VehicleCollisionResult c = solveVehicleCollision(scene.vehicles.collision);
    RestPoses r;
    for (const Vehicle* v : {&c.vehicle1After, c.vehicle2After ? &*c.vehicle2After : nullptr}) {
        if (!v) continue;
        const RunOutResult out = calcRunOut(*v, scene.vehicles.runOut);
        r.positions.push_back(out.restPosition);
        r.headings.push_back(out.restHeading);
    }
    return r;
}

nlohmann::json makeRestEvidence(const RestPoses& r, double sigmaPosition, double sigmaHeading) {
    nlohmann::json evidence = nlohmann::json::array();
    for (std::size_t i = 0; i < r.positions.size(); ++i) {
        evidence.push_back({{"quantity", "rest_position"}, {"vehicle", i},
                            {"value", {r.positions[i].x(), r.positions[i].y()}}, {"sigma", sigmaPosition}});
        evidence.push_back({{"quantity", "rest_heading"}, {"vehicle", i}, {"value", r.headings[i]},
                            {"sigma", sigmaHeading}});
    }
    return evidence;
}

ReconstructionResult reconstructDocument(const nlohmann::json& doc, ReconstructionOptions options = {}) {
    const VehicleScene scene = readVehicleScene(doc);
    return reconstruct(scene, readReconstructionSpec(scene), options);
}

TEST(Reconstruction, RandomIntersectionsGiveTheirSpeedsBackFromRestPoses) {
    std::mt19937 rng(25);
    // Vehicle 2 turned towards -x only, so every draw approaches at P.
    std::uniform_real_distribution<double> speed(6.0, 25.0), turn(-0.35, 0.35), turn2(0.0, 0.35), offset(-0.4, 0.6);
    const int trials = test::getTrialCount(24);
    for (int t = 0; t < trials; ++t) {
        nlohmann::json truth = makeIntersectionDocument();
        const double v1 = speed(rng), v2 = speed(rng);
        truth["vehicles"][0]["speed"] = v1;
        truth["vehicles"][1]["speed"] = v2;
        truth["vehicles"][0]["heading"] = turn(rng);
        truth["vehicles"][1]["heading"] = 0.5 * kPi + turn2(rng);
        truth["collision"]["impact_point"][1] = offset(rng);
        nlohmann::json doc = truth;
        doc["vehicles"][0]["speed"] = 10.0;   // the neutral start
        doc["vehicles"][1]["speed"] = 10.0;
        doc["reconstruction"]["evidence"] = makeRestEvidence(runForward(readVehicleScene(truth)), 0.1, 0.02);
        doc["reconstruction"].erase("uncertain");
        ReconstructionOptions options;
        options.samples = 0;
        const ReconstructionResult r = reconstructDocument(doc, options);
        SCOPED_TRACE("trial " + std::to_string(t) + ": v1 " + std::to_string(v1) + ", v2 " + std::to_string(v2));
        ASSERT_EQ(r.status, "converged");
        EXPECT_NEAR(r.unknowns[0].summary.value, v1, kRoundTripRelTol * v1);
        EXPECT_NEAR(r.unknowns[1].summary.value, v2, kRoundTripRelTol * v2);
    }
}

TEST(Reconstruction, Ricsac6SpeedsLieWithinTenPercentAndInsideTheirIntervals) {
    const nlohmann::json doc = test::loadSceneDocument("reconstruction-ricsac-06.json");
    ReconstructionOptions options;
    options.threads = 2;
    // The scene's own 1000 samples; under the sanitizers a quarter of a
    // quarter (62): every sample runs the same fit, and memory errors show on any.
    options.samples = test::getTrialCount(test::getTrialCount(1000));
    const ReconstructionResult r = reconstructDocument(doc, options);
    ASSERT_EQ(r.status, "converged");
    for (int v = 0; v < 2; ++v) {
        const QuantitySummary& s = r.unknowns[v].summary;
        SCOPED_TRACE("vehicle " + std::to_string(v));
        EXPECT_NEAR(s.value, kRicsacMeasuredSpeed, kRicsacRelTol * kRicsacMeasuredSpeed);
        EXPECT_LE(s.low, kRicsacMeasuredSpeed);
        EXPECT_GE(s.high, kRicsacMeasuredSpeed);
    }
    EXPECT_EQ(r.dof, 2);   // 8 scalar observations, 6 unknowns
    EXPECT_LE(r.failedSamples, r.samples / 100);
}

TEST(Reconstruction, SensitivitiesPredictTheRefitOfANudgedObservation) {
    nlohmann::json doc = test::loadSceneDocument("reconstruction-intersection.json");
    doc["reconstruction"].erase("uncertain");
    ReconstructionOptions options;
    options.samples = 0;
    const ReconstructionResult base = reconstructDocument(doc, options);
    ASSERT_EQ(base.status, "converged");
    nlohmann::json& evidence = doc["reconstruction"]["evidence"];
    for (std::size_t e = 0; e < evidence.size(); ++e) {
        const bool vector = evidence[e]["value"].is_array();
        const std::size_t components = vector ? 2 : 1;
        for (std::size_t c = 0; c < components; ++c) {
            nlohmann::json nudged = doc;
            const double delta = kNudgeShare * evidence[e]["sigma"].get<double>();
            nlohmann::json& value = nudged["reconstruction"]["evidence"][e]["value"];
            (vector ? value[c] : value) = (vector ? value[c] : value).get<double>() + delta;
            // Start at the base estimate, so the re-fit stays in its basin.
            for (std::size_t j = 0; j < base.unknowns.size(); ++j)
                nudged[nlohmann::json::json_pointer(base.unknowns[j].unknown.target)] = base.unknowns[j].summary.value;
            options.starts = 0;
            const ReconstructionResult refit = reconstructDocument(nudged, options);
            for (std::size_t j = 0; j < base.unknowns.size(); ++j) {
                const double predicted = base.unknowns[j].sensitivity[e][c] * delta;
                const double actual = refit.unknowns[j].summary.value - base.unknowns[j].summary.value;
                EXPECT_NEAR(actual, predicted, kSensitivityRelTol * std::abs(predicted) + kSensitivityAbsTol * delta)
                    << "unknown " << j << ", evidence " << e << "[" << c << "]";
            }
        }
    }
}

TEST(Reconstruction, AnUnknownTheEvidenceCannotSeeIsAFlatDirection) {
    // The outline's length moves nothing the collision reports: with only
    // the collision's evidence it is undetermined (a warning, not an error).
    nlohmann::json doc = test::loadSceneDocument("reconstruction-ricsac-06.json");
    doc["reconstruction"]["unknowns"] = {{{"target", "/vehicles/0/speed"}, {"min", 0}, {"max", 45}},
                                         {{"target", "/vehicles/0/length"}, {"min", 4.0}, {"max", 6.0}}};
    ReconstructionOptions options;
    options.samples = 50;
    const ReconstructionResult r = reconstructDocument(doc, options);
    ASSERT_EQ(r.status, "converged");
    bool named = false;
    for (const auto& w : r.warnings)
        named = named || (w.find("does not pin") != std::string::npos && w.find("/vehicles/0/length") != std::string::npos);
    EXPECT_TRUE(named) << "no flat-direction warning names the length";
    for (const auto& s : r.unknowns[1].sensitivity)
        for (double x : s) EXPECT_EQ(x, 0.0);
}

TEST(Reconstruction, AnUnknownPushedPastItsBoundIsReportedThere) {
    nlohmann::json doc = test::loadSceneDocument("reconstruction-intersection.json");
    doc["reconstruction"].erase("uncertain");
    doc["reconstruction"]["unknowns"][0]["max"] = 12.0;   // the evidence says 13.9 m/s
    ReconstructionOptions options;
    options.samples = 0;
    const ReconstructionResult r = reconstructDocument(doc, options);
    EXPECT_TRUE(r.unknowns[0].atBound);
    EXPECT_DOUBLE_EQ(r.unknowns[0].summary.value, 12.0);
    bool named = false;
    for (const auto& w : r.warnings) named = named || w.find("/vehicles/0/speed is at its max") != std::string::npos;
    EXPECT_TRUE(named);
}

TEST(Reconstruction, TheSameSeedGivesTheSameOutputOnAnyThreadCount) {
    const nlohmann::json doc = test::loadSceneDocument("reconstruction-intersection.json");
    auto run = [&](int threads, std::uint64_t seed) {
        ReconstructionOptions options;
        options.samples = 60;
        options.threads = threads;
        options.seed = seed;
        nlohmann::ordered_json out = toJson(reconstructDocument(doc, options));
        out.erase("wall_s");
        return out.dump();
    };
    const std::string one = run(1, 7);
    EXPECT_EQ(one, run(2, 7));
    EXPECT_EQ(one, run(3, 7));
    EXPECT_NE(one, run(1, 8));
}

TEST(Reconstruction, TheAppliedEstimateReproducesTheReportedDerivedValues) {
    const nlohmann::json doc = test::loadSceneDocument("reconstruction-intersection.json");
    ReconstructionOptions options;
    options.samples = 30;
    const ReconstructionResult r = reconstructDocument(doc, options);
    const VehicleScene applied = readVehicleScene(applyEstimate(doc, r));
    const VehicleCollisionResult c = solveVehicleCollision(applied.vehicles.collision);
    ASSERT_EQ(r.derived.size(), 2u);
    EXPECT_NEAR(r.derived[0].deltaV.value, c.vehicle1.deltaV, kAppliedRelTol * c.vehicle1.deltaV);
    EXPECT_NEAR(r.derived[1].deltaV.value, c.vehicle2->deltaV, kAppliedRelTol * c.vehicle2->deltaV);
    EXPECT_NEAR(r.derived[0].ees.value, c.vehicle1.ees, kAppliedRelTol * c.vehicle1.ees);
    EXPECT_NEAR(r.derived[1].pdof.value, c.vehicle2->pdofDeg, kAppliedRelTol * std::abs(c.vehicle2->pdofDeg));
    // The samples: a header and one row per kept sample, every column.
    const std::string csv = writeSamplesCsv(r);
    EXPECT_EQ(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), r.sampleRows.size() + 1);
    EXPECT_EQ(csv.substr(0, csv.find(',')), "/vehicles/0/speed");
    EXPECT_EQ(r.failedSamples + static_cast<int>(r.sampleRows.size()), 30);
}

TEST(Reconstruction, TheForwardModelIsTheScenesCollisionAndRunOut) {
    // Off the CG plane, with roll and pitch inertias: a target read directly
    // (impact_height), one through the document (roll_inertia) and the
    // scene's own collision must agree to the last bit of the arithmetic.
    nlohmann::json doc = test::loadSceneDocument("reconstruction-intersection.json");
    doc["vehicles"][0]["roll_inertia"] = 600.0;
    doc["vehicles"][0]["pitch_inertia"] = 2000.0;
    doc["collision"]["impact_height"] = 0.1;
    const VehicleScene scene = readVehicleScene(doc);
    const ForwardModel model(scene, {"/collision/impact_height", "/vehicles/0/roll_inertia"}, {"a", "b"});
    const double height = 0.3, roll = 700.0;
    const std::optional<Prediction> p = model.predict({height, roll});
    ASSERT_TRUE(p.has_value());
    doc["collision"]["impact_height"] = height;
    doc["vehicles"][0]["roll_inertia"] = roll;
    const VehicleScene edited = readVehicleScene(doc);
    const VehicleCollisionResult c = solveVehicleCollision(edited.vehicles.collision);
    EXPECT_NEAR(p->vehicles[0].deltaV, c.vehicle1.deltaV, kAppliedRelTol * c.vehicle1.deltaV);
    EXPECT_NEAR(p->vehicles[1].ees, c.vehicle2->ees, kAppliedRelTol * c.vehicle2->ees);
    const RunOutResult rest = calcRunOut(*c.vehicle2After, edited.vehicles.runOut);
    EXPECT_NEAR((p->vehicles[1].restPosition - rest.restPosition).norm(), 0.0, kAppliedRelTol * rest.distance);
}

TEST(Reconstruction, CancellingKeepsTheSamplesSoFar) {
    const nlohmann::json doc = test::loadSceneDocument("reconstruction-intersection.json");
    ReconstructionOptions options;
    options.samples = 200;
    options.threads = 1;
    options.progress = [](int done, int) { return done < 25; };
    const ReconstructionResult r = reconstructDocument(doc, options);
    EXPECT_EQ(r.status, "cancelled");
    EXPECT_EQ(static_cast<int>(r.sampleRows.size()) + r.failedSamples, 25);
}

}}  // namespace
