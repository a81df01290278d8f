// The granular views as data (diagram/GranularFigures.h): g(r) per friction
// model against r / d with the dashed g = 1 line (Preclik, Eibl & Ruede
// Fig. 12), Table 2's statistics one row per model, and contacts per step.
#include <gtest/gtest.h>

#include "diagram/GranularFigures.h"

namespace impactlab::granular {
namespace { namespace IMPACTLAB_UNITY_ID {

// r / d is one division: round-off of one ulp or so.
constexpr double kRdfRatioTol = 1e-12;

TEST(GranularFigures, RadialDistributionIsScaledByTheDiameterWithAReferenceLine) {
    RadialDistribution a, b;
    a.r = {0.005, 0.015, 0.025};
    a.g = {0.0, 2.5, 1.1};
    b.r = {0.005, 0.015};
    b.g = {0.0, 1.8};
    const double d = 0.01;   // m
    const Figure f = makeRadialDistributionFigure({{"max-dissipation", a}, {"coulomb", b}}, d);
    EXPECT_EQ(f.title, "Radial distribution function g(r) near the outflow (Fig. 12)");
    ASSERT_EQ(f.series.size(), 3u);
    EXPECT_EQ(f.series[0].name, "max-dissipation");
    EXPECT_EQ(f.series[1].colorIndex, 1);
    EXPECT_NEAR(f.series[0].points[1].x(), 1.5, kRdfRatioTol);
    EXPECT_EQ(f.series[0].points[1].y(), 2.5);
    const FigureSeries& one = f.series[2];
    EXPECT_TRUE(one.dashed);
    EXPECT_EQ(one.colorIndex, -2);
    ASSERT_EQ(one.points.size(), 2u);
    EXPECT_NEAR(one.points[1].x(), 2.5, kRdfRatioTol);   // to the farthest r / d of any curve
    EXPECT_EQ(one.points[1].y(), 1.0);
    EXPECT_EQ(makeRadialDistributionFigure({}, d).series.size(), 0u);   // no curve: no reference line
}

TEST(GranularFigures, StatisticsTableHasOneRowPerModel) {
    GranularModelSummary m;
    m.model = "coulomb";
    m.table.meanParticles = 1000.0;
    m.table.maxPenetration = 5e-5;   // m: 1 % of a 5 mm radius
    m.totals.steps = 4;
    m.totals.iterations = 40.0;
    m.totals.contactSolves = 2000.0;
    m.wallSeconds = 0.5;
    m.endReason = "end time";
    const FigureTable t = makeGranularStatisticsTable({m}, 0.005);
    EXPECT_EQ(t.title, "Statistics (Table 2)");
    ASSERT_EQ(t.header.size(), 11u);
    ASSERT_EQ(t.rows.size(), 1u);
    const std::vector<std::string> expected = {"coulomb", "1000", "0", "0", "0", "1", "4", "10", "4000", "0", "end time"};
    EXPECT_EQ(t.rows[0], expected);
}

TEST(GranularFigures, ContactHistoryHasOneLinePerModel) {
    std::vector<GranularStepRecord> steps(2);
    steps[0].time = 1e-4;
    steps[0].stats.contacts = 7;
    steps[1].time = 2e-4;
    steps[1].stats.contacts = 9;
    const Figure f = makeContactHistoryFigure({{"max-dissipation", &steps}, {"coulomb", nullptr}});
    ASSERT_EQ(f.series.size(), 2u);
    EXPECT_EQ(f.series[0].points.back(), Vec2(2e-4, 9.0));
    EXPECT_TRUE(f.series[1].points.empty());   // a model without steps yet keeps its colour
    EXPECT_EQ(f.series[1].colorIndex, 1);
}

}}  // namespace
}  // namespace impactlab::granular
