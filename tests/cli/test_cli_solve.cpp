// `impactlab-cli solve` on the example problems (tests/data/problems): closed
// forms and published numbers, invariants (momentum, frame independence), and
// the result's shape as docs/problem-format.md promises it.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <filesystem>

#include "CliTestSupport.h"
#include "io/ResultJson.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

// Expected values printed to 7 significant digits (Jia & Wang's ball,
// -0.2857143): half a unit in the last digit is 5e-8; 1e-6 is the brief's bound.
constexpr double kSevenDigitTol = 1e-6;
// Closed forms evaluated here in double. The laws integrate straight segments
// exactly and locate events to 1e-13 of the impulse scale; a stick found by
// geometric step shrinking ends within ~1e-12 relative. 1e-9 leaves margin yet
// catches any real error.
constexpr double kClosedFormRelTol = 1e-9;
// Jia & Wang eq. 15 prints I_z = 0.1007 (four digits: half a unit is 5e-5) and
// the tangential components to six digits (half a unit 5e-9, plus ~1e-9 from
// the seven-digit v_minus of the contract).
constexpr double kPrintedNormalTol = 5e-5;
constexpr double kPrintedTangentTol = 1e-8;
// Momentum and energy bookkeeping is algebra on the reported velocities
// (m dv = I): only round-off of order 1e-16 times the magnitudes remains.
constexpr double kBalanceRelTol = 1e-12;
// The same problem expressed in a rotated world: the integration is
// equivariant under the rotation, so results differ by round-off amplified over
// a few hundred steps; a wrong frame conversion would be off by O(1).
constexpr double kRotationRelTol = 1e-9;
// Unit vectors of the reported contact frame: a normalisation and a cross
// product, a few ulps each.
constexpr double kUnitVectorTol = 1e-14;
// N s. Newton's and Poisson's impulses on the Jia-Wang problem differ by
// ~0.02 (I_n 0.109 vs 0.085); 1e-3 shows the comparison is not one law twice.
constexpr double kLawsDifferMin = 1e-3;

Vec3 impulseOf(const json& result) { return toVec3(result.at("impulse")); }

void expectVecNear(const Vec3& actual, const Vec3& expected, double tol, const std::string& what) {
    ASSERT_TRUE(actual.allFinite()) << what;
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(actual(i), expected(i), tol) << what << "[" << i << "]";
}

json solveOk(const std::vector<std::string>& args) {
    const CliRun run = runCli(args);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err, "");
    return run.json();
}

// --- Contact level -------------------------------------------------------

TEST(CliSolve, BallOnHalfSpaceSticksForEveryLaw) {
    // Central impact: Newton, Poisson and Stronge all give I_n = (1 + e) = 1.5;
    // slip 1 m/s stops at I_n = 1 / (3.5 mu) = 1.43 < 1.5, so I_t = -1 / 3.5.
    for (const std::string model : {"newton", "poisson", "stronge"}) {
        SCOPED_TRACE(model);
        const json r = solveOk({"solve", getProblemPath("ball-on-half-space.json"), "--model", model});
        EXPECT_EQ(r.at("model"), model);
        EXPECT_EQ(r.at("status"), "converged");
        expectVecNear(impulseOf(r), Vec3(-0.2857143, 0, 1.5), kSevenDigitTol, "impulse");
        expectVecNear(toVec3(r.at("impulse_world")), impulseOf(r), 0.0, "impulse_world at contact level");
        expectVecNear(toVec3(r.at("v_plus")), Vec3(0, 0, 0.5), kClosedFormRelTol, "v_plus");
        EXPECT_NEAR(r.at("compression_impulse").get<double>(), 1.0, kClosedFormRelTol);
        bool stuck = false;
        for (const json& e : r.at("events")) stuck = stuck || e.at("kind") == "stick";
        EXPECT_TRUE(stuck);
        EXPECT_FALSE(r.contains("bodies")) << "bodies are reported for body-level input only";
    }
}

