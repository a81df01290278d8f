#include "scene/Scene.h"

#include "scene/ParameterConditions.h"
#include "scene/SceneDocument.h"
#include "scene/SceneJoints.h"
#include "scene/SceneMeasurements.h"
#include "scene/SceneOverlay.h"

#include <cmath>
#include <fstream>
#include <type_traits>
#include <variant>

#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "mechanics/InputLimits.h"
#include "scene/PlanarSceneReader.h"
#include "scene/VehicleSceneReader.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

using nlohmann::json;

Quat quatFromRollPitchYaw(const Vec3& rpy) {
    return Quat(Eigen::AngleAxisd(rpy.z(), Vec3::UnitZ()) * Eigen::AngleAxisd(rpy.y(), Vec3::UnitY()) *
                Eigen::AngleAxisd(rpy.x(), Vec3::UnitX()));
}

Shape readShape(const json& j, const std::string& field) {
    Shape s;
    const json& type = getMember(j, "type", field);
    if (type == "sphere") {
        s.type = Shape::Type::Sphere;
        s.radius = readNumber(getMember(j, "radius", field), field + ".radius");
        if (!(s.radius > 0.0)) throw InputError(field + ".radius", "must be > 0, got " + formatNumber(s.radius));
    } else if (type == "box") {
        s.type = Shape::Type::Box;
        const Vec3 size = readVec3(getMember(j, "size", field), field + ".size");
        if (!(size.minCoeff() > 0.0)) throw InputError(field + ".size", "every edge length must be > 0");
        s.halfExtents = 0.5 * size;
    } else if (type == "rod") {
        // A solid cylinder along the body's x axis (jointed links).
        s.type = Shape::Type::Rod;
        s.length = readNumber(getMember(j, "length", field), field + ".length");
        s.thickness = readNumber(getMember(j, "thickness", field), field + ".thickness");
        if (!(s.length > 0.0)) throw InputError(field + ".length", "must be > 0, got " + formatNumber(s.length));
        if (!(s.thickness > 0.0)) throw InputError(field + ".thickness", "must be > 0, got " + formatNumber(s.thickness));
        s.halfExtents = 0.5 * Vec3(s.length, s.thickness, s.thickness);
    } else {
        throw InputError(field + ".type", "must be \"sphere\", \"box\" or \"rod\"");
    }
    return s;
}

// Uniform solid: sphere 2/5 m r^2; box m/12 (b^2 + c^2) about each axis;
// rod (solid cylinder of radius r, length L along x) m r^2 / 2 about its axis,
// m (3 r^2 + L^2) / 12 across.
Vec3 calcUniformInertia(const Shape& s, double mass) {
    if (s.type == Shape::Type::Sphere) return Vec3::Constant(0.4 * mass * s.radius * s.radius);
    if (s.type == Shape::Type::Rod) {
        const double r = 0.5 * s.thickness, across = mass * (3.0 * r * r + s.length * s.length) / 12.0;
        return Vec3(0.5 * mass * r * r, across, across);
    }
    const Vec3 e = 2.0 * s.halfExtents;
    return mass / 12.0 * Vec3(e.y() * e.y() + e.z() * e.z(), e.x() * e.x() + e.z() * e.z(), e.x() * e.x() + e.y() * e.y());
}

SceneBody readBody(const json& j, const std::string& field) {
    if (!j.is_object()) throw InputError(field, "must be a JSON object");
    SceneBody b;
    b.name = readOptionalString(j, "name", field, field);
    b.shape = readShape(getMember(j, "shape", field), field + ".shape");
    const std::string p = field + ".";
    b.body.mass = readNumber(getMember(j, "mass", field), p + "mass");
    if (!(b.body.mass > 0.0)) throw InputError(p + "mass", "must be > 0, got " + formatNumber(b.body.mass));
    b.body.principalInertia = j.contains("inertia") ? readVec3(j["inertia"], p + "inertia")
                                                     : calcUniformInertia(b.shape, b.body.mass);
    b.body.position = readOptionalVec3(j, "position", field, Vec3::Zero());
    b.body.orientation = quatFromRollPitchYaw(readOptionalVec3(j, "orientation", field, Vec3::Zero()));
    b.body.velocity = readOptionalVec3(j, "velocity", field, Vec3::Zero());
    b.body.angularVelocity = readOptionalVec3(j, "angular_velocity", field, Vec3::Zero());
    b.color = readOptionalVec3InRange(j, "color", field, b.color, 0.0, 1.0);
    b.body.validate(field);
    return b;
}

