// `impactlab-cli animate`: scenes played into MP4, WebM and GIF files, checked
// from outside with ffprobe and ffmpeg (Debian's ffmpeg package) as a player
// would read them; and the bad requests, each one line and no file. Runs on
// an X display (VTK draws the 3D view through X): with-display.sh.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "CliTestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

namespace fs = std::filesystem;

// A file lasts its span / speed within 10 %: what a viewer notices. The frame
// count is round(span * fps / speed), so a span of whole frames is exact.
constexpr double kDurationTolerance = 0.10;
// Two frames "differ" when this share of their pixels (outside the caption,
// whose time always changes) moved by more than kPixelStep levels: far above
// H.264's noise on a still picture, far below a ball crossing the frame.
constexpr double kMovedPixelShare = 0.002;
constexpr int kPixelStep = 24;

std::string capture(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return out;
    char buffer[4096];
    for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
    pclose(pipe);
    return out;
}

bool haveFfmpeg() { return std::system("ffprobe -version >/dev/null 2>&1 && ffmpeg -version >/dev/null 2>&1") == 0; }

nlohmann::json probeStream(const fs::path& file) {
    const std::string text = capture("ffprobe -v error -show_streams -of json '" + file.string() + "'");
    const nlohmann::json probe = nlohmann::json::parse(text, nullptr, false);
    if (probe.is_discarded() || !probe.contains("streams") || probe["streams"].empty()) return {};
    return probe["streams"][0];
}

// Frame `n` decoded to RGB bytes.
std::string decodeFrame(const fs::path& file, int n) {
    return capture("ffmpeg -v error -i '" + file.string() + "' -vf 'select=eq(n\\," + std::to_string(n) +
                   ")' -frames:v 1 -f rawvideo -pix_fmt rgb24 -");
}

// The share of pixels in the top `rows` rows that differ by more than kPixelStep.
double calcMovedShare(const std::string& a, const std::string& b, int width, int rows) {
    const size_t n = std::min({a.size(), b.size(), size_t(width) * size_t(rows) * 3});
    if (n == 0) return 0.0;
    size_t moved = 0;
    for (size_t i = 0; i + 2 < n; i += 3) {
        int d = 0;
        for (size_t c = 0; c < 3; ++c) d = std::max(d, std::abs(int(uint8_t(a[i + c])) - int(uint8_t(b[i + c]))));
        if (d > kPixelStep) ++moved;
    }
    return double(moved) / double(n / 3);
}

// A fresh folder per test, so "no file left" means an empty folder.
struct TempFolder {
    fs::path path = makeTempPath("-animate");
    TempFolder() { fs::create_directories(path); }
    ~TempFolder() { fs::remove_all(path); }
    bool empty() const { return fs::is_empty(path); }
};

#ifdef IMPACTLAB_HAS_REPORT

