#include "cli/GranularSimulate.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "cli/Args.h"
#include "cli/CliIo.h"
#include "io/JsonInput.h"
#include "scene/GranularScene.h"
#include "sim/SceneKinds.h"
#include "sim/SceneRunSummaries.h"
#include "sim/granular/GranularAnalysis.h"
#include "sim/granular/GranularExport.h"
#include "sim/granular/GranularPhases.h"
#include "sim/granular/GranularRun.h"
#include "sim/granular/GranularSetups.h"

#ifdef IMPACTLAB_HAVE_MPI
#include "sim/granular/mpi/GranularDistributed.h"
#endif

namespace impactlab::cli {

const char* const kGranularSimulateHelp =
    "Granular scenes (\"kind\": \"granular\": settling-box, channel-flow, hopper) take instead:\n"
    "  --steps N | --end-time T   run N steps, or until T s (instead of the scene's length)\n"
    "  --threads T      OpenMP threads (0: all cores; the scene's threads by default)\n"
    "  --model ID       max-dissipation or coulomb (the per-contact friction kernel)\n"
    "  --sweep ID       gauss-seidel or jacobi\n"
    "  --frame-interval S  seconds between stored frames (the scene's frame_interval)\n"
    "  --output DIR     write every frame as VTK PolyData (frame_NNNNN.vtp, with frames.pvd\n"
    "                   for ParaView) and CSV (frame_NNNNN.csv), steps.csv, and from the last\n"
    "                   frame the mean velocity and angular velocity fields, g(r) and the\n"
    "                   Table 2 statistics (velocity_field.csv, angular_velocity_field.csv,\n"
    "                   rdf.csv, statistics.csv)\n"
    "  --vtk-format F   binary (base64, default) or ascii\n"
    "  --max-run-seconds S  stop after S s of computing (no limit by default)\n"
    "  --max-particles N  refuse a scene of more than N particles (exit 1), a batch's safety cap\n"
    "  --quiet          no progress lines on stderr\n"
    "  --decomposition D  under mpirun: grid (default; the process count factored into px x py x pz\n"
    "                   boxes with the least cut area) or slabs (along x only)\n"
    "  --set ID=VALUE   as above\n"
    "Progress goes to stderr about once a second. The summary (\"format\": \"impactlab.granular-run/1\")\n"
    "holds particles (at the end), steps, contacts_per_step (mean), iterations (sweeps of the last\n"
    "step) and iterations_per_step (mean), residual (last step, m/s), wall_s (seconds of stepping),\n"
    "contact_solves_per_s, lost_particles, discharged_particles, inserted_particles and\n"
    "max_penetration (m), mean_speed and pile_height (last frame). Under mpirun -np K the scene\n"
    "(a file, not standard input) runs domain-decomposed on K processes, one thread each unless\n"
    "--threads says otherwise; rank 0 prints progress and the summary and writes --output. The\n"
    "summary then adds decomposition (\"grid 2x2x1\"), halo_bytes_per_step and\n"
    "halo_messages_per_step (all processes, mean per step) and the busiest process's\n"
    "halo_bytes_per_step_max_rank and halo_messages_per_step_max_rank.\n";

namespace {

using nlohmann::json;

// Seconds of computing between two progress lines.
constexpr double kProgressIntervalSeconds = 1.0;

// Flags of every simulate, so the scene path can be found before knowing its kind.
const std::vector<FlagSpec> kGranularFlags = {
    {"--steps", true},  {"--end-time", true},       {"--threads", true},        {"--model", true},
    {"--sweep", true},  {"--frame-interval", true}, {"--output", true},         {"--vtk-format", true},
    {"--quiet", false}, {"--max-run-seconds", true}, {"--max-particles", true}, {"--decomposition", true},
};
const std::vector<std::string> kOtherValueFlags = {"--law", "--csv", "--set"};

// The scene argument of a simulate command line, if any.
std::optional<std::string> findScenePath(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") return i + 1 < args.size() ? std::optional<std::string>(args[i + 1]) : std::nullopt;
        if (a == "-" || a.empty() || a[0] != '-') return a;
        if (a.find('=') != std::string::npos) continue;
        bool takesValue = std::find(kOtherValueFlags.begin(), kOtherValueFlags.end(), a) != kOtherValueFlags.end();
        for (const FlagSpec& f : kGranularFlags)
            if (f.name == a) takesValue = f.takesValue;
        if (takesValue) ++i;
    }
    return std::nullopt;
}

double parseNumberFlag(const std::string& text, const std::string& flag) {
    const std::optional<double> value = parseFiniteNumber(text);
    if (!value) throw InputError(flag, "must be a finite number, got '" + text + "'");
    return *value;
}

long long parseIntegerFlag(const std::string& text, const std::string& flag) {
    const double x = parseNumberFlag(text, flag);
    if (x != std::floor(x) || std::abs(x) > 9e15) throw InputError(flag, "must be a whole number, got '" + text + "'");
    return static_cast<long long>(x);
}

// A scene parameter set exactly as given (numbers not clamped to the slider's
// range; the scene's own validation applies), as the other simulate does.
json applySet(const GranularScene& scene, const json& doc, const std::string& assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) throw UsageError("--set needs id=value, got '" + assignment + "'");
    const std::string id = assignment.substr(0, eq), text = assignment.substr(eq + 1);
    const SceneParameter* p = scene.findParameter(id);
    if (!p) {
        std::string known;
        for (const auto& q : scene.parameters) known += (known.empty() ? "" : ", ") + q.id;
        throw InputError("--set " + id, "no such parameter in this scene (known: " + known + ")");
    }
    if (p->kind == SceneParameter::Kind::Choice) return setChoiceInDocument(scene.parameters, doc, id, text);
    json out = doc;
    out[json::json_pointer(p->target)] = parseNumberFlag(text, "--set " + id);
    return out;
}

