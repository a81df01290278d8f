// Jia & Wang Fig. 9 for one impact (diagram/EventSequence.h): the chain of
// events along I_n with integrated stretches apart from closed-form ones, on
// the icosahedron (reference A2.4: csr, c@0.043964, s@0.071456, r@0.101212).
#include <gtest/gtest.h>

#include <cmath>

#include "diagram/EventSequence.h"
#include "impact/JiaWang.h"
#include "support/JiaWangReference.h"
#include "support/TestSupport.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// The reference prints the events' I_n to six decimals (half a unit: 5e-7);
// the seven-digit v_minus moves them by ~1e-7 (test_jia_wang_published.cpp).
constexpr double kPrintedTol = 1e-6;

TEST(EventSequence, IcosahedronIsIntegratedUntilItSticksThenClosedForm) {
    ImpactTrace trace;
    const ImpactResult r = solveJiaWang(test::loadExampleProblem("jia-wang-icosahedron-derived.json"), {}, &trace);
    ASSERT_EQ(calcEventSequence(r), "csr");
    // The Default method integrates the hodograph until s, then closed forms.
    ASSERT_TRUE(trace.closedFormFromNormalImpulse.has_value());
    EXPECT_NEAR(*trace.closedFormFromNormalImpulse, 0.071456, kPrintedTol);

    const std::vector<SequenceStretch> st = calcSequenceStretches(r, trace);
    ASSERT_EQ(st.size(), 3u);
    const char* const from[] = {"0", "c", "s"};
    const char* const to[] = {"c", "s", "r"};
    const double ends[] = {0.043964, 0.071456, 0.101212};
    const bool integrated[] = {true, true, false};
    for (std::size_t i = 0; i < st.size(); ++i) {
        EXPECT_EQ(st[i].from, from[i]);
        EXPECT_EQ(st[i].to, to[i]);
        EXPECT_NEAR(st[i].endIn, ends[i], kPrintedTol);
        EXPECT_EQ(st[i].integrated, integrated[i]) << "stretch " << i;
        if (i > 0) {
            EXPECT_EQ(st[i].startIn, st[i - 1].endIn);
        }
    }
    EXPECT_EQ(st[0].startIn, 0.0);

    // The figure: dashed integrated stretches, solid closed-form ones, a
    // marker per event at its I_n on the chain.
    const Figure f = makeEventSequenceFigure(r, trace);
    EXPECT_NE(f.title.find("csr"), std::string::npos);
    int dashed = 0, solid = 0, markers = 0;
    for (const FigureSeries& s : f.series) {
        if (s.marker != FigureMarker::None) {
            ++markers;
            ASSERT_EQ(s.points.size(), 1u);
            EXPECT_EQ(s.points[0].y(), 0.0);
        } else {
            (s.dashed ? dashed : solid) += 1;
        }
    }
    EXPECT_EQ(dashed, 2);
    EXPECT_EQ(solid, 1);
    EXPECT_EQ(markers, 4);   // 0, c, s, r
}

TEST(EventSequence, FixedStepIntegratesEveryStretch) {
    // Table 1's NI integrates to the end: no stretch is closed form.
    JiaWangOptions o;
    o.method = JiaWangMethod::FixedStep;
    ImpactTrace trace;
    const ImpactResult r = solveJiaWang(test::loadExampleProblem("jia-wang-icosahedron-derived.json"), o, &trace);
    ASSERT_TRUE(trace.closedFormFromNormalImpulse.has_value());
    EXPECT_TRUE(std::isinf(*trace.closedFormFromNormalImpulse));
    const std::vector<SequenceStretch> st = calcSequenceStretches(r, trace);
    ASSERT_FALSE(st.empty());
    for (const SequenceStretch& s : st) EXPECT_TRUE(s.integrated);
}

TEST(EventSequence, FrictionlessIsClosedFormThroughout) {
    ImpactProblem p = test::loadExampleProblem("jia-wang-icosahedron-derived.json");
    p.friction = 0.0;
    ImpactTrace trace;
    const ImpactResult r = solveJiaWang(p, {}, &trace);
    ASSERT_TRUE(trace.closedFormFromNormalImpulse.has_value());
    EXPECT_EQ(*trace.closedFormFromNormalImpulse, 0.0);
    for (const SequenceStretch& s : calcSequenceStretches(r, trace)) EXPECT_FALSE(s.integrated);
}

