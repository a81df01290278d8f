// `impactlab-cli solve` with the Kudlich-Slibar vehicle law on the body-level
// two-vehicle example (kudlich-slibar-two-vehicles.json): the output agrees
// with the paper's planar closed form (eqs. 35, 52-53, 62-64) evaluated here
// from the file's own numbers, and the law's option is read.
#include <gtest/gtest.h>

#include <cmath>

#include "CliTestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

// The closed form is a few products of O(1000) numbers: round-off ~1e-12 N s;
// the CLI prints doubles with round-trip precision. 1e-9 relative.
constexpr double kClosedFormRelTol = 1e-9;

// J: the reference prints the energies to three decimals.
constexpr double kPrintedEnergyTol = 1e-3;

const char* kFile = "kudlich-slibar-two-vehicles.json";

json solveOk(const std::vector<std::string>& args) {
    const CliRun run = runCli(args);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err, "");
    return run.json();
}

void expectVecNear(const json& actual, const Vec3& expected, double tol, const std::string& what) {
    const Vec3 a = toVec3(actual);
    ASSERT_TRUE(a.allFinite()) << what;
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(a(i), expected(i), tol) << what << "[" << i << "]";
}

// The paper's planar procedure on a planar two-body problem (world x-y plane,
// rotation about z), everything in world coordinates; returns J1 (world).
struct ClosedForm {
    Vec3 J = Vec3::Zero();
    double muTilde = 0.0;
};
ClosedForm calcClosedForm(const json& problem, bool muBound) {
    const json& b1 = problem.at("bodies")[0];
    const json& b2 = problem.at("bodies")[1];
    const Vec3 P = toVec3(problem.at("contact").at("point"));
    const Vec3 n = toVec3(problem.at("contact").at("normal")).normalized();
    const double m1 = b1.at("mass"), m2 = b2.at("mass");
    const double I1 = b1.at("inertia")[2][2], I2 = b2.at("inertia")[2][2];
    const Vec3 r1 = P - toVec3(b1.at("com")), r2 = P - toVec3(b2.at("com"));
    auto pointVelocity = [](const json& b, const Vec3& r) {
        return Vec3(toVec3(b.at("velocity")) + toVec3(b.at("angular_velocity")).cross(r));
    };
    const Vec3 v = pointVelocity(b1, r1) - pointVelocity(b2, r2);
    const Vec3 vt = v - v.dot(n) * n;
    const Vec3 t = -vt.normalized();                                     // eq. 35
    const double r1n = r1.dot(n), r1t = r1.dot(t), r2n = r2.dot(n), r2t = r2.dot(t);   // eqs. 47-48
    const double invMbar = 1.0 / m1 + 1.0 / m2;                            // eq. 34
    const double Ktt = invMbar + r1t * r1t / I1 + r2t * r2t / I2;
    const double Knn = invMbar + r1n * r1n / I1 + r2n * r2n / I2;
    const double Knt = r1n * r1t / I1 + r2n * r2t / I2;
    const double rho = v.dot(t) / v.dot(n);
    ClosedForm f;
    f.muTilde = (Knt + rho * Ktt) / (Knn + rho * Knt);                  // eq. 62
    const double muUser = problem.at("friction");
    const double mu = muBound ? std::max(0.0, std::min(f.muTilde, muUser)) : muUser;   // eqs. 63-64
    const double eps = problem.at("restitution");
    const double Jn = -(1.0 + eps) * v.dot(n) / (Ktt - mu * Knt);        // eq. 52
    f.J = Jn * (n + mu * t);                                               // eq. 53
    return f;
}