// The scene with --set and the granular flags applied, read again.
GranularScene makeScene(const json& document, const std::vector<std::string>& sets, const ParsedArgs& parsed) {
    GranularScene scene = parseGranularScene(document);
    json doc = scene.document;
    for (const std::string& set : sets) {
        doc = applySet(scene, doc, set);
        scene = parseGranularScene(doc);
    }
    json& g = doc["granular"];
    if (parsed.has("--steps") && parsed.has("--end-time")) throw UsageError("give --steps or --end-time, not both");
    if (const auto v = parsed.value("--steps")) {
        g.erase("end_time");
        g["steps"] = parseIntegerFlag(*v, "--steps");
    }
    if (const auto v = parsed.value("--end-time")) {
        g.erase("steps");
        g["end_time"] = parseNumberFlag(*v, "--end-time");
    }
    if (const auto v = parsed.value("--threads")) g["threads"] = parseIntegerFlag(*v, "--threads");
    if (const auto v = parsed.value("--model")) g["friction_model"] = *v;
    if (const auto v = parsed.value("--sweep")) g["sweep"] = *v;
    if (const auto v = parsed.value("--frame-interval")) g["frame_interval"] = parseNumberFlag(*v, "--frame-interval");
    return parseGranularScene(doc);
}

std::string formatSeconds(double s) {
    std::ostringstream os;
    os << std::fixed << std::setprecision(1) << s << " s";
    return os.str();
}

// Writes `text` to dir/name through a temporary file and a rename, so a failed
// write leaves no half file.
void writeFile(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
    const std::string tmp = path.string() + ".partial";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out) throw IoError(path.string() + ": cannot open for writing (" + std::strerror(errno) + ")");
        write(out);
        out.flush();
        if (!out) {
            std::remove(tmp.c_str());
            throw IoError(path.string() + ": write failed");
        }
    }
    if (std::rename(tmp.c_str(), path.string().c_str()) != 0) {
        std::remove(tmp.c_str());
        throw IoError(path.string() + ": cannot write (" + std::strerror(errno) + ")");
    }
}

// Writes the frames, steps and analyses of a run into --output DIR.
class OutputWriter {
public:
    OutputWriter(const std::string& dir, granular::VtkEncoding encoding) : dir_(dir), encoding_(encoding) {
        std::error_code ec;
        std::filesystem::create_directories(dir_, ec);
        if (ec || !std::filesystem::is_directory(dir_))
            throw IoError(dir + ": cannot create the output directory (" + ec.message() + ")");
        steps_.open(dir_ / "steps.csv.partial", std::ios::binary);
        if (!steps_) throw IoError((dir_ / "steps.csv").string() + ": cannot open for writing");
        granular::writeStepsCsvHeader(steps_);
    }

    void addFrame(const granular::GranularFrame& frame) {
        std::ostringstream name;
        name << "frame_" << std::setw(5) << std::setfill('0') << entries_.size();
        writeFile(dir_ / (name.str() + ".vtp"), [&](std::ostream& o) { granular::writeVtpFrame(o, frame, encoding_); });
        writeFile(dir_ / (name.str() + ".csv"), [&](std::ostream& o) { granular::writeFrameCsv(o, frame); });
        entries_.push_back({frame.time, name.str() + ".vtp"});
    }

    void addStep(const granular::GranularStepRecord& record) {
        granular::writeStepsCsvRow(steps_, record);
        if (!steps_) throw IoError((dir_ / "steps.csv").string() + ": write failed");
    }

