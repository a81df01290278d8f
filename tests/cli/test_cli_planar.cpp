// `impactlab-cli solve` with the planar laws of Cataldo & Sampaio (2002) on the
// planar-*.json examples: the reference numbers (B2.1-B2.9), law options, the
// trace, and the errors a planar law raises.
#include <gtest/gtest.h>

#include <map>

#include "CliTestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

// The examples' expected values are printed to six decimals (B2 tables):
// half a unit in the last place is 5e-7.
constexpr double kPrintedTol = 1e-6;
// Absolute bar-drop values come from the reference's simulation log with five
// decimals and v0 = 4.075203 (itself rounded): 1e-5.
constexpr double kSimulationLogTol = 1e-5;
// Closed forms the laws evaluate in a few operations: round-off only.
constexpr double kClosedFormTol = 1e-12;
// Results of the path integrator (wang-mason): straight planar segments are
// exact for RK4; events and sticking are located to ~1e-12 of the scale.
constexpr double kPathTol = 1e-9;

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

double energyChange(const json& r) { return r.at("energy_after").get<double>() - r.at("energy_before").get<double>(); }

bool hasEvent(const json& r, const std::string& kind) {
    for (const json& e : r.at("events"))
        if (e.at("kind") == kind) return true;
    return false;
}

bool hasWarning(const json& r, const std::string& text) {
    for (const json& w : r.at("warnings"))
        if (w.get<std::string>().find(text) != std::string::npos) return true;
    return false;
}

TEST(CliPlanar, KaneGainsEnergyOnTheBarAndSaysSo) {
    const json r = solveOk({"solve", getProblemPath("planar-bar-kane-energy-gain.json")});
    EXPECT_EQ(r.at("model"), "kane");
    EXPECT_EQ(r.at("status"), "converged");
    expectVecNear(r.at("impulse"), Vec3(0.375, 0, 1.025), kClosedFormTol, "impulse");
    expectVecNear(r.at("v_plus"), Vec3(0, 0, 1), kClosedFormTol, "v_plus");
    EXPECT_NEAR(energyChange(r), 0.1125, kClosedFormTol);
    EXPECT_TRUE(hasWarning(r, "energy gained"));
    EXPECT_TRUE(hasEvent(r, "stick"));
}

TEST(CliPlanar, EveryPlanarLawOnTheKaneExample) {
    // The same input (mu = 1, e = 1) through --model: B2.1, B2.2, B2.4, B2.6.
    struct Row { std::string model; Vec3 impulse; double dT; bool warns; };
    const Row rows[] = {{"kane", Vec3(0.375, 0, 1.025), 0.1125, true},
                        {"brach", Vec3(0.375, 0, 1.025), 0.1125, true},
                        {"glocker-pfeiffer", Vec3(0.24, 0, 0.8), -0.072, false},
                        {"wang-mason", Vec3(0.24, 0, 0.8), -0.072, false},
                        {"smith", Vec3(0, 0, 0.8), 0.0, false},
                        {"cs", Vec3(0.24, 0, 0.8), -0.072, false}};
    for (const Row& row : rows) {
        SCOPED_TRACE(row.model);
        const json r = solveOk({"solve", getProblemPath("planar-bar-kane-energy-gain.json"), "--model", row.model});
        EXPECT_EQ(r.at("model"), row.model);
        expectVecNear(r.at("impulse"), row.impulse, kPathTol, "impulse");
        EXPECT_NEAR(energyChange(r), row.dT, kPathTol);
        EXPECT_EQ(hasWarning(r, "energy gained"), row.warns);
    }
}

