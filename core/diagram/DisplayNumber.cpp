#include "diagram/DisplayNumber.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace impactlab {

namespace {

// Room for any double in %f or %e with up to 17 digits (1e308 in %f is 309 digits).
constexpr int kBufferSize = 400;

// Decimals that give `digits` significant digits to a magnitude `a` in fixed notation.
int calcFixedDecimals(double a, int digits) {
    const int exponent = static_cast<int>(std::floor(std::log10(a)));
    return std::max(0, digits - 1 - exponent);
}

std::string printFixed(double x, int decimals) {
    char buf[kBufferSize];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

std::string printScientific(double x, int decimals) {
    char buf[kBufferSize];
    std::snprintf(buf, sizeof buf, "%.*e", decimals, x);
    return buf;
}

// "5.7810" -> "5.781", "2.3690e+05" -> "2.369e+05", "12.000" -> "12".
std::string dropTrailingZeros(const std::string& s) {
    const std::size_t point = s.find('.');
    if (point == std::string::npos) return s;
    const std::size_t exponent = s.find('e');
    const std::string mantissa = s.substr(0, exponent);
    const std::string tail = exponent == std::string::npos ? std::string() : s.substr(exponent);
    std::size_t end = mantissa.find_last_not_of('0');
    if (end == point) --end;
    return mantissa.substr(0, end + 1) + tail;
}

bool isFixedRange(double a) { return a >= kDisplayFixedMin && a < kDisplayFixedMax; }

}  // namespace

bool isDisplayRoundOff(double x, double scale) {
    if (x == 0.0) return true;   // also -0
    return std::abs(x) <= kDisplayZeroRelTol * std::abs(scale);
}

std::string formatDisplayNumber(double x, double scale, int digits) {
    if (!std::isfinite(x)) return kDisplayNotANumber;
    if (isDisplayRoundOff(x, std::isfinite(scale) ? scale : 0.0)) return "0";
    const double a = std::abs(x);
    if (isFixedRange(a)) return dropTrailingZeros(printFixed(x, calcFixedDecimals(a, digits)));
    return dropTrailingZeros(printScientific(x, digits - 1));
}

std::string formatDisplayNumber(double x, int digits) { return formatDisplayNumber(x, 0.0, digits); }

std::string formatDisplayVector(const Vec3& v, double scale, int digits) {
    return "(" + formatDisplayNumber(v.x(), scale, digits) + ", " + formatDisplayNumber(v.y(), scale, digits) + ", " +
           formatDisplayNumber(v.z(), scale, digits) + ")";
}

std::string formatDisplayVector(const Vec3& v, int digits) {
    double scale = 0.0;
    for (int i = 0; i < 3; ++i)
        if (std::isfinite(v(i))) scale = std::max(scale, std::abs(v(i)));
    return formatDisplayVector(v, scale, digits);
}

double calcImpactVelocityScale(const Vec3& vMinus, const Vec3& vPlus) {
    double scale = 0.0;
    for (const Vec3* v : {&vMinus, &vPlus})
        if (v->allFinite()) scale = std::max(scale, v->norm());
    return scale;
}

namespace {
bool isShown(const DisplayCell& c) {
    return std::isfinite(c.value) && !isDisplayRoundOff(c.value, std::isfinite(c.scale) ? c.scale : 0.0);
}
}  // namespace

DisplayColumnFormat chooseDisplayColumnFormat(const std::vector<DisplayCell>& cells, int digits) {
    double largest = 0.0, smallest = 0.0;
    for (const DisplayCell& c : cells) {
        if (!isShown(c)) continue;
        const double a = std::abs(c.value);
        largest = std::max(largest, a);
        smallest = smallest == 0.0 ? a : std::min(smallest, a);
    }
    if (largest == 0.0) return {false, 0};
    if (isFixedRange(largest)) {
        const int decimals = calcFixedDecimals(largest, digits);
        // Fixed only when the column's smallest value keeps a digit; else one
        // scientific format shows both ends.
        if (smallest >= 0.5 * std::pow(10.0, -decimals)) return {false, decimals};
    }
    return {true, digits - 1};
}

std::string formatDisplayCell(const DisplayCell& cell, const DisplayColumnFormat& format) {
    if (!std::isfinite(cell.value)) return kDisplayNotANumber;
    if (!isShown(cell)) return "0";
    return format.scientific ? printScientific(cell.value, format.decimals) : printFixed(cell.value, format.decimals);
}

std::vector<std::string> formatDisplayColumn(const std::vector<DisplayCell>& cells, int digits) {
    const DisplayColumnFormat format = chooseDisplayColumnFormat(cells, digits);
    std::vector<std::string> out;
    out.reserve(cells.size());
    for (const DisplayCell& c : cells) out.push_back(formatDisplayCell(c, format));
    return out;
}

}  // namespace impactlab