TEST(CliKudlichSlibar, TwoVehiclesAgreeWithTheClosedForm) {
    const json problem = loadProblem(kFile);
    const ClosedForm f = calcClosedForm(problem, true);
    ASSERT_NEAR(f.muTilde, 23.0 / 104.0, kClosedFormRelTol) << "the file is reference A.2.1";
    const json r = solveOk({"solve", getProblemPath(kFile)});
    EXPECT_EQ(r.at("model"), "kudlich-slibar");
    EXPECT_EQ(r.at("status"), "converged");
    EXPECT_TRUE(r.at("warnings").empty());
    const double Jtol = kClosedFormRelTol * f.J.norm();
    expectVecNear(r.at("impulse_world"), f.J, Jtol, "impulse_world");
    expectVecNear(r.at("impulse_world"), Vec3(3961.904762, -876.190476, 0.0), 1e-6, "reference A.2.1");
    // eq. 58 with (1 + eps): v+ = -eps v- in the plane; world (2.0, -0.8, 0).
    expectVecNear(r.at("v_plus_world"), Vec3(2.0, -0.8, 0.0), kClosedFormRelTol * 10.0, "v_plus_world");
    // The bodies after: v_k,f = v_k,i +- J/m_k (eq. 20), w_k,f = w_k,i +- (r_k x J)/I_k (eq. 27).
    const json& b = problem.at("bodies");
    const Vec3 r1 = -toVec3(b[0].at("com")), r2 = -toVec3(b[1].at("com"));
    expectVecNear(r.at("bodies")[0].at("velocity"), toVec3(b[0].at("velocity")) + f.J / 1000.0,
                  kClosedFormRelTol * 10.0, "v1f");
    expectVecNear(r.at("bodies")[1].at("velocity"), toVec3(b[1].at("velocity")) - f.J / 1000.0,
                  kClosedFormRelTol * 10.0, "v2f");
    expectVecNear(r.at("bodies")[0].at("angular_velocity"), r1.cross(f.J) / 1000.0, kClosedFormRelTol * 10.0, "w1f");
    expectVecNear(r.at("bodies")[1].at("angular_velocity"), -r2.cross(f.J) / 1000.0, kClosedFormRelTol * 10.0, "w2f");
    EXPECT_NEAR(r.at("energy_before").get<double>(), 58000.0, kClosedFormRelTol * 58000.0);
    EXPECT_NEAR(r.at("energy_after").get<double>(), 40750.476, kPrintedEnergyTol);   // printed to three decimals
}

TEST(CliKudlichSlibar, TraceHasCompressionThenRestitution) {
    const json r = solveOk({"solve", getProblemPath(kFile), "--trace"});
    const json& samples = r.at("trace");
    ASSERT_GE(samples.size(), 3u);
    EXPECT_EQ(samples.front().at("phase"), "compression");
    EXPECT_EQ(samples.back().at("phase"), "restitution");
    ASSERT_EQ(r.at("events").size(), 2u);
    EXPECT_NE(r.at("events")[0].at("kind").get<std::string>().find("compression"), std::string::npos);
}

TEST(CliKudlichSlibar, MuBoundOffUsesTheUserFriction) {
    json problem = loadProblem(kFile);
    problem["kudlich-slibar"] = {{"mu_bound", false}};
    const TempProblem file(problem);
    const ClosedForm f = calcClosedForm(problem, false);
    const json r = solveOk({"solve", file.path()});
    expectVecNear(r.at("impulse_world"), f.J, kClosedFormRelTol * f.J.norm(), "impulse_world, mu = mu_user");
}

TEST(CliKudlichSlibar, UnknownOptionIsOneLineNamingTheField) {
    json problem = loadProblem(kFile);
    problem["kudlich-slibar"] = {{"mu_limit", true}};
    const TempProblem file(problem);
    const CliRun run = runCli({"solve", file.path()});
    EXPECT_NE(run.exitCode, 0);
    EXPECT_EQ(run.errLines(), 1);
    EXPECT_NE(run.err.find("kudlich-slibar.mu_limit"), std::string::npos) << run.err;
    EXPECT_EQ(run.out, "");
}

}}  // namespace
}  // namespace impactlab::test
