// `sweep`: sensitivity of a vehicle collision (core/vehicle/VehicleSweep.h) to
// one or two inputs; prints the grid as JSON, optionally writes it as CSV.
// With --param, a scene of any kind over one of its parameters instead
// (SceneSweep.h).
//
// The collision file, format "impactlab.vehicle-collision/1" (SI units, angles
// in radians, world x-y ground plane; see docs/vehicles.md for the conventions):
//
//   {
//     "format": "impactlab.vehicle-collision/1",
//     "name": "...", "description": "...",            optional strings
//     "vehicles": [                                   one (against a fixed barrier) or two
//       {"mass": 1500, "yaw_inertia": 2500,           kg, kg m^2
//        "position": [x, y], "heading": 0,            m (CG), rad (forward axis from +x, CCW)
//        "velocity": [vx, vy]  or  "speed": 10,       m/s (CG, world) or m/s along the heading
//        "yaw_rate": 0,                               rad/s, optional (0)
//        "length": 4.5, "width": 1.8,                 m, optional (outline)
//        "roll_inertia": 550, "pitch_inertia": 2400}, kg m^2, optional (yaw_inertia)
//       {...}
//     ],
//     "collision": {"impact_point": [x, y],           m, impulse centroid P
//                   "normal_angle": 0,                rad, n from vehicle 2 into vehicle 1
//                   "mu_user": 0.5, "epsilon": 0.1,
//                   "impact_height": 0}               m, optional: P above the CG plane
//   }
//
// Every field above is required unless marked optional. Errors are
// InputError naming the field as written ("vehicles[1].mass",
// "collision.epsilon"); the physical checks are Vehicle::validate and
// VehicleCollisionInput::validate.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <limits>
#include <optional>

#include "cli/Args.h"
#include "cli/CliIo.h"
#include "cli/Commands.h"
#include "cli/SceneSweep.h"
#include "scene/Scene.h"
#include "scene/SceneDocument.h"
#include "scene/VehicleSceneReader.h"
#include "io/JsonInput.h"
#include "vehicle/VehicleSweep.h"

