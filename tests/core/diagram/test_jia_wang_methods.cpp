// Jia & Wang Table 1 on any impact (diagram/JiaWangMethods.h): the paper's
// two examples are recognised from the built-in scenes, the methods' step
// counts and errors are those the reference reproduces (A2.7), and the table
// carries the paper's column only for them.
#include <gtest/gtest.h>

#include "diagram/JiaWangMethods.h"
#include "scene/ImpactScene.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

// A2.7: NI's step counts follow from I_zr and the fixed step (107 x 0.00095
// >= 0.1007, 2586 x 0.001 ~ 2.585); one step either way is the rounding of
// where the last step lands.
constexpr int kStepCountSlack = 1;
// A2.7: Euler-based FS and VS are first order, ~1e-3 on the icosahedron and
// ~1e-4 on the pin-ball at Table 1's steps; an order of magnitude either way.
constexpr double kOrderOfMagnitude = 10.0;
// The default method promises 1e-6 relative (JiaWangOptions).
constexpr double kDefaultRelTol = 1e-6;

const JiaWangMethodRow& row(const JiaWangMethods& m, const std::string& method) {
    for (const JiaWangMethodRow& r : m.rows)
        if (r.method == method) return r;
    throw std::runtime_error("no row " + method);
}

TEST(JiaWangTable1, IcosahedronIsThePapersExampleWithItsStepCounts) {
    const ImpactScene scene = loadImpactScene(scenePath("impact-icosahedron-tetrahedron.json"));
    const JiaWangMethods m = measureJiaWangMethods(scene.problem);
    ASSERT_TRUE(m.paper.has_value());
    EXPECT_EQ(m.paper->name, "icosahedron");
    ASSERT_EQ(m.rows.size(), 4u);
    EXPECT_NEAR(row(m, "NI").steps, 107, kStepCountSlack);
    for (const char* method : {"FS", "VS"}) {
        EXPECT_GT(row(m, method).error, 1e-3 / kOrderOfMagnitude) << method;
        EXPECT_LT(row(m, method).error, 1e-3 * kOrderOfMagnitude) << method;
    }
    EXPECT_LT(row(m, "default").error, kDefaultRelTol * m.reference.norm());
    for (const JiaWangMethodRow& r : m.rows) {
        EXPECT_EQ(r.status, "converged") << r.method;
        EXPECT_GT(r.microseconds, 0.0) << r.method;
    }
    const FigureTable t = makeJiaWangMethodsTable(m);
    ASSERT_EQ(t.header.size(), 8u);
    ASSERT_EQ(t.rows.size(), 4u);
    EXPECT_EQ(t.rows[0][5], "107");   // the paper's NI iterations beside ours
    EXPECT_EQ(t.rows[3][5], "-");     // no paper column for the default method
}

TEST(JiaWangTable1, PinBallWithThePrintedW) {
    const ImpactScene scene = loadImpactScene(scenePath("impact-bowling-pin-ball-printed-w.json"));
    const JiaWangMethods m = measureJiaWangMethods(scene.problem);
    ASSERT_TRUE(m.paper.has_value());
    EXPECT_EQ(m.paper->name, "pin-ball");
    EXPECT_NEAR(row(m, "NI").steps, 2586, kStepCountSlack);
    // Here FS and VS come out more accurate than the paper's (2e-6 and 5e-6
    // against its 6e-5): their closed forms take over at an exact event l
    // (lAngleTol 1e-9) where the paper's step counts imply a loose one
    // (A2.7). No worse than the paper's order, and no better than the
    // error-controlled default.
    for (const char* method : {"FS", "VS"}) {
        EXPECT_GT(row(m, method).error, row(m, "default").error) << method;
        EXPECT_LT(row(m, method).error, 1e-4 * kOrderOfMagnitude) << method;
    }
}

// Another impact: no paper column, the fixed steps at kMethodsDefaultStep.
TEST(JiaWangTable1, AnyOtherImpactHasNoPaperColumn) {
    ImpactScene scene = loadImpactScene(scenePath("impact-icosahedron-tetrahedron.json"));
    scene.problem.friction += 0.1;
    const JiaWangMethods m = measureJiaWangMethods(scene.problem);
    EXPECT_FALSE(m.paper.has_value());
    EXPECT_EQ(row(m, "NI").options.h, kMethodsDefaultStep);
    EXPECT_EQ(makeJiaWangMethodsTable(m).header.size(), 5u);
}

}}  // namespace
