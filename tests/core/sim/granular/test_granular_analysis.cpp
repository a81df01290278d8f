// The analyses and exports of granular runs (sim/granular/GranularAnalysis.h,
// GranularExport.h; Preclik, Eibl & Ruede Figs. 10-12, Table 2): each checked
// on particle sets whose answer is known in closed form.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <regex>
#include <sstream>

#include "sim/granular/GranularAnalysis.h"
#include "sim/granular/GranularExport.h"

namespace impactlab::granular {
namespace { namespace IMPACTLAB_UNITY_ID {

constexpr double kRadius = 0.005;   // m

// The first occupied bin holds r = a: its centre is within half a bin width.
constexpr double kHalfBin = 0.5;
// One bin of 20,000 uniform points scatters a few per cent about 1.
constexpr double kBinSamplingTol = 0.05;
// Pi / 6 of one sphere in its cube: round-off only.
constexpr double kSolidFractionTol = 1e-12;

GranularFrame makeFrame(const std::vector<Vec3>& positions, const Vec3& velocity = Vec3::Zero(),
                        const Vec3& angularVelocity = Vec3::Zero(), double time = 0.0) {
    GranularFrame f;
    f.time = time;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        f.ids.push_back(static_cast<std::int64_t>(i));
        f.positions.push_back(positions[i]);
        f.velocities.push_back(velocity);
        f.angularVelocities.push_back(angularVelocity);
        f.radii.push_back(kRadius);
    }
    return f;
}

// A simple cubic lattice of n^3 sites, spacing a, the first at (a/2, a/2, a/2):
// its cells tile the cube [0, n a]^3 exactly.
std::vector<Vec3> makeCubicLattice(int n, double a) {
    std::vector<Vec3> p;
    for (int k = 0; k < n; ++k)
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) p.emplace_back((i + 0.5) * a, (j + 0.5) * a, (k + 0.5) * a);
    return p;
}

TEST(GranularAnalysis, BinnedMeanOfAUniformFlowIsThatFlow) {
    // Particles scattered at random, all moving with one velocity: every
    // occupied cell's mean is that velocity, to round-off, and the magnitude
    // mean is its norm.
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<Vec3> p;
    for (int i = 0; i < 2000; ++i) p.emplace_back(0.15 * u(rng), 0.065 * u(rng), 0.02 * u(rng));
    const Vec3 v(1.0, -0.2, 0.05), w(3.0, 0.0, -4.0);
    const std::vector<GranularFrame> frames{makeFrame(p, v, w, 0.0), makeFrame(p, v, w, 0.1)};
    const FieldGrid grid{0.0, 0.15, 0.0, 0.065, 15, 7};
    const BinnedField f = calcMeanVelocityField(frames, grid, 0.0, 0.1);
    const BinnedField g = calcMeanAngularVelocityField(frames, grid, 0.0, 0.1);
    int samples = 0;
    constexpr double kRoundOffTol = 1e-12;   // m/s: a mean of identical values
    for (std::size_t k = 0; k < f.samples.size(); ++k) {
        samples += f.samples[k];
        ASSERT_GT(f.samples[k], 0) << "2000 particles fill 105 cells";
        EXPECT_LT((f.mean[k] - v).norm(), kRoundOffTol);
        EXPECT_NEAR(f.meanMagnitude[k], v.norm(), kRoundOffTol);
        EXPECT_LT((g.mean[k] - w).norm(), kRoundOffTol);
    }
    EXPECT_EQ(samples, 4000) << "both frames, every particle once";
    // A window holding one frame halves the samples.
    const BinnedField one = calcMeanVelocityField(frames, grid, 0.05, 1.0);
    int oneSamples = 0;
    for (int s : one.samples) oneSamples += s;
    EXPECT_EQ(oneSamples, 2000);
}

TEST(GranularAnalysis, BinnedMeanSeparatesCells) {
    // Two particles in one cell moving oppositely: mean zero, mean |v| 1; the
    // neighbouring cell's particle keeps its own velocity.
    GranularFrame f = makeFrame({Vec3(0.1, 0.1, 0), Vec3(0.2, 0.2, 0), Vec3(1.5, 0.5, 0)});
    f.velocities = {Vec3(1, 0, 0), Vec3(-1, 0, 0), Vec3(0, 2, 0)};
    const BinnedField b = calcMeanVelocityField({f}, FieldGrid{0.0, 2.0, 0.0, 1.0, 2, 1}, 0.0, 0.0);
    EXPECT_EQ(b.samples[0], 2);
    EXPECT_EQ(b.mean[0], Vec3::Zero());
    EXPECT_EQ(b.meanMagnitude[0], 1.0);
    EXPECT_EQ(b.mean[1], Vec3(0, 2, 0));
}

TEST(GranularAnalysis, RdfOfACubicLatticePeaksAtTheSpacing) {
    const double a = 0.011;   // m, 1.1 d
    const GranularFrame f = makeFrame(makeCubicLattice(12, a));
    const Bounds window{Vec3::Zero(), Vec3::Constant(12 * a)};
    const RadialDistribution rdf = calcRadialDistribution({f}, window, 2.0 * a, 45, 0.0, 0.0, RdfNormalisation::Interior);
    // 45 bins put r = a and r = a sqrt(2) inside bins. Nothing is closer than
    // a; the first occupied bin holds r = a.
    const auto first = std::find_if(rdf.g.begin(), rdf.g.end(), [](double g) { return g > 0.0; }) - rdf.g.begin();
    EXPECT_NEAR(rdf.r[first], a, kHalfBin * rdf.binWidth);
    // Interior references see exactly 6 neighbours at a and 12 at a sqrt(2):
    // g of their bins is that count over (shell volume x density).
    const double density = 1.0 / (a * a * a);
    auto expectedG = [&](double r, int neighbours) {
        const int k = static_cast<int>(r / rdf.binWidth);
        const double r0 = k * rdf.binWidth, r1 = r0 + rdf.binWidth;
        return std::make_pair(k, neighbours / (4.0 / 3.0 * EIGEN_PI * (r1 * r1 * r1 - r0 * r0 * r0) * density));
    };
    constexpr double kRoundOffRel = 1e-9;
    for (const auto& [k, g] : {expectedG(a, 6), expectedG(a * std::sqrt(2.0), 12), expectedG(a * std::sqrt(3.0), 8)})
        EXPECT_NEAR(rdf.g[k], g, kRoundOffRel * g) << "bin " << k;
    // and nothing between the shells.
    EXPECT_EQ(rdf.g[expectedG(a, 6).first + 2], 0.0);
}

TEST(GranularAnalysis, RdfOfAnIdealGasTendsToOne) {
    // Uncorrelated uniform points: g = 1 at every r. With interior references
    // the only error is sampling noise: ~5e6 pairs per bin over 20 bins of a
    // sample of 20,000 points; the bin means over r in [0.5, 1] rMax deviate
    // by a fraction of a per cent.
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<Vec3> p;
    for (int i = 0; i < 20000; ++i) p.emplace_back(u(rng), u(rng), u(rng));
    const Bounds window{Vec3::Zero(), Vec3::Ones()};
    const RadialDistribution rdf =
        calcRadialDistribution({makeFrame(p)}, window, 0.1, 20, 0.0, 0.0, RdfNormalisation::Interior);
    double mean = 0.0;
    for (int k = 10; k < 20; ++k) mean += rdf.g[k] / 10.0;
    constexpr double kSamplingTol = 0.01;   // ~2 sigma of the mean of 10 bins
    EXPECT_NEAR(mean, 1.0, kSamplingTol);
    for (int k = 5; k < 20; ++k) EXPECT_NEAR(rdf.g[k], 1.0, kBinSamplingTol) << "bin " << k;
    // The paper's normalisation counts the references near the faces, whose
    // shells stick out of the window: g falls below 1 as r grows.
    const RadialDistribution paper = calcRadialDistribution({makeFrame(p)}, window, 0.1, 20, 0.0, 0.0);
    EXPECT_LT(paper.g[19], 0.95);
    EXPECT_GT(paper.g[19], 0.8);
}

TEST(GranularAnalysis, SolidFractionOfKnownPackings) {
    // Touching spheres on a simple cubic lattice: pi/6 of the space; the
    // window is the lattice's cells, so the count is exact.
    const double d = 2.0 * kRadius;
    const GranularFrame cubic = makeFrame(makeCubicLattice(8, d));
    constexpr double kExactTol = 1e-12;
    EXPECT_NEAR(calcSolidFraction(cubic, Bounds{Vec3::Zero(), Vec3::Constant(8 * d)}), EIGEN_PI / 6.0, kExactTol);
    // Face-centred cubic, touching (cube edge d sqrt 2, 4 spheres a cell):
    // pi / (3 sqrt 2) = 0.7405, the densest packing.
    const double a = d * std::sqrt(2.0);
    std::vector<Vec3> fcc;
    const Vec3 basis[4] = {Vec3(0.25, 0.25, 0.25), Vec3(0.75, 0.75, 0.25), Vec3(0.75, 0.25, 0.75), Vec3(0.25, 0.75, 0.75)};
    for (int k = 0; k < 6; ++k)
        for (int j = 0; j < 6; ++j)
            for (int i = 0; i < 6; ++i)
                for (const Vec3& b : basis) fcc.push_back(a * (Vec3(i, j, k) + b));
    EXPECT_NEAR(calcSolidFraction(makeFrame(fcc), Bounds{Vec3::Zero(), Vec3::Constant(6 * a)}),
                EIGEN_PI / (3.0 * std::sqrt(2.0)), kExactTol);
}

TEST(GranularAnalysis, TableStatisticsAverageTheWindow) {
    std::vector<GranularStepRecord> steps;
    for (int k = 1; k <= 4; ++k) {
        GranularStepRecord r;
        r.step = k;
        r.time = 0.1 * k;
        r.stats.particles = 100 * k;
        r.stats.contacts = 250 * k;
        r.stats.maxPenetration = 1e-5 * k;
        steps.push_back(r);
    }
    const double d = 2.0 * kRadius;
    const std::vector<GranularFrame> frames{makeFrame(makeCubicLattice(4, d), Vec3::Zero(), Vec3::Zero(), 0.3)};
    const GranularTableStatistics t = calcTableStatistics(steps, frames, Bounds{Vec3::Zero(), Vec3::Constant(4 * d)}, 0.15, 0.45);
    EXPECT_EQ(t.stepsUsed, 3);   // steps 2, 3, 4
    EXPECT_DOUBLE_EQ(t.meanParticles, 300.0);
    EXPECT_DOUBLE_EQ(t.meanContacts, 750.0);
    EXPECT_DOUBLE_EQ(t.contactsPerParticle, 2.5);
    EXPECT_DOUBLE_EQ(t.maxPenetration, 4e-5);
    EXPECT_EQ(t.framesUsed, 1);
    EXPECT_NEAR(t.solidFraction, EIGEN_PI / 6.0, kSolidFractionTol);
}

TEST(GranularAnalysis, MeanSpeedAndPileHeight) {
    GranularFrame f = makeFrame({Vec3(0, 0, 0.005), Vec3(0, 0, 0.015), Vec3(0, 0, 0.025), Vec3(0, 0, 1.0)});
    f.velocities = {Vec3(3, 4, 0), Vec3::Zero(), Vec3::Zero(), Vec3::Zero()};
    EXPECT_DOUBLE_EQ(calcMeanSpeed(f), 1.25);
    // The highest sphere (thrown up) is above the 0.5 quantile.
    EXPECT_DOUBLE_EQ(calcPileHeight(f, 0.5), 0.025 + kRadius);
}

// RFC 4648 section 10's test vectors.
TEST(GranularExport, Base64MatchesRfc4648) {
    auto enc = [](const std::string& s) {
        return encodeBase64(reinterpret_cast<const unsigned char*>(s.data()), s.size());
    };
    EXPECT_EQ(enc(""), "");
    EXPECT_EQ(enc("f"), "Zg==");
    EXPECT_EQ(enc("fo"), "Zm8=");
    EXPECT_EQ(enc("foo"), "Zm9v");
    EXPECT_EQ(enc("foob"), "Zm9vYg==");
    EXPECT_EQ(enc("fooba"), "Zm9vYmE=");
    EXPECT_EQ(enc("foobar"), "Zm9vYmFy");
}

std::string decodeBase64(const std::string& s) {
    std::string out;
    int bits = 0;
    std::uint32_t value = 0;  // only the low 14 bits are ever kept
    for (char c : s) {
        const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const char* p = std::strchr(alphabet, c);
        if (c == '=' || !p) break;
        value = ((value << 6) | static_cast<std::uint32_t>(p - alphabet)) & 0x3fffu;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((value >> bits) & 0xff);
        }
    }
    return out;
}