    // The collection, the steps and the analyses of the last frame.
    void finish(const GranularScene& scene, const granular::GranularFrame& last,
                const granular::GranularRunResult& result) {
        steps_.close();
        if (!steps_ || std::rename((dir_ / "steps.csv.partial").c_str(), (dir_ / "steps.csv").c_str()) != 0)
            throw IoError((dir_ / "steps.csv").string() + ": write failed");
        writeFile(dir_ / "frames.pvd", [&](std::ostream& o) { granular::writePvdCollection(o, entries_); });
        const granular::GranularViewWindows v = granular::makeGranularViewWindows(scene);
        const std::vector<granular::GranularFrame> frames{last};
        const auto velocity = granular::calcMeanVelocityField(frames, v.fieldGrid, last.time, last.time);
        const auto spin = granular::calcMeanAngularVelocityField(frames, v.fieldGrid, last.time, last.time);
        const auto rdf = granular::calcRadialDistribution(frames, v.rdfWindow, v.rdfMaxDistance, v.rdfBins, last.time,
                                                          last.time);
        writeFile(dir_ / "velocity_field.csv", [&](std::ostream& o) { granular::writeFieldCsv(o, velocity, "v", "m/s"); });
        writeFile(dir_ / "angular_velocity_field.csv",
                  [&](std::ostream& o) { granular::writeFieldCsv(o, spin, "w", "rad/s"); });
        writeFile(dir_ / "rdf.csv", [&](std::ostream& o) { granular::writeRadialDistributionCsv(o, rdf, v.diameter); });
        const granular::GranularRunTotals& t = result.totals;
        const double steps = std::max<double>(1.0, static_cast<double>(t.steps));
        const double particles = t.particles / steps, contacts = t.contacts / steps;
        writeFile(dir_ / "statistics.csv", [&](std::ostream& o) {
            o.precision(17);
            o << "quantity,value,unit\n"
              << "mean particles," << particles << ",\n"
              << "solid fraction (last frame; window [" << v.solidFractionWindow.min.transpose() << "] to ["
              << v.solidFractionWindow.max.transpose() << "] m)," << granular::calcSolidFraction(last, v.solidFractionWindow)
              << ",\n"
              << "mean contacts," << contacts << ",\n"
              << "contacts per particle," << (particles > 0.0 ? contacts / particles : 0.0) << ",\n"
              << "max penetration," << t.maxPenetration << ",m\n";
        });
    }

private:
    std::filesystem::path dir_;
    granular::VtkEncoding encoding_;
    std::ofstream steps_;
    std::vector<granular::VtkCollectionEntry> entries_;
};