namespace impactlab::cli {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr const char* kCollisionFormat = "impactlab.vehicle-collision/1";
constexpr const char* kSweepFormat = "impactlab.vehicle-sweep/1";
// Grid points per run: each is a full collision solve (~microseconds), so this
// bounds a run to seconds and the JSON to tens of megabytes.
constexpr long kMaxGridPoints = 1000000;

// Units of the sweep inputs (VehicleSweep.h); outputs: getVehicleSweepOutputs().
const char* getInputUnit(const std::string& name) {
    static const std::pair<const char*, const char*> units[] = {
        {"epsilon", "1"},  {"mu_user", "1"},   {"impact_offset", "m"}, {"normal_angle", "rad"},
        {"normal_angle_offset", "rad"}, {"speed1", "m/s"}, {"speed2", "m/s"},
    };
    for (const auto& [n, u] : units)
        if (name == n) return u;
    return "";
}

std::string getOutputUnit(const std::string& name) {
    for (const auto& [n, u] : getVehicleSweepOutputs())
        if (n == name) return u;
    return "";
}

Vehicle readVehicle(const json& v, const std::string& field) {
    requireObject(v, field);
    rejectUnknownKeys(v, {"mass", "yaw_inertia", "roll_inertia", "pitch_inertia", "position", "heading", "velocity",
                          "speed", "yaw_rate", "length", "width"},
                      field);
    Vehicle out;
    out.mass = readNumber(getMember(v, "mass", field), joinField(field, "mass"));
    out.yawInertia = readNumber(getMember(v, "yaw_inertia", field), joinField(field, "yaw_inertia"));
    out.position = readVec2(getMember(v, "position", field), joinField(field, "position"));
    out.heading = readNumber(getMember(v, "heading", field), joinField(field, "heading"));
    const bool hasVelocity = v.contains("velocity"), hasSpeed = v.contains("speed");
    if (hasVelocity == hasSpeed)
        throw InputError(joinField(field, hasVelocity ? "speed" : "velocity"),
                         hasVelocity ? "give either velocity or speed, not both" : "missing (or give speed)");
    out.velocity = hasVelocity ? readVec2(v["velocity"], joinField(field, "velocity"))
                               : Vec2(readNumber(v["speed"], joinField(field, "speed")) * makeDirection(out.heading));
    if (v.contains("yaw_rate")) out.yawRate = readNumber(v["yaw_rate"], joinField(field, "yaw_rate"));
    if (v.contains("length")) out.length = readNumber(v["length"], joinField(field, "length"));
    if (v.contains("width")) out.width = readNumber(v["width"], joinField(field, "width"));
    if (v.contains("roll_inertia")) out.rollInertia = readNumber(v["roll_inertia"], joinField(field, "roll_inertia"));
    if (v.contains("pitch_inertia"))
        out.pitchInertia = readNumber(v["pitch_inertia"], joinField(field, "pitch_inertia"));
    out.validate(field);
    return out;
}

VehicleCollisionInput readCollision(const json& doc, const std::string& sourceName) {
    requireObject(doc, sourceName);
    // A vehicle scene (the app's kind "vehicles") sweeps its collision.
    if (doc.contains("format") && doc["format"] == kSceneFormat) {
        if (getSceneKind(doc) != VehicleScene::kKind)   // names "kind" for an unknown kind too
            throw InputError("kind", "sweep needs a vehicle collision: a scene of kind \"vehicles\" or a collision file");
        return readVehicleScene(doc).vehicles.collision;
    }
    rejectUnknownKeys(doc, {"format", "name", "description", "vehicles", "collision"}, "");
    const std::string format = readString(getMember(doc, "format", ""), "format");
    if (format != kCollisionFormat)
        throw InputError("format", "must be \"" + std::string(kCollisionFormat) + "\", got \"" + format + "\"");
    for (const char* key : {"name", "description"})
        if (doc.contains(key)) readString(doc[key], key);

    VehicleCollisionInput in;
    const json& vehicles = getMember(doc, "vehicles", "");
    if (!vehicles.is_array() || vehicles.empty() || vehicles.size() > 2)
        throw InputError("vehicles", "must be an array of one vehicle (against a barrier) or two, got " +
                                         describeJsonType(vehicles) +
                                         (vehicles.is_array() ? " of " + std::to_string(vehicles.size()) : std::string()));
    in.vehicle1 = readVehicle(vehicles[0], indexField("vehicles", 0));
    if (vehicles.size() == 2) in.vehicle2 = readVehicle(vehicles[1], indexField("vehicles", 1));

    const json& c = getMember(doc, "collision", "");
    requireObject(c, "collision");
    rejectUnknownKeys(c, {"impact_point", "normal_angle", "mu_user", "epsilon", "impact_height"}, "collision");
    in.impactPoint = readVec2(getMember(c, "impact_point", "collision"), "collision.impact_point");
    in.normalAngle = readNumber(getMember(c, "normal_angle", "collision"), "collision.normal_angle");
    in.muUser = readNumber(getMember(c, "mu_user", "collision"), "collision.mu_user");
    in.epsilon = readNumber(getMember(c, "epsilon", "collision"), "collision.epsilon");
    if (c.contains("impact_height")) in.impactHeight = readNumber(c["impact_height"], "collision.impact_height");
    in.validate();
    return in;
}

double parseNumber(const std::string& text, const std::string& flag, const char* what) {
    const std::optional<double> value = parseFiniteNumber(text);
    if (!value) throw UsageError(flag + " " + what + " must be a finite number, got '" + text + "'");
    return *value;
}

// "--input NAME FROM TO COUNT" (and --input2) take four values, which
// parseArgs does not do: take them out first.
void extractAxes(std::vector<std::string>& args, std::optional<SweepAxis>& axis1,
                                     std::optional<SweepAxis>& axis2) {
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") {
            rest.insert(rest.end(), args.begin() + static_cast<long>(i), args.end());
            break;
        }
        if (a != "--input" && a != "--input2") {
            rest.push_back(a);
            continue;
        }
        std::optional<SweepAxis>& target = a == "--input" ? axis1 : axis2;
        if (target) throw UsageError("option '" + a + "' given twice");
        if (i + 4 >= args.size()) throw UsageError("option '" + a + "' needs four values: NAME FROM TO COUNT");
        SweepAxis axis;
        axis.input = args[i + 1];
        axis.from = parseNumber(args[i + 2], a, "FROM");
        axis.to = parseNumber(args[i + 3], a, "TO");
        const double count = parseNumber(args[i + 4], a, "COUNT");
        if (count < 1.0 || count != std::floor(count) || count > static_cast<double>(kMaxGridPoints))
            throw UsageError(a + " COUNT must be a whole number from 1 to " + std::to_string(kMaxGridPoints) +
                             ", got '" + args[i + 4] + "'");
        axis.count = static_cast<int>(count);
        target = axis;
        i += 4;
    }
    args = rest;
}

