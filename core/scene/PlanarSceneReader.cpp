#include "scene/PlanarSceneReader.h"

#include <algorithm>
#include <cmath>

#include "io/JsonInput.h"
#include "mechanics/planar/PlanarContactGeometry.h"
#include "mechanics/planar/PlanarModels.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

using nlohmann::json;

// Rods drawn without a given thickness: 1/40 of their length.
constexpr double kDefaultThicknessRatio = 1.0 / 40.0;
// A wall velocity may have this much normal component (relative to its
// speed) and still count as sliding along the wall.
constexpr double kWallSlideRelTol = 1e-9;
// |normal| below this is no direction.
constexpr double kMinNormalLength = 1e-12;

double readPositive(const json& object, const std::string& key, const std::string& field) {
    const std::string f = joinField(field, key);
    const double x = readNumber(getMember(object, key, field), f);
    if (!(x > 0.0)) throw InputError(f, "must be > 0, got " + formatNumber(x));
    return x;
}

// One body of a planar system: the mechanics, the initial pose and what is drawn.
struct BodyInput {
    PlanarBody body;
    PlanarPose pose;
    SceneBody visual;
};

// Pinned bodies (the pendulum) have no position or velocity of their own.
BodyInput readBody(const json& j, const std::string& field, bool pinned) {
    std::vector<std::string> known = {"name", "shape", "mass", "inertia", "theta", "omega", "color"};
    if (!pinned) known.insert(known.end(), {"position", "velocity"});
    rejectUnknownKeys(j, known, field);
    BodyInput in;
    PlanarBody& b = in.body;
    b.name = j.contains("name") ? readString(j["name"], joinField(field, "name")) : field;
    b.mass = readPositive(j, "mass", field);

    const std::string shapeField = joinField(field, "shape");
    const json& shape = getMember(j, "shape", field);
    const std::string type = readString(getMember(shape, "type", shapeField), joinField(shapeField, "type"));
    Shape& s = in.visual.shape;
    if (type == "rod") {
        rejectUnknownKeys(shape, {"type", "length", "thickness"}, shapeField);
        b.geometry.kind = PlanarGeometry::Kind::Rod;
        b.geometry.length = readPositive(shape, "length", shapeField);
        s.type = Shape::Type::Rod;
        s.length = b.geometry.length;
        s.thickness = shape.contains("thickness") ? readPositive(shape, "thickness", shapeField)
                                                  : kDefaultThicknessRatio * s.length;
        s.radius = 0.5 * s.thickness;
        s.halfExtents = Vec3(0.5 * s.length, 0.5 * s.thickness, 0.5 * s.thickness);
        b.inertia = b.mass * s.length * s.length / 12.0;   // thin rod (sec. 3.1)
    } else if (type == "sphere") {
        rejectUnknownKeys(shape, {"type", "radius"}, shapeField);
        b.geometry.kind = PlanarGeometry::Kind::Disc;
        b.geometry.radius = readPositive(shape, "radius", shapeField);
        s.type = Shape::Type::Sphere;
        s.radius = b.geometry.radius;
        s.halfExtents = Vec3::Constant(s.radius);
        b.inertia = 0.4 * b.mass * s.radius * s.radius;    // solid ball (B2.9)
    } else {
        throw InputError(joinField(shapeField, "type"), "must be \"rod\" or \"sphere\" in a planar scene");
    }
    if (j.contains("inertia")) b.inertia = readPositive(j, "inertia", field);
    // The 3D image's moment about a rod's axis: a solid cylinder of the drawn
    // thickness, capped at J so the principal moments stay physical.
    b.axialInertia = s.type == Shape::Type::Rod ? std::min(b.mass * s.thickness * s.thickness / 8.0, b.inertia)
                                                : b.inertia;

    in.pose.theta = readOptionalNumber(j, "theta", field, 0.0);
    in.pose.omega = readOptionalNumber(j, "omega", field, 0.0);
    in.pose.position = readOptionalVec2(j, "position", field, Vec2::Zero());
    in.pose.velocity = readOptionalVec2(j, "velocity", field, Vec2::Zero());

    in.visual.name = b.name;
    if (j.contains("color")) {
        in.visual.color = readVec3(j["color"], joinField(field, "color"));
        if ((in.visual.color.array() < 0.0).any() || (in.visual.color.array() > 1.0).any())
            throw InputError(joinField(field, "color"), "components must be in [0, 1]");
    }
    return in;
}

