// impact/LawGuard.h quotes an energy gain in the layout of the project's JSON
// output without the JSON library on the impact floor (the law registry passes
// the JSON writer's own text): formatNumberAsJson lays a number out as
// json::dump does, with the shortest round-trip digits.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <tuple>

#include "impact/LawGuard.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Random doubles drawn per decade; enough to visit every layout of the output
// (fixed, 0.000ddd, d.ddde+NN) many times over in well under a second.
constexpr int kRandomSamples = 200000;

void expectSameAsJson(double x) { EXPECT_EQ(formatNumberAsJson(x), nlohmann::json(x).dump()) << x; }

// The same layout as json::dump (sign, point, exponent and its sign and width)
// and a text that reads back to x exactly; the digits may differ in the last
// place (the JSON writer's Grisu2 is not always the shortest or the closest).
void expectSameLayoutAsJson(double x) {
    const std::string ours = formatNumberAsJson(x);
    const std::string theirs = nlohmann::json(x).dump();
    EXPECT_EQ(std::stod(ours), x) << ours;
    const auto shape = [](const std::string& s) {
        const std::size_t e = s.find('e');
        return std::make_tuple(s[0] == '-', s.find('.') != std::string::npos, e != std::string::npos,
                               e == std::string::npos ? std::string() : s.substr(e));
    };
    EXPECT_EQ(shape(ours), shape(theirs)) << ours << " vs " << theirs;
}

TEST(LawGuardFormat, MatchesJsonDumpOnEdgeValues) {
    for (double x : {0.0, -0.0, 1.0, -1.0, 2.0, 0.5, 0.1, 1e-4, 1.5e-4, 1e-5, 1.5e-5, 9.999e-5, 1e14, 1e15,
                     1.5e15, 1e16, 123456789012345.0, 1234567890123456.0, 1e-300, 1e300, 5e-324,
                     std::numeric_limits<double>::max(), std::numeric_limits<double>::min(), 3.14159,
                     -2.5e-7, 0.30000000000000004, 1e21, 1e22, 1e100})
        expectSameAsJson(x);
    EXPECT_EQ(formatNumberAsJson(std::numeric_limits<double>::infinity()), "null");
    EXPECT_EQ(formatNumberAsJson(std::numeric_limits<double>::quiet_NaN()), "null");
}

TEST(LawGuardFormat, MatchesJsonLayoutOnRandomValues) {
    std::mt19937_64 rng(24);
    std::uniform_real_distribution<double> mantissa(-10.0, 10.0);
    std::uniform_int_distribution<int> decade(-30, 30);
    for (int i = 0; i < kRandomSamples; ++i) expectSameLayoutAsJson(mantissa(rng) * std::pow(10.0, decade(rng)));
}

}}  // namespace