TEST(CliSolve, BallOnHalfSpaceSlidesThroughoutWithLowFriction) {
    json problem = loadProblem("ball-on-half-space.json");
    problem["friction"] = 0.1;   // 3.5 mu I_n = 0.525 < 1: never sticks, I_t = -mu I_n
    const TempProblem file(problem);
    const json r = solveOk({"solve", file.path()});
    expectVecNear(impulseOf(r), Vec3(-0.15, 0, 1.5), kSevenDigitTol, "impulse");
    for (const json& e : r.at("events")) EXPECT_NE(e.at("kind"), "stick");
}

TEST(CliSolve, JiaWangIcosahedronMatchesPublishedImpulse) {
    const json r = solveOk({"solve", getProblemPath("jia-wang-icosahedron-stronge.json")});
    const Vec3 I = impulseOf(r);
    EXPECT_NEAR(I.x(), -0.00326657, kPrintedTangentTol);
    EXPECT_NEAR(I.y(), -0.0592263, kPrintedTangentTol);
    EXPECT_NEAR(I.z(), 0.1007, kPrintedNormalTol);
    EXPECT_LT(r.at("energy_after").get<double>(), r.at("energy_before").get<double>());
    EXPECT_TRUE(r.at("warnings").empty());
}

TEST(CliSolve, JiaWangFrictionlessIsClosedForm) {
    // Without friction every law ends at I_n = -(1 + e) v_n / W33 with no
    // tangential impulse, whatever the coupling in W.
    json problem = loadProblem("jia-wang-icosahedron-stronge.json");
    problem["friction"] = 0.0;
    const double e = problem.at("restitution");
    const double vn = problem.at("contact_level").at("v_minus").at(2);
    const double W33 = problem.at("contact_level").at("W").at(2).at(2);
    const double In = -(1.0 + e) * vn / W33;
    const TempProblem file(problem);
    for (const std::string model : {"newton", "poisson", "stronge"}) {
        SCOPED_TRACE(model);
        const json r = solveOk({"solve", file.path(), "--model", model});
        expectVecNear(impulseOf(r), Vec3(0, 0, In), kClosedFormRelTol * In, "impulse");
    }
}

// --- Body level ----------------------------------------------------------

struct SphereBounce {
    Vec3 impulse, velocity, angularVelocity;
    Vec3 vPlus;                 // contact velocity after, world
    double velocityPerImpulse;  // 1/m: how an impulse error shows in the velocity,
    double spinPerImpulse;      // r/I: in the angular velocity,
    double contactPerImpulse;   // k = 1/m + r^2/I: in the contact velocity
};

// A solid sphere on fixed ground, normal +z, contact below the centre, moving
// in x-z and spinning about y: the impact is central, so with k = 1/m + r^2/I
// the slip s = v_x - r w_y changes at rate k along I_t, and it sticks when the
// friction available, mu I_n, can stop it.
SphereBounce calcSphereBounce(const json& problem) {
    const json& body = problem.at("bodies").at(0);
    const double m = body.at("mass"), I = body.at("inertia").at(0).at(0);
    const double r = body.at("com").at(2);
    const double e = problem.at("restitution"), mu = problem.at("friction");
    const Vec3 v = toVec3(body.at("velocity")), w = toVec3(body.at("angular_velocity"));
    const double k = 1.0 / m + r * r / I;
    const double slip = v.x() - r * w.y();
    const double In = -(1.0 + e) * m * v.z();
    const double It = std::abs(slip) / k <= mu * In ? -slip / k : -mu * In * (slip > 0 ? 1.0 : -1.0);
    SphereBounce b;
    b.impulse = Vec3(It, 0, In);
    b.velocity = v + b.impulse / m;
    b.angularVelocity = w + Vec3(0, -r * It / I, 0);   // r x I with r = (0, 0, -r)
    b.vPlus = Vec3(slip + k * It, 0, -e * v.z());
    b.velocityPerImpulse = 1.0 / m;
    b.spinPerImpulse = r / I;
    b.contactPerImpulse = k;
    return b;
}

