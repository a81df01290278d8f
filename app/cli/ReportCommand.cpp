// `report`: every view of a scene as PNG and SVG, every data series as CSV,
// the scene as JSON and an HTML report, into one folder, without a display
// (issue 10, item 6). The drawing is the desktop app's own (its pages and
// views on Qt's offscreen platform), so the CLI runs impactlab-report, built
// with the app, and passes its exit code through; the CLI itself stays free
// of Qt.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>

#include "cli/Args.h"
#include "cli/Commands.h"
#include "cli/ReportProgram.h"

namespace impactlab::cli {

namespace fs = std::filesystem;

// Where impactlab-report is: $IMPACTLAB_REPORT, beside this program (an
// installation: both in bin/), or the build tree's (the CLI is built in
// app/cli/, the report in bin/). Beside comes first, so an installed CLI runs
// its own installation's report even while the build tree it came from exists.
std::string findReportProgram() {
    if (const char* env = std::getenv("IMPACTLAB_REPORT"); env && *env) return env;
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path beside = self.parent_path() / "impactlab-report";
        if (fs::exists(beside)) return beside.string();
    }
#ifdef IMPACTLAB_REPORT_PATH
    if (fs::exists(IMPACTLAB_REPORT_PATH)) return IMPACTLAB_REPORT_PATH;
#endif
    return {};
}

namespace {

int runReport(const std::vector<std::string>& args, Streams& io) {
    std::vector<std::string> rest = args;
    const std::vector<std::string> sets = extractRepeatedFlag(rest, "--set");
    const ParsedArgs parsed = parseArgs(rest, {{"--out", true}}, "report");
    if (parsed.positionals.size() != 1)
        throw UsageError("report reads one scene file, got " + std::to_string(parsed.positionals.size()));
    const auto out = parsed.value("--out");
    if (!out) throw UsageError("report needs --out DIR, the folder to write into");
    const std::string program = requireReportProgram("report");
    std::vector<std::string> argv{program, parsed.positionals.front(), "--out", *out};
    for (const std::string& s : sets) {
        argv.push_back("--set");
        argv.push_back(s);
    }
    return runReportProgram(argv, io);
}

}  // namespace

std::string requireReportProgram(const std::string& command) {
    const std::string program = findReportProgram();
    if (program.empty())
        throw IoError(command + " needs impactlab-report, which is built with the desktop app (IMPACTLAB_BUILD_UI); "
                      "set IMPACTLAB_REPORT to its path");
    return program;
}

int runReportProgram(std::vector<std::string> argv, Streams& io) {
    const std::string program = argv.front();
    io.out.flush();
    io.err.flush();
    const pid_t pid = fork();
    if (pid < 0) throw InternalError(std::string("cannot start impactlab-report: ") + std::strerror(errno));
    if (pid == 0) {
        std::vector<char*> cargs;
        for (std::string& a : argv) cargs.push_back(a.data());
        cargs.push_back(nullptr);
        execv(program.c_str(), cargs.data());
        _exit(kExitInternal);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) throw InternalError(std::string("lost impactlab-report: ") + std::strerror(errno));
    return WIFEXITED(status) ? WEXITSTATUS(status) : kExitInternal;
}

Command makeReportCommand() {
    Command c;
    c.name = "report";
    c.synopsis = "report SCENE --out DIR [--set ID=VALUE]...";
    c.summary = "write every view, its data, the scene and an HTML report into DIR (no display needed)";
    c.help =
        "Opens SCENE (any kind, docs/scene-format.md) as the app would, runs it to its end, and\n"
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
