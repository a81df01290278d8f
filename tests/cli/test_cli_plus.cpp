// `impactlab-cli solve` with several contacts (docs/problem-format.md, "Several
// contacts"): PLUS at contact and body level, and the refusal of
// single-contact laws.
#include <gtest/gtest.h>

#include <functional>

#include "CliTestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

// B.2.7 and B.2.8 print 6-7 digits; PLUS reproduces them to ~1e-12, so the
// print precision bounds the comparison.
constexpr double kPrintedTol = 2e-6;
// Momentum bookkeeping on the reported velocities: round-off only.
constexpr double kBalanceTol = 1e-10;

// B.2.7's 3:1 split is exact; a ratio of printed impulses keeps ~1e-12.
constexpr double kSplitTol = 1e-9;
// Exact arithmetic on 1s and 2s (Table 2, Fig. 14): round-off only.
constexpr double kExactTol = 1e-12;
// m/s: Stronge, PLUS and Poisson agree in closed form on a frictionless ball; 1e-9 covers their integrators.
constexpr double kRestitutionTol = 1e-9;

TEST(CliPlus, FourPointBrickAtBodyLevel) {
    const CliRun run = runCli({"solve", getProblemPath("plus-four-point-brick.json")});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json r = run.json();
    EXPECT_EQ(r["model"], "plus");
    EXPECT_EQ(r["status"], "converged");
    ASSERT_EQ(r["contacts"].size(), 4u);
    EXPECT_EQ(r["rounds"], 2);
    double leading = 0.0, trailing = 0.0;
    Vec3 total = Vec3::Zero();
    for (const json& c : r["contacts"]) {
        const Vec3 pi = toVec3(c["impulse"]);
        const Vec3 piWorld = toVec3(c["impulse_world"]);
        EXPECT_GE(pi.z(), 0.0);
        EXPECT_LE(pi.head<2>().norm(), 0.2 * pi.z() * (1 + 1e-9));
        total += piWorld;
        (c["name"].get<std::string>().rfind("leading", 0) == 0 ? leading : trailing) += pi.z();
    }
    EXPECT_NEAR(leading / trailing, 3.0, kSplitTol);   // B.2.7: the split is exactly 3:1
    EXPECT_NEAR(leading + trailing, 24.99952, kPrintedTol * 25);
    const Vec3 v = toVec3(r["bodies"][0]["velocity"]);
    const Vec3 w = toVec3(r["bodies"][0]["angular_velocity"]);
    EXPECT_LT((v - Vec3(0.394907, 0.0, 3.65976)).cwiseAbs().maxCoeff(), 1e-5);
    EXPECT_LT((w - Vec3(0.0, 0.789814, 0.0)).cwiseAbs().maxCoeff(), 1e-5);
    // Linear momentum: m (v+ - v-) = sum of the world impulses.
    EXPECT_LT((2.0 * (v - Vec3(-2.0, 0.0, -8.84)) - total).cwiseAbs().maxCoeff(), kBalanceTol * 50);
    EXPECT_LE(r["energy_after"].get<double>(), r["energy_before"].get<double>());
    EXPECT_EQ(r["bodies"][1], json({{"fixed", true}}));
}

TEST(CliPlus, NewtonsCradleRounds) {
    const CliRun run = runCli({"solve", getProblemPath("plus-newtons-cradle.json")});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json r = run.json();
    EXPECT_EQ(r["rounds"], 5);   // Table 2
    for (int i = 0; i < 5; ++i)
        EXPECT_NEAR(r["bodies"][i]["velocity"][0].get<double>(), i == 4 ? -2.0 : 0.0, kExactTol) << "ball " << i + 1;
    EXPECT_NEAR(r["energy_after"].get<double>(), r["energy_before"].get<double>(), kExactTol);

    json simultaneous = loadProblem("plus-newtons-cradle.json");
    simultaneous["plus"] = {{"impact_model", "simultaneous"}};
    const CliRun c = runCli({"solve", TempProblem(simultaneous).path()});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const json rc = c.json();   // Fig. 14 row C: one ball of equivalent mass
    EXPECT_NEAR(rc["bodies"][0]["velocity"][0].get<double>(), 1.2, kExactTol);
    for (int i = 1; i < 5; ++i) EXPECT_NEAR(rc["bodies"][i]["velocity"][0].get<double>(), -0.8, kExactTol);
}

