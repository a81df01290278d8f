#pragma once
// Numbers as people read them: the one formatter every
// summary, table and legend uses. Not for files read back by programs: the
// CLI's JSON and the data CSVs keep every digit the core computed.
//
// A value is printed against the scale of the quantity it belongs to (the
// largest component of its vector, the energy before the impact for an energy
// change): a value that is round-off of that scale prints "0", so
// v+ = (-4.441e-16, 0, 5.781) reads (0, 0, 5.781) and an energy change of
// 1.8e-13 J out of 16 J reads 0, not a gain. A value that is small but not
// round-off of its own scale (a 1e-6 m/s velocity whose vector is that small)
// prints as itself. Non-finite values print "n/a".
#include <string>
#include <vector>

#include "mechanics/Types.h"

namespace impactlab {

// |x| at or below this share of its quantity's scale is round-off and prints
// as 0. The laws solve to about 1e-12 relative (kEnergyGainRelTol) and a few
// hundred double operations leave about 1e-13; scene files give their inputs
// to eight or nine significant digits (pi as 3.14159265, 3.6e-9 off), and that
// truncation reaches the results at up to about 1e-8 of their scale (a barrier
// car's PDOF of 2e-7 deg, a sideways 5e-8 m/s of 15 m/s). 1e-7 is above all
// of these and two digits below the last digit shown at kDisplayDigits
// (1e-5 relative), so a zeroed value was never a digit a reader could see.
constexpr double kDisplayZeroRelTol = 1e-7;
// Significant digits in summaries and legends: resolves the differences
// between laws the comparison shows (third to fourth digit) with one to spare.
constexpr int kDisplayDigits = 5;
// Plain decimals for magnitudes in [kFixedMin, kFixedMax): 16321 J and
// 0.0125 m read better than 1.6321e+04 and 1.25e-02; outside, scientific.
constexpr double kDisplayFixedMin = 1e-3;
constexpr double kDisplayFixedMax = 1e6;
// What a non-finite value prints as.
inline constexpr const char* kDisplayNotANumber = "n/a";

// Whether `x` is round-off of a quantity of magnitude `scale` (|x| <=
// kDisplayZeroRelTol |scale|); -0 and 0 always are.
bool isDisplayRoundOff(double x, double scale);

// One value: "0" for round-off of `scale`, "n/a" when not finite, else
// `digits` significant digits, plain in the fixed range (trailing zeros
// dropped), else scientific ("2.369e+05").
std::string formatDisplayNumber(double x, double scale, int digits = kDisplayDigits);
// A value that is its own scale (an energy before, a mass): never zeroed
// unless it is exactly zero.
std::string formatDisplayNumber(double x, int digits = kDisplayDigits);

// "(a, b, c)", each component judged against `scale`.
std::string formatDisplayVector(const Vec3& v, double scale, int digits = kDisplayDigits);
// "(a, b, c)", each component judged against the largest among them.
std::string formatDisplayVector(const Vec3& v, int digits = kDisplayDigits);

// The scale a post-impact velocity is judged against: the impact's own
// velocity scale max(|v-|, |v+|), so the round-off left in a v+ that is
// (nearly) zero prints 0 instead of being judged against itself.
double calcImpactVelocityScale(const Vec3& vMinus, const Vec3& vPlus);

// One column of a table (one quantity, one unit): every cell in one format,
// fixed with one number of decimals or scientific with one mantissa length,
// chosen from the column's values after round-off is zeroed.
struct DisplayCell {
    double value = 0.0;
    double scale = 0.0;   // the quantity's magnitude; 0: the value is its own scale
};
struct DisplayColumnFormat {
    bool scientific = false;
    int decimals = 0;     // after the point (of the mantissa when scientific)
};
DisplayColumnFormat chooseDisplayColumnFormat(const std::vector<DisplayCell>& cells, int digits = kDisplayDigits);
// A cell in a column's format: "0" for round-off, "n/a" when not finite.
std::string formatDisplayCell(const DisplayCell& cell, const DisplayColumnFormat& format);
// The whole column, formatted with the format chosen from it.
std::vector<std::string> formatDisplayColumn(const std::vector<DisplayCell>& cells, int digits = kDisplayDigits);

}  // namespace impactlab