// RFC 4180 is not needed: the names and numbers hold no commas or quotes.
void writeCsv(const SweepGrid& g, const std::string& path) {
    writeFileAtomically(path, [&](std::ostream& out) {
        out << g.axis1.input << " [" << getInputUnit(g.axis1.input) << "]";
        if (g.axis2) out << ',' << g.axis2->input << " [" << getInputUnit(g.axis2->input) << "]";
        out << ',' << g.output << " [" << getOutputUnit(g.output) << "]\n";
        const int n2 = g.axis2 ? static_cast<int>(g.values2.size()) : 1;
        for (int i = 0; i < static_cast<int>(g.values1.size()); ++i)
            for (int j = 0; j < n2; ++j) {
                out << g.values1[static_cast<size_t>(i)];
                if (g.axis2) out << ',' << g.values2[static_cast<size_t>(j)];
                out << ',';
                if (std::isfinite(g.values(i, j)))
                    out << g.values(i, j);
                else
                    out << "nan";
                out << '\n';
            }
    });
}

ordered_json toJsonValue(double v) { return std::isfinite(v) ? ordered_json(v) : ordered_json(nullptr); }

ordered_json makeAxisJson(const SweepAxis& axis, const std::vector<double>& values) {
    ordered_json a;
    a["input"] = axis.input;
    a["unit"] = getInputUnit(axis.input);
    a["from"] = axis.from;
    a["to"] = axis.to;
    a["count"] = axis.count;
    a["values"] = values;
    return a;
}

ordered_json makeSummary(const SweepGrid& g, const std::string& csvPath) {
    ordered_json s;
    s["format"] = kSweepFormat;
    s["output"] = g.output;
    s["unit"] = getOutputUnit(g.output);
    s["axes"] = ordered_json::array({makeAxisJson(g.axis1, g.values1)});
    if (g.axis2) s["axes"].push_back(makeAxisJson(*g.axis2, g.values2));
    ordered_json values = ordered_json::array();
    for (int i = 0; i < static_cast<int>(g.values1.size()); ++i) {
        if (!g.axis2) {
            values.push_back(toJsonValue(g.values(i, 0)));
            continue;
        }
        ordered_json row = ordered_json::array();
        for (int j = 0; j < static_cast<int>(g.values2.size()); ++j) row.push_back(toJsonValue(g.values(i, j)));
        values.push_back(row);
    }
    s["values"] = values;
    s["invalid_points"] = g.invalidPoints;
    if (!csvPath.empty()) s["csv"] = csvPath;
    s["warnings"] = g.warnings;
    return s;
}

int runSweep(const std::vector<std::string>& rawArgs, Streams& io) {
    if (isSceneSweep(rawArgs)) return runSceneSweep(rawArgs, io);
    std::vector<std::string> args = rawArgs;
    std::optional<SweepAxis> axis1, axis2;
    extractAxes(args, axis1, axis2);
    const ParsedArgs parsed = parseArgs(args, {{"--output", true}, {"--csv", true}}, "sweep");
    if (parsed.positionals.size() != 1)
        throw UsageError("sweep reads one collision file, got " + std::to_string(parsed.positionals.size()));
    if (!axis1) throw UsageError("sweep needs --input NAME FROM TO COUNT");
    const long points = static_cast<long>(axis1->count) * (axis2 ? axis2->count : 1);
    if (points > kMaxGridPoints)
        throw UsageError("the grid has " + std::to_string(points) + " points, more than " +
                         std::to_string(kMaxGridPoints));
    const std::string path = parsed.positionals.front();
    const std::string output = parsed.value("--output").value_or("delta_v1");

    const json document = parseJsonText(readInputText(path, io.in), getSourceName(path));
    const VehicleCollisionInput base = readCollision(document, getSourceName(path));

    // Name the command-line option in errors about the names.
    for (const auto& [axis, flag] : {std::pair{&axis1, "--input"}, std::pair{&axis2, "--input2"}}) {
        if (!*axis) continue;
        VehicleCollisionInput probe = base;
        try {
            setVehicleCollisionInput(probe, base, (*axis)->input, (*axis)->from);
        } catch (const InputError& e) {
            throw InputError(flag, std::string(e.what()).substr(e.field().size() + 2));
        }
    }
    if (getOutputUnit(output).empty()) {
        std::string known;
        for (const auto& o : getVehicleSweepOutputs()) known += (known.empty() ? "" : ", ") + o.first;
        throw InputError("--output", "unknown output '" + output + "' (known: " + known + ")");
    }
    SweepGrid grid;
    try {
        grid = sweep(base, *axis1, axis2, output);
    } catch (const InputError& e) {
        if (e.field() != "sweep.output") throw;
        throw InputError("--output", std::string(e.what()).substr(e.field().size() + 2));
    }
    const std::string csvPath = parsed.value("--csv").value_or("");
    const ordered_json summary = makeSummary(grid, csvPath);
    if (!csvPath.empty()) writeCsv(grid, csvPath);
    writeJson(summary, io.out);
    return kExitOk;
}

}  // namespace