void expectSphereBounce(const json& problem, const json& r) {
    const SphereBounce expected = calcSphereBounce(problem);
    const double impulseTol = kClosedFormRelTol * expected.impulse.norm();
    expectVecNear(toVec3(r.at("impulse_world")), expected.impulse, impulseTol, "impulse_world");
    const json& b = r.at("bodies").at(0);
    expectVecNear(toVec3(b.at("velocity")), expected.velocity, impulseTol * expected.velocityPerImpulse,
                  "velocity");
    expectVecNear(toVec3(b.at("angular_velocity")), expected.angularVelocity, impulseTol * expected.spinPerImpulse,
                  "angular_velocity");
    expectVecNear(toVec3(r.at("v_plus_world")), expected.vPlus, impulseTol * expected.contactPerImpulse,
                  "v_plus_world");
    EXPECT_EQ(r.at("bodies").at(1), json({{"fixed", true}}));
}

TEST(CliSolve, SpinningSphereOnGroundLeavesRolling) {
    const json problem = loadProblem("sphere-on-ground-spin.json");
    const json r = solveOk({"solve", getProblemPath("sphere-on-ground-spin.json")});
    expectSphereBounce(problem, r);
    // Rolling: no slip at the contact after the impact; it leaves at e |v_n|.
    expectVecNear(calcSphereBounce(problem).vPlus, Vec3(0, 0, 1.2), kClosedFormRelTol, "closed form itself");
    // The numbers the example's description quotes.
    expectVecNear(toVec3(r.at("bodies").at(0).at("velocity")), Vec3(0.857143, 0, 1.2), kSevenDigitTol,
                  "velocity");
}

TEST(CliSolve, SpinningSphereOnSlipperyGroundKeepsSliding) {
    json problem = loadProblem("sphere-on-ground-spin.json");
    problem["friction"] = 0.02;   // mu I_n = 0.128 < 0.2857 needed to stop the slip
    const TempProblem file(problem);
    const json r = solveOk({"solve", file.path()});
    expectSphereBounce(problem, r);
    EXPECT_GT(calcSphereBounce(problem).vPlus.x(), 0.0) << "the closed form must still be slipping forwards";
}

TEST(CliSolve, TangentialComplianceSphereLeavesWithItsContactPointReversed) {
    // The numbers the example's description quotes (the law's own, pinned to
    // six digits: a change of the law shows here).
    const json r = solveOk({"solve", getProblemPath("tangential-compliance-kharaz-20deg.json"), "--trace"});
    EXPECT_EQ(r.at("status"), "converged");
    const Vec3 v = toVec3(r.at("bodies").at(0).at("velocity"));
    const Vec3 w = toVec3(r.at("bodies").at(0).at("angular_velocity"));
    EXPECT_NEAR(v.x() / 1.3338785589701079, 0.595209, 1e-6);
    EXPECT_NEAR(w.y(), 539.942, 1e-3);
    EXPECT_NEAR(v.z(), 3.591505, 1e-6);
    // The contact point (r = -R z from the centre) leaves moving backwards:
    // v_x + (w x r)_x = v_x - w_y R < 0.
    EXPECT_LT(v.x() - w.y() * 2.5e-3, 0.0);
    // Every trace sample carries both spring energies.
    for (const json& s : r.at("trace")) {
        EXPECT_TRUE(s.contains("contact_energy"));
        EXPECT_TRUE(s.contains("tangential_energy"));
    }
}

