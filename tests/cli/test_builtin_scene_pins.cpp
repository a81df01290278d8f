// Every built-in scene's results, pinned. One instance per
// scenes/*.json, named by the file's stem: the scene is run headless through
// the built impactlab-cli, as a script would, and its summary is compared
// with tests/data/pins/<stem>.json:
//
//   - "simulate": `simulate SCENE` with the scene's own law (impulses,
//     energies, end time and reason, counts and warnings);
//   - "final_state": the last row of `simulate --csv` (rest positions,
//     orientations, velocities and energies of every body) for scenes that
//     have time histories;
//   - "laws": `simulate SCENE --law ID` for every law `models` lists, each
//     law's answer on the scene or its refusal, word for word (the per-law
//     comparison rows the app shows); under the sanitizers a share of them
//     (countLawStride);
//   - "reconstruct": `reconstruct SCENE --samples 20 --threads 1` for scenes
//     with a reconstruction block (the estimate, intervals and warnings);
//   - granular scenes: `simulate SCENE --steps N --threads 1` (a short run on
//     one thread, so the pin does not depend on the machine's cores).
//
// A deliberate change re-pins with scripts/repin-scenes.sh (it runs this
// test with IMPACTLAB_REPIN=1, which writes the files instead of comparing),
// in a commit that says why the numbers changed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "CliTestSupport.h"
#include "sim/SceneKinds.h"
#include "support/TestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

// A refactor must leave every result as it was. Relative tolerance: room for
// a reordered sum (1e-16 per operation) amplified through event location and
// a few dozen impacts, far below any physical change (a law's change moves
// an impulse in its third digit).
constexpr double kPinRelativeTolerance = 1e-9;
// Absolute floor for values that are zero up to round-off (a contact point's
// height at an event, found to 1e-12 m; velocities that vanish at rest).
constexpr double kPinAbsoluteTolerance = 1e-9;
// Steps of a granular pin: enough for the particles to meet the walls and
// each other (thousands of contacts per step), short enough for CI (~1 s).
constexpr int kGranularPinSteps = 100;

// Monte Carlo samples of a reconstruction pin (scenes with a
// "reconstruction" block): every sample is a fit, so the intervals pin the
// fit's whole path; 20 keep it under a second (ten under the sanitizers).
constexpr int kReconstructionPinSamples = 20;

// Impacts pinned of another law's run of the scene (all of them are counted):
// the first ones carry the comparison the app shows (the selected impact);
// the whole brick drop under every law would be megabytes of pins.
constexpr std::size_t kPinnedImpactsPerLaw = 5;

// Fields that time the run on this machine or name its temporary files: not
// results.
const std::vector<std::string> kUnpinnedFields = {"wall_s", "wall_ms", "contact_solves_per_s", "csv"};

bool isRepinning() {
    const char* v = std::getenv("IMPACTLAB_REPIN");
    return v != nullptr && std::string(v) == "1";
}

std::vector<std::string> listSceneStems() {
    std::vector<std::string> stems;
    for (const auto& e : fs::directory_iterator(IMPACTLAB_SCENES_DIR))
        if (e.path().extension() == ".json") stems.push_back(e.path().stem().string());
    std::sort(stems.begin(), stems.end());
    return stems;
}

fs::path pinPath(const std::string& stem) { return fs::path(IMPACTLAB_PINS_DIR) / (stem + ".json"); }
std::string scenePath(const std::string& stem) { return (fs::path(IMPACTLAB_SCENES_DIR) / (stem + ".json")).string(); }

void dropUnpinnedFields(ordered_json& j) {
    if (j.is_object()) {
        for (const std::string& key : kUnpinnedFields) j.erase(key);
        for (auto& [key, value] : j.items()) dropUnpinnedFields(value);
    } else if (j.is_array()) {
        for (auto& value : j) dropUnpinnedFields(value);
    }
}

// A run's stdout as JSON, or its refusal: the exit code and the first line
// on stderr (the field-naming message).
ordered_json toPinnedAnswer(const CliRun& run) {
    if (run.exitCode == 0) {
        ordered_json j = ordered_json::parse(run.out);
        dropUnpinnedFields(j);
        return j;
    }
    return {{"exit_code", run.exitCode}, {"error", run.err.substr(0, run.err.find('\n'))}};
}

