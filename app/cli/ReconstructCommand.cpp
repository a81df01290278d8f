// `reconstruct`: a vehicle scene's reconstruction block in, the estimate with
// its uncertainty out (docs/reconstruction-format.md).
#include <iostream>
#include <limits>

#include "cli/Args.h"
#include "cli/CliIo.h"
#include "cli/Commands.h"
#include "io/JsonInput.h"
#include "reconstruction/Reconstruction.h"
#include "scene/SceneDocument.h"
#include "scene/VehicleSceneReader.h"

namespace impactlab::cli {

namespace {

constexpr int kMaxSamplesFlag = 100000;   // as the block's samples (docs/input-limits.md)
constexpr int kMaxThreadsFlag = 256;
// Progress lines on stderr: about this many per run.
constexpr int kProgressLines = 10;

long long readIntegerFlag(const ParsedArgs& parsed, const std::string& name, long long lo, long long hi) {
    return parseWholeFlag(name, *parsed.value(name), lo, hi);
}

int runReconstruct(const std::vector<std::string>& args, Streams& io) {
    const ParsedArgs parsed =
        parseArgs(args, {{"--samples", true}, {"--seed", true}, {"--threads", true}, {"--quiet", false}}, "reconstruct");
    if (parsed.positionals.size() != 1)
        throw UsageError("reconstruct reads one scene file, got " + std::to_string(parsed.positionals.size()));
    const std::string path = parsed.positionals.front();
    const nlohmann::json document =
        toUnifiedSceneDocument(parseJsonText(readInputText(path, io.in), getSourceName(path)));
    const VehicleScene scene = readVehicleScene(document);
    const ReconstructionSpec spec = readReconstructionSpec(scene);

    ReconstructionOptions options;
    if (parsed.has("--samples")) options.samples = static_cast<int>(readIntegerFlag(parsed, "--samples", 0, kMaxSamplesFlag));
    if (parsed.has("--seed"))
        options.seed = static_cast<std::uint64_t>(
            readIntegerFlag(parsed, "--seed", 0, std::numeric_limits<int>::max()));
    if (parsed.has("--threads")) options.threads = static_cast<int>(readIntegerFlag(parsed, "--threads", 1, kMaxThreadsFlag));
    const bool quiet = parsed.has("--quiet");
    int lastReported = 0;
    options.progress = [&](int done, int total) {
        const int step = std::max(1, total / kProgressLines);
        if (!quiet && (done - lastReported >= step || done == total) && done != lastReported) {
            io.err << kProgramName << ": reconstruct: " << done << " / " << total << " samples\n" << std::flush;
            lastReported = done;
        }
        return true;
    };
    const ReconstructionResult result = reconstruct(scene, spec, options);
    writeJson(toJson(result), io.out);
    return kExitOk;
}

}  // namespace

Command makeReconstructCommand() {
    Command c;
    c.name = "reconstruct";
    c.synopsis = "reconstruct SCENE [--samples N] [--seed S] [--threads T] [--quiet]";
    c.summary = "impact speeds and their uncertainty from a vehicle scene's evidence (JSON)";
    c.help =
        "Reads a vehicle scene with a \"reconstruction\" block (docs/reconstruction-format.md):\n"
        "unknowns (scene values by JSON pointer, with bounds), evidence (separation velocity,\n"
        "yaw rate, delta-V, PDOF, rest position and heading, EES, each with a sigma) and\n"
        "uncertain inputs. Fits the unknowns by bounded weighted least squares from several\n"
        "starts, then draws N Monte Carlo samples of the evidence and the uncertain inputs and\n"
        "fits each again. SCENE '-' reads standard input.\n\n"
        "  --samples N   Monte Carlo samples (default: the block's \"samples\", else 1000; 0: the\n"
        "                intervals of the linearised fit)\n"
        "  --seed S      seed of the samples (default: the block's \"seed\", else 1); the same\n"
        "                seed gives the same output for any thread count (wall_s aside)\n"
        "  --threads T   threads for the samples (default: every core)\n"
        "  --quiet       no progress lines on stderr\n\n"
        "Prints one JSON object: status, per unknown its value, median, std, interval_95 and\n"
        "sensitivity to each evidence item, per evidence item the residual in sigmas, per vehicle\n"
        "delta-V, PDOF and EES, chi2, dof, samples, failed_samples and warnings (unknowns at a\n"
        "bound, directions the evidence does not pin). Bad input exits 1 naming the field.\n";
    c.run = runReconstruct;
    return c;
}

}  // namespace impactlab::cli
