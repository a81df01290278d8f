#include "scene/ImpactScene.h"
#include "scene/SceneMeasurements.h"
#include "scene/SceneOverlay.h"
#include "mechanics/Rotation.h"
#include "scene/SceneDocument.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <fstream>

#include "geometry/BowlingPin.h"
#include "geometry/Polyhedra.h"
#include "geometry/Revolution.h"
#include "geometry/Sphere.h"
#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "mechanics/InputLimits.h"
#include "scene/ImpactSystemScene.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

using nlohmann::json;
using geometry::Solid;
using geometry::SurfacePoint;

// Default tessellations: fine enough that the silhouettes read as smooth in
// a 3D view, coarse enough to rebuild on every slider move (a few ms).
constexpr int kDefaultRevolutionSegments = 64;
constexpr int kSphereSlices = 64;
constexpr int kSphereStacks = 32;
constexpr double kDefaultHalfSpaceHalfSize = 0.5;   // m, drawn half-width of a half-space

// InputError(field, reason) reads "<field>: <reason>"; this recovers the reason
// so a builder's error can be re-thrown under the scene's field name.
void checkKeys(const json& obj, const std::string& path, std::initializer_list<const char*> allowed) {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        if (std::find_if(allowed.begin(), allowed.end(), [&](const char* k) { return it.key() == k; }) != allowed.end())
            continue;
        std::string list;
        for (const char* k : allowed) list += (list.empty() ? "" : ", ") + std::string(k);
        throw InputError(joinField(path, it.key()), "is not a known field (known: " + list + ")");
    }
}

// Segments around a generated solid of revolution: at least a triangle, at
// most limits::kMaxMeshSegments.
int readSegments(const json& obj, const std::string& path, int fallback) {
    auto it = obj.find("segments");
    if (it == obj.end()) return fallback;
    return static_cast<int>(readInteger(*it, joinField(path, "segments"), 3, limits::kMaxMeshSegments));
}

}  // namespace

// The solid a body's "mesh" object describes, with what its contact features need.
struct ImpactSceneShape {
    Solid solid;
    std::optional<SurfacePoint> defaultFeature;
    std::vector<Vec2> profile;      // surfaces of revolution
    double sphereRadius = 0.0;      // spheres and balls
    bool halfSpace = false;
};

