// A scene guide's suggestion shows what it promises: the
// superball's guide says that Glocker-Pfeiffer's tangential restitution
// reverses the contact point's slip at a bounce where Stronge's law leaves
// it at rest, and that Newton, Poisson and Stronge agree on this ball (its
// normal and tangential motions are uncoupled) but part on the brick drop.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "scene/Scene.h"
#include "sim/SceneComparison.h"
#include "sim/Simulation.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// m/s: a slip speed the laws leave at rest is zero to the solvers' round-off
// (velocities of a few m/s, solved to ~1e-12 relative); a reversed slip is of
// the order of the incoming one (2.5 m/s), far above this.
constexpr double kRestSlip = 1e-9;
// N s: laws that agree give one impulse to round-off (impulses ~1 N s).
constexpr double kSameImpulse = 1e-9;

SpatialScene readScene(const std::string& file) {
    std::ifstream in(std::string(IMPACTLAB_SCENES_DIR) + "/" + file);
    return readSpatialScene(nlohmann::json::parse(in));
}

const ComparedLaw& find(const SceneLawComparison& c, const std::string& id) {
    for (const ComparedLaw& law : c.laws)
        if (law.id == id) return law;
    throw std::runtime_error("law not compared: " + id);
}


TEST(SceneGuides, TheSuperballsGlockerPfeifferReversesTheSlipStrongeStops) {
    const SpatialScene scene = readScene("superball.json");
    const SimulationRun run = simulate(scene);
    ASSERT_FALSE(run.impacts.empty());
    const SceneLawComparison c = compareLawsOnScene(scene, run, 0, {"glocker-pfeiffer", "newton", "poisson"}, true);
    const ComparedLaw& stronge = find(c, "stronge");
    const ComparedLaw& gp = find(c, "glocker-pfeiffer");
    ASSERT_TRUE(gp.accepted) << gp.refusal;
    const double slipBefore = run.impacts[0].problem.vMinus.x();
    EXPECT_GT(slipBefore, 1.0) << "the ball arrives slipping forwards";
    EXPECT_NEAR(stronge.result.vPlus.x(), 0.0, kRestSlip) << "Stronge: the slip ends at rest (stick)";
    EXPECT_LT(gp.result.vPlus.x(), -0.1 * slipBefore) << "Glocker-Pfeiffer: the slip reverses";
    for (const char* id : {"newton", "poisson"})
        EXPECT_LT((find(c, id).result.impulse - stronge.result.impulse).norm(), kSameImpulse) << id;
    // Its path leaves Stronge's: the runs differ after the first bounce.
    ASSERT_EQ(c.runs.size(), c.laws.size());
    std::size_t gpIndex = 0;
    while (c.laws[gpIndex].id != "glocker-pfeiffer") ++gpIndex;
    ASSERT_TRUE(c.runs[gpIndex]);
    const SimulationRun& gpRun = *c.runs[gpIndex];
    ASSERT_GE(gpRun.impacts.size(), 2u);
    // m: the heights follow one normal law, so the second bounce comes at the
    // same time; where it lands differs by the reversed slip's travel
    // (decimetres), far above a millimetre.
    EXPECT_GT(std::abs(gpRun.impacts[1].point.x() - run.impacts[1].point.x()), 1e-3) << "the second bounce lands elsewhere";
}

TEST(SceneGuides, NewtonPoissonAndStrongePartOnTheBrickDrop) {
    SpatialScene scene = readScene("brick-drop.json");
    std::vector<std::size_t> impacts;
    for (const char* law : {"newton", "poisson", "stronge"}) {
        const SpatialScene s = withChoice(scene, "law", law);
        impacts.push_back(simulate(s).impacts.size());
    }
    EXPECT_NE(impacts[0], impacts[1]);
    EXPECT_NE(impacts[1], impacts[2]);
    EXPECT_NE(impacts[0], impacts[2]);
}
}}  // namespace