SceneParameter readParameter(const json& j, const std::string& field, const json& doc) {
    SceneParameter sp;
    const std::string p = field + ".";
    if (!getMember(j, "id", field).is_string()) throw InputError(p + "id", "must be a string");
    sp.id = j["id"].get<std::string>();
    sp.label = readOptionalString(j, "label", field, sp.id);
    sp.unit = readOptionalString(j, "unit", field, "");
    sp.help = readOptionalString(j, "help", field, "");
    sp.group = readOptionalString(j, "group", field, "");
    sp.reference = readOptionalString(j, "reference", field, "");
    if (!getMember(j, "target", field).is_string()) throw InputError(p + "target", "must be a JSON pointer string");
    sp.target = j["target"].get<std::string>();
    json::json_pointer ptr;
    try {
        ptr = json::json_pointer(sp.target);
    } catch (const json::exception& e) {
        throw InputError(p + "target", std::string("is not a JSON pointer: ") + e.what());
    }
    // The JSON library's contains() throws instead of answering false for an
    // empty token under an array ("/bodies//1"): either way the pointer names nothing.
    bool found = false;
    try {
        found = doc.contains(ptr);
    } catch (const json::exception&) {
        found = false;
    }
    if (!found) throw InputError(p + "target", "names nothing in the scene: " + sp.target);
    const json& current = doc.at(ptr);
    const std::string kind = readOptionalString(j, "kind", field, "number");
    if (kind == "choice") {
        sp.kind = SceneParameter::Kind::Choice;
        const json& choices = getMember(j, "choices", field);
        if (!choices.is_array() || choices.empty()) throw InputError(p + "choices", "must be a non-empty array of strings");
        for (const auto& c : choices) {
            if (!c.is_string()) throw InputError(p + "choices", "must be a non-empty array of strings");
            sp.choices.push_back(c.get<std::string>());
        }
        // A law choice offers only laws this build has: a misspelt id fails here,
        // not when the user picks it.
        if (sp.target == "/contact/law")
            for (std::size_t k = 0; k < sp.choices.size(); ++k)
                getLaw(sp.choices[k], p + "choices[" + std::to_string(k) + "]");
        if (!current.is_string()) throw InputError(p + "target", "must name a string for a choice parameter");
        sp.choice = current.get<std::string>();
    } else if (kind == "number") {
        sp.min = readNumber(getMember(j, "min", field), p + "min");
        sp.max = readNumber(getMember(j, "max", field), p + "max");
        sp.step = readOptionalNumber(j, "step", field, 0.0);
        if (j.contains("live")) {
            if (!j["live"].is_boolean()) throw InputError(p + "live", "must be true or false");
            sp.live = j["live"].get<bool>();
        }
        if (!(sp.max > sp.min)) throw InputError(p + "max", "must be > min");
        if (sp.step < 0.0) throw InputError(p + "step", "must be >= 0");
        sp.value = readNumber(current, p + "target (" + sp.target + ")");
    } else {
        throw InputError(p + "kind", "must be \"number\" or \"choice\"");
    }
    return sp;
}

// contact.options is either the option object of contact.law, or keyed by law
// id ({"glocker-pfeiffer": {"e_t": 1}, "brach": {"e_m": 0.1}}, as the problem
// format keys them), so a scene can carry the options of every law its law
// choice offers. It is keyed when it is non-empty and every member is an
// object (no law option is an object).
bool isKeyedByLaw(const json& options) {
    if (options.empty()) return false;
    for (const auto& member : options)
        if (!member.is_object()) return false;
    return true;
}

}  // namespace