// The text of the DataArray named `name`.
std::string findDataArray(const std::string& xml, const std::string& name) {
    const std::regex re("Name=\"" + name + "\"[^>]*>\\s*([^<]*?)\\s*</DataArray>");
    std::smatch m;
    if (!std::regex_search(xml, m, re)) return "(missing)";
    return m[1].str();
}

GranularFrame makeExportFrame() {
    GranularFrame f = makeFrame({Vec3(0.1, 0.2, 0.3), Vec3(-1.5, 2.25, 1e-7)}, Vec3::Zero(), Vec3::Zero(), 0.25);
    f.velocities = {Vec3(3, 4, 0), Vec3(-1, 0, 0.5)};
    f.angularVelocities = {Vec3(0, 0, 7), Vec3(1, 2, 3)};
    f.ids = {17, 4};
    return f;
}

TEST(GranularExport, AsciiVtpHoldsTheFrame) {
    std::ostringstream out;
    writeVtpFrame(out, makeExportFrame(), VtkEncoding::Ascii);
    const std::string xml = out.str();
    EXPECT_NE(xml.find("<VTKFile type=\"PolyData\""), std::string::npos);
    EXPECT_NE(xml.find("NumberOfPoints=\"2\""), std::string::npos);
    EXPECT_NE(xml.find("NumberOfVerts=\"2\""), std::string::npos);
    EXPECT_EQ(findDataArray(xml, "Points"), "0.10000000000000001 0.20000000000000001 0.29999999999999999 -1.5 2.25 9.9999999999999995e-08");
    EXPECT_EQ(findDataArray(xml, "speed"), "5 1.1180339887498949");
    EXPECT_EQ(findDataArray(xml, "angular_velocity"), "0 0 7 1 2 3");
    EXPECT_EQ(findDataArray(xml, "id"), "17 4");
    EXPECT_EQ(findDataArray(xml, "radius"), "0.0050000000000000001 0.0050000000000000001");
    EXPECT_EQ(findDataArray(xml, "connectivity"), "0 1");
    EXPECT_EQ(findDataArray(xml, "offsets"), "1 2");
    EXPECT_EQ(findDataArray(xml, "TimeValue"), "0.25");
}