TEST(CliPlanar, LawsSideBySide) {
    const json out = solveOk({"solve", getProblemPath("planar-bar-laws.json")});
    ASSERT_TRUE(out.contains("results"));
    std::map<std::string, json> byModel;
    for (const json& r : out.at("results")) byModel[r.at("model").get<std::string>()] = r;
    ASSERT_EQ(byModel.size(), 9u);
    expectVecNear(byModel["kane"].at("impulse"), Vec3(0.375, 0, 1.025), kClosedFormTol, "kane");
    expectVecNear(byModel["brach"].at("impulse"), Vec3(0.375, 0, 1.025), kClosedFormTol, "brach");
    expectVecNear(byModel["glocker-pfeiffer"].at("impulse"), Vec3(0.16, 0, 0.8), kClosedFormTol, "gp");
    expectVecNear(byModel["cs"].at("impulse"), Vec3(0.16, 0, 0.8), kClosedFormTol, "cs");
    expectVecNear(byModel["wang-mason"].at("impulse"), Vec3(0.107789, 0, 0.749474), kPrintedTol, "wang-mason");
    expectVecNear(byModel["poisson"].at("impulse"), toVec3(byModel["wang-mason"].at("impulse")), 0.0, "= poisson");
    expectVecNear(byModel["newton"].at("impulse"), Vec3(0.168421, 0, 0.901053), kPrintedTol, "newton");
    expectVecNear(byModel["smith"].at("impulse"), Vec3(0, 0, 0.8), kClosedFormTol, "smith");
    expectVecNear(byModel["smith"].at("v_plus"), Vec3(-0.6, 0, 1), kClosedFormTol, "smith reverses the slip");
    EXPECT_NEAR(energyChange(byModel["glocker-pfeiffer"]), -0.064, kClosedFormTol);
}

TEST(CliPlanar, WangMasonDirectImpactReversesTheSlip) {
    const json r = solveOk({"solve", getProblemPath("planar-bar-direct-wang-mason.json")});
    expectVecNear(r.at("impulse"), Vec3(0.421053, 0, 1.052632), kPrintedTol, "impulse");
    expectVecNear(r.at("v_plus"), Vec3(-0.526316, 0, 1.0), kPrintedTol, "v_plus");
    ASSERT_FALSE(r.at("events").empty());
    EXPECT_EQ(r.at("events")[0].at("kind"), "resumed-slip") << "C-reverse from the start (errata B4.4)";
    EXPECT_EQ(r.at("events")[0].at("normal_impulse").get<double>(), 0.0);
}

// Table 3.2's mode in the result: the bar at pi/4 (A = 2.5,
// B = 1.5, C = 2.5, mu_s = 0.6) in the reference's cases B2.3 (direct,
// D_A = (0, -1)) and B2.4 (oblique, D_A = (0.6, -1)), where the notes derive
// the modes: direct sticks from the start for mu > 0.6 and slides with
// s = -sign(B) below (C-reverse, errata B4.4); oblique stops sliding in
// compression for every mu (P_d < P_q), so C-stick for mu >= 0.6 and C-reverse
// below (errata B4.5). Other laws carry no mode.
TEST(CliPlanar, WangMasonModeOfTable32) {
    const json base = loadProblem("planar-bar-direct-wang-mason.json");
    struct Row { double vt, mu; const char* termination; const char* mode; };
    const Row rows[] = {
        {0.0, 0.4, "newton", "C-reverse-sliding"}, {0.0, 1.0, "newton", "C-stick"},
        {0.0, 0.2, "poisson", "C-reverse-sliding"}, {0.0, 4.0, "poisson", "C-stick"},
        {0.6, 0.4, "poisson", "C-reverse-sliding"}, {0.6, 0.59, "newton", "C-reverse-sliding"},
        {0.6, 0.6, "poisson", "C-stick"},           {0.6, 1.0, "newton", "C-stick"},
        {0.0, 0.0, "poisson", "frictionless"},
    };
    for (const Row& row : rows) {
        SCOPED_TRACE(std::to_string(row.vt) + ", mu " + std::to_string(row.mu) + ", " + row.termination);
        json doc = base;
        doc["friction"] = row.mu;
        doc["wang-mason"]["termination"] = row.termination;
        doc["contact_level"]["v_minus"][0] = row.vt;
        TempProblem file(doc);
        const json r = solveOk({"solve", file.path()});
        EXPECT_EQ(r.at("wang_mason_mode"), row.mode);
    }
    TempProblem file(base);
    EXPECT_FALSE(solveOk({"solve", file.path(), "--model", "poisson"}).contains("wang_mason_mode"));
}

