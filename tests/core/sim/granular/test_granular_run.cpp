// Granular runs (sim/granular/GranularRun.h): frames where the interval puts
// them, cancelling, and the built-in scenes run with every particle
// accounted for.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "scene/GranularScene.h"
#include "sim/granular/GranularAnalysis.h"
#include "sim/granular/GranularSetups.h"
#include "sim/granular/SettlingBox.h"
#include "support/SceneTestSupport.h"

namespace impactlab::granular {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;
using test::loadSceneDocument;

constexpr double kRadius = 0.005;   // m

// s: step count times time step, round-off only.
constexpr double kTimeTol = 1e-12;

GranularScene loadScene(const std::string& file, const std::function<void(json&)>& edit = {}) {
    json doc = loadSceneDocument(file);
    if (edit) edit(doc);
    return parseGranularScene(doc);
}

TEST(GranularRun, FramesFollowTheInterval) {
    GranularWorld w = makeSettlingBox(27);
    GranularRunSettings settings;
    settings.steps = 105;            // 0.0105 s
    settings.frameInterval = 0.002;  // 20 steps
    int delivered = 0;
    GranularRunCallbacks callbacks;
    callbacks.onFrame = [&](const GranularFrame&) { ++delivered; };
    const GranularRunResult r = runGranular(w, settings, callbacks);
    // t = 0, 0.002, ..., 0.010 and the last step.
    ASSERT_EQ(r.frames.size(), 7u);
    EXPECT_EQ(delivered, 7);
    for (int k = 0; k < 6; ++k) {
        EXPECT_EQ(r.frames[k].step, 20 * k);
        EXPECT_NEAR(r.frames[k].time, 0.002 * k, kTimeTol);
    }
    EXPECT_EQ(r.frames.back().step, 105);
    ASSERT_EQ(r.steps.size(), 105u);
    EXPECT_EQ(r.totals.steps, 105);
    EXPECT_EQ(r.endReason, "end time");
    // The frame holds the world's state.
    for (std::size_t i = 0; i < w.spheres.size(); ++i) {
        EXPECT_EQ(r.frames.back().positions[i], w.spheres[i].position);
        EXPECT_EQ(r.frames.back().velocities[i], w.spheres[i].velocity);
        EXPECT_EQ(r.frames.back().ids[i], w.spheres[i].id);
    }
    double contacts = 0.0;
    for (const GranularStepRecord& s : r.steps) contacts += s.stats.contacts;
    EXPECT_EQ(r.totals.contacts, contacts);
}

TEST(GranularRun, ProgressCanCancel) {
    GranularWorld w = makeSettlingBox(27);
    GranularRunSettings settings;
    settings.steps = 1000;
    settings.frameInterval = 1.0;
    long long seen = 0;
    GranularRunCallbacks callbacks;
    callbacks.onProgress = [&](const GranularProgress& p) {
        seen = p.step;
        EXPECT_EQ(p.steps, 1000);
        EXPECT_NE(p.last, nullptr);
        return p.step < 40;
    };
    const GranularRunResult r = runGranular(w, settings, callbacks);
    EXPECT_EQ(seen, 40);
    EXPECT_EQ(r.endReason, "cancelled");
    EXPECT_EQ(r.totals.steps, 40);
    ASSERT_EQ(r.frames.size(), 2u) << "the start and the state the run was cancelled in";
    EXPECT_EQ(r.frames.back().step, 40);
    EXPECT_NEAR(w.time(), 40 * 1e-4, kTimeTol);
}

// Nothing is lost in the channel except through its open
// end, where every particle is counted.
TEST(GranularScenesRun, ChannelLosesNothing) {
    const GranularScene s = loadScene("channel-flow.json", [](json& d) {
        d["granular"]["particles"] = 1000;
        d["granular"].erase("end_time");
        d["granular"]["steps"] = 400;   // past the first reset (2.7 ms) and the first outflow (1.4 ms)
    });
    GranularWorld w = makeGranularWorld(s);
    const std::int64_t initial = static_cast<std::int64_t>(w.spheres.size());
    GranularRunSettings settings = makeGranularRunSettings(s);
    settings.keepFrames = false;
    const GranularRunResult r = runGranular(w, settings);
    EXPECT_EQ(w.lost, 0);
    EXPECT_GT(w.discharged, 0) << "the run must reach the outflow to mean anything";
    EXPECT_GT(w.inserted, 0) << "and the inflow's reset";
    EXPECT_EQ(initial + w.inserted, static_cast<std::int64_t>(w.spheres.size()) + w.discharged);
    std::set<std::int64_t> ids;
    for (const Sphere& sp : w.spheres) ids.insert(sp.id);
    EXPECT_EQ(ids.size(), w.spheres.size());
    // Penetrations stay a small share of d (the paper's Table 2: 8-10 %).
    EXPECT_LT(r.totals.maxPenetration, 0.1 * getParticleDiameter(s));
}

TEST(GranularScenesRun, HopperLosesNothingAndDrains) {
    const GranularScene s = loadScene("hopper.json", [](json& d) {
        d["granular"]["particles"] = 300;
        d["granular"].erase("end_time");
        d["granular"]["steps"] = 3000;   // 0.3 s
    });
    GranularWorld w = makeGranularWorld(s);
    const std::int64_t initial = static_cast<std::int64_t>(w.spheres.size());
    GranularRunSettings settings = makeGranularRunSettings(s);
    runGranular(w, settings);
    EXPECT_EQ(w.lost, 0);
    EXPECT_GT(w.discharged, 0);
    EXPECT_EQ(initial, static_cast<std::int64_t>(w.spheres.size()) + w.discharged);
    // Those left are inside the wedge (on the inner side of both walls, to
    // the error reduction's penetration).
    const double theta = s.hopper.wallAngle, half = 0.5 * s.hopper.outletWidth * kSettlingBoxDiameter;
    constexpr double kPenetrationTol = 1e-3;   // m: a tenth of d
    for (int side : {-1, 1}) {
        const Vec3 inward(-side * std::cos(theta), 0.0, std::sin(theta));
        for (const Sphere& sp : w.spheres)
            if (sp.position.z() > 0.0) {
                EXPECT_GT(inward.dot(sp.position - Vec3(side * half, 0, 0)), kRadius - kPenetrationTol);
            }
    }
}

TEST(GranularScenesRun, SettlingBoxSettles) {
    // 64 spheres (4^3) fall and come to rest on the floor: after 0.5 s the
    // pile is still and no sphere is left in the air above it.
    const GranularScene s = loadScene("settling-box.json", [](json& d) { d["granular"]["particles"] = 64; });
    GranularWorld w = makeGranularWorld(s);
    GranularRunSettings settings = makeGranularRunSettings(s);
    const GranularRunResult r = runGranular(w, settings);
    EXPECT_EQ(w.lost, 0);
    EXPECT_EQ(w.spheres.size(), 64u);
    const GranularFrame& last = r.frames.back();
    constexpr double kRestSpeed = 1e-3;   // m/s: a pile whose last bounces are over
    EXPECT_LT(calcMeanSpeed(last), kRestSpeed);
    // 64 spheres over the floor of a 4 x 4 lattice box (0.064 m wide inside):
    // at most 4 layers of spheres stacked.
    EXPECT_LT(calcPileHeight(last, 1.0), 4 * 2 * kRadius);
}

}}  // namespace
}  // namespace impactlab::granular
