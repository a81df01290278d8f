// `report`: every view of a scene as PNG and SVG, every data series as CSV,
// the scene as JSON and an HTML report, into one folder, without a display.
// The drawing is the desktop app's own (its pages and
// views on Qt's offscreen platform), so the CLI runs impactlab-report, built
// with the app, and passes its exit code through; the CLI itself stays free
// of Qt.
#include <ostream>

#include "cli/Args.h"
#include "cli/Commands.h"
#include "cli/ReportProgram.h"

namespace impactlab::cli {

namespace {

int runReport(const std::vector<std::string>& args, Streams& io) {
    std::vector<std::string> rest = args;
    const std::vector<std::string> sets = extractRepeatedFlag(rest, "--set");
    const ParsedArgs parsed = parseArgs(rest, {{"--out", true}}, "report");
    if (parsed.positionals.size() != 1)
        throw UsageError("report reads one scene (a file or a built-in name), got " + std::to_string(parsed.positionals.size()));
    const auto out = parsed.value("--out");
    if (!out) throw UsageError("report needs --out DIR, the folder to write into");
    const std::string program = findReportProgram();
    if (program.empty())
        throw IoError(std::string("report ") + kNoReportProgramMessage);
    std::vector<std::string> argv{program, parsed.positionals.front(), "--out", *out};
    for (const std::string& s : sets) {
        argv.push_back("--set");
        argv.push_back(s);
    }
    io.out.flush();
    io.err.flush();
    return runProgram(argv);
}

}  // namespace

Command makeReportCommand() {
    Command c;
    c.name = "report";
    c.synopsis = "report SCENE --out DIR [--set ID=VALUE]...";
    c.summary = "write every view, its data, the scene and an HTML report into DIR (no display needed)";
    c.help =
        "Opens SCENE (a scene file of any kind, docs/scene-format.md, or a built-in scene by\n"
        "name, e.g. vehicle-barrier) as the app would, runs it to its end, and\n"
        "writes into DIR: every view as PNG and SVG, every data series and table as CSV, the\n"
        "scene as scene.json and report.html with the pictures and numbers. Without an X\n"
        "display the 3D view is left out (VTK draws through X); the charts are drawn by Qt's\n"
        "offscreen platform. Prints {\"format\": \"impactlab.report/1\", \"folder\", \"files\",\n"
        "\"report\"}. Runs impactlab-report, which is built with the desktop app.\n\n"
        "  --out DIR        the folder (created if missing)\n"
        "  --set ID=VALUE   set a scene parameter first; may repeat\n";
    c.run = runReport;
    return c;
}

}  // namespace impactlab::cli