// Linear and angular momentum of the bodies of a problem document (input) or
// of a result's bodies with the problem's masses, inertias and positions.
struct Momenta {
    Vec3 linear = Vec3::Zero();
    Vec3 angular = Vec3::Zero();   // about the contact point
    double energy = 0.0;
};
Momenta calcMomenta(const json& problem, const json& velocities) {
    const Vec3 p = toVec3(problem.at("contact").at("point"));
    Momenta M;
    for (int i = 0; i < 2; ++i) {
        const json& body = problem.at("bodies").at(i);
        if (body.contains("fixed")) continue;
        const double m = body.at("mass");
        const Mat3 I = toMat3(body.at("inertia"));
        const Vec3 c = toVec3(body.at("com"));
        const Vec3 v = toVec3(velocities.at(i).at("velocity"));
        const Vec3 w = toVec3(velocities.at(i).at("angular_velocity"));
        M.linear += m * v;
        M.angular += (c - p).cross(m * v) + I * w;
        M.energy += 0.5 * m * v.squaredNorm() + 0.5 * w.dot(I * w);
    }
    return M;
}

TEST(CliSolve, TwoFreeBodiesConserveMomentum) {
    const json problem = loadProblem("two-free-bodies.json");
    const json r = solveOk({"solve", getProblemPath("two-free-bodies.json")});
    const Momenta before = calcMomenta(problem, problem.at("bodies"));
    const Momenta after = calcMomenta(problem, r.at("bodies"));
    const double pScale = before.linear.norm(), lScale = before.angular.norm();
    expectVecNear(after.linear, before.linear, kBalanceRelTol * pScale, "linear momentum");
    expectVecNear(after.angular, before.angular, kBalanceRelTol * lScale, "angular momentum about the contact");
    // The impulse on body 1 is its change of momentum.
    const json& b1 = problem.at("bodies").at(0);
    const Vec3 dp1 = b1.at("mass").get<double>() *
                     (toVec3(r.at("bodies").at(0).at("velocity")) - toVec3(b1.at("velocity")));
    expectVecNear(toVec3(r.at("impulse_world")), dp1, kBalanceRelTol * pScale, "impulse_world");
    // Energies are the bodies' kinetic energies; Stronge never gains energy.
    EXPECT_NEAR(r.at("energy_before").get<double>(), before.energy, kBalanceRelTol * before.energy);
    EXPECT_NEAR(r.at("energy_after").get<double>(), after.energy, kBalanceRelTol * before.energy);
    EXPECT_LT(after.energy, before.energy);
    // The contact frame is right handed with n along the given normal.
    const Vec3 n = toVec3(problem.at("contact").at("normal")).normalized();
    const json& f = r.at("contact_frame");
    expectVecNear(toVec3(f.at("n")), n, kUnitVectorTol, "n");
    expectVecNear(toVec3(f.at("t1")).cross(toVec3(f.at("t2"))), n, kUnitVectorTol, "t1 x t2");
}

TEST(CliSolve, RotatingTheWorldRotatesTheResult) {
    // The tangents of the contact frame depend on the world axes; the physics
    // must not. Rotate every vector and tensor of the problem by R.
    const json problem = loadProblem("two-free-bodies.json");
    const Mat3 R = Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix();
    json rotated = problem;
    for (json& body : rotated["bodies"]) {
        if (body.contains("fixed")) continue;
        body["inertia"] = toJson(Mat3(R * toMat3(body["inertia"]) * R.transpose()));
        for (const char* key : {"com", "velocity", "angular_velocity"})
            body[key] = toJson(Vec3(R * toVec3(body[key])));
    }
    for (const char* key : {"point", "normal"})
        rotated["contact"][key] = toJson(Vec3(R * toVec3(problem["contact"][key])));
    const TempProblem file(rotated);

    const json a = solveOk({"solve", getProblemPath("two-free-bodies.json")});
    const json b = solveOk({"solve", file.path()});
    const double impulseScale = toVec3(a.at("impulse_world")).norm();
    double speedScale = toVec3(a.at("v_plus_world")).norm();
    for (int i = 0; i < 2; ++i)
        speedScale = std::max(speedScale, toVec3(a.at("bodies").at(i).at("velocity")).norm());
    expectVecNear(toVec3(b.at("impulse_world")), R * toVec3(a.at("impulse_world")), kRotationRelTol * impulseScale,
                  "impulse_world");
    expectVecNear(toVec3(b.at("v_plus_world")), R * toVec3(a.at("v_plus_world")), kRotationRelTol * speedScale,
                  "v_plus_world");
    for (int i = 0; i < 2; ++i)
        expectVecNear(toVec3(b.at("bodies").at(i).at("velocity")), R * toVec3(a.at("bodies").at(i).at("velocity")),
                      kRotationRelTol * speedScale, "velocity");
    EXPECT_NEAR(b.at("energy_after").get<double>(), a.at("energy_after").get<double>(),
                kRotationRelTol * a.at("energy_before").get<double>());
}

