// `figure`: the papers' figures from the catalogue (sim/PaperFigures.h,
// resources/figures.json). `--list` prints the catalogue;
// `figure ID --out DIR` writes DIR/ID.png, DIR/ID.svg and DIR/ID.csv, drawn
// by impactlab-report (the app's own views on Qt's offscreen platform), so a
// figure from the command line is the figure the app shows.
#include <iomanip>

#include "cli/Args.h"
#include "cli/Commands.h"
#include "cli/ReportProgram.h"
#include "mechanics/Types.h"
#include "sim/PaperFigures.h"

namespace impactlab::cli {

namespace {

int runFigure(const std::vector<std::string>& args, Streams& io) {
    const ParsedArgs parsed = parseArgs(args, {{"--list", false}, {"--out", true}, {"--full", false}}, "figure");
    if (parsed.has("--list")) {
        if (!parsed.positionals.empty() || parsed.has("--out") || parsed.has("--full"))
            throw UsageError("figure --list takes nothing else");
        io.out << std::setw(2) << listPaperFiguresJson() << "\n";
        return kExitOk;
    }
    if (parsed.positionals.size() != 1)
        throw UsageError("figure needs one figure id (see figure --list), got " + std::to_string(parsed.positionals.size()));
    const std::string& id = parsed.positionals.front();
    if (!findPaperFigure(id)) throw InputError("figure", "no figure '" + id + "' in the catalogue (see figure --list)");
    const auto out = parsed.value("--out");
    if (!out) throw UsageError("figure needs --out DIR, the folder to write into");
    const std::string program = findReportProgram();
    if (program.empty()) throw IoError(std::string("figure ") + kNoReportProgramMessage);
    std::vector<std::string> argv{program, "--figure", id, "--out", *out};
    if (parsed.has("--full")) argv.push_back("--full");
    io.out.flush();
    io.err.flush();
    return runProgram(argv);
}

}  // namespace

Command makeFigureCommand() {
    Command c;
    c.name = "figure";
    c.synopsis = "figure (--list | ID --out DIR [--full])";
    c.summary = "list the papers' figures, or draw one as PNG, SVG and CSV (no display needed)";
    c.help =
        "--list prints the figure catalogue as a JSON array of {\"id\", \"paper\", \"title\", \"scene\",\n"
        "\"caption\", \"view\", \"kind\", \"differences\"}: every figure and table of the five papers\n"
        "that ImpactLab draws, under the papers' own numbers (\"plus-fig8\", \"jia-wang-table1\").\n\n"
        "ID --out DIR opens the figure's built-in scene with its settings and overlay, runs it,\n"
        "and writes DIR/ID.png, DIR/ID.svg and DIR/ID.csv (the numbers drawn: a header row, then\n"
        "the data). Prints {\"format\": \"impactlab.figure/1\", \"id\", \"files\"}. Granular figures run\n"
        "at the scene's desktop-scale default; --full runs the paper's size (hours). Runs\n"
        "impactlab-report, which is built with the desktop app.\n\n"
        "  --list       print the catalogue\n"
        "  --out DIR    the folder (created if missing)\n"
        "  --full       granular figures at the paper's particle count\n";
    c.run = runFigure;
    return c;
}

}  // namespace impactlab::cli
