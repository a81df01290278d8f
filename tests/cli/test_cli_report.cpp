// `impactlab-cli report`: every view of a scene, its data,
// the scene and a self-contained HTML report in one folder, without a
// display. In a build without the desktop app it says so, in one line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "CliTestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

namespace fs = std::filesystem;

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

std::string readText(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

#ifdef IMPACTLAB_HAS_REPORT

TEST(CliReport, WritesEveryViewItsDataTheSceneAndASelfContainedReport) {
    const fs::path out = makeTempPath("-report");
    const CliRun run = runCli({"report", scenePath("bar.json"), "--out", out.string(), "--set", "friction=0.4"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.json()["format"], "impactlab.report/1");
    for (const char* file : {"diagram.png", "diagram.svg", "diagram.csv", "plots.png", "plots.csv", "comparison.csv",
                             "scene.json", "report.html"})
        EXPECT_TRUE(fs::exists(out / file)) << file;
    // The scene written is the edited one, and reads back.
    const nlohmann::json scene = nlohmann::json::parse(readText(out / "scene.json"));
    EXPECT_DOUBLE_EQ(scene["contact"]["friction"].get<double>(), 0.4);
    const CliRun again = runCli({"simulate", (out / "scene.json").string()});
    EXPECT_EQ(again.exitCode, 0) << again.err;
    // The pictures are inside the HTML, and its numbers are the run's.
    const std::string html = readText(out / "report.html");
    EXPECT_NE(html.find("data:image/png;base64,"), std::string::npos);
    EXPECT_NE(html.find("Bar dropped on the ground"), std::string::npos);
    // The diagram's CSV holds the friction lines at the edited mu: |I_t| = 0.4 I_n.
    const std::string csv = readText(out / "diagram.csv");
    EXPECT_NE(csv.find("friction"), std::string::npos);
    fs::remove_all(out);
}

// On a rod that jams (Painleve's example) the f_obj reduction of Preclik et
// al. does not apply: the view says why, and its CSV is the header without
// samples. The report used to fail on it ("could not write fobj.csv").
// A built-in scene by name, as the app opens it; the vehicle report holds the
// Results tab's table (delta-V, PDOF, EES) and its parameters read in the
// panel's units (the barrier normal in degrees, not 3.1415927 rad).
TEST(CliReport, ABuiltInSceneByNameWithItsResultsInDisplayUnits) {
    const fs::path out = makeTempPath("-report-builtin");
    const CliRun run = runCli({"report", "vehicle-barrier", "--out", out.string()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string html = readText(out / "report.html");
    for (const char* text : {"Collision results", "delta-V", "PDOF", "EES", "<td>deg</td>"})
        EXPECT_NE(html.find(text), std::string::npos) << text;
    EXPECT_EQ(html.find("<td>rad</td>"), std::string::npos);
}

TEST(CliReport, AViewWithNothingToPlotStillWritesItsFiles) {
    const fs::path out = makeTempPath("-report-painleve");
    const CliRun run = runCli({"report", scenePath("impact-painleve-rod.json"), "--out", out.string()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (const char* file : {"fobj.png", "fobj.csv", "hodograph.png", "scene.json", "report.html"})
        EXPECT_TRUE(fs::exists(out / file)) << file;
    EXPECT_EQ(readText(out / "fobj.csv"), "alpha_rad,f_obj_J,feasible\n");
    fs::remove_all(out);
}

TEST(CliReport, BadInputIsOneLineNamingTheField) {
    const fs::path out = makeTempPath("-report-bad");
    const CliRun run = runCli({"report", scenePath("bar.json"), "--out", out.string(), "--set", "nope=1"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("nope"), std::string::npos) << run.err;
    const CliRun usage = runCli({"report", scenePath("bar.json")});
    EXPECT_EQ(usage.exitCode, 2) << "no --out";
    fs::remove_all(out);
}

// `figure ID --out DIR`: the figure's picture, SVG and the
// numbers drawn; here a table figure, Uchida et al.'s Table 2.
TEST(CliFigure, WritesThePictureTheSvgAndTheNumbers) {
    const fs::path out = makeTempPath("-figure");
    const CliRun run = runCli({"figure", "plus-table2", "--out", out.string()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.json()["format"], "impactlab.figure/1");
    EXPECT_EQ(run.json()["files"].size(), 3u);
    for (const char* file : {"plus-table2.png", "plus-table2.svg", "plus-table2.csv"})
        EXPECT_GT(fs::file_size(out / file), 0u) << file;
    EXPECT_EQ(readText(out / "plus-table2.csv").rfind("contact,round 1,", 0), 0u);
    EXPECT_NE(readText(out / "plus-table2.svg").find("<svg"), std::string::npos);
    fs::remove_all(out);
}

#else

TEST(CliFigure, SaysItNeedsTheDesktopBuild) {
    const CliRun run = runCli({"figure", "plus-table2", "--out", makeTempPath("-figure")});
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_NE(run.err.find("impactlab-report"), std::string::npos) << run.err;
}

TEST(CliReport, SaysItNeedsTheDesktopBuild) {
    const CliRun run = runCli({"report", scenePath("bar.json"), "--out", makeTempPath("-report")});
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_EQ(run.errLines(), 1);
    EXPECT_NE(run.err.find("impactlab-report"), std::string::npos) << run.err;
}

#endif

// `figure --list` needs no desktop build: the catalogue is in the core.
TEST(CliFigure, ListsEveryFigureWithItsPaperSceneAndCaption) {
    const CliRun run = runCli({"figure", "--list"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const nlohmann::json list = run.json();
    ASSERT_TRUE(list.is_array());
    EXPECT_EQ(list.size(), 64u);   // the papers' 63 figures and tables, and the Kharaz measurements
    for (const auto& e : list)
        for (const char* key : {"id", "paper", "title", "scene", "caption"})
            EXPECT_TRUE(e.contains(key) && e[key].is_string()) << e.dump();
    EXPECT_TRUE(fs::exists(scenePath(list[0]["scene"].get<std::string>() + ".json")));
}

TEST(CliFigure, AnUnknownIdIsNamedAndAMissingOutIsAUsageError) {
    const CliRun unknown = runCli({"figure", "plus-fig99", "--out", makeTempPath("-figure-bad")});
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_NE(unknown.err.find("plus-fig99"), std::string::npos) << unknown.err;
    EXPECT_EQ(runCli({"figure", "plus-fig8"}).exitCode, 2);
    EXPECT_EQ(runCli({"figure", "--list", "plus-fig8"}).exitCode, 2);
}

}}  // namespace
}  // namespace impactlab::test
