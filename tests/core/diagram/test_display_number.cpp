// The display formatter: round-off of a quantity's scale
// prints 0, real small values print as themselves, non-finite values print
// "n/a", and a table column shares one format.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "diagram/DisplayNumber.h"

using namespace impactlab;

TEST(DisplayNumber, RoundOffOfTheScalePrintsZero) {
    // The v+ of the icosahedron scene: -4.441e-16 beside 5.781 is round-off
    // (1e-16 relative, far below kDisplayZeroRelTol = 1e-7).
    EXPECT_EQ(formatDisplayNumber(-4.441e-16, 5.781), "0");
    EXPECT_EQ(formatDisplayVector(Vec3(-4.441e-16, 0.0, 5.781)), "(0, 0, 5.781)");
    // An energy change of 1.767e-13 J out of 16 J before: no gain to print.
    EXPECT_EQ(formatDisplayNumber(1.767e-13, 16.0), "0");
    // Just above the tolerance (2e-9 relative) the value is kept.
    EXPECT_NE(formatDisplayNumber(2.0 * kDisplayZeroRelTol * 16.0, 16.0), "0");
}

TEST(DisplayNumber, TruncatedSceneInputIsRoundOffOfItsScale) {
    // A barrier normal typed as 3.14159265 (3.6e-9 rad short of pi) turns a
    // 15 m/s car's rebound 5.4043e-8 m/s sideways and its PDOF 2.0568e-7 deg
    // off the axis: invisible at kDisplayDigits against 15 m/s and a half turn.
    constexpr double kHalfTurnDeg = 180.0;
    EXPECT_EQ(formatDisplayNumber(5.4043e-8, 15.0), "0");
    EXPECT_EQ(formatDisplayNumber(2.0568e-7, kHalfTurnDeg), "0");
}

TEST(DisplayNumber, PostImpactVelocityIsJudgedAgainstTheImpactsScale) {
    // A cradle ball that stops: v+ is round-off of the 1.4 m/s it arrived with,
    // not a vector of its own 1e-16 scale.
    const Vec3 vMinus(0.0, 0.0, -1.4), vPlus(0.0, 2.0817e-17, -1.1102e-16);
    EXPECT_DOUBLE_EQ(calcImpactVelocityScale(vMinus, vPlus), 1.4);
    EXPECT_EQ(formatDisplayVector(vPlus, calcImpactVelocityScale(vMinus, vPlus)), "(0, 0, 0)");
    // A non-finite vector does not set the scale.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_DOUBLE_EQ(calcImpactVelocityScale(Vec3(nan, 0.0, 0.0), vMinus), 1.4);
}

TEST(DisplayNumber, SmallValueOfASmallScalePrintsItself) {
    // A 1e-6 m/s velocity whose vector is that small is not round-off.
    EXPECT_EQ(formatDisplayNumber(1.2345e-6, 2e-6), "1.2345e-06");
    EXPECT_EQ(formatDisplayVector(Vec3(1.2345e-6, 0.0, -2e-6)), "(1.2345e-06, 0, -2e-06)");
    // A value that is its own scale is never zeroed.
    EXPECT_EQ(formatDisplayNumber(3e-20), "3e-20");
}

TEST(DisplayNumber, NegativeZeroPrintsZero) {
    EXPECT_EQ(formatDisplayNumber(-0.0), "0");
    EXPECT_EQ(formatDisplayNumber(-0.0, 1.0), "0");
    EXPECT_EQ(formatDisplayCell({-0.0, 0.0}, {false, 3}), "0");
}

TEST(DisplayNumber, NonFinitePrintsNotAvailable) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(formatDisplayNumber(nan, 1.0), "n/a");
    EXPECT_EQ(formatDisplayNumber(inf), "n/a");
    EXPECT_EQ(formatDisplayNumber(-inf), "n/a");
    EXPECT_EQ(formatDisplayVector(Vec3(nan, 1.0, 2.0)), "(n/a, 1, 2)");
    EXPECT_EQ(formatDisplayColumn({{nan, 0.0}, {1.0, 0.0}})[0], "n/a");
    // A non-finite scale does not zero a finite value.
    EXPECT_EQ(formatDisplayNumber(2.5, inf), "2.5");
}

TEST(DisplayNumber, SignificantDigitsFixedOrScientific) {
    EXPECT_EQ(formatDisplayNumber(16321.0), "16321");
    EXPECT_EQ(formatDisplayNumber(236912.3), "236912");   // plain below 1e6: no digit is replaced by a zero
    EXPECT_EQ(formatDisplayNumber(2.369e7), "2.369e+07");
    EXPECT_EQ(formatDisplayNumber(0.012345678), "0.012346");
    EXPECT_EQ(formatDisplayNumber(1.5, 0.0, 3), "1.5");
}

TEST(DisplayNumber, ColumnSharesOneFormat) {
    // A mixed column: 2.369e+05 J beside 16321 J.
    const std::vector<std::string> energies = formatDisplayColumn({{236900.0, 0.0}, {16321.0, 0.0}});
    EXPECT_EQ(energies[0], "236900");
    EXPECT_EQ(energies[1], "16321");
    // One number of decimals for every cell, set by the largest.
    const std::vector<std::string> speeds = formatDisplayColumn({{5.781, 0.0}, {0.5, 0.0}, {-1.25, 0.0}});
    EXPECT_EQ(speeds[0], "5.7810");
    EXPECT_EQ(speeds[1], "0.5000");
    EXPECT_EQ(speeds[2], "-1.2500");
    // A column whose small end would lose every digit in fixed goes scientific, all of it.
    const std::vector<std::string> wide = formatDisplayColumn({{1200.0, 0.0}, {1.5e-5, 0.0}});
    EXPECT_EQ(wide[0], "1.2000e+03");
    EXPECT_EQ(wide[1], "1.5000e-05");
    // Round-off of a cell's own quantity is 0 and does not set the column's format.
    const std::vector<std::string> vt = formatDisplayColumn({{-4.441e-16, 5.781}, {0.25, 1.0}});
    EXPECT_EQ(vt[0], "0");
    EXPECT_EQ(vt[1], "0.25000");
}