// --- Models, override, comparison ---------------------------------------------

TEST(CliSolve, ModelFlagOverridesTheProblem) {
    const json r = solveOk({"solve", getProblemPath("ball-on-half-space.json"), "--model=poisson"});
    EXPECT_EQ(r.at("model"), "poisson");
    // Over a "models" list too: one result instead of "results".
    const json s = solveOk({"solve", "--model", "newton", getProblemPath("models-comparison.json")});
    EXPECT_EQ(s.at("model"), "newton");
    EXPECT_FALSE(s.contains("results"));
}

TEST(CliSolve, ModelsListGivesOneResultPerLawEqualToSingleRuns) {
    const json problem = loadProblem("models-comparison.json");
    const json r = solveOk({"solve", getProblemPath("models-comparison.json")});
    EXPECT_EQ(r.at("format"), kResultFormat);
    const json& results = r.at("results");
    ASSERT_EQ(results.size(), problem.at("models").size());
    for (std::size_t i = 0; i < results.size(); ++i) {
        const std::string model = problem.at("models").at(i);
        EXPECT_EQ(results.at(i).at("model"), model);
        EXPECT_EQ(results.at(i), solveOk({"solve", getProblemPath("models-comparison.json"), "--model", model}))
            << "a comparison entry must be exactly the single-law result";
    }
    // With coupling in W the laws differ (Newton and Poisson part ways).
    EXPECT_GT((impulseOf(results.at(0)) - impulseOf(results.at(1))).norm(), kLawsDifferMin);
}

TEST(CliSolve, IterationLimitIsReportedNotFailed) {
    // Numerical trouble is a status and a warning in the result, not an error.
    json problem = loadProblem("jia-wang-icosahedron-stronge.json");
    // Untraced, the law takes four panels in angle (Stronge.h); one is allowed.
    problem["stronge"] = {{"max_steps", 1}};
    const TempProblem file(problem);
    const json r = solveOk({"solve", file.path()});
    EXPECT_EQ(r.at("status"), "iteration-limit");
    EXPECT_FALSE(r.at("warnings").empty());
    EXPECT_EQ(r.at("steps"), 1);
}

// --- Trace, stdin, shape -----------------------------------------------------

TEST(CliSolve, TraceFollowsTheNormalImpulse) {
    const json r = solveOk({"solve", getProblemPath("jia-wang-icosahedron-stronge.json"), "--trace"});
    const json& trace = r.at("trace");
    ASSERT_GE(trace.size(), 10u);
    EXPECT_EQ(trace.front().at("normal_impulse").get<double>(), 0.0);
    EXPECT_EQ(trace.back().at("normal_impulse").get<double>(), impulseOf(r).z());
    double last = -1.0;
    bool restitution = false;
    for (const json& s : trace) {
        const double In = s.at("normal_impulse");
        EXPECT_GE(In, last) << "normal impulse must not decrease along the path";
        last = In;
        EXPECT_EQ(toVec3(s.at("impulse")).z(), In);
        for (const char* key : {"velocity", "energy", "mode", "phase"}) EXPECT_TRUE(s.contains(key)) << key;
        if (s.at("phase") == "restitution") restitution = true;
        else EXPECT_FALSE(restitution) << "compression after restitution";
    }
    EXPECT_TRUE(restitution);
    EXPECT_FALSE(solveOk({"solve", getProblemPath("jia-wang-icosahedron-stronge.json")}).contains("trace"));
}

