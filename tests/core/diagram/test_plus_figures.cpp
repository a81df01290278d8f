// The figures and tables of a PLUS scene run (diagram/PlusFigures.h): the
// series carry the trace and the events the views draw, Table 2's rounds and
// Fig. 14's time-lapse of Newton's cradle come out as the paper has them, and
// the interval geometry of Figs. 4, 5 matches its definition.
#include <gtest/gtest.h>

#include <cmath>

#include "diagram/PlusFigures.h"
#include "scene/PlusScene.h"
#include "support/SceneTestSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using test::getScenePath;

constexpr double kCradleStripTol = 1e-9;   // B.2.8 states 1e-12 for the law; the scene adds round-off of poses

// Geometry from the same numbers (cos, sin and a few products): round-off only.
constexpr double kExactTol = 1e-12;
// rad: the turned end point goes through a rotation and atan2; round-off with margin.
constexpr double kTurnAngleTol = 1e-9;

// Reference B.2.8: Table 2, the phase of each contact in each round.
TEST(PlusFigures, CradleRoundsTable) {
    const PlusSceneRun run = runPlusScene(loadPlusScene(getScenePath("plus-newtons-cradle.json")));
    const FigureTable rounds = makePlusFigures(run).rounds;
    ASSERT_EQ(rounds.rows.size(), 4u);
    ASSERT_EQ(rounds.header.size(), 1u + 5u + 1u);
    for (int k = 0; k < 4; ++k)
        for (int r = 0; r < 5; ++r) {
            const std::string expected = r == k ? "compressing" : r == k + 1 ? "expanding" : "observing";
            EXPECT_EQ(rounds.rows[k][1 + r], expected) << rounds.rows[k][0] << ", round " << r + 1;
        }
}

// Fig. 14's strip: in row B only the last ball moves (2 m/s), in row C the
// striker bounces back at 1.2 m/s; frames 0.1 s apart. A brick has no strip.
TEST(PlusFigures, CradleTimeLapse) {
    const PlusSceneRun run = runPlusScene(loadPlusScene(getScenePath("plus-newtons-cradle.json")));
    const Figure lapse = makePlusFigures(run).timeLapse;
    const FigureSeries* rowB = nullptr;
    const FigureSeries* rowC = nullptr;
    for (const FigureSeries& s : lapse.series) {
        if (s.name == "B PLUS sequential") rowB = &s;
        if (s.name == "C PLUS simultaneous") rowC = &s;
    }
    ASSERT_TRUE(rowB && rowC);
    ASSERT_EQ(rowB->points.size(), 25u);   // 5 frames x 5 balls
    const double frame = rowB->points[5].x() - rowB->points[0].x();   // the striker rests: one frame width
    EXPECT_NEAR(rowB->points[9].x() - rowB->points[4].x() - frame, -0.2, kCradleStripTol);   // last ball, 0.1 s at -2 m/s
    EXPECT_NEAR(rowC->points[5].x() - rowC->points[0].x() - frame, 0.12, kCradleStripTol);   // striker back at +1.2 m/s
    EXPECT_TRUE(makePlusFigures(runPlusScene(loadPlusScene(getScenePath("plus-brick-vertex.json")))).timeLapse.isEmpty());
}

TEST(PlusFigures, SeriesCarryTheTraceAndTheMarkers) {
    const PlusSceneRun run = runPlusScene(loadPlusScene(getScenePath("plus-brick-vertex.json")));
    const PlusFigures f = makePlusFigures(run, 10);
    // The PLUS trajectory starts at (-5, 0) and ends at the origin (rolling, B.2.5).
    const FigureSeries& plus = f.tangentialVelocity.series.front();
    ASSERT_EQ(plus.points.size(), run.trace.samples.size());
    EXPECT_LT((plus.points.front() - Vec2(-5.0, 0.0)).norm(), 1e-12);
    EXPECT_LT(plus.points.back().norm(), 1e-6);
    bool circle = false, star = false, selected = false;
    for (const FigureSeries& s : f.tangentialVelocity.series) {
        if (s.name == "v_transition circle") {
            circle = true;
            for (const Vec2& p : s.points) EXPECT_NEAR(p.norm(), run.options.vTransition, kExactTol);
        }
        if (s.name.rfind("PLUS end of compression", 0) == 0 && !s.points.empty()) {
            star = true;
            EXPECT_LT(s.points.front().norm(), 1e-6);   // mu 0.325 rolls in compression: v = 0 at its end
        }
        if (s.highlight) {
            selected = true;
            EXPECT_EQ(s.points.front(), Vec2(run.trace.samples[10].contacts[0].velocity.head<2>()));
        }
    }
    EXPECT_TRUE(circle && star && selected);
    EXPECT_FALSE(f.penetration.isEmpty());
    EXPECT_EQ(f.intervals.rows.size(), run.trace.samples.size());
    EXPECT_NE(f.tangentialVelocity.toCsv().find("v_transition circle,solid,"), std::string::npos);
    // The COR curve reaches e_min from v_plastic on (Fig. 2).
    bool cor = false;
    for (const FigureSeries& s : f.restitution.series)
        if (s.name.rfind("e(s)", 0) == 0) {
            cor = true;
            EXPECT_DOUBLE_EQ(s.points.back().y(), 0.373);
            EXPECT_DOUBLE_EQ(s.points.front().y(), 0.0);   // captured below v_capture (B.2.10)
        }
    EXPECT_TRUE(cor);
}

// Figs. 4, 5: alpha_CP is where the segment comes closest to the origin,
// alpha_DC where its direction has turned by theta_max.
TEST(PlusFigures, IntervalGeometryMatchesItsDefinition) {
    const Vec2 a(-2.0, 0.0), d(2.0, 1.0);
    const double alpha = 0.25;
    const IntervalGeometry g = calcIntervalGeometry(a, a + alpha * d, alpha, 0.1);
    EXPECT_LT((g.fullEnd - (a + d)).norm(), 1e-12);
    // Closest point: (a + s d) . d = 0 -> s = -a.d / |d|^2 = 0.8.
    EXPECT_NEAR(g.alphaCP, 0.8, kExactTol);
    const Vec2 p = a + g.alphaDC * d;
    EXPECT_NEAR(std::atan2(p.y(), -p.x()), 0.1, kTurnAngleTol);   // turned by theta_max from (-1, 0)
}

}}  // namespace
}  // namespace impactlab