// The pendulum on a moving surface names Table 2.1's cell of each impact
// (Cataldo & Sampaio sec. 2.9). The scene releases the rod so that
// it strikes at theta0 = pi/6 with thetadot_A = -2 rad/s (m = L = 1), the
// reference's derived vectors B2.7 with e_np = 0.5: each row's cell, the mode
// Wang-Mason's Poisson process reaches, and the total impulse where printed.
TEST(CliPlanar, PendulumNamesItsTable21Cell) {
    // The swing to the surface is integrated: thetadot_A is -2 to ~1e-12
    // rad/s; the reference prints six decimals.
    constexpr double kSwingTol = 1e-9;   // rad/s
    struct Row { const char* v; const char* mu; int row, column; const char* outcome, * mode; double In, It; };
    const Row rows[] = {
        {"1.5", "0.3", 1, 1, "forward sliding", "forward-sliding", 1.316123, 0.394837},
        {"1.5", "0.8", 1, 2, "forward sliding", "forward-sliding", 0.838349, 0.670679},
        {"0.5", "0.3", 2, 1, "reverse sliding in expansion", "E-reverse-sliding", 1.316123, 0.283585},
        {"0.5", "0.8", 2, 2, "stick in expansion", "E-stick", 0.838349, 0.508001},
        {"0", "0.3", 2, 1, "reverse sliding in expansion", "E-reverse-sliding", 0.0, 0.0},
        {"0", "0.8", 2, 2, "stick in expansion", "E-stick", 0.0, 0.0},
        {"-0.5", "0.3", 3, 1, "reverse sliding in compression", "C-reverse-sliding", 2.138040, -0.266936},
        {"-0.5", "0.8", 3, 2, "no solution", "no-solution", 0.0, 0.0},
        {"-2.5", "0.3", 4, 1, "forward sliding", "forward-sliding", 0.0, 0.0},
        {"-2.5", "0.8", 4, 2, "no solution", "no-solution", 0.0, 0.0},
    };
    const std::string scene = std::string(IMPACTLAB_SCENES_DIR) + "/pendulum-moving-surface.json";
    for (const Row& row : rows) {
        SCOPED_TRACE(std::string("v = ") + row.v + ", mu = " + row.mu);
        const json run = solveOk({"simulate", scene, "--law", "wang-mason", "--set",
                                  std::string("surface_velocity=") + row.v, "--set", std::string("friction=") + row.mu,
                                  "--set", "restitution=0.5"});
        ASSERT_FALSE(run.at("impacts").empty());
        const json& first = run.at("impacts")[0];
        const json& cell = first.at("table_2_1_cell");
        EXPECT_EQ(cell.at("row"), row.row);
        EXPECT_EQ(cell.at("column"), row.column);
        EXPECT_EQ(cell.at("outcome"), row.outcome);
        EXPECT_NEAR(cell.at("thetadot_a").get<double>(), -2.0, kSwingTol);
        EXPECT_EQ(first.at("wang_mason_mode"), row.mode);
        if (row.In > 0.0) {
            EXPECT_NEAR(first.at("impulse")[2].get<double>(), row.In, kPrintedTol);
            EXPECT_NEAR(first.at("impulse")[0].get<double>(), row.It, kPrintedTol);
        }
    }
}