std::vector<std::string> splitCsvRow(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (char c : line) {
        if (c == '"') quoted = !quoted;
        else if (c == ',' && !quoted) cells.push_back(std::exchange(cell, {}));
        else cell += c;
    }
    cells.push_back(cell);
    return cells;
}

// The last row of a time-history CSV, keyed by its header.
ordered_json readFinalRow(const std::string& path) {
    std::ifstream in(path);
    std::string header, line, last;
    std::getline(in, header);
    while (std::getline(in, line))
        if (!line.empty()) last = line;
    const std::vector<std::string> names = splitCsvRow(header);
    const std::vector<std::string> values = splitCsvRow(last);
    ordered_json row = ordered_json::object();
    for (std::size_t k = 0; k < names.size() && k < values.size(); ++k) row[names[k]] = std::stod(values[k]);
    return row;
}

std::vector<std::string> listLawIds() {
    const CliRun run = runCli({"models"});
    std::vector<std::string> ids;
    std::istringstream lines(run.out);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string id;
        if (words >> id) ids.push_back(id);
    }
    return ids;
}

// Every how many laws a scene's pin runs. The sanitized run
// (scripts/run-sanitized-tests.sh) sets IMPACTLAB_TRIAL_PERCENT to 25: each
// scene then runs every fourth law, starting at its own index, so every law
// still simulates under ASan and UBSan on a quarter of the scenes and its
// numbers are still checked there; the Release run checks every law of every
// scene (the pins' numbers do not depend on the build). Re-pinning runs all.
int countLawStride() {
    constexpr int kAll = 100;
    return isRepinning() ? 1 : std::max(1, kAll / getTrialCount(kAll));
}

int findSceneIndex(const std::string& stem) {
    const std::vector<std::string> stems = listSceneStems();
    return static_cast<int>(std::find(stems.begin(), stems.end(), stem) - stems.begin());
}

// s: the computing budget of a pinned run. The default budget
// (limits::kDefaultRunSeconds) is for people waiting on a run; a pin's numbers
// must not depend on how fast the machine is, and under the sanitizers on a
// busy machine a run that takes 0.15 s in Release can take seconds.
constexpr const char* kPinRunSeconds = "3600";

// The summary pinned for one scene (see the top of the file).
ordered_json makeScenePin(const std::string& stem) {
    const std::string scene = scenePath(stem);
    ordered_json pin;
    const nlohmann::json document = nlohmann::json::parse(std::ifstream(scene));
    const SceneKindInfo& info = getSceneKindInfo(document);
    if (info.shape == SceneRunShape::Stepped) {
        pin["simulate"] = toPinnedAnswer(runCli(
            {"simulate", scene, "--steps", std::to_string(kGranularPinSteps), "--threads", "1"}));
        return pin;
    }
    const bool hasTimeHistories = info.shape == SceneRunShape::TimeHistories;
    if (document.contains("reconstruction"))
        pin["reconstruct"] = toPinnedAnswer(runCli({"reconstruct", scene, "--samples",
                                                    std::to_string(kReconstructionPinSamples), "--threads", "1", "--quiet"}));
    const std::string csv = makeTempPath(".csv");
    pin["simulate"] = toPinnedAnswer(hasTimeHistories ? runCli({"simulate", scene, "--csv", csv, "--max-run-seconds", kPinRunSeconds})
                                                      : runCli({"simulate", scene, "--max-run-seconds", kPinRunSeconds}));
    if (hasTimeHistories) {
        pin["final_state"] = readFinalRow(csv);
        fs::remove(csv);
    }
    pin["laws"] = ordered_json::object();
    const std::vector<std::string> laws = listLawIds();
    const int stride = countLawStride(), first = findSceneIndex(stem) % stride;
    for (std::size_t k = 0; k < laws.size(); ++k) {
        if (static_cast<int>(k) % stride != first) continue;
        const std::string& law = laws[k];
        ordered_json answer = toPinnedAnswer(runCli({"simulate", scene, "--law", law, "--max-run-seconds", kPinRunSeconds}));
        if (answer.contains("impacts") && answer["impacts"].size() > kPinnedImpactsPerLaw) {
            answer["impact_count"] = answer["impacts"].size();
            answer["impacts"].erase(answer["impacts"].begin() + kPinnedImpactsPerLaw, answer["impacts"].end());
        }
        pin["laws"][law] = answer;
    }
    return pin;
}

// A path law's "intervals" count its integration steps: the last one ends on
// an event located to round-off, and a reordered sum may split it or not.
// PLUS's intervals (its impact's structure) must match exactly.
constexpr double kPinPathStepCountSlack = 1.0;