namespace {

using BuiltShape = ImpactSceneShape;

BuiltShape buildShape(const json& mesh, const std::string& field) {
    const std::string builder = readString(getMember(mesh, "builder", field), field + ".builder");
    BuiltShape shape;
    try {
        if (builder == "truncated-icosahedron") {
            checkKeys(mesh, field, {"builder", "edge"});
            shape.solid = geometry::makeTruncatedIcosahedron(readNumber(getMember(mesh, "edge", field), field + ".edge"));
            shape.defaultFeature = geometry::getTruncatedIcosahedronContact();
        } else if (builder == "tetrahedron") {
            checkKeys(mesh, field, {"builder", "vertices"});
            const json& v = getMember(mesh, "vertices", field);
            if (!v.is_array() || v.size() != 4) throw InputError(field + ".vertices", "must be an array of 4 points");
            std::array<Vec3, 4> p;
            for (int i = 0; i < 4; ++i) p[i] = readVec3(v[i], field + ".vertices[" + std::to_string(i) + "]");
            shape.solid = geometry::makeTetrahedron(p);
        } else if (builder == "box") {
            checkKeys(mesh, field, {"builder", "size"});
            shape.solid = geometry::makeBox(readVec3(getMember(mesh, "size", field), field + ".size"));
        } else if (builder == "sphere") {
            checkKeys(mesh, field, {"builder", "radius"});
            shape.sphereRadius = readNumber(getMember(mesh, "radius", field), field + ".radius");
            shape.solid = geometry::makeSphere(shape.sphereRadius, kSphereSlices, kSphereStacks);
        } else if (builder == "bowling-ball") {
            checkKeys(mesh, field, {"builder", "radius", "holes"});
            shape.sphereRadius = readOptionalNumber(mesh, "radius", field, geometry::kJiaWangBowlingBallRadius);
            std::vector<geometry::Bore> holes = geometry::getJiaWangBowlingBallHoles();
            if (mesh.contains("holes")) {
                const json& h = mesh["holes"];
                if (!h.is_array()) throw InputError(field + ".holes", "must be an array");
                holes.clear();
                for (std::size_t i = 0; i < h.size(); ++i) {
                    const std::string hf = field + ".holes[" + std::to_string(i) + "]";
                    checkKeys(h[i], hf, {"bottom_centre", "axis", "radius"});
                    geometry::Bore b;
                    b.bottomCentre = readVec3(getMember(h[i], "bottom_centre", hf), hf + ".bottom_centre");
                    b.axis = readVec3(getMember(h[i], "axis", hf), hf + ".axis");
                    b.radius = readNumber(getMember(h[i], "radius", hf), hf + ".radius");
                    holes.push_back(b);
                }
            }
            shape.solid = geometry::makeBowlingBall(shape.sphereRadius, holes);
        } else if (builder == "bowling-pin") {
            checkKeys(mesh, field, {"builder", "segments"});
            shape.profile = geometry::makeBowlingPinProfile();
            shape.solid = geometry::makeSurfaceOfRevolution(shape.profile,
                                                           readSegments(mesh, field, kDefaultRevolutionSegments));
        } else if (builder == "surface-of-revolution") {
            checkKeys(mesh, field, {"builder", "profile", "segments"});
            const json& p = getMember(mesh, "profile", field);
            if (!p.is_array()) throw InputError(field + ".profile", "must be an array of [r, z] points");
            for (std::size_t i = 0; i < p.size(); ++i) {
                const std::string pf = field + ".profile[" + std::to_string(i) + "]";
                if (!p[i].is_array() || p[i].size() != 2) throw InputError(pf, "must be an [r, z] pair");
                shape.profile.emplace_back(readNumber(p[i][0], pf + "[0]"), readNumber(p[i][1], pf + "[1]"));
            }
            shape.solid = geometry::makeSurfaceOfRevolution(shape.profile,
                                                           readSegments(mesh, field, kDefaultRevolutionSegments));
        } else if (builder == "half-space") {
            checkKeys(mesh, field, {"builder", "size"});
            shape.solid = geometry::makeHalfSpaceSlab(readOptionalNumber(mesh, "size", field, kDefaultHalfSpaceHalfSize));
            shape.defaultFeature = SurfacePoint{Vec3::Zero(), Vec3::UnitZ()};
            shape.halfSpace = true;
        } else {
            throw InputError(field + ".builder",
                             "must be one of truncated-icosahedron, tetrahedron, box, sphere, bowling-ball, "
                             "bowling-pin, surface-of-revolution, half-space; got \"" + builder + "\"");
        }
    } catch (const InputError& e) {
        // Builders name their own parameters ("edge"); scene errors carry the path.
        if (e.field().rfind(field, 0) == 0) throw;
        throw InputError(field + "." + e.field(), e.reason());
    }
    return shape;
}

SurfacePoint readFeature(const json& j, const std::string& field, const BuiltShape& shape, const std::string& builder) {
    const std::string type = readString(getMember(j, "type", field), field + ".type");
    auto unitNormal = [&](const json& v, const std::string& f) {
        const Vec3 n = readVec3(v, f);
        if (!(n.norm() > 0.0)) throw InputError(f, "must be a non-zero vector");
        return Vec3(n.normalized());
    };
    try {
        if (type == "point") {
            checkKeys(j, field, {"type", "point", "normal"});
            return {readVec3(getMember(j, "point", field), field + ".point"),
                    unitNormal(getMember(j, "normal", field), field + ".normal")};
        }
        if (type == "pentagon" && builder == "truncated-icosahedron") {
            checkKeys(j, field, {"type"});
            return geometry::getTruncatedIcosahedronContact();
        }
        if (type == "plane" && shape.halfSpace) {
            checkKeys(j, field, {"type"});
            return *shape.defaultFeature;
        }
        if (type == "vertex") {
            checkKeys(j, field, {"type", "index", "normal"});
            const int count = static_cast<int>(shape.solid.mesh.vertices.size());
            const int index = static_cast<int>(readInteger(getMember(j, "index", field), field + ".index", 0, count - 1));
            const Vec3 p = shape.solid.mesh.vertices[index];
            const Vec3 centre = shape.solid.integrals.firstMoment / shape.solid.integrals.volume;
            const Vec3 n = j.contains("normal") ? unitNormal(j["normal"], field + ".normal") : Vec3((p - centre).normalized());
            return {p, n};
        }
        if (type == "direction" && shape.sphereRadius > 0.0) {
            checkKeys(j, field, {"type", "direction"});
            return geometry::getSphereSurfacePoint(shape.sphereRadius, readVec3(getMember(j, "direction", field), field + ".direction"));
        }
        if (type == "surface" && !shape.profile.empty()) {
            checkKeys(j, field, {"type", "height", "azimuth"});
            return geometry::findRevolutionSurfacePoint(shape.profile, readNumber(getMember(j, "height", field), field + ".height"),
                                                        readOptionalNumber(j, "azimuth", field, 0.0));
        }
    } catch (const InputError& e) {
        if (e.field().rfind(field, 0) == 0) throw;
        throw InputError(field + "." + e.field(), e.reason());
    }
    throw InputError(field + ".type", "\"" + type + "\" is not a contact feature of a " + builder +
                                          " (features: point; pentagon for a truncated icosahedron; vertex; "
                                          "direction for spheres and balls; surface for solids of revolution)");
}

ImpactSceneBody readBody(const json& j, const std::string& field, int index, const Vec3& c, const Vec3& n,
                         const ImpactSceneBody* previous) {
    if (!j.is_object()) throw InputError(field, "must be a JSON object");
    checkKeys(j, field, {"name", "mesh", "mass", "fixed", "contact_feature", "turn_about_normal", "velocity",
                         "angular_velocity", "color"});
    ImpactSceneBody b;
    b.name = j.contains("name") ? readString(j["name"], field + ".name") : field;
    const json& mesh = getMember(j, "mesh", field);
    if (!mesh.is_object()) throw InputError(field + ".mesh", "must be a JSON object");
    b.builder = readString(getMember(mesh, "builder", field + ".mesh"), field + ".mesh.builder");
    if (previous && previous->shape && previous->shapeSource == mesh) b.shape = previous->shape;
    else b.shape = std::make_shared<const BuiltShape>(buildShape(mesh, field + ".mesh"));
    b.shapeSource = mesh;
    const BuiltShape& shape = *b.shape;
    b.mesh = shape.solid.mesh;

    bool fixed = shape.halfSpace;
    if (j.contains("fixed")) {
        fixed = readBool(j["fixed"], field + ".fixed");
        if (shape.halfSpace && !fixed) throw InputError(field + ".fixed", "a half-space is always fixed");
    }
    if (fixed && j.contains("mass")) throw InputError(field + ".mass", "a fixed body takes no mass (it is infinite)");

    if (j.contains("contact_feature")) {
        b.feature = readFeature(j["contact_feature"], field + ".contact_feature", shape, b.builder);
    } else if (shape.defaultFeature) {
        b.feature = *shape.defaultFeature;
    } else {
        throw InputError(field + ".contact_feature", "missing (a " + b.builder + " has no default contact feature)");
    }

    // Pose: the feature onto c, its outward normal against the other body.
    const Vec3 target = index == 0 ? Vec3(-n) : n;
    const double turn = readOptionalNumber(j, "turn_about_normal", field, 0.0);
    b.meshRotation = Eigen::AngleAxisd(turn, n).toRotationMatrix() * calcRotationTaking(b.feature.normal, target);
    b.meshTranslation = c - b.meshRotation * b.feature.point;

    if (fixed) {
        b.body = RigidBody::makeFixed();
        const Vec3 centre = shape.solid.integrals.firstMoment / shape.solid.integrals.volume;
        b.body.position = b.meshRotation * centre + b.meshTranslation;
    } else {
        const double mass = readNumber(getMember(j, "mass", field), field + ".mass");
        if (!(mass > 0.0)) throw InputError(field + ".mass", "must be > 0, got " + formatNumber(mass));
        const geometry::MassProperties mp = geometry::calcMassProperties(shape.solid.integrals, mass);
        const Mat3 worldInertia = b.meshRotation * mp.inertia * b.meshRotation.transpose();
        b.body = RigidBody::makeFromWorldInertia(mass, worldInertia, field);
        b.body.position = b.meshRotation * mp.centerOfMass + b.meshTranslation;
    }
    b.body.velocity = readOptionalVec3(j, "velocity", field, Vec3::Zero());
    b.body.angularVelocity = readOptionalVec3(j, "angular_velocity", field, Vec3::Zero());
    b.color = readOptionalVec3(j, "color", field, index == 0 ? Vec3(0.85, 0.55, 0.2) : Vec3(0.35, 0.55, 0.8));
    if ((b.color.array() < 0.0).any() || (b.color.array() > 1.0).any())
        throw InputError(field + ".color", "components must be in [0, 1]");
    b.body.validate(field);
    return b;
}

ImpactPreset readPreset(const json& j) {
    const std::string field = "preset";
    if (!j.is_object()) throw InputError(field, "must be a JSON object");
    checkKeys(j, field, {"W", "v_minus", "velocities", "angular_velocities", "source"});
    ImpactPreset p;
    p.W = readMat3(getMember(j, "W", field), "preset.W");
    p.vMinus = readVec3(getMember(j, "v_minus", field), "preset.v_minus");
    for (const char* key : {"velocities", "angular_velocities"}) {
        const json& v = getMember(j, key, field);
        const std::string f = field + "." + key;
        if (!v.is_array() || v.size() != 2) throw InputError(f, "must be an array of 2 vectors (body 1, body 2)");
        auto& out = std::string(key) == "velocities" ? p.velocities : p.angularVelocities;
        for (int i = 0; i < 2; ++i) out[i] = readVec3(v[i], f + "[" + std::to_string(i) + "]");
    }
    if (j.contains("source")) p.source = readString(j["source"], "preset.source");
    return p;
}

// Renames the problem's fields ("friction", "W", "v_minus") to the scene's.
[[noreturn]] void rethrowProblemError(const InputError& e, bool preset) {
    const std::string& f = e.field();
    if (f == "friction" || f == "restitution") throw InputError("contact." + f, e.reason());
    if (f == "W") throw InputError("preset.W", e.reason());
    if (f == "v_minus" && preset)
        throw InputError("preset.v_minus", e.reason() + " (after the shift by the bodies' velocities)");
    if (f == "v_minus") throw InputError("bodies", "do not approach at the contact: v^- " + e.reason());
    throw InputError(f, e.reason());
}

}  // namespace