BodyInput readRodBody(const json& system, const std::string& field, bool pinned) {
    const BodyInput in = readBody(getMember(system, "body", field), joinField(field, "body"), pinned);
    if (in.body.geometry.kind != PlanarGeometry::Kind::Rod)
        throw InputError(joinField(field, "body.shape.type"), "must be \"rod\" for this system");
    return in;
}

struct WallInput {
    PlanarWall wall;
    double size = 0.0;
};

WallInput readWall(const json& j, const std::string& field) {
    rejectUnknownKeys(j, {"name", "point", "normal", "velocity", "size"}, field);
    WallInput in;
    PlanarWall& w = in.wall;
    w.name = j.contains("name") ? readString(j["name"], joinField(field, "name")) : field;
    w.point = readOptionalVec2(j, "point", field, Vec2::Zero());
    const Vec2 n = readVec2(getMember(j, "normal", field), joinField(field, "normal"));
    if (!(n.norm() > kMinNormalLength)) throw InputError(joinField(field, "normal"), "must be a non-zero vector");
    w.normal = n.normalized();
    w.velocity = readOptionalVec2(j, "velocity", field, Vec2::Zero());
    if (std::abs(w.velocity.dot(w.normal)) > kWallSlideRelTol * w.velocity.norm())
        throw InputError(joinField(field, "velocity"), "must be along the wall (walls may slide, not advance)");
    in.size = readOptionalNumber(j, "size", field, 0.0);
    if (in.size < 0.0) throw InputError(joinField(field, "size"), "must be >= 0, got " + formatNumber(in.size));
    return in;
}

std::vector<WallInput> readWalls(const json& system, const std::string& field, std::vector<WallInput> fallback) {
    const json* walls = findMember(system, "walls");
    if (!walls) return fallback;
    const std::string f = joinField(field, "walls");
    if (!walls->is_array()) throw InputError(f, "must be an array of walls");
    std::vector<WallInput> out;
    for (std::size_t i = 0; i < walls->size(); ++i) out.push_back(readWall((*walls)[i], indexField(f, i)));
    return out;
}

WallInput makeWallInput(const PlanarWall& w) { return {w, 0.0}; }

// Everything parsed, before it is checked as a whole and copied into the scene.
struct SystemInput {
    std::string type;
    std::vector<BodyInput> bodies;
    std::vector<std::string> fields;
    std::vector<WallInput> walls;
    PlanarSystem system;
};

SystemInput readSystem(const json& system, const std::string& field, const Vec2& gravity) {
    SystemInput in;
    in.type = readString(getMember(system, "type", field), joinField(field, "type"));
    if (in.type == "bar") {
        rejectUnknownKeys(system, {"type", "body", "walls"}, field);
        in.bodies = {readRodBody(system, field, false)};
        in.fields = {joinField(field, "body")};
        in.walls = readWalls(system, field, {makeWallInput(makeGround())});
        std::vector<PlanarWall> walls;
        for (const WallInput& w : in.walls) walls.push_back(w.wall);
        in.system = makeBarSystem(in.bodies[0].body, gravity, walls);
    } else if (in.type == "pendulum") {
        rejectUnknownKeys(system, {"type", "body", "contact_angle", "surface_velocity"}, field);
        in.bodies = {readRodBody(system, field, true)};
        in.fields = {joinField(field, "body")};
        const std::string angleField = joinField(field, "contact_angle");
        const double theta0 = readNumber(getMember(system, "contact_angle", field), angleField);
        if (!(theta0 > 0.0 && theta0 < 0.5 * kPi))
            throw InputError(angleField, "must be in (0, pi/2), got " + formatNumber(theta0));
        const double v = readOptionalNumber(system, "surface_velocity", field, 0.0);
        in.system = makePendulumSystem(in.bodies[0].body, theta0, v, gravity);
        for (const PlanarWall& w : in.system.walls) in.walls.push_back(makeWallInput(w));
        // The body's theta is the swing angle of Fig. 2.6; the coordinate is the rod's axis.
        in.bodies[0].pose.theta = calcPendulumBodyAngle(in.bodies[0].pose.theta);
    } else if (in.type == "ball-between-walls") {
        rejectUnknownKeys(system, {"type", "body", "height"}, field);
        in.bodies = {readBody(getMember(system, "body", field), joinField(field, "body"), false)};
        in.fields = {joinField(field, "body")};
        if (in.bodies[0].body.geometry.kind != PlanarGeometry::Kind::Disc)
            throw InputError(joinField(field, "body.shape.type"), "must be \"sphere\" for this system");
        const double h = readPositive(system, "height", field);
        if (!(h > 2.0 * in.bodies[0].body.geometry.radius))
            throw InputError(joinField(field, "height"), "must exceed the ball's diameter, got " + formatNumber(h));
        in.system = makeBallBetweenWallsSystem(in.bodies[0].body, h, gravity);
        for (const PlanarWall& w : in.system.walls) in.walls.push_back(makeWallInput(w));
    } else if (in.type == "two-bodies") {
        rejectUnknownKeys(system, {"type", "bodies", "walls"}, field);
        const std::string f = joinField(field, "bodies");
        const json& bodies = getMember(system, "bodies", field);
        if (!bodies.is_array() || bodies.size() != 2) throw InputError(f, "must be an array of 2 bodies");
        for (std::size_t i = 0; i < 2; ++i) {
            in.bodies.push_back(readBody(bodies[i], indexField(f, i), false));
            in.fields.push_back(indexField(f, i));
        }
        // Names label contacts and time histories ("a.x"): they must tell the bodies apart.
        if (in.bodies[0].body.name == in.bodies[1].body.name)
            throw InputError(joinField(indexField(f, 1), "name"), "must differ from the other body's name");
        in.walls = readWalls(system, field, {});
        in.system.gravity = gravity;
        for (const BodyInput& b : in.bodies) in.system.bodies.push_back(b.body);
        for (const WallInput& w : in.walls) in.system.walls.push_back(w.wall);
    } else {
        throw InputError(joinField(field, "type"),
                         "must be \"bar\", \"pendulum\", \"ball-between-walls\" or \"two-bodies\"");
    }
    return in;
}