bool isPathLawStepCount(const std::string& where) {
    const std::string key = "/intervals";
    return where.size() > key.size() && where.compare(where.size() - key.size(), key.size(), key) == 0 &&
           where.rfind("/laws/", 0) == 0 && where.rfind("/laws/plus/", 0) != 0;
}

bool closeEnough(double pinned, double now) {
    return std::abs(pinned - now) <=
           kPinAbsoluteTolerance + kPinRelativeTolerance * std::max(std::abs(pinned), std::abs(now));
}

// Every difference between the pinned and the present summary, one per line
// with its JSON pointer.
void collectDifferences(const ordered_json& pinned, const ordered_json& now, const std::string& where,
                        std::vector<std::string>& out) {
    if (pinned.is_number() && now.is_number()) {
        const double a = pinned.get<double>(), b = now.get<double>();
        const bool stepCountSlack = isPathLawStepCount(where) && std::abs(a - b) <= kPinPathStepCountSlack;
        if (!closeEnough(a, b) && !stepCountSlack) {
            std::ostringstream s;
            s.precision(17);
            s << where << ": pinned " << a << ", now " << b;
            out.push_back(s.str());
        }
        return;
    }
    if (pinned.type() != now.type()) {
        out.push_back(where + ": pinned " + pinned.dump() + ", now " + now.dump());
        return;
    }
    if (pinned.is_object()) {
        for (const auto& [key, value] : pinned.items()) {
            if (!now.contains(key)) out.push_back(where + "/" + key + ": pinned, now missing");
            else collectDifferences(value, now.at(key), where + "/" + key, out);
        }
        for (const auto& [key, value] : now.items())
            if (!pinned.contains(key)) out.push_back(where + "/" + key + ": new, not pinned");
    } else if (pinned.is_array()) {
        if (pinned.size() != now.size())
            out.push_back(where + ": pinned " + std::to_string(pinned.size()) + " entries, now " +
                          std::to_string(now.size()));
        for (std::size_t k = 0; k < std::min(pinned.size(), now.size()); ++k)
            collectDifferences(pinned[k], now[k], where + "/" + std::to_string(k), out);
    } else if (pinned != now) {
        out.push_back(where + ": pinned " + pinned.dump() + ", now " + now.dump());
    }
}

class ScenePin : public ::testing::TestWithParam<std::string> {};

TEST_P(ScenePin, MatchesItsPin) {
    const std::string stem = GetParam();
    const ordered_json now = makeScenePin(stem);
    if (isRepinning()) {
        std::ofstream(pinPath(stem)) << now.dump(1) << '\n';
        std::cout << "re-pinned " << pinPath(stem) << '\n';
        return;
    }
    std::ifstream in(pinPath(stem));
    ASSERT_TRUE(in) << pinPath(stem) << " is missing: a new scene is pinned with scripts/repin-scenes.sh";
    ordered_json pinned = ordered_json::parse(in);
    // Laws this run left out (countLawStride) are not compared.
    if (pinned.contains("laws") && now.contains("laws") && countLawStride() > 1) {
        std::vector<std::string> skipped;
        for (const auto& [law, answer] : pinned["laws"].items())
            if (!now["laws"].contains(law)) skipped.push_back(law);
        for (const std::string& law : skipped) pinned["laws"].erase(law);
    }
    std::vector<std::string> differences;
    collectDifferences(pinned, now, "", differences);
    std::string report;
    for (std::size_t k = 0; k < differences.size() && k < 40; ++k) report += differences[k] + "\n";
    EXPECT_TRUE(differences.empty()) << differences.size() << " differences from " << pinPath(stem) << ":\n"
                                     << report;
}

INSTANTIATE_TEST_SUITE_P(BuiltInScenePins, ScenePin, ::testing::ValuesIn(listSceneStems()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

// No pin outlives its scene (a renamed scene is re-pinned, not left behind).
TEST(BuiltInScenePinFiles, EachPinHasItsScene) {
    const std::vector<std::string> stems = listSceneStems();
    for (const auto& e : fs::directory_iterator(IMPACTLAB_PINS_DIR))
        EXPECT_TRUE(std::count(stems.begin(), stems.end(), e.path().stem().string()) == 1)
            << e.path() << " pins no scene of scenes/";
}

}}  // namespace
}  // namespace impactlab::test