// Kane's energy gain as a slider setting: the bar scenes' initial
// velocity and gravity parameters give the first impact D_A = (D_TA, D_NA) =
// (0.6, -1) at theta0 = pi/4 (A = 2.5, B = 1.5, C = 2.5). With mu = 1 the
// contact sticks and Kane and Newton both give T_E - T_A = 0.3125 e^2 - 0.2
// (Cataldo & Sampaio sec. 3.4.2, printed; reference B2.1, README's table),
// an energy gain for e > 0.8.
TEST(CliPlanar, KanesCaseFromTheBarScenesSliders) {
    // height 0.6: the end (0.35 m below the centre) reaches the ground at
    // t = 0.25 s, within both scenes' end times.
    // Kane is algebraic; Newton follows the impulse path, whose stick is found
    // to ~1e-12 of |v^-|: the energy change agrees to ~1e-14 J.
    constexpr double kEnergyTol = 1e-9;   // J
    for (const char* file : {"kane-paradox.json", "bar.json"}) {
        for (const char* law : {"kane", "newton"}) {
            for (const double e : {0.0, 0.5, 0.8, 1.0}) {
                SCOPED_TRACE(std::string(file) + ", " + law + ", e = " + std::to_string(e));
                const json run = solveOk({"simulate", std::string(IMPACTLAB_SCENES_DIR) + "/" + file, "--set",
                                          "height=0.6", "--set", "vx=0.6", "--set", "vy=-1", "--set", "gravity=0",
                                          "--set", std::string("law=") + law, "--set", "friction=1", "--set",
                                          "restitution=" + std::to_string(e)});
                ASSERT_FALSE(run.at("impacts").empty());
                const json& first = run.at("impacts")[0];
                expectVecNear(first.at("v_minus"), Vec3(0.6, 0.0, -1.0), kClosedFormTol, "D_A");
                const double gain = first.at("kinetic_energy_after").get<double>() -
                                    first.at("kinetic_energy_before").get<double>();
                EXPECT_NEAR(gain, 0.3125 * e * e - 0.2, kEnergyTol);
            }
        }
    }
}

TEST(CliPlanar, BarDropAtBodyLevel) {
    const json k = solveOk({"solve", getProblemPath("planar-bar-drop-kane.json")});
    expectVecNear(k.at("impulse_world"), Vec3(3.05640, 5.09400, 0), kSimulationLogTol, "kane impulse_world");
    expectVecNear(k.at("bodies")[0].at("velocity"), Vec3(3.05640, 1.01880, 0), kSimulationLogTol, "kane velocity");
    expectVecNear(k.at("bodies")[0].at("angular_velocity"), Vec3(0, 0, -8.64481), kSimulationLogTol, "kane omega");
    EXPECT_NEAR(energyChange(k), 0.0, kClosedFormTol * 10) << "e = 1 and sticking: energy kept (8.3 J, round-off)";
    EXPECT_EQ(k.at("bodies")[1], json({{"fixed", true}}));

    const json b = solveOk({"solve", getProblemPath("planar-bar-drop-brach.json")});
    expectVecNear(b.at("impulse_world"), Vec3(0, 7.24481, 0), kSimulationLogTol, "brach impulse_world");
    expectVecNear(b.at("bodies")[0].at("velocity"), Vec3(0, 3.16960, 0), kSimulationLogTol, "brach velocity");
    expectVecNear(b.at("bodies")[0].at("angular_velocity"), Vec3(0, 0, -2.56143), kSimulationLogTol, "brach omega");
    EXPECT_NEAR(b.at("energy_after").get<double>() / b.at("energy_before").get<double>(), 0.637860, kPrintedTol);
    // The same bar at contact level cannot take the couple: one line naming "bodies".
    json contactLevel = loadProblem("planar-bar-kane-energy-gain.json");
    contactLevel["model"] = "brach";
    contactLevel["brach"] = {{"e_m", 0.1}};
    const TempProblem tmp(contactLevel);
    const CliRun run = runCli({"solve", tmp.path()});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.errLines(), 1) << run.err;
    EXPECT_NE(run.err.find("bodies: brach with e_m = 0.1 needs"), std::string::npos) << run.err;
}