const SceneParameter* ImpactScene::findParameter(const std::string& id) const {
    for (const auto& p : parameters)
        if (p.id == id) return &p;
    return nullptr;
}

ImpactScene parseImpactScene(const json& doc) { return parseImpactScene(doc, ImpactScene{}); }

ImpactScene parseImpactScene(const json& doc, const ImpactScene& previous) {
    if (!doc.is_object()) throw InputError("scene", "must be a JSON object");
    if (isImpactSystemDocument(doc)) return parseImpactSystemScene(doc);
    checkKeys(doc, "", {"format", "kind", "name", "description", "reference", "guide", "compare", "contact", "bodies", "preset", "parameters", kOverlayKey, kMeasurementsKey});
    requireSceneKind(doc, SceneKind::Impact);
    readComparedLaws(doc);
    ImpactScene s;
    s.document = doc;
    s.name = readString(getMember(doc, "name", ""), "name");
    if (doc.contains("description")) s.description = readString(doc["description"], "description");
    if (doc.contains("reference")) s.reference = readString(doc["reference"], "reference");
    if (doc.contains("guide")) readString(doc["guide"], "guide");

    // Contact point, normal and law.
    const json& contact = getMember(doc, "contact", "");
    if (!contact.is_object()) throw InputError("contact", "must be a JSON object");
    checkKeys(contact, "contact", {"point", "normal_tilt", "normal_azimuth", "law", "friction", "restitution", "options"});
    const Vec3 c = readOptionalVec3(contact, "point", "contact", Vec3::Zero());
    const double tilt = readOptionalNumber(contact, "normal_tilt", "contact", 0.0);
    const double azimuth = readOptionalNumber(contact, "normal_azimuth", "contact", 0.0);
    const Vec3 n(std::sin(tilt) * std::cos(azimuth), std::sin(tilt) * std::sin(azimuth), std::cos(tilt));
    s.law = readString(getMember(contact, "law", "contact"), "contact.law");
    getLaw(s.law, "contact.law");
    const double friction = readNumber(getMember(contact, "friction", "contact"), "contact.friction");
    const double restitution = readNumber(getMember(contact, "restitution", "contact"), "contact.restitution");
    if (contact.contains("options")) s.lawOptions = getContactLawOptions(contact["options"], s.law, s.law);

    const json& bodies = getMember(doc, "bodies", "");
    if (!bodies.is_array() || bodies.size() != 2) throw InputError("bodies", "must be an array of exactly 2 bodies");
    for (int i = 0; i < 2; ++i)
        s.bodies[i] = readBody(bodies[i], "bodies[" + std::to_string(i) + "]", i, c, n, &previous.bodies[i]);
    if (s.bodies[0].body.fixed && s.bodies[1].body.fixed) throw InputError("bodies", "at least one body must be free");

    s.contact.body1 = s.bodies[0].body;
    s.contact.body2 = s.bodies[1].body;
    s.contact.point = c;
    s.contact.frame = ContactFrame::makeFromNormal(n, "contact.normal_tilt");

    if (doc.contains("preset")) s.preset = readPreset(doc["preset"]);
    try {
        if (s.preset) {
            TwoBodyContact reference = s.contact;
            reference.body1.velocity = s.preset->velocities[0];
            reference.body1.angularVelocity = s.preset->angularVelocities[0];
            reference.body2.velocity = s.preset->velocities[1];
            reference.body2.angularVelocity = s.preset->angularVelocities[1];
            const Vec3 shift = s.contact.calcContactRelativeVelocity() - reference.calcContactRelativeVelocity();
            s.problem = ImpactProblem::makeContactLevel(s.preset->W, s.preset->vMinus + shift, friction, restitution);
        } else {
            s.problem = ImpactProblem::makeBodyLevel(s.contact, friction, restitution);
        }
    } catch (const InputError& e) {
        rethrowProblemError(e, s.preset.has_value());
    }
    s.parameters = parseSceneParameters(doc, &s.measurements);
    return s;
}

ImpactScene loadImpactScene(const std::string& path) { return parseImpactScene(readJsonFile(path)); }

ImpactScene withParameter(const ImpactScene& scene, const std::string& id, double value) {
    return parseImpactScene(setParameterInDocument(scene.parameters, scene.document, id, value), scene);
}

ImpactScene withChoice(const ImpactScene& scene, const std::string& id, const std::string& choice) {
    return parseImpactScene(setChoiceInDocument(scene.parameters, scene.document, id, choice), scene);
}

std::vector<LawChoice> listSceneLaws(const ImpactScene& scene) {
    std::vector<LawChoice> laws{{scene.law, scene.lawOptions}};
    const nlohmann::json options =
        scene.document.value("contact", nlohmann::json::object()).value("options", nlohmann::json::object());
    for (const std::string& id : readComparedLaws(scene.document))
        if (id != scene.law) laws.push_back({id, getContactLawOptions(options, id, scene.law)});
    return laws;
}

}  // namespace impactlab