const SceneParameter* Scene::findParameter(const std::string& id) const {
    for (const auto& p : parameters)
        if (p.id == id) return &p;
    return nullptr;
}

Scene readSharedScene(const json& doc, SceneKind kind) {
    if (!doc.is_object()) throw InputError("scene", "must be a JSON object");
    requireSceneKind(doc, kind);
    Scene s;
    s.document = doc;
    readComparedLaws(doc);   // validated here; the app compares them
    s.name = readOptionalString(doc, "name", "", "untitled");
    s.description = readOptionalString(doc, "description", "", "");
    s.reference = readOptionalString(doc, "reference", "", "");
    readOptionalString(doc, "guide", "", "");   // the app's Help text
    s.endTime = readOptionalNumber(doc, "end_time", "", s.endTime);
    if (!(s.endTime > 0.0) || s.endTime > limits::kMaxEndTime)
        throw InputError("end_time", "must be in (0, " + formatNumber(limits::kMaxEndTime) + "] s, got " + formatNumber(s.endTime));
    s.sampleInterval = readOptionalNumber(doc, "sample_interval", "", s.sampleInterval);
    if (!(s.sampleInterval > 0.0) || s.sampleInterval > s.endTime)
        throw InputError("sample_interval", "must be > 0 and no longer than end_time");
    // A run records about end_time / sample_interval samples: bounded.
    if (s.endTime / s.sampleInterval > static_cast<double>(limits::kMaxSamplesPerRun))
        throw InputError("sample_interval", "gives " + formatNumber(s.endTime / s.sampleInterval) +
                                                " samples over end_time, more than the limit of " +
                                                std::to_string(limits::kMaxSamplesPerRun) + " per run");

    const json& contact = getMember(doc, "contact", "");
    if (!contact.is_object()) throw InputError("contact", "must be a JSON object");
    if (!getMember(contact, "law", "contact").is_string()) throw InputError("contact.law", "must be a string");
    s.contact.law = contact["law"].get<std::string>();
    getLaw(s.contact.law, "contact.law");
    s.contact.friction = readOptionalNumber(contact, "friction", "contact", s.contact.friction);
    if (s.contact.friction < 0.0 || s.contact.friction > limits::kMaxFriction)
        throw InputError("contact.friction", "must be in [0, " + formatNumber(limits::kMaxFriction) + "], got " + formatNumber(s.contact.friction));
    s.contact.restitution = readOptionalNumber(contact, "restitution", "contact", s.contact.restitution);
    if (s.contact.restitution < 0.0 || s.contact.restitution > 1.0)
        throw InputError("contact.restitution", "must be in [0, 1], got " + formatNumber(s.contact.restitution));
    if (contact.contains("options")) s.contact.lawOptions = getContactLawOptions(contact["options"], s.contact.law, s.contact.law);
    return s;
}

SpatialScene readSpatialScene(const json& source) {
    // An assembly (a cradle) becomes bodies and joints; the scene keeps the
    // document as written, which its sliders edit.
    const json doc = expandSceneAssembly(source);
    SpatialScene s;
    static_cast<Scene&>(s) = readSharedScene(doc, SpatialScene::kKind);
    s.document = source;
    s.gravity = readOptionalVec3(doc, "gravity", "", s.gravity);
    if (doc.contains("ground")) s.groundHeight = readOptionalNumber(doc["ground"], "height", "ground", 0.0);
    const json& bodies = getMember(doc, "bodies", "");
    if (!bodies.is_array() || bodies.empty()) throw InputError("bodies", "must be a non-empty array");
    for (size_t i = 0; i < bodies.size(); ++i)
        s.bodies.push_back(readBody(bodies[i], "bodies[" + std::to_string(i) + "]"));
    // The simulation's ground: normal against gravity (z without gravity), at groundHeight along it.
    const Vec3 up = s.gravity.norm() > 0.0 ? Vec3(-s.gravity.normalized()) : Vec3::UnitZ();
    s.planes.push_back({"ground", s.groundHeight * up, up, Vec3::Zero(), 0.0});
    readSceneJoints(doc, s);
    for (const SceneJoint& j : s.joints) {
        const RigidBody& b = s.bodies[j.body].body;
        if (b.velocity.norm() > 0.0 || b.angularVelocity.norm() > 0.0)
            throw InputError("bodies[" + std::to_string(j.body) + "].velocity",
                             "a jointed body starts at rest (set its joint's angle instead)");
    }
    s.parameters = parseSceneParameters(source);
    return s;
}