TEST(CliPlanar, SuperballAndSmith) {
    const json g = solveOk({"solve", getProblemPath("planar-ball-superball.json")});
    expectVecNear(g.at("impulse"), Vec3(-4.0 / 7.0, 0, 2), kClosedFormTol, "superball impulse");
    expectVecNear(g.at("v_plus"), Vec3(-1, 0, 1), kClosedFormTol, "superball reverses the slip");
    EXPECT_NEAR(energyChange(g), 0.0, kClosedFormTol);
    const json w = solveOk({"solve", getProblemPath("planar-ball-superball.json"), "--model", "wang-mason"});
    expectVecNear(w.at("impulse"), Vec3(-2.0 / 7.0, 0, 2), kPathTol, "wang-mason sticks");
    const json s = solveOk({"solve", getProblemPath("planar-bar-smith.json")});
    expectVecNear(s.at("impulse"), Vec3(-0.049178, 0, 0.690493), kPrintedTol, "smith impulse");
    EXPECT_NEAR(energyChange(s), -0.070065, kPrintedTol);
    EXPECT_TRUE(s.at("warnings").empty()) << "one root";
}

TEST(CliPlanar, EveryPlanarLawTracesItsPath) {
    for (const std::string model : {"kane", "brach", "glocker-pfeiffer", "wang-mason", "smith", "cs"}) {
        SCOPED_TRACE(model);
        const json r = solveOk({"solve", getProblemPath("planar-bar-laws.json"), "--model", model, "--trace"});
        ASSERT_TRUE(r.contains("trace"));
        const json& t = r.at("trace");
        ASSERT_GE(t.size(), 3u);
        expectVecNear(t.front().at("impulse"), Vec3::Zero(), 0.0, "starts at the origin");
        expectVecNear(t.back().at("impulse"), toVec3(r.at("impulse")), kClosedFormTol, "ends at the impulse");
        EXPECT_EQ(t.front().at("phase"), "compression");
        EXPECT_EQ(t.back().at("phase"), "restitution");
        for (const json& s : t) EXPECT_TRUE(s.contains("mode") && s.contains("energy"));
    }
}

TEST(CliPlanar, PlanarErrorsNameTheField) {
    auto expectError = [](const json& problem, const std::string& mention) {
        const TempProblem tmp(problem);
        const CliRun run = runCli({"solve", tmp.path()});
        EXPECT_EQ(run.exitCode, 1) << run.err;
        EXPECT_EQ(run.out, "");
        EXPECT_EQ(run.errLines(), 1) << run.err;
        EXPECT_NE(run.err.find(mention), std::string::npos) << "expected '" << mention << "' in: " << run.err;
    };
    json p = loadProblem("planar-bar-kane-energy-gain.json");
    json coupled = p;
    coupled["contact_level"]["W"] = {{2.5, 0.2, -1.5}, {0.2, 1.0, 0.0}, {-1.5, 0.0, 2.5}};
    expectError(coupled, "W: kane is planar");
    json sideways = p;
    sideways["contact_level"]["v_minus"] = {0.6, 0.3, -1.0};
    sideways["model"] = "wang-mason";
    expectError(sideways, "v_minus: wang-mason is planar");
    json unknown = p;
    unknown["kane"] = {{"mu_dynamic", 0.3}};
    expectError(unknown, "kane.mu_dynamic: ");
    json badValue = p;
    badValue["model"] = "wang-mason";
    badValue["wang-mason"] = {{"termination", "stronge"}};
    expectError(badValue, "wang-mason.termination: ");
    json badRange = p;
    badRange["model"] = "glocker-pfeiffer";
    badRange["glocker-pfeiffer"] = {{"nu", 1.5}};
    expectError(badRange, "glocker-pfeiffer.nu: ");
}

TEST(CliPlanar, ModelsListsThePlanarLaws) {
    const CliRun run = runCli({"models", "--verbose"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (const std::string id : {"kane", "brach", "glocker-pfeiffer", "wang-mason", "smith", "cs"})
        EXPECT_NE(run.out.find("\n" + id + " "), std::string::npos) << id;
    EXPECT_NE(run.out.find("reconstructed"), std::string::npos) << "the C-S model is marked reconstructed";
    EXPECT_NE(run.out.find("termination [\"poisson\"]"), std::string::npos);
}

}}  // namespace
}  // namespace impactlab::test
