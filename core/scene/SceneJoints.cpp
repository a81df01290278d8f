#include "scene/SceneJoints.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "io/JsonInput.h"
#include "mechanics/InputLimits.h"
#include "mechanics/Multibody.h"
#include "mechanics/NumberText.h"

namespace impactlab {

using nlohmann::json;

namespace {

// A Newton's cradle's limits: balls in the row, and how far (rad) they may be
// pulled back (short of horizontal, where the string would go slack).
constexpr long long kCradleMaxBalls = 10;
constexpr double kCradleMaxAngle = 1.4;
// A joint's initial angle: within one turn either way.
constexpr double kMaxJointAngle = 2.0 * kPi;

// "newtons-cradle": `balls` equal spheres on strings in a row along x,
// touching at rest, listed left to right; the first `raised` pulled back to
// the left (about +y) by `angle`.
json makeCradle(const json& a) {
    const std::string f = "assembly";
    const long long balls = readInteger(getMember(a, "balls", f), f + ".balls", 2, kCradleMaxBalls);
    // Never all of them: at most balls - 1 are pulled back, so a slider on the
    // ball count may go below the raised count.
    const long long raised =
        std::min(readInteger(getMember(a, "raised", f), f + ".raised", 0, kCradleMaxBalls), balls - 1);
    const double angle = readOptionalNumberInRange(a, "angle", f, 0.3, 0.0, kCradleMaxAngle);
    const double length = readOptionalNumberInRange(a, "length", f, 0.3, 1e-3, limits::kMaxMagnitude);
    const double radius = readOptionalNumberInRange(a, "radius", f, 0.02, 1e-4, limits::kMaxMagnitude);
    const double mass = readOptionalNumberInRange(a, "mass", f, 0.05, 1e-6, limits::kMaxMagnitude);
    const double height = readOptionalNumberInRange(a, "pivot_height", f, length + 0.2, 0.0, limits::kMaxMagnitude);
    bool bifilar = true;
    if (const json* b = findMember(a, "bifilar")) bifilar = readBool(*b, f + ".bifilar");
    if (height - length - radius < 0.0)
        throw InputError(f + ".pivot_height", "must leave the balls above the ground: at least length + radius");
    json bodies = json::array(), joints = json::array();
    for (long long k = 0; k < balls; ++k) {
        const double x = (static_cast<double>(k) - 0.5 * static_cast<double>(balls - 1)) * 2.0 * radius;
        const bool pulled = k < raised;
        bodies.push_back({{"name", "ball " + std::to_string(k + 1)},
                          {"shape", {{"type", "sphere"}, {"radius", radius}}},
                          {"mass", mass},
                          {"position", {x, 0.0, height - length}},
                          {"color", pulled ? json{0.85, 0.3, 0.2} : json{0.7, 0.72, 0.76}}});
        joints.push_back({{"type", "string"}, {"body", k}, {"point", {x, 0.0, height}}, {"axis", {0.0, 1.0, 0.0}},
                          {"bifilar", bifilar}, {"angle", pulled ? angle : 0.0}});
    }
    return {{"bodies", bodies}, {"joints", joints}};
}

SceneJoint readJoint(const json& j, const std::string& field, const SpatialScene& scene,
                     std::vector<bool>& jointed) {
    requireObject(j, field);
    rejectUnknownKeys(j, {"type", "body", "parent", "point", "axis", "angle", "bifilar"}, field);
    const long long bodies = static_cast<long long>(scene.bodies.size());
    SceneJoint out;
    const std::string type = readString(getMember(j, "type", field), field + ".type");
    out.body = static_cast<int>(readInteger(getMember(j, "body", field), field + ".body", 0, bodies - 1));
    if (jointed[out.body]) throw InputError(field + ".body", "already has a joint: a body has at most one");
    jointed[out.body] = true;
    if (const json* p = findMember(j, "parent")) {
        out.parent = static_cast<int>(readInteger(*p, field + ".parent", -1, bodies - 1));
        if (out.parent == out.body) throw InputError(field + ".parent", "cannot be the body itself");
    }
    const Vec3& centre = scene.bodies[out.body].body.position;
    out.point = readOptionalVec3(j, "point", field, centre);
    if (type != "weld" && !findMember(j, "point")) throw InputError(field + ".point", "is required for a " + type);
    out.axis = readOptionalVec3(j, "axis", field, Vec3::UnitY());
    if (!(out.axis.norm() > 0.0)) throw InputError(field + ".axis", "must not be zero");
    out.axis.normalize();
    out.angle = readOptionalNumberInRange(j, "angle", field, 0.0, -kMaxJointAngle, kMaxJointAngle);
    bool bifilar = false;
    if (const json* b = findMember(j, "bifilar")) bifilar = readBool(*b, field + ".bifilar");
    if (bifilar && type != "string") throw InputError(field + ".bifilar", "applies to a string only");
    if (type == "revolute") {
        out.type = SceneJoint::Type::Revolute;
    } else if (type == "spherical") {
        out.type = SceneJoint::Type::Spherical;
    } else if (type == "weld") {
        out.type = SceneJoint::Type::Weld;
        if (out.angle != 0.0) throw InputError(field + ".angle", "a weld does not turn");
    } else if (type == "string") {
        out.type = bifilar ? SceneJoint::Type::Revolute : SceneJoint::Type::Spherical;
        out.string = true;
        if (!((out.point - centre).norm() > 0.0)) throw InputError(field + ".point", "must be away from the body's centre");
    } else {
        throw InputError(field + ".type", "must be \"revolute\", \"spherical\", \"weld\" or \"string\", got \"" + type + "\"");
    }
    return out;
}

// The strings drawn for a string joint: from the anchor (two anchors, spread
// along the pin's axis, when bifilar) to the body's surface towards it.
void addStrings(const SceneJoint& jt, SpatialScene& scene) {
    const SceneBody& b = scene.bodies[jt.body];
    const Vec3 toAnchor = (jt.point - b.body.position).normalized();
    const double reach = b.shape.type == Shape::Type::Sphere ? b.shape.radius : 0.0;
    const Vec3 attach = b.body.orientation.conjugate() * (reach * toAnchor);
    auto inParent = [&](const Vec3& world) {
        if (jt.parent < 0) return world;
        const RigidBody& p = scene.bodies[jt.parent].body;
        return Vec3(p.orientation.conjugate() * (world - p.position));
    };
    if (jt.type == SceneJoint::Type::Revolute) {
        // Bifilar: the two anchors as far apart as the string is long, a V
        // that holds the ball in its plane.
        const double half = 0.5 * (jt.point - b.body.position).norm();
        scene.strings.push_back({jt.body, jt.parent, inParent(jt.point + half * jt.axis), attach});
        scene.strings.push_back({jt.body, jt.parent, inParent(jt.point - half * jt.axis), attach});
    } else {
        scene.strings.push_back({jt.body, jt.parent, inParent(jt.point), attach});
    }
}

}  // namespace

json expandSceneAssembly(const json& document) {
    const json* a = findMember(document, "assembly");
    if (!a) return document;
    requireObject(*a, "assembly");
    const std::string type = readString(getMember(*a, "type", "assembly"), "assembly.type");
    if (type != "newtons-cradle") throw InputError("assembly.type", "must be \"newtons-cradle\", got \"" + type + "\"");
    rejectUnknownKeys(*a, {"type", "balls", "raised", "angle", "length", "radius", "mass", "pivot_height", "bifilar"},
                      "assembly");
    const json made = makeCradle(*a);
    json out = document;
    json& bodies = out["bodies"];
    if (bodies.is_null()) bodies = json::array();
    json& joints = out["joints"];
    if (joints.is_null()) joints = json::array();
    if (!bodies.is_array()) throw InputError("bodies", "must be an array");
    if (!joints.is_array()) throw InputError("joints", "must be an array");
    const long long offset = static_cast<long long>(bodies.size());
    for (const json& b : made["bodies"]) bodies.push_back(b);
    for (json j : made["joints"]) {
        j["body"] = j["body"].get<long long>() + offset;
        joints.push_back(j);
    }
    return out;
}

void readSceneJoints(const json& document, SpatialScene& scene) {
    if (const json* walls = findMember(document, "walls")) {
        if (!walls->is_array()) throw InputError("walls", "must be an array");
        for (std::size_t k = 0; k < walls->size(); ++k) {
            const std::string field = indexField("walls", k);
            const json& w = (*walls)[k];
            requireObject(w, field);
            rejectUnknownKeys(w, {"name", "point", "normal", "size"}, field);
            ScenePlane plane;
            plane.name = readOptionalString(w, "name", field, "wall " + std::to_string(k + 1));
            plane.point = readVec3(getMember(w, "point", field), field + ".point");
            plane.normal = readVec3(getMember(w, "normal", field), field + ".normal");
            if (!(plane.normal.norm() > 0.0)) throw InputError(field + ".normal", "must not be zero");
            plane.normal.normalize();
            plane.size = readOptionalNumberInRange(w, "size", field, 0.0, 0.0, limits::kMaxMagnitude);
            scene.walls.push_back(plane);
            scene.planes.push_back(plane);
        }
    }
    for (const SceneBody& b : scene.bodies) scene.referenceBodies.push_back(b.body);
    const json* joints = findMember(document, "joints");
    if (!joints) return;
    if (!joints->is_array()) throw InputError("joints", "must be an array");
    std::vector<bool> jointed(scene.bodies.size(), false);
    for (std::size_t k = 0; k < joints->size(); ++k) {
        SceneJoint jt = readJoint((*joints)[k], indexField("joints", k), scene, jointed);
        if (jt.parent < 0 && jt.type != SceneJoint::Type::Weld && !jt.string) scene.pivots.push_back(jt.point);
        if (jt.string) addStrings(jt, scene);
        scene.joints.push_back(jt);
    }
    // Loops of parents are refused by the tree itself.
    std::optional<Multibody> system;
    try {
        system.emplace(makeSceneMultibody(scene));
    } catch (const InputError& e) {
        throw InputError("joints", e.reason());
    }
    const Multibody::Kinematics k =
        system->calcKinematics(makeSceneInitialPositions(scene, *system), Eigen::VectorXd::Zero(system->getVelocityCount()));
    for (size_t i = 0; i < scene.bodies.size(); ++i) {
        RigidBody& b = scene.bodies[i].body;
        const Vec3 v = b.velocity, w = b.angularVelocity;
        b = k.bodies[i];
        b.velocity = v;
        b.angularVelocity = w;
    }
}

Multibody makeSceneMultibody(const SpatialScene& scene) {
    const std::vector<RigidBody>& bodies = scene.referenceBodies;
    std::vector<MultibodyJoint> joints(bodies.size());
    for (const SceneJoint& sj : scene.joints) {
        MultibodyJoint& j = joints[sj.body];
        const RigidBody& child = bodies[sj.body];
        j.type = sj.type == SceneJoint::Type::Weld        ? MultibodyJoint::Type::Weld
                 : sj.type == SceneJoint::Type::Spherical ? MultibodyJoint::Type::Spherical
                                                          : MultibodyJoint::Type::Revolute;
        j.parent = sj.parent;
        const Quat Rp = sj.parent < 0 ? Quat::Identity() : bodies[sj.parent].orientation;
        const Vec3 xp = sj.parent < 0 ? Vec3::Zero() : bodies[sj.parent].position;
        j.parentPoint = Rp.conjugate() * (sj.point - xp);
        j.childPoint = child.orientation.conjugate() * (sj.point - child.position);
        j.axis = Rp.conjugate() * sj.axis;
        j.reference = Rp.conjugate() * child.orientation;
    }
    return Multibody(bodies, joints);
}

Eigen::VectorXd makeSceneInitialPositions(const SpatialScene& scene, const Multibody& system) {
    Eigen::VectorXd q = system.makeReferencePositions();
    for (const SceneJoint& j : scene.joints)
        if (j.type != SceneJoint::Type::Weld) system.setJointAngle(q, j.body, j.angle);
    return q;
}

}  // namespace impactlab