Command makeSweepCommand() {
    Command c;
    c.name = "sweep";
    // Short for the command table; the help lists every option.
    c.synopsis = "sweep SCENE --param ID --values A,B,C [...] | sweep FILE --input NAME FROM TO COUNT [...]";
    c.summary = "sweep a scene over one parameter's values, or a vehicle collision over a grid; JSON and CSV";
    c.help =
        std::string(kSceneSweepHelp) +
        "\nVehicle-collision form: sweep FILE --input NAME FROM TO COUNT [--input2 NAME FROM TO COUNT]\n"
        "                 [--output NAME] [--csv FILE]\n\n"
        "Solves the vehicle collision in FILE (Kudlich-Slibar law) at every point of an even grid\n"
        "(FILE may also be a vehicle scene, kind \"vehicles\": its collision is swept)\n"
        "over one or two of its inputs and reports one output. FILE '-' reads standard input.\n\n"
        "  --input NAME FROM TO COUNT    first axis: COUNT values from FROM to TO (COUNT 1: FROM)\n"
        "  --input2 NAME FROM TO COUNT   optional second axis\n"
        "  --output NAME                 the reported quantity (default delta_v1)\n"
        "  --csv FILE                    write the grid: a header row \"<input> [unit],[<input2> [unit],]\n"
        "                                <output> [unit]\" and one row per point (input 1 outer);\n"
        "                                an invalid point's output is \"nan\"\n\n"
        "Inputs: epsilon [1], mu_user [1], impact_offset [m] (P moved along the contact plane),\n"
        "normal_angle [rad] (absolute), normal_angle_offset [rad], speed1, speed2 [m/s along the\n"
        "heading]. Outputs: delta_v1|2 [m/s], delta_v1|2_kmh, pdof1|2_deg, ees1|2 [m/s],\n"
        "energy_dissipated [J], speed1|2_after, yaw_rate1|2_after, mu_tilde, mu, normal_impulse.\n\n"
        "FILE (\"format\": \"" + std::string(kCollisionFormat) + "\", SI units, angles in rad):\n"
        "  {\"format\": \"" + std::string(kCollisionFormat) + "\",\n"
        "   \"vehicles\": [{\"mass\": 1500, \"yaw_inertia\": 2500, \"position\": [x, y], \"heading\": 0,\n"
        "                 \"velocity\": [vx, vy] or \"speed\": 10, \"yaw_rate\": 0 (optional),\n"
        "                 \"length\": 4.5, \"width\": 1.8 (optional)}, {...vehicle 2, or omit: barrier}],\n"
        "   \"collision\": {\"impact_point\": [x, y], \"normal_angle\": 0 (n from vehicle 2 into 1),\n"
        "                 \"mu_user\": 0.5, \"epsilon\": 0.1}}\n"
        "(\"name\" and \"description\" strings are allowed; docs/vehicles.md has the conventions.)\n\n"
        "The output (\"format\": \"" + std::string(kSweepFormat) + "\") lists the output and its unit, the\n"
        "axes with their sample values, \"values\" (1 input: a list; 2 inputs: one list per input-1\n"
        "value), null at points whose input is rejected (e.g. the vehicles no longer approach),\n"
        "\"invalid_points\" and the warnings. Bad input exits 1 naming the field; a bad command\n"
        "line exits 2; an unreadable FILE or unwritable CSV exits 3.\n";
    c.run = runSweep;
    return c;
}

}  // namespace impactlab::cli