TEST(GranularExport, BinaryVtpDecodesToTheSameNumbers) {
    const GranularFrame f = makeExportFrame();
    std::ostringstream out;
    writeVtpFrame(out, f, VtkEncoding::Binary);
    const std::string xml = out.str();
    EXPECT_NE(xml.find("header_type=\"UInt64\""), std::string::npos);
    // Each array: a UInt64 byte count, then the raw little-endian values.
    const std::string points = decodeBase64(findDataArray(xml, "Points"));
    ASSERT_EQ(points.size(), 8u + 6u * 8u);
    std::uint64_t bytes = 0;
    std::memcpy(&bytes, points.data(), 8);
    EXPECT_EQ(bytes, 48u);
    double values[6];
    std::memcpy(values, points.data() + 8, 48);
    for (int i = 0; i < 2; ++i)
        for (int c = 0; c < 3; ++c) EXPECT_EQ(values[3 * i + c], f.positions[i](c));
    const std::string ids = decodeBase64(findDataArray(xml, "id"));
    ASSERT_EQ(ids.size(), 8u + 2u * 8u);
    std::int64_t id[2];
    std::memcpy(id, ids.data() + 8, 16);
    EXPECT_EQ(id[0], 17);
    EXPECT_EQ(id[1], 4);
}

TEST(GranularExport, CsvAndCollection) {
    std::ostringstream csv;
    writeFrameCsv(csv, makeExportFrame());
    std::istringstream lines(csv.str());
    std::string header, first;
    std::getline(lines, header);
    std::getline(lines, first);
    EXPECT_EQ(header, "id,x [m],y [m],z [m],vx [m/s],vy [m/s],vz [m/s],wx [rad/s],wy [rad/s],wz [rad/s],radius [m]");
    EXPECT_EQ(first, "17,0.10000000000000001,0.20000000000000001,0.29999999999999999,3,4,0,0,0,7,0.0050000000000000001");
    std::ostringstream pvd;
    writePvdCollection(pvd, {{0.0, "frame_00000.vtp"}, {0.01, "a&b.vtp"}});
    EXPECT_NE(pvd.str().find("<DataSet timestep=\"0.01\" group=\"\" part=\"0\" file=\"a&amp;b.vtp\"/>"), std::string::npos);
}

}}  // namespace
}  // namespace impactlab::granular
