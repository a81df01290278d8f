#include "scene/VehicleSceneReader.h"

#include <cmath>

#include "io/JsonInput.h"
#include "mechanics/InputLimits.h"

namespace impactlab {

namespace {

// m, half the side of the square panel that draws a barrier: as wide as the
// contact plane's trace in the 3D view (VehicleOverlay), standing on the
// ground and a little taller than the drawn vehicles (VehicleSetup::height).
constexpr double kBarrierHalfSize = 1.5;

using nlohmann::json;

Vec2 vec2(const json& obj, const std::string& key, const std::string& field) {
    const auto it = obj.find(key);
    if (it == obj.end()) throw InputError(field, "missing");
    return readVec2(*it, field);
}

Vehicle readVehicle(const json& j, const std::string& field) {
    if (!j.is_object()) throw InputError(field, "must be a JSON object");
    const std::string p = field + ".";
    Vehicle v = Vehicle::makeWithSpeed(readNumber(getMember(j, "mass", field), p + "mass"),
                                       readNumber(getMember(j, "yaw_inertia", field), p + "yaw_inertia"),
                                       vec2(j, "position", p + "position"),
                                       readOptionalNumber(j, "heading", field, 0.0),
                                       readOptionalNumber(j, "speed", field, 0.0),
                                       readOptionalNumber(j, "yaw_rate", field, 0.0),
                                       readOptionalNumber(j, "length", field, 4.5),
                                       readOptionalNumber(j, "width", field, 1.8));
    // Optional roll and pitch inertias: absent, Vehicle uses the yaw inertia.
    if (j.contains("roll_inertia")) v.rollInertia = readNumber(j["roll_inertia"], p + "roll_inertia");
    if (j.contains("pitch_inertia")) v.pitchInertia = readNumber(j["pitch_inertia"], p + "pitch_inertia");
    v.validate(field);
    return v;
}

// Drawn as a box of the vehicle's outline; its mass and inertia are the
// vehicle's (Vehicle::makeRigidBody: roll and pitch equal to yaw unless given).
SceneBody makeBody(const Vehicle& v, const std::string& name, const Vec3& color, double height) {
    SceneBody b;
    b.name = name;
    b.shape.type = Shape::Type::Box;
    b.shape.halfExtents = Vec3(0.5 * v.length, 0.5 * v.width, 0.5 * height);
    b.body = v.makeRigidBody();
    b.body.position = Vec3(v.position.x(), v.position.y(), 0.5 * height);
    b.color = color;
    return b;
}

}  // namespace

VehicleScene readVehicleScene(const json& doc) {
    VehicleScene s{readSharedScene(doc, VehicleScene::kKind), {}};
    VehicleSetup& vs = s.vehicles;
    const auto vehicles = doc.find("vehicles");
    if (vehicles == doc.end()) throw InputError("vehicles", "missing");
    const bool barrier = doc.contains("barrier") && readBool(doc["barrier"], "barrier");
    const size_t expected = barrier ? 1 : 2;
    if (!vehicles->is_array() || vehicles->size() != expected)
        throw InputError("vehicles", barrier ? "must hold 1 vehicle when barrier is true" : "must hold 2 vehicles");
    std::vector<std::string> names;
    for (size_t i = 0; i < vehicles->size(); ++i) {
        const std::string field = "vehicles[" + std::to_string(i) + "]";
        const Vehicle v = readVehicle((*vehicles)[i], field);
        if (i == 0) vs.collision.vehicle1 = v; else vs.collision.vehicle2 = v;
        names.push_back(readOptionalString((*vehicles)[i], "name", field, "vehicle " + std::to_string(i + 1)));
        const Vec3 color = readOptionalVec3InRange((*vehicles)[i], "color", field, getDefaultVehicleColor(static_cast<int>(i)), 0.0, 1.0);
        s.bodies.push_back(makeBody(v, names.back(), color, vs.height));
    }
    const auto collision = doc.find("collision");
    if (collision == doc.end() || !collision->is_object()) throw InputError("collision", "must be a JSON object");
    vs.collision.impactPoint = vec2(*collision, "impact_point", "collision.impact_point");
    vs.collision.normalAngle = readNumber(getMember(*collision, "normal_angle", "collision"), "collision.normal_angle");
    vs.collision.impactHeight = readOptionalNumber(*collision, "impact_height", "collision", 0.0);
    vs.collision.muUser = s.contact.friction;
    vs.collision.epsilon = s.contact.restitution;
    vs.collision.validate();
    if (doc.contains("run_out")) {
        const json& r = doc["run_out"];
        if (!r.is_object()) throw InputError("run_out", "must be a JSON object");
        vs.runOut.dragFactor = readOptionalNumber(r, "drag_factor", "run_out", vs.runOut.dragFactor);
        if (!(vs.runOut.dragFactor > 0.0)) throw InputError("run_out.drag_factor", "must be > 0");
    }
    vs.approachTime = readOptionalNumber(doc, "approach_time", "", vs.approachTime);
    if (vs.approachTime < 0.0 || vs.approachTime > limits::kMaxEndTime)
        throw InputError("approach_time", "must be in [0, " + std::to_string(static_cast<int>(limits::kMaxEndTime)) + "] s");
    s.gravity = Vec3(0, 0, -vs.runOut.gravity);
    s.planes.push_back({"ground", Vec3::Zero(), Vec3::UnitZ(), Vec3::Zero(), 0.0});
    // The barrier is a surface vehicle 1 hits: the contact plane through the
    // impact point, its free side along n (towards vehicle 1), standing on
    // the ground. Without it the 3D view had nothing to draw for the barrier.
    if (barrier) {
        const Vec2 n = vs.collision.calcNormal();
        const Vec2& p = vs.collision.impactPoint;
        s.planes.push_back({"barrier", Vec3(p.x(), p.y(), kBarrierHalfSize), Vec3(n.x(), n.y(), 0.0), Vec3::Zero(),
                            kBarrierHalfSize});
    }
    s.parameters = parseSceneParameters(doc);
    return s;
}

}  // namespace impactlab