// Fig. 9 whole: eight rows, each chain's stretches dashed up to its first l or
// s and solid after, the impact's own chain highlighted.
TEST(EventSequences, EightChainsIntegratedUntilTheFirstLOrS) {
    const std::vector<std::string>& all = listJiaWangEventSequences();
    ASSERT_EQ(all.size(), 8u);
    const Figure fig = makeEventSequencesFigure("csr");
    int rows = 0, highlighted = 0;
    for (const FigureSeries& s : fig.series) {
        if (s.legendOnly || s.marker != FigureMarker::None) {
            if (s.marker == FigureMarker::Square) ++rows;   // each chain's origin
            continue;
        }
        // "seq: a -> b", the row's sequence and the stretch's end node.
        const std::string seq = s.name.substr(0, s.name.find(':'));
        const char to = s.name.back();
        const std::string chain = "0" + seq;
        const std::size_t firstLS = chain.find_first_of("ls");
        const std::size_t end = chain.find(to, 1);
        EXPECT_EQ(s.dashed, firstLS == std::string::npos || end <= firstLS) << s.name;
    }
    for (const FigureSeries& s : fig.series)
        if (s.marker != FigureMarker::None) highlighted += s.highlight;
    EXPECT_EQ(rows, 8);
    EXPECT_EQ(highlighted, 4);   // the nodes 0, c, s, r of this impact's chain
}

// The axis numbers the rows as the label ("rows 1 (top) to 8") and the
// legend ("row 1: ...") do: row k's nodes at y = k on a downward axis.
TEST(EventSequences, RowNumbersGrowDownwardsAsTheLabelSays) {
    const Figure fig = makeEventSequencesFigure("");
    EXPECT_TRUE(fig.yDownwards);
    EXPECT_NE(fig.yLabel.find("1 (top)"), std::string::npos);
    int origins = 0;
    for (const FigureSeries& s : fig.series)
        if (s.marker == FigureMarker::Square && s.name.rfind("row ", 0) == 0) {
            const int row = std::stoi(s.name.substr(4));
            ASSERT_EQ(s.points.size(), 1u);
            EXPECT_EQ(s.points.front().y(), static_cast<double>(row)) << s.name;
            ++origins;
        }
    EXPECT_EQ(origins, 8);
}

// The law itself hands over to closed forms where Fig. 9 says: on random
// impacts, every stretch the law integrated lies before the first l or s of
// its sequence and every stretch after it is closed form.
TEST(EventSequences, TheLawHandsOverWhereFigure9Says) {
    test::RandomBodies rnd(91);
    int checked = 0;
    for (int k = 0; k < 200; ++k) {
        Mat3 A;
        for (int i = 0; i < 3; ++i) A.col(i) = rnd.vec(1.0);
        Vec3 v = rnd.vec(2.0);
        v.z() = -rnd.uniform(0.1, 3.0);
        const ImpactProblem p =
            ImpactProblem::makeContactLevel(A * A.transpose() + 0.2 * Mat3::Identity(), v, rnd.uniform(0.0, 1.5), rnd.uniform(0.0, 1.0));
        ImpactTrace trace;
        const ImpactResult r = solveJiaWang(p, {}, &trace);
        if (r.status != SolveStatus::Converged) continue;
        const std::string seq = calcEventSequence(r);
        const std::string chain = "0" + seq;
        const std::size_t firstLS = chain.find_first_of("ls");
        for (const SequenceStretch& st : calcSequenceStretches(r, trace)) {
            const std::size_t end = chain.find(st.to, 1);
            const bool beforeFirst = firstLS == std::string::npos || end <= firstLS;
            EXPECT_EQ(st.integrated, beforeFirst) << k << " " << seq << " " << st.from << "->" << st.to;
        }
        ++checked;
    }
    EXPECT_GT(checked, 150);
}

}}  // namespace