TEST(CliSolve, ReadsStandardInput) {
    const std::string path = getProblemPath("ball-on-half-space.json");
    const CliRun fromFile = runCli({"solve", path});
    const CliRun dash = runCli({"solve", "-"}, path);
    const CliRun none = runCli({"solve"}, path);
    EXPECT_EQ(dash.exitCode, 0) << dash.err;
    EXPECT_EQ(none.exitCode, 0) << none.err;
    EXPECT_EQ(dash.out, fromFile.out);
    EXPECT_EQ(none.out, fromFile.out);
}

TEST(CliSolve, ResultHasTheContractShape) {
    const json contact = solveOk({"solve", getProblemPath("ball-on-half-space.json")});
    const json body = solveOk({"solve", getProblemPath("sphere-on-ground-spin.json")});
    for (const json* r : {&contact, &body}) {
        EXPECT_EQ(r->at("format"), kResultFormat);
        for (const char* key : {"model", "status", "steps", "impulse", "impulse_world", "v_plus", "v_plus_world",
                                "compression_impulse", "energy_before", "energy_after", "events", "warnings"})
            EXPECT_TRUE(r->contains(key)) << key;
        EXPECT_TRUE(r->at("compression_impulse").is_number());
        for (const json& e : r->at("events")) {
            EXPECT_TRUE(e.at("kind").is_string());
            EXPECT_TRUE(e.at("normal_impulse").is_number());
        }
    }
    EXPECT_TRUE(body.contains("bodies"));
    EXPECT_TRUE(body.contains("contact_frame"));
    EXPECT_FALSE(contact.contains("bodies"));
}

TEST(CliSolve, NoExampleOutputHasNonFiniteNumbers) {
    int examples = 0;
    for (const auto& entry : std::filesystem::directory_iterator(IMPACTLAB_PROBLEMS_DIR)) {
        if (entry.path().extension() != ".json") continue;
        ++examples;
        SCOPED_TRACE(entry.path().filename().string());
        const CliRun run = runCli({"solve", entry.path().string(), "--trace"});
        ASSERT_EQ(run.exitCode, 0) << run.err;
        // nlohmann writes NaN and infinity as null; no result field is ever null.
        EXPECT_EQ(run.out.find("null"), std::string::npos);
        const json r = run.json();
        EXPECT_EQ(findNonFiniteNumber(r), std::nullopt);
        const json results = r.contains("results") ? r.at("results") : json::array({r});
        for (const json& one : results) EXPECT_EQ(one.at("status"), "converged");
    }
    EXPECT_GE(examples, 5) << "the examples directory looks empty";
}

TEST(CliSolve, JiaWangTraceCarriesStrongesContactEnergy) {
    // Stronge's contact potential E (Jia & Wang eq. 11) is never negative, rises
    // during compression and is used up exactly at the end of restitution. E is
    // about 1e-3 J here; the end of the impact is located to ~1e-13 of the
    // impulse scale, so it ends within 1e-10 J of zero.
    constexpr double kEnergyTol = 1e-10;
    const json r = solveOk({"solve", "--trace", "--model", "jia-wang", getProblemPath("jia-wang-icosahedron.json")});
    ASSERT_TRUE(r.contains("trace"));
    double peak = 0.0;
    for (const json& s : r.at("trace")) {
        ASSERT_TRUE(s.contains("contact_energy"));
        EXPECT_GE(s.at("contact_energy").get<double>(), -kEnergyTol);
        peak = std::max(peak, s.at("contact_energy").get<double>());
    }
    EXPECT_GT(peak, 1e-4);
    EXPECT_NEAR(r.at("trace").back().at("contact_energy").get<double>(), 0.0, kEnergyTol);
}

}}  // namespace
}  // namespace impactlab::test
