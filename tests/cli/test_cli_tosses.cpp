// `tosses` as scripts use it (docs/experiment-format.md): starts, predict,
// score and fit on a few of the public tosses, and bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "CliTestSupport.h"

namespace {
namespace IMPACTLAB_UNITY_ID {

using impactlab::test::CliRun;
using impactlab::test::makeTempPath;
using impactlab::test::runCli;

const std::string kDir = IMPACTLAB_TOSSES_DIR;
const std::string kBody = kDir + "/body.json";

std::string readText(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A temporary file with `text`, removed on destruction.
struct TempFile {
    explicit TempFile(const std::string& text, const std::string& suffix) : path(makeTempPath(suffix)) {
        std::ofstream(path) << text;
    }
    ~TempFile() { std::remove(path.c_str()); }
    std::string path;
};

// The header and the rows of the first `count` tosses of the public file.
std::string firstTosses(int count) {
    std::istringstream in(readText(kDir + "/tosses.csv"));
    std::string line, out;
    std::getline(in, line);
    out = line + "\n";
    std::set<int> ids;
    while (std::getline(in, line)) {
        ids.insert(std::stoi(line.substr(0, line.find(','))));
        if (static_cast<int>(ids.size()) > count) break;
        out += line + "\n";
    }
    return out;
}

const std::string kParams = R"({"format": "impactlab.toss-params/1", "law": "stronge", "friction": 0.18, "restitution": 0.125})";

TEST(CliTosses, ScorePrintsEachTossAndTheirSpread) {
    const TempFile csv(firstTosses(3), ".csv"), params(kParams, ".json");
    const CliRun r = runCli({"tosses", "score", csv.path, "--body", kBody, "--params", params.path});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json j = r.json();
    ASSERT_EQ(j["tosses"].size(), 3u);
    for (const char* key : {"position", "rotation_deg", "first_impact_linear", "first_impact_angular"}) {
        ASSERT_TRUE(j[key].contains("mean")) << key;
        EXPECT_TRUE(std::isfinite(j[key]["mean"].get<double>())) << key;
        EXPECT_GE(j[key]["std"].get<double>(), 0.0) << key;
    }
    for (const auto& t : j["tosses"]) {
        EXPECT_GE(t["position"].get<double>(), 0.0);
        EXPECT_LT(t["rotation_deg"].get<double>(), 180.0);
    }
}

// predict writes n_samples rows of every start, sample 0 at the start pose,
// and the same file for any thread count.
TEST(CliTosses, PredictWritesEverySampleOfEveryStartWhateverTheThreads) {
    const TempFile csv(firstTosses(4), ".csv"), params(kParams, ".json");
    const std::string starts = makeTempPath(".json");
    const CliRun s = runCli({"tosses", "starts", csv.path, "--body", kBody, "--samples", "60", "--out", starts});
    ASSERT_EQ(s.exitCode, 0) << s.err;
    const nlohmann::json doc = nlohmann::json::parse(readText(starts));
    ASSERT_EQ(doc["tosses"].size(), 4u);
    std::string files[2];
    for (int threads : {1, 2}) {
        const std::string out = makeTempPath(".csv");
        const CliRun p = runCli({"tosses", "predict", starts, "--params", params.path, "--out", out, "--threads",
                                 std::to_string(threads)});
        ASSERT_EQ(p.exitCode, 0) << p.err;
        files[threads - 1] = readText(out);
        std::remove(out.c_str());
    }
    EXPECT_EQ(files[0], files[1]);
    std::istringstream rows(files[0]);
    std::string line;
    std::getline(rows, line);
    EXPECT_EQ(line, "toss,k,x,y,z,qw,qx,qy,qz");
    int count = 0;
    while (std::getline(rows, line)) {
        if (count % 60 == 0) {   // sample 0: the start's position
            const auto& t = doc["tosses"][count / 60];
            std::istringstream cells(line);
            std::string cell;
            std::vector<double> v;
            while (std::getline(cells, cell, ',')) v.push_back(std::stod(cell));
            EXPECT_EQ(static_cast<int>(v[0]), t["toss"].get<int>());
            EXPECT_EQ(v[1], 0.0);
            for (int i = 0; i < 3; ++i) EXPECT_NEAR(v[2 + i], t["p0"][i].get<double>(), 1e-8);
        }
        ++count;
    }
    EXPECT_EQ(count, 4 * 60);
    std::remove(starts.c_str());
}

TEST(CliTosses, FitWritesTheParamsFormatWithIntervalsAndShares) {
    const TempFile csv(firstTosses(1), ".csv");
    const std::string out = makeTempPath(".json");
    const CliRun r = runCli({"tosses", "fit", csv.path, "--body", kBody, "--law", "poisson", "--grid", "3,3", "--out", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("parameter sets"), std::string::npos) << "progress on stderr";
    const nlohmann::json j = nlohmann::json::parse(readText(out));
    EXPECT_EQ(j["format"], "impactlab.toss-params/1");
    EXPECT_EQ(j["law"], "poisson");
    EXPECT_EQ(j["tosses"], 1);
    EXPECT_TRUE(j["options"].is_object());
    for (const char* p : {"friction", "restitution"}) {
        const double v = j[p].get<double>();
        EXPECT_GE(v, j["intervals_95"][p][0].get<double>()) << p;
        EXPECT_LE(v, j["intervals_95"][p][1].get<double>()) << p;
    }
    EXPECT_EQ(j["contributions"].size(), 1u);
    // The written parameters are what score reads.
    const CliRun s = runCli({"tosses", "score", csv.path, "--body", kBody, "--params", out});
    EXPECT_EQ(s.exitCode, 0) << s.err;
    std::remove(out.c_str());
}

TEST(CliTosses, BadInputNamesTheFileAndTheRow) {
    std::string text = firstTosses(1);
    const std::size_t row3 = text.find('\n', text.find('\n', text.find('\n') + 1) + 1) + 1;   // start of row 4
    const std::string bad = text.substr(0, row3) + "0,0,2,0.013514,0,0,0.2,0.5,0,0,0,0,0,0,0,0,0\n";
    const TempFile csv(bad, ".csv"), params(kParams, ".json");
    const CliRun r = runCli({"tosses", "score", csv.path, "--body", kBody, "--params", params.path});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("row 4: qw..qz"), std::string::npos) << r.err;
    EXPECT_EQ(r.errLines(), 1);
    EXPECT_TRUE(r.out.empty());

    const CliRun missing = runCli({"tosses", "score", csv.path, "--params", params.path});
    EXPECT_EQ(missing.exitCode, 2) << missing.err;
    const CliRun unreadable = runCli({"tosses", "score", "/no/such.csv", "--body", kBody, "--params", params.path});
    EXPECT_EQ(unreadable.exitCode, 3) << unreadable.err;
    const CliRun unknown = runCli({"tosses", "juggle"});
    EXPECT_EQ(unknown.exitCode, 2);
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
