// Uchida, Sherman & Delp Fig. 15b on a scene (diagram/PlusCpuTime.h): the
// stiffness range of the paper, every point timed, PLUS's answer the same at
// every stiffness (it does not depend on E), the compliant run ending.
#include <gtest/gtest.h>

#include <cmath>

#include "scene/PlusScene.h"
#include "diagram/PlusCpuTime.h"
#include "sim/PlusSceneRun.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

// Stiffnesses are powers of ten (half decades) computed by pow: round-off only.
constexpr double kStiffnessRelTol = 1e-12;

TEST(PlusCpuTime, TheTriplePendulumOverThePapersRange) {
    const PlusScene scene = loadPlusScene(scenePath("plus-triple-pendulum.json"));
    const CpuTimeCurve curve = measurePlusCpuTime(scene);
    ASSERT_EQ(curve.points.size(), 9u);   // 0.01 ... 100 GPa in half decades
    EXPECT_NEAR(curve.points.front().stiffness, 1e7, kStiffnessRelTol * 1e7);
    EXPECT_NEAR(curve.points.back().stiffness, 1e11, kStiffnessRelTol * 1e11);
    for (const CpuTimePoint& p : curve.points) {
        EXPECT_GT(p.plusMs, 0.0);
        EXPECT_GT(p.compliantMs, 0.0);
        EXPECT_GT(p.compliantSteps, 0);
        EXPECT_EQ(p.compliantStatus, "separated") << p.stiffness;
    }
    const Figure fig = makePlusCpuTimeFigure(curve);
    ASSERT_GE(fig.series.size(), 2u);
    EXPECT_EQ(fig.series[0].points.size(), 9u);
    EXPECT_TRUE(fig.series[0].dashed);   // PLUS dashed, as the paper's
    EXPECT_NEAR(fig.series[0].points.front().x(), 7.0, kStiffnessRelTol);
}

// PLUS is rigid: the stiffness reaches only the compliant reference.
TEST(PlusCpuTime, PlusDoesNotDependOnTheStiffness) {
    PlusScene soft = loadPlusScene(scenePath("plus-brick-vertex.json"));
    PlusScene stiff = soft;
    soft.compliant.stiffness = 1e7;
    stiff.compliant.stiffness = 1e11;
    EXPECT_EQ(runPlusScene(soft).plus.impulse, runPlusScene(stiff).plus.impulse);
}

}}  // namespace
