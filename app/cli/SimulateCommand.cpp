// `simulate`: run a scene of any kind through its descriptor (sim/SceneKinds.h),
// write a simulation's time histories as CSV and print a JSON summary of the
// run. Granular scenes take options of their own (GranularSimulate.h).
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "cli/Args.h"
#include "cli/CliIo.h"
#include "diagram/Figure.h"
#include "cli/Commands.h"
#include "cli/GranularSimulate.h"
#include "cli/SceneKinds.h"
#include "io/JsonInput.h"
#include "scene/SceneDocument.h"
#include "sim/SceneKinds.h"
#include "sim/SceneRunSummaries.h"
#include "sim/Simulation.h"

namespace impactlab::cli {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

// RFC 4180: quote a field holding a comma, a quote or a line break.
// Header "t [s],<channel> [unit],..."; one row per sample. Written to a
// temporary name and renamed, so a failed run leaves no half file.
void writeCsv(const SimulationRun& run, const std::string& path) {
    writeFileAtomically(path, [&](std::ostream& out) {
        out << "t [s]";
        for (const RunChannel& c : run.channels) out << ',' << quoteCsvField(c.name + " [" + c.unit + "]");
        out << '\n';
        for (std::size_t k = 0; k < run.samples.size(); ++k) {
            out << run.samples[k].time;
            for (const RunChannel& c : run.channels) out << ',' << c.values[k];
            out << '\n';
        }
    });
}

int runSimulate(const std::vector<std::string>& rawArgs, Streams& io) {
    // Granular scenes have options and a run of their own (GranularSimulate.cpp).
    if (const std::optional<int> code = runIfGranularScene(rawArgs, io, runSimulate)) return *code;
    std::vector<std::string> args = rawArgs;
    const std::vector<std::string> sets = extractRepeatedFlag(args, "--set");
    const ParsedArgs parsed =
        parseArgs(args, {{"--law", true}, {"--csv", true}, {"--max-run-seconds", true}, {"--max-particles", true}},
                  "simulate");   // --max-particles caps granular scenes; other kinds have no particles
    if (parsed.positionals.size() != 1)
        throw UsageError("simulate reads one scene file, got " + std::to_string(parsed.positionals.size()));
    const std::string path = parsed.positionals.front();
    SimulationOptions options;
    if (const auto seconds = parsed.value("--max-run-seconds")) {
        // A batch study can ask for another wall-clock budget than the
        // default, up to an hour (docs/input-limits.md).
        const double value = parseFiniteNumber(*seconds).value_or(0.0);
        if (!(value > 0.0) || value > limits::kMaxRunSeconds)
            throw UsageError("--max-run-seconds needs a number of seconds in (0, " +
                             json(limits::kMaxRunSeconds).dump() + "], got '" + *seconds + "'");
        options.maxRunSeconds = value;
    }

    // A toss scene names its data files relative to itself (scene/TossScene.h).
    const std::string folder = path == "-" ? std::string() : std::filesystem::path(path).parent_path().string();
    const json document = applySets(
        resolveSceneFilePaths(toUnifiedSceneDocument(parseJsonText(readInputText(path, io.in), getSourceName(path))), folder),
        sets);
    // Every kind of scene runs here, through its descriptor (sim/SceneKinds.h);
    // a single impact or a multi-point impact is one event, resolved as the
    // app's page resolves it.
    const SceneKindInfo& kind = getSceneKindInfo(document);
    if (kind.shape != SceneRunShape::TimeHistories && parsed.value("--csv"))
        throw UsageError(std::string("--csv writes time histories; a scene of kind \"") + toString(kind.kind) +
                         "\" is one impact (its summary has the impulses)");
    SceneRunRequest request;
    request.law = parsed.value("--law");
    request.options = options;
    request.csvPath = parsed.value("--csv").value_or("");
    SimulationRun run;
    const ordered_json summary = kind.simulate(document, request, &run);
    if (!request.csvPath.empty()) writeCsv(run, request.csvPath);
    writeJson(summary, io.out);
    return kExitOk;
}

}  // namespace

Command makeSimulateCommand() {
    Command c;
    c.name = "simulate";
    c.synopsis = "simulate SCENE [--law ID] [--csv FILE] [--max-run-seconds S] [--set ID=VALUE]...";
    c.summary = "simulate a scene (JSON) and print a summary (JSON); time histories as CSV";
    c.help =
        "Runs a scene of any kind (docs/scene-format.md). A simulation (spatial, planar,\n"
        "vehicles) runs to its end time, or until it comes to rest or a law has no solution;\n"
        "a single impact (impact) is solved with its law; a multi-point impact (plus) runs\n"
        "PLUS and its compliant reference. SCENE '-' reads standard input.\n\n"
        "  --law ID         resolve impacts with law ID instead of the scene's contact.law\n"
        "  --csv FILE       write the time histories: a header row \"t [s],<channel> [unit],...\"\n"
        "                   and one row per sample (planar: x, y, theta, vx, vy, omega per body,\n"
        "                   end heights of rods, energies; spatial: position, orientation\n"
        "                   quaternion, velocities per body, energies)\n"
        "  --max-run-seconds S\n"
        "                   stop the run after S seconds of computing (at most the default\n"
        "                   budget, docs/input-limits.md); the end reason is then \"time limit\"\n"
        "  --set ID=VALUE   set the scene parameter ID (a slider) before running; numbers are\n"
        "                   taken as given (not clamped to the slider's range), choices must be\n"
        "                   one of the parameter's. May repeat.\n\n"
        "The summary (\"format\": \"" + std::string(kRunFormat) + "\") lists the end reason, the initial and\n"
        "final energy, and per impact its time, contact, impulse [t1, t2, n] (and in the world\n"
        "frame), velocities and the bodies' kinetic energy before and after; and the warnings.\n"
        "Bad input exits 1 naming the field; an unreadable scene or unwritable CSV exits 3.\n\n" +
        std::string(kGranularSimulateHelp);
    c.run = runSimulate;
    return c;
}

}  // namespace impactlab::cli