TEST(CliAnimate, SuperballMp4IsH264Yuv420pOfTheSpansLengthAndMoves) {
    ASSERT_TRUE(haveFfmpeg()) << "ffprobe and ffmpeg (Debian's ffmpeg package, in scripts/common.sh) check the files";
    TempFolder folder;
    const fs::path out = folder.path / "superball.mp4";
    const CliRun run = runCli({"animate", "superball", "--out", out.string(), "--size", "320x180", "--fps", "10", "--to", "1"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.json()["format"], "impactlab.animation/1");
    EXPECT_EQ(run.json()["frames"], 10);
    const nlohmann::json stream = probeStream(out);
    ASSERT_FALSE(stream.is_null()) << "ffprobe could not read " << out;
    EXPECT_EQ(stream["codec_name"], "h264");
    EXPECT_EQ(stream["pix_fmt"], "yuv420p");
    EXPECT_EQ(stream["width"], 320);
    EXPECT_EQ(stream["height"], 180);
    const double duration = std::stod(stream["duration"].get<std::string>());
    EXPECT_NEAR(duration, 1.0, kDurationTolerance * 1.0);
    // Frames 1/4 and 3/4 of the way: the ball has moved.
    const double moved = calcMovedShare(decodeFrame(out, 2), decodeFrame(out, 7), 320, 130);
    EXPECT_GT(moved, kMovedPixelShare);
    // Only the file: no temporary left beside it.
    EXPECT_EQ(std::distance(fs::directory_iterator(folder.path), fs::directory_iterator()), 1);
}

TEST(CliAnimate, CradleGifIsSmallAndWebmIsVp9) {
    ASSERT_TRUE(haveFfmpeg()) << "ffprobe and ffmpeg (Debian's ffmpeg package, in scripts/common.sh) check the files";
    TempFolder folder;
    const fs::path gif = folder.path / "cradle.gif";
    const CliRun run = runCli({"animate", "newtons-cradle-swinging", "--out", gif.string(), "--size", "240x160", "--fps", "10", "--to", "1"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const nlohmann::json stream = probeStream(gif);
    EXPECT_EQ(stream["codec_name"], "gif");
    // One palette from the clip and unchanged pixels left transparent: 5 s at
    // 480x320 (20 times the pixels) is about 0.2 MB, so 250 kB here is ample.
    EXPECT_LT(fs::file_size(gif), 250u * 1024u);
    EXPECT_GT(fs::file_size(gif), 0u);

    const fs::path webm = folder.path / "superball.webm";
    const CliRun vp9 = runCli({"animate", "superball", "--out", webm.string(), "--size", "160x90", "--fps", "5", "--to", "0.6"});
    ASSERT_EQ(vp9.exitCode, 0) << vp9.err;
    EXPECT_EQ(probeStream(webm)["codec_name"], "vp9");
}

TEST(CliAnimate, DiagramBesideAndEveryKindWithATimeline) {
    ASSERT_TRUE(haveFfmpeg()) << "ffprobe and ffmpeg (Debian's ffmpeg package, in scripts/common.sh) check the files";
    TempFolder folder;
    const fs::path beside = folder.path / "beside.mp4";
    const CliRun run = runCli({"animate", "vehicle-barrier", "--out", beside.string(), "--size", "480x180", "--fps", "5",
                               "--to", "0.4", "--view", "diagram-beside"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(probeStream(beside)["width"], 480);
    // One scene of each kind the pages play on a timeline: a simulation, a
    // vehicle reconstruction, a toss experiment, a granular flow.
    for (const char* scene : {"kane-paradox", "reconstruction-intersection", "experiment-cube-tosses", "settling-box"}) {
        const fs::path out = folder.path / (std::string(scene) + ".mp4");
        const CliRun r = runCli({"animate", scene, "--out", out.string(), "--size", "96x64", "--fps", "5", "--to", "0.4"});
        ASSERT_EQ(r.exitCode, 0) << scene << ": " << r.err;
        const nlohmann::json stream = probeStream(out);
        EXPECT_EQ(stream["codec_name"], "h264") << scene;
        EXPECT_NEAR(std::stod(stream["duration"].get<std::string>()), 0.4, kDurationTolerance * 0.4) << scene;
    }
}

// Each bad request: its exit code, one line on stderr naming it, no file.
TEST(CliAnimate, BadRequestsSayWhatIsWrongInOneLineAndLeaveNoFile) {
    struct Case {
        std::vector<std::string> args;   // after "animate"
        int exitCode;
        std::string says;
    };
    TempFolder folder;
    const std::string out = (folder.path / "a.mp4").string();
    const std::vector<Case> cases = {
        {{"no-such-scene", "--out", out}, 1, "no-such-scene"},
        {{"superball", "--out", out, "--view", "top"}, 2, "no view 'top'"},
        {{"superball", "--out", out, "--fps", "0"}, 2, "--fps must be > 0"},
        {{"superball", "--out", out, "--fps", "-5"}, 2, "--fps must be > 0"},
        {{"superball", "--out", out, "--size", "0x100"}, 2, "--size must be positive"},
        {{"superball", "--out", out, "--size", "321x180"}, 2, "even width and height"},
        {{"superball", "--out", (folder.path / "a.txt").string()}, 3, ".mp4, .webm or .gif"},
        {{"superball", "--out", (folder.path / "missing" / "a.mp4").string(), "--size", "64x64", "--to", "0.2"}, 3, "cannot write"},
        {{"superball", "--out", out, "--from", "3", "--to", "9"}, 1, "not inside the scene's run"},
        // Refused from the document's end_time, before the granular scene is
        // opened (which takes minutes for the channel flow).
        {{"channel-flow", "--out", out, "--to", "0.4"}, 1, "not inside the scene's run 0..0.2 s"},
        {{"impact-ball-on-ball", "--out", out}, 1, "no timeline"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args{"animate"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const CliRun run = runCli(args);
        EXPECT_EQ(run.exitCode, c.exitCode) << c.says << "\n" << run.err;
        // The last line names the problem (Qt may warn first about its
        // environment, e.g. XDG_RUNTIME_DIR, once a scene is opened).
        const std::string err = run.err.substr(0, run.err.find_last_not_of('\n') + 1);
        const std::string last = err.substr(err.find_last_of('\n') == std::string::npos ? 0 : err.find_last_of('\n') + 1);
        EXPECT_NE(last.find(c.says), std::string::npos) << "expected '" << c.says << "' in: " << run.err;
        EXPECT_EQ(run.err.find("animate: "), run.err.rfind("animate: ")) << "more than one message: " << run.err;
        EXPECT_TRUE(folder.empty()) << c.says << " left a file";
    }
}

#endif

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
}  // namespace impactlab::test
