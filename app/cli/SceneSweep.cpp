#include "cli/SceneSweep.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "cli/Args.h"
#include "cli/CliIo.h"
#include "diagram/Figure.h"
#include "cli/ReportProgram.h"
#include "cli/SceneKinds.h"
#include "io/JsonInput.h"
#include "io/ResultJson.h"
#include "mechanics/NumberText.h"
#include "scene/SceneDocument.h"
#include "sim/SceneKinds.h"
#include "vehicle/VehicleSweep.h"

namespace impactlab::cli {

const char* const kSceneSweepHelp =
    "Scene form: sweep SCENE --param ID --values A,B,C [--csv FILE] [--out DIR] [--steps N]\n"
    "                  [--set ID=VALUE]...\n\n"
    "Sets the scene parameter ID (a slider; docs/scene-format.md) to each value as\n"
    "'simulate --set ID=VALUE' does, runs the scene as simulate does, and prints one summary\n"
    "per value. Works for every scene kind. SCENE '-' reads standard input.\n\n"
    "  --param ID       the parameter; choices take their choice names as values\n"
    "  --values A,B,C   the values, comma-separated; each must be finite and within the\n"
    "                   parameter's range (or one of its choices), else exit 1 naming --values[k]\n"
    "  --csv FILE       write the summaries as CSV: a header row, one row per value, the\n"
    "                   numeric fields flattened (\"impulse[2]\", \"first_impact.v_plus[0]\")\n"
    "  --out DIR        write DIR/sweep.csv and, per value, every view of the scene (PNG, SVG\n"
    "                   and its data as CSV) into DIR/ID=VALUE/ by running impactlab-report\n"
    "                   (built with the desktop app; without it --out exits 3)\n"
    "  --steps N        granular scenes: steps per run (default 200, a slice of the run)\n"
    "  --set ID=VALUE   set another parameter first, as simulate does; may repeat\n\n"
    "The output {\"format\": \"impactlab.sweep/1\", \"scene\", \"kind\", \"parameter\", \"values\",\n"
    "\"results\": [{\"value\", ...}]} holds per value: impact: law, status, impulse and v_plus\n"
    "[t1, t2, n], energy_before/after, sequence (the event kinds), bodies' velocities after;\n"
    "plus: rounds, intervals, energies, per contact impulse and v_plus, bodies' velocities after,\n"
    "the compliant reference's status and energy after; spatial, planar, vehicles: end_time,\n"
    "end_reason, impacts (a count), energy_initial/final and first_impact (time, contact, the\n"
    "impact summary as for impact); vehicles also collision (delta_v1, pdof1_deg, ees1, ... of the\n"
    "Kudlich-Slibar collision); granular: particles, steps, end_time, contacts_per_step,\n"
    "iterations_per_step, max_penetration, mean_speed, pile_height, lost/discharged/inserted.\n"
    "A value whose scene cannot run (a law that refuses it, bodies no longer approaching) has\n"
    "\"error\" instead, and is counted in \"invalid_values\".\n";

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;

constexpr const char* kSceneSweepFormat = "impactlab.sweep/1";
// Each value runs the scene once, a simulation up to its wall-clock budget
// (docs/input-limits.md): a hundred values is already over an hour at worst.
// Longer studies are a script's loop.
constexpr std::size_t kMaxSweepValues = 100;
// Steps of a granular run in a sweep unless --steps says otherwise: 200 steps
// take 1.5-3 s on the built-in scenes on a 2-core machine (0.02 s of the
// settling box and the hopper), so a sweep of a few values stays interactive;
// the scenes' full lengths take minutes each.
constexpr long long kDefaultGranularSteps = 200;
// Hidden beside the per-value folders while --out runs, removed after.
constexpr const char* kTempSceneName = ".sweep-scene.json";

struct SweepValue {
    std::string text;   // as typed: passed on as --set ID=text, names the --out folder
    ordered_json json;  // a number, or a choice's name
};

const SceneParameter& findParameter(const std::vector<SceneParameter>& parameters, const std::string& id) {
    for (const SceneParameter& p : parameters)
        if (p.id == id) return p;
    std::string known;
    for (const SceneParameter& p : parameters) known += (known.empty() ? "" : ", ") + p.id;
    throw InputError("--param", "no such parameter in this scene: '" + id + "' (known: " + known + ")");
}

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

// "A,B,C" checked against the parameter: finite and within its range, or one
// of its choices. Errors name "--values[k]".
std::vector<SweepValue> parseValues(const std::string& list, const SceneParameter& p) {
    std::vector<SweepValue> values;
    std::stringstream in(list);
    for (std::string item; std::getline(in, item, ',');) {
        const std::string field = "--values[" + std::to_string(values.size()) + "]";
        const std::string text = trim(item);
        if (text.empty()) throw InputError(field, "is empty");
        if (p.kind == SceneParameter::Kind::Choice) {
            bool known = false;
            std::string choices;
            for (const std::string& c : p.choices) {
                known = known || c == text;
                choices += (choices.empty() ? "" : ", ") + c;
            }
            if (!known)
                throw InputError(field, "must be one of " + p.id + "'s choices (" + choices + "), got '" + text + "'");
            values.push_back({text, text});
            continue;
        }
        const std::optional<double> v = parseFiniteNumber(text);
        if (!v) throw InputError(field, "must be a finite number, got '" + text + "'");
        if (*v < p.min || *v > p.max)
            throw InputError(field, "must be within " + p.id + "'s range [" + formatNumber(p.min) + ", " +
                                        formatNumber(p.max) + "], got " + text);
        values.push_back({text, *v});
    }
    if (list.empty() || list.back() == ',')
        throw InputError("--values[" + std::to_string(values.size()) + "]", "is empty");
    if (values.size() > kMaxSweepValues)
        throw InputError("--values", "has " + std::to_string(values.size()) + " values, more than " +
                                         std::to_string(kMaxSweepValues));
    return values;
}

// The members of `from` named in `keys`, those it has.
ordered_json pick(const ordered_json& from, std::initializer_list<const char*> keys) {
    ordered_json out = ordered_json::object();
    for (const char* k : keys)
        if (from.contains(k)) out[k] = from[k];
    return out;
}

// The key numbers of one impact result (impactlab.result/1).
ordered_json summarizeImpactResult(const ordered_json& r) {
    ordered_json s = pick(r, {"status", "impulse", "v_plus", "energy_before", "energy_after",
                              "compression_impulse", "wang_mason_mode", "table_2_1_cell"});
    s["sequence"] = ordered_json::array();
    if (r.contains("events"))
        for (const auto& e : r["events"]) s["sequence"].push_back(e.value("kind", ""));
    if (r.contains("bodies")) s["bodies"] = r["bodies"];
    return s;
}

ordered_json summarizeImpact(const ordered_json& run) {
    ordered_json s = summarizeImpactResult(run["impacts"][0]);
    s["law"] = run["law"];
    s["warnings"] = run["warnings"];
    return s;
}

ordered_json summarizePlus(const ordered_json& run) {
    const ordered_json& r = run["impacts"][0];
    ordered_json s = pick(r, {"status", "rounds", "intervals", "energy_before", "energy_after"});
    s["contacts"] = ordered_json::array();
    for (const auto& c : r["contacts"]) s["contacts"].push_back(pick(c, {"name", "impulse", "v_plus"}));
    if (r.contains("bodies")) s["bodies"] = r["bodies"];
    s["compliant"] = pick(run["compliant"], {"status", "skipped", "contact_time", "kinetic_energy_after"});
    s["warnings"] = run["warnings"];
    return s;
}

// Delta-V, PDOF, EES, ... of a vehicle scene's collision, as the vehicle
// sweep reports them (vehicle 2's only when there is one).
ordered_json summarizeVehicleCollision(const json& document) {
    const VehicleCollisionInput input = readVehicleScene(document).vehicles.collision;
    const VehicleCollisionResult result = solveVehicleCollision(input);
    ordered_json s = ordered_json::object();
    for (const auto& [name, unit] : getVehicleSweepOutputs()) {
        if (!input.vehicle2 && name.find('2') != std::string::npos) continue;
        s[name] = getVehicleCollisionOutput(result, name);
    }
    return s;
}

ordered_json summarizeSimulated(const json& document, const SceneKindInfo& kind, const ordered_json& summary,
                                const SimulationRun& run) {
    ordered_json s = pick(summary, {"law", "end_time", "end_reason"});
    s["impacts"] = run.impacts.size();
    if (summary.contains("energy")) {
        s["energy_initial"] = summary["energy"]["initial"];
        s["energy_final"] = summary["energy"]["final"];
    }
    s["resting_impulses"] = summary["resting_impulses"];
    if (!run.impacts.empty()) {
        const ImpactEventRecord& e = run.impacts.front();
        ordered_json first;
        first["time"] = e.time;
        first["contact"] = e.contact;
        first.update(summarizeImpactResult(resultToJson(e.problem, e.result, nullptr)));
        // Table 2.1's cell of a pendulum impact is the run summary's (SceneRunSummaries.cpp).
        const ordered_json& printed = summary["impacts"][0];
        if (printed.contains("table_2_1_cell")) first["table_2_1_cell"] = printed["table_2_1_cell"];
        first["kinetic_energy_before"] = e.kineticEnergyBefore;
        first["kinetic_energy_after"] = e.kineticEnergyAfter;
        s["first_impact"] = first;
    }
    if (kind.kind == SceneKind::Vehicles) s["collision"] = summarizeVehicleCollision(document);
    s["warnings"] = summary["warnings"];
    return s;
}

ordered_json summarizeGranular(const ordered_json& run) {
    return pick(run, {"particles", "steps", "end_time", "end_reason", "contacts_per_step", "iterations_per_step",
                      "iteration_limit_steps", "max_penetration", "mean_speed", "pile_height", "lost_particles",
                      "discharged_particles", "inserted_particles"});
}

ordered_json summarizeTosses(const ordered_json& run) {
    return pick(run, {"samples", "impacts", "first_impact_s", "position_error", "rotation_error_deg"});
}

// Runs `document` as simulate does and keeps the key numbers of its kind.
ordered_json runValue(const json& document) {
    const SceneKindInfo& kind = getSceneKindInfo(document);
    SimulationRun run;
    const ordered_json summary = kind.simulate(document, SceneRunRequest{}, &run);
    switch (kind.kind) {
        case SceneKind::Impact: return summarizeImpact(summary);
        case SceneKind::Plus: return summarizePlus(summary);
        case SceneKind::Granular: return summarizeGranular(summary);
        case SceneKind::Tosses: return summarizeTosses(summary);
        case SceneKind::Spatial:
        case SceneKind::Planar:
        case SceneKind::Vehicles: return summarizeSimulated(document, kind, summary, run);
    }
    return summary;
}

// The numbers of `j` as (column, text) pairs: objects joined by '.', arrays
// indexed "[k]"; strings and booleans are left out.
void flattenNumbers(const ordered_json& j, const std::string& path,
                    std::vector<std::pair<std::string, std::string>>& out) {
    if (j.is_number()) {
        std::ostringstream text;
        text << std::setprecision(17) << j.get<double>();
        out.emplace_back(path, text.str());
    } else if (j.is_object()) {
        for (const auto& [k, v] : j.items()) flattenNumbers(v, path.empty() ? k : path + "." + k, out);
    } else if (j.is_array()) {
        for (std::size_t k = 0; k < j.size(); ++k) flattenNumbers(j[k], path + "[" + std::to_string(k) + "]", out);
    }
}

// One row per value: the value (a number or a choice's name), then every
// numeric field any result has, in the order first met; a result without a
// field leaves its cell empty. Written under a temporary name and renamed.
void writeSweepCsv(const ordered_json& results, const std::string& path) {
    std::vector<std::string> columns;
    std::vector<std::vector<std::pair<std::string, std::string>>> rows;
    for (const auto& r : results) {
        ordered_json numbers = r;
        numbers.erase("value");
        rows.emplace_back();
        flattenNumbers(numbers, "", rows.back());
        for (const auto& [column, text] : rows.back())
            if (std::find(columns.begin(), columns.end(), column) == columns.end()) columns.push_back(column);
    }
    writeFileAtomically(path, [&](std::ostream& out) {
        out << "value";
        for (const std::string& c : columns) out << ',' << quoteCsvField(c);
        out << '\n';
        for (std::size_t k = 0; k < rows.size(); ++k) {
            const ordered_json& v = results[k]["value"];
            if (v.is_string()) out << quoteCsvField(v.get<std::string>());
            else out << v.get<double>();
            for (const std::string& c : columns) {
                out << ',';
                for (const auto& [column, text] : rows[k])
                    if (column == c) out << text;
            }
            out << '\n';
        }
    });
}

// A folder name from "ID=VALUE": a path separator would make two levels.
std::string makeFolderName(const std::string& id, const std::string& text) {
    std::string name = id + "=" + text;
    for (char& c : name)
        if (c == '/' || c == '\\') c = '_';
    return name;
}

std::string readLastLine(const fs::path& path) {
    std::ifstream in(path);
    std::string line, last;
    while (std::getline(in, line))
        if (!trim(line).empty()) last = line;
    return last;
}

// impactlab-report on `scenePath` with --set ID=VALUE into `folder`; its
// summary is not ours to print (stdout discarded) and its messages go to a
// log that names the failure, if any.
void writeValueReport(const std::string& program, const std::string& scenePath, const fs::path& folder,
                      const std::string& assignment) {
    const fs::path log = folder.string() + ".log";
    const int code = runProgram({program, scenePath, "--out", folder.string(), "--set", assignment}, "/dev/null",
                                log.string());
    const std::string last = readLastLine(log);
    std::error_code ec;
    fs::remove(log, ec);
    if (code != kExitOk)
        throw IoError("sweep --out: impactlab-report failed for " + assignment + " (exit " + std::to_string(code) +
                      ")" + (last.empty() ? std::string() : ": " + last));
}

void writeTextFile(const fs::path& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
    out.flush();
    if (!out) throw IoError(path.string() + ": cannot write (" + std::strerror(errno) + ")");
}

}  // namespace

