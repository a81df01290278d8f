// Joining contour pieces into polylines (core/diagram/Polylines.h).
#include <gtest/gtest.h>

#include "diagram/Polylines.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// End points are produced equal to round-off; 1e-9 of a unit square is far
// above that and far below any segment length here.
constexpr double kJoinTol = 1e-9;

// Four unit edges summed in double: round-off only.
constexpr double kLengthTol = 1e-12;

TEST(Polylines, SegmentsOfASquareInAnyOrderAndDirectionMakeOneClosedLoop) {
    const Vec2 a(0, 0), b(1, 0), c(1, 1), d(0, 1);
    const std::vector<std::array<Vec2, 2>> segs{{c, b}, {d, a}, {a, b}, {c, d}};
    const auto lines = joinSegments(segs, kJoinTol);
    ASSERT_EQ(lines.size(), 1u);
    ASSERT_EQ(lines[0].size(), 5u);
    EXPECT_TRUE(lines[0].front().isApprox(lines[0].back()));
    double length = 0.0;
    for (std::size_t i = 1; i < lines[0].size(); ++i) length += (lines[0][i] - lines[0][i - 1]).norm();
    EXPECT_NEAR(length, 4.0, kLengthTol);
}

TEST(Polylines, AnOpenChainIsJoinedFromEndToEndAndDisjointPiecesStayApart) {
    // A chain given from its middle outwards, plus a separate segment.
    const std::vector<std::array<Vec2, 2>> segs{{Vec2(1, 0), Vec2(2, 0)}, {Vec2(5, 5), Vec2(6, 5)},
                                                {Vec2(0, 0), Vec2(1, 0)}, {Vec2(2, 0), Vec2(3, 1)}};
    const auto lines = joinSegments(segs, kJoinTol);
    ASSERT_EQ(lines.size(), 2u);
    ASSERT_EQ(lines[0].size(), 4u);
    EXPECT_TRUE(lines[0].front().isApprox(Vec2(0, 0)));
    EXPECT_TRUE(lines[0].back().isApprox(Vec2(3, 1)));
    EXPECT_EQ(lines[1].size(), 2u);
}

TEST(Polylines, NoSegmentsNoLines) { EXPECT_TRUE(joinSegments({}, kJoinTol).empty()); }

}}  // namespace