// A body may not start inside a wall or another body (rod ends crossing a
// rod's line are two-sided and cannot start "inside").
void checkStartingGaps(const SystemInput& in, const PlanarState& initial) {
    for (const PlanarContactCandidate& c : listContactCandidates(in.system)) {
        if (c.isTwoSided()) continue;
        const PlanarGap g = calcGap(in.system, initial, c);
        if (g.gap >= -kPlanarStartOverlapTol) continue;
        const bool pinned = in.system.bodies[c.body1].pinned;
        const std::string other = c.body2 >= 0 ? in.system.bodies[c.body2].name : in.system.walls[c.wall].name;
        throw InputError(joinField(in.fields[c.body1], pinned ? "theta" : "position"),
                         "starts " + formatNumber(-g.gap) + " m inside " + other + " (" + c.name + ")");
    }
}

}  // namespace

PlanarScene readPlanarScene(const json& doc) {
    PlanarScene scene{readSharedScene(doc, PlanarScene::kKind), {}};
    for (const char* key : {"bodies", "ground"})
        if (doc.contains(key))
            throw InputError(key, "is not used by planar scenes (\"system\" defines the bodies and walls)");
    const Vec2 gravity = readOptionalVec2(doc, "gravity", "", Vec2(0.0, -9.81));
    const SystemInput in = readSystem(getMember(doc, "system", ""), "system", gravity);

    PlanarSetup& planar = scene.planar;
    planar.type = in.type;
    planar.system = in.system;
    planar.fields = in.fields;
    std::vector<PlanarPose> poses;
    for (const BodyInput& b : in.bodies) poses.push_back(b.pose);
    planar.initial = planar.system.makeState(poses);
    checkStartingGaps(in, planar.initial);

    scene.gravity = toWorld3(gravity);
    for (int i = 0; i < static_cast<int>(in.bodies.size()); ++i) {
        SceneBody b = in.bodies[i].visual;
        b.body = planar.system.makeRigidBody(planar.initial, i);
        scene.bodies.push_back(b);
        if (planar.system.bodies[i].pinned) scene.pivots.push_back(toWorld3(planar.system.bodies[i].pivot));
    }
    scene.groundHeight = 0.0;
    bool floorFound = false;
    for (const WallInput& w : in.walls) {
        scene.planes.push_back({w.wall.name, toWorld3(w.wall.point), toWorld3(w.wall.normal),
                                toWorld3(w.wall.velocity), w.size});
        if (!floorFound && w.wall.normal.isApprox(Vec2::UnitY())) {
            scene.groundHeight = w.wall.point.y();
            floorFound = true;
        }
    }
    scene.parameters = parseSceneParameters(doc);
    return scene;
}

}  // namespace impactlab