int runGranularSimulate(const json& document, const std::vector<std::string>& rawArgs, Streams& io) {
    std::vector<std::string> args = rawArgs;
    const std::vector<std::string> sets = extractRepeatedFlag(args, "--set");
    const ParsedArgs parsed = parseArgs(args, kGranularFlags, "simulate");
    if (parsed.positionals.size() != 1)
        throw UsageError("simulate reads one scene file, got " + std::to_string(parsed.positionals.size()));
    const GranularScene scene = makeScene(document, sets, parsed);
    if (const auto v = parsed.value("--max-particles")) {
        // A batch's (or a fuzzer's) cap on the size of the scenes it accepts:
        // one step of a large pile cannot be interrupted.
        const long long cap = parseIntegerFlag(*v, "--max-particles");
        if (scene.particles > cap)
            throw InputError("granular.particles", "is " + std::to_string(scene.particles) + ", more than --max-particles " +
                                                       std::to_string(cap));
    }
    granular::GranularRunSettings settings = granular::makeGranularRunSettings(scene);
    settings.keepFrames = false;
    settings.keepSteps = false;
    if (const auto v = parsed.value("--max-run-seconds")) {
        // As the other simulate's flag (a usage error), but with no upper
        // bound: granular runs are long by nature.
        settings.maxRunSeconds = parseFiniteNumber(*v).value_or(0.0);
        if (!(settings.maxRunSeconds > 0.0))
            throw UsageError("--max-run-seconds needs a positive number of seconds, got '" + *v + "'");
    }
    granular::VtkEncoding encoding = granular::VtkEncoding::Binary;
    if (const auto v = parsed.value("--vtk-format")) {
        if (*v == "ascii") encoding = granular::VtkEncoding::Ascii;
        else if (*v != "binary") throw InputError("--vtk-format", "must be binary or ascii, got '" + *v + "'");
    }
    const std::string decomposition = parsed.value("--decomposition").value_or("grid");
    if (decomposition != "grid" && decomposition != "slabs")
        throw InputError("--decomposition", "must be grid or slabs, got '" + decomposition + "'");
    const bool quiet = parsed.has("--quiet");
    const std::string outputDir = parsed.value("--output").value_or("");

    // Under mpirun the scene runs decomposed over the processes (rank 0
    // reports); each process takes one thread unless the scene names more.
    int rank = 0, ranks = 1;
    bool distributed = false;
#ifdef IMPACTLAB_HAVE_MPI
    if (granular::mpi::isLaunchedByMpi()) {
        granular::mpi::initialize();
        rank = granular::mpi::getRank();
        ranks = granular::mpi::getSize();
        distributed = true;
    }
#endif
    granular::GranularWorld world = granular::makeGranularWorld(scene);
    if (distributed && scene.solver.threads == 0) world.options.threads = 1;
    std::optional<OutputWriter> output;
    if (!outputDir.empty() && rank == 0) output.emplace(outputDir, encoding);
    granular::GranularFrame last;
    double nextProgress = kProgressIntervalSeconds;
    granular::GranularRunCallbacks callbacks;
    callbacks.onFrame = [&](const granular::GranularFrame& f) {
        if (output) output->addFrame(f);
        last = f;
    };
    callbacks.onProgress = [&](const granular::GranularProgress& p) {
        if (output) output->addStep({p.step, p.time, *p.last});
        if (!quiet && (p.wallSeconds >= nextProgress || p.step == p.steps)) {
            nextProgress = p.wallSeconds + kProgressIntervalSeconds;
            io.err << "simulate: step " << p.step << "/" << p.steps << " (" << (100 * p.step / std::max(1LL, p.steps))
                   << " %), t = " << p.time << " s, " << p.last->particles << " particles, " << p.last->contacts
                   << " contacts, " << formatSeconds(p.wallSeconds) << '\n';
            io.err.flush();
        }
        return true;
    };
    granular::GranularRunResult result;
    nlohmann::ordered_json halo;   // a distributed run's decomposition and halo traffic
#ifdef IMPACTLAB_HAVE_MPI
    if (distributed) {
        const granular::mpi::DistributedRunResult r = granular::mpi::runGranularDistributed(
            world, settings, callbacks, granular::mpi::parseDecomposition(decomposition, "--decomposition"));
        if (rank != 0) return kExitOk;   // rank 0 writes the files and the summary
        result = r;
        const granular::mpi::DecompositionReport& d = r.decomposition;
        halo["decomposition"] = d.description;
        halo["halo_bytes_per_step"] = d.haloBytesPerStep;
        halo["halo_messages_per_step"] = d.haloMessagesPerStep;
        halo["halo_bytes_per_step_max_rank"] = d.busiestHaloBytesPerStep;
        halo["halo_messages_per_step_max_rank"] = d.busiestHaloMessagesPerStep;
    }
#endif
    if (!distributed) result = granular::runGranular(world, settings, callbacks);
    if (output) output->finish(scene, last, result);
    nlohmann::ordered_json summary = summarizeGranularRun(scene, world, result, last, ranks, outputDir);
    for (const auto& [key, value] : halo.items()) summary[key] = value;
    writeJson(summary, io.out);
    return kExitOk;
}

}  // namespace

std::optional<int> runIfGranularScene(const std::vector<std::string>& args, Streams& io, const SimulateRunner& other) {
    // A scene read ahead from standard input is handed to `other` through a
    // stream of its own; `other` (simulate) asks here again first.
    static thread_local bool replaying = false;
    if (replaying) return std::nullopt;
    const std::optional<std::string> path = findScenePath(args);
    if (!path) return std::nullopt;
#ifdef IMPACTLAB_HAVE_MPI
    // mpirun gives standard input to rank 0 alone: the others would read nothing.
    if (*path == "-" && granular::mpi::isLaunchedByMpi())
        throw UsageError("under mpirun the scene must be a file, not standard input");
#endif
    std::string text;
    try {
        text = readInputText(*path, io.in);
    } catch (const IoError&) {
        if (*path == "-") throw;
        return std::nullopt;   // the other simulate reports the unreadable file
    }
    json document;
    bool granular = false;
    try {
        document = parseJsonText(text, getSourceName(*path));
        // A stepped kind (sim/SceneKinds.h) takes this simulate's options.
        granular = getSceneKindInfo(document).shape == SceneRunShape::Stepped;
    } catch (const InputError&) {
        granular = false;   // not JSON: the other simulate says so
    }
    if (!granular) {
        if (*path != "-") return std::nullopt;
        std::istringstream replay(text);
        Streams replayed{replay, io.out, io.err};
        replaying = true;
        try {
            const int code = other(args, replayed);
            replaying = false;
            return code;
        } catch (...) {
            replaying = false;
            throw;
        }
    }
    return runGranularSimulate(document, args, io);
}

}  // namespace impactlab::cli