bool isSceneSweep(const std::vector<std::string>& args) {
    for (const std::string& a : args) {
        if (a == "--") return false;
        if (a == "--param" || a.rfind("--param=", 0) == 0) return true;
    }
    return false;
}

int runSceneSweep(const std::vector<std::string>& rawArgs, Streams& io) {
    std::vector<std::string> args = rawArgs;
    const std::vector<std::string> sets = extractRepeatedFlag(args, "--set");
    const ParsedArgs parsed = parseArgs(
        args, {{"--param", true}, {"--values", true}, {"--csv", true}, {"--out", true}, {"--steps", true}}, "sweep");
    if (parsed.positionals.size() != 1)
        throw UsageError("sweep reads one scene file, got " + std::to_string(parsed.positionals.size()));
    if (!parsed.has("--values")) throw UsageError("sweep --param needs --values A,B,C");
    const std::string path = parsed.positionals.front();
    const std::string id = *parsed.value("--param");
    const std::optional<std::string> outDir = parsed.value("--out");
    const std::string program = outDir ? findReportProgram() : std::string();
    if (outDir && program.empty()) throw IoError(std::string("sweep --out ") + kNoReportProgramMessage);

    json document =
        applySets(toUnifiedSceneDocument(parseJsonText(readInputText(path, io.in), getSourceName(path))), sets);
    const SceneKindInfo& kind = getSceneKindInfo(document);
    kind.read(document);   // the scene as it stands is valid before any value is tried
    if (parsed.has("--steps") && kind.kind != SceneKind::Granular)
        throw UsageError("--steps is for granular scenes; this scene is of kind \"" +
                         std::string(toString(kind.kind)) + "\"");
    if (kind.kind == SceneKind::Granular) {
        long long steps = kDefaultGranularSteps;
        if (const auto text = parsed.value("--steps")) {
            const std::optional<double> v = parseFiniteNumber(*text);
            if (!v || *v < 1.0 || *v != static_cast<double>(static_cast<long long>(*v)))
                throw UsageError("--steps needs a whole number of steps >= 1, got '" + *text + "'");
            steps = static_cast<long long>(*v);
        }
        document["granular"].erase("end_time");
        document["granular"]["steps"] = steps;
        kind.read(document);   // names granular.steps if it is over the scene's limit
    }
    const std::vector<SceneParameter> parameters = kind.readParameters(document);
    const SceneParameter& parameter = findParameter(parameters, id);
    const std::vector<SweepValue> values = parseValues(*parsed.value("--values"), parameter);

    ordered_json results = ordered_json::array();
    int invalid = 0;
    for (std::size_t k = 0; k < values.size(); ++k) {
        ordered_json r;
        r["value"] = values[k].json;
        try {
            r.update(runValue(applySets(document, {id + "=" + values[k].text})));
        } catch (const InputError& e) {
            // The scene at this value cannot run: said in its row, as the
            // vehicle sweep marks its invalid grid points.
            r["error"] = e.what();
            ++invalid;
        }
        results.push_back(r);
    }

    std::string csvPath = parsed.value("--csv").value_or("");
    if (outDir) {
        std::error_code ec;
        fs::create_directories(*outDir, ec);
        if (ec || !fs::is_directory(*outDir))
            throw IoError(*outDir + ": cannot create the folder (" + ec.message() + ")");
        if (csvPath.empty()) csvPath = (fs::path(*outDir) / "sweep.csv").string();
        // The report reads a file: the scene as swept (a granular scene with
        // its reduced steps), written beside the folders and removed after.
        const fs::path scene = fs::path(*outDir) / kTempSceneName;
        writeTextFile(scene, document.dump(2));
        try {
            for (std::size_t k = 0; k < values.size(); ++k) {
                if (results[k].contains("error")) continue;
                const fs::path folder = fs::path(*outDir) / makeFolderName(id, values[k].text);
                writeValueReport(program, scene.string(), folder, id + "=" + values[k].text);
                results[k]["folder"] = folder.string();
            }
        } catch (...) {
            fs::remove(scene, ec);
            throw;
        }
        fs::remove(scene, ec);
    }
    if (!csvPath.empty()) writeSweepCsv(results, csvPath);

    ordered_json out;
    out["format"] = kSceneSweepFormat;
    out["scene"] = document.value("name", getSourceName(path));
    out["kind"] = toString(kind.kind);
    out["parameter"] = id;
    out["unit"] = parameter.unit;
    ordered_json list = ordered_json::array();
    for (const SweepValue& v : values) list.push_back(v.json);
    out["values"] = list;
    if (kind.kind == SceneKind::Granular) out["steps"] = document["granular"]["steps"];
    out["results"] = results;
    out["invalid_values"] = invalid;
    if (!csvPath.empty()) out["csv"] = csvPath;
    if (outDir) out["out"] = *outDir;
    writeJson(out, io.out);
    return kExitOk;
}

}  // namespace impactlab::cli
