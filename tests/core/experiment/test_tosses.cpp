// Measured tosses: the format's conventions, the start states, the simulated
// toss against itself and against physics, the fit, and bad input.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <array>
#include <cmath>
#include <fstream>
#include <functional>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "experiment/TossFit.h"
#include "scene/TossScene.h"
#include "sim/tosses/TossExperiment.h"
#include "sim/tosses/TossScore.h"
#include "sim/tosses/TossSimulation.h"
#include "sim/tosses/Tosses.h"
#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "sim/Simulation.h"
#include "support/TestSupport.h"

namespace {
namespace IMPACTLAB_UNITY_ID {

using namespace impactlab;

const std::string kTossDir = std::string(IMPACTLAB_SOURCE_DIR) + "/scenes/data/cube-tosses/";

std::string readText(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TossBody loadBody() { return readTossBody(readJsonFile(kTossDir + "body.json"), "body.json"); }

const TossSet& loadPublicTosses() {
    static const TossSet set = readTosses(readText(kTossDir + "tosses.csv"), "tosses.csv", loadBody());
    return set;
}

const char* const kHeader = "toss,group,k,t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz\n";

// Samples as the format's CSV rows, to 17 digits.
std::string toCsvRows(const std::vector<TossState>& samples, int id, int group, double dt) {
    std::ostringstream os;
    os << std::setprecision(17);
    for (std::size_t k = 0; k < samples.size(); ++k) {
        const TossState& s = samples[k];
        os << id << ',' << group << ',' << k << ',' << k * dt << ',' << s.position.x() << ',' << s.position.y() << ','
           << s.position.z() << ',' << s.orientation.w() << ',' << s.orientation.x() << ',' << s.orientation.y() << ','
           << s.orientation.z() << ',' << s.velocity.x() << ',' << s.velocity.y() << ',' << s.velocity.z() << ','
           << s.angularVelocity.x() << ',' << s.angularVelocity.y() << ',' << s.angularVelocity.z() << '\n';
    }
    return os.str();
}

// The InputError text of reading `csv` as tosses (empty when it reads).
std::string readError(const std::string& csv) {
    try {
        readTosses(csv, "bad.csv", loadBody());
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

const char* const kGoodRow = "0,0,0,0.0,0,0,0.2,1,0,0,0,0,0,-1,0,0,0\n";
const char* const kSecondRow = "0,0,1,0.006756756756756757,0,0,0.19,1,0,0,0,0,0,-1,0,0,0\n";

TEST(Tosses, ThePublicFileReadsWithItsGroupsAndUnitQuaternions) {
    const TossSet& set = loadPublicTosses();
    EXPECT_EQ(set.tosses.size(), 191u);
    std::set<int> groups;
    for (const Toss& t : set.tosses) {
        groups.insert(t.group);
        EXPECT_GE(t.samples.size(), 2u);
        for (const TossState& s : t.samples) EXPECT_NEAR(s.orientation.norm(), 1.0, 1e-12);
    }
    EXPECT_LT(groups.size(), set.tosses.size()) << "some physical tosses appear twice, in one group";
}

// Every start is kStartSamplesBeforeReach samples before the first sample
// that could touch, so no corner touches the table at the start.
TEST(Tosses, EveryStartIsInFreeFlightThreeSamplesBeforeReach) {
    const TossSet& set = loadPublicTosses();
    for (const Toss& t : set.tosses) {
        const TossStart s = findTossStart(t, set.body, "toss");
        const double reach = set.body.cornerReach();
        int first = 0;
        while (t.samples[first].position.z() > reach) ++first;
        EXPECT_EQ(s.startSample, std::max(0, first - kStartSamplesBeforeReach)) << t.id;
        // The lowest corner of the start pose is above the table.
        double lowest = 1e9;
        for (int c = 0; c < 8; ++c) {
            const Vec3 corner((c & 1 ? 1 : -1) * set.body.halfExtents.x(), (c & 2 ? 1 : -1) * set.body.halfExtents.y(),
                              (c & 4 ? 1 : -1) * set.body.halfExtents.z());
            lowest = std::min(lowest, (s.state.position + s.state.orientation * corner).z());
        }
        EXPECT_GT(lowest, set.body.groundZ) << t.id;
    }
}

// A toss in free flight with a known spin about the body's x axis, the body
// turned so that its x axis is the world's y: the quaternion rotates body to
// world, the spin is in the body frame, and the start's ballistic fit
// recovers both velocities from the poses alone.
TEST(Tosses, FramesOfATossWithKnownSpin) {
    TossBody body = loadBody();
    const double spin = 7.0;   // rad/s about body x
    const Vec3 v0(0.4, -0.3, 1.0), p0(0.1, 0.2, 1.0);
    const Quat q0(Eigen::AngleAxisd(kPi / 2, Vec3::UnitZ()));   // body x -> world y
    auto exact = [&](double t) {
        TossState s;
        s.position = p0 + v0 * t + 0.5 * body.gravity * t * t;
        s.velocity = v0 + body.gravity * t;
        s.orientation = q0 * Quat(Eigen::AngleAxisd(spin * t, Vec3::UnitX()));
        s.angularVelocity = Vec3(spin, 0, 0);
        return s;
    };
    // The simulated flight follows the exact one: the world-frame spin is
    // about world y throughout.
    TossParams params;
    const int samples = 20;
    const SimulatedToss sim = simulateToss(body, exact(0.0), params, samples, "spin");
    ASSERT_LT(sim.impacts, 1);
    for (int k = 0; k < samples; ++k) {
        const TossState e = exact(k * body.dt);
        EXPECT_LT((sim.samples[k].position - e.position).norm(), 1e-9) << k;
        EXPECT_LT(calcRotationAngleDeg(sim.samples[k].orientation, e.orientation), 1e-6) << k;
        EXPECT_LT((sim.samples[k].angularVelocity - e.angularVelocity).norm(), 1e-9) << k;
        EXPECT_LT((toBodyState(sim.samples[k]).angularVelocity - Vec3(0, spin, 0)).norm(), 1e-9) << k;
    }
    // The start's ballistic fit, from poses alone (measured velocities set wrong on purpose).
    Toss toss;
    toss.id = 1;
    const double drop = 1.0 - body.cornerReach();
    const double tReach = (v0.z() + std::sqrt(v0.z() * v0.z() + 2 * 9.81 * drop)) / 9.81;
    for (int k = 0; k * body.dt < tReach + 5 * body.dt; ++k) {
        TossState s = exact(k * body.dt);
        s.velocity = Vec3::Zero();
        s.angularVelocity = Vec3::Zero();
        toss.samples.push_back(s);
    }
    const TossStart start = findTossStart(toss, body, "spin");
    const TossState e = exact(start.startSample * body.dt);
    EXPECT_LT((start.state.velocity - e.velocity).norm(), 1e-9);
    EXPECT_LT((start.state.angularVelocity - Vec3(spin, 0, 0)).norm(), 1e-9);
}

// A simulated toss written through the format's CSV and read back is the
// measured toss of itself: zero error (to the 17 digits written).
TEST(Tosses, ASimulatedTossReplayedThroughTheCsvScoresZero) {
    const TossSet& set = loadPublicTosses();
    const Toss& real = set.tosses.front();
    const TossStart start = findTossStart(real, set.body, "toss");
    const SimulatedToss sim = simulateToss(set.body, start.state, TossParams{}, 120, "replay");
    ASSERT_GE(sim.impacts, 1);
    const TossSet back = readTosses(kHeader + toCsvRows(sim.samples, 5, 5, set.body.dt), "replay.csv", set.body);
    ASSERT_EQ(back.tosses.size(), 1u);
    const TossError e = compareToss(back.tosses.front(), 0, sim, set.body);
    EXPECT_LT(e.position, 1e-12);
    EXPECT_LT(e.rotation, 1e-5);
    ASSERT_TRUE(e.firstImpactLinear.has_value());
    EXPECT_LT(*e.firstImpactLinear, 1e-9);
}

// Between impacts (flight, sliding, resting contact) the box's energy never
// rises, beyond what a step's position correction out of the table can add:
// the depth gravity sinks it in one step, m g (g h^2). (Across an impact the
// law's own guard holds it: impact/LawGuard.h.)
TEST(Tosses, EnergyNeverRisesBetweenImpacts) {
    const TossSet& set = loadPublicTosses();
    const double g = set.body.gravity.norm();
    const double h = SimulationOptions{}.maxStep;
    const double correctionJ = set.body.mass * g * (g * h * h);
    int intervals = 0;
    for (const char* law : {"stronge", "poisson", "newton", "jia-wang", "max-dissipation", "plus", "tangential-compliance"}) {
        TossParams params;
        params.law = law;
        // Eight tosses a law (fewer in a sanitized run: test::getTrialCount).
        const std::size_t stride = set.tosses.size() / static_cast<std::size_t>(impactlab::test::getTrialCount(8));
        for (std::size_t i = 0; i < set.tosses.size(); i += stride) {
            const TossStart start = findTossStart(set.tosses[i], set.body, "toss");
            const SimulatedToss sim = simulateToss(set.body, start.state, params, 200, "energy");
            std::size_t next = 0;   // the first impact after sample k - 1
            for (std::size_t k = 1; k < sim.energy.size(); ++k) {
                const double from = (k - 1) * set.body.dt, to = k * set.body.dt;
                while (next < sim.impactTimes.size() && sim.impactTimes[next] < from) ++next;
                if (next < sim.impactTimes.size() && sim.impactTimes[next] <= to) continue;   // an impact inside
                ++intervals;
                EXPECT_LE(sim.energy[k], sim.energy[k - 1] + correctionJ)
                    << law << " toss " << set.tosses[i].id << " sample " << k;
            }
        }
    }
    EXPECT_GT(intervals, 100);
}

TEST(Tosses, PredictionDoesNotDependOnTheThreadCount) {
    const TossSet& set = loadPublicTosses();
    TossStarts starts;
    starts.body = set.body;
    starts.samples = 150;
    const std::size_t stride = set.tosses.size() / static_cast<std::size_t>(impactlab::test::getTrialCount(16));
    for (std::size_t i = 0; i < set.tosses.size(); i += stride) starts.starts.push_back(findTossStart(set.tosses[i], set.body, "t"));
    TossParams params;
    params.law = getRecommendedTossLaw();
    const std::vector<SimulatedToss> one = predictTosses(starts, params, 1);
    const std::vector<SimulatedToss> two = predictTosses(starts, params, 2);
    ASSERT_EQ(one.size(), two.size());
    for (std::size_t i = 0; i < one.size(); ++i)
        for (std::size_t k = 0; k < one[i].samples.size(); ++k) {
            EXPECT_EQ(one[i].samples[k].position, two[i].samples[k].position);
            EXPECT_EQ(one[i].samples[k].orientation.coeffs(), two[i].samples[k].orientation.coeffs());
        }
}

// The start-states file the format describes reads back what was written.
TEST(Tosses, StartStatesRoundTripThroughTheirJson) {
    const TossSet& set = loadPublicTosses();
    TossStarts starts;
    starts.body = set.body;
    starts.samples = 450;
    for (std::size_t i = 0; i < 5; ++i) starts.starts.push_back(findTossStart(set.tosses[i], set.body, "t"));
    const TossStarts back = readTossStarts(nlohmann::json::parse(toJson(starts).dump()), "starts.json");
    ASSERT_EQ(back.starts.size(), 5u);
    EXPECT_EQ(back.samples, 450);
    EXPECT_DOUBLE_EQ(back.body.halfExtents.x(), set.body.halfExtents.x());
    EXPECT_DOUBLE_EQ(back.body.principalInertia.y(), set.body.principalInertia.y());
    for (std::size_t i = 0; i < 5; ++i) {
        EXPECT_EQ(back.starts[i].id, starts.starts[i].id);
        EXPECT_LT((back.starts[i].state.angularVelocity - starts.starts[i].state.angularVelocity).norm(), 1e-12);
    }
}

// Tosses simulated with known parameters are fitted back to them (within the
// fine grid's spacing), and each toss's share of the objective sums to one.
TEST(TossFit, RecoversTheParametersThatMadeTheTosses) {
    const TossSet& real = loadPublicTosses();
    TossParams truth;
    truth.law = "stronge";
    truth.friction = 0.5;
    truth.restitution = 0.5;
    TossSet made;
    made.body = real.body;
    for (std::size_t i = 0; i < 2; ++i) {
        const TossStart s = findTossStart(real.tosses[i * 37], real.body, "t");
        Toss t;
        t.id = static_cast<int>(i);
        t.group = static_cast<int>(i);
        // Free flight before the start, then the simulated toss: the start found is the same.
        t.samples.assign(real.tosses[i * 37].samples.begin(), real.tosses[i * 37].samples.begin() + s.startSample);
        const SimulatedToss sim = simulateToss(real.body, s.state, truth, 100, "made");
        t.samples.insert(t.samples.end(), sim.samples.begin(), sim.samples.end());
        made.tosses.push_back(t);
    }
    TossFitOptions options;
    options.coarsePoints = 5;   // 0, 0.25, ..., 1
    options.finePoints = 5;     // spacing 0.125 around the best
    options.bootstrapResamples = 20;
    TossParams initial;
    initial.law = "stronge";
    const TossFitResult fit = fitTosses(made, {0, 1}, initial, options);
    EXPECT_NEAR(fit.params.friction, truth.friction, 1e-12);
    EXPECT_NEAR(fit.params.restitution, truth.restitution, 1e-12);
    EXPECT_LT(fit.objective, 1e-9);
    ASSERT_EQ(fit.values.size(), 2u);
    EXPECT_LE(fit.values[0].low, fit.values[0].value);
    EXPECT_GE(fit.values[0].high, fit.values[0].value);
}

// On real tosses (a positive objective) each toss's share sums to one, and
// the fit is never worse than the grid's corner it started from.
TEST(TossFit, SharesOfTheObjectiveSumToOne) {
    const TossSet& real = loadPublicTosses();
    TossFitOptions options;
    options.coarsePoints = 3;
    options.finePoints = 3;
    options.bootstrapResamples = 10;
    TossParams initial;
    initial.law = "stronge";
    const TossFitResult fit = fitTosses(real, {0, 1}, initial, options);
    ASSERT_GT(fit.objective, 0.0);
    double shares = 0.0;
    for (const TossContribution& c : fit.contributions) shares += c.share;
    EXPECT_NEAR(shares, 1.0, 1e-9);
    TossParams corner = initial;
    corner.friction = 0.0;
    corner.restitution = 0.0;
    double cornerObjective = 0.0;
    for (const TossError& e : scoreTosses(real, {0, 1}, corner, 1)) cornerObjective += calcTossObjective(e, real.body) / 2;
    EXPECT_LE(fit.objective, cornerObjective + 1e-12);
}

TEST(TossFit, FoldsKeepEveryGroupTogether) {
    const TossSet& set = loadPublicTosses();
    const std::vector<int> fold = assignFolds(set, 3);
    std::map<int, int> foldOfGroup;
    std::array<int, 3> sizes{};
    for (std::size_t i = 0; i < set.tosses.size(); ++i) {
        const auto [it, added] = foldOfGroup.try_emplace(set.tosses[i].group, fold[i]);
        EXPECT_EQ(it->second, fold[i]) << "group " << set.tosses[i].group << " split between folds";
        ++sizes[static_cast<std::size_t>(fold[i])];
    }
    for (int s : sizes) EXPECT_GT(s, 50);
}

TEST(TossInput, MissingColumnsAreNamed) {
    const std::string e = readError("toss,group,k,t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy\n" + std::string(kGoodRow));
    EXPECT_NE(e.find("bad.csv: header"), std::string::npos) << e;
    EXPECT_NE(e.find("'wz'"), std::string::npos) << e;
}

TEST(TossInput, ANonUnitQuaternionNamesItsRow) {
    const std::string e = readError(std::string(kHeader) + kGoodRow + "0,0,1,0.006756756756756757,0,0,0.19,0.9,0,0,0,0,0,-1,0,0,0\n");
    EXPECT_NE(e.find("bad.csv: row 3: qw..qz"), std::string::npos) << e;
    EXPECT_NE(e.find("unit quaternion"), std::string::npos) << e;
}

TEST(TossInput, NonFiniteValuesNameTheirRowAndColumn) {
    for (const char* value : {"nan", "inf", "1e999", "x"}) {
        const std::string e = readError(std::string(kHeader) + kGoodRow + "0,0,1,0.006756756756756757,0,0," + value +
                                        ",1,0,0,0,0,0,-1,0,0,0\n");
        EXPECT_NE(e.find("bad.csv: row 3: z"), std::string::npos) << value << ": " << e;
    }
}

TEST(TossInput, ATossOfOneSampleIsRefused) {
    const std::string e = readError(std::string(kHeader) + kGoodRow);
    EXPECT_NE(e.find("bad.csv: toss 0"), std::string::npos) << e;
    EXPECT_NE(e.find("at least two"), std::string::npos) << e;
    EXPECT_TRUE(readError(std::string(kHeader) + kGoodRow + kSecondRow).empty());
}

TEST(TossInput, RowsOutOfOrderOrShortAreNamed) {
    EXPECT_NE(readError(std::string(kHeader) + kSecondRow).find("row 2: k"), std::string::npos);
    EXPECT_NE(readError(std::string(kHeader) + "0,0,0\n").find("row 2"), std::string::npos);
}

TEST(TossInput, ABodyWithNonPositiveMassOrInertiaIsRefused) {
    nlohmann::json body = readJsonFile(kTossDir + "body.json");
    auto error = [](const nlohmann::json& doc) {
        try {
            readTossBody(doc, "body.json");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_TRUE(error(body).empty());
    for (double mass : {0.0, -0.37}) {
        nlohmann::json b = body;
        b["mass"] = mass;
        EXPECT_NE(error(b).find("body.json: mass"), std::string::npos) << mass;
    }
    nlohmann::json b = body;
    b["inertia"][1][1] = 0.0;
    EXPECT_NE(error(b).find("body.json: inertia"), std::string::npos);
    b = body;
    b["inertia"] = -8.1e-4;
    EXPECT_NE(error(b).find("body.json: inertia"), std::string::npos);
    b = body;
    b["inertia"][0][0] = 1.0;   // beyond the triangle inequality
    EXPECT_NE(error(b).find("body.json: inertia"), std::string::npos);
    b = body;
    b["half_extents"][2] = 0.0;
    EXPECT_NE(error(b).find("body.json: half_extents"), std::string::npos);
}

TEST(TossInput, ParamsNameTheirLawAndRanges) {
    auto error = [](const nlohmann::json& doc) {
        try {
            readTossParams(doc, "params.json");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    const nlohmann::json good = {{"law", "stronge"}, {"friction", 0.2}, {"restitution", 0.3}};
    EXPECT_TRUE(error(good).empty());
    nlohmann::json p = good;
    p["law"] = "no-such-law";
    EXPECT_NE(error(p).find("params.json: law"), std::string::npos);
    p = good;
    p["restitution"] = 1.5;
    EXPECT_NE(error(p).find("params.json: restitution"), std::string::npos);
    p = good;
    p["friction"] = -0.1;
    EXPECT_NE(error(p).find("params.json: friction"), std::string::npos);
    p = good;
    p["options"] = {{"no_such_option", 1}};
    EXPECT_NE(error(p).find("params.json"), std::string::npos);
}

// --- The toss scene: the document, its files, and one toss run by a law ------

nlohmann::json readTossSceneFile() {
    return resolveSceneFilePaths(readJsonFile(std::string(IMPACTLAB_SOURCE_DIR) + "/scenes/experiment-cube-tosses.json"),
                                 std::string(IMPACTLAB_SOURCE_DIR) + "/scenes");
}

TEST(TossScene, NamesItsFilesRelativeToItselfAndRunsItsTossAsScoringDoes) {
    const TossScene scene = parseTossScene(readTossSceneFile());
    EXPECT_EQ(scene.tossesFile, kTossDir + "tosses.csv");
    EXPECT_EQ(scene.bodyFile, kTossDir + "body.json");
    const TossSet set = loadTossSceneData(scene);
    ASSERT_EQ(set.tosses.size(), loadPublicTosses().tosses.size());
    // The scene's run of a toss is the run every score of the file makes.
    const int index = 7;
    const TossParams params = getTossParams(scene, scene.contact.law);
    const TossLawRun run = runToss(set, index, params);
    const std::vector<TossError> scored = scoreTosses(set, {index}, params, 1);
    ASSERT_EQ(scored.size(), 1u);
    EXPECT_EQ(run.error.position, scored[0].position);
    EXPECT_EQ(run.error.rotation, scored[0].rotation);
    EXPECT_EQ(run.start.id, set.tosses[index].id);
    // An absolute path and another kind's document are left as they are.
    nlohmann::json absolute = readTossSceneFile();
    EXPECT_EQ(resolveSceneFilePaths(absolute, "/elsewhere"), absolute);
    const nlohmann::json other = {{"format", kSceneFormat}, {"kind", "impact"}, {"tosses", {{"file", "a.csv"}}}};
    EXPECT_EQ(resolveSceneFilePaths(other, "/elsewhere"), other);
}

TEST(TossScene, EachLawTakesItsOwnOptionsFromTheContact) {
    nlohmann::json doc = readTossSceneFile();
    doc["contact"]["options"] = {{"tangential-compliance", {{"stiffness_ratio", 0.5}}}};
    const TossScene scene = parseTossScene(doc);
    EXPECT_EQ(getTossParams(scene, "tangential-compliance").options["stiffness_ratio"], 0.5);
    EXPECT_TRUE(getTossParams(scene, "newton").options.empty());
    EXPECT_EQ(getTossParams(scene, "newton").friction, scene.contact.friction);
}

TEST(TossScene, BadDocumentsAreRefusedNamingTheField) {
    const auto refusedAt = [](const std::function<void(nlohmann::json&)>& edit) {
        nlohmann::json doc = readTossSceneFile();
        edit(doc);
        try {
            parseTossScene(doc);
        } catch (const InputError& e) {
            return e.field();
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refusedAt([](nlohmann::json& d) { d["tosses"].erase("file"); }), "tosses.file");
    EXPECT_EQ(refusedAt([](nlohmann::json& d) { d["tosses"]["body"] = ""; }), "tosses.body");
    EXPECT_EQ(refusedAt([](nlohmann::json& d) { d["tosses"]["toss"] = 2.5; }), "tosses.toss");
    EXPECT_EQ(refusedAt([](nlohmann::json& d) { d["tosses"]["toss"] = -1; }), "tosses.toss");
    EXPECT_EQ(refusedAt([](nlohmann::json& d) { d["tosses"]["extra"] = 1; }), "tosses.extra");
    EXPECT_EQ(refusedAt([](nlohmann::json& d) { d["contact"]["friction"] = -0.1; }), "contact.friction");
    EXPECT_EQ(refusedAt([](nlohmann::json& d) { d["contact"]["restitution"] = 1.5; }), "contact.restitution");
    EXPECT_EQ(refusedAt([](nlohmann::json& d) { d["contact"]["law"] = "no-such-law"; }), "contact.law");
    EXPECT_EQ(refusedAt([](nlohmann::json& d) { d["compare"] = {"no-such-law"}; }), "compare[0]");
    // A toss the file lacks is known once the file is read.
    nlohmann::json far = readTossSceneFile();
    far["tosses"]["toss"] = 5000;
    const TossScene scene = parseTossScene(far);
    const TossSet set = loadTossSceneData(scene);
    try {
        requireTossIndex(set, scene.toss);
        FAIL() << "toss 5000 of 191";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "tosses.toss");
        EXPECT_NE(std::string(e.what()).find("191 tosses"), std::string::npos) << e.what();
    }
    // A file that is not there is named.
    nlohmann::json missing = readTossSceneFile();
    missing["tosses"]["file"] = "/nonexistent/tosses.csv";
    try {
        loadTossSceneData(parseTossScene(missing));
        FAIL() << "no file";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "/nonexistent/tosses.csv");
    }
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
