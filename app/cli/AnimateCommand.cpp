// `animate`: a scene played along its timeline into an MP4, WebM or GIF. The
// frames are the desktop app's own 3D view (and diagram) rendered off screen,
// so the CLI runs impactlab-report, built with the app, which checks the
// request, draws, encodes (ui/video/) and prints progress on stderr; the
// CLI itself stays free of Qt and libav.
#include <ostream>

#include "cli/Args.h"
#include "cli/Commands.h"
#include "cli/ReportProgram.h"

namespace impactlab::cli {

namespace {

int runAnimate(const std::vector<std::string>& args, Streams& io) {
    std::vector<std::string> rest = args;
    const std::vector<std::string> sets = extractRepeatedFlag(rest, "--set");
    const std::vector<std::string> forwarded{"--out", "--fps", "--size", "--speed", "--from", "--to", "--view"};
    std::vector<FlagSpec> spec;
    for (const std::string& f : forwarded) spec.push_back({f, true});
    const ParsedArgs parsed = parseArgs(rest, spec, "animate");
    if (parsed.positionals.size() != 1)
        throw UsageError("animate reads one scene (a file or a built-in name), got " + std::to_string(parsed.positionals.size()));
    if (!parsed.has("--out")) throw UsageError("animate needs --out FILE (.mp4, .webm or .gif)");
    const std::string program = findReportProgram();
    if (program.empty()) throw IoError(std::string("animate ") + kNoReportProgramMessage);
    std::vector<std::string> argv{program, "--animate", parsed.positionals.front()};
    for (const std::string& f : forwarded)
        if (const auto v = parsed.value(f)) {
            argv.push_back(f);
            argv.push_back(*v);
        }
    for (const std::string& s : sets) {
        argv.push_back("--set");
        argv.push_back(s);
    }
    io.out.flush();
    io.err.flush();
    return runProgram(argv);
}

}  // namespace

Command makeAnimateCommand() {
    Command c;
    c.name = "animate";
    c.synopsis = "animate SCENE --out FILE [--fps N] [--size WxH] [--speed X] [...]";
    c.summary = "play a scene into an MP4, WebM or GIF (needs an X display, e.g. xvfb-run)";
    c.help =
        "Opens SCENE (a scene file or a built-in scene by name, e.g. superball) as the app would,\n"
        "runs it, and plays its timeline into FILE, the format by the suffix: .mp4 (H.264,\n"
        "yuv420p), .webm (VP9) or .gif (one palette made from the clip). Each frame is the app's\n"
        "3D view rendered off screen at the requested size, with a caption: the scene's name,\n"
        "its law and the time. The file lasts (to - from) / speed seconds. Progress goes to\n"
        "stderr; on success prints {\"format\": \"impactlab.animation/1\", \"file\", \"frames\",\n"
        "\"duration\", ...}. A bad request exits non-zero with one line and writes nothing.\n"
        "VTK draws through X even off screen: without a display, run it under xvfb-run -a.\n"
        "Runs impactlab-report, which is built with the desktop app. Scenes played on a\n"
        "timeline can be animated: simulations, vehicle collisions and reconstructions, tosses\n"
        "and granular flows; single and multi-point impacts cannot yet.\n\n"
        "  animate SCENE --out FILE [--fps N] [--size WxH] [--speed X] [--from T] [--to T]\n"
        "          [--view VIEW] [--set ID=VALUE]...\n\n"
        "  --out FILE       .mp4, .webm or .gif (written whole or not at all)\n"
        "  --fps N          frames per second of the file (default 30)\n"
        "  --size WxH       pixels (default 1280x720; even for MP4 and WebM)\n"
        "  --speed X        scene seconds per second of the file (default 1; 0.25 is slow motion)\n"
        "  --from T, --to T the span of the run in scene seconds (default all of it)\n"
        "  --view VIEW      3d (default), or diagram-beside: the 3D view with the impulse\n"
        "                   diagram of the latest impact beside it\n"
        "  --set ID=VALUE   set a scene parameter first; may repeat\n";
    c.run = runAnimate;
    return c;
}

}  // namespace impactlab::cli