SimulatedScene readSimulatedScene(const json& doc) {
    if (!doc.is_object()) throw InputError("scene", "must be a JSON object");
    // Each simulated kind's reader; the other kinds have readers of their own (SceneDocument.h).
    const SceneKind kind = getSceneKind(doc);
    if (kind == SpatialScene::kKind) return readSpatialScene(doc);
    if (kind == PlanarScene::kKind) return readPlanarScene(doc);
    if (kind == VehicleScene::kKind) return readVehicleScene(doc);
    throw InputError("kind", "must be \"spatial\", \"planar\" or \"vehicles\" for a simulation, got \"" +
                                 std::string(toString(kind)) + "\" (a scene of its own kind)");
}

const Scene& getScene(const SimulatedScene& scene) {
    return std::visit([](const Scene& s) -> const Scene& { return s; }, scene);
}

Scene& getScene(SimulatedScene& scene) {
    return std::visit([](Scene& s) -> Scene& { return s; }, scene);
}

SceneKind getSceneKind(const SimulatedScene& scene) {
    return std::visit([](const auto& s) { return std::decay_t<decltype(s)>::kKind; }, scene);
}

std::vector<SceneParameter> parseSceneParameters(const json& doc, std::vector<MeasurementSeries>* measurements) {
    std::vector<SceneParameter> out;
    if (!doc.contains("parameters")) {
        if (measurements) measurements->clear();
        return out;
    }
    const json& params = doc["parameters"];
    if (!params.is_array()) throw InputError("parameters", "must be an array");
    for (size_t i = 0; i < params.size(); ++i) {
        const std::string field = "parameters[" + std::to_string(i) + "]";
        SceneParameter sp = readParameter(params[i], field, doc);
        for (const auto& q : out)
            if (q.id == sp.id) throw InputError(field + ".id", "duplicate id " + sp.id);
        out.push_back(std::move(sp));
    }
    readParameterConditions(doc, out);   // throws on a condition that names nothing
    readSceneOverlay(doc, out);          // every kind's overlay, checked against its parameters
    std::vector<MeasurementSeries> measured = readSceneMeasurements(doc, out);   // and its measurements
    if (measurements) *measurements = std::move(measured);
    return out;
}

namespace {
const SceneParameter& findOrThrow(const std::vector<SceneParameter>& parameters, const std::string& id,
                                  SceneParameter::Kind kind) {
    for (const auto& p : parameters) {
        if (p.id != id) continue;
        if (p.kind != kind)
            throw InputError("parameter " + id, kind == SceneParameter::Kind::Number ? "is not a number" : "is not a choice");
        return p;
    }
    throw InputError("parameter " + id, "no such parameter");
}
}  // namespace

json setParameterInDocument(const std::vector<SceneParameter>& parameters, const json& document, const std::string& id,
                            double value) {
    const SceneParameter& p = findOrThrow(parameters, id, SceneParameter::Kind::Number);
    if (!std::isfinite(value)) throw InputError("parameter " + id, "must be finite");
    json doc = document;
    doc[json::json_pointer(p.target)] = std::clamp(value, p.min, p.max);
    return doc;
}

json setChoiceInDocument(const std::vector<SceneParameter>& parameters, const json& document, const std::string& id,
                         const std::string& choice) {
    const SceneParameter& p = findOrThrow(parameters, id, SceneParameter::Kind::Choice);
    if (std::find(p.choices.begin(), p.choices.end(), choice) == p.choices.end())
        throw InputError("parameter " + id, "has no choice '" + choice + "'");
    json doc = document;
    doc[json::json_pointer(p.target)] = choice;
    return doc;
}