TEST(CliPlus, ContactLevelWithTrace) {
    const CliRun run = runCli({"solve", getProblemPath("plus-two-contacts.json"), "--trace"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json r = run.json();
    ASSERT_EQ(r["contacts"].size(), 2u);
    EXPECT_FALSE(r.contains("bodies"));
    EXPECT_GE(r["intervals"].get<int>(), r["rounds"].get<int>());
    for (const json& c : r["contacts"]) {
        const Vec3 pi = toVec3(c["impulse"]);
        EXPECT_GT(pi.z(), 0.0);
        EXPECT_LE(pi.head<2>().norm(), 0.2 * pi.z() * (1 + 1e-9));
        EXPECT_GE(c["v_plus"][2].get<double>(), -1e-5);
    }
    // The two contacts are symmetric: the same impulse.
    EXPECT_LT((toVec3(r["contacts"][0]["impulse"]) - toVec3(r["contacts"][1]["impulse"])).norm(), 1e-9);
    const json& trace = r["trace"];
    ASSERT_EQ(trace.size(), r["intervals"].get<std::size_t>() + 1);
    EXPECT_EQ(trace.back()["contacts"].size(), 2u);
    EXPECT_LT((toVec3(trace.back()["contacts"][0]["impulse"]) - toVec3(r["contacts"][0]["impulse"])).norm(), 1e-12);
}

TEST(CliPlus, SingleContactLawsRefuseSeveralContacts) {
    for (const char* model : {"stronge", "newton", "jia-wang"}) {
        const CliRun run = runCli({"solve", getProblemPath("plus-four-point-brick.json"), "--model", model});
        EXPECT_EQ(run.exitCode, 1) << model;
        EXPECT_EQ(run.errLines(), 1) << model;
        EXPECT_EQ(run.err.rfind("impactlab-cli: contacts:", 0), 0u) << model << ": " << run.err;
        EXPECT_EQ(run.out, "") << model;
    }
}

TEST(CliPlus, OneContactListRunsAnyLaw) {
    // nc = 1 given as a list is the single-contact problem: Stronge's ball.
    json p = loadProblem("plus-two-contacts.json");
    p["contacts"] = json::array({{{"friction", 0.0}, {"restitution", 0.5}}});
    p["A"] = json::array({{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}});
    p["v_minus"] = {0.0, 0.0, -2.0};
    for (const char* model : {"stronge", "plus", "poisson"}) {
        const CliRun run = runCli({"solve", TempProblem(p).path(), "--model", model});
        ASSERT_EQ(run.exitCode, 0) << model << run.err;
        EXPECT_NEAR(run.json()["contacts"][0]["v_plus"][2].get<double>(), 1.0, kRestitutionTol) << model;
    }
}

TEST(CliPlus, BadSeveralContactInputNamesTheField) {
    json base = loadProblem("plus-four-point-brick.json");
    auto with = [&](const std::function<void(json&)>& f) { json d = base; f(d); return d; };
    const std::pair<std::string, json> cases[] = {
        {"contacts[1].friction", with([](json& d) { d["contacts"][1]["friction"] = -1; })},
        {"contacts[2].restitution_min", with([](json& d) { d["contacts"][2]["restitution_min"] = 1.5; })},
        {"contacts[0].bodies", with([](json& d) { d["contacts"][0]["bodies"] = {0, 7}; })},
        {"contacts[3].normal", with([](json& d) { d["contacts"][3]["normal"] = {0, 0, 0}; })},
        {"plus.theta_max", with([](json& d) { d["plus"]["theta_max"] = -1; })},
        {"plus.impact_model", with([](json& d) { d["plus"]["impact_model"] = "parallel"; })},
        {"bodies", with([](json& d) { d["bodies"][0]["velocity"] = {0, 0, 1}; })},
    };
    for (const auto& [field, doc] : cases) {
        const CliRun run = runCli({"solve", TempProblem(doc).path()});
        EXPECT_EQ(run.exitCode, 1) << field;
        EXPECT_EQ(run.err.rfind("impactlab-cli: " + field + ":", 0), 0u) << field << " -> " << run.err;
    }
    json badA = loadProblem("plus-two-contacts.json");
    badA["A"][0][0] = -5.0;
    const CliRun run = runCli({"solve", TempProblem(badA).path()});
    EXPECT_EQ(run.err.rfind("impactlab-cli: A:", 0), 0u) << run.err;
}

}}  // namespace
}  // namespace impactlab::test