SimulatedScene loadSimulatedScene(const std::string& path) { return readSimulatedScene(readJsonFile(path)); }

// Each kind read again by its own reader, from the edited document.
SpatialScene withParameter(const SpatialScene& scene, const std::string& id, double value) {
    return readSpatialScene(setParameterInDocument(scene.parameters, scene.document, id, value));
}

PlanarScene withParameter(const PlanarScene& scene, const std::string& id, double value) {
    return readPlanarScene(setParameterInDocument(scene.parameters, scene.document, id, value));
}

VehicleScene withParameter(const VehicleScene& scene, const std::string& id, double value) {
    return readVehicleScene(setParameterInDocument(scene.parameters, scene.document, id, value));
}

SimulatedScene withParameter(const SimulatedScene& scene, const std::string& id, double value) {
    return std::visit([&](const auto& s) -> SimulatedScene { return withParameter(s, id, value); }, scene);
}

SpatialScene withChoice(const SpatialScene& scene, const std::string& id, const std::string& choice) {
    return readSpatialScene(setChoiceInDocument(scene.parameters, scene.document, id, choice));
}

PlanarScene withChoice(const PlanarScene& scene, const std::string& id, const std::string& choice) {
    return readPlanarScene(setChoiceInDocument(scene.parameters, scene.document, id, choice));
}

VehicleScene withChoice(const VehicleScene& scene, const std::string& id, const std::string& choice) {
    return readVehicleScene(setChoiceInDocument(scene.parameters, scene.document, id, choice));
}

SimulatedScene withChoice(const SimulatedScene& scene, const std::string& id, const std::string& choice) {
    return std::visit([&](const auto& s) -> SimulatedScene { return withChoice(s, id, choice); }, scene);
}

json getContactLawOptions(const json& options, const std::string& law, const std::string& sceneLaw) {
    if (!options.is_object()) throw InputError("contact.options", "must be a JSON object");
    if (!isKeyedByLaw(options)) return law == sceneLaw ? options : json::object();
    for (auto it = options.begin(); it != options.end(); ++it) getLaw(it.key(), "contact.options." + it.key());
    const auto it = options.find(law);
    return it == options.end() ? json::object() : *it;
}

std::vector<std::string> readComparedLaws(const json& document) {
    std::vector<std::string> laws;
    const auto it = document.find("compare");
    if (it == document.end()) return laws;
    if (!it->is_array()) throw InputError("compare", "must be an array of law ids");
    for (std::size_t i = 0; i < it->size(); ++i) {
        const std::string field = "compare[" + std::to_string(i) + "]";
        const json& id = (*it)[i];
        if (!id.is_string()) throw InputError(field, "must be a law id (a string)");
        getLaw(id.get<std::string>(), field);   // names the field and the known ids
        laws.push_back(id.get<std::string>());
    }
    return laws;
}

void writeComparedLaws(json& document, const std::vector<std::string>& laws) {
    if (laws.empty()) document.erase("compare");
    else document["compare"] = laws;
}

std::string getParameterLaw(const SceneParameter& parameter) {
    static const std::string prefix = "/contact/options/";
    if (parameter.target.rfind(prefix, 0) != 0) return {};
    const std::string rest = parameter.target.substr(prefix.size());
    const auto slash = rest.find('/');
    // "/contact/options/e_t" is an option of the scene's one law: every law's row.
    if (slash == std::string::npos) return {};
    return rest.substr(0, slash);
}

std::string getParameterGroup(const SceneParameter& parameter) {
    if (!parameter.group.empty()) return parameter.group;
    const std::string law = getParameterLaw(parameter);
    if (!law.empty()) return law + " options";
    if (parameter.target.rfind("/contact/", 0) == 0) return "Contact";
    return "Scene";
}

}  // namespace impactlab
